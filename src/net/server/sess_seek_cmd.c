/*
 * sess_seek_cmd.c: the commands SEEK, UNSEEK and SEEKS (PROTOCOL.md), and
 * the seeks' list for the web pages. A seek made here is told to the other
 * servers and tried for a pairing at once (sess_seek.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/server/sess_bot.h"
#include "net/server/sess_feature.h"
#include "net/server/sess_ident.h"
#include "net/server/sess_seek.h"
#include "net/server/sess_days.h"
#include "rating/rating.h"

/* key=value of a seek's parameters; -1 after answering 400. */
static int
read_seek(struct sess *s, int conn, const struct cgp_cmd *cmd,
    struct sseek *k)
{
	const char *v = cgp_get(cmd, "variant"), *cv = cgp_get(cmd, "clock");
	const char *rv = cgp_get(cmd, "rated"), *col = cgp_get(cmd, "color");
	const char *range = cgp_get(cmd, "range");
	char err[160], msg[200];
	int i;

	snprintf(k->variant, sizeof k->variant, "%s", v != NULL ? v :
	    "congo");
	if (!cgp_variant_known(k->variant)) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX,
		    "variant= is congo or megapawn");
		return -1;
	}
	if ((i = sess_want_days(s, conn, cmd)) < 0)
		return -1;
	if (i > 0) {            /* correspondence (sess_seek_days) */
		k->base_ms = i;
		k->inc_ms = SESS_DAYS_INC;
	} else if (cv == NULL || clock_parse_seconds(cv, &k->base_ms,
	    &k->inc_ms, err, sizeof err) < 0) {
		snprintf(msg, sizeof msg, "clock=: %s", cv == NULL ?
		    "a seek needs one (B+I in seconds) or days=" : err);
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, msg);
		return -1;
	}
	if (rv != NULL && strcmp(rv, "yes") != 0 && strcmp(rv, "no") != 0) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX,
		    "rated= is yes or no");
		return -1;
	}
	k->rated = rv != NULL && strcmp(rv, "yes") == 0;
	/* bots=yes: a bot's seek may be paired with it (issue 59). */
	k->bots_ok = cgp_get(cmd, "bots") != NULL &&
	    strcmp(cgp_get(cmd, "bots"), "yes") == 0;
	k->colour = 0;
	for (i = 0; col != NULL && i < 3; i++)
		if (strcmp(col, seek_colours[i]) == 0)
			k->colour = i;
	if (col != NULL && strcmp(col, seek_colours[k->colour]) != 0) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX,
		    "color= is white, black or random");
		return -1;
	}
	if (range != NULL) {
		char lo[16];
		const char *dash = strchr(range, '-');
		long rmin = -1, rmax = -1;
		if (dash != NULL && (size_t)(dash - range) < sizeof lo) {
			memcpy(lo, range, (size_t)(dash - range));
			lo[dash - range] = '\0';
			rmin = cgp_parse_num(lo, 9999);
			rmax = cgp_parse_num(dash + 1, 9999);
		}
		if (rmin < 0 || rmax < rmin) {
			snprintf(msg, sizeof msg, "range=%.40s: range= is "
			    "<min>-<max> (0 to 9999), e.g. 1400-1700", range);
			sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, msg);
			return -1;
		}
		k->rmin = (int)rmin;
		k->rmax = (int)rmax;
		k->has_range = true;
	}
	return 0;
}

/* Another seek from conn (SEEK's checks after its keys'): true, or false
 * after answering (a game a seek made being played, too many seeks), or
 * when its line comes again (a read). */
