/*
 * client_msg.c: the server's lines as the client sees them: replies to
 * its commands, the game's events, and the mirror of the game kept in step
 * with them (rebuilt from STATE and HISTORY whenever it is in doubt).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/fen.h"
#include "engine/notation.h"
#include "net/client/client_int.h"

static void
copy(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src != NULL ? src : "");
}

void
cli_establish(struct net_client *c)
{
	char who[48];

	switch (c->role) {
	case ROLE_NONE:
		break;
	case ROLE_CREATE:
		if (c->create_days > 0)
			snprintf(who, sizeof who, " days=%d", c->create_days);
		else
			snprintf(who, sizeof who, "%s%.16s",
			    c->clockspec[0] != '\0' ? " clock=" : "",
			    c->clockspec);
		cli_send(c, "#c CREATE%s%s name=%s%s%s%s%s%s",
		    c->seat >= 0 ? " seat=" : "",
		    c->seat >= 0 ? cgp_seat_name(c->seat) : "", c->o.name,
		    c->fen[0] != '\0' ? " fen=" : "", c->fen,
		    c->variant[0] != '\0' ? " variant=" : "", c->variant, who);
		break;
	case ROLE_JOIN:
		cli_send(c, "#j JOIN game=%s seat=%s name=%s", c->game,
		    cgp_seat_name(c->seat), c->o.name);
		break;
	case ROLE_SEAT:
		/* Without a token: the seat of the account logged in as
		 * (another machine's; LOGIN went first). */
		if (c->token[0] != '\0')
			snprintf(who, sizeof who, "token=%s", c->token);
		else if (c->seat >= 0)
			snprintf(who, sizeof who, "seat=%s",
			    cgp_seat_name(c->seat));
		else
			who[0] = '\0';
		/* What we missed (the chat said while away too), then
		 * names and presence. */
		cli_catchup_send(c, "#r REJOIN", who, true);
		/* The ply guard makes this harmless if it was stored. */
		if (c->pending)
			cli_send(c, "#m%d MOVE game=%s ply=%d move=%s",
			    c->pending_ply, c->game, c->pending_ply,
			    c->pending_move);
		break;
	case ROLE_OBSERVE:
		cli_catchup_send(c, "#o OBSERVE", "", false);
		break;
	case ROLE_SEEK:
		cli_seek_send(c);
		break;
	case ROLE_CHALLENGE:
		cli_challenge_send(c);
		break;
	}
}

void
cli_resync(struct net_client *c)
{
	if (c->game[0] != '\0' && c->st == NET_ONLINE)
		cli_send(c, "#s STATE game=%s", c->game);
}

void
cli_error_event(struct net_client *c, const struct cgp_msg *m,
    const char *verb)
{
	struct net_event *e = cli_event(c, NEV_ERROR);

	e->code = m->code;
	copy(e->name, sizeof e->name, m->name);
	copy(e->verb, sizeof e->verb, verb);
	copy(e->text, sizeof e->text, m->text[0] != '\0' ? m->text : m->name);
	if (m->code == CGP_CLAIM_TOO_EARLY)
		e->left = cgp_parse_num(cgp_msg_get(m, "left"), 1000000L);
}

static enum game_reason
reason_of(const char *s)
{
	int r;

	for (r = REASON_LION_CAPTURED; r <= REASON_AGREEMENT; r++)
		if (s != NULL && strcmp(s, game_reason_name(r)) == 0)
			return (enum game_reason)r;
	return REASON_NONE;
}

static void
set_result(struct net_client *c, const char *result, const char *reason)
{
	if (!c->have_mirror || result == NULL)
		return;
	if (c->syncing) {
		/* After the moves, or they would not replay. */
		copy(c->late_result, sizeof c->late_result, result);
		copy(c->late_reason, sizeof c->late_reason, reason);
		return;
	}
	c->mirror.result = strcmp(result, "1-0") == 0 ? RESULT_WHITE_WINS :
	    strcmp(result, "0-1") == 0 ? RESULT_BLACK_WINS :
	    strcmp(result, "1/2") == 0 ? RESULT_DRAW : RESULT_NONE;
	c->mirror.reason = reason_of(reason);
}

