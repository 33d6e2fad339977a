#!/bin/sh
# test_match.sh: smoke test of `congo --match`, the real src/congo end to
# end: two engine programs on pipes (src/congo --engine twice) from the
# opening book at a fixed depth, in-process players with an SPRT, a clock
# game with time losses counted, and the errors a user can make (a
# missing engine, an option the engine refuses, a bad --sprt).
# Exit status: 0 pass, 1 fail, 99 hard error.

set -u

tmp_prefix=congo-match
. "$(dirname "$0")/cli_lib.sh"

# two engine programs, 4 games = 2 book openings, both colours
"$congo" --match --engine-a "$congo" --engine-b "$congo" \
    --option-b Algorithm=random --depth 2 --games 4 --concurrency 2 \
    --pgn "$tmp/games.pgn" >"$tmp/engines.out" 2>&1
check engines "$tmp/engines.out" "^4 games"
check engines "$tmp/engines.out" "book of [0-9]* openings"
check engines "$tmp/engines.out" "^Elo difference (games)"
check engines "$tmp/engines.out" "^Pairs (A's score"
check engines "$tmp/engines.out" "Algorithm=random"
check pgn "$tmp/games.pgn" '\[Round "4"\]'
# depth 2 against the random mover: A must win the match
score=$(sed -n 's/^Score: \([0-9.]*\)\/4.*/\1/p' "$tmp/engines.out")
case "$score" in
3|3.0|3.5|4|4.0) ;;
*) echo "FAIL: depth 2 scored '$score'/4 against random"; fail=1 ;;
esac

# megapawn between engine programs: each is told the variant, the openings
# are the variant's own (the book is Congo's), and no move is refused
"$congo" --match --variant megapawn --engine-a "$congo" --engine-b "$congo" \
    --option-b Algorithm=random --depth 2 --games 2 >"$tmp/mega.out" 2>&1
check megapawn "$tmp/mega.out" "^Match megapawn"
check megapawn "$tmp/mega.out" "random openings"
if grep -q "not a legal move\|bad move" "$tmp/mega.out"; then
	echo "FAIL: megapawn engines refused a move"; cat "$tmp/mega.out"; fail=1
fi

# in-process players, SPRT decides before 200 games
"$congo" --match --white alphabeta:depth=2 --black random --games 200 \
    --sprt 0,200 --quiet >"$tmp/sprt.out" 2>&1
check sprt "$tmp/sprt.out" "H1 accepted"
# the games are paired: the pentanomial model, as the report says
check sprt "$tmp/sprt.out" "^SPRT (pentanomial)"
check sprt "$tmp/sprt.out" "^Ptnml(0-2): \[0, 0, 0, 0, [0-9]*\]"
check sprt "$tmp/sprt.out" "^nElo (pairs)\|^Elo difference (pairs)"
games=$(sed -n 's/^\([0-9]*\) games.*/\1/p' "$tmp/sprt.out")
if [ -z "$games" ] || [ "$games" -ge 200 ]; then
	echo "FAIL: the SPRT did not stop the match early ($games games)"
	fail=1
fi

# a clock: 1.2 s a side plus 0.05 s a move, engine against in-process
"$congo" --match --engine-a "$congo" --black alphabeta --tc 0.02+0.05 \
    --games 2 --max-plies 30 >"$tmp/clock.out" 2>&1
check clock "$tmp/clock.out" "^Time losses: A 0, B 0"
check clock "$tmp/clock.out" "^Time per move of A: opening"

# errors a user can make
if "$congo" --match --engine-a "$tmp/nothing" --black random \
    --games 2 >"$tmp/missing.out" 2>&1; then
	echo "FAIL: a missing engine was accepted"
	fail=1
fi
check missing "$tmp/missing.out" "nothing"
if "$congo" --match --engine-a "$congo" --option-a Bogus=1 --black random \
    --games 2 >"$tmp/option.out" 2>&1; then
	echo "FAIL: an unknown engine option was accepted"
	fail=1
