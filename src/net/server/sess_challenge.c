/*
 * sess_challenge.c: challenges to a named account (PROTOCOL.md CHALLENGE,
 * CHALLENGES). A challenge is an open game (CREATE's, sess_create) whose
 * creator's JOINED event says for=<account>: stored with the game, so it
 * stands while its account is offline, across a restart, and is read back
 * by the replay (sess_replay.c) on any server. Only that account may JOIN
 * the other seat; its CANCEL declines (reason=declined), the challenger's
 * withdraws; the open game's expiry (a timer, sess_clock.c) ends it after
 * sess_open_life. Its account's connections are told (EV CHALLENGED, not
 * stored) when it is made and at each LOGIN while it stands. CHALLENGES,
 * the limit and LOGIN see those another server made too: the store's are
 * read into memory first (sess_mine_store.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "net/server/sess_bot.h"
#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"
#include "net/server/sess_ident.h"
#include "net/server/sess_mine.h"
#include "net/server/sess_challenge.h"
#include "net/store/store.h"

/* At most this many standing challenges an account (429 past it). */
#define CHALLENGES_MAX 10
/* A correspondence challenge stands this many of a clocked one's days. */
#define CHALLENGE_CORR_DAYS 14

/* The account that made a challenge (its seat's), or NULL. */
static const char *
challenger(const struct sgame *g)
{
	if (g->challenged[0] == '\0' || g->creator < 0 ||
	    !g->seated[g->creator])
		return NULL;
	return g->name[g->creator];
}

/* A challenge still standing (open, not over). */
static bool
standing(const struct sgame *g)
{
	return challenger(g) != NULL && !g->over && sess_status(g) == 0;
}

/* A challenge of a game with days= (sess_corr.c) stands
 * CHALLENGE_CORR_DAYS days. */
static bool
correspondence(const struct sgame *g)
{
	return g->days > 0;
}

/* The open_life hook: a correspondence challenge stands longer. */
static long long
open_life(const struct sess *s, const struct sgame *g, long long day)
{
	(void)s;
	if (g->challenged[0] != '\0' && correspondence(g))
		return day * CHALLENGE_CORR_DAYS;
	return -1;
}

/* The keys of a challenge: variant=, clock= (or days=), rated=. */
static void
challenge_kv(const struct sgame *g, struct cgp_out *o)
{
	char text[32];

	cgp_out_kv(o, "variant", g->variant);
	if (g->days > 0)
		cgp_out_kvi(o, "days", g->days);
	else if (g->timed) {
		clock_format_control(g->clock.base_ms, g->clock.inc_ms, text,
		    sizeof text);
		cgp_out_kv(o, "clock", text);
	}
	cgp_out_kv(o, "rated", g->rated ? "yes" : "no");
}

/* EV <id> 0 CHALLENGED ... to conn. */
static void
tell(struct sess *s, int conn, const struct sgame *g)
{
	struct cgp_out o;

	cgp_out_ev(&o, g->id, 0, "CHALLENGED");
	cgp_out_kv(&o, "from", challenger(g));
	challenge_kv(g, &o);
	cgp_out_kv(&o, "seat", cgp_seat_name(1 - g->creator));
	sess_emit(s, conn, &o);
}

/* Tell g to every connection logged in as its account here: how many. */
static int
tell_account(struct sess *s, const struct sgame *g)
{
	int i, n = 0;

	for (i = 0; i < s->nconns; i++) {
		const char *a = sess_account(s, i);
		if (a != NULL && strcasecmp(a, g->challenged) == 0) {
			tell(s, i, g);
			n++;
		}
	}
	return n;
}

void
sess_challenge_made(struct sess *s, struct sgame *g)
{
	char text[64];
	int n;

	if (!standing(g))
		return;
	n = tell_account(s, g);
	/* The other servers on the store where that account is logged in
	 * read it and tell it (a notice as a seek's, naming the account;
	 * sess_challenge_remote); a LOGIN there reads it (sess_mine_load). */
	if (s->io.store != NULL && s->io.store->seek_notice != NULL) {
		snprintf(text, sizeof text, "challenge %s %s", g->id,
		    g->challenged);
		s->io.store->seek_notice(s->io.store_ctx, text);
	}
	if (n > 0)
		return;
	/* An account with no connection here: --notify-command tells it
	 * (sess_notify.c: at most once a minute an account and game). */
	sess_features_away(s, "challenge", g->id, g->challenged);
}

static void
remote_read(struct sess *s, struct sread *q, void *arg)
{
	struct sgame *g = sess_find(s, (const char *)arg);

	(void)q;
	if (g != NULL && standing(g))
		tell_account(s, g);
	free(arg);              /* (then's once the read is back) */
}

/* Is a connection here logged in as acct? */
static bool
here(struct sess *s, const char *acct)
{
	int i;

	for (i = 0; i < s->nconns; i++) {
		const char *a = sess_account(s, i);
		if (a != NULL && strcasecmp(a, acct) == 0)
			return true;
	}
	return false;
}

