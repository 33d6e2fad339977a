/*
 * fen_read.c: reading positions in the three forms of RULES.md, with a
 * message naming the problem for anything else, in the reader's language
 * (util/i18n.h: the board editor, the command line, congo --plain).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fen.h"
#include "engine/game.h"
#include "util/i18n.h"
#include "util/util.h"

#define FEN_FIELDS 6

/* A printable rendering of a short piece of bad input, for messages. */
static const char *
show(const char *s, size_t len, char *out, size_t n)
{
	size_t j = 0;

	for (size_t i = 0; i < len && j + 5 < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (isprint(c))
			out[j++] = (char)c;
		else
			j += (size_t)snprintf(out + j, n - j, "\\x%02x", c);
		if (i == 15 && len > 16) {
			snprintf(out + j, n - j, "...");
			return out;
		}
	}
	out[j] = '\0';
	return out;
}

/* The placement: exactly 7 ranks (the caller counted the '/'). */
static int
read_placement(struct board *b, const char *s, size_t len, char *err,
    size_t errlen)
{
	size_t i = 0;
	char buf[64];

	for (int r = 6; r >= 0; r--, i++) {
		int f = 0;
		for (; i < len && s[i] != '/'; i++) {
			uint8_t p;
			if (s[i] >= '1' && s[i] <= '9') {
				f += s[i] - '0';
				continue;
			}
			p = board_piece_from_letter(s[i]);
			if (p == PIECE_NONE)
				return util_error(err, errlen,
				    _("unknown piece '%s'"),
				    show(&s[i], 1, buf, sizeof buf));
			if (!variant_has_piece(b->variant, PIECE_TYPE(p)))
				return util_error(err, errlen,
				    /* TRANSLATORS: piece, letter, variant */
				    _("the %s '%c' is not a piece of the %s "
				    "variant"),
				    game_piece_word(PIECE_TYPE(p)), s[i],
				    variant_name(b->variant));
			if (f < 7)
				board_put(b, SQ(f, r), p);
			f++;
		}
		if (f != 7)
			return util_error(err, errlen,
			    ngettext("rank %d has %d square, not 7",
			    "rank %d has %d squares, not 7", f), r + 1, f);
	}
	return 0;
}

static int
count_ranks(const char *s, size_t len)
{
	int n = 1;

	for (size_t i = 0; i < len; i++)
		n += s[i] == '/';
	return n;
}

#define COUNTER_MAX 4294967295L

