/*
 * plain_say.c: the plain mode's sentences about positions and moves
 * (plain_say.h). Every template goes through P_(); the pieces' names come
 * whole from one table, colour and kind together, as languages that agree
 * an adjective with its noun need them.
 */

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plain/plain_say.h"
#include "util/i18n.h"

const char *
plain_tr(const char *msgid)
{
	return _(msgid);
}

const char *
plain_side(int color)
{
	return color == BLACK ? P_("Black") : P_("White");
}

const char *
plain_piece_phrase(uint8_t piece)
{
	static const char *const phrase[2][NPIECE_TYPES] = {
		{ N_("White lion"), N_("White zebra"),
		  N_("White elephant"), N_("White giraffe"),
		  N_("White crocodile"), N_("White monkey"),
		  N_("White pawn"), N_("White superpawn"),
		  N_("White megapawn") },
		{ N_("Black lion"), N_("Black zebra"),
		  N_("Black elephant"), N_("Black giraffe"),
		  N_("Black crocodile"), N_("Black monkey"),
		  N_("Black pawn"), N_("Black superpawn"),
		  N_("Black megapawn") },
	};
	int c, t;

	if (piece == PIECE_NONE)
		return P_("nothing");
	c = PIECE_COLOR(piece);
	t = PIECE_TYPE(piece);
	if (c < 0 || c > 1 || t < 0 || t >= NPIECE_TYPES)
		return P_("an unknown piece");
	return P_(phrase[c][t]);
}