void
sess_challenge_remote(struct sess *s, const char *id, const char *to)
{
	struct sgame *g;
	struct sread want;

	if (strlen(id) != CGP_ID_LEN || !cgp_valid_game(id))
		return;
	/* Nobody here to tell (a notice of an older server names nobody:
	 * read). */
	if (to != NULL && !here(s, to))
		return;
	if ((g = sess_find(s, id)) != NULL) {
		if (standing(g))
			tell_account(s, g);
		return;
	}
	memset(&want, 0, sizeof want);
	want.kind = SREAD_GAME;
	snprintf(want.key, sizeof want.key, "%s", id);
	sess_read_then(s, &want, remote_read, free, xstrdup(id));
}

void
sess_challenge_login(struct sess *s, int conn)
{
	const char *a = sess_account(s, conn);
	int i;

	if (a == NULL)
		return;
	for (i = 0; i < s->ngames; i++)
		if (standing(s->games[i]) &&
		    strcasecmp(s->games[i]->challenged, a) == 0)
			tell(s, conn, s->games[i]);
}

/* The join_refused hook: a challenge's other seat is its account's. */
static bool
challenge_join(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const struct sgame *g)
{
	const char *a = sess_account(s, conn);
	char msg[96];

	if (g->challenged[0] == '\0' ||
	    (a != NULL && strcasecmp(a, g->challenged) == 0))
		return false;
	snprintf(msg, sizeof msg, "this game is a challenge to %s",
	    g->challenged);
	sess_err(s, conn, cmd->tag, CGP_NOT_YOUR_SEAT, msg);
	return true;
}

/* conn sees g's events from now on (a decline's RESULT). */
static void
observe(struct sess *s, int conn, struct sgame *g)
{
	int i;

	for (i = 0; i < g->nobs; i++)
		if (g->obs[i] == conn)
			return;
	g->obs = xgrow(g->obs, g->nobs, &g->obscap, 4, sizeof *g->obs);
	g->obs[g->nobs++] = conn;
	sess_member_add(s, conn, g);
}

/* The on_cancel hook: a CANCEL by the challenged account (a decline) or
 * the challenger's (true when answered). */
static bool
challenge_cancel(struct sess *s, int conn, const struct cgp_cmd *cmd,
    struct sgame *g)
{
	const char *a = sess_account(s, conn), *from = challenger(g);

	if (a == NULL || from == NULL)
		return false;
	if (strcasecmp(a, g->challenged) == 0) {
		if (!sess_bot_why_ok(cgp_get(cmd, "why"))) {
			sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, "why= is one "
			    "of " SESS_BOT_WHY);
			return true;
		}
		observe(s, conn, g);
		sess_end_game(s, g, conn, cmd, RESULT_NONE, "declined");
		return true;
	}
	if (strcasecmp(a, from) == 0 && g->account[g->creator]) {
		/* The challenger withdraws, from any connection of its. */
		observe(s, conn, g);
		sess_end_game(s, g, conn, cmd, RESULT_NONE, "cancelled");
		return true;
	}
	return false;
}

static int
count_from(const struct sess *s, const char *acct)
{
	int i, n = 0;

	for (i = 0; i < s->ngames; i++)
		if (standing(s->games[i]) &&
		    strcasecmp(challenger(s->games[i]), acct) == 0)
			n++;
	return n;
}

