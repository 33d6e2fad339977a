/*
 * web_host.h: the web pages' HTTP side and what it sees of the server.
 *
 * The pages know nothing of the server's insides: everything they need of
 * it (the time, the log, the store's reads off the loop, a game's snapshot,
 * the figures of /metrics) comes through struct web_host, which the server
 * fills with its functions and a context (net/server/srv_web.c). What
 * crosses is plain data (the structs below); the server's loop drives the
 * pages' descriptor (web_fd, web_timeout, web_readable, web_run).
 */
#ifndef CONGO_WEB_HOST_H
#define CONGO_WEB_HOST_H

#include <stdbool.h>
#include <stddef.h>

#include "web/web.h"

#define WEB_ID_LEN 8             /* a game id: 8 letters and digits */
#define WEB_VARIANT_MAX 16       /* a variant's name with its NUL */
#define WEB_LIST_MAX 50          /* live games on the front page */
#define WEB_RECENT_MAX 20        /* finished games on the front page */
#define WEB_TOP_MAX 10           /* best players of a category */
#define WEB_PAGE_GAMES 20        /* a player's games a page */
#define WEB_HIST_MAX 200         /* points of a rating's history */
#define WEB_LIVE_MAX 50          /* a player's games not finished */

/* A game page's data, with the buffers its strings live in
 * (web_gamedata_alloc, web_gamedata_free). */
struct web_gamedata {
	struct web_game w;
	char *fenbuf, *movebuf;
	const char **fens, **moves;
};

#define WEB_TOURNEYS_MAX 256     /* tournaments listed */
#define WEB_TGAMES_MAX 200       /* a tournament's newest games shown */

/* A tournament's page's data (the host's tourney; its arrays malloc'd:
 * web_tourneydata_free). */
struct web_tourneydata {
	struct web_tourney w;
	struct web_standing *st;
	struct web_tpair_row *p;
};

/* A rated game's players' ratings now (a read): names, variant and speed
 * in; ratings out. */
struct web_ratings {
	char white[WEB_NAME_MAX], black[WEB_NAME_MAX];
	char variant[WEB_VARIANT_MAX], speed[RATING_SPEED_MAX];
	int w, b;                      /* 0: unknown */
	bool wprov, bprov;             /* provisional ("1523?") */
};

/* The front page's data. */
struct web_indexdata {
	struct web_index x;
	struct web_game_row live[WEB_LIST_MAX];
	struct web_game_row recent[WEB_RECENT_MAX];
	struct web_seek_row seeks[WEB_LIST_MAX];
	int nseeks;
	char catname[WEB_MAX_CATEGORIES][32];
	struct web_rating_row top[WEB_MAX_CATEGORIES][WEB_TOP_MAX];
	struct web_tourney_row tourneys[WEB_TOURNEYS_MAX];
};

/* A player's page's data. */
struct web_playerdata {
	struct web_player p;
	struct web_rating_row ratings[WEB_MAX_CATEGORIES];
	struct {
		long long at[WEB_HIST_MAX];
		double r[WEB_HIST_MAX];
	} histbuf[WEB_MAX_CATEGORIES];
	struct web_point hist[WEB_MAX_CATEGORIES][WEB_HIST_MAX];
	struct web_point *histp[WEB_MAX_CATEGORIES];
	int nhist[WEB_MAX_CATEGORIES];
	struct web_game_row games[WEB_PAGE_GAMES];
	char next[16];
	struct web_game_row live[WEB_LIVE_MAX];
};

/* A read of the store for a page, off the server's loop. */
enum web_read_kind {
	WEB_READ_INDEX,                /* the front page: ix */
	WEB_READ_PLAYER,               /* a's page (b: before= or ""): pd */
	WEB_READ_HEALTH,               /* can the store be read? */
	WEB_READ_GAME,                 /* game a (any case) into memory */
	WEB_READ_RATINGS               /* game a's players' ratings: rr */
};
struct web_read {
	enum web_read_kind kind;
	char a[64], b[64];
	/* The answer. INDEX: -1 the store cannot be read (ix made on the
	 * loop, with what the server holds: seeks, games in memory);
	 * PLAYER: 1, 0 no such player, -1 the store cannot say; HEALTH:
	 * below 0 the store cannot be read (err); GAME: 1 in memory now, 0
	 * no such game, -1 the store cannot say. */
	int rc;
	char err[256];
	struct web_indexdata *ix;      /* INDEX: the caller's, filled */
	struct web_playerdata *pd;     /* PLAYER: the caller's, filled */
	struct web_ratings rr;         /* RATINGS */
};

/* What /metrics shows of the server. */
#define WEB_MAX_LIMITS 16
#define WEB_COMMIT_BOUNDS 10
struct web_figures {
	int conns;                     /* CGP/1 connections open */
	int games[3];                  /* in memory: open, active, finished */
	const char *status[3];         /* those statuses' names */
	long long changes;             /* changes stored */
	/* The commits' durations: counts[i] at most bounds[i] ms (the last,
	 * all), and their sum in ms. */
	long long counts[WEB_COMMIT_BOUNDS + 1], sum;
	long long store_errors;
	int nlimits;                   /* refusals by limit */
	const char *limit[WEB_MAX_LIMITS];
	long long refused[WEB_MAX_LIMITS];
};

#define WEB_LOG_WARN 1           /* the server's warning level */

