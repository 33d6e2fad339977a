/*
 * sess_game.c: the commands that bring a connection into a game: CREATE,
 * JOIN, REJOIN and OBSERVE. Each checks everything, stores, and only then
 * changes the state, answers OK and tells the others.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "net/server/sess_feature.h"
#include "net/server/sess_ident.h"
#include "net/server/sess_days.h"

/* name= of conn, logged in as acct (NULL: a guest). */
static const char *
want_name(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const char *acct)
{
	const char *v = cgp_get(cmd, "name");

	/* Logged in: the account's name, name= ignored. */
	if (acct != NULL)
		return acct;
	if (v == NULL)
		return SESS_GUEST_NAME;
	if (!cgp_valid_name(v)) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX,
		    "name= is 1-31 letters, digits, '-', '_' or '.'");
		return NULL;
	}
	return v;
}

/* seat=: 0 or 1; -1 when absent and optional; -2 after answering 400. */
static int
want_seat(struct sess *s, int conn, const struct cgp_cmd *cmd, bool required)
{
	const char *v = cgp_get(cmd, "seat");
	int seat;

	if (v == NULL && !required)
		return -1;
	seat = cgp_seat_parse(v);
	if (seat < 0) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX,
		    v == NULL ? "seat= is missing" :
		    "seat= is white or black");
		return -2;
	}
	return seat;
}

/* variant=, fen= and clock= or days=: the start position and its rules,
 * the clock or the days (*days, 0 none). -1 after answering 400 naming
 * the problem. */
static int
want_start(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const char **variant, struct board *b, struct game_rules *rules,
    char wire[CGP_FEN_MAX], int64_t *base, int64_t *inc, int *days)
{
	const char *cv = cgp_get(cmd, "clock");
	char err[200], msg[240];

	*variant = cgp_get(cmd, "variant");
	if (*variant == NULL)
		*variant = "congo";
	if (cgp_variant_start(*variant, cgp_get(cmd, "fen"), &s->rules, b,
	    rules, wire, err, sizeof err) < 0) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, err);
		return -1;
	}
	*base = *inc = 0;
	if ((*days = sess_want_days(s, conn, cmd)) < 0)
		return -1;
	if (cv != NULL && clock_parse_seconds(cv, base, inc, err,
	    sizeof err) < 0) {
		snprintf(msg, sizeof msg, "clock=: %s", err);
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, msg);
		return -1;
	}
	return 0;
}

/*
 * Is start the variant's start position (its pieces, the side to move, no
 * quiet plies; the move number as it likes)? Then wire becomes the start
 * position as the variant writes it.
 */
static bool
from_the_start(const char *variant, const struct board *start,
    char wire[CGP_FEN_MAX])
{
	struct board b;
	struct game_rules rules = { 0 };
	char w[CGP_FEN_MAX], err[160];

	if (cgp_variant_start(variant, NULL, &rules, &b, &rules, w, err,
	    sizeof err) < 0 || !board_same_position(&b, start) ||
	    b.variant != start->variant || start->quiet != 0)
		return false;
	memcpy(wire, w, CGP_FEN_MAX);
	return true;
}

void
sess_new_game_change(struct store_change *ch, struct sess_new_game *keep,
    const char *id, const char *wire, const struct game_rules *rules,
    const char *variant, const char *clock, bool rated)
{
	(void)keep;             /* (its rated flag: a typed write of ch's) */
	memset(ch, 0, sizeof *ch);
	ch->game = id;
	ch->new_game = true;
	ch->start_fen = wire;
	ch->repetition = rules->repetition;
	ch->quiet_plies = rules->quiet_plies;
	ch->created = (long long)time(NULL);
	ch->variant = variant;
	ch->clock = clock;
	ch->creator = -1;
	ch->seat = -1;
	if (rated) {
		ch->rated = true;
		store_game_rated(ch, id);
	}
}

