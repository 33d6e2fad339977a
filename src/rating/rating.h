/*
 * rating.h: the server's ratings and the rules that pair seeks (PROTOCOL.md
 * "Accounts and ratings", SEEK, WHOIS, TOP).
 *
 * Ratings are Glicko-2 as Glickman's "Example of the Glicko-2 system"
 * (2012) computes them; the server makes each rated game its own rating
 * period with one opponent. A category is a variant and a speed; the speed
 * comes from the clock. The pairing rules decide which two seeks make a
 * game and who plays White.
 *
 * Pure arithmetic on values the caller passes in: no sockets, no database,
 * no curses, no allocation.
 */
#ifndef CONGO_RATING_H
#define CONGO_RATING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A new player (PROTOCOL.md): 1500, RD 350, volatility 0.06. */
#define RATING_START 1500.0
#define RATING_START_RD 350.0
#define RATING_START_VOL 0.06
/* The system constant tau and the volatility iteration's tolerance. */
#define RATING_TAU 0.5
#define RATING_EPSILON 0.000001
/* An RD is never above this. */
#define RATING_RD_MAX 350.0
/* A rating is provisional while its RD is above this (shown "1523?"). */
#define RATING_PROVISIONAL_RD 110.0

/* One player's rating in one category, on the Glicko scale. */
struct rating {
	double r;    /* rating */
	double rd;   /* rating deviation */
	double vol;  /* volatility (sigma) */
};

/* One game of a rating period, from the player's side. */
struct rating_game {
	double opp_r;   /* the opponent's rating before the period */
	double opp_rd;  /* and RD */
	double score;   /* 1 win, 0.5 draw, 0 loss */
};

/* A new player: RATING_START, RATING_START_RD, RATING_START_VOL. */
void rating_init(struct rating *out);

/*
 * The player's rating after one rating period holding n games (Glickman's
 * steps 2-8; tau is normally RATING_TAU). n = 0 is a period without games:
 * only the RD grows, by the volatility. The RD is capped at RATING_RD_MAX.
 * out may be player. 0 on success; -1 (out unchanged) for bad input: a
 * value that is not finite, an RD or volatility or tau not above 0, a score
 * outside 0..1, games NULL with n > 0.
 */
int rating_update(struct rating *out, const struct rating *player,
    const struct rating_game *games, size_t n, double tau);

/*
 * One rated game as the server counts it (its own rating period, tau
 * RATING_TAU): both players' new ratings from both ratings BEFORE the game.
 * white_score is 1, 0.5 or 0. The outputs may be the inputs. 0 on success,
 * -1 (outputs unchanged) for bad input, as rating_update.
 */
int rating_after_game(struct rating *w_out, struct rating *b_out,
    const struct rating *w, const struct rating *b, double white_score);

/* Is this rating provisional (RD above RATING_PROVISIONAL_RD)? */
bool rating_provisional(const struct rating *r);

/*
 * The whole number the protocol shows for a rating or an RD (rounded to
 * nearest, halves away from zero; clamped to +-1000000, 0 when not finite).
 */
long rating_round(double value);

/*
 * The change a player sees: the shown rating after minus the shown rating
 * before, so the shown "before" plus the shown change gives the shown
 * "after" (1500.4 -> 1512.6 is +13, not +12).
 */
long rating_diff(double before, double after);

/* "1523", or "1523?" while provisional. */
void rating_format(const struct rating *r, char *buf, size_t n);
/* A change as wdiff= and bdiff= show it: "+12", "-7", "+0". */
void rating_format_diff(double before, double after, char *buf, size_t n);

/*
 * Speeds: from the estimated duration base + 40 x inc seconds, under 180
 * bullet, under 480 blitz, under 1500 rapid, else classical.
 */
enum rating_speed {
	RATING_BULLET,
	RATING_BLITZ,
	RATING_RAPID,
	RATING_CLASSICAL,
	RATING_CORRESPONDENCE,     /* days= (no clock): never from a clock */
};
#define RATING_NSPEEDS 5
/* The longest speed's name ("correspondence") with its NUL: the size of
 * every buffer, column and field that holds one (rating_category.c
 * checks, as it is compiled, that each name fits). */
#define RATING_SPEED_MAX 16

/* The speed of a clock (negative times count as 0). */
enum rating_speed rating_speed_of(int64_t base_ms, int64_t inc_ms);
/* "bullet", "blitz", "rapid", "classical", "correspondence" ("?" for
 * another value). */
const char *rating_speed_name(int speed);
/* The speed of a name (exact, lower case), or -1. */
int rating_speed_parse(const char *name);

/*
 * Pairing (PROTOCOL.md SEEK): two seeks are compatible when they have the
 * same variant, clock and rated flag, their colours are compatible (not
 * both white, not both black), each one's rating is within the other's
 * range, and they are not the same player: not the same account (names
 * compared without regard to case) and not the same connection.
 */
enum rating_colour {
	RATING_RANDOM,
	RATING_WHITE,
	RATING_BLACK,
};

struct rating_seek {
	const char *id;      /* the seek's id, for the caller; rules ignore it */
	const char *name;    /* the account, or NULL when anonymous */
	uint64_t owner;      /* the connection, unique across the servers
	                        sharing a store; 0 = unknown (matches none) */
	int variant;         /* enum variant */
	int64_t base_ms;     /* the clock */
	int64_t inc_ms;
	bool rated;          /* a rated seek needs a name */
	enum rating_colour colour;
	bool has_range;      /* range=<min>-<max> given */
	int range_min;       /* the opponent's shown rating, inclusive */
	int range_max;
	bool has_rating;     /* the seeker has a rating in this category */
	double rating;       /* that rating (ignored unless has_rating) */
	int64_t created;     /* order of arrival: smaller is older (a time
	                        or a sequence number) */
};

/*
 * The rating a seek's range is compared with: the seeker's rating in the
 * category, or RATING_START for an anonymous or unrated player.
 */
double rating_seek_rating(const struct rating_seek *s);

/* Can a and b be paired? (Symmetric.) */
bool rating_seeks_compatible(const struct rating_seek *a,
    const struct rating_seek *b);

/*
 * The seek that seeks[newest] (the one that just arrived) is paired with:
 * the oldest (smallest created, then lowest index) other seek compatible
 * with it. 1 with *match set; 0 when none; -1 when newest is not below n.
 */
int rating_pair_pick(const struct rating_seek *seeks, size_t n,
    size_t newest, size_t *match);

/*
 * The colour a plays against b (b plays the other): a colour either asked
 * for, or when both said random, white if random_bit is nonzero. For two
 * compatible seeks; with clashing colours a keeps its own.
 */
enum rating_colour rating_pair_colour(const struct rating_seek *a,
    const struct rating_seek *b, int random_bit);

#endif
