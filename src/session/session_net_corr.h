/*
 * session_net_corr.h: correspondence games, challenges and fair play in
 * a network game (session_net_corr.c).
 */
#ifndef CONGO_SESSION_NET_CORR_H
#define CONGO_SESSION_NET_CORR_H

#include <stdbool.h>
#include <stddef.h>

#include "session/session_net.h"

/* session_net_corr.c: correspondence games, challenges and fair play.
 * The text in a side's clock place in a correspondence game: the
 * deadline's time left for the side to move ("2 d 14 h", *low under an
 * hour) and the days a move for the other ("3 d"); false in another game
 * (and while a record is reviewed).
 * ms until that text changes (-1 none). The status bar's part of a
 * correspondence game or a standing challenge ("3 d a move: q leaves, the
 * game goes on"); false none. q in such a game: it is left, never
 * resigned (back to the lobby when it was opened there: *to_lobby);
 * false when not such a game. A challenge to the account told (EV
 * CHALLENGED). Why the advisor, analysis and the tablebase hints are
 * refused: a rated game one plays, not over (fair play); NULL when
 * allowed. The challenge of --challenge sent (clock "M+S" minutes or
 * days; -1 with err). */
bool session_corr_clock(const struct session *s, int color, char *buf,
    size_t n, bool *running, bool *low);
int session_corr_timeout(const struct session *s);
bool session_corr_status(const struct session *s, char *buf, size_t n);
bool session_corr_quit(struct session *s, bool *to_lobby);
void session_corr_challenged(struct session *s, const struct net_event *e);
const char *session_net_nohelp(const struct session *s);
/* Fair play: in a rated game one plays, not over, a local AI at the
 * seat (--white ai, the lobby's game with it) gives it back to the player,
 * said as an error; true when it did. */
bool session_net_fair_seat(struct session *s);
int session_challenge_start(struct session *s, const char *name,
    const char *clock, int days, bool rated, const char *variant, int seat,
    char *err, size_t errlen);
/* challenge NAME TERMS typed (:challenge, the plain lobby's challenge),
 * from the lobby: sent, and leaving its game leaves it standing, back in
 * the lobby; 0, or -1 said. */
int session_challenge_typed(struct session *s, const char *arg);

#endif
