/*
 * srv_hook.c: a test build's watch on the event loop's store handle
 * (configure --enable-test-hooks). With CONGO_TEST_LOOP_READ_DELAY_MS set
 * (0-60000), the session's store (io.store, the handle the loop holds) is
 * this copy of the store's functions, whose reads each log "a store read
 * on the event loop" (warn) and take that many ms longer: a read left on
 * the loop shows in the log and stalls every connection, which a test
 * sees. The start-up load (ops->load, before the loop serves) and the
 * reader and store threads' handles are not watched. Other builds: the
 * store's functions as they are.
 */
#include <stdlib.h>
#include <unistd.h>

#include "net/server/srv_int.h"

#ifdef CONGO_TEST_HOOKS
static const struct store_ops *base;   /* the store's own */
static struct store_ops watched;
static int delay_ms;

static void
on_loop(const char *what)
{
	store_notice(NET_LOG_WARN, "test hook: a store read on the event "
	    "loop (%s), %d ms", what, delay_ms);
	if (delay_ms > 0)
		usleep((useconds_t)delay_ms * 1000);
}

static int
w_load_game(void *ctx, struct sess *s, const char *id, char *err,
    size_t errlen)
{
	on_loop("a game");
	return base->load_game(ctx, s, id, err, errlen);
}

static int
w_list(void *ctx, int status, int n, struct store_item *out, char *err,
    size_t errlen)
{
	on_loop("LIST");
	return base->list(ctx, status, n, out, err, errlen);
}

static int
w_refresh(void *ctx, struct sess *s, const char *id, long seq, char *err,
    size_t errlen)
{
	on_loop("a game's news");
	return base->refresh(ctx, s, id, seq, err, errlen);
}

static int
w_count(void *ctx, const char *key, long long win, char *err, size_t errlen)
{
	on_loop("a count");
	return base->count(ctx, key, win, err, errlen);
}

static int
w_account(void *ctx, const char *lname, struct store_account *a, char *err,
    size_t errlen)
{
	on_loop("an account");
	return base->account(ctx, lname, a, err, errlen);
}

static int
w_ratings(void *ctx, const char *lname, const char *variant,
    const char *speed, struct store_rating *out, int max, char *err,
    size_t errlen)
{
	on_loop("ratings");
	return base->ratings(ctx, lname, variant, speed, out, max, err,
	    errlen);
}

static int
w_top(void *ctx, const char *variant, const char *speed, bool bots,
    int limit, struct store_rating *out, char *err, size_t errlen)
{
	on_loop("TOP");
	return base->top(ctx, variant, speed, bots, limit, out, err, errlen);
}

static int
w_games_of(void *ctx, const char *lname, const char *before, int limit,
    struct store_game_item *out, char *err, size_t errlen)
{
	on_loop("GAMES");
	return base->games_of(ctx, lname, before, limit, out, err, errlen);
}

static int
w_history(void *ctx, const char *lname, const char *variant,
    const char *speed, int max, long long *at, double *rating, char *err,
    size_t errlen)
{
	on_loop("a rating's history");
	return base->history(ctx, lname, variant, speed, max, at, rating,
	    err, errlen);
}

static int
w_blocks(void *ctx, const char *lname, char (*out)[CGP_NAME_MAX + 1],
    int max, char *err, size_t errlen)
{
	on_loop("blocks");
	return base->blocks(ctx, lname, out, max, err, errlen);
}

/* Each read the store has, watched (one the store lacks stays NULL). */
#define WATCH(op) (watched.op = ops->op != NULL ? w_##op : NULL)
#endif

const struct store_ops *
srv_hook_store(const struct store_ops *ops)
{
#ifdef CONGO_TEST_HOOKS
	if (parse_int(getenv("CONGO_TEST_LOOP_READ_DELAY_MS"), 0, 60000,
	    &delay_ms, NULL, 0) != 0)
		return ops;
	base = ops;
	watched = *ops;
	WATCH(load_game);
	WATCH(list);
	WATCH(refresh);
	WATCH(count);
	WATCH(account);
	WATCH(ratings);
	WATCH(top);
	WATCH(games_of);
	WATCH(history);
	WATCH(blocks);
	return &watched;
#else
	return ops;
#endif
}
