/*
 * server.h: the CGP/1 server (src/net/server), as other modules use it. It
 * runs as `congo-server` or in a thread of the game (`congo --host`). The
 * game's side of CGP/1 is net/client/client.h; the inside of the server,
 * sess.h (the session), srv_int.h (the loop). No curses here.
 */
#ifndef CONGO_NET_SERVER_H
#define CONGO_NET_SERVER_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "config/config.h"
#include "engine/game.h"
#include "net/proto/proto.h"

/* The server. */

/* The session's limits (congo-server's options, sess_new). */
struct sess_limits {
	int max_connections;       /* in total */
	int max_per_address;       /* per network: an IPv4 /24, an IPv6 /64 */
	int games_per_minute;      /* CREATEs per network per minute */
	int max_observers;         /* per game */
	int max_failed_rejoins;    /* wrong tokens per network and game per
				      minute (the right one always works) */
	int commands_per_second;   /* per connection; 0: no limit */
	long long abandon_ms;      /* CLAIM after this absence; 0: 120 s */
	long long expire_ms;       /* an open game's life; 0: a day */
	long long first_move_ms;   /* a timed game's first moves; 0: 60 s */
	bool rated_same_network;   /* two players of one network may meet
				      in a rated game (a club behind one
				      address); false: 409 SAME_NETWORK */
	long long day_ms;          /* a correspondence game's day; 0: 86400 s
				      (shorter for tests) */
	int bot_games;             /* a bot account's games at once; 0: 8 */
	/* The daily tournaments of congo.conf's server.tournaments. */
	const struct tsched_conf *tsched;  /* ntsched of them */
	int ntsched;
};

#define SESS_ABANDON_MS 120000LL
#define SESS_EXPIRE_MS 86400000LL
#define SESS_FIRST_MOVE_MS 60000LL

struct srv_opts {
	struct tsched_conf tsched[CONF_TSCHED_MAX];  /* lim.tsched's */
	char bind[256];          /* "" = every address */
	char http[256];          /* the web pages' ADDR:PORT, "" none */
	char https[256];         /* and over TLS (tls_cert, tls_key) */
	int port;                /* 0: any free port (see srv_port); -1
				    none (--port none: TLS only) */
	char tls_listen[256];    /* CGP/1 over TLS: ADDR:PORT, "" none */
	char tls_cert[1024];     /* its certificate (PEM, with the chain) */
	char tls_key[1024];      /* and key files, read again on *reload */
	volatile sig_atomic_t *reload; /* set (SIGHUP): the certificate is
				    read again, the flag cleared */
	char db[1024];           /* the database file */
	bool db_create;          /* create the file when missing or empty
				    (false: refuse, so a lost database
				    is never silently replaced) */
	bool db_upgrade;         /* bring an older database to this version
				    (false: refuse it, saying to run
				    congo-server --upgrade) */
	struct sess_limits lim;   /* the session's limits */
	char notify_command[1024];   /* run for a player away, "" none */
	int ping_after_ms;       /* silence before PING, then as long to PONG */
	size_t out_cap;          /* bytes queued for one client before drop */
	struct game_rules rules;
	int log_level;           /* NET_LOG_*; -1 silent */
	FILE *log;               /* NULL: stderr */
};

/* The defaults: port 7153, 1000 connections, 16 a network (an IPv4 /24, an
 * IPv6 /64), 10 games a minute a network, 50 observers a game, 10 wrong
 * tokens a minute a network and game, 20 commands a second a connection,
 * CLAIM after 120 s, open games cancelled after a day, PING after 30 s,
 * 256 KiB of output. db is left "". */
void srv_defaults(struct srv_opts *o);


struct srv;

/* Open the database, rebuild its games, listen. NULL with err. */
struct srv *srv_open(const struct srv_opts *o, char *err, size_t errlen);
/* The port listened on (useful with port 0). */
int srv_port(const struct srv *sv);
/* The port of --tls-listen, -1 without it. */
int srv_tls_port(const struct srv *sv);
/*
 * Serve until *stop becomes non-zero (a signal handler sets it; stop may be
 * NULL) or srv_stop is called. sigmask, if not NULL, is the signal mask
 * while waiting (ppoll), so signals blocked otherwise wake the loop. Then
 * it stops accepting, sends what is queued (2 s at most), closes every
 * connection and the database. Returns 0, -1 on a fatal error.
 */
int srv_run(struct srv *sv, volatile sig_atomic_t *stop,
    const sigset_t *sigmask);
/* Ask srv_run to return; safe from another thread. */
void srv_stop(struct srv *sv);
/* Free what srv_open made (after srv_run, or instead of it). */
void srv_close(struct srv *sv);

/* `congo-server` itself. */
int server_main(int argc, char **argv);

/* congo-server --check, --upgrade and --reset-key NAME (server_admin.c):
 * the exit status. */
int server_check(const struct srv_opts *o);
int server_upgrade(const struct srv_opts *o);
int server_reset_key(const struct srv_opts *o, const char *name);
/* --db-file PATH (server_dbfile.c): the database's address read from a
 * file of the running user or root that nobody else may read (0600), its
 * first line neither empty nor a # comment, into db. -1 with err naming
 * the file (and never what is in it). */
int server_db_file(const char *path, char *db, size_t n, char *err,
    size_t errlen);

#endif
