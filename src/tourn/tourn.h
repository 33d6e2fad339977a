/*
 * tourn.h: tournaments without sockets, curses or SQL (issue 60): a Swiss
 * event's players and rounds, read from FIDE's TRF (TRF16 / TRF-x as
 * bbpPairings reads it), the next round paired by the FIDE Dutch system
 * (Handbook C.04.3, the 2017 rules), its tie-breaks; and the arena's
 * scoring and pairing choice (lichess's rules).
 */
#ifndef CONGO_TOURN_H
#define CONGO_TOURN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define TOURN_MAX_ROUNDS 64
#define TOURN_MAX_PLAYERS 999

/*
 * One round of one player, as TRF writes it: opp the opponent's index
 * (0-based) or -1, colour 'w', 'b' or '-', res the result code: '1' '0'
 * '=' played (and 'W' 'D' 'L', unrated but played), '+' '-' forfeit won
 * or lost, 'U' the pairing-allocated bye, 'F' a full-point bye, 'H' a
 * half-point bye, 'Z' a zero-point bye (absent); 0: nothing (not yet).
 */
struct tourn_round {
	int opp;
	char colour;
	char res;
};

struct tourn_player {
	int id;                 /* starting rank (pairing number), 1-based */
	char name[40];
	int rating;
	struct tourn_round r[TOURN_MAX_ROUNDS];
};

/* A Swiss event: players in pairing-number order. */
struct tourn {
	int n;
	struct tourn_player *p;
	int rounds;             /* rounds in all (XXR), 0 unknown */
	char first;             /* 'w' / 'b' player 1's colour in round 1 (XXC),
	                         * 0 unknown (inferred from the rounds) */
};

/* A pairing: white, black (0-based; black -1 for the bye). */
struct tourn_pair {
	int white, black;
};

void tourn_free(struct tourn *t);

/* Round codes. */
bool tourn_res_played(char res);        /* a game was played over the board */
int tourn_res_points2(char res);        /* half-points scored */

/* The half-points of player i after the first k rounds. */
int tourn_points2(const struct tourn *t, int i, int k);
/* The rounds paired so far: up to the last with a game, a forfeit or the
 * pairing's bye (later entries: byes asked for, absences). */
int tourn_rounds_done(const struct tourn *t);

/*
 * TRF read from text (len bytes): 0, or -1 with err naming the line and
 * the problem. t is filled; tourn_free it.
 */
int tourn_trf_read(const char *text, size_t len, struct tourn *t,
    char *err, size_t errlen);

/*
 * The next round (round tourn_rounds_done + 1, counting players that
 * already have an entry for it, a bye or an absence, as not to be paired)
 * paired by the Dutch system: *pairs (malloc'd, *npairs) in bbpPairings's
 * order (the higher score first, the bye last). 0, or -1 with err (no
 * pairing satisfies the absolute criteria).
 */
int tourn_dutch_pair(const struct tourn *t, struct tourn_pair **pairs,
    int *npairs, char *err, size_t errlen);

/* pairs as bbpPairings -p prints them: the count, then "white black"
 * by pairing numbers, 0 for the bye. */
void tourn_pairs_print(FILE *f, const struct tourn *t,
    const struct tourn_pair *pairs, int npairs);

/* pairs entered as round rnd (0-based) with results res[i] for pair i
 * ('1' white won, '0' black won, '=' drawn; byes get 'U'). */
void tourn_round_add(struct tourn *t, int rnd, const struct tourn_pair *pairs,
    int npairs, const char *res);

/*
 * Tie-breaks of player i over the first k rounds, in quarter-points (FIDE
 * Handbook C.02 with its rule for unplayed games, 2012: a round the
 * player did not play, bye, forfeit or absence, counts as a game against
 * a virtual opponent who had the player's score before that round, took
 * the rest of that round's point and drew every later round; opponents'
 * scores are their own). Buchholz cut 1: the opponents' scores but the
 * least. Sonneborn-Berger: the beaten opponents' scores and half the
 * drawn ones'.
 */
int tourn_buchholz_cut1(const struct tourn *t, int i, int k);
int tourn_sonneborn_berger(const struct tourn *t, int i, int k);

/*
 * The arena (lichess's rules). A player's finished games in order, each
 * from that player's side: result 'W' 'D' 'L', plies the game's plies
 * (kept for the record; PROTOCOL.md scores every draw alike), own_moves
 * the player's own moves (a berserked win of 7 or more scores 1 more),
 * berserk whether the player berserked.
 */
struct arena_game {
	char result;
	int plies;
	int own_moves;
	bool berserk;
};

/* The points of game k given the games before it. */
int arena_game_points(const struct arena_game *g, int k);
/* The total; *on_fire (may be NULL) whether the next game scores double. */
int arena_score(const struct arena_game *g, int n, bool *on_fire);
/* A berserk clock: base and increment (ms) become *base (half) and
 * *inc (0). */
void arena_berserk_clock(long base_ms, long inc_ms, long *base, long *inc);
/* Performance rating: the opponents' mean rating + 500 (wins - losses)
 * / games; opp_rating[k] for game k; 0 with no games. */
int arena_performance(const struct arena_game *g, const int *opp_rating,
    int n);

/* The standings: points down, ties by performance down (then id up). */
struct arena_entry {
	int id;
	int points;
	int performance;
};
void arena_sort(struct arena_entry *e, int n);

/* A free player of a running arena. */
struct arena_free {
	int id;                 /* the caller's */
	int rank;               /* place in the standings, 1 the leader */
	int rating;
	int last_opp;           /* id of the last opponent, -1 none */
	int whites, blacks;     /* games with each colour */
	char last_colour;       /* 'w' 'b' 0 */
};

/*
 * Pairs among the n free players (as many as can be): close in the
 * standings, never the same opponents as last time while another choice
 * pairs as many, white to the one who has had it less (then the one who
 * had black last, then the better placed). out (n/2 room): ids. Returns
 * the number of pairs.
 */
int arena_pair(const struct arena_free *f, int n, struct tourn_pair *out);

#endif
