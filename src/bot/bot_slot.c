/*
 * bot_slot.c: one of the bot's games at once (issue 59): a connection of
 * the account (src/net/client: it logs in with the key kept as the client
 * keeps it, reconnects by itself and REJOINs its game), a seek of one of
 * the policy's clocks while it has no game, and a thread that searches
 * the bot's move from the bot's own clock. A draw offer is accepted
 * when its own evaluation finds the game level, else declined, and
 * takebacks are declined; a challenge is accepted when the slot is free and the policy
 * allows it, else declined, and the reason logged.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot/bot.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "util/util.h"

void
bot_log(const struct bot_slot *b, const char *fmt, ...)
{
	char when[32];
	time_t t = time(NULL);
	struct tm tm;
	va_list ap;

	gmtime_r(&t, &tm);
	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
	fprintf(stderr, "%s congo-bot[%d]: ", when, b != NULL ? b->index : -1);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fflush(stderr);
}

int
bot_slot_init(struct bot_slot *b, int index, const struct bot_policy *p,
    const struct net_client_opts *o)
{
	struct search_options so;

	memset(b, 0, sizeof *b);
	b->index = index;
	b->pol = p;
	b->seat = -1;
	b->score_ply = -1;
	search_options_default(&so);
	so.level = p->level;
	so.threads = 1;
	so.hash_mb = 16;
	if ((b->search = search_new(&so)) == NULL)
		return -1;
	b->c = net_client_new(o);
	net_client_start(b->c, util_now_ms());
	return 0;
}

static void
join_thinker(struct bot_slot *b)
{
	if (!b->thinking)
		return;
	search_stop(b->search);
	pthread_join(b->thread, NULL);
	b->thinking = false;
	free(b->hist);
	b->hist = NULL;
}

void
bot_slot_free(struct bot_slot *b)
{
	join_thinker(b);
	if (b->c != NULL)
		net_client_free(b->c);
	if (b->search != NULL)
		search_free(b->search);
}

/* The clock this slot seeks: the policy's, one a slot in turn. */
static const char *
slot_clock(const struct bot_slot *b)
{
	return b->pol->clocks[(b->index + b->games_played) % b->pol->nclocks];
}

static void
seek(struct bot_slot *b)
{
	bool rated = b->pol->rated == BOT_RATED_YES ||
	    (b->pol->rated == BOT_RATED_BOTH && (b->index + b->games_played) %
	    2 == 1);
	const char *variant = b->pol->variants[0] ? "congo" : "megapawn";

	/* With --days the last connection seeks correspondence games. */
	if (b->pol->ndays > 0 && b->index == b->npeers - 1) {
		int d = b->pol->days[b->games_played % b->pol->ndays];
		net_client_seek(b->c, variant, NULL, d, rated, NULL, NULL);
		b->seeking = true;
		bot_log(b, "seeking %d days a move %s %s", d, rated ? "rated" :
		    "casual", variant);
		return;
	}
	net_client_seek(b->c, variant, slot_clock(b), 0, rated, NULL, NULL);
	b->seeking = true;
	bot_log(b, "seeking %s %s %s", slot_clock(b), rated ? "rated" :
	    "casual", variant);
}

struct think_arg {
	struct bot_slot *b;
	struct search_limits lim;
};

