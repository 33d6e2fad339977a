/*
 * store_pg_link.c: the PostgreSQL store's connections. Each is made again by
 * itself when the database restarted, was stopped, or ended its backend:
 * not before a backoff that doubles while it fails, never waiting longer
 * than connect_timeout for one try. The event loop's own is made without
 * waiting at all (pg_reader_step: PQconnectStartParams, then a step of
 * PQconnectPoll each time its socket is ready, the loop watching it).
 * A connection made tells the others the database is back: one waiting
 * out its backoff tries at once (after an outage each had backed off to
 * seconds, and the store thread refused moves for up to 5 s with the
 * database already answering the event loop).
 */

#ifdef HAVE_LIBPQ

#include <poll.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "net/store/store_pg.h"
#include "util/util.h"

#define STR_(x) #x
#define STR(x) STR_(x)

/* When a connection to a database was last made, by any handle of this
 * process (ms, util_now_ms). */
static _Atomic long long made_at;

/* Wait out a backoff (its try at retry, backoff after the last failure)?
 * Not when a connection has been made since that failure. */
static bool
backing_off(long long now, long long retry, int backoff)
{
	return now < retry && atomic_load(&made_at) < retry - backoff;
}

static void
made(void)
{
	atomic_store(&made_at, util_now_ms());
}

int
pg_fail(const struct pgstore *pg, PGconn *c, char *err, size_t errlen,
    const char *what)
{
	char msg[300];

	snprintf(msg, sizeof msg, "%s", c != NULL ? PQerrorMessage(c) : "");
	pg_redact(pg->conninfo, msg, sizeof msg);
	snprintf(err, errlen, "%.200s: %s%s%s", pg->name, what,
	    msg[0] != '\0' ? ": " : "", msg);
	return -1;
}

bool
pg_run(PGconn *c, const char *sql, ExecStatusType want)
{
	PGresult *r = PQexec(c, sql);
	bool ok = PQresultStatus(r) == want;

	PQclear(r);
	return ok;
}

PGconn *
pg_connect(struct pgstore *pg)
{
	const char *keys[] = { "dbname", "connect_timeout", NULL };
	const char *vals[] = { pg->conninfo, PG_CONNECT_TIMEOUT, NULL };
	PGconn *c = PQconnectdbParams(keys, vals, 1);

	if (c != NULL)
		PQsetNoticeProcessor(c, pg_notice, pg);
	return c;
}

bool
pg_setup_reader(PGconn *c)
{
	/* The event loop's writes are the limits' counters: a crash may
	 * lose the last of them, and they never wait for a sync. Its reads
	 * never wait long: a table another session has locked, or a
	 * database that does not answer, makes them fail (the command gets
	 * 503 BUSY, a limit its own server's count) instead of stalling
	 * every client of this server. */
	return pg_run(c, "LISTEN congo", PGRES_COMMAND_OK) &&
	    pg_run(c, "LISTEN congo_presence", PGRES_COMMAND_OK) &&
	    pg_run(c, "SET synchronous_commit = off", PGRES_COMMAND_OK) &&
	    pg_run(c, "SET lock_timeout = '" PG_READ_LOCK_WAIT "'",
	    PGRES_COMMAND_OK) &&
	    pg_run(c, "SET statement_timeout = '" PG_READ_TIMEOUT "'",
	    PGRES_COMMAND_OK);
}

bool
pg_setup_query(PGconn *c)
{
	/* Off the event loop a read may wait for a lock: the command that
	 * asked for it waits, nobody else. (The settings' text, no value
	 * written into it.) */
	return pg_run(c, "SET lock_timeout = " STR(STORE_QUERY_LOCK_WAIT_MS),
	    PGRES_COMMAND_OK) && pg_run(c, "SET statement_timeout = "
	    STR(STORE_QUERY_TIMEOUT_MS), PGRES_COMMAND_OK);
}

bool
pg_setup_writer(PGconn *c)
{
	/* A commit is durable before it returns (the default, made sure). */
	return pg_run(c, "SET synchronous_commit = on", PGRES_COMMAND_OK);
}

/* Is fd ready (for writing with write) now? */
static bool
ready(int fd, bool write)
{
	struct pollfd p;

	p.fd = fd;
	p.events = write ? POLLOUT : POLLIN;
	p.revents = 0;
	return poll(&p, 1, 0) > 0;
}

/*
 * Is c still connected? Between queries a connection is readable only for
 * a notice or the server's goodbye (pg_terminate_backend, a restart, an
 * idle timeout): that is read now, so that a connection the server closed
 * is made again before it is used, instead of failing the command that
 * uses it.
 */
static bool
still_connected(PGconn *c)
{
	int i;

	for (i = 0; i < 4 && PQstatus(c) == CONNECTION_OK &&
	    ready(PQsocket(c), false); i++)
		if (!PQconsumeInput(c))
			break;
	return PQstatus(c) == CONNECTION_OK;
}