static void
cmd_challenge(struct sess *s, int conn, const struct cgp_cmd *cmd,
    long long now_ms)
{
	const char *me = sess_account(s, conn), *to = cgp_get(cmd, "name");
	const char *col = cgp_get(cmd, "color");
	struct store_account a;
	unsigned char bit = 0;
	char (*blocks)[CGP_NAME_MAX + 1] = NULL;
	char msg[96];
	int rc, nb, mine, seat, i;

	if (me == NULL) {
		sess_err(s, conn, cmd->tag, CGP_LOGIN_REQUIRED, "CHALLENGE "
		    "needs LOGIN");
		return;
	}
	if (to == NULL || !cgp_valid_name(to)) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, "name= names the "
		    "account challenged");
		return;
	}
	if (col == NULL || strcmp(col, "random") == 0) {
		if (net_random(&bit, 1) < 0) {
			sess_err(s, conn, cmd->tag, CGP_INTERNAL,
			    "no random numbers");
			return;
		}
		seat = bit & 1;
	} else if ((seat = cgp_seat_parse(col)) < 0) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX,
		    "color= is white, black or random");
		return;
	}
	if (strcasecmp(to, me) == 0) {
		sess_err(s, conn, cmd->tag, CGP_SAME_PLAYER,
		    "a challenge is to another account");
		return;
	}
	if (sess_accounts(s, conn, cmd) == NULL)
		return;
	/* The three reads (the account, its blocks, our challenges on the
	 * store) asked for at once: the line runs again once all are back,
	 * not once a read. A read's key is the name in lower case, so the
	 * blocks of to are a.name's. */
	rc = sess_read_account(s, conn, to, &a);
	nb = sess_block_read(s, conn, to, &blocks);
	mine = sess_mine_load(s, conn, me);
	if (rc == SESS_READ_LATER || nb == SESS_READ_LATER ||
	    mine == SESS_READ_LATER)
		return;
	if (rc < 0) {
		sess_err(s, conn, cmd->tag, CGP_BUSY, "cannot read the "
		    "accounts now: try again");
		return;
	}
	if (rc == 0) {
		sess_err(s, conn, cmd->tag, CGP_NO_SUCH_PLAYER,
		    "no such account");
		return;
	}
	/* Blocked by that account: refused (its blocks, read above). */
	for (i = 0; i < nb; i++)
		if (strcasecmp(blocks[i], me) == 0) {
			snprintf(msg, sizeof msg, "%s takes no challenges "
			    "from you", a.name);
			sess_err(s, conn, cmd->tag, CGP_BLOCKED, msg);
			return;
		}
	/* Its challenges made on other servers count too (the store). */
	if (mine < 0) {
		sess_err(s, conn, cmd->tag, CGP_BUSY, "cannot count your "
		    "challenges now: try again");
		return;
	}
	if (count_from(s, me) >= CHALLENGES_MAX) {
		snprintf(msg, sizeof msg, "at most %d standing challenges an "
		    "account", CHALLENGES_MAX);
		sess_err(s, conn, cmd->tag, CGP_RATE_LIMITED, msg);
		return;
	}
	if (a.bot && !sess_bot_conn(s, conn) &&
	    !sess_bot_challenge_ok(s, a.name, me, now_ms)) {
		snprintf(msg, sizeof msg, "at most %d challenges an hour to "
		    "a bot", SESS_BOT_CHALLENGES_HOUR);
		sess_err(s, conn, cmd->tag, CGP_RATE_LIMITED, msg);
		return;
	}
	sess_create(s, conn, cmd, now_ms, a.name, seat);
}

static void
item(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const struct sgame *g)
{
	struct cgp_out o;
	char when[32];

	cgp_out_item(&o, cmd->tag);
	cgp_out_kv(&o, "game", g->id);
	cgp_out_kv(&o, "from", challenger(g));
	cgp_out_kv(&o, "to", g->challenged);
	challenge_kv(g, &o);
	sess_iso8601(g->created + sess_open_life(s, g) / 1000, when,
	    sizeof when);
	cgp_out_kv(&o, "expires", when);
	sess_emit(s, conn, &o);
}

static bool
mine(const struct sgame *g, const char *me)
{
	return standing(g) && (strcasecmp(g->challenged, me) == 0 ||
	    strcasecmp(challenger(g), me) == 0);
}

static void
cmd_challenges(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	const char *me = sess_account(s, conn);
	struct cgp_out o;
	int i, n = 0;

	if (me == NULL) {
		sess_err(s, conn, cmd->tag, CGP_LOGIN_REQUIRED, "CHALLENGES "
		    "needs LOGIN");
		return;
	}
	/* Those made on other servers too, read from the store first. */
	if (!sess_mine_ready(s, conn, cmd, me, "read your challenges"))
		return;
	for (i = 0; i < s->ngames; i++)
		n += mine(s->games[i], me);
	cgp_out_ok(&o, cmd->tag, "CHALLENGES");
	cgp_out_kvi(&o, "n", n);
	sess_emit(s, conn, &o);
	for (i = 0; i < s->ngames; i++)
		if (mine(s->games[i], me))
			item(s, conn, cmd, s->games[i]);
}

void
sess_cmd_challenge(struct sess *s, int conn, const struct cgp_cmd *c)
{
	if (c->verb == CGP_V_CHALLENGE)
		cmd_challenge(s, conn, c, s->now);
	else
		cmd_challenges(s, conn, c);
}

/* The on_notice hook: another server's "challenge ID TO". */
static bool
challenge_notice(struct sess *s, const char *server, char **w, int nw)
{
	(void)server;
	if (nw < 2 || strcmp(w[0], "challenge") != 0)
		return false;
	sess_challenge_remote(s, w[1], nw >= 3 ? w[2] : NULL);
	return true;
}

/* A game made for a challenge stored: its account is told. */
static void
challenge_created(struct sess *s, struct sgame *g)
{
	if (g->challenged[0] != '\0')
		sess_challenge_made(s, g);
}

static const enum cgp_verb challenge_verbs[] = {
	CGP_V_CHALLENGE, CGP_V_CHALLENGES, CGP_V_UNKNOWN
};

/* Challenges as a feature of the session (sess_feature.h). */
const struct sess_feature sess_feature_challenge = {
	.name = "challenge",
	.verbs = challenge_verbs,
	.on_verb = sess_cmd_challenge,
	.on_created = challenge_created,
	.on_login = sess_challenge_login,
	.open_life = open_life,
	.on_notice = challenge_notice,
	.join_refused = challenge_join,
	.on_cancel = challenge_cancel,
};