/* Append to buf (length *len of n), cut at n. */
static void add(char *buf, size_t n, size_t *len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void
add(char *buf, size_t n, size_t *len, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (*len + 1 >= n)
		return;
	va_start(ap, fmt);
	w = vsnprintf(buf + *len, n - *len, fmt, ap);
	va_end(ap);
	if (w > 0)
		*len += (size_t)w < n - *len ? (size_t)w : n - *len - 1;
}

static void
sq_name(int sq, char out[3])
{
	board_sq_name(sq, out);
}

/* A monkey's chain: each jump, what it takes on the square jumped. */
static void
say_chain(const struct board *b, move_t m, char *buf, size_t n, size_t *len)
{
	int land[MOVE_MAX_JUMPS + 1], nj, i, cur = MOVE_FROM(m), over;
	char from[3], to[3], mid[3];

	nj = move_landings(m, land);
	sq_name(cur, from);
	for (i = 0; i < nj; i++) {
		over = board_ray_next[MOVE_JUMP_DIR(m, i)][cur];
		sq_name(land[i], to);
		sq_name(over, mid);
		if (i == 0)
			add(buf, n, len, P_("%1$s %2$s jumps to %3$s taking "
			    "%4$s on %5$s"), plain_piece_phrase(b->sq[cur]),
			    from, to, plain_piece_phrase(b->sq[over]), mid);
		else
			add(buf, n, len, P_(", then to %1$s taking %2$s on "
			    "%3$s"), to, plain_piece_phrase(b->sq[over]), mid);
		cur = land[i];
	}
	add(buf, n, len, "%s", P_("."));
}

void
plain_say_move(const struct board *b, move_t m, char *buf, size_t n)
{
	struct board after = *b;
	struct move_effects fx;
	int from = MOVE_FROM(m), to = MOVE_TO(m), i;
	uint8_t mover = b->sq[from];
	char f[3], t[3], d[3];
	size_t len = 0;

	if (n == 0)
		return;
	buf[0] = '\0';
	memset(&fx, 0, sizeof fx);
	board_make(&after, m, &fx);
	sq_name(from, f);
	sq_name(to, t);
	if (MOVE_NJUMPS(m) > 0)
		say_chain(b, m, buf, n, &len);
	else if (b->sq[to] != PIECE_NONE)
		add(buf, n, &len, P_("%1$s %2$s to %3$s, takes %4$s."),
		    plain_piece_phrase(mover), f, t,
		    plain_piece_phrase(b->sq[to]));
	else
		add(buf, n, &len, P_("%1$s %2$s to %3$s."),
		    plain_piece_phrase(mover), f, t);
	if (fx.promoted)
		add(buf, n, &len, P_(" %1$s on %2$s becomes %3$s."),
		    plain_piece_phrase(mover), t,
		    plain_piece_phrase(after.sq[to]));
	for (i = 0; i < fx.ndrowned; i++) {
		sq_name(fx.drowned_sq[i], d);
		add(buf, n, &len, P_(" %1$s on %2$s drowns."),
		    plain_piece_phrase(fx.drowned_piece[i]), d);
	}
	if (fx.lion_captured)
		add(buf, n, &len, P_(" The lion is taken."));
}

void
plain_say_rank(const struct board *b, int r, char *buf, size_t n)
{
	char list[512], sq[3];
	size_t len = 0;
	int f, count = 0;

	list[0] = '\0';
	for (f = 0; f < 7; f++) {
		int s = SQ(f, r);
		if (b->sq[s] == PIECE_NONE)
			continue;
		sq_name(s, sq);
		add(list, sizeof list, &len, count == 0 ? P_("%1$s %2$s") :
		    P_(", %1$s %2$s"), sq, plain_piece_phrase(b->sq[s]));
		count++;
	}
	if (r == RIVER_RANK && variant_get(b->variant)->islands != 0) {
		/* Megapawn: the islands named, where nothing drowns */
		char isl[32];
		size_t ilen = 0;

		isl[0] = '\0';
		for (f = 0; f < 7; f++)
			if (variant_get(b->variant)->islands & BB(SQ(f, r))) {
				sq_name(SQ(f, r), sq);
				add(isl, sizeof isl, &ilen, ilen == 0 ? "%s" :
				    ", %s", sq);
			}
		snprintf(buf, n, count == 0 ? P_("Rank %1$d, the river, with "
		    "islands on %2$s: empty.") : P_("Rank %1$d, the river, with "
		    "islands on %2$s: %3$s."), r + 1, isl, list);
	} else if (r == RIVER_RANK)
		snprintf(buf, n, count == 0 ? P_("Rank %1$d, the river: "
		    "empty.") : P_("Rank %1$d, the river: %2$s."), r + 1, list);
	else
		snprintf(buf, n, count == 0 ? P_("Rank %1$d: empty.") :
		    P_("Rank %1$d: %2$s."), r + 1, list);
}

void
plain_say_pieces(const struct board *b, int color, char *buf, size_t n)
{
	char list[1024], sq[3];
	size_t len = 0;
	int t, s, k, groups = 0;

	list[0] = '\0';
	for (t = 0; t < NPIECE_TYPES; t++) {
		bb_t bb = b->pieces[color][t];
		if (bb == 0)
			continue;
		add(list, sizeof list, &len, groups == 0 ? "%s" : P_("; %s"),
		    plain_piece_phrase(PIECE_MAKE(color, t)));
		for (s = 0, k = 0; s < NSQ; s++)
			if (bb & BB(s)) {
				sq_name(s, sq);
				add(list, sizeof list, &len, k++ == 0 ?
				    P_(" on %s") : P_(", %s"), sq);
			}
		groups++;
	}
	if (groups == 0)
		snprintf(buf, n, P_("%s has no pieces."), plain_side(color));
	else
		snprintf(buf, n, P_("%1$s pieces: %2$s."), plain_side(color),
		    list);
}

/* A move's landings: "c3", or "e3 then g5". */
static void
landings(move_t m, char *buf, size_t n)
{
	int land[MOVE_MAX_JUMPS + 1], k, i;
	char sq[3];
	size_t len = 0;

	buf[0] = '\0';
	k = move_landings(m, land);
	for (i = 0; i < k; i++) {
		sq_name(land[i], sq);
		add(buf, n, &len, i == 0 ? "%s" : P_(" then %s"), sq);
	}
}

int
plain_say_piece_moves(const struct board *b, int sq, char *buf, size_t n)
{
	char list[PLAIN_SAY_MAX], one[256], name[3];
	size_t nm = 0, i, len = 0;
	move_t *all;
	int count = 0, total = 0;

	sq_name(sq, name);
	if (b->sq[sq] == PIECE_NONE) {
		snprintf(buf, n, P_("There is no piece on %s."), name);
		return 0;
	}
	if (PIECE_COLOR(b->sq[sq]) != b->side) {
		/* the other side's piece: where it could go on its turn */
		struct board other = *b;
		other.side = (uint8_t)PIECE_COLOR(b->sq[sq]);
		return plain_say_piece_moves(&other, sq, buf, n);
	}
	all = movegen_all(b, &nm);
	for (i = 0; i < nm; i++)
		if (MOVE_FROM(all[i]) == sq)
			total++;
	list[0] = '\0';
	for (i = 0; i < nm; i++) {
		if (MOVE_FROM(all[i]) != sq)
			continue;
		landings(all[i], one, sizeof one);
		add(list, sizeof list, &len, count == 0 ? "%s" :
		    count == total - 1 ? P_(" or %s") : P_(", %s"), one);
		count++;
	}
	free(all);
	if (count == 0)
		snprintf(buf, n, P_("%1$s on %2$s cannot move."),
		    plain_piece_phrase(b->sq[sq]), name);
	else
		snprintf(buf, n, P_("%1$s on %2$s can go to %3$s."),
		    plain_piece_phrase(b->sq[sq]), name, list);
	return count;
}

/* The length of a valid UTF-8 sequence at s (of a printable character:
 * no C1 control, no overlong form, no surrogate), or 0. */
static size_t
utf8_ok(const unsigned char *s)
{
	unsigned cp;
	size_t k, i;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		k = 2, cp = s[0] & 0x1fu;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		k = 3, cp = s[0] & 0x0fu;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		k = 4, cp = s[0] & 0x07u;
	else
		return 0;
	for (i = 1; i < k; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3fu);
	}
	if ((k == 2 && cp < 0xa0) || (k == 3 && cp < 0x800) ||
	    (k == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return k;
}

void
plain_clean(const char *in, char *out, size_t n)
{
	const unsigned char *s = (const unsigned char *)in;
	size_t len = 0, k;

	if (n == 0)
		return;
	while (*s != '\0' && len + 1 < n) {
		if (*s >= 0x20 && *s < 0x7f) {
			out[len++] = (char)*s++;
			continue;
		}
		if (*s >= 0x80 && (k = utf8_ok(s)) > 0) {
			if (len + k >= n)
				break;
			memcpy(out + len, s, k);
			len += k;
			s += k;
			continue;
		}
		/* a control character (Esc, a newline, C1) or a broken
		 * sequence: a blank, never a byte a terminal acts on */
		out[len++] = ' ';
		s++;
	}
	out[len] = '\0';
}

void
plain_unkey(const char *in, char *out, size_t n)
{
	size_t len = 0;
	const char *c;

	if (n == 0)
		return;
	for (c = in; *c != '\0' && len + 1 < n; c++) {
		if (*c == ':' && c[1] >= 'a' && c[1] <= 'z' && (c == in ||
		    strchr(" (\"'", c[-1]) != NULL))
			continue;
		out[len++] = *c;
	}
	out[len] = '\0';
}
