/*
 * test_plain_say.c: the sentences of congo --plain (src/plain/plain_say.c):
 * a move in words, a capture, a monkey's chain jump by jump, drowning (and
 * megapawn's islands, where nothing drowns), promotion in both variants,
 * the lion taken, a rank, the pieces, a piece's moves, and text made safe
 * for a terminal (no escape byte).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine/board.h"
#include "engine/notation.h"
#include "plain/plain_say.h"
#include "test_main.h"

static struct board b;
static char buf[PLAIN_SAY_MAX];

/* An empty board of a variant with both lions home, White to move. */
static void
setup(int variant)
{
	board_init();
	board_clear(&b);
	board_set_variant(&b, variant);
	board_put(&b, SQ(3, 0), PIECE_MAKE(WHITE, LION));
	board_put(&b, SQ(3, 6), PIECE_MAKE(BLACK, LION));
}

static void
put(const char *sq, int color, int type)
{
	board_put(&b, board_sq_parse(sq), PIECE_MAKE(color, type));
}

static const char *
say(const char *text)
{
	char err[160];
	move_t m;

	assert_int_equal(notation_read(&b, text, &m, err, sizeof err), 0);
	plain_say_move(&b, m, buf, sizeof buf);
	return buf;
}

static void
test_quiet_and_capture(void **state)
{
	(void)state;
	setup(VARIANT_CONGO);
	put("b1", WHITE, ZEBRA);
	put("c3", BLACK, PAWN);
	put("c2", WHITE, PAWN);
	assert_string_equal(say("b1c3"),
	    "White zebra b1 to c3, takes Black pawn.");
	assert_string_equal(say("c2d3"), "White pawn c2 to d3.");
}

static void
test_monkey_chain(void **state)
{
	(void)state;
	setup(VARIANT_CONGO);
	put("c1", WHITE, MONKEY);
	put("d2", BLACK, PAWN);
	put("f4", BLACK, ZEBRA);
	assert_string_equal(say("c1e3"), "White monkey c1 jumps to e3 "
	    "taking Black pawn on d2.");
	/* the chain square by square */
	assert_string_equal(say("c1e3g5"), "White monkey c1 jumps to e3 "
	    "taking Black pawn on d2, then to g5 taking Black zebra on f4.");
}

static void
test_drowning(void **state)
{
	(void)state;
	/* Congo: a piece that stays in the river drowns. */
	setup(VARIANT_CONGO);
	put("b4", WHITE, ZEBRA);
	put("c2", WHITE, PAWN);
	assert_string_equal(say("c2c3"), "White pawn c2 to c3. White zebra on "
	    "b4 drowns.");
	/* Megapawn: b4 is an island, d4 is deep water. */
	setup(VARIANT_MEGAPAWN);
	put("b4", WHITE, ZEBRA);
	put("d4", WHITE, GIRAFFE);
	put("c2", WHITE, PAWN);
	assert_string_equal(say("c2c3"), "White pawn c2 to c3. White giraffe "
	    "on d4 drowns.");
}

static void
test_promotion(void **state)
{
	(void)state;
	setup(VARIANT_CONGO);
	put("a6", WHITE, PAWN);
	put("b7", BLACK, ZEBRA);
	assert_string_equal(say("a6b7"), "White pawn a6 to b7, takes Black "
	    "zebra. White pawn on b7 becomes White superpawn.");
	setup(VARIANT_MEGAPAWN);
	put("a6", WHITE, PAWN);
	assert_string_equal(say("a6a7"), "White pawn a6 to a7. White pawn on "
	    "a7 becomes White megapawn.");
	/* Black promotes on rank 1 */
	setup(VARIANT_CONGO);
	b.side = BLACK;
	b.hash = board_hash_compute(&b);
	put("g2", BLACK, PAWN);
	assert_string_equal(say("g2g1"), "Black pawn g2 to g1. Black pawn on "
	    "g1 becomes Black superpawn.");
}

static void
test_lion_taken(void **state)
{
	(void)state;
	setup(VARIANT_CONGO);
	put("d5", WHITE, ELEPHANT);
	assert_string_equal(say("d5d7"), "White elephant d5 to d7, takes Black "
	    "lion. The lion is taken.");
}