void
sess_new_game_seat(struct store_change *ch, struct sess_new_game *keep,
    int seat, const char *name, bool account, const char *hash)
{
	int k = ch->nev;

	if (k == 0) {
		ch->seat = seat;
		ch->name = name;
		ch->token = hash;
	} else {
		ch->both_seats = true;
		ch->name2 = name;
		ch->token2 = hash;
	}
	sess_joined_body(keep->body[k], sizeof keep->body[k], seat, name,
	    account);
	ch->seq[k] = k + 1;
	ch->kind[k] = "JOINED";
	ch->body[k] = keep->body[k];
	ch->nev = k + 1;
}

/* CREATE, or with ch_to a CHALLENGE of that account (sess_challenge.c):
 * the challenger takes seat ch_seat (0 or 1), the OK says CHALLENGE, and
 * the creator's JOINED names the account the other seat is for. */
/* 429 to a CREATE over the network's games a minute (all: counted on
 * every server). */
static void
too_many(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const struct saddr *a, bool all)
{
	char msg[96];

	snprintf(msg, sizeof msg, "at most %d new games a minute from one "
	    "network", s->lim.games_per_minute);
	sess_err(s, conn, cmd->tag, CGP_RATE_LIMITED, msg);
	if (all)
		sess_refused(s, "%s: more than %d new games a minute from %s "
		    "(all servers)", s->conns[conn].addr,
		    s->lim.games_per_minute, a->addr);
	else
		sess_refused(s, "%s: more than %d new games a minute from %s",
		    s->conns[conn].addr, s->lim.games_per_minute, a->addr);
}

/* rated= of a CREATE (from a guest's connection: guest) into *rated: 0,
 * or -1 after answering (not yes or no; a rated game without LOGIN, a
 * clock or the variant's start). */
static int
want_rated(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const char *variant, const struct board *start, char *wire,
    int days, bool guest, bool *rated)
{
	const char *rv = cgp_get(cmd, "rated");
	bool untimed = cgp_get(cmd, "clock") == NULL && days == 0;

	if (rv != NULL && strcmp(rv, "yes") != 0 && strcmp(rv, "no") != 0) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX,
		    "rated= is yes or no");
		return -1;
	}
	*rated = rv != NULL && strcmp(rv, "yes") == 0;
	if (*rated && (guest || untimed ||
	    !from_the_start(variant, start, wire))) {
		sess_err(s, conn, cmd->tag, guest ? CGP_LOGIN_REQUIRED :
		    CGP_BAD_SYNTAX, guest ? "a rated game needs LOGIN" :
		    untimed ? "a rated game needs clock= or days=" :
		    "a rated game starts from the variant's start position "
		    "(fen= may name only that)");
		return -1;
	}
	return 0;
}

/* A start that is over already (fen=): true after answering 400. */
static bool
decided(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const struct board *start, const struct game_rules *rules)
{
	struct game probe;
	bool over;

	game_init(&probe, start, rules);
	over = game_over(&probe);
	game_free(&probe);
	if (over)
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX,
		    "fen=: that position is already decided");
	return over;
}

/* A new game's id not in memory and its creator's token (seat >= 0): 0,
 * or -1 after answering (no random numbers). */
static int
new_ids(struct sess *s, int conn, const struct cgp_cmd *cmd, int seat,
    char *id, char *token)
{
	int tries;

	for (tries = 0;; tries++) {
		if (tries == 16 || net_new_game_id(id) < 0 ||
		    (seat >= 0 && net_new_token(token) < 0)) {
			sess_err(s, conn, cmd->tag, CGP_INTERNAL,
			    "no random numbers");
			return -1;
		}
		/* Not in memory; the store decides by its key (a taken id,
		 * one chance in 2^40 a game, is a conflict, and the CREATE
		 * runs again): never a read here. */
		if (sess_find(s, id) == NULL)
			return 0;
	}
}

