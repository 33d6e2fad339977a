/*
 * match_book_file.c: a book of openings read from a file (`congo --match
 * --book FILE`), as `congo --make-book` writes them (match_book_make.c).
 * One opening a line: the moves from the variant's start position in the
 * engine's notation, separated by blanks; '#' begins a comment to the end
 * of the line, and a line of only a comment or blanks is skipped. A
 * comment line "# variant NAME" says the book's variant: a match of
 * another refuses it. Every line is played through the rules engine when
 * the book is read, so a bad one is refused before any game with
 * FILE:LINE and what is wrong with it.
 */
#include <errno.h>
#include <sys/types.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/match.h"
#include "engine/fen.h"
#include "util/util.h"

#define BOOK_LINE_MAX 1024

int
match_book_line_play(const char *line, int variant,
    const struct game_rules *rules, struct game *g, char *err, size_t errlen)
{
	char buf[BOOK_LINE_MAX], *tok, *save = NULL, e[128];
	const char *fen = variant_start_fen(variant);
	struct board start;

	fen_read_variant(&start, variant, fen, strlen(fen), NULL, 0);
	game_init(g, &start, rules);
	snprintf(buf, sizeof buf, "%s", line);
	buf[strcspn(buf, "#")] = '\0';
	for (tok = strtok_r(buf, " \t\r\n", &save); tok != NULL;
	    tok = strtok_r(NULL, " \t\r\n", &save)) {
		if (game_over(g)) {
			snprintf(err, errlen, "the game is over before '%s'",
			    tok);
			game_free(g);
			return -1;
		}
		if (game_play_text(g, tok, e, sizeof e) != 0) {
			snprintf(err, errlen, "'%s': %s", tok, e);
			game_free(g);
			return -1;
		}
	}
	if (game_over(g)) {
		snprintf(err, errlen, "the game is over after the opening");
		game_free(g);
		return -1;
	}
	return 0;
}

/* The text of line (its moves, comment and blanks gone) in *out, or
 * "" for a line without moves; -1 for a "# variant" line naming another
 * variant or none known (err says which). */
static int
book_line(const char *line, int variant, char *out, size_t n, char *err,
    size_t errlen)
{
	const char *p = line + strspn(line, " \t");
	size_t len;
	int v;

	if (strncmp(p, "# variant ", 10) == 0) {
		char name[32];

		snprintf(name, sizeof name, "%.*s", (int)strcspn(p + 10,
		    " \t\r\n"), p + 10);
		v = variant_parse(name);
		if (v < 0) {
			snprintf(err, errlen, "unknown variant '%s'", name);
			return -1;
		}
		if (v != variant) {
			snprintf(err, errlen, "a book of %s openings, and the "
			    "match plays %s", name, variant_name(variant));
			return -1;
		}
	}
	len = strcspn(p, "#\r\n");
	while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t'))
		len--;
	snprintf(out, n, "%.*s", (int)len, p);
	return 0;
}

int
match_book_load(const char *path, int variant, const struct game_rules *rules,
    struct match_book *bk, char *err, size_t errlen)
{
	char text[BOOK_LINE_MAX], e[256], *line = NULL;
	size_t cap = 0;
	ssize_t len;
	FILE *f = fopen(path, "r");
	int lineno = 0;
	struct game g;

	memset(bk, 0, sizeof *bk);
	if (f == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while ((len = getline(&line, &cap, f)) != -1) {
		lineno++;
		if (len >= BOOK_LINE_MAX) {
			snprintf(err, errlen, "%s:%d: a line longer than %d "
			    "bytes", path, lineno, BOOK_LINE_MAX - 1);
			goto bad;
		}
		if (memchr(line, '\0', (size_t)len) != NULL) {
			snprintf(err, errlen, "%s:%d: a NUL byte", path,
			    lineno);
			goto bad;
		}
		if (book_line(line, variant, text, sizeof text, e,
		    sizeof e) != 0) {
			snprintf(err, errlen, "%s:%d: %s", path, lineno, e);
			goto bad;
		}
		if (text[0] == '\0')
			continue;
		if (match_book_line_play(text, variant, rules, &g, e,
		    sizeof e) != 0) {
			snprintf(err, errlen, "%s:%d: %s", path, lineno, e);
			goto bad;
		}
		game_free(&g);
		if (bk->n == bk->cap) {
			bk->cap = bk->cap ? 2 * bk->cap : 64;
			bk->line = xrealloc(bk->line, (size_t)bk->cap *
			    sizeof *bk->line);
		}
		bk->line[bk->n++] = xstrdup(text);
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto bad;
	}
	fclose(f);
	free(line);
	if (bk->n == 0) {
		snprintf(err, errlen, "%s: no opening in the file", path);
		match_book_free(bk);
		return -1;
	}
	return 0;
bad:
	fclose(f);
	free(line);
	match_book_free(bk);
	return -1;
}

void
match_book_free(struct match_book *bk)
{
	for (int i = 0; i < bk->n; i++)
		free(bk->line[i]);
	free(bk->line);
	memset(bk, 0, sizeof *bk);
}
