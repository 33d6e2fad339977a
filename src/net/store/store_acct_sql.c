/*
 * store_acct_sql.c: the reads of accounts, ratings and finished games, one
 * text for SQLite and PostgreSQL (? for each parameter; store_pg_acct.c
 * numbers them). Names are compared in lower case.
 */
#include "net/store/store_acct.h"

/* A player's games: an account's own seats (a guest's under its name are
 * not its), any seat of a name no account has. */
#define GAME_ITEM \
    "SELECT g.id, g.variant," \
    " coalesce(" STORE_SEAT_SHOWN("g", "0") ", '-')," \
    " coalesce(" STORE_SEAT_SHOWN("g", "1") ", '-')," \
    " g.result, coalesce((SELECT body FROM events e WHERE e.game = g.id" \
    "  AND e.kind = 'RESULT' ORDER BY e.seq DESC LIMIT 1), '')," \
    " g.rated, g.ended, coalesce(g.clock, ''), " \
    STORE_SEAT_IS_ACCOUNT("g", "0") ", " STORE_SEAT_IS_ACCOUNT("g", "1") \
    " FROM games g WHERE g.status = 2" \
    " AND EXISTS" \
    " (SELECT 1 FROM seats s WHERE s.game = g.id AND lower(s.name) = ?" \
    "  AND (" STORE_SEAT_OWNED("g", "s") " OR " STORE_NOT_ACCOUNT("s") "))"

const char *const store_acct_sql[5] = {
	/* Its games: the rated games it played (an aborted one, result
	 * "-", was never played), as its ratings count them. */
	[STORE_Q_ACCOUNT] =
	    "SELECT name, keyhash, created, (SELECT count(*) FROM seats s"
	    " JOIN games g ON g.id = s.game WHERE lower(s.name) = ? AND"
	    " g.status = 2 AND g.rated = 1 AND g.result <> '-' AND "
	    STORE_SEAT_OWNED("g", "s") "),"
	    " CASE WHEN " STORE_IS_BOT("accounts") " THEN 1 ELSE 0 END"
	    " FROM accounts WHERE lname = ?",
	[STORE_Q_RATINGS] =
	    "SELECT a.name, r.variant, r.speed, r.rating, r.rd, r.vol, r.games"
	    " FROM ratings r JOIN accounts a ON a.lname = r.lname"
	    " WHERE r.lname = ? AND (? = '' OR r.variant = ?)"
	    " AND (? = '' OR r.speed = ?) ORDER BY r.variant, r.speed",
	[STORE_Q_TOP] =
	    "SELECT a.name, r.variant, r.speed, r.rating, r.rd, r.vol, r.games"
	    " FROM ratings r JOIN accounts a ON a.lname = r.lname"
	    " WHERE r.variant = ? AND r.speed = ? AND r.rd <= 110"
	    " AND (? = 1) = " STORE_IS_BOT("a")
	    " ORDER BY r.rating DESC, a.lname LIMIT ?",
	[STORE_Q_GAMES] =
	    GAME_ITEM " ORDER BY g.ended DESC, g.id DESC LIMIT ?",
	[STORE_Q_GAMES_BEFORE] =
	    GAME_ITEM " AND (g.ended < (SELECT ended FROM games WHERE id = ?)"
	    " OR (g.ended = (SELECT ended FROM games WHERE id = ?)"
	    " AND g.id < ?)) ORDER BY g.ended DESC, g.id DESC LIMIT ?",
};

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

/* A column read back as a number: the whole text, or -1 with an error
 * naming the column ("ratings.rd: 'x' is not a number"). */
static int
col_long(const char *col, const char *text, long lo, long hi, long *out,
    char *err, size_t errlen)
{
	char why[160];

	if (parse_long(text, lo, hi, out, why, sizeof why) != 0)
		return util_error(err, errlen, "%s: %s", col, why);
	return 0;
}

