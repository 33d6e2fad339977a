/*
 * sess_ident.c: names that belong to accounts (PROTOCOL.md "Accounts and
 * ratings"). A name an account holds is its own, without regard to case:
 * a guest (a connection not logged in) may not take a seat or seek under
 * it (409 NAME_TAKEN), read off the event loop as LOGIN reads the account.
 * A seat taken by a logged-in connection is the account's: its JOINED
 * event says account=1 (stored, so start-up, another server and the
 * store's lists know it; every seat of a rated game is an account's). The
 * same account or connection never holds both seats of a rated game.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "net/server/sess_ident.h"

bool
sess_seat_account(const struct sgame *g, int seat)
{
	return seat >= 0 && seat <= 1 && g->seated[seat] &&
	    (g->rated || g->account[seat]);
}

int
sess_guest_name(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const char *name)
{
	const struct store_ops *o = s->io.store;
	struct store_account a;
	char msg[160];
	int rc;

	/* Logged in (the account plays), no name= (a guest's default, which
	 * REGISTER refuses), a store without accounts, or a name no account
	 * can have (3-20 of A-Za-z0-9_-): nothing to read. */
	if (sess_account(s, conn) != NULL || cgp_get(cmd, "name") == NULL ||
	    o == NULL || o->account == NULL || !sess_valid_account(name))
		return 0;
	if ((rc = sess_read_account(s, conn, name, &a)) == SESS_READ_LATER)
		return SESS_READ_LATER;
	if (rc < 0) {
		sess_err(s, conn, cmd->tag, CGP_BUSY, "the server cannot "
		    "read its accounts now: try again");
		return -1;
	}
	if (rc == 1) {
		snprintf(msg, sizeof msg, "%s is a registered account: LOGIN "
		    "as it, or play under another name", a.name);
		sess_err(s, conn, cmd->tag, CGP_NAME_TAKEN, msg);
		return -1;
	}
	return 0;
}

bool
sess_same_player(struct sess *s, int conn, const struct sgame *g, int seat)
{
	const char *acct = sess_account(s, conn);

	if (seat < 0 || seat > 1 || !g->seated[seat])
		return false;
	if (g->holder[seat] == conn)
		return true;
	return acct != NULL && sess_seat_account(g, seat) &&
	    strcasecmp(g->name[seat], acct) == 0;
}

void
sess_joined_body(char *buf, size_t n, int seat, const char *name,
    bool account)
{
	snprintf(buf, n, "seat=%s name=%s%s", cgp_seat_name(seat), name,
	    account ? " account=1" : "");
}

int
sess_account_seat(struct sess *s, int conn, const struct sgame *g,
    int want)
{
	const char *acct = sess_account(s, conn);
	int k, found = -1;

	if (acct == NULL)
		return -1;
	for (k = 0; k < 2; k++) {
		if ((want >= 0 && k != want) || !sess_seat_account(g, k) ||
		    strcasecmp(g->name[k], acct) != 0)
			continue;
		/* Both seats its own (an unrated game against itself): the
		 * one this connection does not hold yet. */
		if (found < 0 || g->holder[found] == conn)
			found = k;
	}
	return found;
}

const char *
sess_name_shown(const char *name, bool account, char *buf, size_t n)
{
	/* A name no account can have (one marked already too) is nobody
	 * else's. */
	if (account || !sess_valid_account(name))
		return name;
	snprintf(buf, n, "%s%s", name, STORE_GUEST_MARK);
	return buf;
}

const char *
sess_seat_shown(const struct sgame *g, int seat, char *buf, size_t n)
{
	if (seat < 0 || seat > 1 || !g->seated[seat])
		return "";
	return sess_name_shown(g->name[seat], sess_seat_account(g, seat), buf,
	    n);
}

void
sess_accounts_kv(const bool account[2], struct cgp_out *o)
{
	if (account[0])
		cgp_out_kvi(o, "waccount", 1);
	if (account[1])
		cgp_out_kvi(o, "baccount", 1);
}

void
sess_account_kv(const struct sgame *g, struct cgp_out *o)
{
	const bool account[2] = { sess_seat_account(g, 0),
	    sess_seat_account(g, 1) };

	sess_accounts_kv(account, o);
}