/* " for=<to>" added to the creator's JOINED of a challenge. */
static void
challenge_body(char *body, size_t n, const char *to)
{
	size_t len = strlen(body);

	if (len < n)
		snprintf(body + len, n - len, " for=%s", to);
}

void
sess_create(struct sess *s, int conn, const struct cgp_cmd *cmd,
    long long now_ms, const char *ch_to, int ch_seat)
{
	struct saddr *a = sess_addr(s, s->conns[conn].net, now_ms);
	const char *acct = sess_account(s, conn);     /* NULL: a guest */
	char wire[CGP_FEN_MAX], id[CGP_ID_LEN + 1], token[CGP_TOKEN_LEN + 1];
	char hash[CGP_HASH_LEN + 1];
	char clock[32];
	struct store_change ch;
	struct game_rules rules;
	struct cgp_out o;
	struct board start;
	const char *name, *variant;
	struct sess_new_game keep;
	int64_t base, inc;
	int seat, days, shared = 0;
	bool rated;

	if (s->lim.games_per_minute > 0 &&
	    a->creates >= s->lim.games_per_minute) {
		too_many(s, conn, cmd, a, false);
		return;
	}
	if ((seat = ch_to != NULL ? ch_seat : want_seat(s, conn, cmd,
	    false)) == -2 ||
	    (name = want_name(s, conn, cmd, acct)) == NULL ||
	    want_start(s, conn, cmd, &variant, &start, &rules, wire, &base,
	    &inc, &days) < 0 ||
	    want_rated(s, conn, cmd, variant, &start, wire, days,
	    acct == NULL, &rated) < 0)
		return;
	/* Its creator plays it: white unless seat= says black. */
	if (rated && seat < 0)
		seat = 0;
	if (decided(s, conn, cmd, &start, &rules))
		return;
	/* A guest's name= that an account holds is refused (a read), with
	 * a seat or without (PROTOCOL.md: CREATE with name= of an account
	 * from a connection not logged in as it is 409). */
	if (acct == NULL && sess_guest_name(s, conn, cmd, name) != 0)
		return;
	/* The count of every server (a read: the line may come again with
	 * it), before anything is counted here. */
	if (s->lim.games_per_minute > 0) {
		char key[80];
		snprintf(key, sizeof key, "create %s", a->addr);
		if ((shared = sess_shared_count(s, conn, key, a->creates +
		    1)) == SESS_READ_LATER)
			return;
	}
	if (new_ids(s, conn, cmd, seat, id, token) < 0)
		return;
	if (days > 0)
		snprintf(clock, sizeof clock, "%dd", days);
	else if (base > 0)
		clock_format_control(base, inc, clock, sizeof clock);
	sess_new_game_change(&ch, &keep, id, wire, &rules, variant,
	    base > 0 || days > 0 ? clock : NULL, rated);
	ch.creator = seat;
	if (seat >= 0) {
		net_token_hash(token, hash);   /* only its hash is kept */
		sess_new_game_seat(&ch, &keep, seat, name, acct != NULL,
		    hash);
		if (ch_to != NULL)     /* its creator's JOINED says for= */
			challenge_body(keep.body[0], sizeof keep.body[0],
			    ch_to);
	}
	a->creates++;
	if (s->lim.games_per_minute > 0 && shared > s->lim.games_per_minute) {
		too_many(s, conn, cmd, a, true);
		return;
	}
	cgp_out_ok(&o, cmd->tag, ch_to != NULL ? "CHALLENGE" : "CREATE");
	cgp_out_kv(&o, "game", id);
	if (seat >= 0) {
		cgp_out_kv(&o, "seat", cgp_seat_name(seat));
		cgp_out_kv(&o, "token", token);
	}
	sess_submit(s, conn, cmd, &ch, &o, seat >= 0, true);
}

/* Never both seats of a rated game on one connection or account: true
 * after answering 409 SAME_PLAYER when conn holds the other seat of g. */