/* A time (Unix seconds or milliseconds): 0 or more. */
static int
col_time(const char *col, const char *text, long long *out, char *err,
    size_t errlen)
{
	char why[160];
	uint64_t v;

	if (parse_u64(text, 0, INT64_MAX, &v, why, sizeof why) != 0)
		return util_error(err, errlen, "%s: %s", col, why);
	*out = (long long)v;
	return 0;
}

static int
col_int(const char *col, const char *text, int *out, char *err,
    size_t errlen)
{
	long v;

	if (col_long(col, text, 0, INT_MAX, &v, err, errlen) != 0)
		return -1;
	*out = (int)v;
	return 0;
}

static int
col_double(const char *col, const char *text, double *out, char *err,
    size_t errlen)
{
	char why[160];

	if (parse_double(text, -1e300, 1e300, out, why, sizeof why) != 0)
		return util_error(err, errlen, "%s: %s", col, why);
	return 0;
}

/* One row into its struct (0, or -1 with err naming a bad column). */
static int
account_row(void *arg, int i, const char *const *c, char *err,
    size_t errlen)
{
	struct store_account *a = arg;

	(void)i;
	snprintf(a->name, sizeof a->name, "%s", c[0]);
	snprintf(a->keyhash, sizeof a->keyhash, "%s", c[1]);
	if (col_time("accounts.created", c[2], &a->created, err, errlen) != 0 ||
	    col_int("the account's games", c[3], &a->games, err, errlen) != 0)
		return -1;
	a->bot = strcmp(c[4], "1") == 0;
	return 0;
}

static int
rating_row(void *arg, int i, const char *const *c, char *err,
    size_t errlen)
{
	struct store_rating *r = (struct store_rating *)arg + i;

	snprintf(r->name, sizeof r->name, "%s", c[0]);
	snprintf(r->variant, sizeof r->variant, "%s", c[1]);
	snprintf(r->speed, sizeof r->speed, "%s", c[2]);
	if (col_double("ratings.rating", c[3], &r->rating, err, errlen) != 0 ||
	    col_double("ratings.rd", c[4], &r->rd, err, errlen) != 0 ||
	    col_double("ratings.vol", c[5], &r->vol, err, errlen) != 0 ||
	    col_int("ratings.games", c[6], &r->games, err, errlen) != 0)
		return -1;
	return 0;
}

static int
game_row(void *arg, int i, const char *const *c, char *err, size_t errlen)
{
	struct store_game_item *g = (struct store_game_item *)arg + i;
	const char *why = strstr(c[5], "reason=");

	snprintf(g->id, sizeof g->id, "%s", c[0]);
	snprintf(g->variant, sizeof g->variant, "%s", c[1]);
	snprintf(g->white, sizeof g->white, "%s", c[2]);
	snprintf(g->black, sizeof g->black, "%s", c[3]);
	snprintf(g->result, sizeof g->result, "%s", c[4][0] != '\0' ? c[4] :
	    "-");
	snprintf(g->reason, sizeof g->reason, "%.*s", why != NULL ?
	    (int)strcspn(why + 7, " ") : 1, why != NULL ? why + 7 : "-");
	snprintf(g->clock, sizeof g->clock, "%s", c[8]);
	if (col_int("games.rated", c[6], &g->rated, err, errlen) != 0 ||
	    col_time("games.ended", c[7], &g->ended, err, errlen) != 0)
		return -1;
	g->account[0] = strcmp(c[9], "0") != 0;
	g->account[1] = strcmp(c[10], "0") != 0;
	return 0;
}

/* A player's wins, draws and losses in finished games (the web pages'
 * player page): its own seats, not a guest's under its name. */
static const char wdl_sql[] =
    "SELECT coalesce(sum(CASE WHEN g.result = (CASE s.seat WHEN 0 THEN"
    " '1-0' ELSE '0-1' END) THEN 1 ELSE 0 END), 0),"
    " coalesce(sum(CASE WHEN g.result = '1/2' THEN 1 ELSE 0 END), 0),"
    " coalesce(sum(CASE WHEN g.result = (CASE s.seat WHEN 0 THEN"
    " '0-1' ELSE '1-0' END) THEN 1 ELSE 0 END), 0)"
    " FROM seats s JOIN games g ON g.id = s.game"
    " WHERE lower(s.name) = ? AND g.status = 2 AND "
    STORE_SEAT_OWNED("g", "s");

