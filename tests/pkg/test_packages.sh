#!/bin/bash
# test_packages.sh: the Debian packages, end to end (issue 27).
#
# A clean copy of the project's git tree (git archive of HEAD, or of
# CONGO_PKG_REF), away from ../shared, is built on a clean machine (a
# minimal Debian made by debootstrap, entered with chroot) with
# build-essential and the build dependencies of debian/control only:
# dpkg-buildpackage -us -uc, the source and the four binary packages
# (congo, congo-server, congo-common with the translations both use, and
# congo-data with the game's data and endgame tables), make
# check in dh_auto_test (the tmux and PostgreSQL tests must skip: neither
# is a build dependency). lintian on the .changes (the .dsc and the .debs:
# an error or a warning fails). The game's package on another copy of the
# clean machine: apt install, congo --version, man -w congo, congo --learn
# and --puzzle in tmux, congo --help in German. Then
# the packages installed here with apt: the same checks, the conffiles,
# congo-server --help in German (its translations come with it);
# the server's unit checked with systemd-analyze verify and started (with
# systemctl where systemd runs, else its ExecStart and ExecStartPost by
# hand as an unprivileged user, under strace: its system calls checked
# against the unit's SystemCallFilter), a game played on it by a small
# CGP/1 client and one by congo --connect, SIGTERM (exit 0), a second
# start without --create that finds the game, a lost database refused;
# then apt-get remove leaves nothing but the conffiles and the database,
# and purge leaves nothing.
#
# Run by CI as a stage of its own (not by make check): it installs what it
# needs with apt-get, and installs, removes and purges the packages congo,
# congo-server, congo-common and congo-data on this machine (as root, or
# with sudo).
#
#   tests/pkg/test_packages.sh            all of the above
#   CONGO_PKG_REF=v0.1.0 ...              package that tag instead of HEAD
#   CONGO_PKG_OUT=DIR ...                 keep the built files in DIR
#   CONGO_PKG_BUILD_ONLY=1 ...            build and lintian only (make
#                                         release): nothing installed
#   CONGO_PKG_DEBS=DIR ...                no build: the packages in DIR
#   CONGO_PKG_NO_CHROOT=1 ...             no clean machine: build here
#                                         (tmux and PostgreSQL hidden)
#
# Exit status: 0 pass, 1 fail, 77 skipped (not a git checkout, or not
# Debian).
set -eu -o pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
# The binary packages (debian/control), the dbgsym ones aside.
pkgs="congo congo-server congo-common congo-data"
ref=${CONGO_PKG_REF:-HEAD}
t0=$SECONDS

note() { printf '\n== %s (%d s)\n' "$*" "$((SECONDS - t0))"; }
fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
skip() { printf 'SKIP: %s\n' "$*"; exit 77; }

[ -d "$root/.git" ] || git -C "$root" rev-parse --git-dir > /dev/null 2>&1 ||
    skip "not a git checkout: the packages are built from git (debian/)"
command -v apt-get > /dev/null || skip "no apt-get: not Debian"

sudo=
[ "$(id -u)" = 0 ] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive
PATH=$PATH:/usr/games:/usr/sbin:/sbin
# CI asks for the conformance data beside the project; the clean copy has
# none, and its test must skip.
unset CONGO_CONFORMANCE

