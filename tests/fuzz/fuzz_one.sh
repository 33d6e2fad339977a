#!/bin/sh
# One libFuzzer harness for FUZZ_SECONDS (make fuzz runs two at once):
#   fuzz_one.sh SRCDIR NAME
# in the build directory, starting from fuzz-corpus/NAME (what earlier
# runs learnt) and the seeds in SRCDIR/tests/fuzz/corpus/NAME; the log
# goes to fuzz-NAME.log, a crash to fuzz-crash-NAME-*. Exit 1 on any
# finding, with the log's end. libconfig 1.5 leaks on some syntax errors
# (see lsan.supp), and every such leak costs a full LeakSanitizer scan:
# fuzz_config runs without leak checks, then replays all it found with
# them.
srcdir=$1
f=$2
: "${FUZZ_SECONDS:=60}"
LSAN_OPTIONS=suppressions=$srcdir/tests/fuzz/lsan.supp
export LSAN_OPTIONS

mkdir -p "fuzz-corpus/$f" || exit 1
dict=
test -f "$srcdir/tests/fuzz/dict/$f.dict" &&
    dict=-dict=$srcdir/tests/fuzz/dict/$f.dict
leaks=
test "$f" = config && leaks=-detect_leaks=0
echo "fuzz_$f: $FUZZ_SECONDS s"
# shellcheck disable=SC2086 # FUZZ_FLAGS: libFuzzer flags, split
"tests/fuzz/fuzz_$f" -max_total_time="$FUZZ_SECONDS" -timeout=20 \
    -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="fuzz-crash-$f-" $dict $leaks ${FUZZ_FLAGS:-} \
    "fuzz-corpus/$f" "$srcdir/tests/fuzz/corpus/$f" > "fuzz-$f.log" 2>&1
rc=$?
if test $rc -eq 0 && test -n "$leaks"; then
	"tests/fuzz/fuzz_$f" -runs=0 -timeout=20 \
	    -artifact_prefix="fuzz-crash-$f-" "fuzz-corpus/$f" \
	    >> "fuzz-$f.log" 2>&1
	rc=$?
fi
grep -E '^stat::number_of_executed_units|^Done' "fuzz-$f.log" |
    head -2 | sed "s/^/fuzz_$f: /"
if test $rc -ne 0; then
	tail -60 "fuzz-$f.log"
	echo "fuzz_$f: FAILED (fuzz-$f.log)"
	exit 1
fi
exit 0