static bool
seek_allowed(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	struct sconn *c = sess_conn(s, conn);
	struct sgame *g;
	char msg[192];
	size_t i;
	int mine = 0;

	for (i = 0; i < s->seeks.len; i++) {
		struct sseek *x = vec_at(&s->seeks, i);
		if (x->server[0] == '\0' && x->conn == conn && x->gen == c->gen)
			mine++;
	}
	/* A bot: its games at once up to the server's limit (issue 59). */
	if (sess_bot_conn(s, conn) && sess_bot_games(s, conn) >=
	    sess_bot_limit(s)) {
		snprintf(msg, sizeof msg, "a bot plays at most %d games at "
		    "once here", sess_bot_limit(s));
		sess_err(s, conn, cmd->tag, CGP_RATE_LIMITED, msg);
		return false;
	}
	/* One game a seeker: none while its last pairing is being played. */
	if (!sess_bot_conn(s, conn) && c->seek_game[0] != '\0' && (g = sess_find(s, c->seek_game)) !=
	    NULL && !g->over && sess_store_newer(s, conn, g))
		return false;           /* ended on another server? */
	if (!sess_bot_conn(s, conn) && c->seek_game[0] != '\0' &&
	    (g = sess_find(s, c->seek_game)) != NULL && !g->over) {
		snprintf(msg, sizeof msg, "you play game %s, which a seek "
		    "made: finish or abort it first", g->id);
		sess_err(s, conn, cmd->tag, CGP_SEAT_TAKEN, msg);
		return false;
	}
	if (mine >= SEEKS_PER_CONN || s->seeks.len >= SEEKS_MAX) {
		sess_err(s, conn, cmd->tag, CGP_RATE_LIMITED, mine >=
		    SEEKS_PER_CONN ? "at most 3 seeks a connection" :
		    "too many seeks on this server");
		return false;
	}
	return true;
}

/* The seek k of conn, its keys read (nm: a guest's name=, rd: the
 * seeker's rating read, or NULL): its ids, seeker and time. */
static void
seek_fill(struct sess *s, int conn, const char *nm, const struct sread *rd,
    struct sseek *k)
{
	struct sconn *c = sess_conn(s, conn);
	const char *acct = sess_account(s, conn);

	net_token_hash(k->token, k->hash);
	k->conn = conn;
	k->gen = c->gen;
	k->account = acct != NULL;
	snprintf(k->name, sizeof k->name, "%s", acct != NULL ? acct :
	    nm != NULL ? nm : SESS_GUEST_NAME);
	k->owner = ((uint64_t)s->salt << 32) ^ (uint64_t)c->serial;
	if (k->owner == 0)
		k->owner = 1;
	k->round = c->paired;
	k->bot = sess_bot_conn(s, conn);
	snprintf(k->net, sizeof k->net, "%s", c->net);
	if (rd != NULL && rd->rc == 1) {
		k->has_rating = true;
		k->rating = ((const struct store_rating *)rd->rows)->rating;
	}
	k->provisional = k->account && (!k->has_rating ||
	    ((const struct store_rating *)rd->rows)->rd >
	    RATING_PROVISIONAL_RD);
	/* The wall clock's ms (every server compares them: the newer seek's
	 * server pairs), and ours in the order they came. */
	k->created = (long long)util_wall_ms();
	if (k->created <= s->seek_created)
		k->created = s->seek_created + 1;
	s->seek_created = k->created;
}