work=$(mktemp -d "${TMPDIR:-/tmp}/congo-pkg.XXXXXX")
server_pid=
launcher=
tmux_n=0
tmux_sock=congo-pkg-$$-0
cleanup() {
	st=$?
	[ -z "$server_pid" ] || $sudo kill "$server_pid" 2> /dev/null || true
	for s in $(seq 0 "$tmux_n"); do
		tmux -L "congo-pkg-$$-$s" kill-server 2> /dev/null || true
	done
	if [ "$st" != 0 ] && [ "$st" != 77 ]; then
		for f in "$work"/*.log; do
			[ -f "$f" ] || continue
			printf '\n---- %s (the last 60 lines)\n' "$f"
			tail -n 60 "$f"
		done
	fi
	$sudo rm -rf "$work"
	exit "$st"
}
trap cleanup EXIT

# until SECONDS COMMAND...: poll COMMAND until it succeeds, for at most
# SECONDS; status 1 when the time is up.
until_ok() {
	local deadline=$((SECONDS + $1))
	shift
	until "$@"; do
		[ "$SECONDS" -lt "$deadline" ] || return 1
		sleep 0.1
	done
}

# ---------------------------------------------------------------- build
note "tools: dpkg-dev debhelper lintian man-db tmux debootstrap (apt-get)"
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends dpkg-dev debhelper \
    lintian man-db tmux git procps util-linux strace debootstrap \
    > "$work/apt-tools.log"

# The clean machines: a minimal Debian of this machine's release
# (debootstrap, from the mirror apt uses here), once; each use a copy of
# it, entered with chroot in a mount namespace of its own (/proc, /dev).
# CONGO_PKG_NO_CHROOT=1, or no mount namespace: this machine only.
use_chroot=true
if [ -n "${CONGO_PKG_NO_CHROOT:-}" ]; then
	use_chroot=false
elif ! $sudo unshare -m true 2> /dev/null; then
	echo "no mount namespace here: no clean machine, this one only"
	use_chroot=false
fi
make_base() {
	local suite mirror
	suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
	# shellcheck disable=SC2016
	mirror=$(apt-get indextargets --format '$(REPO_URI) $(RELEASE)' |
	    awk -v s="$suite" '$2 == s { print $1; exit }')
	[ -n "$mirror" ] || fail "no apt source for $suite here"
	note "a clean machine: debootstrap --variant=minbase $suite"
	$sudo debootstrap --variant=minbase "$suite" "$work/base" "$mirror" \
	    > "$work/debootstrap.log" 2>&1 || fail "debootstrap failed"
	$sudo cp /etc/resolv.conf "$work/base/etc/"
	printf '127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n' |
	    $sudo tee "$work/base/etc/hosts" > /dev/null
}
in_chroot() {	# DIR SCRIPT: sh SCRIPT (a path inside DIR) in chroot DIR
	local st=0 p
	# shellcheck disable=SC2016
	$sudo unshare -m sh -c 'cr=$1 script=$2
		mount -t proc proc "$cr/proc" && mount --rbind /dev "$cr/dev" &&
		exec chroot "$cr" sh "$script"' sh "$1" "$2" || st=$?
	# What the script left running there (a failed test's tmux) goes.
	for p in /proc/[0-9]*; do
		[ "$($sudo readlink "$p/root" 2> /dev/null)" = "$1" ] &&
		    $sudo kill "${p#/proc/}" 2> /dev/null
	done
	return "$st"
}

if [ -n "${CONGO_PKG_DEBS:-}" ]; then
	# Packages built before (CONGO_PKG_OUT of an earlier run): the
	# install half only, to work on it.
	note "the packages of $CONGO_PKG_DEBS (no build, no lintian)"
	ver=$(dpkg-deb -f "$(ls "$CONGO_PKG_DEBS"/congo_*.deb | head -n 1)" Version)
	out=$work/src
	mkdir -p "$out"
	for p in $pkgs; do cp "$CONGO_PKG_DEBS/${p}_"*.deb "$out/"; done
	! $use_chroot || make_base
else
	note "a clean copy of $ref (git archive)"
	ver=$(git -C "$root" show "$ref:debian/changelog" |
	    dpkg-parsechangelog -l - -S Version)
	out=$work/src
	src=$out/congo-$ver
	mkdir -p "$src"
	git -C "$root" archive "$ref" | tar -x -C "$src"
	# The conformance data beside the project is not beside the copy: its
	# test reports itself skipped.
	[ ! -e "$out/../shared" ] || fail "$out/../shared exists"

	b0=$SECONDS
	if $use_chroot; then
		# A build machine as a build daemon has it: build-essential and
		# the build dependencies of debian/control, nothing else (so
		# no tmux, no PostgreSQL: their tests must skip).
		make_base
		note "dpkg-buildpackage -us -uc on the clean machine (apt-get build-dep; make check in dh_auto_test)"
		$sudo cp -a "$work/base" "$work/buildroot"
		$sudo mkdir "$work/buildroot/build"
		$sudo cp -a "$src" "$work/buildroot/build/"
		{
			printf 'export DEB_BUILD_OPTIONS=%q\n' \
			    "parallel=2 ${DEB_BUILD_OPTIONS:-}"
			cat <<-'EOF'
			set -eu
			export DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 HOME=/root
			export PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin
			apt-get update -qq
			apt-get install -y -qq --no-install-recommends build-essential \
			    > /build/apt.log 2>&1 || { tail -n 30 /build/apt.log; exit 1; }
			cd /build/congo-*/
			apt-get build-dep -y -qq ./ >> /build/apt.log 2>&1 ||
			    { tail -n 30 /build/apt.log; exit 1; }
			echo "the build dependencies of debian/control installed"
			exec dpkg-buildpackage -us -uc
			EOF
		} > "$work/build-inside.sh"
		$sudo cp "$work/build-inside.sh" "$work/buildroot/build/inside.sh"
		in_chroot "$work/buildroot" /build/inside.sh > "$work/build.log" 2>&1 ||
		    fail "dpkg-buildpackage failed (build.log below)"
		$sudo cp "$work/buildroot/build/"congo*_* "$out/"
		$sudo rm -rf "$work/buildroot"
	else
		note "build dependencies (apt-get build-dep)"
		(cd "$src" && $sudo apt-get build-dep -y -qq ./) > "$work/apt-builddep.log"
		# tmux and PostgreSQL are no build dependencies: hidden in a
		# mount namespace when one can be made, as on a build machine.
		minimal=
		if [ "$(id -u)" = 0 ] && unshare -m true 2> /dev/null; then
			mkdir "$work/empty"
			cat > "$work/minimal.sh" <<-EOF
			set -e
			t=\$(command -v tmux || true)
			[ -z "\$t" ] || mount --bind /dev/null "\$t"
			[ ! -d /usr/lib/postgresql ] ||
			    mount --bind "$work/empty" /usr/lib/postgresql
			exec "\$@"
			EOF
			minimal="unshare -m sh $work/minimal.sh"
		fi
		note "dpkg-buildpackage -us -uc here (make check in dh_auto_test)"
		# shellcheck disable=SC2086
		(cd "$src" && DEB_BUILD_OPTIONS="parallel=2 ${DEB_BUILD_OPTIONS:-}" \
		    $minimal dpkg-buildpackage -us -uc) > "$work/build.log" 2>&1 ||
		    fail "dpkg-buildpackage failed (build.log below)"
	fi
	grep -E '^# (TOTAL|PASS|SKIP|FAIL|ERROR|XFAIL|XPASS):' "$work/build.log" ||
	    fail "no test summary in the build: dh_auto_test did not run make check"
	grep -E '^SKIP: ' "$work/build.log" || true
	if $use_chroot || [ -n "${minimal:-}" ]; then
		grep -q '^SKIP: tests/test_ui_e2e.sh' "$work/build.log" &&
		    grep -q '^SKIP: tests/test_net_pg.sh' "$work/build.log" ||
		    fail "the tmux and PostgreSQL tests did not skip without them"
	fi
	printf 'built in %d s\n' "$((SECONDS - b0))"
	changes=$out/congo_${ver}_$(dpkg --print-architecture).changes
	[ -f "$changes" ] || fail "no $changes"
	ls -l "$out"/*.deb "$out"/*.dsc "$out"/*.tar.*

	note "lintian (the .dsc and the .debs): no error, no warning"
	lintian --info --display-info --fail-on error,warning "$changes" \
	    2>&1 | { grep -v '^running with root privileges' || true; } |
	    tee "$work/lintian.txt" ||
	    fail "lintian found errors or warnings (above)"
	[ -s "$work/lintian.txt" ] || echo "(lintian: nothing to say)"

	printf '\npackage sizes (bytes; Installed-Size in KiB):\n'
	for deb in "$out"/*.deb; do
		printf '  %-40s %8d  installed %s KiB\n' "${deb##*/}" \
		    "$(stat -c %s "$deb")" "$(dpkg-deb -f "$deb" Installed-Size)"
	done

	if [ -n "${CONGO_PKG_OUT:-}" ]; then
		mkdir -p "$CONGO_PKG_OUT"
		cp "$out"/*.deb "$out"/*.dsc "$out"/*.tar.* "$out"/*.changes \
		    "$out"/*.buildinfo "$CONGO_PKG_OUT"/
		echo "the packages are in $CONGO_PKG_OUT"
	fi
	if [ -n "${CONGO_PKG_BUILD_ONLY:-}" ]; then
		note "built and checked (CONGO_PKG_BUILD_ONLY): nothing installed"
		exit 0
	fi
fi

# The game's package depends on none of the server's libraries (congo
# --host runs congo-server, which it recommends; issue 35).
deps=$(dpkg-deb -f "$out"/congo_*.deb Depends)
echo "congo: Depends: $deps"
echo "$deps" | grep -Eq 'libpq|libmicrohttpd|libsqlite3' &&
    fail "the congo package depends on a server's library"
dpkg-deb -f "$out"/congo_*.deb Recommends | grep -q congo-server ||
    fail "the congo package does not recommend congo-server"
# The translations (/usr/share/locale) are in congo-common, Architecture:
# all, on which both programs depend: congo-server installed alone speaks
# the language its --help does (issue 38).
for p in congo congo-server; do
	dpkg-deb -f "$out/${p}_"*.deb Depends | grep -q 'congo-common (= ' ||
	    fail "$p does not depend on congo-common (= its version)"
	# (grep reads it all: no SIGPIPE for pipefail to see)
	dpkg-deb -c "$out/${p}_"*.deb | grep '/usr/share/locale/' > /dev/null &&
	    fail "$p ships translations (congo-common's)"
done
[ "$(dpkg-deb -f "$out"/congo-common_*.deb Architecture)" = all ] ||
    fail "congo-common is not Architecture: all"
for l in nl de fr; do
	dpkg-deb -c "$out"/congo-common_*.deb |
	    grep "/usr/share/locale/$l/LC_MESSAGES/congo.mo\$" > /dev/null ||
	    fail "congo-common lacks the $l catalogue"
done
# The game's data (/usr/share/congo, 25 MB with the endgame tables) are
# the same on every architecture: in congo-data, Architecture: all, on
# which congo depends; not in congo (lintian's
# arch-dep-package-has-big-usr-share).
dpkg-deb -f "$out"/congo_*.deb Depends | grep -q 'congo-data (= ' ||
    fail "congo does not depend on congo-data (= its version)"
[ "$(dpkg-deb -f "$out"/congo-data_*.deb Architecture)" = all ] ||
    fail "congo-data is not Architecture: all"
dpkg-deb -c "$out"/congo_*.deb | grep '/usr/share/congo/' > /dev/null &&
    fail "congo ships /usr/share/congo (congo-data's)"
for f in lessons.txt lessons.nl.txt lessons.de.txt lessons.fr.txt \
    puzzles.tsv congo.nnue megapawn.nnue \
    book-congo.txt book-megapawn.txt \
    tb/congo/LZvL.ctb tb/megapawn/LPvLP.ctb; do
	dpkg-deb -c "$out"/congo-data_*.deb |
	    grep "/usr/share/congo/$f\$" > /dev/null ||
	    fail "congo-data lacks /usr/share/congo/$f"
done

# The packages alone, the build tree gone: what is installed must not
# lean on it.
mkdir "$work/debs"
for p in $pkgs; do mv "$out/${p}_"*.deb "$work/debs/"; done
$sudo rm -rf "$out"

# ------------------------------------------ a machine that never built it
# The game's package on a copy of the clean machine: installed with apt,
# and played.
if $use_chroot; then
	note "the game on a clean machine: apt install ./congo_*.deb (and congo-common, congo-data)"
	cr=$work/base
	$sudo cp "$work/debs"/congo_*.deb "$work/debs"/congo-common_*.deb \
	    "$work/debs"/congo-data_*.deb "$cr/tmp/"
	cat > "$work/inside.sh" <<'EOF'
set -eu
export DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 TERM=xterm HOME=/root
export PATH=/usr/local/bin:/usr/bin:/bin:/usr/games:/usr/sbin:/sbin
apt-get update -qq
apt-get install -y -qq --no-install-recommends /tmp/congo_*.deb \
    /tmp/congo-common_*.deb /tmp/congo-data_*.deb tmux man-db \
    > /tmp/apt.log 2>&1 || { tail -n 30 /tmp/apt.log; exit 1; }
echo "installed: $(dpkg-query -W -f='${Package} ${Version}' congo)"
congo --version
man -w congo
LANGUAGE=de congo --help 2>&1 | grep '^Aufruf: congo' > /dev/null ||
    { echo "congo --help is not German with LANGUAGE=de"; exit 1; }
seen() {	# REGEX: on the screen within 15 s
	end=$(($(date +%s) + 15))
	until tmux -L "$sock" capture-pane -p -t f | grep -Eq -- "$1"; do
		if [ "$(date +%s)" -gt "$end" ]; then
			tmux -L "$sock" capture-pane -p -t f
			echo "not on the screen: /$1/"
			tmux -L "$sock" kill-server
			exit 1
		fi
		sleep 0.1
	done
}
sock=learn
tmux -L $sock -f /dev/null new-session -d -s f -x 100 -y 36 "congo --learn; sleep 600"
seen 'The lion and its castle'
tmux -L $sock kill-server
sock=puzzle
tmux -L $sock -f /dev/null new-session -d -s f -x 100 -y 36 "congo --puzzle; sleep 600"
seen 'Puzzle [0-9]+ of [0-9]+'
seen '(White|Black) to move'
tmux -L $sock capture-pane -p -t f | sed -n '1,14p'
tmux -L $sock kill-server
echo "congo --learn and congo --puzzle work on a machine that never built congo"
EOF
	$sudo cp "$work/inside.sh" "$cr/tmp/inside.sh"
	in_chroot "$cr" /tmp/inside.sh ||
	    fail "the game does not work on a clean machine"
	$sudo rm -rf "$cr"
fi

# -------------------------------------------------------------- install
for p in $pkgs; do
	if dpkg-query -W -f='${Status}' "$p" 2> /dev/null |
	    grep -Eq 'installed|config-files'; then
		note "$p was installed here before: purged first"
		$sudo apt-get purge -y -qq "$p" > /dev/null
	fi
done

note "apt-get install the four packages ($pkgs)"
(cd "$work/debs" && $sudo apt-get install -y -qq ./*.deb) \
    > "$work/apt-install.log" 2>&1 ||
    fail "apt-get install failed"

# The player's view: a bare environment, nothing of the build's.
player() {
	env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/games \
	    HOME="$work/home" TERM=xterm LANG=C.UTF-8 USER=player "$@"
}
mkdir -p "$work/home"

note "congo --version, man -w"
v=$(player congo --version)
echo "$v"
[ "$v" = "congo $ver" ] || fail "congo --version: '$v', not 'congo $ver'"
[ "$(command -v congo)" = /usr/games/congo ] || fail "congo not in /usr/games"
for page in congo congo.conf congo-server; do
	m=$(player man -w "$page") || fail "man -w $page"
	echo "man -w $page: $m"
done
[ "$(player man -w congo)" = /usr/share/man/man6/congo.6.gz ] ||
    fail "congo(6) not in /usr/share/man/man6"
player congo-server --version
player env LANGUAGE=de congo-server --help 2>&1 |
    grep '^Aufruf: congo-server' > /dev/null ||
    fail "congo-server --help is not German with LANGUAGE=de"
dpkg-query -W -f='${Conffiles}\n' congo | grep -q '^ /etc/congo/congo.conf ' ||
    fail "/etc/congo/congo.conf is not a conffile of congo"
dpkg-query -W -f='${Conffiles}\n' congo-server |
    grep -q '^ /etc/default/congo-server ' ||
    fail "/etc/default/congo-server is not a conffile of congo-server"
# Nothing of the build tree in the programs (the data are looked for in
# /usr/share/congo only), so the packages are the same wherever built.
if grep -qa "$work" /usr/games/congo /usr/games/congo-server; then
	fail "a path of the build tree ($work) in the installed programs"
fi
[ -f /usr/share/congo/puzzles.tsv ] && [ -f /usr/share/congo/lessons.txt ] ||
    fail "no data in /usr/share/congo"
# The endgame tables, made by make install (src/tb/module.am): full
# strength plays the endings from them without the player making them.
n=$(find /usr/share/congo/tb -name '*.ctb' | wc -l)
[ "$n" -eq 128 ] || fail "$n endgame tables in /usr/share/congo/tb, not 128"
probe=$(printf 'position fen 3l3/7/7/7/7/3Z3/3L3 w 0 1\ntbprobe\nquit\n' |
    player congo --engine | grep '^tbprobe')
echo "LZvL, White to move: $probe"
[ "$probe" = "tbprobe win 8" ] ||
    fail "the installed congo does not read /usr/share/congo/tb ($probe)"
grep -q '^Terminal=true' /usr/share/applications/congo.desktop ||
    fail "no terminal menu entry"

# ------------------------------------------------------- the game, tmux
T() { tmux -L "$tmux_sock" -f /dev/null "$@"; }
# new_tmux: the next programs in a tmux server of their own (a session made
# just after kill-server may reach the old server while it exits).
new_tmux() {
	T kill-server 2> /dev/null || true
	tmux_n=$((tmux_n + 1))
	tmux_sock=congo-pkg-$$-$tmux_n
}
screen_has() { T capture-pane -p -t pkg | grep -Eq -- "$1"; }
# play ARGS REGEX...: congo ARGS in a fresh tmux window, each REGEX seen
# on the screen within 15 s.
play() {
	local args=$1 re
	shift
	new_tmux
	player tmux -L "$tmux_sock" -f /dev/null new-session -d -s pkg \
	    -x 100 -y 36 "congo $args; echo congo-exit=\$?; sleep 600"
	for re in "$@"; do
		until_ok 15 screen_has "$re" || {
			T capture-pane -p -t pkg
			fail "congo $args: /$re/ not on the screen"
		}
	done
	T capture-pane -p -t pkg | sed -n '1,20p'
	T kill-server
}
note "congo --learn in tmux"
play --learn 'The lion and its castle'
note "congo --puzzle in tmux (a puzzle on the board)"
play --puzzle 'Puzzle [0-9]+ of [0-9]+' '(White|Black) to move'

# ------------------------------------------------------------- server
unit=/lib/systemd/system/congo-server.service
[ -f "$unit" ] || fail "no $unit"
note "the unit: systemd-analyze verify"
if command -v systemd-analyze > /dev/null; then
	systemd-analyze verify "$unit"
	systemd-analyze security --offline=yes "$unit" 2>&1 | tail -n 1 || true
else
	echo "no systemd-analyze: not verified"
fi
for opt in DynamicUser=yes StateDirectory=congo ProtectSystem=strict \
    NoNewPrivileges=yes Restart=on-failure; do
	grep -qx "$opt" "$unit" || fail "the unit lacks $opt"
done

state=/var/lib/congo
db=$state/congo-server.db
systemd=false
[ -d /run/systemd/system ] && systemd=true
port=
srvlog=$work/server.log

# A little CGP/1 client on bash's /dev/tcp: one connection a file
# descriptor, every line received kept in $work/cgp-FD.log.
cgp_open() {	# FD
	eval "exec $1<>/dev/tcp/127.0.0.1/$port"
	: > "$work/cgp-$1.log"
}
cgp_send() {	# FD LINE
	printf '%s\n' "$2" >&"$1"
	printf '>>> %s\n' "$2" >> "$work/cgp-$1.log"
}
# cgp_expect FD REGEX: read lines until one matches (10 s); it is in
# $line. PINGs are answered; an ERR line that was not expected fails.
cgp_expect() {
	local deadline=$((SECONDS + 10))
	while [ "$SECONDS" -lt "$deadline" ]; do
		IFS= read -r -t 10 line <&"$1" || break
		line=${line%$'\r'}
		printf '%s\n' "$line" >> "$work/cgp-$1.log"
		case $line in
		PING\ *) cgp_send "$1" "PONG ${line#PING }" ;;
		esac
		[[ $line =~ $2 ]] && return 0
		case $line in
		ERR\ *) cat "$work/cgp-$1.log"; fail "CGP/1: $line" ;;
		esac
	done
	cat "$work/cgp-$1.log"
	fail "CGP/1: no line /$2/ on connection $1"
}
cgp_close() {	# FD
	cgp_send "$1" "#q QUIT"
	cgp_expect "$1" '^OK #q'
	eval "exec $1>&-"
}
port_open() { (exec 9<>"/dev/tcp/127.0.0.1/$1") 2> /dev/null; }

# The options of the unit, as systemd would give them.
unit_env() {
	sed -n 's/^EnvironmentFile=-\{0,1\}//p' "$unit"
}
unit_cmd() {	# ExecStartPre, ExecStart or ExecStartPost
	sed -n "s/^$1=//p" "$unit"
}
runas=64123	# a free uid of the DynamicUser range, for the start by hand

server_start() {	# "first" or "again"
	if $systemd; then
		$sudo systemctl start congo-server
		port=7153
		until_ok 20 port_open "$port" ||
		    fail "congo-server.service does not listen on $port"
		$sudo systemctl is-active congo-server
		return
	fi
	# By hand: the unit's environment file and LimitNOFILE, then its
	# ExecStart as an unprivileged user with a state folder of its own,
	# as StateDirectory= makes it; the port is any free one (not 7153,
	# which a developer's server may hold) on loopback. Under strace,
	# to check the system calls against the unit's filter.
	if [ ! -d "$state" ]; then
		$sudo install -d -m 0700 -o "$runas" -g "$runas" "$state"
	fi
	local envf opts nofile trace=
	envf=$(unit_env)
	# shellcheck disable=SC1090
	opts=$(set -a; [ ! -f "$envf" ] || . "$envf"; echo "${CONGO_SERVER_OPTS:-}")
	nofile=$(sed -n 's/^LimitNOFILE=//p' "$unit")
	: > "$srvlog"
	# ExecStartPre: the database brought up to date (none yet on the
	# first start: nothing to do).
	# shellcheck disable=SC2046,SC2086
	$sudo setpriv --reuid="$runas" --regid="$runas" --clear-groups \
	    --no-new-privs env -i PATH=/usr/bin:/bin STATE_DIRECTORY="$state" \
	    CONGO_SERVER_OPTS="$opts --port 0 --bind 127.0.0.1" \
	    $(unit_cmd ExecStartPre) >> "$srvlog" 2>&1 ||
	    { cat "$srvlog"; fail "ExecStartPre failed"; }
	if [ "$1" = again ] && ! grep -q "up to date, nothing to do" "$srvlog"; then
		cat "$srvlog"
		fail "ExecStartPre (--upgrade) did not find the database up to date"
	fi
	if command -v strace > /dev/null; then
		mkdir -p "$work/strace-$1"
		trace="strace -ff -qq -o $work/strace-$1/t"
	fi
	# The unit's command lines are split into words, as systemd does.
	# shellcheck disable=SC2046,SC2086
	$sudo $trace prlimit --nofile="${nofile:-1024}:${nofile:-1024}" -- \
	    setpriv --reuid="$runas" --regid="$runas" --clear-groups \
	    --no-new-privs env -i PATH=/usr/bin:/bin STATE_DIRECTORY="$state" \
	    CONGO_SERVER_OPTS="$opts --port 0 --bind 127.0.0.1" \
	    $(unit_cmd ExecStart) 2>> "$srvlog" &
	launcher=$!
	port_seen() {
		port=$(sed -n 's/.*listening on 127.0.0.1 port \([0-9]*\).*/\1/p' \
		    "$srvlog")
		[ -n "$port" ] || ! kill -0 "$launcher" 2> /dev/null
	}
	until_ok 20 port_seen
	[ -n "$port" ] || { cat "$srvlog"; fail "congo-server did not start"; }
	server_pid=$(pgrep -u "$runas" -x congo-server)
	echo "started: $(ps -o user=,args= -p "$server_pid")"
	# ExecStartPost: the database marked as made.
	# shellcheck disable=SC2046
	$sudo setpriv --reuid="$runas" --regid="$runas" --clear-groups \
	    --no-new-privs env -i PATH=/usr/bin:/bin STATE_DIRECTORY="$state" \
	    $(unit_cmd ExecStartPost) || fail "ExecStartPost failed"
}