static bool
other_seat_held(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const struct sgame *g, int seat)
{
	if (!g->rated || !sess_same_player(s, conn, g, 1 - seat))
		return false;
	sess_err(s, conn, cmd->tag, CGP_SAME_PLAYER, "you hold the other seat "
	    "of this rated game");
	return true;
}

static void
cmd_join(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	char token[CGP_TOKEN_LEN + 1], hash[CGP_HASH_LEN + 1], body[128];
	char msg[64];
	struct store_change ch;
	struct cgp_out o;
	struct sgame *g;
	const char *name, *acct = sess_account(s, conn);
	int seat;

	if ((g = sess_want_game_w(s, conn, cmd)) == NULL ||
	    (seat = want_seat(s, conn, cmd, true)) < 0 ||
	    (name = want_name(s, conn, cmd, acct)) == NULL)
		return;
	if (g->over) {
		sess_err(s, conn, cmd->tag, CGP_GAME_OVER, "the game is over");
		return;
	}
	if (g->seated[seat]) {
		snprintf(msg, sizeof msg, "%s is taken", cgp_seat_name(seat));
		sess_err(s, conn, cmd->tag, CGP_SEAT_TAKEN, msg);
		return;
	}
	/* A rated game's seats belong to accounts, two of them. */
	if (sess_features_join_refused(s, conn, cmd, g))  /* a challenge */
		return;
	if (g->rated && acct == NULL) {
		sess_err(s, conn, cmd->tag, CGP_LOGIN_REQUIRED,
		    "a rated game needs LOGIN");
		return;
	}
	if (other_seat_held(s, conn, cmd, g, seat))
		return;
	if (sess_same_network(s, g, conn, seat, cmd->tag) ||
	    (acct == NULL && sess_guest_name(s, conn, cmd, name) != 0))
		return;
	if (net_new_token(token) < 0) {
		sess_err(s, conn, cmd->tag, CGP_INTERNAL, "no random numbers");
		return;
	}
	sess_joined_body(body, sizeof body, seat, name, acct != NULL);
	if (g->seated[1 - seat])        /* the game starts: white's turn */
		sess_features_turn_body(s, g, body, sizeof body);
	sess_event_change(&ch, g, "JOINED", body);
	ch.seat = seat;
	ch.name = name;
	net_token_hash(token, hash);
	ch.token = hash;             /* only its hash is kept */
	cgp_out_ok(&o, cmd->tag, "JOIN");
	cgp_out_kv(&o, "game", g->id);
	cgp_out_kv(&o, "seat", cgp_seat_name(seat));
	cgp_out_kv(&o, "token", token);
	sess_submit(s, conn, cmd, &ch, &o, true, false);
}

void
sess_presence_event(struct sess *s, struct sgame *g, int seat,
    const char *state, int to, int except)
{
	struct cgp_out o;

	cgp_out_ev(&o, g->id, g->seq, "PRESENCE");
	cgp_out_kv(&o, "seat", cgp_seat_name(seat));
	cgp_out_kv(&o, "state", state);
	if (to >= 0)
		sess_emit(s, to, &o);
	else
		sess_broadcast(s, g, &o, except);
}

/*
 * Several servers on one store: the seat's new taking is written as its
 * holder before the OK (store_pg_hold.c), so that the connection it
 * replaces on another server can change nothing once the OK is out, even
 * before that server hears of it. True while it is being stored (the line
 * comes again, sess_done); false to go on, with taking filled in ("" on a
 * store of one server).
 */
