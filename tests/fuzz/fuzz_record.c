/*
 * fuzz_record.c: record_read on any bytes. A refused record says
 * "fuzz.pgn:LINE: ..." and leaves nothing to free; an accepted one is a
 * game of legal moves that record_write writes and record_read reads back
 * to the same moves, result and tags; read with its variations, written
 * with them and read back, the same tree and, written again, the same
 * text.
 */

#include <strings.h>

#include "engine/board.h"
#include "engine/fen.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "record/record.h"

#include "fuzz_util.h"

FUZZ_INIT_BOARD()

static bool
fixed_tag(const char *name)
{
	static const char *const gamebound[] = { "Variant", "FEN", "Result",
		"Termination", "Event", "Site", "Date", "Round", "White",
		"Black", NULL };

	for (int i = 0; gamebound[i] != NULL; i++)
		if (strcmp(name, gamebound[i]) == 0)
			return true;
	return false;
}

/* The writer shows control characters as spaces. */
static bool
same_value(const char *a, const char *b)
{
	for (; *a != '\0' && *b != '\0'; a++, b++) {
		unsigned char c = (unsigned char)*a;
		if (c < 0x20 || c == 0x7f)
			c = ' ';
		if (c != (unsigned char)*b)
			return false;
	}
	return *a == *b;
}

static void
check_game(const struct game *g)
{
	struct board b;

	FUZZ_CHECK(g->nply >= 0 && g->pos != NULL, "no game");
	for (int i = 0; i < g->nply; i++) {
		FUZZ_CHECK(movegen_is_legal(&g->pos[i], g->moves[i]),
		    "ply %d is not legal", i);
		b = g->pos[i];
		board_make(&b, g->moves[i], NULL);
		FUZZ_CHECK(board_same_position(&b, &g->pos[i + 1]),
		    "ply %d does not lead to the next position", i);
	}
}

/* Read with its variations (a record that reads, reads so too), written
 * with them and read back: the same tree, the same text again. */
static char *
tree_text(const char *in, size_t len, const char *name, int *count)
{
	struct game g;
	struct record_notes ns;
	struct record_tree t;
	char err[512], *text = NULL;
	size_t n = 0;
	FILE *f = len > 0 ? fmemopen((void *)in, len, "r") :
	    fopen("/dev/null", "r");
	int rc;

	if (f == NULL)
		abort();
	rc = record_read_tree(f, name, 0, &g, NULL, NULL, &ns, &t, err,
	    sizeof err);
	fclose(f);
	FUZZ_CHECK(rc == 0, "%s: read with its tree, refused: %s", name, err);
	*count = record_tree_count(&t);
	f = open_memstream(&text, &n);
	if (f == NULL)
		abort();
	FUZZ_CHECK(record_write_tree(f, &g, NULL, &ns, &t) == 0,
	    "record_write_tree failed");
	fclose(f);
	game_free(&g);
	record_notes_free(&ns);
	record_tree_free(&t);
	return text;
}

static void
tree_round_trip(const uint8_t *data, size_t size)
{
	char *once, *twice;
	int n1, n2;

	once = tree_text((const char *)data, size, "fuzz.pgn", &n1);
	twice = tree_text(once, strlen(once), "tree.pgn", &n2);
	FUZZ_CHECK(n1 == n2, "%d moves in the tree, then %d", n1, n2);
	free(twice);
	twice = tree_text(once, strlen(once), "tree.pgn", &n2);
	{
		char *third = tree_text(twice, strlen(twice), "tree2.pgn", &n2);
		FUZZ_CHECK(strcmp(third, twice) == 0, "written twice, not the "
		    "same:\n%s----\n%s----", twice, third);
		free(third);
	}
	free(twice);
	free(once);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct game g, back, zero;
	struct record_tags tags, tags2;
	char err[512], *text = NULL;
	size_t len = 0;
	uint8_t *copy;
	FILE *f;
	int rc, i;

	fuzz_count(size);

	if (size > 65536)
		return 0;
	copy = malloc(size + 1);
	if (copy == NULL)
		abort();
	memcpy(copy, data, size);
	/* fmemopen refuses an empty buffer. */
	f = size > 0 ? fmemopen(copy, size, "r") : fopen("/dev/null", "r");
	if (f == NULL)
		abort();
	memset(&g, 0x5a, sizeof g);
	memset(&zero, 0, sizeof zero);
	rc = record_read(f, "fuzz.pgn", &g, &tags, NULL, err, sizeof err);
	fclose(f);
	if (rc != 0) {
		FUZZ_CHECK(rc == -1, "record_read returned %d", rc);
		fuzz_check_err(err, sizeof err);
		FUZZ_CHECK(strncmp(err, "fuzz.pgn:", 9) == 0, "'%s' does not "
		    "name the file", err);
		FUZZ_CHECK(memcmp(&g, &zero, sizeof g) == 0,
		    "a refused record left something in the game");
		free(copy);
		return 0;
	}
	check_game(&g);

	f = open_memstream(&text, &len);
	if (f == NULL)
		abort();
	FUZZ_CHECK(record_write(f, &g, &tags) == 0, "record_write failed");
	fclose(f);
	f = fmemopen(text, len, "r");
	if (f == NULL)
		abort();
	rc = record_read(f, "back.pgn", &back, &tags2, NULL, err, sizeof err);
	fclose(f);
	FUZZ_CHECK(rc == 0, "what record_write wrote does not read back: %s\n"
	    "----\n%s----", err, text);
	check_game(&back);
	FUZZ_CHECK(back.nply == g.nply, "%d plies, then %d", g.nply, back.nply);
	for (i = 0; i < g.nply; i++)
		FUZZ_CHECK(back.moves[i] == g.moves[i], "ply %d differs", i);
	FUZZ_CHECK(board_same_position(&back.pos[0], &g.pos[0]) &&
	    /* the course form's move 0 is written as our first, 1 */
	    back.pos[0].fullmove == (g.pos[0].fullmove == 0 ? 1 :
	    g.pos[0].fullmove) &&
	    back.pos[0].quiet == g.pos[0].quiet, "start differs");
	FUZZ_CHECK(back.result == g.result && back.reason == g.reason,
	    "result %d/%d, then %d/%d", g.result, g.reason, back.result,
	    back.reason);
	/* The record's own tags come back, in order, as many as the fixed
	 * ones leave room for (16 in all). */
	{
		int nfixed = 0, k = 0;

		for (i = 0; i < tags2.n; i++)
			nfixed += fixed_tag(tags2.name[i]);
		for (i = 0; i < tags.n; i++) {
			const char *v = record_tag_get(&tags2, tags.name[i]);
			if (fixed_tag(tags.name[i]))
				continue;
			if (nfixed + k++ >= RECORD_TAG_MAX) {
				FUZZ_CHECK(v == NULL, "tag %s written past "
				    "the 16th", tags.name[i]);
				continue;
			}
			FUZZ_CHECK(v != NULL && same_value(tags.value[i], v),
			    "tag %s \"%s\" read back as \"%s\"",
			    tags.name[i], tags.value[i], v != NULL ? v :
			    "(none)");
		}
	}
	game_free(&back);
	game_free(&g);
	free(text);
	tree_round_trip(copy, size);
	free(copy);
	return 0;
}
