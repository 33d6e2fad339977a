/*
 * cgp_load.h: what the two files of the load run share (cgp_load.c plays
 * the games; cgp_load_check.c checks the store afterwards and prints the
 * figures).
 */
#ifndef CONGO_CGP_LOAD_H
#define CONGO_CGP_LOAD_H

#include <stdbool.h>

#include "engine/game.h"
#include "engine/notation.h"
#include "net/proto/proto.h"

#define MAXPLY 1024
#define MAXSRV 16

struct lgame;

struct lconn {
	int fd;
	int color;
	struct lgame *g;
	char in[8192];
	size_t inlen;
	char out[8192];
	size_t outlen;
	bool hello;
	int srv;                 /* index of its server in L.ports */
	char token[CGP_TOKEN_LEN + 1];   /* its seat's, in the current game */
	long seq;                /* the last seq it saw of the current game */
	bool rejoining;          /* REJOIN sent, its OK not yet in */
	long long live_since;    /* connected and seated since (us) */
	long long rejoin_sent;
	long long next_reconnect;
};

struct lgame {
	struct lconn c[2];
	char id[16];
	struct game mirror;      /* what the events said */
	bool started, over, created;
	int nacked;              /* moves OK'd to the mover */
	char acked[MAXPLY][MOVE_TEXT_MAX];
	unsigned char seen[2][MAXPLY];   /* EV MOVE per ply per side */
	long long sent_at[MAXPLY];
	signed char sent_srv[MAXPLY];    /* the mover's server */
	long long think_until;
	bool waiting;            /* a MOVE not yet answered */
	bool resigned;           /* --resign: sent at the end */
	int games_done;
};

struct done {                /* a finished game, for the final check */
	char id[16];
	int nacked;
	char (*acked)[MOVE_TEXT_MAX];
	struct done *next;
};

struct samples {
	double *v;
	size_t n, cap;
};

/* The run: its options and what it counted (cgp_load.c). */
struct load {
	const char *host;
	int port, ngames, seconds, think;
	long long moves, errors, events;
	struct samples lat;      /* MOVE -> EV, the two players' servers apart */
	struct samples lat_same; /* ... on the same server */
	struct samples rejoin;   /* connect + HELLO + REJOIN -> its OK */
	int failures;
	unsigned rng;
	bool resign;             /* games still on at the end: resign them */
	int plies;               /* --plies N: resign at ply N (0: never) */
	int ports[MAXSRV], nports;
	bool ending;             /* the time is up: no new games */
	bool lockstep;           /* every think exactly --think */
	int think_min, think_max;        /* --think MIN-MAX, ms */
	int reconnect;           /* --reconnect S: mean seconds */
	const char *acked_path;
	bool no_check;
	bool refusals_ok;        /* --refusals-ok */
	long long refused;       /* 503, 507, 412 counted so */
	long long reconnects, replayed;
};
extern struct load L;
extern struct done *finished;       /* games over, kept for checking */

/* cgp_load.c */
int dial(int to);
void problem(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
long long now_us(void);

/* cgp_load_check.c */
void check_history(int fd, const char *id, int nacked,
    char (*acked)[MOVE_TEXT_MAX]);
int check_conn(void);
void print_load(void);
int fsync_test(const char *dir, int n);
void print_samples(const char *what, struct samples *s);
int write_acked(const char *path, struct lgame *games);
int check_file(const char *path);

#endif