/* Start again from the start position and ask for every move. */
static void
start_sync(struct net_client *c, const char *start_wire)
{
	static const struct game_rules server_decides = { false, 0 };
	char wire[CGP_FEN_MAX], err[200];
	struct game_rules rules;
	struct board b;

	/* The variant's pieces and moves; the server decides the end. */
	if (cgp_variant_start(c->state_variant[0] != '\0' ?
	    c->state_variant : "congo", start_wire, &server_decides, &b,
	    &rules, wire, err, sizeof err) < 0)
		return;
	if (c->have_mirror)
		game_free(&c->mirror);
	game_init(&c->mirror, &b, &rules);
	c->have_mirror = true;
	c->syncing = true;
	c->hist_left = -1;
	c->late_result[0] = '\0';
	cli_send(c, "#h HISTORY game=%s from=0", c->game);
}

static bool
mirror_matches(struct net_client *c, const char *start, long ply,
    const char *fen)
{
	char a[FEN_MAX], w[FEN_MAX];

	if (!c->have_mirror || c->syncing || c->mirror.nply != ply)
		return false;
	fen_write(&c->mirror.pos[0], a, sizeof a);
	cgp_fen_to_wire(a, w, sizeof w);
	if (start == NULL || strcmp(w, start) != 0)
		return false;
	fen_write(game_board(&c->mirror), a, sizeof a);
	cgp_fen_to_wire(a, w, sizeof w);
	return fen != NULL && strcmp(w, fen) == 0;
}

/* The end of a HISTORY page: the next one, or the mirror is ready. */
static void
page_done(struct net_client *c)
{
	char a[FEN_MAX], w[FEN_MAX];

	if (c->mirror.nply < c->hist_total) {
		c->hist_left = -1;
		cli_send(c, "#h HISTORY game=%s from=%d", c->game,
		    c->mirror.nply);
		return;
	}
	c->syncing = false;
	if (c->late_result[0] != '\0')
		set_result(c, c->late_result, c->late_reason);
	c->late_result[0] = '\0';
	fen_write(game_board(&c->mirror), a, sizeof a);
	cgp_fen_to_wire(a, w, sizeof w);
	if (c->state_fen[0] != '\0' && strcmp(w, c->state_fen) != 0 &&
	    c->mirror.nply == c->hist_total) {
		/* Moves came meanwhile: the STATE asked next settles it. */
		cli_resync(c);
	}
	if (c->pending && c->mirror.nply > c->pending_ply)
		c->pending = false;
	cli_event(c, NEV_SYNC)->ply = c->mirror.nply;
}

/* A move for the mirror: 0 played, 1 old, -1 does not fit. */
static int
mirror_play(struct net_client *c, long ply, const char *text)
{
	char err[128];

	if (!c->have_mirror || ply > c->mirror.nply || text == NULL)
		return -1;
	if (ply < c->mirror.nply)
		return 1;
	if (game_over(&c->mirror))
		return -1;
	if (game_play_text(&c->mirror, text, err, sizeof err) < 0)
		return -1;
	return 0;
}