static void
cmd_seek(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	struct sconn *c = sess_conn(s, conn);
	const char *acct = sess_account(s, conn), *nm = cgp_get(cmd, "name");
	struct sseek k, *kept;
	const struct sread *rd = NULL;
	struct cgp_out o;
	char msg[192];

	memset(&k, 0, sizeof k);
	if (read_seek(s, conn, cmd, &k) < 0)
		return;
	if (k.rated && acct == NULL) {
		sess_err(s, conn, cmd->tag, CGP_LOGIN_REQUIRED, "a rated seek "
		    "needs LOGIN");
		return;
	}
	if (acct == NULL && nm != NULL && !cgp_valid_name(nm)) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX,
		    "name= is 1-31 letters, digits, '-', '_' or '.'");
		return;
	}
	/* A guest's name= that an account holds is refused (a read). */
	if (acct == NULL && nm != NULL && sess_guest_name(s, conn, cmd, nm) !=
	    0)
		return;
	/* The seeker's rating in the category: read off the event loop
	 * (the line comes again with it) before anything changes. */
	if (acct != NULL && s->io.store != NULL &&
	    s->io.store->ratings != NULL) {
		struct sread q;
		sess_read_prepare(&q, SREAD_RATINGS, acct, 1);
		snprintf(q.key2, sizeof q.key2, "%s", k.variant);
		snprintf(q.key3, sizeof q.key3, "%s", rating_speed_name(
		    sess_seek_days(k.base_ms, k.inc_ms) > 0 ?
		    RATING_CORRESPONDENCE : (int)rating_speed_of(k.base_ms,
		    k.inc_ms)));
		if ((rd = sess_read(s, conn, &q)) == NULL)
			return;
	}
	if (!seek_allowed(s, conn, cmd))
		return;
	if (net_new_game_id(k.id) < 0 || net_new_token(k.token) < 0) {
		sess_err(s, conn, cmd->tag, CGP_INTERNAL, "no random numbers");
		return;
	}
	seek_fill(s, conn, nm, rd, &k);
	kept = vec_push(&s->seeks);
	*kept = k;
	memset(k.token, 0, sizeof k.token);
	/* It would answer a seek of its own network, never paired with it:
	 * refused, saying why, rather than left to wait for ever. */
	if (seek_same_network_match(s, kept) != NULL) {
		memset(kept->token, 0, sizeof kept->token);
		vec_remove(&s->seeks, s->seeks.len - 1);
		snprintf(msg, sizeof msg, "a rated seek that would be paired "
		    "with this one comes from your network (%s): a rated game "
		    "is between two networks", c->net);
		sess_err(s, conn, cmd->tag, CGP_SAME_NETWORK, msg);
		return;
	}
	cgp_out_ok(&o, cmd->tag, "SEEK");
	cgp_out_kv(&o, "seek", kept->id);
	sess_emit(s, conn, &o);
	seek_tell(s, kept, true);
	seek_try_pair(s, kept->id);
}

static void
cmd_unseek(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	const char *id = cgp_get(cmd, "seek");
	struct sconn *c = sess_conn(s, conn);
	struct sseek *k = id != NULL ? seek_find(s, id, NULL) : NULL;
	struct cgp_out o;

	if (id == NULL) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, "seek= is missing");
		return;
	}
	if (k == NULL || k->server[0] != '\0' || k->conn != conn ||
	    k->gen != c->gen || k->pairing) {
		sess_err(s, conn, cmd->tag, CGP_NO_SUCH_SEEK, k != NULL &&
		    k->pairing ? "that seek is being paired" : "no such seek "
		    "of yours");
		return;
	}
	seek_drop(s, id, true);
	cgp_out_ok(&o, cmd->tag, "UNSEEK");
	cgp_out_kv(&o, "seek", id);
	sess_emit(s, conn, &o);
}

static void
cmd_seeks(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	const char *v = cgp_get(cmd, "variant");
	char clock[32], rating[16], shown[CGP_NAME_MAX + 1];
	struct cgp_out o;
	size_t i;
	int n = 0;

	for (i = 0; i < s->seeks.len; i++) {
		struct sseek *k = vec_at(&s->seeks, i);
		n += seek_shown(s, k) && (v == NULL ||
		    strcmp(v, k->variant) == 0);
	}
	cgp_out_ok(&o, cmd->tag, "SEEKS");
	cgp_out_kvi(&o, "n", n);
	sess_emit(s, conn, &o);
	for (i = 0; i < s->seeks.len; i++) {
		struct sseek *k = vec_at(&s->seeks, i);
		if (!seek_shown(s, k) || (v != NULL &&
		    strcmp(v, k->variant) != 0))
			continue;
		sess_control_text(k->base_ms, k->inc_ms, clock,
		    sizeof clock);
		if (k->has_rating)
			snprintf(rating, sizeof rating, "%ld",
			    rating_round(k->rating));
		else
			snprintf(rating, sizeof rating, "%s", k->account ?
			    "1500" : "-");
		cgp_out_item(&o, cmd->tag);
		cgp_out_kv(&o, "seek", k->id);
		/* A guest marked as the web lobby marks it: never shown
		 * under a name an account has. */
		cgp_out_kv(&o, "name", sess_name_shown(k->name, k->account,
		    shown, sizeof shown));
		cgp_out_kv(&o, "rating", rating);
		cgp_out_kv(&o, "variant", k->variant);
		if (sess_seek_days(k->base_ms, k->inc_ms) > 0)
			cgp_out_kvi(&o, "days", (long)k->base_ms);
		else
			cgp_out_kv(&o, "clock", clock);
		cgp_out_kv(&o, "rated", k->rated ? "yes" : "no");
		cgp_out_kv(&o, "color", seek_colours[k->colour]);
		if (k->bot)
			cgp_out_kv(&o, "title", "BOT");
		/* (an extension: unknown keys are ignored; issue 62) */
		if (k->provisional)
			cgp_out_kv(&o, "provisional", "1");
		sess_emit(s, conn, &o);
	}
}

