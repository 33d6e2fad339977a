/*
 * sess_account.c: REGISTER and LOGIN (PROTOCOL.md "Accounts and ratings").
 * An account is a name (3-20 of A-Za-z0-9_-, unique without regard to
 * case) and a key of 128 random bits shown once; the store keeps the key's
 * hash only. Registrations are limited per network and hour; wrong keys
 * per network and account and per account, the right key being checked
 * first, so that nobody's guesses lock its owner out.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "net/server/sess_bot.h"
#include "net/server/sess_feature.h"
#include "net/server/sess_ident.h"
#include "net/server/sess_mine.h"

#define HOUR_MS 3600000LL
#define MINUTE_MS 60000LL
#define REGISTER_PER_HOUR 3      /* accounts a network an hour */
#define LOGIN_FAILS_NET 5        /* wrong keys a network and account a minute */
#define LOGIN_FAILS_ACCOUNT 20   /* wrong keys an account a minute, in all */

struct slogin {
	char net[64];                  /* "" : the account's total */
	char lname[CGP_NAME_MAX + 1];
	long long win_start;
	int fails;
};

bool
sess_valid_account(const char *s)
{
	size_t n = strlen(s), i;

	if (n < 3 || n > 20)
		return false;
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_' &&
		    s[i] != '-')
			return false;
	return true;
}

const struct store_ops *
sess_accounts(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	const struct store_ops *o = s->io.store;

	if (o == NULL || o->account == NULL) {
		sess_err(s, conn, cmd->tag, CGP_BUSY, "this server keeps no "
		    "accounts");
		return NULL;
	}
	return o;
}

/* name= as an account name, or NULL after answering 400. */
static const char *
want_account(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	const char *v = cgp_get(cmd, "name");

	if (v == NULL || !sess_valid_account(v)) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, v == NULL ?
		    "name= is missing" : "name= is 3-20 letters, digits, "
		    "'_' or '-'");
		return NULL;
	}
	return v;
}

/* bot=yes (REGISTER, LOGIN: a bot account, PROTOCOL.md "Bots"). */
static bool
want_bot(const struct cgp_cmd *cmd)
{
	const char *v = cgp_get(cmd, "bot");

	return v != NULL && strcmp(v, "yes") == 0;
}

int
sess_read_account(struct sess *s, int conn, const char *name,
    struct store_account *a)
{
	struct sread q;
	const struct sread *r;

	sess_read_prepare(&q, SREAD_ACCOUNT, name, 0);
	if ((r = sess_read(s, conn, &q)) == NULL)
		return SESS_READ_LATER;
	if (r->rc == 1)
		*a = r->acct;
	return r->rc;
}

static void
cmd_register(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	char key[CGP_TOKEN_LEN + 1], hash[CGP_HASH_LEN + 1];
	char lname[CGP_NAME_MAX + 1];
	struct sconn *c = sess_conn(s, conn);
	struct store_account a;
	struct store_change ch;
	struct cgp_out o;
	struct saddr *ad;
	const char *name;
	int rc;

	if (sess_accounts(s, conn, cmd) == NULL ||
	    (name = want_account(s, conn, cmd)) == NULL)
		return;
	/* Guests without name= play as it: never an account's. */
	if (strcasecmp(name, SESS_GUEST_NAME) == 0) {
		sess_err(s, conn, cmd->tag, CGP_NAME_TAKEN, "that name is "
		    "kept for guests");
		return;
	}
	/* The read first: the line runs again when it is back, and the
	 * counts below must not count it twice. */
	if ((rc = sess_read_account(s, conn, name, &a)) == SESS_READ_LATER)
		return;
	ad = sess_addr(s, c->net, s->now);
	if (s->now - ad->reg_start >= HOUR_MS) {
		ad->reg_start = s->now;
		ad->regs = 0;
	}
	if (ad->regs < REGISTER_PER_HOUR) {
		/* Counted with the other servers on the store too (this
		 * hour's window), so a network gets 3 in all, not 3 each. */
		char key[96];
		int n;
		snprintf(key, sizeof key, "register %s", c->net);
		n = sess_shared_count_in(s, conn, key, ad->regs + 1, -1 -
		    (long long)time(NULL) / 3600);
		if (n == SESS_READ_LATER)
			return;
		if (n > REGISTER_PER_HOUR)
			ad->regs = REGISTER_PER_HOUR;
	}
	if (ad->regs >= REGISTER_PER_HOUR) {
		sess_err(s, conn, cmd->tag, CGP_RATE_LIMITED, "at most 3 new "
		    "accounts an hour from one network");
		sess_refused(s, "%s: more than %d accounts an hour",
		    c->addr, REGISTER_PER_HOUR);
		return;
	}
	if (rc < 0) {
		sess_err(s, conn, cmd->tag, CGP_BUSY, "the server cannot "
		    "read its accounts now: try again");
		return;
	}
	if (rc == 1) {
		sess_err(s, conn, cmd->tag, CGP_NAME_TAKEN, "that name is "
		    "taken");
		return;
	}
	if (net_new_token(key) < 0) {
		sess_err(s, conn, cmd->tag, CGP_INTERNAL, "no random numbers");
		return;
	}
	net_key_hash(key, hash);
	sess_lower(name, lname, sizeof lname);
	store_change_accounts(&ch);
	store_account_add(&ch, lname, name, hash, (long long)time(NULL));
	if (want_bot(cmd))
		store_account_bot(&ch, lname);   /* issue 59 */
	/* Its outcome not known: undone (sess_forget.c), for its key
	 * reached nobody. */
	store_account_forget(&ch.forget, lname, hash);
	ad->regs++;
	cgp_out_ok(&o, cmd->tag, "REGISTER");
	cgp_out_kv(&o, "name", name);
	cgp_out_kv(&o, "key", key);
	sess_submit(s, conn, cmd, &ch, &o, false, true);
	memset(key, 0, sizeof key);
}