static void
on_state(struct net_client *c, const struct cgp_msg *m, long long now)
{
	const char *start = cgp_msg_get(m, "start"), *fen = cgp_msg_get(m,
	    "fen"), *v;
	long ply = cgp_parse_num(cgp_msg_get(m, "ply"), 1000000L);
	bool caught = c->catchup;
	struct net_event *e;

	if (caught && c->role == ROLE_NONE) {
		/* the REJOIN (OBSERVE) refused, said: nothing of that game */
		cli_catchup_end(c, false);
		return;
	}
	e = cli_event(c, NEV_STATE);

	copy(e->status, sizeof e->status, cgp_msg_get(m, "status"));
	copy(e->result, sizeof e->result, cgp_msg_get(m, "result"));
	copy(e->reason, sizeof e->reason, cgp_msg_get(m, "reason"));
	copy(e->white, sizeof e->white, cgp_msg_get(m, "white"));
	copy(e->black, sizeof e->black, cgp_msg_get(m, "black"));
	v = cgp_msg_get(m, "wpresent");
	e->wpresent = v != NULL && strcmp(v, "1") == 0;
	v = cgp_msg_get(m, "bpresent");
	e->bpresent = v != NULL && strcmp(v, "1") == 0;
	e->draw = cgp_seat_parse(cgp_msg_get(m, "draw"));
	e->ply = (int)ply;
	cli_rating_keys(m, e);
	cli_account_keys(c, m, e);
	copy(e->variant, sizeof e->variant, cgp_msg_get(m, "variant"));
	copy(c->state_variant, sizeof c->state_variant, e->variant);
	copy(e->clock, sizeof e->clock, cgp_msg_get(m, "clock"));
	copy(e->tourney, sizeof e->tourney, cgp_msg_get(m, "tourney"));
	v = cgp_msg_get(m, "turn");
	cli_clock_keys(c, m, e, strcmp(e->status, "active") != 0 ? -1 :
	    v != NULL && strcmp(v, "black") == 0 ? 1 : 0, ply, now);
	cli_corr_keys(c, m, e, true);
	copy(c->state_fen, sizeof c->state_fen, fen);
	if (c->syncing) {
		/* The HISTORY asked for brings every move up to now. */
	} else if (!mirror_matches(c, start, ply, fen)) {
		if (start != NULL)
			start_sync(c, start);
	} else if (c->pending && c->mirror.nply > c->pending_ply)
		c->pending = false;
	if (strcmp(e->status, "finished") == 0) {
		set_result(c, e->result, e->reason);
		c->finished = true;
	}
	if (caught)
		cli_catchup_end(c, true);   /* the chat missed, names known */
}

/* The events of our game, by kind (on_event's table): the event e made
 * for the view from m. */
typedef void ev_fn(struct net_client *c, const struct cgp_msg *m,
    long long now);

static void
ev_paired(struct net_client *c, const struct cgp_msg *m, long long now)
{
	(void)now;
	cli_paired(c, m);   /* a game new to us, not stored */
}

static void
ev_tourney(struct net_client *c, const struct cgp_msg *m, long long now)
{
	(void)now;
	cli_tourney_ev(c, m);   /* a tournament's, not a game's */
}

static void
ev_challenged(struct net_client *c, const struct cgp_msg *m, long long now)
{
	(void)now;
	cli_challenged(c, m);   /* another game's, not stored */
}

static void
ev_rematched(struct net_client *c, const struct cgp_msg *m, long long now)
{
	(void)now;
	cli_rematched(c, m);
}

static void
ev_said(struct net_client *c, const struct cgp_msg *m, long long now)
{
	struct net_event *e = cli_event(c, NEV_SAID);
	const char *name = cgp_msg_get(m, "name");

	(void)now;
	e->side = cgp_seat_parse(cgp_msg_get(m, "side"));
	copy(e->text, sizeof e->text, m->text);
	if (e->side < 0) {
		/* a watcher's (congo-server's extension): side=spectator
		 * name=, not stored, said as it comes */
		copy(e->name, sizeof e->name, name != NULL ? name : "?");
		return;
	}
	cli_catchup_take(c, m, true);
}

static void
ev_rematch(struct net_client *c, const struct cgp_msg *m, long long now)
{
	struct net_event *e = cli_event(c, NEV_REMATCH);

	(void)now;
	e->side = cgp_seat_parse(cgp_msg_get(m, "side"));
}

static void
ev_move(struct net_client *c, const struct cgp_msg *m, long long now)
{
	struct net_event *e;
	long ply;
	int r;

	if (c->syncing)
		return;     /* the HISTORY under way brings it */
	ply = cgp_parse_num(cgp_msg_get(m, "ply"), 1000000L);
	r = mirror_play(c, ply, cgp_msg_get(m, "move"));
	if (r < 0) {
		cli_resync(c);
		return;
	}
	if (c->pending && ply >= c->pending_ply)
		c->pending = false;
	if (r == 1)
		return;
	e = cli_event(c, NEV_MOVE);
	e->ply = (int)ply;
	e->side = cgp_seat_parse(cgp_msg_get(m, "side"));
	copy(e->move, sizeof e->move, cgp_msg_get(m, "move"));
	cli_clock_keys(c, m, e, e->side < 0 ? -1 : 1 - e->side,
	    ply + 1, now);
	cli_corr_keys(c, m, e, false);
}

