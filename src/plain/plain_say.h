/*
 * plain_say.h: the sentences of `congo --plain` (src/plain), the front end
 * for screen readers: a move in words ("White zebra b1 to c3, takes Black
 * pawn."), a monkey's chain jump by jump, drowning, promotion, the board
 * rank by rank, where each piece stands, a piece's legal moves. Pure: the
 * engine's positions in, text out (no session, no curses, no I/O), tested
 * by tests/test_plain_say.
 *
 * Every sentence is a whole printf template written through P_(), which
 * is gettext's (and every piece's name through plain_piece_phrase's
 * table), so that translators can reorder a template's arguments (they
 * are numbered: %1$s). A monkey's chain, of any length, is its first
 * jump's clause followed by one clause a further jump.
 */
#ifndef CONGO_PLAIN_SAY_H
#define CONGO_PLAIN_SAY_H

#include <stddef.h>
#include <stdint.h>

#include "engine/board.h"
#include "engine/movegen.h"

/* The one door of the plain mode's sentences: gettext (util/i18n.h). */
const char *plain_tr(const char *msgid) __attribute__((format_arg(1)));
#define P_(s) plain_tr(s)

/* Room for the longest sentence built here (a monkey's longest chain). */
#define PLAIN_SAY_MAX 4096

/* "White", "Black". */
const char *plain_side(int color);
/* A piece code as a whole phrase: "White zebra", "Black superpawn". */
const char *plain_piece_phrase(uint8_t piece);
/* What m, legal in b, does, in one or more whole sentences: the move or
 * the chain, what it takes, who drowns, a promotion. */
void plain_say_move(const struct board *b, move_t m, char *buf, size_t n);
/* Rank r (0..6) in words: "Rank 4, the river: d4 White crocodile." */
void plain_say_rank(const struct board *b, int r, char *buf, size_t n);
/* Where color's pieces stand: "White: lion d1; zebra b1; ..." */
void plain_say_pieces(const struct board *b, int color, char *buf, size_t n);
/* The legal moves of the piece on sq (the other side's as on its turn):
 * "White zebra on b1 can go to a3 or c3." (a chain's landings joined by
 * "then");
 * returns how many (0: the sentence says why none). */
int plain_say_piece_moves(const struct board *b, int sq, char *buf,
    size_t n);
/* Text made safe for any terminal: printable ASCII and valid UTF-8 kept,
 * every control character (Esc, C1, a newline) and broken sequence a
 * blank; cut at n (never inside a character). */
void plain_clean(const char *in, char *out, size_t n);
/* The session's text with the full screen's command colon dropped
 * (":analyse stop cancels": "analyse stop cancels"): a ':' that starts a
 * word (at the start, after a blank, '(' or a quote) and is followed by
 * a lower-case letter; cut at n. */
void plain_unkey(const char *in, char *out, size_t n);

#endif