fi
check option "$tmp/option.out" "unknown option 'Bogus'"
if "$congo" --match --white random --black random --sprt 5,0 \
    >"$tmp/badsprt.out" 2>&1; then
	echo "FAIL: --sprt 5,0 was accepted"
	fail=1
fi
check badsprt "$tmp/badsprt.out" "ELO0 < ELO1"
# the book maker: N openings of P plies, each line a quoted move list with
# its score, the opening balanced within the book's bound
"$congo" --match --make-book 2 --book-plies 2 --book-depth 2 --seed 3 \
    >"$tmp/book.out" 2>&1 || { echo "FAIL: --make-book failed"; fail=1; }
n=$(grep -c '^"[a-g][1-7][a-g][1-7] [a-g][1-7][a-g][1-7]",  /\* [-+]*[0-9]* \*/$' \
    "$tmp/book.out")
if [ "$n" != 2 ]; then
	echo "FAIL: --make-book 2 --book-plies 2 gave $n openings:"
	cat "$tmp/book.out"; fail=1
fi

# the other limits and rules: nodes, seeded random openings, the quiet
# rule, no adjudication, a ply cap; the header says what was asked
"$congo" --match --white alphabeta --black random --nodes 300 --games 2 \
    --seed 5 --openings-plies 4 --quiet-plies 10 --no-adjudication \
    --max-plies 20 >"$tmp/limits.out" 2>&1
check limits "$tmp/limits.out" "300 nodes"
check limits "$tmp/limits.out" "random openings of 4 plies (seed 5)"
check limits "$tmp/limits.out" "max 20 plies"
check limits "$tmp/limits.out" "^2 games"
"$congo" --match --white random --black random --movetime 5 --games 2 \
    --quiet >"$tmp/movetime.out" 2>&1
check movetime "$tmp/movetime.out" "^Score: "
"$congo" --match --help >"$tmp/help.out" 2>&1 ||
    { echo "FAIL: --match --help failed"; fail=1; }
check help "$tmp/help.out" "^Usage: congo --match"
check help "$tmp/help.out" "--make-book N"

# --first-game: games 3 and 4 alone are games 3 and 4 of the whole match
# (same opening, same colours, same Round), so a match can be split or
# finished later
"$congo" --match --white alphabeta:depth=1 --black alphabeta:depth=1 \
    --games 4 --max-plies 4 --no-adjudication --pgn "$tmp/whole.pgn" \
    >/dev/null 2>&1
"$congo" --match --white alphabeta:depth=1 --black alphabeta:depth=1 \
    --games 2 --first-game 3 --max-plies 4 --no-adjudication \
    --pgn "$tmp/part.pgn" >"$tmp/part.out" 2>&1
# a game ended at the ply cap is adjudicated, and its record says so,
# read back as such (issue 57: it was written as an agreed draw)
check adjudicated "$tmp/whole.pgn" '^\[Termination "adjudication"\]$'
check adjudicated "$tmp/whole.pgn" '^\[Adjudication "max-plies"\]$'
"$congo" --analyse "$tmp/whole.pgn" --game 1 --nodes 100 \
    -o "$tmp/whole1.pgn" >/dev/null 2>&1 ||
    { echo "FAIL: an adjudicated game's record is not read back"; fail=1; }
check adjudicated "$tmp/whole1.pgn" '^\[Termination "adjudication"\]$'
check firstgame "$tmp/part.out" "games 3-4, book"
check firstgame "$tmp/part.out" "^\[2/2\] game 4: "
awk '/^\[Event /{n++} n>=3' "$tmp/whole.pgn" >"$tmp/whole34.pgn"
if ! grep -q '1\. [a-g]' "$tmp/whole34.pgn" ||
    ! cmp -s "$tmp/whole34.pgn" "$tmp/part.pgn"; then
	echo "FAIL: --first-game 3 did not replay games 3-4:"
	diff "$tmp/whole34.pgn" "$tmp/part.pgn"; fail=1
