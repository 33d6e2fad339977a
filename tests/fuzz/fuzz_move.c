/*
 * fuzz_move.c: move text on any bytes. Input: "<FEN>\n<move text>" (a FEN
 * that does not read, or no line break, means the start position).
 * notation_read either names a legal move, whose text reads back to it and
 * which game_play_text accepts too, or refuses with a message, as
 * game_play_text must then do.
 */

#include <ctype.h>
#include <strings.h>

#include "engine/board.h"
#include "engine/fen.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/notation.h"

#include "fuzz_board.h"
#include "fuzz_util.h"

FUZZ_INIT_BOARD()

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct game_rules rules = GAME_RULES_DEFAULT;
	char err[160], err2[160], small[4], text[MOVE_TEXT_MAX], *buf, *mv, *nl;
	struct board b, before, after;
	struct game g;
	move_t m, back, m2;
	const char *p;
	size_t n;
	bool over;
	int rc, rc2;

	fuzz_count(size);

	if (size > 4096)
		return 0;
	buf = fuzz_strndup(data, size);
	nl = strchr(buf, '\n');
	if (nl != NULL) {
		*nl = '\0';
		mv = nl + 1;
		if (fen_read(&b, buf, err, sizeof err) < 0)
			fen_read(&b, FEN_START, NULL, 0);
	} else {
		mv = buf;
		fen_read(&b, FEN_START, NULL, 0);
	}
	before = b;
	rc = notation_read(&b, mv, &m, err, sizeof err);
	FUZZ_CHECK(memcmp(&b, &before, sizeof b) == 0,
	    "notation_read changed the board");
	FUZZ_CHECK(notation_read(&b, mv, &m2, small, sizeof small) == rc &&
	    notation_read(&b, mv, &m2, NULL, 0) == rc, "rc depends on err");

	game_init(&g, &b, &rules);
	over = game_over(&g);
	rc2 = game_play_text(&g, mv, err2, sizeof err2);
	if (rc != 0) {
		FUZZ_CHECK(rc == -1, "notation_read returned %d", rc);
		fuzz_check_err(err, sizeof err);
		FUZZ_CHECK(rc2 == -1 && g.nply == 0,
		    "game_play_text took '%s' that notation_read refused", mv);
		fuzz_check_err(err2, sizeof err2);
		goto out;
	}
	FUZZ_CHECK(movegen_is_legal(&b, m), "'%s' read as an illegal move", mv);
	notation_write(m, text, sizeof text);
	FUZZ_CHECK(notation_read(&b, text, &back, err, sizeof err) == 0 &&
	    back == m, "'%s' written as '%s' reads back differently", mv, text);
	/* The text names exactly that move: the same squares, white space
	 * around it and case aside. */
	while (isspace((unsigned char)*mv))
		mv++;
	n = strlen(mv);
	while (n > 0 && isspace((unsigned char)mv[n - 1]))
		n--;
	FUZZ_CHECK(n == strlen(text) && strncasecmp(text, mv, n) == 0,
	    "'%s' read as '%s'", mv, text);
	after = b;
	board_make(&after, m, NULL);
	p = fuzz_board_problem(&after);
	FUZZ_CHECK(p == NULL, "after '%s': %s", text, p);
	if (over) {
		FUZZ_CHECK(rc2 == -1, "a move after the end");
	} else {
		FUZZ_CHECK(rc2 == 0 && g.nply == 1 && g.moves[0] == m,
		    "game_play_text refused '%s': %s", mv, err2);
		FUZZ_CHECK(board_same_position(game_board(&g), &after),
		    "game_play_text and board_make differ");
	}
out:
	game_free(&g);
	free(buf);
	return 0;
}