static bool
rejoin_take(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const struct sgame *g, int seat, char *taking)
{
	struct sconn *c = &s->conns[conn];
	char word[CGP_TOKEN_LEN + 1];
	struct store_change ch;

	taking[0] = '\0';
	if (!sess_store_shared(s))
		return false;
	if (strcmp(c->took_game, g->id) == 0 && c->took_seat == seat) {
		memcpy(taking, c->took, STORE_TAKING_LEN + 1);
		c->took_game[0] = '\0';
		return false;
	}
	if (net_new_token(word) < 0) {
		sess_err(s, conn, cmd->tag, CGP_INTERNAL, "no random numbers");
		return true;
	}
	memset(&ch, 0, sizeof ch);
	ch.game = g->id;
	ch.seat = -1;
	ch.creator = -1;
	memcpy(ch.hold, word, STORE_TAKING_LEN);
	ch.hold_seat = seat;
	sess_submit(s, conn, cmd, &ch, NULL, false, true);
	return true;
}

/* A REJOIN whose token (or account) holds no seat of g: counted per
 * network and game (others' guesses never lock out the right token,
 * checked first), answered 401, or 429 once too many. */
static void
wrong_token(struct sess *s, int conn, const struct cgp_cmd *cmd,
    struct sgame *g, bool with_token, long long now_ms)
{
	struct sconn *c = &s->conns[conn];
	struct sfail *f;
	int shared = 0;

	/* Wrong tokens count per network and game: others' guesses
	 * never lock out the right token, which is checked first. */
	f = sess_fails(s, c->net, g->id, now_ms);
	if (s->lim.max_failed_rejoins > 0 &&
	    f->fails >= s->lim.max_failed_rejoins) {
		sess_err(s, conn, cmd->tag, CGP_RATE_LIMITED, "too "
		    "many wrong tokens for this game from your "
		    "network: wait a minute");
		sess_refused(s, "%s: wrong tokens for game %s, locked "
		    "out", c->addr, g->id);
		return;
	}
	if (s->lim.max_failed_rejoins > 0) {
		/* Every server's count (a read: the line may come
		 * again with it) before this one counts. */
		char key[96];
		snprintf(key, sizeof key, "token %s %s", c->net,
		    g->id);
		shared = sess_shared_count(s, conn, key, f->fails + 1);
		if (shared == SESS_READ_LATER)
			return;
	}
	f->fails++;
	if (s->lim.max_failed_rejoins > 0) {
		if (shared > s->lim.max_failed_rejoins) {
			sess_err(s, conn, cmd->tag, CGP_RATE_LIMITED,
			    "too many wrong tokens for this game from "
			    "your network: wait a minute");
			sess_refused(s, "%s: wrong tokens for game %s "
			    "(all servers), locked out", c->addr,
			    g->id);
			return;
		}
	}
	sess_refused(s, "%s: wrong token for game %s", c->addr, g->id);
	sess_err(s, conn, cmd->tag, CGP_BAD_TOKEN, with_token ?
	    "that token holds no seat in this game" : "without "
	    "token=, only a connection logged in as the seat's account "
	    "may REJOIN");
}

