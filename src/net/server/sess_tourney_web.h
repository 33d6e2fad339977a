/*
 * sess_tourney_web.h: the tournaments as the web pages show them (issue
 * 60): the session's tournaments (sess_tourney.h, in memory, the store's
 * rows read again every second or so) into the pages' plain rows (web.h),
 * on the event loop. The web's host (srv_web.c) calls these, as it lists
 * the seeks (sess_seeks_each).
 */
#ifndef CONGO_NET_SESS_TOURNEY_WEB_H
#define CONGO_NET_SESS_TOURNEY_WEB_H

#include "web/web_host.h"

struct sess;

/* The tournaments: running, upcoming (the soonest first), then finished
 * (the newest first), at most max into out: how many. */
int tourney_web_list(struct sess *s, struct web_tourney_row *out, int max);
/* Tournament id's (any case) page into d (web_tourneydata_free): its
 * standings as STANDINGS gives them, its games the newest first
 * (WEB_TGAMES_MAX of them at most). 1, or 0 no such tournament. */
int tourney_web_page(struct sess *s, const char *id,
    struct web_tourneydata *d);
/* The tournament of game id (as the server spells it): its id and name
 * into d's tourney and tourney_name (left "" when none). */
void tourney_web_of_game(struct sess *s, const char *id, struct web_game *d);

#endif
