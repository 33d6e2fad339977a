/*
 * session_tourney.c: tournaments in the game (issue 60; session_tourney.h):
 * the server's list and a tournament's standings, asked every few seconds
 * while the lobby's Tournaments screen shows them and, in a tournament's
 * game, at its start and end (the standings beside the board); joining,
 * withdrawing, pausing; BERSERK before one's first move in an arena's
 * game; the tournament's events and the pairings said. No curses, no
 * sockets: the net client's calls only.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "net/client/client.h"
#include "session/session_tourney.h"
#include "util/util.h"
#include "util/i18n.h"

#define LIST_EVERY_MS 5000
#define STANDINGS_EVERY_MS 5000
#define GAME_STANDINGS_EVERY_MS 30000

static const char *const side_name[2] = { N_("White"), N_("Black") };

static struct session_tourneys *
tz(struct session *s)
{
	struct session_net *u = s->net;

	if (u->tourney == NULL) {
		u->tourney = xcalloc(1, sizeof *u->tourney);
		u->tourney->st_at = -1;
	}
	return u->tourney;
}

static const struct session_tourneys *
tzc(const struct session *s)
{
	return s->net != NULL ? s->net->tourney : NULL;
}

static int
num(const char *text, const char *key, int max)
{
	char v[24];
	int n = 0;

	if (!net_kv_get(text, key, v, sizeof v) ||
	    parse_int(v, 0, max, &n, NULL, 0) < 0)
		return 0;
	return n;
}

bool
session_tourney_parse(const char *text, struct session_tourney *t)
{
	char v[16];

	memset(t, 0, sizeof *t);
	if (!net_kv_get(text, "tourney", t->id, sizeof t->id) ||
	    !net_kv_get(text, "kind", t->kind, sizeof t->kind) ||
	    !net_kv_get(text, "name", t->name, sizeof t->name) ||
	    !net_kv_get(text, "status", t->status, sizeof t->status))
		return false;
	(void)net_kv_get(text, "start", t->start, sizeof t->start);
	(void)net_kv_get(text, "clock", t->clock, sizeof t->clock);
	if (!net_kv_get(text, "variant", t->variant, sizeof t->variant))
		snprintf(t->variant, sizeof t->variant, "congo");
	t->minutes = num(text, "minutes", 100000);
	t->rounds = num(text, "rounds", 1000);
	t->round = num(text, "round", 1000);
	t->days = num(text, "days", 1000);
	t->players = num(text, "players", 1000000);
	t->rated = net_kv_get(text, "rated", v, sizeof v) &&
	    strcmp(v, "yes") == 0;
	return true;
}

bool
session_standing_parse(const char *text, struct session_standing *st)
{
	char v[8];

	memset(st, 0, sizeof *st);
	if (!net_kv_get(text, "name", st->name, sizeof st->name) ||
	    !net_kv_get(text, "points", st->points, sizeof st->points))
		return false;
	st->rank = num(text, "rank", 100000);
	st->games = num(text, "games", 100000);
	st->fire = net_kv_get(text, "fire", v, sizeof v) &&
	    strcmp(v, "1") == 0;
	if (!net_kv_get(text, "buchholz", st->buchholz, sizeof st->buchholz))
		st->buchholz[0] = '\0';
	if (!net_kv_get(text, "sb", st->sb, sizeof st->sb))
		st->sb[0] = '\0';
	st->bot = net_kv_get(text, "title", v, sizeof v) &&
	    strcmp(v, "BOT") == 0;
	return true;
}

void
session_tourney_open(struct session *s)
{
	struct session_tourneys *t = tz(s);

	t->open = true;
	t->detail = false;
	t->at = 0;
	s->dirty = true;
}

void
session_tourney_close(struct session *s)
{
	struct session_tourneys *t = tz(s);

	if (t->detail) {
		t->detail = false;
		t->at = 0;
	} else
		t->open = false;
	s->dirty = true;
}

void
session_tourney_step(struct session *s, int delta)
{
	struct session_tourneys *t = tz(s);

	if (t->n > 0) {
		t->sel = util_clamp(t->sel + delta, 0, t->n - 1);
		snprintf(t->chosen, sizeof t->chosen, "%s",
		    t->list[t->sel].id);
	}
	s->dirty = true;
}

const struct session_tourney *
session_tourney_chosen(const struct session *s)
{
	const struct session_tourneys *t = tzc(s);

	if (t == NULL || t->n == 0 || t->sel < 0 || t->sel >= t->n)
		return NULL;
	return &t->list[t->sel];
}

void
session_tourney_standings(struct session *s, const char *id)
{
	struct session_tourneys *t = tz(s);

	if (strcmp(t->sid, id) != 0) {
		t->nst = 0;
		t->st_listed = false;
		t->st_status[0] = '\0';
	}
	snprintf(t->sid, sizeof t->sid, "%s", id);
	t->st_at = 0;
	s->dirty = true;
}

void
session_tourney_ask(struct session *s)
{
	tz(s)->once = true;
	s->dirty = true;
}

void
session_tourney_detail(struct session *s, bool on)
{
	const struct session_tourney *c = session_tourney_chosen(s);

	if (on && c == NULL) {
		session_msg(s, SM_ERROR, "%s", _("no tournament is listed yet"));
		return;
	}
	tz(s)->detail = on;
	if (on)
		session_tourney_standings(s, c->id);
}

const struct session_tourney *
session_tourney_find(const struct session *s, const char *word)
{
	const struct session_tourneys *t = tzc(s);
	int i;

	for (i = 0; t != NULL && i < t->n; i++)
		if (strcasecmp(t->list[i].id, word) == 0 ||
		    strcasecmp(t->list[i].name, word) == 0)
			return &t->list[i];
	return NULL;
}

/* A tournament's name for the messages: its name as listed, else its id. */
static const char *
tname(const struct session *s, const char *id)
{
	const struct session_tourney *t = session_tourney_find(s, id);

	return t != NULL ? t->name : id;
}

