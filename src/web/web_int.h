/*
 * web_int.h: inside the HTTP side (web_http.c, web_data.c, web_sse.c).
 */
#ifndef CONGO_WEB_INT_H
#define CONGO_WEB_INT_H

#include "net/server/server_int.h"
#include "web/web.h"

#define WEB_LIST_MAX 50          /* live games on the front page */
#define WEB_PAGE_GAMES 20        /* a player's games a page */
#define WEB_HIST_MAX 200         /* points of a rating's history */
#define WEB_SSE_LIFE_MS 3600000LL        /* a stream is closed after it */
#define WEB_SSE_KEEPALIVE_MS 15000LL
#define WEB_HEADER_MS 15000LL    /* a request's headers complete within */

/* A game page's data, with the buffers its strings live in. */
struct web_gamedata {
	struct web_game w;
	char *fenbuf, *movebuf;
	const char **fens, **moves;
};

struct web_indexdata {
	struct web_index x;
	struct web_game_row live[WEB_LIST_MAX];
	struct web_game_row recent[20];
	struct web_seek_row seeks[WEB_LIST_MAX];
	int nseeks;
	char catname[WEB_MAX_CATEGORIES][32];
	struct web_rating_row top[WEB_MAX_CATEGORIES][10];
};

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
};

/* What the front page reads of the store (web_data_index_read, on the
 * reader thread): live and recent games, the best of each category. */
struct web_indexraw {
	int rc;                        /* -1: the store cannot be read */
	struct store_item live[WEB_LIST_MAX];
	int nlive;
	struct store_item recent[20];
	int nrecent;
	char catname[WEB_MAX_CATEGORIES][32];
	struct store_rating top[WEB_MAX_CATEGORIES][10];
	int ntop[WEB_MAX_CATEGORIES];
	int ncat;
};

/* A rated game's players' ratings now (web_data_ratings_read). */
struct web_ratingsraw {
	char white[CGP_NAME_MAX + 1], black[CGP_NAME_MAX + 1];
	char variant[CGP_VARIANT_MAX], speed[12];
	int w, b;                      /* 0: unknown */
	bool wprov, bprov;             /* provisional ("1523?") */
};

/* A game in memory: 1 (*out), 0 none there (it may be in the store). */
int web_data_sgame(struct srv *sv, const char *id, struct sgame **out);
/* Positions and moves before from are left "" (a stream has them). */
void web_data_game(struct srv *sv, struct sgame *g, struct web_gamedata *d,
    long long now, int from);
void web_data_ratings_read(const struct store_ops *ops, void *ctx,
    struct web_ratingsraw *r);
void web_data_game_free(struct web_gamedata *d);
/* The store's part on the reader thread, the session's on the loop. */
void web_data_index_read(const struct store_ops *ops, void *ctx,
    struct web_indexraw *x);
int web_data_index(struct srv *sv, const struct web_indexraw *x,
    struct web_indexdata *d);
/* On the reader thread: 1, 0 no such player, -1 the store cannot say. */
int web_data_player(const struct store_ops *ops, void *ctx, const char *name,
    const char *before, struct web_playerdata *d);

#endif
