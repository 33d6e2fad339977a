#!/bin/sh
# test_ui_sizes.sh: nothing is cut in the middle of a value at any size
# congo(6) supports (issue 34 section 2): an analysed game with a clock,
# reviewed, at 40x16 (the compact layout), 66x12 (the smallest with the
# panel), 80x24, 100x32 (a panel once narrower than at 80x24) and 160x50. At
# each size the status bar shows whole items of its full text (the key
# back to the game kept from 66 columns), every accuracy
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
# analyse_game.pgn with an event of its own and a clock.
awk '/^\[Event /{ print "[Event \"sizes\"]"; next } { print }
    /^\[Black /{ print "[TimeControl \"300+3\"]" }' \
    "$(dirname "$0")/analyse_game.pgn" >"$tmp/game.pgn" || exit 99
"$congo" --analyse "$tmp/game.pgn" --nodes 2000 -o "$tmp/an.pgn" \
    >/dev/null 2>"$tmp/an.err" || { cat "$tmp/an.err"; exit 99; }

start_hog

tmux_session sz 80x24 "$congo --load '$tmp/an.pgn'; sleep 600"
wait_for 'Black wins' 10
keys '['
wait_for 'reviewing ply 49 of 50' 5
full=" reviewing ply 49 of 50  |  [ ] step, { start, :continue plays on from here, } back to the game"

# bar_whole: the status bar of the last capture shows whole items of its
# full text, in its order (in $bar), and from 66 columns the key back to
# the game, the last, among them (issue 62: the most useful kept).
bar_whole() {
	bar=$(tail -n 2 "$tmp/screen" | head -n 1 | sed 's/ *? help  q quit$//;
	    s/ *$//')
	# cut: whole items, " ?" for the rest (issue 62)
	bar=${bar%" ?"}
	printf '%s\n%s\n' "$full" "$bar" | awk '
	    function items(s, a) {
		    gsub(/  \|  |, /, "\n", s)
		    return split(s, a, "\n")
	    }
	    NR == 1 { n = items($0, f) }
	    NR == 2 { m = items($0, b) }
	    END {
		    j = 1
		    for (i = 1; i <= m; i++) {
			    while (j <= n && f[j] != b[i])
				    j++
			    if (j > n)
				    exit 1
			    j++
		    }
	    }' || return 1
	[ "${size%x*}" -lt 66 ] || case "$bar" in
	*"} back to the game") ;;
	*) return 1 ;;
	esac
}

for size in 160x50 100x32 80x24 66x12 40x16; do
	note "at $size nothing is cut in the middle"
	T resize-window -t sz -x "${size%x*}" -y "${size#*x}"
	wait_for 'reviewing ply 49' 5
	# a screen laid out for this size (the status bar is its last but one
	# line; from 66 columns it ends with '? help  q quit', which a larger
	# size's screen that tmux cut to this one has beyond its edge)
	_deadline=$(($(date +%s) + 5))
	while capture; [ "$(wc -l <"$tmp/screen")" -ne "${size#*x}" ] ||
	    ! tail -n 2 "$tmp/screen" | head -n 1 | grep -q 'reviewing' ||
	    { [ "${size%x*}" -ge 66 ] && { ! grep -q 'Moves' "$tmp/screen" ||
	    ! tail -n 2 "$tmp/screen" | head -n 1 |
	    grep -q '? help  q quit *$'; }; }; do
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
