/*
 * notation_rw.c: move text, `d2d3` and monkey chains `b1d3f5`; what is
 * wrong with a move typed, in the reader's language (util/i18n.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "engine/notation.h"
#include "util/i18n.h"
#include "util/util.h"

int
notation_write(move_t m, char *buf, size_t n)
{
	int land[MOVE_MAX_JUMPS + 1], k = move_landings(m, land);
	char tmp[MOVE_TEXT_MAX];
	size_t len = 0;

	board_sq_name(MOVE_FROM(m), tmp);
	len = 2;
	for (int i = 0; i < k; i++) {
		board_sq_name(land[i], tmp + len);
		len += 2;
	}
	tmp[len] = '\0';
	if (n > 0)
		snprintf(buf, n, "%s", tmp);
	return (int)len;
}

/* A printable, lower-case rendering of the input for messages. */
static void
printable(const char *s, size_t len, char *out, size_t n)
{
	util_shown(s, len, out, n);
	for (; *out != '\0'; out++)
		*out = (char)tolower((unsigned char)*out);
}

/* The direction of a two-square jump from a to b, or -1. */
static int
jump_dir(int a, int b)
{
	int df = SQ_FILE(b) - SQ_FILE(a), dr = SQ_RANK(b) - SQ_RANK(a);

	for (int d = 0; d < 8; d++)
		if (board_dir_df[d] * 2 == df && board_dir_dr[d] * 2 == dr)
			return d;
	return -1;
}

/* The move the squares name: a monkey's jumps when the monkey of the side to
 * move leaps two squares, else an ordinary move of two squares. */
static int
build_move(const struct board *b, const int *sqs, int n, move_t *out)
{
	uint8_t p = b->sq[sqs[0]];
	move_t m;

	if (p != PIECE_NONE && PIECE_TYPE(p) == MONKEY &&
	    jump_dir(sqs[0], sqs[1]) >= 0) {
		if (n - 1 > MOVE_MAX_JUMPS)
			return -1;
		m = MOVE_MAKE(sqs[0], sqs[n - 1]) | ((move_t)(n - 1) << 12);
		for (int i = 1; i < n; i++) {
			int d = jump_dir(sqs[i - 1], sqs[i]);
			if (d < 0)
				return -1;
			m |= (move_t)d << (MOVE_JUMPS_SHIFT + 3 * (i - 1));
		}
		*out = m;
		return 0;
	}
	if (n != 2)
		return -1;
	*out = MOVE_MAKE(sqs[0], sqs[1]);
	return 0;
}

int
notation_read(const struct board *b, const char *text, move_t *out,
    char *err, size_t errlen)
{
	char norm[MOVE_TEXT_MAX], shown[48];
	int sqs[MOVE_TEXT_MAX / 2], nsq;
	size_t len, start = 0;

	if (text == NULL)
		return util_error(err, errlen, _("no move given"));
	len = strlen(text);
	while (start < len && isspace((unsigned char)text[start]))
		start++;
	while (len > start && isspace((unsigned char)text[len - 1]))
		len--;
	text += start;
	len -= start;
	printable(text, len, shown, sizeof shown);
	if (len == 0)
		return util_error(err, errlen, _("empty move"));
	if (len >= MOVE_TEXT_MAX)
		return util_error(err, errlen, _("'%s' is too long for a move"),
		    shown);
	if (len < 4 || len % 2 != 0)
		return util_error(err, errlen, _("'%s' is not a move "
		    "(squares like d2d3, or b1d3f5 for a monkey's jumps)"), shown);
	for (size_t i = 0; i < len; i += 2) {
		char sq[3] = { text[i], text[i + 1], '\0' };
		sqs[i / 2] = board_sq_parse(sq);
		if (sqs[i / 2] < 0) {
			char bad[8];
			snprintf(bad, sizeof bad, "%c%c",
			    isprint((unsigned char)sq[0]) ? tolower(sq[0]) : '?',
			    isprint((unsigned char)sq[1]) ? sq[1] : '?');
			return util_error(err, errlen, _("'%s' in '%s' is not "
			    "a square"),
			    bad, shown);
		}
		norm[i] = (char)tolower((unsigned char)text[i]);
		norm[i + 1] = text[i + 1];
	}
	norm[len] = '\0';
	nsq = (int)(len / 2);
	if (build_move(b, sqs, nsq, out) == 0 && movegen_is_legal(b, *out))
		return 0;
	return util_error(err, errlen, _("%s is not a legal move"), norm);
}
