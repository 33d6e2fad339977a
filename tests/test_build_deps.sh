#!/bin/sh
# test_build_deps.sh: every object depends on congo_config.h, so that a configure
# with other options (the README's second command after its first: the
# tests' hooks, -Werror) builds every object again. configure.ac puts a
# checksum of the options and flags into congo_config.h (CONGO_BUILD_FLAGS) and
# Makefile.am has each object include it (-include); this checks, in every
# dependency file the compiler wrote (.deps/*.Po), that congo_config.h is there.
# Before that change 210 of the 348 sources did not include congo_config.h, and
# the README's two commands in order left srv_hook.o without the hooks.
#
# Skipped (77) where nothing was built with dependency tracking.
build=${CONGO_BUILDDIR:-.}
[ -f "$build/congo_config.h" ] || { echo "test_build_deps: no $build/congo_config.h"; exit 1; }
grep -q '^#define CONGO_BUILD_FLAGS [0-9]' "$build/congo_config.h" || {
	echo "test_build_deps: congo_config.h has no CONGO_BUILD_FLAGS"; exit 1; }
n=0 bad=0
for po in $(find "$build/src" "$build/tests" -path '*/.deps/*.Po' 2>/dev/null); do
	# A source not yet built has a placeholder ("# dummy").
	grep -q '^# dummy' "$po" && continue
	n=$((n + 1))
	if ! grep -q 'congo_config\.h' "$po"; then
		echo "test_build_deps: $po: the object does not depend on congo_config.h"
		bad=$((bad + 1))
	fi
done
if [ "$n" = 0 ]; then
	echo "test_build_deps: SKIP: no object built with dependency tracking"
	exit 77
fi
echo "test_build_deps: $n objects, $bad without congo_config.h"
[ "$bad" = 0 ]