server_stop() {
	if $systemd; then
		$sudo systemctl stop congo-server
		[ "$(systemctl show -p ExecMainStatus --value congo-server)" = 0 ] ||
		    fail "congo-server did not exit 0 on SIGTERM"
		systemctl is-failed -q congo-server && fail "the unit failed"
		return 0
	fi
	$sudo kill -TERM "$server_pid"
	local st=0
	wait "$launcher" || st=$?
	server_pid=
	cat "$srvlog"
	[ "$st" = 0 ] || fail "congo-server exited $st on SIGTERM, not 0"
	grep -q 'info: stopped' "$srvlog" || fail "no clean stop in the log"
}

# syscalls_checked DIR: the system calls congo-server made (strace -ff
# files in DIR, from its exec on) are all allowed by the unit's
# SystemCallFilter= lines (allowed sets, then ~ denied sets).
expand_set() {
	local g x
	for g; do
		systemd-analyze syscall-filter "$g" | awk 'NR > 1 && !/^ *#/ && NF { print $1 }' |
		    while read -r x; do
			case $x in
			@*) expand_set "$x" ;;
			*) echo "$x" ;;
			esac
		done
	done
}
syscalls_checked() {
	local f bad
	for f in "$1"/t.*; do
		if grep -q '^execve("/usr/games/congo-server"' "$f"; then
			sed -n '/^execve("\/usr\/games\/congo-server"/,$p' "$f"
		elif ! grep -q '^execve(' "$f"; then
			cat "$f"	# a thread of the server
		fi
	done | sed -n 's/^\([a-z_0-9]*\)(.*/\1/p' | sort -u > "$work/used.txt"
	# shellcheck disable=SC2046
	expand_set $(sed -n 's/^SystemCallFilter=\([^~].*\)/\1/p' "$unit") |
	    sort -u > "$work/allow.txt"
	# shellcheck disable=SC2046
	expand_set $(sed -n 's/^SystemCallFilter=~//p' "$unit") |
	    sort -u > "$work/deny.txt"
	bad=$(comm -23 "$work/used.txt" "$work/allow.txt"; comm -12 "$work/used.txt" "$work/deny.txt")
	echo "$(wc -l < "$work/used.txt") system calls made by congo-server:" \
	    "$(tr '\n' ' ' < "$work/used.txt")"
	[ -z "$bad" ] || fail "the unit's SystemCallFilter refuses: $(echo $bad)"
	echo "all allowed by the unit's SystemCallFilter"
}