void
sess_cmd_seek(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	if (cmd->verb == CGP_V_SEEK)
		cmd_seek(s, conn, cmd);
	else if (cmd->verb == CGP_V_UNSEEK)
		cmd_unseek(s, conn, cmd);
	else
		cmd_seeks(s, conn, cmd);
}

/* Every seek known, for the web pages' front page. */
void
sess_seeks_each(struct sess *s, sess_seek_fn fn, void *arg)
{
	char clock[32], shown[CGP_NAME_MAX + 1];
	size_t i;

	for (i = 0; i < s->seeks.len; i++) {
		const struct sseek *k = vec_at(&s->seeks, i);
		if (!seek_shown(s, k))
			continue;
		sess_control_text(k->base_ms, k->inc_ms, clock,
		    sizeof clock);
		/* A guest marked as the pages mark them. */
		fn(arg, sess_name_shown(k->name, k->account, shown,
		    sizeof shown), k->has_rating ? (int)rating_round(k->rating) :
		    0, k->variant, clock, k->rated, k->colour >= 0 &&
		    k->colour < 3 ? seek_colours[k->colour] : "?", k->bot);
	}
}

/* A game made for two seeks stored: its seekers seated and told. */
static void
seek_seated(struct sess *s, struct sgame *g, const struct store_change *ch)
{
	if (ch->seek[0] != NULL)
		sess_seek_paired(s, g, ch->seek);
}

/* ...or refused: the seeks stand again (conflict: another server paired
 * one first). */
static void
seek_refused(struct sess *s, const struct store_change *ch, bool conflict)
{
	if (ch->seek[0] != NULL)
		sess_seek_unpaired(s, ch->seek, conflict);
}

/* A game of a bot account ended: its seeks passed by while it played its
 * games at once (--bot-games) may pair now. */
static void
seek_bot_freed(struct sess *s, struct sgame *g)
{
	int k;

	if (!g->over || s->seeks.len == 0)
		return;
	for (k = 0; k < 2; k++)
		if (g->account[k] && sess_bot_named(s, g->name[k])) {
			sess_seek_retry(s);
			return;
		}
}

/* Seeks as a feature of the session (sess_feature.h). */
static const enum cgp_verb seek_verbs[] = {
	CGP_V_SEEK, CGP_V_UNSEEK, CGP_V_SEEKS, CGP_V_UNKNOWN
};

const struct sess_feature sess_feature_seek = {
	.name = "seek",
	.wants = SESS_CH_OVER,          /* on_done: a bot's game ended */
	.verbs = seek_verbs,
	.on_verb = sess_cmd_seek,
	.on_init = sess_seeks_init,
	.on_free = sess_seeks_free,     /* (sess_seek_block.c) */
	.on_conn_closed = sess_seek_closed,
	.on_seated = seek_seated,
	.on_refused = seek_refused,
	.on_done = seek_bot_freed,
	.on_remote = seek_bot_freed,
	.on_tick = sess_seek_tick,
	.tick_due = sess_seek_due,
	.on_notice = sess_seek_notice,
	.on_server_gone = sess_seek_server_gone,
	.on_tell_all = sess_seek_tell_all,
};
