/*
 * game_status.c: the end-of-game rules of RULES.md, in their order, and
 * the names of results.
 */
#include <stdio.h>

#include "engine/game.h"

enum game_result
game_status(const struct board *b, const struct board *history, int n,
    bool lion_taken, const struct game_rules *rules, enum game_reason *reason)
{
	const struct variant_desc *vd = variant_get(b->variant);
	int us = b->side;
	enum game_reason why = REASON_NONE;
	enum game_result res = RESULT_NONE;

	/* 1. Lion captured: the side to move has lost its lion. */
	if (lion_taken || !b->pieces[us][LION] || !b->pieces[us ^ 1][LION]) {
		why = REASON_LION_CAPTURED;
		res = !b->pieces[us][LION] ?
		    (us == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS) :
		    (us == WHITE ? RESULT_WHITE_WINS : RESULT_BLACK_WINS);
		goto out;
	}
	/* 1b. Where repeating loses (megapawn): a move that repeats any
	 * earlier position (the start included) loses for its mover, before
	 * "no move". Positions before the last capture, drowning or promotion
	 * cannot come back, so look only as far as b->quiet. */
	if (vd->repetition == VREP_LOSES && rules->repetition &&
	    history != NULL) {
		for (int k = 2; (uint32_t)k <= b->quiet && k <= n; k += 2) {
			if (board_same_position(&history[n - k], b)) {
				why = REASON_REPETITION;
				res = us == WHITE ? RESULT_WHITE_WINS :
				    RESULT_BLACK_WINS;
				goto out;
			}
		}
	}
	/* 2. No move: the side to move loses. */
	if (movegen_count(b) == 0) {
		why = REASON_NO_MOVES;
		res = us == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS;
		goto out;
	}
	/* 3. Bare lions, unless the side to move can take the other lion
	 * (not in megapawn: they play on). */
	if (vd->bare_lions_draw && (b->occ[WHITE] | b->occ[BLACK]) ==
	    (b->pieces[WHITE][LION] | b->pieces[BLACK][LION]) &&
	    !movegen_attacks_lion(b, us)) {
		why = REASON_BARE_LIONS;
		res = RESULT_DRAW;
		goto out;
	}
	/* 4. Third occurrence. Positions before the last capture, drowning
	 * or promotion cannot come back, so look only as far as b->quiet. */
	if (vd->repetition == VREP_THIRD_DRAWS && rules->repetition &&
	    history != NULL) {
		int seen = 0;
		for (int k = 2; (uint32_t)k <= b->quiet && k <= n; k += 2) {
			if (board_same_position(&history[n - k], b) &&
			    ++seen >= 2) {
				why = REASON_REPETITION;
				res = RESULT_DRAW;
				goto out;
			}
		}
	}
	/* 5. Quiet plies. */
	if (rules->quiet_plies > 0 &&
	    b->quiet >= (uint32_t)rules->quiet_plies) {
		why = REASON_QUIET_MOVES;
		res = RESULT_DRAW;
	}
out:
	if (reason != NULL)
		*reason = why;
	return res;
}

const char *
game_result_name(enum game_result r)
{
	switch (r) {
	case RESULT_WHITE_WINS:
		return "white-wins";
	case RESULT_BLACK_WINS:
		return "black-wins";
	case RESULT_DRAW:
		return "draw";
	default:
		return "none";
	}
}

const char *
game_reason_name(enum game_reason r)
{
	static const char *const names[] = {
		"none", "lion-captured", "no-moves", "bare-lions",
		"repetition", "quiet-moves", "resign", "agreement", "time",
		"abandoned", "adjudication"
	};
	_Static_assert(sizeof names / sizeof names[0] == REASON_LAST + 1,
	    "a name for every reason");

	return (unsigned)r < sizeof names / sizeof names[0] ? names[r] : "none";
}

void
game_result_text(enum game_result r, enum game_reason why, char *buf, size_t n)
{
	static const char *const texts[] = {
		"", "lion captured", "no moves left", "bare lions",
		"repetition", "quiet moves", "resignation", "agreement",
		"time forfeit", "abandonment", "adjudication"
	};
	const char *t = (unsigned)why < sizeof texts / sizeof texts[0] ?
	    texts[why] : "";

	/* A win by repetition is megapawn's: the loser repeated. */
	if (why == REASON_REPETITION && r != RESULT_DRAW) {
		snprintf(buf, n, "%s wins: %s repeated a position",
		    r == RESULT_WHITE_WINS ? "White" : "Black",
		    r == RESULT_WHITE_WINS ? "Black" : "White");
		return;
	}
	switch (r) {
	case RESULT_WHITE_WINS:
		snprintf(buf, n, "White wins: %s", t);
		break;
	case RESULT_BLACK_WINS:
		snprintf(buf, n, "Black wins: %s", t);
		break;
	case RESULT_DRAW:
		snprintf(buf, n, "Draw: %s", t);
		break;
	default:
		snprintf(buf, n, "Game in progress");
		break;
	}
}