if $systemd; then
	note "congo-server.service (systemctl; installed enabled)"
	systemctl is-enabled congo-server
else
	note "no systemd here: the unit's ExecStart by hand, as uid $runas"
fi
server_start first
server_args() {
	local pid=$server_pid
	$systemd && pid=$(systemctl show -p MainPID --value congo-server)
	ps -o args= -p "$pid"
}
case $(server_args) in
*--create*) ;;
*) $systemd || fail "the first start did not give --create" ;;
esac
$sudo test -s "$db" || fail "the first start made no database $db"
$sudo test -e "$state/.database-made" || fail "the database is not marked made"

note "a game on port $port: CREATE, JOIN, four moves, RESIGN"
cgp_open 3
cgp_expect 3 '^HELLO CGP/1'
cgp_send 3 "HELLO CGP/1 client=pkgtest/1"
cgp_expect 3 '^OK \* HELLO'
cgp_send 3 "#c CREATE seat=white name=ann"
cgp_expect 3 '^OK #c CREATE game=([A-Z2-7]{8})'
game=${BASH_REMATCH[1]}
cgp_open 4
cgp_expect 4 '^HELLO CGP/1'
cgp_send 4 "HELLO CGP/1 client=pkgtest/1"
cgp_expect 4 '^OK \* HELLO'
cgp_send 4 "#j JOIN game=$game seat=black name=bob"
cgp_expect 4 "^OK #j JOIN game=$game seat=black"
ply=0
for mv in a2a3 a6a5 b2b3 b6b5; do
	fd=$((3 + ply % 2))
	cgp_send "$fd" "#m$ply MOVE game=$game ply=$ply move=$mv"
	cgp_expect "$fd" "^OK #m$ply MOVE game=$game ply=$((ply + 1))"
	cgp_expect $((7 - fd)) "^EV $game [0-9]+ MOVE ply=$ply .*move=$mv"
	ply=$((ply + 1))