static int
read_number(const char *s, size_t len, long lo, long hi, long *out)
{
	long v = 0;

	if (len == 0 || len > 10)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	if (v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

static int
read_side(const char *s, size_t len, int *side, char *err, size_t errlen)
{
	char buf[64];

	/* RULES.md: `w` or `b`, lower case only */
	if (len == 1 && s[0] == 'w')
		*side = WHITE;
	else if (len == 1 && s[0] == 'b')
		*side = BLACK;
	else
		return util_error(err, errlen, _("the side to move must be "
		    "'w' or 'b', not '%s'"), show(s, len, buf, sizeof buf));
	return 0;
}

static bool
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int
fen_read(struct board *out, const char *text, char *err, size_t errlen)
{
	if (text == NULL)
		return util_error(err, errlen, _("no FEN given"));
	return fen_read_variant(out, VARIANT_CONGO, text, strlen(text), err,
	    errlen);
}

/* The fields of a FEN, split on white space. */
struct fen_fields {
	const char *s[FEN_FIELDS];
	size_t len[FEN_FIELDS];
	int n;
};

/* Split the text on white space: at most 4 fields, at least one. */
static int
split_fields(struct fen_fields *ff, const char *text, size_t len, char *err,
    size_t errlen)
{
	const char *p, *end = text + len;

	ff->n = 0;
	for (p = text; p < end;) {
		while (p < end && is_space(*p))
			p++;
		if (p == end)
			break;
		if (ff->n == FEN_FIELDS)
			return util_error(err, errlen, _("too many fields in the "
			    "FEN (at most 4)"));
		ff->s[ff->n] = p;
		while (p < end && !is_space(*p))
			p++;
		ff->len[ff->n] = (size_t)(p - ff->s[ff->n]);
		ff->n++;
	}
	if (ff->n == 0)
		return util_error(err, errlen, _("empty FEN"));
	if (ff->n > 4)
		return util_error(err, errlen, _("too many fields in the FEN (at most 4)"));
	return 0;
}

/* The .NET form, one field: seven ranks, the side, then -1. */
static int
read_net_form(struct board *b, const char *s, size_t len, int *side,
    char *err, size_t errlen)
{
	const char *side_s = s, *last;
	int slashes = 0;
	size_t rest;
	char buf[64];

	while (slashes < 7)
		slashes += *side_s++ == '/';
	last = memchr(side_s, '/', (size_t)(s + len - side_s));
	if (read_placement(b, s, (size_t)(side_s - 1 - s), err, errlen) < 0)
		return -1;
	if (read_side(side_s, (size_t)(last - side_s), side, err, errlen) < 0)
		return -1;
	last++;
	rest = len - (size_t)(last - s);
	if (rest != 2 || strncmp(last, "-1", 2) != 0)
		return util_error(err, errlen, _("the last field of a "
		    "9-section FEN must be -1, not '%s'"),
		    show(last, rest, buf, sizeof buf));
	return 0;
}

/* The counters after the side: the course form's move number (3 fields),
 * or the quiet-ply count and the move number (4 fields). */
static int
read_counters(const struct fen_fields *ff, long *quiet, long *move,
    char *err, size_t errlen)
{
	char buf[64];

	/* RULES.md sets the counters no limit: ours hold
	 * 4294967295 (congo(6) says so). */
	if (ff->n == 3) {
		/* The course form: the move number, which may be 0. */
		if (read_number(ff->s[2], ff->len[2], 0, COUNTER_MAX, move) < 0)
			return util_error(err, errlen, _("bad move "
			    "number '%s' (0 to %lu)"), show(ff->s[2], ff->len[2],
			    buf, sizeof buf), (unsigned long)COUNTER_MAX);
	} else if (ff->n == 4) {
		if (read_number(ff->s[2], ff->len[2], 0, COUNTER_MAX, quiet) < 0)
			return util_error(err, errlen, _("bad quiet-ply "
			    "count '%s' (0 to %lu)"), show(ff->s[2], ff->len[2],
			    buf, sizeof buf), (unsigned long)COUNTER_MAX);
		/* RULES.md: the move number starts at 1 */
		if (read_number(ff->s[3], ff->len[3], 1, COUNTER_MAX, move) < 0)
			return util_error(err, errlen, _("bad move "
			    "number '%s' (1 to %lu)"), show(ff->s[3], ff->len[3],
			    buf, sizeof buf), (unsigned long)COUNTER_MAX);
	}
	return 0;
}

/* The placement, the side and the counters of the 7-rank forms. */
static int
read_rank_form(struct board *b, const struct fen_fields *ff, int *side,
    long *quiet, long *move, char *err, size_t errlen)
{
	int nr = count_ranks(ff->s[0], ff->len[0]);

	if (nr != 7)
		return util_error(err, errlen, ngettext("the placement has "
		    "%d rank, not 7", "the placement has %d ranks, not 7",
		    nr), nr);
	if (read_placement(b, ff->s[0], ff->len[0], err, errlen) < 0)
		return -1;
	if (ff->n < 2)
		return util_error(err, errlen, _("the side to move is missing"));
	if (read_side(ff->s[1], ff->len[1], side, err, errlen) < 0)
		return -1;
	return read_counters(ff, quiet, move, err, errlen);
}

int
fen_read_variant(struct board *out, int variant, const char *text,
    size_t len, char *err, size_t errlen)
{
	struct fen_fields ff;
	int side = WHITE;
	long quiet = 0, move = 1;
	struct board b;
	const char *nul;

	if (text == NULL)
		return util_error(err, errlen, _("no FEN given"));
	if (variant < 0 || variant >= NVARIANTS)
		return util_error(err, errlen, _("unknown variant %d"), variant);
	if ((nul = memchr(text, '\0', len)) != NULL)
		return util_error(err, errlen, _("the FEN holds a NUL byte "
		    "(at offset %zu)"), (size_t)(nul - text));
	if (split_fields(&ff, text, len, err, errlen) < 0)
		return -1;

	board_clear(&b);
	board_set_variant(&b, variant);
	if (ff.n == 1 && count_ranks(ff.s[0], ff.len[0]) == 9) {
		if (read_net_form(&b, ff.s[0], ff.len[0], &side, err,
		    errlen) < 0)
			return -1;
	} else if (read_rank_form(&b, &ff, &side, &quiet, &move, err,
	    errlen) < 0)
		return -1;
	if (board_check_position(&b, err, errlen) != SETUP_OK)
		return -1;
	b.side = (uint8_t)side;
	if (side == BLACK)
		b.hash ^= board_zobrist_side;
	b.quiet = (uint32_t)quiet;
	b.fullmove = (uint32_t)move;
	*out = b;
	return 0;
}
