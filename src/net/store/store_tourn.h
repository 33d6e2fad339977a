/*
 * store_tourn.h: tournaments in the store (issue 60; PROTOCOL.md
 * "Tournaments"): the tables' records (STORE_TOURN_SQL), the typed writes
 * that change them (store_tourn_op.c: in a change's transaction, values
 * bound by SQLite and quoted by libpq into PostgreSQL's batch) and the
 * reads (store_tourn.c). Included by store_types.h: no SQL here.
 */
#ifndef CONGO_NET_STORE_TOURN_H
#define CONGO_NET_STORE_TOURN_H

#include <stdbool.h>

#include "net/proto/proto.h"

#define STORE_TOURN_NAME_MAX 41        /* 1-40 of A-Za-z0-9_- */

/* A tournament as stored (and a TOURNEY_ADD's values). */
struct store_tourney {
	char id[CGP_ID_LEN + 1];
	char kind[8];                  /* "arena" "swiss" */
	char name[STORE_TOURN_NAME_MAX];
	char creator[CGP_NAME_MAX + 1];
	long long start;               /* Unix ms */
	long long created;             /* Unix ms */
	int minutes;                   /* an arena's */
	int rounds;                    /* a Swiss's */
	char clock[16];                /* "180+2", "" with days */
	int days;                      /* a correspondence Swiss's, 0 */
	char variant[CGP_VARIANT_MAX];
	bool rated;
	int status;                    /* 0 upcoming, 1 running, 2 finished */
	int round;                     /* a Swiss's rounds paired */
	int minrated;                  /* rated games in its category to
	                                  join (0-100, 0 none) */
	char tiebreak[12];             /* a Swiss's first: "buchholz" (or
	                                  "") or "sb" */
};

/* A member. */
struct store_tmember {
	char lname[CGP_NAME_MAX + 1];
	char name[CGP_NAME_MAX + 1];   /* as registered */
	long long joined;              /* Unix ms */
	bool paused, withdrawn;
	int absences;                  /* a Swiss's rounds forfeited absent */
	int points;                    /* as last worked out (half-points in
	                                  a Swiss, points in an arena) */
	bool fire;
};

/* A pairing: game "" and black "" for a bye; result and plies the
 * game's, as stored (result "" while it is played). */
struct store_tpair {
	int round, n;
	char game[CGP_ID_LEN + 1];
	char white[CGP_NAME_MAX + 1], black[CGP_NAME_MAX + 1];
	bool berserk[2];
	char result[8];
	char reason[24];
	int plies;
};

/* The pairing lease as stored: its server and its end (Unix ms). */
struct store_tlease_row {
	char server[CGP_ID_LEN + 1];
	long long until;
};

/* The tournament fields of a typed write (struct store_op's t). */
struct store_tourn_op {
	struct store_tourney t;        /* TOURNEY_ADD; id for all */
	struct store_tmember m;        /* TMEMBER_PUT, TMEMBER_SCORE */
	struct store_tpair p;          /* TPAIR_ADD, TBERSERK (berserk[]) */
	long long now;                 /* TLEASE: Unix ms */
};

struct store_change;
/*
 * The writes (store_tourn_op.c), appended to ch as store_op.c's are: 0,
 * or -1 when ch has no room or a value does not fit.
 */
int store_tourney_add(struct store_change *ch, const struct store_tourney *t);
/* t's status and round. */
int store_tourney_state(struct store_change *ch, const char *id, int status,
    int round);
/* A member put (added, or its paused, withdrawn and absences set). */
int store_tmember_put(struct store_change *ch, const char *id,
    const struct store_tmember *m);
/* A member taken away (TLEAVE before the start). */
int store_tmember_remove(struct store_change *ch, const char *id,
    const char *lname);
/* A member's points and fire as worked out from the results. */
int store_tmember_score(struct store_change *ch, const char *id,
    const char *lname, int points, bool fire);
int store_tpair_add(struct store_change *ch, const char *id,
    const struct store_tpair *p);
/* seat (0 white, 1 black) of game berserked. */
int store_tberserk(struct store_change *ch, const char *id, const char *game,
    int seat);
/*
 * The pairing lease (one a store): server takes it, or keeps it, until
 * now + ms; a conflict (the change refused) when another server holds it
 * and its lease has not run out at now. Carried by every pairing's
 * change, so that only the lease's holder pairs.
 */
int store_tlease(struct store_change *ch, const char *server, long long now,
    long long ms);

#endif