done
cgp_send 3 "#r RESIGN game=$game"
cgp_expect 3 '^OK #r'
cgp_expect 4 "^EV $game [0-9]+ RESULT result=0-1 reason=resign"
echo "game $game: $ply moves, then White resigned"
cgp_close 3
cgp_close 4

note "a game with the congo client: White in tmux, Black a CGP/1 script"
new_tmux
player tmux -L "$tmux_sock" -f /dev/null new-session -d -s pkg -x 100 -y 36 \
    "congo --connect 127.0.0.1:$port --create --seat white --name ann; echo congo-exit=\$?; sleep 600"
on_screen() {	# REGEX: seen within 15 s
	until_ok 15 screen_has "$1" || {
		T capture-pane -p -t pkg
		fail "congo --connect: /$1/ not on the screen"
	}
}
on_screen 'Game [A-Z2-7]{8}'
game2=$(T capture-pane -p -t pkg | sed -n 's/.*Game \([A-Z2-7]\{8\}\).*/\1/p' | head -n 1)
cgp_open 6
cgp_expect 6 '^HELLO CGP/1'
cgp_send 6 "HELLO CGP/1 client=pkgtest/1"
cgp_expect 6 '^OK \* HELLO'
cgp_send 6 "#j JOIN game=$game2 seat=black name=bob"
cgp_expect 6 "^OK #j JOIN game=$game2 seat=black"
on_screen 'Black +bob\(guest\) \(network\)'
T send-keys -t pkg -l -- ":c2c3"
T send-keys -t pkg Enter
cgp_expect 6 "^EV $game2 [0-9]+ MOVE ply=0 .*move=c2c3"
cgp_send 6 "#m1 MOVE game=$game2 ply=1 move=b6c5"
cgp_expect 6 "^OK #m1 MOVE game=$game2 ply=2"
on_screen '1\. c2c3 b6c5'
T send-keys -t pkg R
on_screen 'Resign this game\?'
T send-keys -t pkg y
cgp_expect 6 "^EV $game2 [0-9]+ RESULT result=0-1 reason=resign"
on_screen 'Black wins'
T capture-pane -p -t pkg | sed -n '1,12p'
cgp_close 6
T kill-server
echo "game $game2: congo (White) played c2c3, the script b6c5, congo resigned"

