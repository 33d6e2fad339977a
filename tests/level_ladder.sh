#!/bin/sh
# level_ladder.sh: the Elo ladder of the AI levels (congo(6) LEVELS):
# level 1 against the random mover, then each level against the one
# below, GAMES games each (default 200) from the opening book, and the
# cumulative Elo anchored at the random mover = 0. Not part of make check
# (it takes hours on a busy machine). Usage: tests/level_ladder.sh [GAMES]
set -u
congo=${CONGO:-src/congo}
games=${1:-200}
total=0
printf '%-6s %-20s %-22s %s\n' level name "gap (Elo, 95%)" "Elo"
prev=random
for l in 1 2 3 4 5 6 7 8 9 10; do
	out=$("$congo" --match --white "alphabeta:level=$l" --black "$prev" \
	    --games "$games" --quiet --concurrency "${CONCURRENCY:-1}")
	gap=$(printf '%s\n' "$out" | sed -n 's/^Elo difference (games): \([-+0-9.a-z]*\).*/\1/p')
	err=$(printf '%s\n' "$out" | sed -n 's/^Elo difference (games): [-+0-9.]* +\/- \([0-9.]*\).*/\1/p')
	total=$(awk -v t="$total" -v g="$gap" 'BEGIN { printf "%.0f", t + g }')
	printf '%-6s %-20s %-22s %s\n' "$l" "" "$gap +/- ${err:-?}" "$total"
	prev="alphabeta:level=$l"
done