/* A takeback accepted: the game as the server has it now (STATE and
 * HISTORY again), copied whole by the view. */
static void
ev_undo(struct net_client *c, const struct cgp_msg *m, long long now)
{
	struct net_event *e;

	(void)now;
	if (!c->syncing)
		cli_resync(c);
	c->pending = false;
	e = cli_event(c, NEV_UNDO);
	e->ply = (int)cgp_parse_num(cgp_msg_get(m, "ply"), 1000000L);
}

/* TAKEBACK, DRAW: an offer, its answer or its withdrawal, by side. */
static void
ev_offer(struct net_client *c, const struct cgp_msg *m, long long now)
{
	struct net_event *e;

	(void)now;
	e = cli_event(c, m->verb[0] == 'T' ? NEV_TAKEBACK : NEV_DRAW);
	copy(e->action, sizeof e->action, cgp_msg_get(m, "action"));
	e->side = cgp_seat_parse(cgp_msg_get(m, "side"));
}

static void
ev_result(struct net_client *c, const struct cgp_msg *m, long long now)
{
	struct net_event *e;

	set_result(c, cgp_msg_get(m, "result"),
	    cgp_msg_get(m, "reason"));
	c->finished = true;         /* (a cancelled game's result is "-") */
	c->pending = false;
	if (c->timed)
		clock_stop(&c->clock, now);
	c->deadline = 0;
	e = cli_event(c, NEV_RESULT);
	copy(e->result, sizeof e->result, cgp_msg_get(m, "result"));
	copy(e->reason, sizeof e->reason, cgp_msg_get(m, "reason"));
	cli_rating_keys(m, e);
}

static void
ev_joined(struct net_client *c, const struct cgp_msg *m, long long now)
{
	struct net_event *e = cli_event(c, NEV_JOINED);

	(void)now;
	e->seat = cgp_seat_parse(cgp_msg_get(m, "seat"));
	copy(e->name, sizeof e->name, cgp_msg_get(m, "name"));
	cli_corr_keys(c, m, e, false);
	if (e->seat >= 0)
		e->guest[e->seat] = c->accounts &&
		    (cgp_msg_get(m, "account") == NULL ||
		    strcmp(cgp_msg_get(m, "account"), "1") != 0);
}

static void
ev_presence(struct net_client *c, const struct cgp_msg *m, long long now)
{
	struct net_event *e = cli_event(c, NEV_PRESENCE);

	(void)now;
	e->seat = cgp_seat_parse(cgp_msg_get(m, "seat"));
	copy(e->presence, sizeof e->presence,
	    cgp_msg_get(m, "state"));
}

/* When an event's handler runs: for any game (before the game and the
 * sequence are checked), for our game as soon as it is new, or once the
 * catch-up under way did not take it (its STATE brings it). */
enum ev_when { EV_ANY_GAME, EV_NEW, EV_CAUGHT };

static const struct ev_kind {
	const char *kind;
	ev_fn *fn;
	enum ev_when when;
} ev_kinds[] = {
	{ "PAIRED", ev_paired, EV_ANY_GAME },
	{ "CHALLENGED", ev_challenged, EV_ANY_GAME },
	{ "TOURNEY", ev_tourney, EV_ANY_GAME },
	{ "STATE", on_state, EV_NEW },
	{ "BERSERK", cli_berserk_ev, EV_NEW },
	{ "REMATCHED", ev_rematched, EV_NEW },
	{ "SAID", ev_said, EV_NEW },
	{ "REMATCH", ev_rematch, EV_CAUGHT },
	{ "MOVE", ev_move, EV_CAUGHT },
	{ "UNDO", ev_undo, EV_CAUGHT },
	{ "TAKEBACK", ev_offer, EV_CAUGHT },
	{ "DRAW", ev_offer, EV_CAUGHT },
	{ "RESULT", ev_result, EV_CAUGHT },
	{ "JOINED", ev_joined, EV_CAUGHT },
	{ "PRESENCE", ev_presence, EV_CAUGHT },
};