note "SIGTERM, then a second start (no --create) that finds the game"
server_stop
server_start again
case $(server_args) in
*--create*) fail "a later start gave --create: $(server_args)" ;;
esac
if $systemd; then
	note "its own user; Restart=on-failure: SIGKILL, and systemd starts it again"
	old_pid=$(systemctl show -p MainPID --value congo-server)
	user=$(ps -o user= -p "$old_pid")
	echo "congo-server runs as $user"
	[ "$user" != root ] || fail "the service runs as root"
	$sudo systemctl kill -s KILL congo-server
	restarted() {
		local p
		p=$(systemctl show -p MainPID --value congo-server)
		[ "$p" != 0 ] && [ "$p" != "$old_pid" ] && port_open "$port"
	}
	until_ok 30 restarted || fail "congo-server not restarted after SIGKILL"
	systemctl show -p NRestarts congo-server
fi
cgp_open 5
cgp_expect 5 '^HELLO CGP/1'
cgp_send 5 "HELLO CGP/1 client=pkgtest/1"
cgp_expect 5 '^OK \* HELLO'
cgp_send 5 "#h HISTORY game=$game"
cgp_expect 5 "^OK #h HISTORY game=$game .*n=4"
cgp_send 5 "#s STATE game=$game"
cgp_expect 5 "^EV $game [0-9]+ STATE .*status=finished result=0-1"
cgp_close 5
server_stop
if [ -d "$work/strace-first" ] && command -v systemd-analyze > /dev/null; then
	note "the system calls of congo-server against the unit's filter"
	syscalls_checked "$work/strace-first"