/* The wrong keys counted for (net, lname), net "" the account's total. */
static struct slogin *
fails(struct sess *s, const char *net, const char *lname)
{
	struct slogin *f, *spare = NULL;
	size_t i;

	for (i = 0; i < s->logins.len; i++) {
		f = vec_at(&s->logins, i);
		if (strcmp(f->net, net) == 0 && strcmp(f->lname, lname) == 0)
			goto found;
		if (spare == NULL && s->now - f->win_start >= MINUTE_MS)
			spare = f;
	}
	f = spare != NULL ? spare : vec_push(&s->logins);
	memset(f, 0, sizeof *f);
	snprintf(f->net, sizeof f->net, "%s", net);
	snprintf(f->lname, sizeof f->lname, "%s", lname);
	f->win_start = s->now;
found:
	if (s->now - f->win_start >= MINUTE_MS) {
		f->win_start = s->now;
		f->fails = 0;
	}
	return f;
}

static void
cmd_login(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	const char *key = cgp_get(cmd, "key"), *name;
	char lname[CGP_NAME_MAX + 1], hash[CGP_HASH_LEN + 1];
	char up[CGP_TOKEN_LEN + 1];
	struct sconn *c = sess_conn(s, conn);
	struct slogin *fn, *fa;
	struct store_account a;
	struct cgp_out o;
	int rc;

	if (sess_accounts(s, conn, cmd) == NULL ||
	    (name = want_account(s, conn, cmd)) == NULL)
		return;
	if (key == NULL) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, "key= is missing");
		return;
	}
	/* One connection, one account: a second LOGIN would let it hold
	 * seats of two accounts (both seats of a rated game). */
	if (c->account[0] != '\0') {
		sess_err(s, conn, cmd->tag, CGP_ALREADY_LOGGED_IN, "this "
		    "connection is logged in already: connect again to play "
		    "as another account");
		return;
	}
	if ((rc = sess_read_account(s, conn, name, &a)) == SESS_READ_LATER)
		return;
	if (rc < 0) {
		sess_err(s, conn, cmd->tag, CGP_BUSY, "the server cannot "
		    "read its accounts now: try again");
		return;
	}
	/* The right key first: it works whatever others sent. */
	memset(up, 0, sizeof up);
	snprintf(up, sizeof up, "%.26s", key);
	cgp_upcase(up);
	net_key_hash(up, hash);
	if (rc == 1 && strlen(key) == CGP_TOKEN_LEN &&
	    net_hash_equal(hash, a.keyhash)) {
		/* bot=yes: only before its first rated game (as lichess). */
		if (want_bot(cmd) && !a.bot && a.games > 0) {
			sess_err(s, conn, cmd->tag, CGP_NOT_A_BOT_NOW, "this "
			    "account has played rated games: it cannot become "
			    "a bot");
			return;
		}
		/* What the features keep with the connection (its blocks: a
		 * read). */
		if (sess_features_login_read(s, conn, a.name) ==
		    SESS_READ_LATER)
			return;
		/* Its challenges another server made or holds, read into
		 * memory to be told below (unreadable: those here are). */
		if (sess_mine_load(s, conn, a.name) == SESS_READ_LATER)
			return;
		snprintf(c->account, sizeof c->account, "%s", a.name);
		c->bot = a.bot || want_bot(cmd);
		sess_bot_login(s, conn);
		sess_log(s, NET_LOG_INFO, "%s: logged in as %s%s", c->addr,
		    a.name, c->bot ? " (a bot)" : "");
		cgp_out_ok(&o, cmd->tag, "LOGIN");
		cgp_out_kv(&o, "name", a.name);
		if (c->bot && !a.bot) {
			/* Made a bot for good: the OK once that is stored. */
			struct store_change ch;
			store_change_accounts(&ch);
			sess_lower(a.name, lname, sizeof lname);
			store_account_bot(&ch, lname);
			sess_submit(s, conn, cmd, &ch, &o, false, true);
		} else
			sess_emit(s, conn, &o);
		sess_features_login(s, conn);   /* its challenges told */
		return;
	}
	sess_lower(name, lname, sizeof lname);
	fn = fails(s, c->net, lname);
	fa = fails(s, "", lname);
	if (fn->fails >= LOGIN_FAILS_NET || fa->fails >= LOGIN_FAILS_ACCOUNT) {
		sess_err(s, conn, cmd->tag, CGP_RATE_LIMITED, "too many wrong "
		    "keys for this account: wait a minute");
		sess_refused(s, "%s: wrong keys for account %s, locked out",
		    c->addr, lname);
		return;
	}
	fn->fails++;
	fa->fails++;
	sess_refused(s, "%s: wrong key for account %s", c->addr, lname);
	sess_err(s, conn, cmd->tag, CGP_BAD_KEY, "no such account, or a "
	    "wrong key");
}

void
sess_cmd_account(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	if (cmd->verb == CGP_V_REGISTER)
		cmd_register(s, conn, cmd);
	else
		cmd_login(s, conn, cmd);
}

void
sess_logins_init(struct sess *s)
{
	struct vec v = VEC_INIT(sizeof(struct slogin));

	s->logins = v;
}
