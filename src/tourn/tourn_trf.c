/*
 * tourn_trf.c: FIDE's Tournament Report File (TRF16, and the TRF-x of
 * JaVaFo and bbpPairings): 001 lines (a player: starting rank, name,
 * rating, then ten columns a round from column 92: opponent, colour,
 * result), XXR (rounds in all), XXC (white1 / black1: player 1's colour
 * in round 1). Other lines are skipped. Lines end in CR, LF or both.
 */

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "tourn/tourn.h"
#include "util/util.h"

/* Columns from (1-based) to to of line (len chars), trimmed, into out. */
static void
field(const char *line, size_t len, int from, int to, char *out, size_t n)
{
	size_t a = (size_t)from - 1, b = (size_t)to;
	size_t k = 0;

	if (b > len)
		b = len;
	while (a < b && line[a] == ' ')
		a++;
	while (b > a && line[b - 1] == ' ')
		b--;
	for (; a < b && k + 1 < n; a++)
		out[k++] = line[a];
	out[k] = 0;
}

static int
read_int(const char *s, int lo, int hi, int *out)
{
	char *end;
	long v;

	if (*s == 0)
		return -1;
	v = strtol(s, &end, 10);
	if (*end || v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

/* Player line (001) number lineno; opponents stay pairing numbers for now. */
static int
read_player(const char *line, size_t len, struct tourn_player *p,
    int lineno, char *err, size_t errlen)
{
	char f[64];

	field(line, len, 5, 8, f, sizeof f);
	if (read_int(f, 1, TOURN_MAX_PLAYERS, &p->id) < 0)
		return util_error(err, errlen, "TRF line %d: bad starting rank '%s'",
		    lineno, f);
	field(line, len, 15, 47, p->name, sizeof p->name);
	field(line, len, 49, 52, f, sizeof f);
	if (f[0] && read_int(f, 0, 9999, &p->rating) < 0)
		return util_error(err, errlen, "TRF line %d: bad rating '%s'",
		    lineno, f);
	for (int r = 0; 92 + 10 * r <= (int)len; r++) {
		int c = 92 + 10 * r;
		char opp[8], col[4], res[4];

		if (r >= TOURN_MAX_ROUNDS)
			return util_error(err, errlen,
			    "TRF line %d: more than %d rounds", lineno,
			    TOURN_MAX_ROUNDS);
		field(line, len, c, c + 3, opp, sizeof opp);
		field(line, len, c + 5, c + 5, col, sizeof col);
		field(line, len, c + 7, c + 7, res, sizeof res);
		if (!opp[0] && !col[0] && !res[0])
			continue;
		int o = 0;

		if (read_int(opp, 0, TOURN_MAX_PLAYERS, &o) < 0)
			return util_error(err, errlen,
			    "TRF line %d: round %d: bad opponent '%s'", lineno,
			    r + 1, opp);
		if (!col[0] || !strchr("wb-", col[0]))
			return util_error(err, errlen,
			    "TRF line %d: round %d: bad colour '%s'", lineno,
			    r + 1, col);
		if (!res[0] || !strchr("10=+-WDLUFHZ", res[0]))
			return util_error(err, errlen,
			    "TRF line %d: round %d: bad result '%s'", lineno,
			    r + 1, res);
		if ((o == 0 && (col[0] != '-' || !strchr("UFHZ-+", res[0]))) ||
		    (o != 0 && col[0] == '-' && !strchr("+-", res[0])))
			return util_error(err, errlen,
			    "TRF line %d: round %d: an opponent needs a colour and "
			    "a game result, a bye neither", lineno, r + 1);
		p->r[r].opp = o;
		p->r[r].colour = col[0];
		p->r[r].res = res[0] == '-' && o == 0 ? 'Z' : res[0];
	}
	return 0;
}

static int
by_id(const void *a, const void *b)
{
	return ((const struct tourn_player *)a)->id -
	    ((const struct tourn_player *)b)->id;
}

/* Opponents' pairing numbers to indexes, and both sides agreeing. */
static int
link_players(struct tourn *t, char *err, size_t errlen)
{
	for (int i = 0; i < t->n; i++) {
		if (t->p[i].id != i + 1)
			return util_error(err, errlen,
			    "TRF: starting ranks must be 1 to %d, once each", t->n);
	}
	for (int i = 0; i < t->n; i++)
		for (int r = 0; r < TOURN_MAX_ROUNDS; r++) {
			struct tourn_round *x = &t->p[i].r[r];

			if (!x->res || x->opp == 0) {
				x->opp = -1;
				continue;
			}
			if (x->opp > t->n || x->opp == i + 1)
				return util_error(err, errlen,
				    "TRF: player %d round %d: no opponent %d",
				    i + 1, r + 1, x->opp);
			x->opp--;
		}
	for (int i = 0; i < t->n; i++)
		for (int r = 0; r < TOURN_MAX_ROUNDS; r++) {
			const struct tourn_round *x = &t->p[i].r[r], *y;

			if (x->opp < 0)
				continue;
			y = &t->p[x->opp].r[r];
			if (y->opp != i)
				return util_error(err, errlen,
				    "TRF: player %d round %d: opponent %d does not "
				    "name %d", i + 1, r + 1, x->opp + 1, i + 1);
		}
	return 0;
}

static int
read_line(struct tourn *t, const char *line, size_t len, int lineno,
    int *cap, char *err, size_t errlen)
{
	char f[32];

	if (len >= 3 && memcmp(line, "001", 3) == 0) {
		if (t->n >= TOURN_MAX_PLAYERS)
			return util_error(err, errlen, "TRF: more than %d players",
			    TOURN_MAX_PLAYERS);
		t->p = xgrow(t->p, t->n, cap, 16, sizeof *t->p);
		memset(&t->p[t->n], 0, sizeof *t->p);
		if (read_player(line, len, &t->p[t->n], lineno, err, errlen) < 0)
			return -1;
		t->n++;
	} else if (len >= 3 && memcmp(line, "XXR", 3) == 0) {
		field(line, len, 4, (int)len, f, sizeof f);
		if (read_int(f, 1, TOURN_MAX_ROUNDS, &t->rounds) < 0)
			return util_error(err, errlen, "TRF line %d: bad XXR '%s'",
			    lineno, f);
	} else if (len >= 3 && memcmp(line, "XXC", 3) == 0) {
		field(line, len, 4, (int)len, f, sizeof f);
		if (strstr(f, "white1"))
			t->first = 'w';
		else if (strstr(f, "black1"))
			t->first = 'b';
	}
	return 0;
}

int
tourn_trf_read(const char *text, size_t len, struct tourn *t,
    char *err, size_t errlen)
{
	size_t a = 0;
	int lineno = 0, cap = 0;

	memset(t, 0, sizeof *t);
	while (a < len) {
		size_t b = a;

		while (b < len && text[b] != '\r' && text[b] != '\n')
			b++;
		lineno++;
		if (read_line(t, text + a, b - a, lineno, &cap, err, errlen) < 0) {
			tourn_free(t);
			return -1;
		}
		if (b < len && text[b] == '\r' && b + 1 < len && text[b + 1] == '\n')
			b++;
		a = b + 1;
	}
	if (t->n == 0) {
		tourn_free(t);
		return util_error(err, errlen, "TRF: no player (001) line");
	}
	qsort(t->p, (size_t)t->n, sizeof *t->p, by_id);
	if (link_players(t, err, errlen) < 0) {
		tourn_free(t);
		return -1;
	}
	return 0;
}
