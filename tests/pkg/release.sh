#!/bin/bash
# release.sh: a release from a git tag (make release TAG=v0.1.0).
#
#   tests/pkg/release.sh TAG [OUTDIR]
#
# Checks that the tag, configure.ac, debian/changelog and the first entry
# of NEWS at that tag all name the same version (and that NEWS no longer
# says "unreleased"); then, in clean copies of the tag (git archive):
#
#   1. autoreconf, configure, make distcheck: congo-X.Y.Z.tar.gz, which
#      distcheck has built, tested, installed and uninstalled (signed off);
#      its SHA256SUMS, and a detached signature (.asc) when
#      RELEASE_GPG_KEY names a gpg key;
#   2. tests/pkg/test_packages.sh with CONGO_PKG_BUILD_ONLY: the source
#      package and the .debs (dpkg-buildpackage, make check inside), lintian
#      clean. Sign the .changes with debsign when they are to be uploaded.
#
# Everything lands in OUTDIR (default ./release-TAG). The steps before:
# NEWS's entry dated, the version in configure.ac and debian/changelog
# (dch -v X.Y.Z), committed, git tag -s vX.Y.Z.
set -eu -o pipefail

tag=${1:-}
[ -n "$tag" ] || { echo "usage: $0 TAG [OUTDIR] (make release TAG=v0.1.0)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${2:-$PWD/release-$tag}
die() { echo "release: $*" >&2; exit 1; }

git -C "$root" rev-parse --git-dir > /dev/null 2>&1 ||
    die "$root is not a git checkout: a release is made from a tag"
git -C "$root" rev-parse -q --verify "$tag^{commit}" > /dev/null ||
    die "no tag $tag"

ver=${tag#v}
ac=$(git -C "$root" show "$tag:configure.ac" |
    sed -n 's/^AC_INIT(\[congo\], \[\([^]]*\)\].*/\1/p')
deb=$(git -C "$root" show "$tag:debian/changelog" |
    dpkg-parsechangelog -l - -S Version)
news=$(git -C "$root" show "$tag:NEWS" | sed -n '1p')
[ "$ac" = "$ver" ] || die "configure.ac at $tag says $ac, the tag $ver"
[ "$deb" = "$ver" ] || die "debian/changelog at $tag says $deb, the tag $ver"
case $news in
"Congo $ver "* | "Congo $ver") ;;
*) die "NEWS at $tag starts with '$news', not the entry of Congo $ver" ;;
esac
case $news in
*unreleased*) die "NEWS at $tag still says '$news': date the entry" ;;
esac

mkdir -p "$out"
work=$(mktemp -d "${TMPDIR:-/tmp}/congo-release.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "== $tag: make distcheck in a clean copy"
mkdir "$work/src"
git -C "$root" archive "$tag" | tar -x -C "$work/src"
(cd "$work/src" && autoreconf -fi && ./configure && make -j2 distcheck) \
    > "$work/distcheck.log" 2>&1 || { tail -n 80 "$work/distcheck.log"; die "make distcheck failed"; }
tarball=congo-$ver.tar.gz
cp "$work/src/$tarball" "$out/"
(cd "$out" && sha256sum "$tarball" > SHA256SUMS)
if [ -n "${RELEASE_GPG_KEY:-}" ]; then
	gpg --local-user "$RELEASE_GPG_KEY" --armor --detach-sign \
	    --output "$out/$tarball.asc" "$out/$tarball"
fi

echo "== $tag: the Debian packages (tests/pkg/test_packages.sh, build only)"
CONGO_PKG_REF=$tag CONGO_PKG_OUT=$out CONGO_PKG_BUILD_ONLY=1 \
    bash "$here/test_packages.sh"
(cd "$out" && sha256sum ./*.deb ./*.dsc ./*.tar.xz | sed 's| \./| |' >> SHA256SUMS)

echo "== $tag: released in $out"
ls -l "$out"
