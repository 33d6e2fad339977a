#!/bin/sh
# test_ui_sizes.sh: nothing is cut in the middle of a value at any size
# congo(6) supports (issue 34 section 2): an analysed game with a clock,
# reviewed, at 40x16 (the compact layout), 66x12 (the smallest with the
# panel), 80x24, 100x32 (a panel narrower than at 80x24) and 160x50. At
# each size the status bar is its full text cut at a word, every accuracy
# on the panel has its three counts, the clock control is under the move
# number. In tmux beside a CPU hog; each wait polls with a deadline. Exit
# status: 0 pass, 1 fail, 77 skipped (no tmux), 99 hard error.

set -u

tmux_prefix=cgsz pane=sz
. "$(dirname "$0")/tmux_lib.sh"

tmux_home
export LC_ALL=C
cat >"$tmp/config/congo/congo.conf" <<'CONF'
ui = { color = false; mouse = false; ai_delay_ms = 0; };
CONF
cat >"$tmp/game.pgn" <<'PGN'
[Event "sizes"]
[White "alphabeta:level=3"]
[Black "alphabeta:level=2"]
[TimeControl "300+3"]
[Result "0-1"]
[Termination "resign"]

1. e2d3 g6g5 2. c1c3 a6b5 3. b2a3 e7e5 4. a2b3 b5a4 5. d1c1 b6c5 6. d3e4 e6f5
7. g1f3 a7a6 8. a1b2 a6b5 9. f2g3 c5c4 10. d2d3 f5g4 11. b1a1 b5c5 12. e1d1
e5e6 13. b3b4 b7b6 14. d1d2 c5b5 15. f1e2 b6c5 16. e2d1 b5a6 17. d1e1 f7g6
18. b2b4 a6b7 19. b4b3 e6e7 20. e1e3 c5d5 21. a3a4 c6c5 22. e3e2 d5c6 23. d3c4
d6e5 24. c4b5 b7b5 25. f3g1 d7e6 0-1
PGN
"$congo" --analyse "$tmp/game.pgn" --nodes 2000 -o "$tmp/an.pgn" \
    >/dev/null 2>"$tmp/an.err" || { cat "$tmp/an.err"; exit 99; }

start_hog

T new-session -d -s sz -x 80 -y 24 "$congo --load '$tmp/an.pgn'; sleep 600" ||
    { echo "error: tmux cannot start a session"; exit 99; }
wait_for 'Black wins' 10
keys '['
wait_for 'reviewing ply 49 of 50' 5
full=" reviewing ply 49 of 50  |  [ ] step, { start, } back to the game, :continue plays on from here"

# bar_whole: the status bar of the last capture is its full text cut at
# a word (in $bar).
bar_whole() {
	bar=$(tail -n 2 "$tmp/screen" | head -n 1 | sed 's/ *? help  q quit$//;
	    s/ *$//')
	case "$full" in
	"$bar"*) ;;
	*) return 1 ;;
	esac
	case "${full#"$bar"}" in
	"" | " "* | ","*) return 0 ;;
	esac
	return 1
}

for size in 160x50 100x32 80x24 66x12 40x16; do
	note "at $size nothing is cut in the middle"
	T resize-window -t sz -x "${size%x*}" -y "${size#*x}"
	wait_for 'reviewing ply 49' 5
	# a screen laid out for this size (the status bar is its last but one
	# line)
	_deadline=$(($(date +%s) + 5))
	while capture; [ "$(wc -l <"$tmp/screen")" -ne "${size#*x}" ] ||
	    ! tail -n 2 "$tmp/screen" | head -n 1 | grep -q 'reviewing' ||
	    { [ "${size%x*}" -ge 66 ] && ! grep -q 'Moves' "$tmp/screen"; }; do
		[ "$(date +%s)" -gt "$_deadline" ] && fail "not laid out"
		sleep 0.05
	done
	# the status bar: its full text cut at a word ('? help  q quit' may
	# end it); polled for 3 s, as tmux may show a line of the old size
	# until the game has drawn the new one: a cut that stays fails
	_deadline=$(($(date +%s) + 3))
	while ! bar_whole; do
		[ "$(date +%s)" -gt "$_deadline" ] &&
		    fail "the status bar cut in a word: '$bar'"
		sleep 0.05
		capture
	done
	# every accuracy with its three counts
	grep -Eo '[0-9]+%[ 0-9?!]*' "$tmp/screen" >"$tmp/acc" || :
	while read -r acc; do
		echo "$acc" | grep -Eq '^[0-9]+% [0-9]+\?! [0-9]+\? [0-9]+\?\?' ||
		    fail "an accuracy cut: '$acc'"
	done <"$tmp/acc"
	# the panel (not at 40 columns): the move number and, under it,
	# the clock control, whole
	if [ "${size%x*}" -ge 66 ]; then
		grep -Eq 'move [0-9]+( |$)' "$tmp/screen" ||
		    fail "no whole move number"
		grep -E -A1 'move [0-9]+' "$tmp/screen" | tail -n 1 |
		    grep -Eq '(clock )?5\+3 *$' ||
		    fail "the clock control is not under the move number"
	fi
done
exit 0