static void
test_board_words(void **state)
{
	(void)state;
	setup(VARIANT_CONGO);
	put("b1", WHITE, ZEBRA);
	put("c4", BLACK, CROCODILE);
	plain_say_rank(&b, 0, buf, sizeof buf);
	assert_string_equal(buf, "Rank 1: b1 White zebra, d1 White lion.");
	plain_say_rank(&b, 3, buf, sizeof buf);
	assert_string_equal(buf, "Rank 4, the river: c4 Black crocodile.");
	plain_say_rank(&b, 4, buf, sizeof buf);
	assert_string_equal(buf, "Rank 5: empty.");
	put("a2", WHITE, PAWN);
	put("g2", WHITE, PAWN);
	plain_say_pieces(&b, WHITE, buf, sizeof buf);
	assert_string_equal(buf, "White pieces: White lion on d1; White zebra "
	    "on b1; White pawn on a2, g2.");
	assert_int_equal(plain_say_piece_moves(&b, SQ(1, 0), buf, sizeof buf),
	    3);
	assert_string_equal(buf, "White zebra on b1 can go to d2, a3 or c3.");
	/* the other side's piece: as on its turn */
	assert_true(plain_say_piece_moves(&b, SQ(2, 3), buf, sizeof buf) > 0);
	assert_non_null(strstr(buf, "Black crocodile on c4 can go to "));
	assert_int_equal(plain_say_piece_moves(&b, SQ(4, 4), buf, sizeof buf),
	    0);
	assert_string_equal(buf, "There is no piece on e5.");
	/* Megapawn's river names its islands, where nothing drowns */
	setup(VARIANT_MEGAPAWN);
	plain_say_rank(&b, 3, buf, sizeof buf);
	assert_string_equal(buf, "Rank 4, the river, with islands on a4, b4, "
	    "f4, g4: empty.");
	put("b4", WHITE, PAWN);
	put("d4", BLACK, CROCODILE);
	plain_say_rank(&b, 3, buf, sizeof buf);
	assert_string_equal(buf, "Rank 4, the river, with islands on a4, b4, "
	    "f4, g4: b4 White pawn, d4 Black crocodile.");
}

static void
test_piece_moves_chain(void **state)
{
	(void)state;
	setup(VARIANT_CONGO);
	put("c1", WHITE, MONKEY);
	put("d2", BLACK, PAWN);
	put("f4", BLACK, ZEBRA);
	put("b2", WHITE, PAWN);
	put("c2", WHITE, PAWN);
	put("b1", WHITE, PAWN);
	put("d1", WHITE, PAWN); /* (the lion's square: a pawn instead) */
	board_remove(&b, SQ(3, 0));
	put("e1", WHITE, LION);
	plain_say_piece_moves(&b, SQ(2, 0), buf, sizeof buf);
	assert_non_null(strstr(buf, "e3 then g5"));
}

static void
test_clean(void **state)
{
	char out[64];
	size_t i;

	(void)state;
	plain_clean("\x1b[31mred\x1b[0m tab\there", out, sizeof out);
	for (i = 0; out[i] != '\0'; i++)
		assert_true((unsigned char)out[i] >= 0x20 &&
		    (unsigned char)out[i] != 0x7f);
	assert_string_equal(out, " [31mred [0m tab here");
	/* UTF-8 kept; a C1 CSI (U+009B), a broken byte, an overlong form
	 * made blanks */
	plain_clean("caf\xc3\xa9 \xc2\x9b" "2J \xff \xc0\xaf.", out,
	    sizeof out);
	assert_string_equal(out, "caf\xc3\xa9   2J     .");
	/* cut whole: never half a character */
	plain_clean("ab\xc3\xa9", out, 4);
	assert_string_equal(out, "ab");
}

/* The full screen's command colon dropped where it starts a word, kept
 * elsewhere (a time, a label, French's " : ", a smiley) (issue 62). */
static void
test_unkey(void **state)
{
	char out[96];

	(void)state;
	plain_unkey("analysing (:analyse stop cancels)", out, sizeof out);
	assert_string_equal(out, "analysing (analyse stop cancels)");
	plain_unkey(":draw accepts; 'go N' or \":go N\"", out, sizeof out);
	assert_string_equal(out, "draw accepts; 'go N' or \"go N\"");
	plain_unkey("at 12:30, ann: hi :) ligne : a ai:level=3", out,
	    sizeof out);
	assert_string_equal(out, "at 12:30, ann: hi :) ligne : a ai:level=3");
	plain_unkey(":save", out, 4);
	assert_string_equal(out, "sav");
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_quiet_and_capture),
	cmocka_unit_test(test_monkey_chain),
	cmocka_unit_test(test_drowning),
	cmocka_unit_test(test_promotion),
	cmocka_unit_test(test_lion_taken),
	cmocka_unit_test(test_board_words),
	cmocka_unit_test(test_piece_moves_chain),
	cmocka_unit_test(test_clean),
	cmocka_unit_test(test_unkey))
