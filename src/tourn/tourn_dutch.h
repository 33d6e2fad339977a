/*
 * tourn_dutch.h: the Dutch system's pieces shared by its files (not for
 * other modules: they call tourn_dutch_pair in tourn.h).
 */
#ifndef CONGO_TOURN_DUTCH_H
#define CONGO_TOURN_DUTCH_H

#include <stdbool.h>

#include "tourn/tourn.h"
#include "tourn/tourn_match.h"

enum { FL_NONE, FL_DOWN, FL_UP };

/* A player to pair, as the rules see it before the round. */
struct dplayer {
	int idx;                /* in t->p */
	int rank;               /* pairing number - 1 */
	int score;              /* half-points */
	int imbalance;          /* |whites - blacks| over played games */
	char pref;              /* 'w' 'b' or 0 */
	char repeated;          /* the colour of the last two games when the
	                         * same, else 0 */
	bool strong;            /* strong, not absolute */
	bool bye_ok;
	int fl[3];              /* float 1 and 2 rounds back (fl[1], fl[2]) */
};

struct dctx {
	const struct tourn *t;
	int k;                  /* rounds played (the round paired is k + 1) */
	int n;
	struct dplayer *pl;     /* score down, then pairing number */
	bool **played;          /* played[a][b]: a game between pl a and b */
	int *partner;           /* pl index, -1 bye, -2 not yet */
	char initial;           /* 'w' 'b' */
};

static inline bool
dplayer_absolute(const struct dplayer *p)
{
	return p->imbalance > 1 || p->repeated != 0;
}

bool dutch_compatible(const struct dctx *c, int a, int b);

/* One bracket's weights: base[i][j] (i < j, j >= sgb) over the bracket's
 * players b[0..m) (pl indexes): MDPs [0, sgb), residents [sgb, nsgb), the
 * next score group (or all the rest) [nsgb, m). 0, or -1 when the weights
 * need more than TW_BITS bits. */
struct dbracket {
	const struct dctx *c;
	int m, sgb, nsgb;
	bool special;           /* the PPB or the last bracket */
	int *b;
	tw_t *base, *cur;       /* m x m, [i * m + j] with i < j */
	int pcb;                /* bits of the residents' count */
	bool *fixed;            /* paired for good in this bracket */
	int *mate;              /* of the last matching (self: unmatched) */
};
int dutch_weights(struct dbracket *br, bool final);

#define W(br, i, j) ((br)->base[(i) < (j) ? (i) * (br)->m + (j) : (j) * (br)->m + (i)])
#define CUR(br, i, j) ((br)->cur[(i) < (j) ? (i) * (br)->m + (j) : (j) * (br)->m + (i)])

/* The bracket paired (tourn_dutch_order.c): pairs into c->partner via
 * pair(), the players left for the next bracket marked in left[]. */
void dutch_order(struct dbracket *br, bool *matched);
void dutch_rematch(struct dbracket *br);

/* Colours of a pair: 'w' when pl a gets white (tourn_dutch_colour.c). */
char dutch_colour(const struct dctx *c, int a, int b);
void dutch_sort_pairs(const struct tourn *t, int k, struct tourn_pair *p, int n);

#endif
