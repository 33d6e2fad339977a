/*
 * store_pg_lost.c: a commit whose answer was lost with its connection (the
 * database killed, restarted, or the connection ended by an administrator
 * while the batch was on its way). It may have been stored or not: an ERR
 * says nothing changed (PROTOCOL.md), so neither may be guessed. Once the
 * database answers again, on a new connection, each change is looked for:
 * its first event, a new game's row, or the account it adds (a
 * REGISTER's account with its key's hash). Ours there, the batch was
 * stored (a change whose seq holds another server's event lost to it, a
 * conflict); none there, nothing was, and the batch may be sent again.
 * Not found out in time: commit_batch's -2, and the session closes the
 * askers' connections, answering nothing (sess_forget.c undoes what
 * cannot be sent again).
 */

#ifdef HAVE_LIBPQ

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "net/store/store_pg.h"
#include "util/util.h"

/* How long the store thread waits for the database to answer again. */
#define LOST_WAIT_MS 6000
#define LOST_STEP_MS 100

/* The writer's connection made again (a new one): false by the deadline. */
static bool
reconnect(struct pgstore *pg)
{
	long long until = util_now_ms() + LOST_WAIT_MS;
	struct timespec step = { 0, LOST_STEP_MS * 1000000L };

	for (;;) {
		pg->w_retry = 0;
		if (pg_alive(pg, &pg->w, false, &pg->w_retry, &pg->w_backoff))
			return true;
		if (util_now_ms() >= until)
			return false;
		nanosleep(&step, NULL);
	}
}

/* Asked by query q (nv parameters v): 1 a row (whose first value is want,
 * unless want is NULL), 0 none (*none) or another's, -1 the question
 * failed. */
static int
found(struct pgstore *pg, const char *q, int nv, const char *const *v,
    const char *want, bool *none)
{
	PGresult *r;
	int rc;

	r = PQexecParams(pg->w, q, nv, NULL, v, NULL, NULL, 0);
	if (PQresultStatus(r) != PGRES_TUPLES_OK) {
		PQclear(r);
		return -1;
	}
	*none = PQntuples(r) == 0;
	rc = !*none && (want == NULL ||
	    strcmp(PQgetvalue(r, 0, 0), want) == 0);
	PQclear(r);
	return rc;
}

/* A change of no game that adds an account (REGISTER): told stored by
 * that account with its key's hash. */
static bool
adds_account(const struct store_change *c)
{
	return c->game[0] == '\0' && c->nop > 0 &&
	    c->op[0].kind == STORE_OP_ACCOUNT_ADD;
}

/* Can it be told whether change c was stored? By its first event, a new
 * game's row (its id is new, so a row is ours), or the account it adds. */
static bool
tellable(const struct store_change *c)
{
	return (c->game[0] != '\0' && (c->nev >= 1 || c->new_game)) ||
	    adds_account(c);
}

/* Change c as stored (tellable): 1 ours, 0 another's or none (*none), -1
 * the question failed. */
static int
stored(struct pgstore *pg, const struct store_change *c, bool *none)
{
	char seq[24];
	const char *v[2] = { c->game, seq };

	if (c->game[0] != '\0' && c->nev >= 1) {
		snprintf(seq, sizeof seq, "%ld", c->seq[0]);
		return found(pg, "SELECT body FROM events WHERE game = $1 AND "
		    "seq = $2", 2, v, c->body[0], none);
	}
	if (c->game[0] != '\0' && c->new_game)
		return found(pg, "SELECT 1 FROM games WHERE id = $1", 1, v,
		    NULL, none);
	if (!adds_account(c))
		return -1;
	v[0] = c->op[0].lname;
	v[1] = c->op[0].keyhash;
	return found(pg, "SELECT 1 FROM accounts WHERE lname = $1 AND "
	    "keyhash = $2", 2, v, NULL, none);
}

int
pg_commit_lost(struct pgstore *pg, const struct store_change *const *ch,
    const int *sent, int nsent, bool *ok, bool *conflict)
{
	int k, i, st, ours = 0, asked = 0;
	bool none;

	if (!reconnect(pg)) {
		store_notice(0, "%.200s: a commit's answer was lost with its "
		    "connection, and the database did not answer again within "
		    "%d s: refused, though it may have been stored", pg->name,
		    LOST_WAIT_MS / 1000);
		return -1;
	}
	for (k = 0; k < nsent; k++) {
		const struct store_change *c = ch[sent[k]];
		i = sent[k];
		ok[i] = conflict[i] = false;
		if (!tellable(c))
			continue;
		if ((st = stored(pg, c, &none)) < 0) {
			store_notice(0, "%.200s: a commit's answer was lost "
			    "with its connection, and asking whether it was "
			    "stored failed: %s", pg->name,
			    PQerrorMessage(pg->w));
			return -1;
		}
		asked++;
		if (st == 1) {
			ok[i] = true;
			ours++;
		} else if (!none)
			conflict[i] = true;
	}
	if (asked == 0)
		return -1;      /* nothing to tell by */
	if (ours == 0) {
		for (k = 0; k < nsent; k++)
			ok[sent[k]] = conflict[sent[k]] = false;
		return 0;       /* not stored: none of it */
	}
	/* Stored: the changes not asked about went with it. */
	for (k = 0; k < nsent; k++) {
		const struct store_change *c = ch[sent[k]];
		if (!tellable(c))
			ok[sent[k]] = true;
	}
	return 1;
}

#endif /* HAVE_LIBPQ */