static void
on_event(struct net_client *c, const struct cgp_msg *m, long long now)
{
	const struct ev_kind *k = NULL;
	const char *kind = m->verb;
	const char *side = cgp_msg_get(m, "side");
	bool stored = strcmp(kind, "STATE") != 0 &&
	    strcmp(kind, "PRESENCE") != 0 && strcmp(kind, "REMATCHED") != 0 &&
	    strcmp(kind, "BERSERK") != 0 &&
	    !(strcmp(kind, "SAID") == 0 && side != NULL &&
	    strcmp(side, "spectator") == 0);

	for (size_t i = 0; i < sizeof ev_kinds / sizeof ev_kinds[0]; i++)
		if (strcmp(kind, ev_kinds[i].kind) == 0)
			k = &ev_kinds[i];
	if (k != NULL && k->when == EV_ANY_GAME) {
		k->fn(c, m, now);
		return;
	}
	if (strcmp(m->game, c->game) != 0)
		return;
	if (stored && m->seq <= c->seq)
		return;             /* seen already */
	if (m->seq > c->seq)
		c->seq = m->seq;
	if (k != NULL && k->when == EV_NEW) {
		k->fn(c, m, now);
		return;
	}
	/* Caught up by the STATE asked (the game brought again): the rest
	 * is in it. */
	if (stored && cli_catchup_take(c, m, false))
		return;
	if (k != NULL)
		k->fn(c, m, now);
}

static void
took_seat(struct net_client *c, const struct cgp_msg *m, bool fresh)
{
	const char *game = cgp_msg_get(m, "game"), *tok = cgp_msg_get(m,
	    "token");
	int seat = cgp_seat_parse(cgp_msg_get(m, "seat"));
	char err[200];
	struct net_event *e;

	if (game == NULL)
		return;
	if (strcmp(c->game, game) != 0) {
		/* Another game (a sync or a move of the old one pending
		 * would keep the new one's mirror from starting, or its moves
		 * from being made). */
		cli_forget_game(c);
	}
	copy(c->game, sizeof c->game, game);
	if (seat < 0) {
		/* A game made without a seat: watch it. */
		c->role = ROLE_OBSERVE;
		cli_establish(c);
		return;
	}
	c->seat = seat;
	c->role = ROLE_SEAT;
	if (tok != NULL)
		copy(c->token, sizeof c->token, tok);
	e = cli_event(c, NEV_SEATED);
	e->seat = seat;
	if (fresh && c->o.remember && net_tokens_save(c->o.host, c->o.port,
	    c->game, seat, c->token, err, sizeof err) < 0) {
		e = cli_event(c, NEV_ERROR);
		snprintf(e->text, sizeof e->text, "cannot remember the seat "
		    "token: %s", err);
	}
}

static void
on_ok(struct net_client *c, const struct cgp_msg *m, long long now)
{
	const char *v = m->verb;
	char text[300];

	(void)now;
	if (strcmp(v, "HELLO") == 0) {
		c->backoff = 0;
		c->accounts = cgp_msg_get(m, "accounts") != NULL &&
		    strcmp(cgp_msg_get(m, "accounts"), "yes") == 0;
		snprintf(text, sizeof text, "connected to %s port %d",
		    c->o.host, c->o.port);
		cli_set_state(c, NET_ONLINE, text);
		cli_after_hello(c);
	} else if (strcmp(v, "CREATE") == 0 || strcmp(v, "JOIN") == 0 ||
	    strcmp(v, "CHALLENGE") == 0) {
		took_seat(c, m, true);
	} else if (strcmp(v, "REJOIN") == 0) {
		took_seat(c, m, false);
	} else if (strcmp(v, "OBSERVE") == 0) {
		cli_event(c, NEV_OBSERVING);
	} else if (strcmp(v, "MOVE") == 0) {
		long ply = m->tag[0] == '#' && m->tag[1] == 'm' ?
		    cgp_parse_num(m->tag + 2, 1000000L) : -1;
		if (c->pending && ply == c->pending_ply) {
			c->pending = false;
			cli_event(c, NEV_MOVE_OK)->ply = (int)ply;
		}
	} else if (strcmp(v, "LIST") == 0) {
		c->list_left = (int)cgp_parse_num(cgp_msg_get(m, "n"), 1000);
		if (c->list_left <= 0) {
			c->list_left = 0;
			cli_event(c, NEV_LIST_END);
		}
	} else if (strcmp(v, "HISTORY") == 0 && c->syncing) {
		c->hist_left = (int)cgp_parse_num(cgp_msg_get(m, "n"), 1000);
		c->hist_total = (int)cgp_parse_num(cgp_msg_get(m, "plies"),
		    1000000L);
		if (c->hist_left <= 0)
			page_done(c);
	} else
		cli_acct_ok(c, m);
}