int
session_tourney_send(struct session *s, const char *verb, const char *id)
{
	struct session_net *u = s->net;
	const struct session_tourney *t;

	if (u == NULL || u->c == NULL)
		return -1;
	if (u->account[0] == '\0') {
		session_msg(s, SM_ERROR, "%s", _("tournaments are for accounts: "
		    "log in first (congo --register NAME makes one)"));
		return -1;
	}
	if (id == NULL && strcmp(verb, "TJOIN") != 0 &&
	    tz(s)->joined[0] != '\0')
		id = tz(s)->joined;
	else if (id == NULL && (t = session_tourney_chosen(s)) == NULL) {
		session_msg(s, SM_ERROR, "%s", _("no tournament is listed yet"));
		return -1;
	} else if (id == NULL)
		id = t->id;
	if (net_client_tourney(u->c, verb, id) < 0) {
		session_msg(s, SM_ERROR, "%s", _("not connected to the server"));
		return -1;
	}
	session_msg(s, SM_NORMAL, "%s", _("asking the server..."));
	return 0;
}

const char *
session_tourney_of_game(const struct session *s)
{
	const struct session_tourneys *t = tzc(s);

	return t != NULL && t->game[0] != '\0' ? t->game : NULL;
}

bool
session_tourney_can_berserk(const struct session *s)
{
	const struct session_tourneys *t = tzc(s);
	const struct session_net *u = s->net;

	if (t == NULL || t->game[0] == '\0' || u->seat < 0 || u->rec.on ||
	    strcmp(t->kind, "arena") != 0 || t->berserk[u->seat] ||
	    game_over(&s->game) || strcmp(u->status, "active") != 0)
		return false;
	/* before one's own first move */
	return s->game.nply <= u->seat;
}

int
session_tourney_berserk(struct session *s)
{
	char err[160];

	if (!session_tourney_can_berserk(s)) {
		session_msg(s, SM_ERROR, "%s", _("berserk: only in an arena's "
		    "game, before your first move, once"));
		return -1;
	}
	if (net_client_berserk(s->net->c, err, sizeof err) < 0) {
		session_msg(s, SM_ERROR, "%s", err);
		return -1;
	}
	return 0;
}

