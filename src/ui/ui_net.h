/*
 * ui_net.h: network play in the game (ui_net*.c): the options, the
 * connection, the lobby screen, accounts and seeks, `congo --host`'s
 * server (a child process), and the hooks the rest of the UI calls. The game itself
 * is the session's (session_net*.c). All of it is inert without network
 * options.
 */
#ifndef CONGO_UI_NET_H
#define CONGO_UI_NET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "session/session_link.h"
#include "session/session_net.h"
#include "session/session_start.h"
#include "ui/ui_int.h"


/* Set the game up for network play: the players, the connection, and for
 * --host the server. Before the terminal starts: -1 with err. */
int ui_net_start(struct ui_app *a, const struct session_start *st, char *err,
    size_t errlen);
/* After the terminal started: connect. */
void ui_net_go(struct ui_app *a);
void ui_net_stop(struct ui_app *a);

/* The loop: ms until ui_net_tick is due (-1 none), and the tick. */
int ui_net_timeout(struct ui_app *a);
void ui_net_tick(struct ui_app *a);

/* Hooks. A command for the network game: true when handled here. */
bool ui_net_command(struct ui_app *a, const struct session_cmd *cmd);
/* Why the side to move cannot move now, or NULL. */
const char *ui_net_nomove(const struct ui_app *a);
/* Why analysis is refused now (one's own game, not over), or NULL. */
const char *ui_net_noanalysis(const struct ui_app *a);
/* A panel line ("Game K7QF2MZA", "Record of game K7QF2MZA" while a
 * record of a list is reviewed) and the status bar's part ("online,
 * opponent away"); false when not playing over the network. */
bool ui_net_panel(const struct ui_app *a, char *buf, size_t n);
bool ui_net_status(const struct ui_app *a, char *buf, size_t n);
/* The text in color's clock place: the server's clock ("4:58"), or a
 * correspondence game's deadline ("2 d 14 h") for the side to move and
 * its days a move ("3 d") for the other; *running: that side's time
 * runs, *low: it runs low (under 10 s, under an hour). False when not
 * playing such a game over the network (then the session's own clock,
 * if any, is shown). */
bool ui_net_clock_text(const struct ui_app *a, int color, char *buf,
    size_t n, bool *running, bool *low);
/* Chat line i (0 the oldest of those kept): false past the last. */
bool ui_net_chat(const struct ui_app *a, int i, char *buf, size_t n);

/* The lobby screen. */
void ui_lobby_draw(struct ui_app *a);
void ui_lobby_key(struct ui_app *a, const struct ui_event *ev);

/* Inside ui_net*.c. */
struct net_event;

struct ui_net {
	bool on;
	/* The game and its connection: the session's (session_net.h's
	 * struct session_net, session_link.c's start): a->s.net. */
	struct session_net *g;
	unsigned seen_view;       /* g->view_serial last followed */
	struct ui_app *app;       /* the game this network part belongs to */
	/* a list of the server's (:whois, :top, :games) */
	enum ui_screen_id list_back; /* the screen a list opened over */
};

/* ui_net_seeks.c: the lobby's seeks and the seek dialog (the session's,
 * session_seek.c): drawn from row y (returns the next free row), and
 * their keys (true when taken). */
int ui_lobby_seeks_draw(struct ui_app *a, int y);
bool ui_lobby_seeks_key(struct ui_app *a, const struct ui_event *ev);
/* ui_net_bots.c: the lobby's "Play the computer" (the session's,
 * session_bots.c): drawn from row y, and its keys (all taken while it is
 * open). */
void ui_lobby_bots_draw(struct ui_app *a, int y);
bool ui_lobby_bots_key(struct ui_app *a, const struct ui_event *ev);
/* ui_net_tourney.c: the lobby's "Tournaments" (the session's,
 * session_tourney.c): drawn from row y, and its keys (all taken while it
 * is open); the standings in the side panel from row y beside a
 * tournament's game (the next free row). */
void ui_lobby_tourney_draw(struct ui_app *a, int y);
bool ui_lobby_tourney_key(struct ui_app *a, const struct ui_event *ev);
int ui_net_tourney_panel(struct ui_app *a, int y);
/* :whois, :top, :games: true when handled. */
bool ui_net_acct_command(struct ui_app *a, const struct session_cmd *cmd);
/* ui_net_list.c: a list of the server's (:whois, :top, :games; the
 * session's, session_net_list.c) opened over the screen; Enter on a game
 * opens its record for review (the board once it is loaded: sync). */
void ui_net_list_open(struct ui_app *a, const struct session_cmd *cmd);
void ui_net_list_sync(struct ui_app *a);
void ui_net_list_draw(struct ui_app *a);
void ui_net_list_key(struct ui_app *a, const struct ui_event *ev);
/* The panel's ratings line, as alternatives longest first separated by
 * '|' (for the panel's width): the game's, or a record's reviewed (its
 * tags'); false when the game is not rated (the record has none). */
bool ui_net_ratings(const struct ui_app *a, char *buf, size_t n);

/* ui_net_play.c: the session's network player on a seat (-1: watching),
 * the board's side following; the view's hooks on the session's network
 * game (set once a->s.net is made); the board's side after the players
 * changed. */
void ui_net_install(struct ui_app *a, int seat);
void ui_net_hooks(struct ui_app *a);
void ui_net_view_sync(struct ui_app *a);

#endif