fi

note "a lost database stops the start instead of being made anew"
lost=$work/lost-state
mkdir -p "$lost"
: > "$lost/.database-made"
if STATE_DIRECTORY=$lost "$(unit_cmd ExecStart)" 2> "$work/lost.err"; then
	fail "the server started on a lost database"
fi
cat "$work/lost.err"
grep -q 'was made by an earlier start' "$work/lost.err" ||
    fail "no word on the lost database"
[ ! -e "$lost/congo-server.db" ] || fail "a lost database was made anew"

# ------------------------------------------------------------- remove
note "apt-get remove: nothing left but the conffiles and the database"
dpkg-query -L $pkgs | sort -u > "$work/files.txt"
conffiles=$(dpkg-query -W -f='${Conffiles}\n' $pkgs | awk 'NF { print $1 }')
$sudo apt-get remove -y -qq $pkgs > "$work/apt-remove.log"
left=
while read -r f; do
	# Files and links, not folders (nor /lib, a link to a folder).
	[ -d "$f" ] && continue
	[ -f "$f" ] || [ -L "$f" ] || continue
	grep -qxF "$f" <<< "$conffiles" && continue
	left="$left $f"
done < "$work/files.txt"
[ -z "$left" ] || fail "left after remove:$left"
for f in $conffiles; do
	[ -f "$f" ] || fail "conffile $f gone after remove (purge's job)"
done
$sudo test -s "$db" || fail "the database is gone after remove"
echo "left: $(echo $conffiles) and $db"

note "apt-get purge: nothing left"
$sudo apt-get purge -y -qq $pkgs > "$work/apt-purge.log"
for f in $conffiles /etc/congo "$state" /var/lib/private/congo; do
	[ ! -e "$f" ] && [ ! -L "$f" ] || fail "$f left after purge"
done
while read -r f; do
	[ -d "$f" ] && continue
	if [ -f "$f" ] || [ -L "$f" ]; then fail "$f left after purge"; fi
done < "$work/files.txt"
if dpkg-query -W -f='${Status}\n' $pkgs 2> /dev/null |
    grep -q 'installed\|config-files'; then
	fail "dpkg still knows the packages after purge"
fi

note "the packages pass"
echo "test_packages.sh: 1 passed, 0 failed ($((SECONDS - t0)) s)"
