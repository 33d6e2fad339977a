#!/bin/sh
# test_plain_review.sh: congo --plain's commands around a game (issue 38,
# the plain mode for screen readers), each answered in a sentence: last
# and clock before any move; moves SQUARE and a square that is none; a
# move from an empty square or of the side not to move, refused saying
# which; the messages that name the full screen's keys naming the
# commands instead; clock M+S during a game, kept for the next one (this
# game goes on: it was lost on time at once); last; review with back,
# first, forward and live; takeback; fen, pgn and log; the full-screen
# game's commands (edit, flip) said to be its own; a move after a
# resignation; new with the kept clock, and clock none; an AI paused on
# its move said paused; a puzzle's hint and solution in the plain mode's
# words (no mark on a board, back for the board's key); Megapawn's
# islands in the board's words and the diagram's legend. No output holds
# a control byte. next mistake, previous mistake, > and < review the
# marked moves, an analysis says its progress (issue 62). Every wait
# polls with a deadline, no fixed sleeps.
# Exit status: 0 pass, 1 fail, 99 hard error.

set -u
tmp_prefix=congo-plain-review
. "$(dirname "$0")/cli_lib.sh"
cli_home
: "${CONGO_DATADIR:=${CONGO_SRCDIR:-$(pwd)}/data}"
export CONGO_DATADIR
. "$(dirname "$0")/plain_lib.sh"

# say LINE PATTERN: LINE sent; PATTERN (ERE) said after it.
say() {
	_from=$(lines r)
	send 3 "$1"
	wait_for r "$2" 15 "$_from"
}

start r 3 --black human
wait_for r "^Move 1: White to move\.$"
say last "^No move has been played yet\.$"
# help lists each command once (clock is the plain mode's and the game's)
say help "^End of input \(Ctrl-D\) quits too"
[ "$(grep -c '^clock \[M+S\]: ' "$tmp/r.out")" = 1 ] ||
    die "help lists clock $(grep -c '^clock \[M+S\]: ' "$tmp/r.out") times"
# takeback and undo: one line, not the same said twice (issue 62)
grep -q "^takeback (or undo): take back " "$tmp/r.out" ||
    die "help: no takeback (or undo) line"
grep -q "^undo: " "$tmp/r.out" && die "help: undo said again beside takeback"
# help players: who can play a side, the levels by name (issue 62)
say "help players" "^ai:level=10: AI level 10 \(Master\)\.$"
grep -q "^ai:level=1: AI level 1 (Beginner)\.$" "$tmp/r.out" ||
    die "help players does not name level 1"
say "help nonsense" "^help nonsense: there is no such help"
# what the full screen does with a key, plain mode names by its command
say "nag !" "^no move shown to mark \(go to one with back, forward or go N\)$"
say "comment a note" "^no move shown to comment \(go to one with back, forward or go N\)$"
say promote "^not in a variation: variation enters one$"
say continue "^not reviewing: back steps back through the game first$"
say delete "^not in a variation \(the main line is the game: undo undoes its moves\)$"
say clock "^This game has no clock\.$"
say "moves d2" "^White pawn on d2 can go to c3, d3 or e3\.$"
say "moves z9" "^z9 is not a square: a square is a file a to g and a rank 1 to 7"
say d5d4 "^d5 to d4 is not a move: there is no piece on d5\.$"
say d6d5 "^d6 to d5 is not a move: the piece on d6 is a Black pawn, and White is to move\.$"
say c2c3 "^Move 1: Black to move\.$"
# the next game's clock: this game has none and goes on
say "clock 0.05+0" "^clock 0\.05\+0 from the next game \(new\)$"
say e6e5 "^Move 2: White to move\.$"
say status "^Move 2: White to move\.$"
say clock "^This game has no clock\.$"
grep -q "The game is over" "$tmp/r.out" &&
    die "the game ended after clock 0.05+0"
