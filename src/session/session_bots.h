/*
 * session_bots.h: the lobby's "Play the computer" (issue 59,
 * session_bots.c): the computer players on the server as its seeks show
 * them (PROTOCOL.md "Bots": a bot keeps a seek open for each speed it
 * plays, title=BOT), one chosen and one of its speeds, and Enter plays
 * it. The view (src/ui/ui_net_bots.c) draws them and turns keys into
 * these calls.
 */
#ifndef CONGO_SESSION_BOTS_H
#define CONGO_SESSION_BOTS_H

#include <stdbool.h>
#include <stddef.h>

#include "session/session_net.h"

#define SESSION_BOTS_MAX 16
#define SESSION_BOT_SPEEDS 8

/* A computer player: its name and rating (the server's text, "-" none),
 * and its speeds: the indices in the lobby's seeks (s->net->seek.list)
 * of its seeks, one a variant, clock and rated. */
struct session_bot {
	char name[32], rating[8];
	int nspeeds;
	int speed[SESSION_BOT_SPEEDS];
};

/* The bots of the lobby's last SEEKS, each once, in the server's order;
 * how many (at most max). */
int session_bots_list(const struct session *s, struct session_bot *out,
    int max);
/* name is a bot's as the lobby's last SEEKS had it (a seat JOINED has no
 * title; STATE's wtitle=/btitle= say it otherwise). */
bool session_bots_named(const struct session *s, const char *name);
/* The screen opened (the seeks asked at once), closed. */
void session_bots_open(struct session *s);
void session_bots_close(struct session *s);
/* The bot chosen of list (n of them; -1 none), its speed chosen (an
 * index of its speeds). */
int session_bots_sel(const struct session *s, const struct session_bot *list,
    int n);
int session_bots_speed_sel(const struct session *s,
    const struct session_bot *b);
/* Up/Down: another bot; Left/Right: another of its speeds. */
void session_bots_step(struct session *s, int delta);
void session_bots_speed(struct session *s, int delta);
/* A speed of a bot as the lobby says it: "5+3 congo" (", rated"). */
void session_bots_speed_text(const struct session *s, int seek, char *buf,
    size_t n);
/* Enter: the bot chosen at the speed chosen: a challenge to it when
 * logged in, else a seek of its terms with bots=yes (which a bot takes);
 * with no bot online, a 5+3 seek with bots=yes that the first bot to
 * come takes. 0 (the screen closed), or -1 with a message. */
int session_bots_play(struct session *s);

#endif
