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

int web_data_sgame(struct srv *sv, const char *id, struct sgame **out);
/* Positions and moves before from are left "" (a stream has them). */
void web_data_game(struct srv *sv, struct sgame *g, struct web_gamedata *d,
    long long now, int from);
void web_data_ratings(struct srv *sv, struct sgame *g,
    struct web_gamedata *d);
void web_data_game_free(struct web_gamedata *d);
int web_data_index(struct srv *sv, struct web_indexdata *d);
int web_data_player(struct srv *sv, const char *name, const char *before,
    struct web_playerdata *d);

#endif
