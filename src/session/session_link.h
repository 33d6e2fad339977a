/*
 * session_link.h: the session's connection to a server (session_link.c):
 * the network options checked, the client made and started, `congo
 * --host`'s congo-server (session_host.c), the game created, joined,
 * watched or sought, the connection's timers and ticks, the server's
 * clock, what :info says and the quit question of a hosted game. Both
 * views (src/ui, src/plain) start network play here; none of it knows a
 * screen.
 */
#ifndef CONGO_SESSION_LINK_H
#define CONGO_SESSION_LINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "session/session.h"

struct net_event;

/* The network options (read with the game's others). */
struct session_net_opts {
	bool any;                 /* some network option was given */
	const char *connect;      /* HOST[:PORT], tls://HOST[:PORT] (--connect,
				     else congo.conf's network.host) */
	const char *account;      /* congo.conf's network.account, when
				     connect is network.host: the account
				     to log in as without --login */
	bool lobby;               /* --lobby: the server's lobby */
	const char *tls_ca;       /* --tls-ca FILE */
	bool tls_trust_new;       /* --tls-trust-new: a certificate no
				     authority vouches for, of a server with
				     no pin, pinned without a question */
	bool tls_ask;             /* the view can ask the player whether to
				     trust it (else it is refused): set by
				     the view, not an option */
	bool host;                /* run a server here */
	int port;                 /* --port, -1 when not given */
	bool create;
	int seat;                 /* --seat, -1 when not given */
	const char *join;         /* a game id */
	const char *game;         /* a game id to rejoin */
	const char *observe;      /* a game id */
	const char *name;         /* --name */
	const char *register_name; /* --register NAME: an account */
	const char *login;        /* --login NAME: which account */
	const char *seek;         /* --seek M+S */
	bool rated;               /* --rated (with --seek, --challenge) */
	const char *challenge;    /* --challenge NAME: an account */
	int days;                 /* --days N (with --challenge), 0 none */
	bool games;               /* --games: the account's games, printed */
	bool tournaments;         /* --tournaments: the server's, printed */
};

/* What of the game's own options the network game takes. */
struct session_net_game {
	const char *fen;          /* --fen: the position CREATE sends */
	const char *clock;        /* --clock M+S: the server keeps it */
	const char *load;         /* --load: refused with network play */
	bool local_given[2];      /* --white / --black chose a local player */
};

/* -1 with err when the options do not add up (once the configured
 * server is in: session_net_opts_configured). */
int session_net_opts_check(const struct session_net_opts *o, char *err,
    size_t errlen);

/* congo.conf's server and account for the options that name no server
 * (no --connect nor --host): connect becomes network.host when it is set,
 * account network.account when connect is network.host. */
struct congo_conf;
void session_net_opts_configured(struct session_net_opts *o,
    const struct congo_conf *c);

/* Set network play up (before the view starts): the connection, for
 * --host the server, and the game asked for. *seat: the seat to install
 * (-1 watching or in the lobby); *lobby: no game asked for, the lobby
 * shows. -1 with err. */
int session_link_start(struct session *s, const struct session_net_opts *no,
    const struct session_net_game *ng, int *seat, bool *lobby, char *err,
    size_t errlen);
/* Connect (the view has started). */
void session_link_go(struct session *s);
/* The connection closed, --host's server stopped, the network game
 * ended; why the program ended, if it did, into fatal ("" else). */
void session_link_stop(struct session *s, char *fatal, size_t n);
/* The loop: ms until session_link_tick is due (-1 none), and the tick;
 * lobby: the lobby is shown. */
int session_link_timeout(struct session *s, bool lobby);
void session_link_tick(struct session *s, bool lobby);
/* The server's clock of color: false when not in a timed network game
 * (or while a record is reviewed: the session's clock is its). */
bool session_link_clock(const struct session *s, int color, long long *left,
    bool *running);
/* The game's id on the server ("" in the lobby), whether the connection
 * is online now, and the longest chat line (bytes, PROTOCOL.md SAY). */
const char *session_link_game_id(const struct session *s);
bool session_link_online(const struct session *s);
int session_link_say_max(void);
/* :info: the game, and for --host every command a friend may run. */
void session_link_info(struct session *s);
/* "congo --connect ADDR --join GAME" for address i of --host. */
void session_link_friend_command(const struct session *s, int i,
    const char *game, char *buf, size_t n);
/* After the game handled an event: the game announced once seated (how
 * a friend joins a hosted one), a rated result's changes said. True when
 * the event seated the player or made them watch: the game shows, not
 * the lobby. */
bool session_link_after(struct session *s, const struct net_event *e);
/* q in a network game: back from a record reviewed (to the game, or
 * *to_lobby: session_net_record_back), *to_lobby when watching a game
 * chosen in the lobby (it goes back there), a correspondence game or a
 * standing challenge left (never resigned: session_corr_quit), or the
 * question asked first when this machine serves the friend's game; true
 * when handled. */
bool session_link_quit(struct session *s, bool *to_lobby);
/* The same less the question: what quit typed in --plain does first. */
bool session_link_back(struct session *s, bool *to_lobby);
/* Back to the lobby: a new connection that watches nothing. */
void session_link_lobby(struct session *s);

/* congo --games (session_net_games.c): the account's games not over, a
 * line each (session_mine_line's) on out, your turn first; problems on
 * err ("congo: ..."). The exit status: 0, or 1 when the server cannot be
 * reached, refuses the login or does not answer. */
int session_link_games(const struct session_net_opts *no,
    const struct congo_conf *c, FILE *out, FILE *err);

#endif
