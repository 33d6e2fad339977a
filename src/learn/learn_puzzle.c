/*
 * learn_puzzle.c: the puzzle file, one puzzle a line:
 *   variant<TAB>FEN<TAB>N<TAB>main line<TAB>theme
 * and what is derived from a puzzle: its key and its rating, and its
 * theme in the reader's words.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "learn/learn.h"
#include "util/i18n.h"
#include "util/util.h"

int
learn_puzzle_parse(const char *line, struct learn_puzzle *p, char *err,
    size_t errlen)
{
	char buf[1024];
	char *field[6], *s, *tok, *save = NULL;
	int nf = 0;

	memset(p, 0, sizeof *p);
	if (strlen(line) >= sizeof buf)
		return util_error(err, errlen, "line too long");
	strcpy(buf, line);
	buf[strcspn(buf, "\r\n")] = '\0';
	for (s = buf; nf < 6; nf++) {
		field[nf] = s;
		s = strchr(s, '\t');
		if (s == NULL) {
			nf++;
			break;
		}
		*s++ = '\0';
	}
	if (nf != 5 || s != NULL)
		return util_error(err, errlen, "expected 5 tab-separated "
		    "fields: variant, FEN, N, main line, theme");
	if (!learn_variant_known(field[0]))
		return util_error(err, errlen, "unknown variant '%s' (congo or "
		    "megapawn)", field[0]);
	strcpy(p->variant, field[0]);
	if (strlen(field[1]) >= FEN_MAX || field[1][0] == '\0')
		return util_error(err, errlen, "bad FEN field");
	strcpy(p->fen, field[1]);
	if (parse_int(field[2], 1, LEARN_PUZZLE_NMAX, &p->n, NULL, 0) != 0)
		return util_error(err, errlen, "N '%s' is not 1..%d", field[2],
		    LEARN_PUZZLE_NMAX);
	for (tok = strtok_r(field[3], " ", &save); tok != NULL;
	    tok = strtok_r(NULL, " ", &save)) {
		if (p->nline >= LEARN_LINE_MAX)
			return util_error(err, errlen,
			    "the main line is too long");
		if (strlen(tok) >= MOVE_TEXT_MAX || strlen(tok) < 4)
			return util_error(err, errlen, "'%s' is not move text", tok);
		strcpy(p->moves[p->nline++], tok);
	}
	if (p->nline != 2 * p->n - 1)
		return util_error(err, errlen, "the main line has %d move%s; "
		    "N = %d needs %d", p->nline, p->nline == 1 ? "" : "s", p->n, 2 * p->n - 1);
	if (strlen(field[4]) >= LEARN_THEME_MAX || field[4][0] == '\0' ||
	    strpbrk(field[4], " ") != NULL)
		return util_error(err, errlen, "bad theme '%s' (one word)",
		    field[4]);
	strcpy(p->theme, field[4]);
	return 0;
}

void
learn_puzzle_format(const struct learn_puzzle *p, char *buf, size_t n)
{
	size_t len;
	int i;

	snprintf(buf, n, "%s\t%s\t%d\t", p->variant, p->fen, p->n);
	for (i = 0; i < p->nline; i++) {
		len = strlen(buf);
		snprintf(buf + len, n - len, "%s%s", i > 0 ? " " : "", p->moves[i]);
	}
	len = strlen(buf);
	snprintf(buf + len, n - len, "\t%s", p->theme);
}

int
learn_puzzles_read(struct vec *out, const char *path, char *err,
    size_t errlen)
{
	FILE *f = fopen(path, "r");
	char line[1100], msg[256];
	int no = 0;

	if (f == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		struct learn_puzzle p;
		no++;
		if (strchr(line, '\n') == NULL && !feof(f)) {
			snprintf(err, errlen, "%s:%d: line too long", path, no);
			fclose(f);
			return -1;
		}
		if (line[0] == '#' || line[strspn(line, " \t\r\n")] == '\0')
			continue;
		if (learn_puzzle_parse(line, &p, msg, sizeof msg) != 0) {
			snprintf(err, errlen, "%s:%d: %s", path, no, msg);
			fclose(f);
			return -1;
		}
		p.line = no;
		*(struct learn_puzzle *)vec_push(out) = p;
	}
	fclose(f);
	return 0;
}

static uint64_t
fnv(const struct learn_puzzle *p)
{
	uint64_t h = 1469598103934665603ULL;
	const char *parts[2] = { p->variant, p->fen };
	int i;
	const char *s;

	for (i = 0; i < 2; i++) {
		for (s = parts[i]; *s != '\0'; s++) {
			h ^= (unsigned char)*s;
			h *= 1099511628211ULL;
		}
		h ^= '\t';
		h *= 1099511628211ULL;
	}
	return h;
}

void
learn_puzzle_key(const struct learn_puzzle *p, char out[17])
{
	snprintf(out, 17, "%016llx", (unsigned long long)fnv(p));
}

int
learn_puzzle_rating(const struct learn_puzzle *p)
{
	int r = 800 + 300 * (p->n - 1);

	if (strstr(p->theme, "quiet") != NULL)
		r += 100;
	if (strstr(p->theme, "monkey-chain") != NULL)
		r += 50;
	return r + (int)(fnv(p) % 100);
}

/* The theme without its "-quiet": its piece or kind, n bytes. */
static size_t
theme_kind(const char *theme)
{
	size_t n = strlen(theme);

	if (n > 6 && strcmp(theme + n - 6, "-quiet") == 0)
		return n - 6;
	return n;
}

