/*
 * sess_tourney.h: tournaments as a feature of the session (issue 60;
 * PROTOCOL.md "Tournaments"): what its files share. The tournaments, their
 * members and pairings are kept in memory (read at start-up from the
 * store, written through the store's typed calls as they change); points
 * are worked out again from the pairings' results each time one ends.
 */
#ifndef CONGO_NET_SESS_TOURNEY_H
#define CONGO_NET_SESS_TOURNEY_H

#include <stdbool.h>

#include "net/store/store.h"

struct sess;
struct sgame;

/* A member as the server runs it. */
struct tmem {
	struct store_tmember m;
	bool busy;                     /* in a game, or one being stored */
	long long free_since;          /* ms (s->now) */
	/* Worked out from the pairings (tourney_score). */
	int points;                    /* an arena's points, a Swiss's
					  half-points */
	bool fire;
	int games, perf, whites, blacks;
	char last_colour;              /* 'w' 'b' 0 */
	int last_opp;                  /* member index, -1 */
	int buchholz, sb;              /* a Swiss's, quarter-points */
	int rating;                    /* at the start (sess_tourney_sync.c) */
	bool rating_known;
};

struct tourney {
	struct store_tourney t;
	struct tmem *m;
	int nm, mcap;
	struct store_tpair *p;
	int np, pcap;
	int inflight;                  /* pairings being stored */
	long long next_pair;           /* ms: the arena pairs then */
	bool told_start;
	bool soon_looked, told_soon;   /* the notice 5 minutes before the
					  start (sess_tourney_run.c) */
	bool checked;                  /* a Swiss's round begun before a
					  restart made whole */
	bool made_here;                /* by TOURNEY on this server */
};

/* A pairing on its way to the store: its seats' tokens, told once it
 * is stored. */
struct tpend {
	char tourney[CGP_ID_LEN + 1];
	char game[CGP_ID_LEN + 1];
	char tok[2][CGP_TOKEN_LEN + 1];
	struct store_tpair p;
};

struct tstate {
	struct tourney *v;
	int n, cap;
	struct tpend *pend;
	int npend, pendcap;
	long long next_tick;
	char server[CGP_ID_LEN + 1];   /* this server's lease name */
	bool holder;                   /* it holds the lease (several) */
	bool reading;                  /* a read of the store on its way */
	long long next_sync;
	long long next_sched;          /* the daily ones looked at next */
};

#define TOURNEY_MAX 256
#define TOURNEY_MEMBERS_MAX 512
#define TOURNEY_PAIRS_MAX 8192
#define TOURNEY_LEASE_MS 4000

/* The session's tournaments (sess_tourney.c). */
struct tstate *tourney_state(struct sess *s);
struct tourney *tourney_find(struct sess *s, const char *id);
/* The tournament and pairing of game id, or NULL. */
struct tourney *tourney_of_game(struct sess *s, const char *id,
    struct store_tpair **pair);
int tourney_member(const struct tourney *t, const char *lname);
struct tourney *tourney_add(struct tstate *ts, const struct store_tourney *st);
struct tmem *tourney_add_member(struct tourney *t,
    const struct store_tmember *m);

/* The store's rows (sess_tourney_sync.c): all read at start-up (how
 * many); read again every second or so off the event loop, the lease
 * kept or taken with several servers on the store. Whether this server
 * runs them (pairs, starts, ends) now. */
int tourney_read_store(struct sess *s);
void tourney_sync_tick(struct sess *s, long long now);
bool tourney_running_here(struct sess *s);
/* Points, fire, tie-breaks of every member from the pairings
 * (sess_tourney_score.c); the order of the standings into order[]. */
void tourney_score(struct tourney *t);
void tourney_standings(const struct tourney *t, int *order);
/* A Swiss's next round's pairs by the Dutch system (member indexes,
 * black -1 the bye), for round rnd (1-based), from the rounds before:
 * how many, or -1 with err. */
int tourney_swiss_pairs(const struct tourney *t, int rnd, int *white,
    int *black, int max, char *err, size_t errlen);
/* Points as PROTOCOL's STANDINGS shows them ("2", "1.5"). */
void tourney_points_text(const struct tourney *t, int points, char *buf,
    size_t n);

/* The daily tournaments of the configuration made an hour before their
 * start (sess_tourney_sched.c); when it is next due. */
void tourney_schedule(struct sess *s, long long now);

/* Running them (sess_tourney_run.c). */
void tourney_tick(struct sess *s, long long now);
/* When tourney_tick has work: every TICK_MS while a tournament is kept
 * (the wall clock known), -1 none. */
long long tourney_due(const struct sess *s);
void tourney_seated(struct sess *s, struct sgame *g,
    const struct store_change *ch);
void tourney_refused(struct sess *s, const struct store_change *ch,
    bool conflict);
void tourney_applied(struct sess *s, struct sgame *g,
    const struct store_change *ch);
/* An event to every connection of the members of t. */
void tourney_tell(struct sess *s, struct tourney *t, const char *state,
    int n);
/* The pairing op of a change (STORE_OP_TPAIR_ADD), or NULL. */
const struct store_op *tourney_pair_op(const struct store_change *ch);

/* BERSERK (sess_tourney_berserk.c). */
void tourney_cmd_berserk(struct sess *s, int conn, const struct cgp_cmd *c);

#endif