static int
wdl_row(void *arg, int i, const char *const *c, char *err, size_t errlen)
{
	struct store_account *a = arg;

	(void)i;
	if (col_int("the account's wins", c[0], &a->wins, err, errlen) != 0 ||
	    col_int("the account's draws", c[1], &a->draws, err, errlen) != 0 ||
	    col_int("the account's losses", c[2], &a->losses, err,
	    errlen) != 0)
		return -1;
	return 0;
}

int
store_acct_account(store_rows_fn rows, void *ctx, const char *lname,
    struct store_account *a, char *err, size_t errlen)
{
	const char *p[2] = { lname, lname };
	int n;

	a->wins = a->draws = a->losses = 0;
	n = rows(ctx, store_acct_sql[STORE_Q_ACCOUNT], p, "tt", 1,
	    account_row, a, err, errlen);
	if (n == 1 && rows(ctx, wdl_sql, p, "t", 1, wdl_row, a, err,
	    errlen) < 0)
		return -1;
	return n;
}

int
store_acct_ratings(store_rows_fn rows, void *ctx, const char *lname,
    const char *variant, const char *speed, struct store_rating *out,
    int max, char *err, size_t errlen)
{
	const char *v = variant != NULL ? variant : "";
	const char *s = speed != NULL ? speed : "";
	const char *p[5] = { lname, v, v, s, s };

	return rows(ctx, store_acct_sql[STORE_Q_RATINGS], p, "ttttt", max,
	    rating_row, out, err, errlen);
}

int
store_acct_top(store_rows_fn rows, void *ctx, const char *variant,
    const char *speed, bool bots, int limit, struct store_rating *out,
    char *err, size_t errlen)
{
	char lim[16];
	const char *p[4] = { variant, speed, bots ? "1" : "0", lim };

	snprintf(lim, sizeof lim, "%d", limit);
	return rows(ctx, store_acct_sql[STORE_Q_TOP], p, "ttii", limit,
	    rating_row, out, err, errlen);
}

int
store_acct_games(store_rows_fn rows, void *ctx, const char *lname,
    const char *before, int limit, struct store_game_item *out, char *err,
    size_t errlen)
{
	char lim[16];
	const char *p[5] = { lname, before, before, before, lim };
	const char *q[2] = { lname, lim };

	snprintf(lim, sizeof lim, "%d", limit);
	if (before != NULL)
		return rows(ctx, store_acct_sql[STORE_Q_GAMES_BEFORE], p,
		    "tttti", limit, game_row, out, err, errlen);
	return rows(ctx, store_acct_sql[STORE_Q_GAMES], q, "ti", limit,
	    game_row, out, err, errlen);
}

/* A rating's history (the web pages' chart): the newest max, oldest
 * first. */
struct hist_out {
	long long *at;
	double *rating;
};

static int
hist_row(void *arg, int i, const char *const *c, char *err, size_t errlen)
{
	struct hist_out *h = arg;

	if (col_time("rating_history.at", c[0], &h->at[i], err, errlen) != 0 ||
	    col_double("rating_history.rating", c[1], &h->rating[i], err,
	    errlen) != 0)
		return -1;
	return 0;
}

int
store_acct_history(store_rows_fn rows, void *ctx, const char *lname,
    const char *variant, const char *speed, int max, long long *at,
    double *rating, char *err, size_t errlen)
{
	struct hist_out h = { at, rating };
	char lim[16];
	const char *p[4] = { lname, variant, speed, lim };

	snprintf(lim, sizeof lim, "%d", max);
	return rows(ctx, "SELECT at, rating FROM (SELECT n, at, rating FROM"
	    " rating_history WHERE lname = ? AND variant = ? AND speed = ?"
	    " ORDER BY n DESC LIMIT ?) h ORDER BY n", p, "ttti", max,
	    hist_row, &h, err, errlen);
}