static void
on_item(struct net_client *c, const struct cgp_msg *m)
{
	struct net_event *e;

	if (cli_acct_item(c, m))
		return;
	if (strcmp(m->tag, "#l") == 0 && c->list_left > 0) {
		e = cli_event(c, NEV_LIST);
		copy(e->game, sizeof e->game, cgp_msg_get(m, "game"));
		copy(e->status, sizeof e->status, cgp_msg_get(m, "status"));
		copy(e->white, sizeof e->white, cgp_msg_get(m, "white"));
		copy(e->black, sizeof e->black, cgp_msg_get(m, "black"));
		copy(e->result, sizeof e->result, cgp_msg_get(m, "result"));
		copy(e->variant, sizeof e->variant, cgp_msg_get(m, "variant"));
		copy(e->clock, sizeof e->clock, cgp_msg_get(m, "clock"));
		e->days = (int)cgp_parse_num(cgp_msg_get(m, "days"), 100);
		e->ply = (int)cgp_parse_num(cgp_msg_get(m, "ply"), 1000000L);
		cli_account_keys(c, m, e);
		if (--c->list_left == 0)
			cli_event(c, NEV_LIST_END);
		return;
	}
	if (strcmp(m->tag, "#h") == 0 && c->syncing && c->hist_left > 0) {
		long ply = cgp_parse_num(cgp_msg_get(m, "ply"), 1000000L);
		if (mirror_play(c, ply, cgp_msg_get(m, "move")) < 0) {
			/* Start over: the STATE brings a new sync. */
			cli_drop_sync(c);
			cli_resync(c);
			return;
		}
		if (--c->hist_left == 0)
			page_done(c);
	}
}

/* The verb of a command of ours whose refusal is only told (by its tag's
 * letter: cli_seat_send's commands); "" for one unknown. */
static const char *
told_verb(char tag)
{
	static const struct {
		char tag;
		const char *verb;
	} told[] = {
		{ 'x', "RESIGN" }, { 'd', "DRAW" }, { 't', "SAY" },
		{ 'R', "REMATCH" }, { 'a', "CLAIM" }, { 'k', "CANCEL" },
	};

	for (size_t k = 0; k < sizeof told / sizeof told[0]; k++)
		if (told[k].tag == tag)
			return told[k].verb;
	return cli_tourney_verb(tag) != NULL ? cli_tourney_verb(tag) : "";
}

/* The refusals of our commands, by their tag's letter (on_err's
 * table). */
typedef void err_fn(struct net_client *c, const struct cgp_msg *m,
    long long now);

static void
err_move(struct net_client *c, const struct cgp_msg *m, long long now)
{
	long cur = cgp_parse_num(cgp_msg_get(m, "current"), 1000000L);

	(void)now;
	if (c->pending && m->code == CGP_WRONG_PLY &&
	    cur > c->pending_ply) {
		/* Stored before the link broke: nothing to do. */
		c->pending = false;
		return;
	}
	c->pending = false;
	cli_error_event(c, m, "MOVE");
	cli_resync(c);
}

