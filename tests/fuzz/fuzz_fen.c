/*
 * fuzz_fen.c: fen_read on any bytes. A refused FEN leaves the board as it
 * was and says why; an accepted one is a consistent position whose
 * fen_write reads back to the same position, and whose move generators
 * (count, visit, list, is_legal, make) agree with each other.
 */

#include "engine/board.h"
#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/notation.h"

#include "fuzz_board.h"
#include "fuzz_util.h"

/* Past this many moves only the counts are compared (a monkey among many
 * pieces can have tens of thousands of paths). */
#define DETAIL_MAX 4096

struct visit_ctx {
	const struct board *b;
	uint64_t n;
};

static void
visit(void *arg, move_t m)
{
	struct visit_ctx *v = arg;

	if (v->n++ < 64)
		FUZZ_CHECK(movegen_is_legal(v->b, m), "visited move %d not "
		    "legal", (int)v->n);
}

FUZZ_INIT_BOARD()

static void
check_moves(const struct board *b)
{
	static struct movelist ml;
	struct visit_ctx v = { b, 0 };
	uint64_t n = movegen_count(b);
	char text[MOVE_TEXT_MAX], err[160];
	const char *p;
	move_t back;
	int i;

	movegen_visit(b, visit, &v);
	FUZZ_CHECK(v.n == n, "movegen_count %llu, movegen_visit %llu",
	    (unsigned long long)n, (unsigned long long)v.n);
	if (n > DETAIL_MAX)
		return;
	movegen_legal(b, &ml);
	FUZZ_CHECK(ml.truncated ? (uint64_t)ml.n < n : (uint64_t)ml.n == n,
	    "movegen_legal listed %d of %llu (cut short: %d)", ml.n,
	    (unsigned long long)n, ml.truncated);
	for (i = 0; i < ml.n; i++) {
		struct board c = *b;
		move_t m = ml.moves[i];

		FUZZ_CHECK(movegen_is_legal(b, m), "listed move not legal");
		board_make(&c, m, NULL);
		p = fuzz_board_problem(&c);
		FUZZ_CHECK(p == NULL, "after a move: %s", p);
		FUZZ_CHECK(c.side != b->side, "side to move did not change");
		notation_write(m, text, sizeof text);
		FUZZ_CHECK(notation_read(b, text, &back, err, sizeof err) == 0,
		    "%s does not read back: %s", text, err);
		FUZZ_CHECK(back == m, "%s reads back as another move", text);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct board b, before, again, tmp;
	char err[160], small[8], out[256], out2[256];
	const char *p;
	char *text;
	int rc;

	fuzz_count(size);

	if (size > 4096)
		return 0;
	text = fuzz_strndup(data, size);
	memset(&b, 0x5a, sizeof b);
	before = b;
	rc = fen_read(&b, text, err, sizeof err);
	/* Small or missing message buffers change nothing but the message. */
	FUZZ_CHECK(fen_read(&tmp, text, small, sizeof small) == rc, "rc");
	FUZZ_CHECK(fen_read(&tmp, text, small, 1) == rc, "rc");
	FUZZ_CHECK(fen_read(&tmp, text, NULL, 0) == rc, "rc");
	if (rc != 0) {
		FUZZ_CHECK(rc == -1, "fen_read returned %d", rc);
		FUZZ_CHECK(memcmp(&b, &before, sizeof b) == 0,
		    "a refused FEN changed the board");
		fuzz_check_err(err, sizeof err);
		free(text);
		return 0;
	}
	p = fuzz_board_problem(&b);
	FUZZ_CHECK(p == NULL, "after fen_read: %s", p);

	fen_write(&b, out, sizeof out);
	FUZZ_CHECK(strlen(out) < FEN_MAX, "fen_write wrote %zu bytes",
	    strlen(out));
	rc = fen_read(&again, out, err, sizeof err);
	FUZZ_CHECK(rc == 0, "'%s' (written for '%s') does not read back: %s",
	    out, text, err);
	FUZZ_CHECK(board_same_position(&b, &again), "round trip of '%s'",
	    out);
	FUZZ_CHECK(b.hash == again.hash, "hash differs after a round trip");
	/* the course form's move 0 is written as our first, 1 */
	FUZZ_CHECK(b.quiet == again.quiet &&
	    again.fullmove == (b.fullmove == 0 ? 1 : b.fullmove),
	    "counters differ after a round trip of '%s'", out);
	fen_write(&again, out2, sizeof out2);
	FUZZ_CHECK(strcmp(out, out2) == 0, "'%s' then '%s'", out, out2);
	/* FEN_MAX is enough, as fen.h says. */
	fen_write(&b, out2, FEN_MAX);
	FUZZ_CHECK(strcmp(out, out2) == 0, "FEN_MAX too small for '%s'", out);

	check_moves(&b);
	free(text);
	return 0;
}