static void
cmd_rejoin(struct sess *s, int conn, const struct cgp_cmd *cmd,
    long long now_ms)
{
	char taking[STORE_TAKING_LEN + 1];
	struct sconn *c = &s->conns[conn];
	const char *v = cgp_get(cmd, "token");
	char token[CGP_TOKEN_LEN + 1], hash[CGP_HASH_LEN + 1];
	struct cgp_out o;
	struct sgame *g;
	long since;
	bool m0, m1;
	int seat, old;

	if ((since = sess_want_since(s, conn, cmd, "since")) == -2 ||
	    (g = sess_want_game(s, conn, cmd)) == NULL ||
	    sess_features_before_show(s, g))
		return;
	memset(token, 0, sizeof token);
	if (v != NULL && strlen(v) == CGP_TOKEN_LEN) {
		memcpy(token, v, CGP_TOKEN_LEN);
		cgp_upcase(token);
	}
	/* Its hash against both seats', whatever the first gives (a seat
	 * taken on another server an instant ago is read first). */
	net_token_hash(token, hash);
	/* (also: the client has seen events this server has not read) */
	if ((!g->seated[0] || !g->seated[1] || since > g->seq) &&
	    sess_store_newer(s, conn, g))
		return;
	m0 = net_hash_equal(hash, g->token[0]) && g->seated[0];
	m1 = net_hash_equal(hash, g->token[1]) && g->seated[1];
	seat = m0 ? 0 : m1 ? 1 : -1;
	if (!cgp_valid_token(token))
		seat = -1;
	/* Without token=: a seat of the account this connection is logged
	 * in as (another device); anyone else is told as a wrong token is,
	 * and counted with them. */
	if (v == NULL)
		seat = sess_account_seat(s, conn, g,
		    cgp_seat_parse(cgp_get(cmd, "seat")));
	if (seat < 0) {
		wrong_token(s, conn, cmd, g, v != NULL, now_ms);
		return;
	}
	if (other_seat_held(s, conn, cmd, g, seat) ||
	    rejoin_take(s, conn, cmd, g, seat, taking))
		return;
	old = g->holder[seat];
	memcpy(g->taking[seat], taking, sizeof g->taking[seat]);
	if (old != conn) {
		if (old >= 0) {
			sess_presence_event(s, g, seat, "replaced", old, -1);
			g->holder[seat] = -1;
			sess_member_check(s, old, g);
		}
		g->holder[seat] = conn;
		sess_member_add(s, conn, g);
		if (old < 0)
			sess_seat_here(s, g, seat, true);
	}
	sess_log(s, NET_LOG_INFO, "%s: rejoined game %s as %s", c->addr,
	    g->id, cgp_seat_name(seat));
	cgp_out_ok(&o, cmd->tag, "REJOIN");
	cgp_out_kv(&o, "game", g->id);
	cgp_out_kv(&o, "seat", cgp_seat_name(seat));
	sess_emit(s, conn, &o);
	sess_catch_up(s, conn, g, since);
	sess_features_rejoined(s, conn, g, seat);   /* its rematch told */
	if (old < 0)
		sess_presence_event(s, g, seat, "back", -1, conn);
}

static void
cmd_observe(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	struct cgp_out o;
	struct sgame *g;
	char msg[64];
	long since;
	int i;
	bool in;

	if ((since = sess_want_since(s, conn, cmd, "since")) == -2 ||
	    (g = sess_want_game(s, conn, cmd)) == NULL ||
	    sess_features_before_show(s, g))
		return;
	/* The client has seen events another server stored that this one
	 * has not read yet: they are read first (the line comes again). */
	if (since > g->seq && sess_store_newer(s, conn, g))
		return;
	in = g->holder[0] == conn || g->holder[1] == conn;
	for (i = 0; i < g->nobs && !in; i++)
		in = g->obs[i] == conn;
	if (!in) {
		if (s->lim.max_observers > 0 &&
		    g->nobs >= s->lim.max_observers) {
			snprintf(msg, sizeof msg, "game %s has %d observers "
			    "already", g->id, g->nobs);
			sess_err(s, conn, cmd->tag, CGP_BUSY, msg);
			return;
		}
		g->obs = xgrow(g->obs, g->nobs, &g->obscap, 4, sizeof *g->obs);
		g->obs[g->nobs++] = conn;
		sess_member_add(s, conn, g);
	}
	cgp_out_ok(&o, cmd->tag, "OBSERVE");
	cgp_out_kv(&o, "game", g->id);
	sess_emit(s, conn, &o);
	sess_catch_up(s, conn, g, since);
}

void
sess_cmd_game(struct sess *s, int conn, const struct cgp_cmd *c)
{
	switch (c->verb) {
	case CGP_V_CREATE:
		sess_create(s, conn, c, s->now, NULL, -1);
		break;
	case CGP_V_JOIN:
		cmd_join(s, conn, c);
		break;
	case CGP_V_REJOIN:
		cmd_rejoin(s, conn, c, s->now);
		break;
	default:
		cmd_observe(s, conn, c);
		break;
	}
}