bool
pg_alive(struct pgstore *pg, PGconn **c, bool reader, long long *retry,
    int *backoff)
{
	long long now = util_now_ms();
	PGconn *n;

	if (*c != NULL && PQstatus(*c) == CONNECTION_OK) {
		if (still_connected(*c))
			return true;
		*retry = 0;     /* found gone: made again at once */
	}
	if (backing_off(now, *retry, *backoff))
		return false;
	if (*c != NULL)
		PQfinish(*c);
	*c = NULL;
	n = pg_connect(pg);
	if (PQstatus(n) == CONNECTION_OK &&
	    (!reader ? pg_setup_writer(n) : pg->query ? pg_setup_query(n) :
	    pg_setup_reader(n))) {
		*c = n;
		*backoff = 0;
		made();
		return true;
	}
	PQfinish(n);
	*backoff = *backoff == 0 ? PG_BACKOFF_MIN : *backoff * 2;
	if (*backoff > PG_BACKOFF_MAX)
		*backoff = PG_BACKOFF_MAX;
	*retry = util_now_ms() + *backoff;
	return false;
}

bool
pg_reader_step(struct pgstore *pg)
{
	const char *keys[] = { "dbname", NULL };
	const char *vals[] = { pg->conninfo, NULL };
	long long now = util_now_ms();
	PostgresPollingStatusType st;

	if (pg->r != NULL && PQstatus(pg->r) == CONNECTION_OK)
		return true;
	if (pg->rc == NULL) {
		if (backing_off(now, pg->r_retry, pg->r_backoff))
			return false;
		if (pg->r != NULL)
			PQfinish(pg->r);
		pg->r = NULL;
		pg->rc = PQconnectStartParams(keys, vals, 1);
		if (pg->rc == NULL || PQstatus(pg->rc) == CONNECTION_BAD)
			goto failed;
		PQsetNoticeProcessor(pg->rc, pg_notice, pg);
		pg->rc_poll = PGRES_POLLING_WRITING;
		pg->rc_until = now + PG_CONNECT_MS;
	}
	if (!ready(PQsocket(pg->rc), pg->rc_poll == PGRES_POLLING_WRITING)) {
		if (now >= pg->rc_until)
			goto failed;
		return false;
	}
	st = PQconnectPoll(pg->rc);
	if (st == PGRES_POLLING_FAILED)
		goto failed;
	if (st != PGRES_POLLING_OK) {
		pg->rc_poll = st;
		if (now >= pg->rc_until)
			goto failed;
		return false;
	}
	/* Made: its settings (a few round trips to a database that has just
	 * answered). */
	if (!pg_setup_reader(pg->rc))
		goto failed;
	pg->r = pg->rc;
	pg->rc = NULL;
	pg->r_backoff = 0;
	made();
	return true;
failed:
	if (pg->rc != NULL)
		PQfinish(pg->rc);
	pg->rc = NULL;
	pg->r_backoff = pg->r_backoff == 0 ? PG_BACKOFF_MIN :
	    pg->r_backoff * 2;
	if (pg->r_backoff > PG_BACKOFF_MAX)
		pg->r_backoff = PG_BACKOFF_MAX;
	pg->r_retry = now + pg->r_backoff;
	return false;
}

bool
pg_reader(struct pgstore *pg, char *err, size_t errlen)
{
	if (pg->query) {
		/* A query handle's connection is idle between queries:
		 * pg_alive makes one the server closed again before use. */
		if (pg_alive(pg, &pg->r, true, &pg->r_retry, &pg->r_backoff))
			return true;
	} else if (pg->r != NULL && PQstatus(pg->r) == CONNECTION_OK) {
		/* The event loop's, which LISTENs, is readable for its
		 * notices and finds a loss as it reads them. It reads only
		 * before the loop serves (the start-up load) and in the
		 * one-shot commands, with no notices in flight: the session
		 * reads on the reader thread. A read behind notices in flight
		 * would wait on the loop for their answer: refused, never
		 * waited for. */
		if (!pg->r_sent)
			return true;
		snprintf(err, errlen, "%.200s: the event loop's connection is "
		    "busy with its notices (reads go to the reader thread)",
		    pg->name);
		return false;
	} else {
		pg->r_lost = true;
		if (pg_reader_step(pg))
			return true;
	}
	snprintf(err, errlen, "%.200s: the database cannot be reached now "
	    "(trying again every %d ms)", pg->name, pg->r_backoff);
	return false;
}

int
pg_long(const struct pgstore *pg, const char *text, const char *name,
    long lo, long hi, long *out, char *err, size_t errlen)
{
	char why[160];

	if (parse_long(text, lo, hi, out, why, sizeof why) == 0)
		return 0;
	if (pg == NULL)
		return util_error(err, errlen, "%s: %s", name, why);
	return util_error(err, errlen, "%.200s: %s: %s", pg->name, name, why);
}

#else
typedef int net_pg_link_absent;
#endif
