/*
 * session_net_mine.h: the account's games and challenges in the lobby
 * (session_net_mine.c), and the lobby's parts they are stepped through with.
 */
#ifndef CONGO_SESSION_NET_MINE_H
#define CONGO_SESSION_NET_MINE_H

#include <stdbool.h>
#include <stddef.h>

#include "session/session_net.h"

/* session_net_mine.c. The lobby's "Your games" and challenges: asked
 * (once logged in, while shown: now, then every few seconds, and at once
 * after a challenge came or was answered; ms until then, -1 none), their
 * events (true when
 * taken); a row of either highlighted (a challenge's, a game's; false
 * when the lobby's highlight is elsewhere); Up and Down over the whole
 * lobby (the challenges, your games, the seeks, the games, in that order
 * on the screen); Enter on a challenge to you accepts it (JOIN), on yours
 * or on one of your games takes your seat back (REJOIN by account, no
 * token needed); decline (a challenge to you) and withdraw (yours): 0, or
 * -1 with a message. The line of a game (as `congo --games` prints it and
 * the lobby shows it: "GAME TURN VARIANT WHITE BLACK LEFT", TURN
 * your-turn, their-turn or open, LEFT the deadline's time left "2d14h",
 * the side to move's clock "4:58" or "-") and of a challenge, now being
 * Unix ms. */
void session_mine_tick(struct session *s, long long now, bool lobby);
int session_mine_timeout(const struct session *s, long long now,
    bool lobby);
bool session_mine_event(struct session *s, const struct net_event *e);
enum session_lobby_part { LOBBY_CHAL, LOBBY_MINE, LOBBY_SEEKS,
	LOBBY_GAMES };
enum session_lobby_part session_lobby_part(const struct session *s);
void session_lobby_step(struct session *s, int delta);
int session_mine_open(struct session *s);
int session_mine_decline(struct session *s, bool withdraw);
/* Your games (games) and the challenges (chal) asked now, wherever one
 * is (the plain mode's games and challenges): NULL, or why not (no
 * account, no connection); while the connection is being made they are
 * asked once it is online (session_mine_online, at NET_ONLINE), and
 * shown as being asked meanwhile. A listed challenge answered by its game's id:
 * verb "accept" (from the lobby), "decline", "withdraw"; 0, or -1 said. */
const char *session_mine_ask(struct session *s, bool games, bool chal);
void session_mine_online(struct session *s);
int session_mine_answer(struct session *s, const char *verb,
    const char *game);
/* A game's status as a person reads it ("active": translated); other
 * words as they are. */
const char *session_status_shown(const char *status);
/* shown: the status words translated (the lobbies); else CGP's English,
 * for a script (congo --games). */
void session_mine_line(const struct session_mine_game *g, long long now,
    char *buf, size_t n, bool shown);
/* A GAMES mine=yes ITEM's keys read into g. */
void session_mine_item(struct session_mine_game *g, const char *text);
void session_challenge_line(const struct session_challenge *c,
    long long now, char *buf, size_t n);
/* The display width of the column Rated (the challenges', the seeks',
 * the games played): its widest translated word, at least 6. */
int session_rated_width(void);
/* The display width of your games' column Turn: its widest translated
 * word, at least 10. */
int session_turn_width(void);

#endif
