/*
 * test_util.h: helpers shared by the engine's cmocka tests.
 *
 * Positions are written as FEN (RULES.md "FEN"); moves as move text.
 * Every helper checks what it can on the way (the incremental hash against
 * a hash computed from scratch, movegen_count against the move list) so
 * each test also exercises those for free.
 */
#ifndef CONGO_TEST_UTIL_H
#define CONGO_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <cmocka.h>

#include "engine/board.h"
#include "engine/fen.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/notation.h"

#define TU_BUF 65536

/* Read a FEN that must be valid. */
#define tu_setup(b, fen) tu_setup_((b), (fen), __FILE__, __LINE__)
static inline void
tu_setup_(struct board *b, const char *fen, const char *file, int line)
{
	char err[256] = "";

	board_init();
	if (fen_read(b, fen, err, sizeof err) != 0) {
		print_error("%s:%d: fen_read(\"%s\") failed: %s\n", file, line,
		    fen, err);
		_fail(file, line);
	}
	if (board_hash_compute(b) != b->hash) {
		print_error("%s:%d: hash after fen_read(\"%s\") is not the "
		    "hash computed from scratch\n", file, line, fen);
		_fail(file, line);
	}
}

static inline int
tu_strcmp_p(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sort the space-separated words of in into out (duplicates kept). */
static inline void
tu_sort_words(const char *in, char *out, size_t n)
{
	static char copy[TU_BUF];
	static char *words[MOVELIST_MAX * 2];
	int nw = 0;
	char *p;
	size_t len = 0;

	snprintf(copy, sizeof copy, "%s", in);
	for (p = strtok(copy, " \t\n"); p != NULL && nw < MOVELIST_MAX * 2;
	    p = strtok(NULL, " \t\n"))
		words[nw++] = p;
	qsort(words, nw, sizeof words[0], tu_strcmp_p);
	out[0] = '\0';
	for (int i = 0; i < nw; i++) {
		int w = snprintf(out + len, n - len, "%s%s", i ? " " : "",
		    words[i]);
		if (w < 0 || (size_t)w >= n - len)
			break;
		len += w;
	}
}

/*
 * The legal moves of b as text, sorted and space-separated; only those
 * leaving square `from` ("d2") when from is not NULL. Checks that
 * movegen_count agrees and that movegen_is_legal accepts each move.
 */
static inline const char *
tu_moves(const struct board *b, const char *from)
{
	static char out[TU_BUF];
	static char raw[TU_BUF];
	static struct movelist ml;
	int fsq = from ? board_sq_parse(from) : -1;
	size_t len = 0;
	int n;

	if (from != NULL && fsq < 0)
		fail_msg("tu_moves: bad square '%s'", from);
	n = movegen_legal(b, &ml);
	assert_int_equal(n, ml.n);
	assert_false(ml.truncated);
	assert_int_equal((uint64_t)n, movegen_count(b));
	{
		/* movegen_all lists the same moves. */
		size_t na = 0;
		move_t *all = movegen_all(b, &na);

		assert_int_equal(na, (size_t)n);
		for (size_t i = 0; i < na; i++) {
			bool found = false;

			for (int j = 0; j < n && !found; j++)
				found = ml.moves[j] == all[i];
			assert_true(found);
		}
		free(all);
	}
	raw[0] = '\0';
	for (int i = 0; i < ml.n; i++) {
		char t[MOVE_TEXT_MAX];

		assert_true(movegen_is_legal(b, ml.moves[i]));
		if (fsq >= 0 && MOVE_FROM(ml.moves[i]) != fsq)
			continue;
		notation_write(ml.moves[i], t, sizeof t);
		len += snprintf(raw + len, sizeof raw - len, "%s%s",
		    len ? " " : "", t);
		assert_true(len < sizeof raw);
	}
	tu_sort_words(raw, out, sizeof out);
	return out;
}

/* Assert the full sorted list of moves from a square (or all, from NULL). */
#define assert_moves(b, from, want) \
	tu_assert_moves_((b), (from), (want), __FILE__, __LINE__)
static inline void
tu_assert_moves_(const struct board *b, const char *from, const char *want,
    const char *file, int line)
{
	static char w[TU_BUF];
	const char *got = tu_moves(b, from);

	tu_sort_words(want, w, sizeof w);
	if (strcmp(got, w) != 0) {
		char fen[FEN_MAX];

		fen_write(b, fen, sizeof fen);
		print_error("%s:%d: moves from %s in %s\n  want: %s\n  got:  %s\n",
		    file, line, from ? from : "(all)", fen, w, got);
		_fail(file, line);
	}
}

/* Same, from a FEN. */
#define assert_fen_moves(fen, from, want) do { \
	struct board b_; \
	tu_setup(&b_, (fen)); \
	assert_moves(&b_, (from), (want)); \
} while (0)

