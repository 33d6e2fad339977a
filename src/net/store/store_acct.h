/*
 * store_acct.h: the reads of accounts, ratings, blocks and an account's
 * games, the same in every store (store_acct_sql.c, store_block.c,
 * store_games_mine.c): each store gives only its way to run a statement
 * (store_sqlite_acct.c on SQLite, store_pg_acct.c on PostgreSQL).
 */
#ifndef CONGO_NET_STORE_ACCT_H
#define CONGO_NET_STORE_ACCT_H

#include "net/store/store.h"
#include "net/store/store_sql.h"

/* The statements' text with ? for each parameter. */
extern const char *const store_acct_sql[5];
enum { STORE_Q_ACCOUNT, STORE_Q_RATINGS, STORE_Q_TOP, STORE_Q_GAMES,
	STORE_Q_GAMES_BEFORE };
/* A store's way to run one of them: the parameters (types: t text, i
 * integer), at most max rows each handed to row(arg, i, columns as text,
 * NULL as "", err, errlen): how many, or -1 with err (row's own when it
 * refuses a column). The reads below are built on it. */
typedef int (*store_row_fn)(void *arg, int i, const char *const *cols,
    char *err, size_t errlen);
typedef int (*store_rows_fn)(void *ctx, const char *sql,
    const char *const *params, const char *types, int max, store_row_fn row,
    void *arg, char *err, size_t errlen);
int store_acct_account(store_rows_fn rows, void *ctx, const char *lname,
    struct store_account *a, char *err, size_t errlen);
int store_acct_ratings(store_rows_fn rows, void *ctx, const char *lname,
    const char *variant, const char *speed, struct store_rating *out,
    int max, char *err, size_t errlen);
int store_acct_top(store_rows_fn rows, void *ctx, const char *variant,
    const char *speed, bool bots, int limit, struct store_rating *out,
    char *err, size_t errlen);
int store_acct_games(store_rows_fn rows, void *ctx, const char *lname,
    const char *before, int limit, struct store_game_item *out, char *err,
    size_t errlen);
int store_acct_history(store_rows_fn rows, void *ctx, const char *lname,
    const char *variant, const char *speed, int max, long long *at,
    double *rating, char *err, size_t errlen);
/* BLOCKS (store_block.c). */
int store_acct_blocks(store_rows_fn rows, void *ctx, const char *lname,
    char (*out)[CGP_NAME_MAX + 1], int max, char *err, size_t errlen);
/* games_mine's read (store_games_mine.c). */
int store_acct_mine(store_rows_fn rows, void *ctx, const char *lname,
    struct store_item *out, int max, char *err, size_t errlen);

/* The tournaments' reads (store_tourn.c). */
int store_tourn_list(store_rows_fn rows, void *ctx, struct store_tourney *out,
    int max, char *err, size_t errlen);
int store_tourn_members(store_rows_fn rows, void *ctx, const char *id,
    struct store_tmember *out, int max, char *err, size_t errlen);
int store_tourn_pairs(store_rows_fn rows, void *ctx, const char *id,
    struct store_tpair *out, int max, char *err, size_t errlen);
int store_tourn_lease(store_rows_fn rows, void *ctx,
    struct store_tlease_row *l, char *err, size_t errlen);

/*
 * A store's store_ops reads, PFX_account, PFX_ratings, PFX_top,
 * PFX_games_of, PFX_history, PFX_blocks, PFX_games_mine: the reads above
 * run by the store's ROWS. STORE_ACCT_DECLARE in the store's header,
 * STORE_ACCT_DEFINE in the file that has ROWS.
 */
#define STORE_ACCT_DECLARE(pfx) \
int pfx##_account(void *ctx, const char *lname, struct store_account *a, \
    char *err, size_t errlen); \
int pfx##_ratings(void *ctx, const char *lname, const char *variant, \
    const char *speed, struct store_rating *out, int max, char *err, \
    size_t errlen); \
int pfx##_top(void *ctx, const char *variant, const char *speed, \
    bool bots, int limit, struct store_rating *out, char *err, \
    size_t errlen); \
int pfx##_games_of(void *ctx, const char *lname, const char *before, \
    int limit, struct store_game_item *out, char *err, size_t errlen); \
int pfx##_history(void *ctx, const char *lname, const char *variant, \
    const char *speed, int max, long long *at, double *rating, char *err, \
    size_t errlen); \
int pfx##_blocks(void *ctx, const char *lname, \
    char (*out)[CGP_NAME_MAX + 1], int max, char *err, size_t errlen); \
int pfx##_games_mine(void *ctx, const char *lname, struct store_item *out, \
    int max, char *err, size_t errlen); \
int pfx##_tourneys(void *ctx, struct store_tourney *out, int max, \
    char *err, size_t errlen); \
int pfx##_tmembers(void *ctx, const char *id, struct store_tmember *out, \
    int max, char *err, size_t errlen); \
int pfx##_tpairs(void *ctx, const char *id, struct store_tpair *out, \
    int max, char *err, size_t errlen); \
int pfx##_tlease(void *ctx, struct store_tlease_row *l, char *err, \
    size_t errlen)

#define STORE_ACCT_DEFINE(pfx, rows) \
int pfx##_account(void *ctx, const char *lname, struct store_account *a, \
    char *err, size_t errlen) \
{ return store_acct_account(rows, ctx, lname, a, err, errlen); } \
int pfx##_ratings(void *ctx, const char *lname, const char *variant, \
    const char *speed, struct store_rating *out, int max, char *err, \
    size_t errlen) \
{ return store_acct_ratings(rows, ctx, lname, variant, speed, out, max, \
    err, errlen); } \
int pfx##_top(void *ctx, const char *variant, const char *speed, \
    bool bots, int limit, struct store_rating *out, char *err, \
    size_t errlen) \
{ return store_acct_top(rows, ctx, variant, speed, bots, limit, out, \
    err, errlen); } \
int pfx##_games_of(void *ctx, const char *lname, const char *before, \
    int limit, struct store_game_item *out, char *err, size_t errlen) \
{ return store_acct_games(rows, ctx, lname, before, limit, out, err, \
    errlen); } \
int pfx##_history(void *ctx, const char *lname, const char *variant, \
    const char *speed, int max, long long *at, double *rating, char *err, \
    size_t errlen) \
{ return store_acct_history(rows, ctx, lname, variant, speed, max, at, \
    rating, err, errlen); } \
int pfx##_blocks(void *ctx, const char *lname, \
    char (*out)[CGP_NAME_MAX + 1], int max, char *err, size_t errlen) \
{ return store_acct_blocks(rows, ctx, lname, out, max, err, errlen); } \
int pfx##_games_mine(void *ctx, const char *lname, struct store_item *out, \
    int max, char *err, size_t errlen) \
{ return store_acct_mine(rows, ctx, lname, out, max, err, errlen); } \
int pfx##_tourneys(void *ctx, struct store_tourney *out, int max, \
    char *err, size_t errlen) \
{ return store_tourn_list(rows, ctx, out, max, err, errlen); } \
int pfx##_tmembers(void *ctx, const char *id, struct store_tmember *out, \
    int max, char *err, size_t errlen) \
{ return store_tourn_members(rows, ctx, id, out, max, err, errlen); } \
int pfx##_tpairs(void *ctx, const char *id, struct store_tpair *out, \
    int max, char *err, size_t errlen) \
{ return store_tourn_pairs(rows, ctx, id, out, max, err, errlen); } \
int pfx##_tlease(void *ctx, struct store_tlease_row *l, char *err, \
    size_t errlen) \
{ return store_tourn_lease(rows, ctx, l, err, errlen); }

#endif
