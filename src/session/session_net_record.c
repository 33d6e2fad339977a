/*
 * session_net_record.c: a game of a :games list reviewed, its RECORD
 * (session_net_list.c) in the board's place. The board, the players (the
 * record's names), the result (the server's reason), the moves, clocks
 * and ratings are the record's, in the panel and in the plain mode's
 * words alike; the game one was in (watched, one's own over, or none in
 * the lobby) goes on at the server meanwhile, its events noted (the
 * client's mirror, the network state) but not played on the board. Back
 * (q) brings that game again as the server has it, with its players,
 * panel and reason, or the lobby the record was opened from; a seat taken
 * (a rematch) ends the review by itself.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/client/client.h"
#include "session/session_int.h"
#include "session/session_net.h"
#include "session/session_net_list.h"
#include "session/session_player.h"
#include "util/i18n.h"
#include "util/util.h"

static const char *const tag_of[2] = { "White", "Black" };

/* ---- a side of the record: named as the record names it ---- */

static void
record_describe(const struct session_player *p, char *buf, size_t n)
{
	const struct session *s = p->priv;
	const char *name = record_tag_get(&s->tags, tag_of[p->color]);

	snprintf(buf, n, "%s", name != NULL ? name : "?");
}

static const struct session_player_ops record_ops = {
	.kind = "record",
	.describe = record_describe,
};

int
session_net_record_open(struct session *s, const char *path,
    const char *game, bool lobby)
{
	struct session_net *u = s->net;
	struct session_net_record *r = &u->rec;
	struct record_tags tags = s->tags;
	struct board start = s->start;
	char why[sizeof r->result_why];
	const char *end;
	int c;

	snprintf(why, sizeof why, "%s", s->result_why);
	if (session_load_review(s, path) < 0)
		return -1;
	/* The game one was in waits (a record after a record: kept). */
	if (!r->on) {
		r->tags = tags;
		snprintf(r->result_why, sizeof r->result_why, "%s", why);
		r->start = start;
		r->lobby = lobby;
	}
	r->on = true;
	snprintf(r->game, sizeof r->game, "%s", game);
	for (c = 0; c < 2; c++) {
		struct session_player *p = xcalloc(1, sizeof *p);
		p->ops = &record_ops;
		p->priv = s;
		session_install_player(s, c, p);
	}
	/* its end as the server's game had it: a loss on time is no
	 * resignation (as the record reads it) */
	end = record_tag_get(&s->tags, "ServerTermination");
	session_net_result_why(s->result_why, sizeof s->result_why,
	    s->game.result, end != NULL ? end : "");
	u->view_serial++;
	if (s->typed)           /* plain mode: the commands' names */
		session_msg(s, SM_GOOD, r->lobby ? _("game %s, its record: "
		    "back and forward step through it, first to its start, quit "
		    "back to the lobby") : _("game %s, its record: back and "
		    "forward step through it, first to its start, quit back to "
		    "the game"), game);
	else
		session_msg(s, SM_GOOD, r->lobby ? _("game %s, its record: [ "
		    "and ] step through it, { to its start, q back to the "
		    "lobby") : _("game %s, its record: [ and ] step through it, "
		    "{ to its start, q back to the game"), game);
	return 0;
}

const char *
session_net_record_game(const struct session *s)
{
	return s->net != NULL && s->net->rec.on ? s->net->rec.game : NULL;
}

void
session_net_record_end(struct session *s)
{
	struct session_net *u = s->net;
	struct session_net_record *r = &u->rec;

	if (!r->on)
		return;
	r->on = false;
	/* the server keeps a network game's clock (session_net_begin) */
	s->clocked = false;
	if (u->c != NULL && net_client_game(u->c) != NULL)
		session_net_adopt(s);
	else
		session_new_game(s, &r->start);
	s->tags = r->tags;
	snprintf(s->result_why, sizeof s->result_why, "%s", r->result_why);
	u->view_serial++;
	s->dirty = true;
}

bool
session_net_record_back(struct session *s, bool *to_lobby)
{
	struct session_net *u = s->net;
	const char *id;

	*to_lobby = false;
	if (u == NULL || !u->rec.on)
		return false;
	*to_lobby = u->rec.lobby;
	session_net_record_end(s);
	/* its players again: the seat's, the others remote */
	u->installed = -2;
	session_net_install(s, u->seat);
	session_turn(s);
	id = u->c != NULL ? net_client_game_id(u->c) : "";
	if (*to_lobby || id[0] == '\0')
		session_msg(s, SM_NORMAL, "%s", _("back to the lobby"));
	else
		session_msg(s, SM_NORMAL, _("back to game %s"), id);
	return true;
}

bool
session_net_record_ratings(const struct session *s, int rating[2],
    int diff[2])
{
	static const char *const elo[2] = { "WhiteElo", "BlackElo" };
	static const char *const change[2] = { "WhiteRatingDiff",
		"BlackRatingDiff" };
	const char *e, *d;
	int c;

	if (session_net_record_game(s) == NULL)
		return false;
	for (c = 0; c < 2; c++) {
		e = record_tag_get(&s->tags, elo[c]);
		d = record_tag_get(&s->tags, change[c]);
		if (e == NULL || d == NULL || parse_int(e, 0, 100000,
		    &rating[c], NULL, 0) != 0 || parse_int(d, -100000, 100000,
		    &diff[c], NULL, 0) != 0)
			return false;
		rating[c] += diff[c];   /* the tags: before, and the change */
	}
	return true;
}