/* Find the legal move whose text is `text`, by the move list (not by
 * notation_read); fails the test when there is none or more than one. */
#define tu_move(b, text) tu_move_((b), (text), __FILE__, __LINE__)
static inline move_t
tu_move_(const struct board *b, const char *text, const char *file, int line)
{
	static struct movelist ml;
	move_t found = MOVE_NONE;
	int nfound = 0;

	movegen_legal(b, &ml);
	for (int i = 0; i < ml.n; i++) {
		char t[MOVE_TEXT_MAX];

		notation_write(ml.moves[i], t, sizeof t);
		if (strcmp(t, text) == 0) {
			found = ml.moves[i];
			nfound++;
		}
	}
	if (nfound != 1) {
		char fen[FEN_MAX];

		fen_write(b, fen, sizeof fen);
		print_error("%s:%d: %d legal moves named %s in %s; legal: %s\n",
		    file, line, nfound, text, fen, tu_moves(b, NULL));
		_fail(file, line);
	}
	return found;
}

/* Is there a legal move with this text? */
static inline bool
tu_has_move(const struct board *b, const char *text)
{
	static struct movelist ml;

	movegen_legal(b, &ml);
	for (int i = 0; i < ml.n; i++) {
		char t[MOVE_TEXT_MAX];

		notation_write(ml.moves[i], t, sizeof t);
		if (strcmp(t, text) == 0)
			return true;
	}
	return false;
}

/* Play move text on b (board_make), checking the hash afterwards. */
#define tu_play(b, text, fx) tu_play_((b), (text), (fx), __FILE__, __LINE__)
static inline void
tu_play_(struct board *b, const char *text, struct move_effects *fx,
    const char *file, int line)
{
	move_t m = tu_move_(b, text, file, line);

	if (fx != NULL)
		memset(fx, 0, sizeof *fx);
	board_make(b, m, fx);
	if (board_hash_compute(b) != b->hash) {
		print_error("%s:%d: incremental hash after %s differs from "
		    "board_hash_compute\n", file, line, text);
		_fail(file, line);
	}
}

/* Assert the FEN of b. */
#define assert_fen(b, want) do { \
	char fen_[FEN_MAX]; \
	fen_write((b), fen_, sizeof fen_); \
	assert_string_equal(fen_, (want)); \
} while (0)

/* From a FEN play a list of space-separated moves and assert the FEN. */
#define assert_after(fen, moves, want) do { \
	struct board b_; \
	char mv_[1024]; \
	tu_setup(&b_, (fen)); \
	snprintf(mv_, sizeof mv_, "%s", (moves)); \
	for (char *p_ = strtok(mv_, " "); p_ != NULL; p_ = strtok(NULL, " ")) \
		tu_play(&b_, p_, NULL); \
	assert_fen(&b_, (want)); \
} while (0)

/* Does s contain sub, ignoring case? */
static inline bool
tu_contains(const char *s, const char *sub)
{
	size_t n = strlen(sub);

	for (; *s != '\0'; s++) {
		size_t i;

		for (i = 0; i < n; i++)
			if (tolower((unsigned char)s[i]) !=
			    tolower((unsigned char)sub[i]))
				break;
		if (i == n)
			return true;
	}
	return n == 0;
}

#define assert_contains(s, sub) do { \
	const char *s_ = (s), *sub_ = (sub); \
	if (!tu_contains(s_, sub_)) \
		fail_msg("\"%s\" does not contain \"%s\"", s_, sub_); \
} while (0)

/* Square number from its name, failing on a bad name. */
static inline int
tu_sq(const char *name)
{
	int s = board_sq_parse(name);

	assert_true(s >= 0);
	return s;
}

#endif