/* The list's order: running, upcoming, finished (the server's order
 * within each); the one chosen stays chosen. */
static int
status_rank(const char *st)
{
	return strcmp(st, "running") == 0 ? 0 : strcmp(st, "upcoming") == 0 ?
	    1 : 2;
}

static void
sort_list(struct session_tourneys *t, const char *chosen)
{
	struct session_tourney x;
	int i, j;

	for (i = 1; i < t->n; i++) {          /* insertion: stable */
		x = t->list[i];
		for (j = i; j > 0 && status_rank(t->list[j - 1].status) >
		    status_rank(x.status); j--)
			t->list[j] = t->list[j - 1];
		t->list[j] = x;
	}
	for (i = 0; i < t->n; i++)
		if (strcmp(t->list[i].id, chosen) == 0)
			t->sel = i;
}

/* The items of TOURNEYS and STANDINGS. */
static bool
items(struct session *s, const struct net_event *e)
{
	struct session_tourneys *t = tz(s);
	bool list = strcmp(e->verb, "TOURNEYS") == 0;

	if (!list && strcmp(e->verb, "STANDINGS") != 0)
		return false;
	s->dirty = true;
	if (e->kind == NEV_ITEMS) {
		t->heard = 0;
		if (!list)
			(void)net_kv_get(e->text, "status", t->st_status,
			    sizeof t->st_status);
	} else if (e->kind == NEV_ITEM && list &&
	    t->heard < SESSION_TOURNEYS_MAX &&
	    session_tourney_parse(e->text, &t->list[t->heard]))
		t->heard++;
	else if (e->kind == NEV_ITEM && !list &&
	    t->heard < SESSION_STANDINGS_MAX &&
	    session_standing_parse(e->text, &t->st[t->heard]))
		t->heard++;
	else if (e->kind == NEV_ITEMS_END && list) {
		t->list_serial++;
		t->n = t->heard;
		sort_list(t, t->chosen);
		t->asking = false;
		t->listed = true;
		if (t->sel >= t->n)
			t->sel = t->n > 0 ? t->n - 1 : 0;
		if (t->game[0] != '\0' && session_tourney_find(s, t->game))
			snprintf(t->kind, sizeof t->kind, "%s",
			    session_tourney_find(s, t->game)->kind);
	} else if (e->kind == NEV_ITEMS_END) {
		t->st_serial++;
		t->nst = t->heard;
		t->st_asking = false;
		t->st_listed = true;
	}
	return true;
}

/* The answers to TJOIN, TLEAVE, TPAUSE, BERSERK, and their refusals. */
static bool
answer(struct session *s, const struct net_event *e)
{
	struct session_tourneys *t = tz(s);
	const char *name = tname(s, e->tourney);

	if (e->kind == NEV_ERROR) {
		const char *what = strcmp(e->verb, "TJOIN") == 0 ?
		    _("cannot join: %s") : strcmp(e->verb, "TLEAVE") == 0 ?
		    _("cannot withdraw: %s") : strcmp(e->verb, "TPAUSE") == 0 ?
		    _("cannot pause: %s") : strcmp(e->verb, "BERSERK") == 0 ?
		    _("cannot berserk: %s") : strcmp(e->verb, "TOURNEYS") == 0 ||
		    strcmp(e->verb, "STANDINGS") == 0 ? _("tournaments: %s") :
		    NULL;
		if (what == NULL)
			return false;
		session_msg(s, SM_ERROR, what, e->text);
		return true;
	}
	t->at = 0;                  /* the players count again */
	if (strcmp(e->verb, "TJOIN") == 0) {
		snprintf(t->joined, sizeof t->joined, "%s", e->tourney);
		session_msg(s, SM_GOOD, _("you joined the tournament %s: the "
		    "server pairs you while it runs"), name);
	} else if (strcmp(e->verb, "TLEAVE") == 0)
		session_msg(s, SM_GOOD, _("you withdrew from the tournament "
		    "%s"), name);
	else if (strcmp(e->verb, "TPAUSE") == 0)
		session_msg(s, SM_GOOD, _("paused in the tournament %s: not "
		    "paired until you join again"), name);
	else if (strcmp(e->verb, "BERSERK") == 0)
		session_msg(s, SM_GOOD, "%s", _("berserk: your time is halved "
		    "and your increment gone; a win of 7 moves or more scores "
		    "1 point more"));
	return true;
}

