/*
 * bot_tourney.c: congo --bot in tournaments (issues 59 and 60; PROTOCOL.md
 * "Tournaments"). Slot 0, each time it logs in (a start, a reconnection,
 * a server back), sends TJOIN of each --tourney (a member's TJOIN is
 * taken too: it ends a pause) and asks TOURNEYS for their kind, state and
 * start; the server's EV TOURNEY (started, round, bye, finished) keeps
 * that state. The server tells a pairing PAIRED on a connection of the
 * account (on one today; PROTOCOL.md says "the player's own
 * connections"): the bot's client only tells it (pair_tourney_told:
 * NEV_TOURNEY paired), and the first connection told has the game
 * played by one free connection, itself when it is free (REJOIN by
 * account, bot_resume_game), or the first one free; the others see it
 * held and ignore it.
 * So that one is free, a tournament running (or starting within
 * BOT_TOURNEY_AHEAD s) with no game of the bot going on keeps one
 * connection from seeking and from challenges. On SIGTERM each arena is
 * paused (TPAUSE): the server pairs the bot no more; the next start's
 * TJOIN takes it back. With --tourney auto, slot 0 also joins every arena
 * of the TOURNEYS list (asked at login and every BOT_TOURNEY_SCAN s) that
 * fits its policy (variant, clock, rated), while its tournaments not
 * over are fewer than its connections.
 */
#define _DEFAULT_SOURCE         /* timegm */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bot/bot.h"
#include "util/util.h"

static const char *const status_words[] = {
	"unknown", "upcoming", "running", "finished"
};

/* The entry of id in slot 0's table, added when add (NULL: not there,
 * or the table full). */
static struct bot_tourney *
find(struct bot_slot *b, const char *id, bool add)
{
	struct bot_slot *z = &b->peers[0];
	int i;

	if (id == NULL || id[0] == '\0')
		return NULL;
	for (i = 0; i < z->ntour; i++)
		if (strcmp(z->tour[i].id, id) == 0)
			return &z->tour[i];
	if (!add)
		return NULL;
	if (z->ntour < BOT_TOURNEYS_MAX)
		i = z->ntour++;
	else {
		/* (the table full: one over is forgotten) */
		for (i = 0; i < BOT_TOURNEYS_MAX; i++)
			if (z->tour[i].status == BOT_T_OVER &&
			    !z->tour[i].asked)
				break;
		if (i == BOT_TOURNEYS_MAX)
			return NULL;
	}
	memset(&z->tour[i], 0, sizeof z->tour[0]);
	snprintf(z->tour[i].id, sizeof z->tour[0].id, "%s", id);
	return &z->tour[i];
}

void
bot_tourney_init(struct bot_slot *b)
{
	int i;

	if (b->index != 0)
		return;
	for (i = 0; i < b->pol->ntourneys; i++)
		find(b, b->pol->tourneys[i], true);
}

/* A state told (an event, a TOURNEYS item): logged when it changes. */
static void
set_status(struct bot_slot *b, struct bot_tourney *t, enum bot_tstatus st)
{
	if (t == NULL || t->status == st)
		return;
	t->status = st;
	bot_log(b, "tournament %s: %s", t->id, status_words[st]);
}

void
bot_tourney_login(struct bot_slot *b)
{
	int i, n = 0;

	if (b->index != 0)
		return;
	for (i = 0; i < b->ntour; i++) {
		b->tour[i].asked = false;
		if (b->tour[i].status == BOT_T_OVER)
			continue;
		if (net_client_tourney(b->c, "TJOIN", b->tour[i].id) == 0) {
			bot_log(b, "tournament %s: joining", b->tour[i].id);
			b->tour[i].asked = true;
			n++;
		}
	}
	/* (answered before the account's games, which the seeks wait for) */
	if (n > 0 || b->pol->tourney_auto)
		net_client_query(b->c, "TOURNEYS", "");
	b->scan_at = util_now_ms() + BOT_TOURNEY_SCAN * 1000LL;
}

void
bot_tourney_scan(struct bot_slot *b)
{
	if (b->index != 0 || !b->pol->tourney_auto || !b->online ||
	    net_client_account(b->c)[0] == '\0' ||
	    util_now_ms() < b->scan_at)
		return;
	if (net_client_query(b->c, "TOURNEYS", "") == 0)
		b->scan_at = util_now_ms() + BOT_TOURNEY_SCAN * 1000LL;
}

/* --tourney auto: whether an item of TOURNEYS is an arena to join (its
 * variant, clock and rating the policy's, upcoming or running, and a
 * connection for it). */
static bool
fits(const struct bot_slot *b, const struct net_event *e)
{
	const struct bot_policy *p = b->pol;
	char v[32];
	int i, open = 0;
	bool clock = false, rated;

	bot_item_val(e->text, "kind", v, sizeof v);
	if (!p->tourney_auto || strcmp(v, "arena") != 0)
		return false;
	bot_item_val(e->text, "status", v, sizeof v);
	if (strcmp(v, "upcoming") != 0 && strcmp(v, "running") != 0)
		return false;
	bot_item_val(e->text, "variant", v, sizeof v);
	if (!p->variants[strcmp(v, "megapawn") == 0 ? 1 : 0] ||
	    (strcmp(v, "congo") != 0 && strcmp(v, "megapawn") != 0))
		return false;
	bot_item_val(e->text, "clock", v, sizeof v);
	for (i = 0; i < p->nclocks; i++)
		clock |= strcmp(p->clocks[i], v) == 0;
	bot_item_val(e->text, "rated", v, sizeof v);
	rated = strcmp(v, "yes") == 0;
	if (!clock || (rated && p->rated == BOT_RATED_NO) ||
	    (!rated && p->rated == BOT_RATED_YES))
		return false;
	for (i = 0; i < b->ntour; i++)
		open += b->tour[i].status != BOT_T_OVER;
	return open < p->games;
}