say last "^The last move: Black pawn e6 to e5\.$"
say back "^Reviewing, after move 1: White pawn c2 to c3\.$"
say first "^Reviewing: the start position\.$"
say forward "^Reviewing, after move 1: White pawn c2 to c3\.$"
say live "^Back to the game as it stands\.$"
say takeback "^Taken back: the game is at move 1, Black to move\.$"
say fen "^The position in FEN: gmelecz/ppppppp/7/7/2P4/PP1PPPP/GMELECZ b 1 1$"
say pgn '^1\. c2c3 \*$'
say log "^The last messages, oldest first:$"
say edit "^The board editor is the full-screen game's; fen FEN starts a game from a position\.$"
say flip "^That command is the full-screen game's; it does nothing here\.$"
say resign "^The game is over: White wins: resignation\.$"
say d2d3 "^the game is over: new starts a new one, undo takes back$"
# new asks the dialog's questions, Enter keeping each (issue 62)
say new "^New game \(cancel leaves these questions\)\. Variant: Congo or Megapawn\? Enter: Congo\.$"
say "" "^White: human, or ai level 1 to 10 \(help players names them\)\? Enter: human\.$"
say "" "^Black: human, or ai level 1 to 10 \(help players names them\)\? Enter: human\.$"
say "" "^Clock: none, or minutes\+seconds such as 5\+3\? Enter: 0\.05\+0\.$"
say "" "^A game of Congo: White is human, Black is human, with a clock of 0\.05\+0\.$"
say clock "^White has 3\.0, Black has 3\.0; no clock runs\.$"
say "clock none" "^clock none from the next game \(new\)$"
say new "^New game "
send 3 ""
send 3 ""
say "" "^Clock: none, or minutes\+seconds such as 5\+3\? Enter: none\.$"
say "" "^A game of Congo: White is human, Black is human, without a clock\.$"
# an AI paused on its move is said paused, not thinking
send 3 "movetime 60000"
send 3 "white alphabeta"
say pause "^paused: pause resumes, step plays one move$"
say status "^Move 1: White to move; the AI is paused \(pause resumes\)\.$"
say "white human" "^White is now played by human$"
# a puzzle: its hint names no mark, its solution the command back
say learn "^Type a lesson's number to start it, puzzle for the puzzles"
say puzzle "^Puzzle [0-9]+ of [0-9]+, rated [0-9]+: (White|Black) takes the lion in [0-9]+ moves?\.$"
say hint "^Hint: move the [a-z]+ on [a-g][1-7]$"
say solution "^Solution, played on the board: [a-g1-7]+  \(back steps back through it; Enter: the next puzzle\)$"
say back "^Reviewing"
finish r 3
# Megapawn: the river's islands in the board's words and the diagram's
# legend (its own state folder: no kept game asked about)
XDG_STATE_HOME=$tmp/state-m
export XDG_STATE_HOME
start m 4 --black human --variant megapawn
wait_for m "^Move 1: White to move\.$"
send 4 board
wait_for m "^Rank 4, the river, with islands on a4, b4, f4, g4: empty\.$"
send 4 diagram
wait_for m "; rank 4 \(~\) is the river, \^ an island\.$"
finish m 4
# --puzzle --theme T (and --streak) plays that theme's puzzles, counted in
# that set; an unknown theme is refused with the list (issue 57: ignored,
# and accepted silently)
n=$(awk -F'\t' '$1 == "congo" && ($5 == "giraffe" || $5 == "giraffe-quiet")' \
    "$CONGO_DATADIR/puzzles.tsv" | wc -l)
[ "$n" -gt 1 ] || die "no giraffe puzzles in $CONGO_DATADIR/puzzles.tsv"
for opt in "" --streak; do
	printf 'quit\n' | "$congo" --plain --puzzle $opt --theme giraffe \
	    >"$tmp/theme.out" 2>&1
	grep -Eq "^Puzzle [1-9][0-9]* of $n, rated " "$tmp/theme.out" ||
	    die "--puzzle $opt --theme giraffe: not of the $n giraffe puzzles: $(cat "$tmp/theme.out")"
done
printf 'quit\n' | "$congo" --plain --puzzle --theme bogus \
    >"$tmp/bogus.out" 2>&1 && die "--theme bogus accepted"
grep -q "^congo: --theme: no Congo puzzle has the theme 'bogus'; themes: .*giraffe.*endgame" \
    "$tmp/bogus.out" || die "--theme bogus: $(cat "$tmp/bogus.out")"
# learn over a game in progress (issue 57): a puzzle or a lesson asks
# first, back goes back to the game as it was
printf 'd2d3\nlearn\npuzzle\nno\n1\nno\nback\nlast\nquit\nyes\n' |
    XDG_STATE_HOME=$tmp/state-l "$congo" --plain --white human \
    --black human >"$tmp/learn.out" 2>&1
for pat in "^Leave this game for a puzzle\? Answer yes or no\.$" \
    "^Leave this game for the lesson\? Answer yes or no\.$" \
    "^back to the game$" "^The last move: White pawn d2 to d3\.$"; do
	grep -Eq "$pat" "$tmp/learn.out" ||
	    die "learn over a game: no '$pat' in: $(cat "$tmp/learn.out")"
done
# next mistake / previous mistake and > <: the moves the analysis (or
# the record's glyphs) marked, reviewed (issue 62)
printf '[Event "t"]\n\n1. d2d3 d6d5 $2 2. c2c3 c6c5 3. b2b3 $4 b6b5 *\n' \
    >"$tmp/marks.pgn"