struct web_host {
	void *ctx;
	/* ms of a monotonic clock. */
	long long (*now)(void *ctx);
	/* A message for the server's log at level (WEB_LOG_WARN). */
	void (*log)(void *ctx, int level, const char *msg);
	/* A connection refused by a limit: logged at a bounded rate and
	 * counted by its words, as the server's own refusals. */
	void (*refused)(void *ctx, const char *msg);
	/* "ADDR:PORT", "[V6]:PORT" into host and *port as the server reads
	 * its addresses; -1 when it is not that. */
	int (*split_addr)(const char *addr, char *host, size_t n, int *port);
	/* The network of a client's address as the server counts them
	 * ("192.0.2.0/24"). */
	void (*net_of)(void *ctx, const char *addr, char *out, size_t n);
	/* Run r off the loop, then done(arg) on the loop with r answered
	 * (at once, before it returns, when the server has no reader
	 * thread); drop(arg) instead when it never comes back (the server
	 * stopping). r lives until then. */
	void (*read)(void *ctx, struct web_read *r, void (*done)(void *arg),
	    void (*drop)(void *arg), void *arg);
	/* Is game id (any case) in memory? 1 with its id as the server
	 * spells it (out, WEB_ID_LEN + 1 bytes), 0 not. */
	int (*game_find)(void *ctx, const char *id, char *out);
	/* A snapshot of game id (in memory) at now: 1 with d filled (its
	 * positions and moves before from left ""; web_gamedata_free), 0
	 * gone. rr: its players' names, variant and speed for a ratings
	 * read (may be NULL: a stream's message; else the page's, with its
	 * tournament). */
	int (*game)(void *ctx, const char *id, long long now, int from,
	    struct web_gamedata *d, struct web_ratings *rr);
	/* Game id's record (malloc'd; NULL: it cannot be written). */
	char *(*record)(void *ctx, const char *id);
	/* The tournaments the server holds (issue 60; NULL: none):
	 * running, upcoming, then finished (the newest first), at most max
	 * into out: how many. Tournament id's page (any case): 1 with d
	 * filled (web_tourneydata_free), 0 no such tournament. */
	int (*tourneys)(void *ctx, struct web_tourney_row *out, int max);
	int (*tourney)(void *ctx, const char *id, struct web_tourneydata *d);
	/* The figures of /metrics, commits counted at bounds (nb of them,
	 * at most WEB_COMMIT_BOUNDS). */
	void (*figures)(void *ctx, const int *bounds, int nb,
	    struct web_figures *f);
};

/* d's buffers for nply plies (every position and move ""). */
void web_gamedata_alloc(struct web_gamedata *d, int nply);
void web_gamedata_free(struct web_gamedata *d);
void web_tourneydata_free(struct web_tourneydata *d);
/* The buffers of ply i's position and move (FEN_MAX and 32 bytes). */
char *web_gamedata_fen(struct web_gamedata *d, int i);
char *web_gamedata_move(struct web_gamedata *d, int i);

/* The server's settings for its pages. */
struct web_opts {
	const char *addr;              /* ADDR:PORT (web_host's split_addr) */
	bool tls;                      /* HTTPS: the certificate, the key */
	const char *tls_cert, *tls_key;
	int max_connections;           /* HTTP connections, all networks */
	int max_per_address;           /* and one network's */
	size_t out_cap;                /* bytes a stream may have queued */
};

struct web;
/* Listen with o (copied) for host h (copied). share: the pages whose
 * connections count with these against the limits (--http's), or NULL;
 * it is closed after this one. NULL with err (also when built without
 * libmicrohttpd). */
struct web *web_open(const struct web_host *h, const struct web_opts *o,
    struct web *share, char *err, size_t errlen);
/* --https, SIGHUP: the certificate and key read again, and the daemon
 * started again on the same socket with them (libmicrohttpd cannot
 * change a running daemon's): its open connections are closed, event
 * streams too (browsers open them again by themselves). 0 (web_fd may
 * have changed), -1 the files refused (err; the old certificate kept),
 * -2 the new daemon did not start (err; the HTTPS pages are down). */
int web_reload(struct web *w, char *err, size_t errlen);
/* A certificate and key a TLS library refused (web_tls_key.c): why, in
 * err: the key not the certificate's, or no key, encrypted, damaged, or
 * no certificate. The files' contents are given (not NUL-terminated). */
void web_tls_key_why(const char *cert_path, const char *cert_pem,
    size_t certlen, const char *key_path, const char *key_pem, size_t len,
    char *err, size_t errlen);
/* The port listened on. */
int web_port(const struct web *w);
/* The descriptor to add to the loop's set, readable when MHD has work. */
int web_fd(const struct web *w);
/* ms until web_run must run (-1: nothing due). */
long long web_timeout(struct web *w);
/* Its descriptor was readable this round. */
void web_readable(struct web *w);
/* Serve what is ready (readable, or MHD's timeout due); push what changed
 * to the event streams. Cheap when there is nothing to do. */
void web_run(struct web *w, long long now);
/* A game's events were broadcast: w's streams that follow it (w may be
 * NULL) get the game as it is at the next web_run. */
void web_game_event(struct web *w, const char *game);
/* Does a stream of w (may be NULL) follow game (it stays in memory
 * meanwhile)? */
bool web_game_watched(const struct web *w, const char *game);
void web_close(struct web *w);

#endif