/* "2026-11-29T20:00:00Z": Unix seconds, 0 when not that. */
static long long
parse_start(const char *s)
{
	struct tm tm;

	memset(&tm, 0, sizeof tm);
	if (sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2dZ", &tm.tm_year, &tm.tm_mon,
	    &tm.tm_mday, &tm.tm_hour, &tm.tm_min, &tm.tm_sec) != 6)
		return 0;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	return (long long)timegm(&tm);
}

void
bot_tourney_item(struct bot_slot *b, const struct net_event *e)
{
	char id[16], kind[16], status[16], start[32];
	struct bot_tourney *t;

	if (strcmp(e->verb, "TOURNEYS") != 0)
		return;
	bot_item_val(e->text, "tourney", id, sizeof id);
	if ((t = find(b, id, false)) == NULL && b->index == 0 && fits(b, e) &&
	    (t = find(b, id, true)) != NULL &&
	    net_client_tourney(b->c, "TJOIN", id) == 0) {
		bot_log(b, "tournament %s: joining (it fits the policy)", id);
		t->asked = true;
	}
	if (t == NULL)
		return;
	bot_item_val(e->text, "kind", kind, sizeof kind);
	bot_item_val(e->text, "status", status, sizeof status);
	bot_item_val(e->text, "start", start, sizeof start);
	t->kind = kind[0];
	t->start = parse_start(start);
	set_status(b, t, strcmp(status, "running") == 0 ? BOT_T_RUNNING :
	    strcmp(status, "finished") == 0 ? BOT_T_OVER : BOT_T_UPCOMING);
}

/* A pairing that reached a connection busy in another game: played by
 * a free one (or the first one free), never by two. */
static void
paired_busy(struct bot_slot *b, const struct net_event *e)
{
	struct bot_slot *s;

	bot_log(b, "tournament %s: game %s paired%s", e->tourney, e->game,
	    b->playing ? " on a busy connection" : "");
	if ((s = bot_resume_game(b, e->game, "taken")) != NULL)
		snprintf(s->tourney, sizeof s->tourney, "%s", e->tourney);
}

void
bot_tourney_event(struct bot_slot *b, const struct net_event *e)
{
	struct bot_tourney *t;

	if (e->verb[0] != '\0') {      /* our TJOIN, TPAUSE taken */
		if ((t = find(b, e->tourney, false)) != NULL &&
		    strcmp(e->verb, "TJOIN") == 0)
			t->asked = false;
		bot_log(b, "tournament %s: %s taken", e->tourney, e->verb);
		return;
	}
	/* (told to every connection: each state logged once) */
	t = find(b, e->tourney, true);
	if (strcmp(e->action, "paired") == 0)
		paired_busy(b, e);
	else if (strcmp(e->action, "started") == 0 ||
	    strcmp(e->action, "round") == 0)
		set_status(b, t, BOT_T_RUNNING);
	else if (strcmp(e->action, "finished") == 0)
		set_status(b, t, BOT_T_OVER);
	if (strcmp(e->action, "bye") == 0 && b->index == 0)
		bot_log(b, "tournament %s: a bye in round %d", e->tourney,
		    e->ply);
}

void
bot_tourney_error(struct bot_slot *b, const struct net_event *e)
{
	struct bot_slot *z = &b->peers[0];
	int i;

	if (strcmp(e->verb, "TJOIN") != 0)
		return;
	/* (answers come in the order asked: the refused one is the first
	 * TJOIN not yet answered) */
	for (i = 0; i < z->ntour; i++)
		if (z->tour[i].asked) {
			z->tour[i].asked = false;
			bot_log(b, "tournament %s: not joined: %s",
			    z->tour[i].id, e->text);
			set_status(b, &z->tour[i], BOT_T_OVER);
			return;
		}
}

/* Tournaments that wait for the bot's next pairing: running (or about
 * to start) with no game of theirs played by a connection. */
static int
reserved(const struct bot_slot *b)
{
	const struct bot_slot *z = &b->peers[0];
	long long now = (long long)time(NULL);
	int i, j, n = 0;
	bool busy;

	for (i = 0; i < z->ntour; i++) {
		const struct bot_tourney *t = &z->tour[i];
		if (t->status != BOT_T_RUNNING && (t->status !=
		    BOT_T_UPCOMING || t->start == 0 ||
		    t->start - now > BOT_TOURNEY_AHEAD))
			continue;
		busy = false;
		for (j = 0; j < b->npeers; j++)
			busy |= b->peers[j].playing &&
			    strcmp(b->peers[j].tourney, t->id) == 0;
		n += !busy;
	}
	return n + z->nresume;
}

bool
bot_tourney_may_take(const struct bot_slot *b)
{
	int i, spare = 0;

	for (i = 0; i < b->npeers; i++) {
		const struct bot_slot *p = &b->peers[i];
		spare += p != b && !p->playing && !p->seeking && !p->dead;
	}
	return spare >= reserved(b);
}

void
bot_tourney_stop(struct bot_slot *b)
{
	int i;

	if (b->index != 0)
		return;
	for (i = 0; i < b->ntour; i++)
		if (b->tour[i].status != BOT_T_OVER && b->tour[i].kind == 'a' &&
		    net_client_tourney(b->c, "TPAUSE", b->tour[i].id) == 0)
			bot_log(b, "stopping: tournament %s paused",
			    b->tour[i].id);
}