bool
learn_puzzle_has_theme(const struct learn_puzzle *p, const char *theme)
{
	size_t k = theme_kind(p->theme);

	if (theme == NULL || theme[0] == '\0')
		return true;
	if (strcmp(theme, "quiet") == 0)
		return k != strlen(p->theme);
	return strlen(theme) == k && strncmp(p->theme, theme, k) == 0;
}

/* Is word one of the blank-separated words of list? */
static bool
word_in(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *s = list;

	while ((s = strstr(s, word)) != NULL) {
		if ((s == list || s[-1] == ' ') && (s[n] == ' ' || s[n] == '\0'))
			return true;
		s += n;
	}
	return false;
}

void
learn_puzzle_themes(const struct vec *puzzles, const char *variant,
    char *out, size_t n)
{
	size_t i, len = 0;
	bool quiet = false;
	char word[LEARN_THEME_MAX + 2];

	if (n == 0)
		return;
	out[0] = '\0';
	for (i = 0; i < puzzles->len; i++) {
		const struct learn_puzzle *p = vec_at(puzzles, i);
		size_t k = theme_kind(p->theme);
		if (variant != NULL && strcmp(p->variant, variant) != 0)
			continue;
		quiet |= k != strlen(p->theme);
		snprintf(word, sizeof word, "%.*s", (int)k, p->theme);
		if (word_in(out, word))
			continue;
		len += (size_t)snprintf(out + len, n - len, "%s%s",
		    len > 0 ? " " : "", word);
		if (len >= n)
			len = n - 1;
	}
	if (quiet && len + 7 < n)
		snprintf(out + len, n - len, "%squiet", len > 0 ? " " : "");
}

/* The themes' kinds (learn_prove.c's theme_of, --from-tablebases'
 * "endgame"); the pieces' are the pieces' own messages. */
static const char *const theme_kinds[][2] = {
	{ "crocodile", N_("crocodile") },
	{ "elephant", N_("elephant") },
	{ "giraffe", N_("giraffe") },
	{ "monkey", N_("monkey") },
	{ "pawn", N_("pawn") },
	{ "superpawn", N_("superpawn") },
	{ "megapawn", N_("megapawn") },
	{ "zebra", N_("zebra") },
	/* TRANSLATORS: a puzzle's theme: the lions face each other on an
	 * open line and the first move takes the enemy lion */
	{ "lion-face", N_("lion-face") },
	/* TRANSLATORS: a puzzle's theme: a monkey's capture of several
	 * jumps */
	{ "monkey-chain", N_("monkey-chain") },
	/* TRANSLATORS: a puzzle's theme: a win of the endgame tables */
	{ "endgame", N_("endgame") },
};

const char *
learn_puzzle_theme_words(const char *theme, char *out, size_t n)
{
	size_t k = theme_kind(theme), i;
	const char *word = NULL;

	if (strcmp(theme, "quiet") == 0) {
		/* TRANSLATORS: the puzzles whose first move takes nothing
		 * (a theme) */
		snprintf(out, n, "%s", _("quiet"));
		return out;
	}
	for (i = 0; i < sizeof theme_kinds / sizeof theme_kinds[0]; i++)
		if (strlen(theme_kinds[i][0]) == k &&
		    strncmp(theme, theme_kinds[i][0], k) == 0)
			word = _(theme_kinds[i][1]);
	if (word == NULL)
		snprintf(out, n, "%s", theme);
	else if (k != strlen(theme))
		/* TRANSLATORS: a puzzle's theme (its piece or kind) whose
		 * first move takes nothing */
		snprintf(out, n, _("%s-quiet"), word);
	else
		snprintf(out, n, "%s", word);
	return out;
}