fi

# refused before a game is played, each with its reason
refuse() {  # refuse NAME PATTERN ARGS...: exit 1 with PATTERN in the output
	name=$1 pat=$2
	shift 2
	if "$congo" --match "$@" >"$tmp/$name.out" 2>&1; then
		echo "FAIL: $name: accepted: $*"; fail=1
	fi
	check "$name" "$tmp/$name.out" "$pat"
}
refuse twice "player A is given twice" --white random --black random \
    --white random
refuse twiceb "player B is given twice" --white random --black random \
    --engine-b "$congo"
refuse optin "is for an engine program" --white random --black random \
    --option-a X=1
refuse optform "needs NAME=VALUE, not 'X'" --engine-a "$congo" \
    --black random --option-a X
refuse movetime "--movetime must be a number 1..3600000, not 'abc'" \
    --white random --black random --movetime abc
refuse nodes "--nodes must be a number" --white random --black random \
    --nodes 0
refuse seed "--seed must be a number" --white random --black random \
    --seed -1
refuse plies "--openings-plies must be a number" --white random \
    --black random --openings-plies 99
refuse quiet "--quiet-plies must be a number" --white random \
    --black random --quiet-plies x
refuse variant "--variant must be congo or megapawn, not 'chess'" \
    --white random --black random --variant chess
refuse tc "--tc: time control '1x' has no '+'" --white random \
    --black random --tc 1x
refuse firstgame "--first-game: 4 is even" --white random --black random \
    --first-game 4
refuse book "--make-book must be a number" --make-book 0
refuse bookplies "--book-plies must be a number" --make-book 1 \
    --book-plies 99
refuse bookdepth "--book-depth must be a number" --make-book 1 \
    --book-depth 0
refuse pgnfull "/dev/full: could not write every game" --white random \
    --black random --games 2 --pgn /dev/full
refuse pgndir "/nonexistent/x.pgn: No such file or directory" \
    --white random --black random --games 2 --pgn /nonexistent/x.pgn
# engines that misbehave: each game they spoil is lost by them, counted,
# and named; the match goes on. FAKE_GO says what the fake does on 'go'.
cat >"$tmp/fake.sh" <<'EOF'
#!/bin/sh
while read -r line; do
	case $line in
	uci) echo "id name fake"; echo "uciok" ;;
	isready) echo "readyok" ;;
	go*)
		case $FAKE_GO in
		illegal) echo "info depth 1 score mate 1"; echo "bestmove a1a7" ;;
		exit) exit 0 ;;
		error) echo "error: out of ideas" ;;
		silent) ;;
		esac ;;
	quit) exit 0 ;;
	esac
done
EOF
chmod +x "$tmp/fake.sh"
for kind in illegal exit error silent; do
	FAKE_GO=$kind "$congo" --match --engine-a "$tmp/fake.sh" --black random \
	    --movetime 50 --games 2 >"$tmp/fake-$kind.out" 2>&1
	check "fake $kind" "$tmp/fake-$kind.out" "^Score: 0.0/2"
	check "fake $kind" "$tmp/fake-$kind.out" "^Errors: 2 games ended by a bad move"
done
check "fake illegal" "$tmp/fake-illegal.out" "returned no move at ply [0-9]* of game 1: a1a7 is not a legal move"
check "fake exit" "$tmp/fake-exit.out" "fake.sh exited"
# the engine is gone for game 2: that game is its loss, not a draw
check "fake exit" "$tmp/fake-exit.out" "is not ready for game 2"
check "fake exit" "$tmp/fake-exit.out" "game 2: random - .*fake.sh 1-0"
check "fake error" "$tmp/fake-error.out" "said: error: out of ideas"
check "fake silent" "$tmp/fake-silent.out" "no move in time"
exit $fail