/* EV TOURNEY: started, round, bye, finished; a pairing kept for later. */
static void
told(struct session *s, const struct net_event *e)
{
	struct session_tourneys *t = tz(s);
	const char *name = tname(s, e->tourney);

	t->at = 0;
	if (strcmp(e->action, "started") == 0)
		session_msg(s, SM_GOOD, _("the tournament %s has started"), name);
	else if (strcmp(e->action, "round") == 0) {
		t->round = e->ply;
		session_msg(s, SM_GOOD, _("the tournament %s: round %d begins"),
		    name, e->ply);
	} else if (strcmp(e->action, "bye") == 0)
		session_msg(s, SM_GOOD, _("the tournament %s: round %d is a bye "
		    "for you (a point)"), name, e->ply);
	else if (strcmp(e->action, "finished") == 0) {
		session_msg(s, SM_GOOD, _("the tournament %s has finished"),
		    name);
		session_tourney_standings(s, e->tourney);
	} else if (strcmp(e->action, "paired") == 0)
		session_msg(s, SM_GOOD, s->typed ? _("the tournament %1$s paired "
		    "you in game %2$s as %3$s: games lists it once this game "
		    "is over") : _("the tournament %1$s paired you in game "
		    "%2$s as %3$s: the lobby's Your games has it once this "
		    "game is over"), name, e->game, _(side_name[e->seat ==
		    1]));
}

/* The pairing said once the names are there. */
static void
say_pairing(struct session *s, const struct net_event *e)
{
	struct session_tourneys *t = tz(s);
	const struct session_net *u = s->net;
	const struct session_tourney *x = session_tourney_find(s, t->game);
	const char *opp;
	int round = x != NULL && x->round > t->round ? x->round : t->round;

	if (u->seat < 0)
		return;
	t->pair_say = false;
	opp = u->seat == 0 ? e->black : e->white;
	/* (not listed yet: a round said is a Swiss's) */
	if ((x != NULL ? x->kind[0] == 's' : t->round > 0) && round > 0)
		session_msg(s, SM_GOOD, _("Round %1$d: you play %2$s against "
		    "%3$s"), round, _(side_name[u->seat]), opp);
	else
		session_msg(s, SM_GOOD, _("%1$s: you play %2$s against %3$s"),
		    tname(s, t->game), _(side_name[u->seat]), opp);
}

/* A game's seat, STATE and end: which tournament it is of. */
static void
game_noted(struct session *s, const struct net_event *e)
{
	struct session_tourneys *t = tz(s);
	const char *id = net_client_game_id(s->net->c);

	if (e->kind == NEV_SEATED) {
		snprintf(t->game, sizeof t->game, "%s", e->tourney);
		snprintf(t->game_id, sizeof t->game_id, "%s", id);
		t->berserk[0] = t->berserk[1] = false;
		t->pair_say = e->tourney[0] != '\0';
	} else if (e->kind == NEV_STATE) {
		if (strcmp(t->game_id, id) != 0 ||
		    strcmp(t->game, e->tourney) != 0) {
			t->berserk[0] = t->berserk[1] = false;
			t->st_at = 0;
		}
		snprintf(t->game, sizeof t->game, "%s", e->tourney);
		snprintf(t->game_id, sizeof t->game_id, "%s", id);
		if (t->pair_say && t->game[0] != '\0' &&
		    strcmp(e->white, "-") != 0 && strcmp(e->black, "-") != 0)
			say_pairing(s, e);
	} else if (e->kind == NEV_RESULT && t->game[0] != '\0')
		t->st_at = 0;           /* the standings after it */
	if (t->game[0] == '\0')
		return;
	if (strcmp(t->sid, t->game) != 0 || t->st_at < 0)
		session_tourney_standings(s, t->game);
	if (session_tourney_find(s, t->game) == NULL && !t->asking)
		t->at = 0;              /* its kind: arena or Swiss */
	else if (session_tourney_find(s, t->game) != NULL)
		snprintf(t->kind, sizeof t->kind, "%s",
		    session_tourney_find(s, t->game)->kind);
}

