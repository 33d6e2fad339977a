#!/bin/sh
# Line coverage of src/ after `make check` in a build configured with
# --enable-coverage: one line per source directory, then the total.
#   tests/coverage.sh SRCDIR BUILDDIR
# Needs gcovr (Debian: apt-get install gcovr; autogen.sh installs it).
set -e
srcdir=${1:-.}
builddir=${2:-.}
command -v gcovr > /dev/null 2>&1 || {
	echo "coverage: gcovr is not installed (apt-get install gcovr)" >&2
	exit 1
}
srcdir=$(cd "$srcdir" && pwd)
builddir=$(cd "$builddir" && pwd)
# gcovr names files relative to --root; --object-directory finds the
# .gcda files of an out-of-tree build.
csv=$(gcovr "$builddir" -r "$srcdir" --object-directory "$builddir" \
	--filter "$srcdir/src/" --csv 2> "$builddir/coverage-gcovr.log")
echo "$csv" | awk -F, '
NR > 1 && $1 ~ /^src\// {
	n = split($1, part, "/")
	dir = n > 2 ? part[1] "/" part[2] : "src/main.c"
	total[dir] += $2; covered[dir] += $3
	all += $2; allc += $3
}
END {
	if (all == 0) {
		print "coverage: no data: configure with --enable-coverage, then make check" > "/dev/stderr"
		exit 1
	}
	for (d in total)
		printf "%s: %.1f%%\n", d,
		    total[d] ? 100 * covered[d] / total[d] : 0 | "sort"
	close("sort")
	printf "total line coverage: %.1f%%\n", 100 * allc / all
}'
