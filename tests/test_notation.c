/*
 * test_notation.c: move text (RULES.md "Move text"): writing, reading in
 * either case, monkey chains, and errors naming the text.
 */
#include "test_util.h"

static void
test_write(void **state)
{
	char buf[MOVE_TEXT_MAX];

	(void)state;
	assert_int_equal(notation_write(MOVE_MAKE(tu_sq("d2"), tu_sq("d3")),
	    buf, sizeof buf), 4);
	assert_string_equal(buf, "d2d3");
	assert_int_equal(notation_write(MOVE_MAKE(tu_sq("a1"), tu_sq("g7")),
	    buf, sizeof buf), 4);
	assert_string_equal(buf, "a1g7");
	assert_int_equal(notation_write(MOVE_MAKE(tu_sq("g1"), tu_sq("f3")),
	    buf, sizeof buf), 4);
	assert_string_equal(buf, "g1f3");
}

static void
test_read(void **state)
{
	struct board b;
	move_t m;
	char err[128];

	(void)state;
	tu_setup(&b, FEN_START);
	assert_int_equal(notation_read(&b, "d2d3", &m, err, sizeof err), 0);
	assert_true(m == MOVE_MAKE(tu_sq("d2"), tu_sq("d3")));
	assert_int_equal(notation_read(&b, "G1F3", &m, err, sizeof err), 0);
	assert_true(m == MOVE_MAKE(tu_sq("g1"), tu_sq("f3")));
	assert_int_equal(notation_read(&b, "A1c3", &m, err, sizeof err), 0);
	assert_true(m == MOVE_MAKE(tu_sq("a1"), tu_sq("c3")));
	/* Black's turn. */
	tu_setup(&b, "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ b 0 1");
	assert_int_equal(notation_read(&b, "e7e5", &m, err, sizeof err), 0);
	assert_true(m == MOVE_MAKE(tu_sq("e7"), tu_sq("e5")));
}

static void
check_error(const struct board *b, const char *text, const char *want)
{
	move_t m = MOVE_NONE;
	char err[128];

	memset(err, 0, sizeof err);
	if (notation_read(b, text, &m, err, sizeof err) != -1)
		fail_msg("notation_read accepted \"%s\"", text);
	if (err[0] == '\0')
		fail_msg("notation_read(\"%s\") gave no message", text);
	if (want != NULL && !tu_contains(err, want))
		fail_msg("message for \"%s\" is \"%s\": no \"%s\"", text, err,
		    want);
}

static void
test_errors(void **state)
{
	struct board b;

	(void)state;
	tu_setup(&b, FEN_START);
	check_error(&b, "d2d5", "d2d5 is not a legal move");
	check_error(&b, "D2D5", "is not a legal move");
	check_error(&b, "d7d6", "d7d6 is not a legal move");
	check_error(&b, "d2d2", "d2d2 is not a legal move");
	check_error(&b, "a1a1", "a1a1 is not a legal move");
	check_error(&b, "x9d3", "x9");
	check_error(&b, "x9d3", "not a square");
	check_error(&b, "d2h3", "h3");
	check_error(&b, "d0d1", "d0");
	check_error(&b, "d2d", "d2d");
	check_error(&b, "d", "d");
	check_error(&b, "", NULL);
	check_error(&b, "d2-d3", NULL);
	check_error(&b, "d2 d3", NULL);
	check_error(&b, "d2d3d4d5d6d7d6d5d4d3d2d3d4d5d6d7d6", NULL);
	check_error(&b, "d2d3d4d5d6d7d6d5d4d3d2d3d4d5d6d7d6d5d4d3d2d3d4d5"
	    "d6d7d6d5d4d3d2d3d4d5d6d7", NULL);
	/* A legal step written as a jump chain is not a move. */
	check_error(&b, "d2d3d4", "d2d3d4");
}

static void
test_short_error_buffer(void **state)
{
	struct board b;
	move_t m;
	char err[6];

	(void)state;
	tu_setup(&b, FEN_START);
	memset(err, 'x', sizeof err);
	assert_int_equal(notation_read(&b, "d2d5", &m, err, sizeof err), -1);
	assert_non_null(memchr(err, '\0', sizeof err));
}

/* Every legal move of many positions reads back from its own text. */
static void
test_round_trip_random(void **state)
{
	struct board b;
	uint64_t seed = 4242;
	int n = 0;

	(void)state;
	for (int game = 0; game < 40; game++) {
		tu_setup(&b, FEN_START);
		for (int ply = 0; ply < 100; ply++) {
			struct movelist ml;

			if (movegen_legal(&b, &ml) == 0)
				break;
			for (int i = 0; i < ml.n; i++) {
				char text[MOVE_TEXT_MAX], err[128];
				move_t m;
				int len = notation_write(ml.moves[i], text,
				    sizeof text);

				assert_int_equal(len, (int)strlen(text));
				assert_int_equal(len,
				    4 + 2 * (MOVE_NJUMPS(ml.moves[i]) > 0 ?
				    MOVE_NJUMPS(ml.moves[i]) - 1 : 0));
				assert_int_equal(notation_read(&b, text, &m,
				    err, sizeof err), 0);
				assert_true(m == ml.moves[i]);
				for (char *p = text; *p; p++)
					*p = toupper((unsigned char)*p);
				assert_int_equal(notation_read(&b, text, &m,
				    err, sizeof err), 0);
				assert_true(m == ml.moves[i]);
				n++;
			}
			seed = seed * 6364136223846793005ULL +
			    1442695040888963407ULL;
			board_make(&b, ml.moves[(seed >> 33) % ml.n], NULL);
		}
	}
	assert_true(n > 1000);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_write),
		cmocka_unit_test(test_read),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_short_error_buffer),
		cmocka_unit_test(test_round_trip_random),
	};

	board_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