/* CREATE, JOIN, OBSERVE refused: no role in a game. */
static void
err_seat(struct net_client *c, const struct cgp_msg *m, long long now)
{
	char t = m->tag[1];

	(void)now;
	cli_error_event(c, m, t == 'c' ? "CREATE" : t == 'j' ?
	    "JOIN" : "OBSERVE");
	c->role = ROLE_NONE;
}

static void
err_join(struct net_client *c, const struct cgp_msg *m, long long now)
{
	if (c->join_any && m->code == CGP_SEAT_TAKEN &&
	    c->seat == WHITE) {
		c->seat = BLACK;
		cli_establish(c);
		return;
	}
	if (c->join_any && m->code == CGP_SEAT_TAKEN) {
		struct net_event *e;
		cli_error_event(c, m, "JOIN");
		e = &c->q[(c->qhead + c->qlen - 1) % c->qcap];
		snprintf(e->text, sizeof e->text, "both seats of game "
		    "%s are taken", c->game);
		c->role = ROLE_NONE;
		return;
	}
	err_seat(c, m, now);
}

static void
err_rejoin(struct net_client *c, const struct cgp_msg *m, long long now)
{
	cli_error_event(c, m, "REJOIN");
	if (m->code == CGP_RATE_LIMITED) {
		cli_lost(c, "too many tries", true, now);
		return;
	}
	c->role = ROLE_NONE;
}

static void
err_state(struct net_client *c, const struct cgp_msg *m, long long now)
{
	(void)now;
	/* The STATE after a REJOIN (OBSERVE) refused: that was said. */
	if (c->catchup && c->role == ROLE_NONE) {
		cli_catchup_end(c, false);
		return;
	}
	if (c->catchup)
		cli_catchup_end(c, true);
	cli_error_event(c, m, told_verb(m->tag[1]));
}

static void
err_history(struct net_client *c, const struct cgp_msg *m, long long now)
{
	(void)now;
	cli_drop_sync(c);
	cli_error_event(c, m, "HISTORY");
}

static void
err_list(struct net_client *c, const struct cgp_msg *m, long long now)
{
	(void)now;
	c->list_left = 0;
	cli_error_event(c, m, "LIST");
	cli_event(c, NEV_LIST_END);
}

static const struct {
	char tag;
	err_fn *fn;
} errs[] = {
	{ 'm', err_move }, { 'j', err_join }, { 'c', err_seat },
	{ 'o', err_seat }, { 'r', err_rejoin }, { 's', err_state },
	{ 'h', err_history }, { 'l', err_list },
};

static void
on_err(struct net_client *c, const struct cgp_msg *m, long long now)
{
	const char *t = m->tag;

	if (m->code == CGP_VERSION_UNSUPPORTED) {
		cli_error_event(c, m, "HELLO");
		cli_lost(c, "the server does not speak CGP/1", false, now);
		return;
	}
	if (strcmp(t, "*") == 0) {
		/* Busy or too many from here: it closes; we try later. */
		cli_error_event(c, m, "");
		return;
	}
	if (cli_acct_err(c, m) || cli_corr_err(c, m))
		return;
	for (size_t k = 0; k < sizeof errs / sizeof errs[0]; k++)
		if (errs[k].tag == t[1]) {
			errs[k].fn(c, m, now);
			return;
		}
	cli_error_event(c, m, told_verb(t[1]));
}

void
cli_handle(struct net_client *c, const struct cgp_msg *m, long long now)
{
	switch (m->type) {
	case CGP_M_HELLO:
		if (strcmp(m->verb, CGP_VERSION) != 0)
			cli_lost(c, "the server speaks another protocol",
			    false, now);
		break;
	case CGP_M_PING:
		cli_send(c, "PONG %s", m->word);
		break;
	case CGP_M_PONG:
		break;
	case CGP_M_OK:
		on_ok(c, m, now);
		break;
	case CGP_M_ERR:
		on_err(c, m, now);
		break;
	case CGP_M_EV:
		on_event(c, m, now);
		break;
	case CGP_M_ITEM:
		on_item(c, m);
		break;
	}
}
