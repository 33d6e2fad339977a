#!/bin/sh
# test_load_saved.sh: congo --load NAME finds the game :save NAME wrote
# (issue 62): a bare name not in the current folder is looked for in the
# save folder, where :save put it; a name that is in the current folder is
# that file; a name in neither is refused naming it. Through congo --plain
# (the save) and --load (the game opened at its end). Every wait polls
# with a deadline, no fixed sleeps. Exit status: 0 pass, 1 fail, 99 hard
# error.

set -u
tmp_prefix=congo-load-saved
. "$(dirname "$0")/cli_lib.sh"
cli_home
: "${CONGO_DATADIR:=${CONGO_SRCDIR:-$(pwd)}/data}"
export CONGO_DATADIR
. "$(dirname "$0")/plain_lib.sh"

case $congo in /*) ;; *) congo="$(pwd)/$congo" ;; esac
mkdir -p "$tmp/elsewhere" || exit 99
cd "$tmp/elsewhere" || exit 99

start a 3 --black human
wait_for a "^Move 1: White to move\.$"
send 3 c2c3
wait_for a "^Move 1: Black to move\.$"
send 3 "save mygame.pgn"
wait_for a "saved to .*/mygame\.pgn"
saved=$(grep -o "saved to .*mygame\.pgn" "$tmp/a.out" | sed 's/^saved to //')
[ -f "$saved" ] || die "no file at $saved"
[ -f mygame.pgn ] && die ":save wrote into the current folder"
finish a 3

# --load with the bare name, from a folder that does not hold it
start b 4 --load mygame.pgn
wait_for b "^loaded $saved \\(1 ply\\)"
finish b 4
grep -qi "cannot\|no such" "$tmp/b.out" "$tmp/b.err" &&
    die "--load mygame.pgn: $(cat "$tmp/b.err")"

# a file of that name here is the one opened
printf '[Variant "Congo"]\n\n1. d2d3 *\n' > mygame.pgn
start c 5 --load mygame.pgn
wait_for c "^loaded mygame\\.pgn \\(1 ply\\)"
finish c 5

# neither here nor saved: refused, naming it
"$congo" --plain --load nosuch.pgn </dev/null >"$tmp/d.out" 2>&1 &&
    die "--load nosuch.pgn succeeded"
grep -q "nosuch\.pgn" "$tmp/d.out" || die "the refusal does not name the file: $(cat "$tmp/d.out")"
plain_text
echo "PASS: test_load_saved.sh"
exit 0