static void *
think(void *arg)
{
	struct think_arg *a = arg;
	struct bot_slot *b = a->b;

	struct search_info info;

	b->best = search_best_move(b->search, &b->hist[b->think_ply],
	    b->hist, b->think_ply, NULL, &a->lim, NULL, NULL);
	search_last_info(b->search, &info);
	b->score = info.raw_score;
	free(a);
	__atomic_store_n(&b->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

/* The bot's turn in its game: a search started from its own clock. */
static void
maybe_think(struct bot_slot *b)
{
	const struct game *g = net_client_game(b->c);
	long long left[2];
	int running, i;
	struct think_arg *a;
	char clk[16], *plus;

	/* (Its move sent and not yet answered: the position is still the
	 * one it searched, and searching it again wastes the move's time.) */
	if (!b->playing || b->thinking || g == NULL || game_over(g) ||
	    b->seat < 0 || game_board(g)->side != b->seat ||
	    net_client_pending(b->c) >= 0)
		return;
	a = xcalloc(1, sizeof *a);
	a->b = b;
	search_limits_default(&a->lim);
	if (net_client_clock(b->c, util_now_ms(), left, &running)) {
		snprintf(clk, sizeof clk, "%s", b->game_clock[0] != '\0' ?
		    b->game_clock : slot_clock(b));
		a->lim.time_left_ms = left[b->seat] > 50 ? left[b->seat] - 50 :
		    1;
		plus = strchr(clk, '+');
		a->lim.inc_ms = plus != NULL ? atol(plus + 1) * 1000 : 0;
	} else
		a->lim.movetime_ms = 5000;     /* correspondence: within a
						  minute */
	b->think_ply = g->nply;
	b->hist = xcalloc((size_t)g->nply + 1, sizeof *b->hist);
	for (i = 0; i <= g->nply; i++)
		b->hist[i] = g->pos[i];
	b->done = 0;
	search_prepare(b->search);
	if (pthread_create(&b->thread, NULL, think, a) != 0) {
		free(a);
		free(b->hist);
		b->hist = NULL;
		bot_log(b, "game %s: cannot start a search thread", b->game);
		return;
	}
	b->thinking = true;
}

void
bot_slot_collect(struct bot_slot *b)
{
	const struct game *g = net_client_game(b->c);
	char text[32], err[200];
	move_t m = b->best;
	int ply = b->think_ply;

	if (!b->thinking || !__atomic_load_n(&b->done, __ATOMIC_ACQUIRE))
		return;
	join_thinker(b);
	b->score_ply = ply;
	if (g == NULL || g->nply != ply || m == MOVE_NONE || !b->playing)
		return;
	notation_write(m, text, sizeof text);
	if (net_client_move(b->c, ply, text, err, sizeof err) < 0)
		bot_log(b, "game %s: move %s not sent: %s", b->game, text,
		    err);
}

/* A challenge to the account: accepted when this slot is free and the
 * policy allows it, else declined with the reason word (said to the
 * challenger and logged). */
static void
challenged(struct bot_slot *b, const struct net_event *e, bool stopping)
{
	const char *why = NULL;
	char err[200];
	int i;
	bool clock_ok = false;

	for (i = 0; i < b->pol->nclocks && e->days <= 0; i++)
		clock_ok |= strcmp(b->pol->clocks[i], e->clock) == 0;
	for (i = 0; i < b->pol->ndays && e->days > 0; i++)
		clock_ok |= b->pol->days[i] == e->days;
	if (!b->pol->variants[strcmp(e->variant, "megapawn") == 0 ? 1 : 0])
		why = "variant";
	else if (!clock_ok)
		why = "clock";
	else if ((e->rated && b->pol->rated == BOT_RATED_NO) ||
	    (!e->rated && b->pol->rated == BOT_RATED_YES))
		why = "rated";
	else if (b->playing || stopping || !bot_tourney_may_take(b))
		why = "busy";
	if (why != NULL) {
		/* (Only slot 0 declines: each connection hears it.) */
		if (b->index == 0 && net_client_decline(b->c, e->game, why,
		    err, sizeof err) == 0)
			bot_log(b, "challenge %s from %s declined: %s",
			    e->game, e->name, why);
		return;
	}
	if (b->index != 0)
		return;
	if (b->seeking)
		net_client_unseek(b->c);
	b->seeking = false;
	net_client_join(b->c, e->game, e->seat);
	/* Held from now on (NEV_SEATED confirms it, a JOIN refused gives
	 * it up): no seek is made meanwhile, which the server would keep
	 * open beside the game. */
	b->playing = true;
	snprintf(b->game, sizeof b->game, "%s", e->game);
	b->tourney[0] = '\0';
	bot_log(b, "challenge %s from %s (%s %s) accepted", e->game, e->name,
	    e->variant, e->clock);
}

/* The greeting said once a game (not again after a REJOIN). */
static void
greet(struct bot_slot *b)
{
	char err[200];

	if (b->pol->greeting[0] == '\0' || strcmp(b->greeted, b->game) == 0)
		return;
	snprintf(b->greeted, sizeof b->greeted, "%s", b->game);
	if (net_client_say(b->c, b->pol->greeting, err, sizeof err) == 0)
		bot_log(b, "game %s: greeting said", b->game);
	else
		bot_log(b, "game %s: greeting not said: %s", b->game, err);
}

/* A draw offered: accepted only when the bot's own last evaluation says
 * the game is level (and it has gone long enough), else declined. */
static void
draw_offered(struct bot_slot *b)
{
	bool level = b->score_ply >= BOT_DRAW_MIN_PLY &&
	    b->score >= -BOT_DRAW_MARGIN && b->score <= BOT_DRAW_MARGIN;
	char err[200];

	if (net_client_draw(b->c, level ? "accept" : "decline", err,
	    sizeof err) == 0)
		bot_log(b, "game %s: draw offer %s (score %d at ply %d)",
		    b->game, level ? "accepted" : "declined", b->score,
		    b->score_ply);
}

static void
on_result(struct bot_slot *b, const struct net_event *e)
{
	if (!b->playing)
		return;         /* (told already by its STATE) */
	join_thinker(b);
	bot_log(b, "game %s over: %s (%s)", b->game, e->result, e->reason);
	b->playing = false;
	b->resigned = false;
	b->score_ply = -1;
	b->games_played++;
	b->game[0] = '\0';
	b->game_clock[0] = '\0';
	b->tourney[0] = '\0';
	b->game_days = 0;
	b->seat = -1;
}

/* A seat taken: a seek's pairing, a challenge's, a tournament's, a game
 * resumed or handed over. */
static void
seated(struct bot_slot *b, const struct net_event *e)
{
	b->seek_refused = 0;
	b->score_ply = -1;
	b->seeking = false;
	b->playing = true;
	b->seat = e->seat;
	/* (a game handed over or resumed: its tournament, if known, is
	 * kept; the STATE that follows says it too) */
	if (e->tourney[0] != '\0' || strcmp(b->game, e->game) != 0)
		snprintf(b->tourney, sizeof b->tourney, "%s", e->tourney);
	snprintf(b->game, sizeof b->game, "%s", e->game);
	bot_log(b, "game %s: playing %s%s%s", e->game, e->seat == 0 ?
	    "white" : "black", b->tourney[0] != '\0' ? " in tournament " : "",
	    b->tourney);
	greet(b);
}

/* A command refused: a SEEK asked again after a pause, a resume or a
 * JOIN given up, a TJOIN's tournament left. */
static void
refused(struct bot_slot *b, const struct net_event *e)
{
	bot_log(b, "%s: %d %s %s", e->verb, e->code, e->name, e->text);
	bot_tourney_error(b, e);
	if (strcmp(e->verb, "SEEK") == 0) {
		long long pause = 2000LL << (b->seek_refused < 5 ?
		    b->seek_refused : 5);
		if (pause > 60000)
			pause = 60000;
		b->seeking = false;
		b->seek_refused++;
		b->seek_after = util_now_ms() + pause;
		bot_log(b, "seeking again in %lld s", pause / 1000);
	}
	if ((strcmp(e->verb, "REJOIN") == 0 || strcmp(e->verb, "JOIN") == 0) &&
	    b->seat < 0) {
		b->playing = false;     /* a resume, a JOIN refused */
		b->game[0] = '\0';
	}
}

static void
event(struct bot_slot *b, const struct net_event *e, bool stopping)
{
	char err[200];

	switch (e->kind) {
	case NEV_STATUS:
		b->online = e->state == NET_ONLINE;
		if (e->state == NET_CLOSED) {
			bot_log(b, "connection closed: %s",
			    net_client_why(b->c));
			b->dead = true;
		}
		break;
	case NEV_ACCOUNT:
		bot_log(b, "logged in as %s", e->name);
		bot_tourney_login(b);
		bot_resume_ask(b);
		break;
	case NEV_ITEM:
		bot_resume_item(b, e);
		bot_tourney_item(b, e);
		break;
	case NEV_TOURNEY:
		bot_tourney_event(b, e);
		break;
	case NEV_ITEMS_END:
		bot_resume_end(b, e);
		break;
	case NEV_SEEKING:
		b->seek_refused = 0;
		break;
	case NEV_SEATED:
		seated(b, e);
		break;
	case NEV_STATE:         /* its game's clock: the increment */
		if (b->playing && strcmp(e->game, b->game) == 0) {
			snprintf(b->game_clock, sizeof b->game_clock, "%s",
			    e->clock);
			b->game_days = e->days;
			if (e->tourney[0] != '\0')
				snprintf(b->tourney, sizeof b->tourney, "%s",
				    e->tourney);
			/* A game that ended while the client caught up (a
			 * move refused, a link back) is told by its STATE
			 * only: the bot would wait for it for ever. */
			if (strcmp(e->status, "finished") == 0)
				on_result(b, e);
		}
		break;
	case NEV_RESULT:
		on_result(b, e);
		break;
	case NEV_DRAW:
		if (strcmp(e->action, "offer") == 0 && e->side != b->seat)
			draw_offered(b);
		break;
	case NEV_TAKEBACK:
		if (strcmp(e->action, "offer") == 0 && e->side != b->seat &&
		    net_client_takeback(b->c, "decline", err, sizeof err) == 0)
			bot_log(b, "game %s: takeback declined", b->game);
		break;
	case NEV_CHALLENGED:
		challenged(b, e, stopping);
		break;
	case NEV_ERROR:
		refused(b, e);
		break;
	default:
		break;
	}
}

void
bot_slot_events(struct bot_slot *b, bool stopping)
{
	struct net_event e;
	char err[200];

	while (net_client_next(b->c, &e))
		event(b, &e, stopping);
	/* Stopping with --on-stop resign: its game resigned, one paired
	 * just as the signal came too (tried again until the client can). */
	if (stopping && b->playing && b->pol->resign_on_stop && !b->resigned &&
	    b->game_days == 0 && net_client_resign(b->c, err, sizeof err) == 0) {
		b->resigned = true;
		bot_log(b, "stopping: game %s resigned", b->game);
	}
	bot_resume_take(b);
	bot_tourney_scan(b);
	/* (a tournament that waits for a pairing keeps a connection free) */
	if (b->seeking && !bot_tourney_may_take(b)) {
		net_client_unseek(b->c);
		b->seeking = false;
		bot_log(b, "seek withdrawn: this connection is kept for a "
		    "tournament");
	}
	if (b->online && !b->playing && !b->seeking && !stopping && !b->dead &&
	    util_now_ms() >= b->seek_after &&
	    net_client_account(b->c)[0] != '\0' && bot_resume_listed(b) &&
	    bot_tourney_may_take(b))
		seek(b);
	maybe_think(b);
}

void
bot_slot_stop(struct bot_slot *b)
{
	bot_tourney_stop(b);
	if (b->seeking) {
		net_client_unseek(b->c);
		b->seeking = false;
		bot_log(b, "stopping: seek withdrawn");
	}
}