/* The connection went: what was asked and not answered is asked again
 * once it is back. */
static void
lost(struct session_tourneys *t)
{
	if (t->asking)
		t->at = 0;
	if (t->st_asking)
		t->st_at = 0;
	t->asking = t->st_asking = false;
}

bool
session_tourney_event(struct session *s, const struct net_event *e)
{
	struct session_tourneys *t;

	if (s->net == NULL || s->net->c == NULL)
		return false;
	switch (e->kind) {
	case NEV_ITEMS:
	case NEV_ITEM:
	case NEV_ITEMS_END:
		return items(s, e);
	case NEV_ERROR:
		return answer(s, e);
	case NEV_TOURNEY:
		if (e->verb[0] != '\0')
			return answer(s, e);
		told(s, e);
		return true;
	case NEV_BERSERK:
		t = tz(s);
		if (e->side >= 0 && e->side < 2)
			t->berserk[e->side] = true;
		if (e->side >= 0 && e->side != s->net->seat)
			session_msg(s, SM_NORMAL, _("%s went berserk: half the "
			    "time, no increment"), _(side_name[e->side == 1]));
		s->dirty = true;
		return true;
	case NEV_SEATED:
	case NEV_STATE:
	case NEV_RESULT:
		game_noted(s, e);
		return false;
	case NEV_STATUS:
		/* an answer lost with the connection: asked again */
		if (e->state != NET_ONLINE && s->net->tourney != NULL)
			lost(s->net->tourney);
		return false;
	default:
		return false;
	}
}

/* Asked now: the list while the screen shows or a game's kind is not
 * known; the standings shown or beside a tournament's game. */
void
session_tourney_tick(struct session *s, long long now)
{
	struct session_net *u = s->net;
	struct session_tourneys *t;

	if (u == NULL || u->c == NULL || u->tourney == NULL)
		return;
	t = u->tourney;
	if (net_client_state(u->c) != NET_ONLINE)
		return;
	if ((t->open || t->once || (t->game[0] != '\0' &&
	    t->kind[0] == '\0')) && !t->asking && (now >= t->at || t->once)) {
		if (net_client_query(u->c, "TOURNEYS", "") == 0)
			t->asking = true;
		t->once = false;
		t->at = now + LIST_EVERY_MS;
	}
	if (t->sid[0] != '\0' && t->st_at >= 0 && !t->st_asking &&
	    now >= t->st_at && !t->asking) {
		char arg[40];
		snprintf(arg, sizeof arg, "tourney=%s", t->sid);
		if (net_client_query(u->c, "STANDINGS", arg) == 0)
			t->st_asking = true;
		t->st_at = t->detail ? now + STANDINGS_EVERY_MS :
		    t->game[0] != '\0' && strcmp(t->game, t->sid) == 0 ?
		    now + GAME_STANDINGS_EVERY_MS : -1;
	}
}

int
session_tourney_timeout(const struct session *s, long long now)
{
	const struct session_tourneys *t = tzc(s);
	long long at = -1;

	if (t == NULL)
		return -1;
	if (t->once)
		at = 0;
	else if (t->open || (t->game[0] != '\0' && t->kind[0] == '\0'))
		at = t->at;
	if (t->sid[0] != '\0' && t->st_at >= 0 && (at < 0 || t->st_at < at))
		at = t->st_at;
	if (at < 0)
		return -1;
	return at <= now ? 0 : (int)(at - now > 60000 ? 60000 : at - now);
}
