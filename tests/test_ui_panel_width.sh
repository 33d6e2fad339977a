#!/bin/sh
# test_ui_panel_width.sh: the side panel in Dutch (issue 62), in tmux: at
# 100x32 it is no narrower than at 80x24 (the board leaves it as much),
# and a player's name that must be cut is cut at a word with an ellipsis,
# a column before the clock, never glued to it ("AI eenvoudig zoe~3:00"),
# at 100x32, 80x24 and 66x12 (the smallest with the panel). Each wait
# polls with a deadline. Exit status: 0 pass, 1 fail, 77 skipped (no tmux,
# no translations), 99 hard error.

set -u

tmux_prefix=cgpw pane=pw
. "$(dirname "$0")/tmux_lib.sh"
. "$(dirname "$0")/lang_lib.sh"

tmux_home
lang_locale
export LANGUAGE=nl
humans_conf false false
line=

T new-session -d -s pw -x 80 -y 24 \
    "$congo --white human --black negamax --clock 3+0; sleep 600"
wait_for 'Zwart .*3:00'

# panel_x: the column of the panel's first line ('>   Wit'), from 0.
panel_x() {
	sed -n 's/^\( *\)>   Wit .*/\1/p' "$tmp/screen" | head -n 1 | tr -d '\n' |
	    wc -c
}

# black_ok: Black's line is its name (whole, or cut at a word of
# 'AI eenvoudig zoeken' and ended by an ellipsis), spaces, its clock.
black_ok() {
	capture
	line=$(grep -o 'Zwart .*' "$tmp/screen" | head -n 1)
	name=$(printf '%s\n' "$line" | sed 's/^Zwart  //; s/ *3:00 *$//')
	printf '%s\n' "$line" | grep -Eq ' 3:00 *$' || return 1
	case "$name" in
	"AI eenvoudig zoeken" | "AI eenvoudig…" | "AI…") return 0 ;;
	esac
	return 1
}

for size in 80x24 100x32 66x12; do
	note "$size: Black's name whole or cut at a word, apart from its clock"
	T resize-window -t pw -x "${size%x*}" -y "${size#*x}"
	_deadline=$(($(date +%s) + 5))
	while capture; [ "$(wc -l <"$tmp/screen")" -ne "${size#*x}" ] ||
	    ! grep -q '>   Wit' "$tmp/screen"; do
		[ "$(date +%s)" -gt "$_deadline" ] && fail "not laid out"
		sleep 0.05
	done
	poll 3 "Black's name cut badly or glued to its clock" black_ok
	eval "w_${size%x*}=\$((${size%x*} - \$(panel_x)))"
done
note "the panel at 100x32 ($w_100) no narrower than at 80x24 ($w_80)"
[ "$w_100" -ge "$w_80" ] || fail "narrower at 100x32"
exit 0