printf 'first\nnext mistake\n>\n>\n<\nprevious mistake\nquit\n' |
    XDG_STATE_HOME=$tmp/state-k "$congo" --plain --load "$tmp/marks.pgn" \
    >"$tmp/marks.out" 2>&1
sed -n '/^Reviewing: the start position\.$/,$p' "$tmp/marks.out" >"$tmp/marks.got"
printf '%s\n' "Reviewing: the start position." "1... d6d5?" \
    "Reviewing, after move 1: Black pawn d6 to d5." "3. b2b3??" \
    "Reviewing, after move 3: White pawn b2 to b3." "no later marked move" \
    "1... d6d5?" "Reviewing, after move 1: Black pawn d6 to d5." \
    "no earlier marked move" "Goodbye." >"$tmp/marks.want"
cmp -s "$tmp/marks.got" "$tmp/marks.want" ||
    die "next/previous mistake: $(cat "$tmp/marks.out")"
# new's answers: a variant, players and a clock by their words, one
# refused and asked again; a game in progress left only on yes (issue 62)
printf '%s\n' d2d3 new megapawn human bogus "ai level 3" 5+3 no status new \
    2 "ai:level=1" 3 5+3 yes quit | XDG_STATE_HOME=$tmp/state-n "$congo" --plain \
    --white human --black human >"$tmp/new.out" 2>&1
for pat in "^'bogus' is not a player: human, or ai level 1 to 10" \
    "^Black: human, or ai level 1 to 10 \(help players names them\)\? Enter: human\.$" \
    "^Leave this game for a new one\? .*Answer yes or no\.$" \
    "^No new game: the game goes on\.$" "^Move 1: Black to move\.$" \
    "^A game of Megapawn: White is AI level 1 \(Beginner\), Black is AI level 3 \(Learner\), with a clock of 5\+3\.$"; do
	grep -Eq "$pat" "$tmp/new.out" || die "new: no '$pat' in: $(cat "$tmp/new.out")"
done
# white/black ai level N, in new's words (issue 62)
printf 'black ai level 3\nquit\n' | XDG_STATE_HOME=$tmp/state-v \
    "$congo" --plain --white human --black human >"$tmp/lv.out" 2>&1
grep -q "^Black is now played by AI level 3 (Learner)$" "$tmp/lv.out" ||
    die "black ai level 3: $(cat "$tmp/lv.out")"
# a lesson's title and introduction said once, not again from the
# message log (issue 62)
printf 'learn\n1\nquit\n' | XDG_STATE_HOME=$tmp/state-i "$congo" --plain \
    >"$tmp/intro.out" 2>&1
[ "$(grep -c "^Lesson 1: " "$tmp/intro.out")" = 1 ] ||
    die "lesson 1's title: $(cat "$tmp/intro.out")"
grep -q "^Lesson: " "$tmp/intro.out" && die "lesson 1's title said twice"
[ "$(grep -c "^The lion steps one square" "$tmp/intro.out")" = 1 ] ||
    die "lesson 1's introduction not said once: $(cat "$tmp/intro.out")"
# an analysis's progress said: at each tenth (here each of 9 positions),
# and every 10 s while a position takes longer (issue 62)
printf '[Event "t"]\n\n1. d2d3 d6d5 2. c2c3 c6c5 3. b2b3 b6b5 4. a2a3 a6a5 *\n' \
    >"$tmp/an.pgn"
XDG_STATE_HOME=$tmp/state-a
export XDG_STATE_HOME
start a 5 --white human --black human --load "$tmp/an.pgn"
wait_for a "^Move 5: White to move\.$"
send 5 "analyse movetime 100"
wait_for a "^analysis done in "
for n in 1 2 3 4 5 6 7 8; do
	grep -Eq "^Analysing: $((n * 100 / 9))% done, $n of 9 positions(, about [0-9]+ s left)?\.$" \
	    "$tmp/a.out" || die "analyse: position $n of 9 not said"
done
send 5 new
send 5 ""
send 5 ""
send 5 ""
send 5 ""
wait_for a "^Leave this game for a new one\?"
send 5 yes
wait_for a "^A game of Congo"
send 5 d2d3
wait_for a "^Move 1: Black to move\.$"
from=$(lines a)
send 5 "analyse movetime 60000"
wait_for a "^Analysing: 0% done, 0 of 2 positions\.$" 30 "$from"
send 5 "analyse stop"
wait_for a "^analysis cancelled" 15 "$from"
# the plain mode's words: analyse stop, analyze again (issue 62)
grep -q "^analysing the game: 2 positions at a time a position (analyse stop cancels)$" \
    "$tmp/a.out" || die "analyse: not said in the plain mode's words"
send 5 analyze
wait_for a "^analysis on \(analyze again stops it\)$"
send 5 analyze
finish a 5
no_keys
plain_text
echo PASS
