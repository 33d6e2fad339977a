/*
 * store_pg.c: games kept in PostgreSQL (libpq), so that several servers serve
 * the same games. Writes (the store thread, a connection of its own): each
 * change is one call of congo_put(), a function --create installs, which
 * inserts its rows, keeps the game's summary and NOTIFYs the other servers,
 * all in one transaction per group of changes. The database's keys decide
 * races: a ply (events (game, seq)) or a seat (seats (game, seat)) another
 * server stored first makes congo_put answer 'conflict', and the session
 * runs the command again on the game brought up to date (412, 409...);
 * a seat's holder replaced on another server makes it 'replaced'
 * (store_pg_hold.c). Each change's statements, every value bound:
 * store_pg_put.c; a group's, sent at once: store_pg_batch.c.
 * Reads and LISTEN (the event loop, another connection): start-up, a game
 * when asked for, LIST, and other servers' changes (sess_remote).
 */

#ifdef HAVE_LIBPQ

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpq-fe.h>

#include "net/store/store.h"
#include "net/store/store_pg.h"
#include "util/util.h"

static void
pg_close(void *ctx)
{
	struct pgstore *pg = ctx;

	if (pg == NULL)
		return;
	if (!pg->query && pg->r != NULL && PQstatus(pg->r) == CONNECTION_OK)
		pg_presence_bye(pg);
	pg_presence_free(pg);
	if (pg->w != NULL)
		PQfinish(pg->w);
	if (pg->r != NULL)
		PQfinish(pg->r);
	if (pg->rc != NULL)
		PQfinish(pg->rc);
	free(pg);
}

void *
store_pg_open(const char *uri, int how, char *err, size_t errlen)
{
	struct pgstore *pg = xcalloc(1, sizeof *pg);

	snprintf(pg->conninfo, sizeof pg->conninfo, "%s", uri);
	pg_name(uri, pg->name, sizeof pg->name);
	pg_presence_init(pg);
	if (strlen(uri) >= sizeof pg->conninfo) {
		snprintf(err, errlen, "%s: --db is too long (at most %zu "
		    "bytes)", pg->name, sizeof pg->conninfo - 1);
		goto bad;
	}
	if (net_new_game_id(pg->me) < 0) {
		snprintf(err, errlen, "no random numbers");
		goto bad;
	}
	pg->query = (how & STORE_QUERY) != 0;
	pg->r = pg_connect(pg);
	if (PQstatus(pg->r) != CONNECTION_OK) {
		pg_fail(pg, pg->r, err, errlen, "cannot connect");
		goto bad;
	}
	if (pg->query) {
		/* The reader thread's: one connection, reads only. */
		if (!pg_setup_query(pg->r)) {
			pg_fail(pg, pg->r, err, errlen, "cannot set it up");
			goto bad;
		}
		return pg;
	}
	if (pg_setup(pg, how, err, errlen) < 0 ||
	    pg_servers_table(pg, err, errlen) < 0)
		goto bad;
	pg->w = pg_connect(pg);
	if (PQstatus(pg->w) != CONNECTION_OK) {
		pg_fail(pg, pg->w, err, errlen, "cannot connect");
		goto bad;
	}
	if (!pg_setup_writer(pg->w) || !pg_setup_reader(pg->r)) {
		pg_fail(pg, pg->r, err, errlen, "cannot set it up");
		goto bad;
	}
	return pg;
bad:
	pg_close(pg);
	return NULL;
}

/*
 * One go of a batch: its statements sent (one round trip: pipeline mode,
 * one sync), each change's answer read into ok and conflict (sent: the
 * changes in it, in order). 0, or 1 when it failed: err says why, and
 * *retry whether it was a deadlock or a serialization failure, which the
 * same batch again may not meet.
 */
static int
send_batch(struct pgstore *pg, const struct pg_batch *b, const int *sent,
    int nsent, bool *ok, bool *conflict, bool *replaced, char *err,
    size_t errlen, bool *retry)
{
	PGresult *r;
	int i, k = 0, bad = 0, got;

	*retry = false;
	if (!pg_batch_send(pg->w, b)) {
		pg_fail(pg, pg->w, err, errlen, "cannot store");
		bad = 1;
	}
	/* BEGIN's answer, each change's (a row: ok, conflict or replaced;
	 * its other statements none), COMMIT's; after an error, the rest
	 * not run (PGRES_PIPELINE_ABORTED). */
	while ((got = pg_batch_result(pg->w, true, &r)) == 1) {
		ExecStatusType st = PQresultStatus(r);
		if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
			const char *code = PQresultErrorField(r,
			    PG_DIAG_SQLSTATE);
			if (!bad) {
				pg_fail(pg, pg->w, err, errlen,
				    "cannot store");
				*retry = code != NULL &&
				    (strcmp(code, "40P01") == 0 ||
				    strcmp(code, "40001") == 0);
			}
			bad = 1;
		} else if (st == PGRES_TUPLES_OK && PQntuples(r) == 1 &&
		    k < nsent) {
			i = sent[k++];
			ok[i] = strcmp(PQgetvalue(r, 0, 0), "ok") == 0;
			conflict[i] = !ok[i];
			replaced[i] = strcmp(PQgetvalue(r, 0, 0),
			    "replaced") == 0;
		}
		PQclear(r);
	}
	if (got < 0 && !bad) {
		pg_fail(pg, pg->w, err, errlen, "cannot store");
		bad = 1;
	}
	/* Its answers lost with the connection: stored or not, unknown. */
	return bad && PQstatus(pg->w) == CONNECTION_BAD ? 2 : bad;
}

/*
 * Group commit in one round trip: BEGIN, each change's statements (a
 * congo_put...), COMMIT, sent at once; the answers read back one by one.
 */
static int
commit_tx(void *ctx, const struct store_change *const *ch, int n,
    bool *ok, bool *conflict, bool *replaced, char *err, size_t errlen)
{
	struct pgstore *pg = ctx;
	struct pg_batch b = { NULL, 0, 0 };
	int *sent = xcalloc((size_t)n + 1, sizeof *sent);
	bool retry, unknown = false;
	int i, nsent = 0, bad, try;

	for (i = 0; i < n; i++)
		ok[i] = conflict[i] = replaced[i] = false;
	if (!pg_alive(pg, &pg->w, false, &pg->w_retry, &pg->w_backoff)) {
		free(sent);
		snprintf(err, errlen, "%.200s: the database cannot be reached "
		    "now (trying again every %d ms)", pg->name, pg->w_backoff);
		return -1;
	}
	pg_stmt_new(&b, "BEGIN");
	for (i = 0; i < n; i++) {
		if (pg->fail_next != 0) {
			if (pg->fail_next > 0)
				pg->fail_next--;
			snprintf(err, errlen, "refused for a test");
			continue;
		}
		pg_put(pg, &b, ch[i]);
		sent[nsent++] = i;
	}
	pg_stmt_new(&b, "COMMIT");
	for (try = 0; ; try++) {
		if ((bad = send_batch(pg, &b, sent, nsent, ok, conflict,
		    replaced, err, errlen, &retry)) == 0)
			break;
		for (i = 0; i < n; i++)
			replaced[i] = false;    /* answers of a batch undone */
		if (bad == 2) {
			/* Was it stored? Asked on a new connection: yes, its
			 * answers; no, sent again on it; unknown, refused. */
			int was = pg_commit_lost(pg, ch, sent, nsent, ok,
			    conflict);
			if (was == 1) {
				bad = 0;
				store_notice(2, "%.200s: a commit's answer was "
				    "lost with its connection; it was stored",
				    pg->name);
				break;
			}
			if (was == 0 && try < 2)
				continue;
			unknown = was < 0;
			for (i = 0; i < n; i++)
				ok[i] = conflict[i] = false;
			break;
		}
		pg_run(pg->w, "ROLLBACK", PGRES_COMMAND_OK);
		for (i = 0; i < n; i++)
			ok[i] = conflict[i] = false;
		/* A deadlock or a serialization failure rolled it all back:
		 * the same batch again, as PostgreSQL advises. */
		if (!retry || try >= 2)
			break;
	}
	pg_batch_free(&b);
	free(sent);
	return unknown ? -2 : bad ? -1 : 0;
}

/*
 * A batch, in one transaction but for its pairings (changes that claim
 * seeks), each in one of its own. A pairing inserts its claims in sorted
 * order (sess_seek.c), so two pairings can wait for each other only one
 * way round; two transactions of several pairings each could each hold a
 * claim the other wants, a deadlock that PostgreSQL ends after its
 * deadlock_timeout (1 s) by failing one, and the same batch sent again
 * could meet the same fate.
 */
static int
pg_commit_batch(void *ctx, const struct store_change *const *ch, int n,
    bool *ok, bool *conflict, bool *replaced, char *err, size_t errlen)
{
	const struct store_change **rest;
	bool *rok, *rconflict, *rreplaced;
	int *at, i, m = 0, pairings = 0, rc = 0;

	for (i = 0; i < n; i++)
		pairings += ch[i]->seek[0] != NULL;
	if (pairings == 0 || n == 1)
		return commit_tx(ctx, ch, n, ok, conflict, replaced, err,
		    errlen);
	/* (a pairing's outcome not known: refused, as nobody waits for
	 * it; the others' as commit_tx says) */
	rest = xcalloc((size_t)n, sizeof *rest);
	rok = xcalloc((size_t)n, sizeof *rok);
	rconflict = xcalloc((size_t)n, sizeof *rconflict);
	rreplaced = xcalloc((size_t)n, sizeof *rreplaced);
	at = xcalloc((size_t)n, sizeof *at);
	for (i = 0; i < n; i++) {
		ok[i] = conflict[i] = replaced[i] = false;
		if (ch[i]->seek[0] == NULL) {
			at[m] = i;
			rest[m++] = ch[i];
		} else
			(void)commit_tx(ctx, &ch[i], 1, &ok[i], &conflict[i],
			    &replaced[i], err, errlen);
	}
	if (m > 0 && (rc = commit_tx(ctx, rest, m, rok, rconflict, rreplaced,
	    err, errlen)) == 0)
		for (i = 0; i < m; i++) {
			ok[at[i]] = rok[i];
			conflict[at[i]] = rconflict[i];
			replaced[at[i]] = rreplaced[i];
		}
	free(rest);
	free(rok);
	free(rconflict);
	free(rreplaced);
	free(at);
	return rc == -2 ? -2 : 0;
}

static int
pg_commit(void *ctx, const struct store_change *ch, char *err, size_t errlen)
{
	bool ok = false, conflict, replaced;

	if (pg_commit_batch(ctx, &ch, 1, &ok, &conflict, &replaced, err,
	    errlen) < 0 || !ok)
		return -1;
	return 0;
}

PGresult *
pg_query(struct pgstore *pg, const char *sql, int n, const char *a,
    const char *b, char *err, size_t errlen)
{
	const char *v[2] = { a, b };
	PGresult *r;

	if (!pg_reader(pg, err, errlen))
		return NULL;
	r = PQexecParams(pg->r, sql, n, NULL, v, NULL, NULL, 0);
	if (PQresultStatus(r) != PGRES_TUPLES_OK) {
		pg_fail(pg, pg->r, err, errlen, "cannot read it");
		PQclear(r);
		return NULL;
	}
	return r;
}

/* A game row's numbers read back: "quiet created creator rated" (one
 * text) and repetition; 0, or -1 with e naming the column. */
static int
game_numbers(const char *text, const char *repetition,
    struct store_game_row *row, char *e, size_t n)
{
	static const char *const names[4] = { "games.quiet", "games.created",
		"games.creator", "games.rated" };
	char buf[128], *w, *save = NULL;
	long v[4], rep;
	int k = 0;

	snprintf(buf, sizeof buf, "%s", text);
	for (w = strtok_r(buf, " ", &save); w != NULL && k < 4;
	    w = strtok_r(NULL, " ", &save), k++)
		if (pg_long(NULL, w, names[k], k == 2 ? -1 : 0, LONG_MAX, &v[k],
		    e, n) != 0)
			return -1;
	if (k < 4 || w != NULL)
		return util_error(e, n, "games: '%s' is not quiet, created, "
		    "creator and rated", text);
	if (pg_long(NULL, repetition, "games.repetition", INT_MIN, INT_MAX,
	    &rep, e, n) != 0)
		return -1;
	if (v[0] > INT_MAX || v[2] > INT_MAX)
		return util_error(e, n, "%s: %ld is out of range",
		    v[0] > INT_MAX ? names[0] : names[2],
		    v[0] > INT_MAX ? v[0] : v[2]);
	row->quiet_plies = (int)v[0];
	row->created = v[1];
	row->creator = (int)v[2];
	row->rated = v[3] != 0;
	row->repetition = (int)rep;
	return 0;
}

/*
 * One game in one round trip: its row (with whole), its seats, its events
 * after seq, into the session; fresh: the events through sess_remote_event
 * (told to this server's connections). 1, 0 when there is no such game
 * (with whole), -1 with err.
 */
static int
read_game(struct pgstore *pg, struct sess *s, const char *id, long seq,
    bool whole, bool fresh, char *err, size_t errlen)
{
	char from[24], e[300];
	PGresult *r;
	int i, rc = 0, found = !whole;

	snprintf(from, sizeof from, "%ld", seq);
	r = pg_query(pg, "SELECT 0, 0::bigint, start, repetition::text, "
	    "quiet::text || ' ' || created::text || ' ' || creator::text || "
	    "' ' || rated::text, "
	    "variant, clock, rematch_of FROM games WHERE id = $1 "
	    "AND $2::bigint = 0 "
	    "UNION ALL SELECT 1, seat, name, token, '', NULL, NULL, NULL "
	    "FROM seats WHERE game = $1 "
	    "UNION ALL SELECT 2, seq, kind, body, '', NULL, NULL, NULL "
	    "FROM events WHERE game = $1 AND seq > $2::bigint ORDER BY 1, 2",
	    2, id,
	    whole ? "0" : from, err, errlen);
	if (r == NULL)
		return -1;
	for (i = 0; i < PQntuples(r) && rc == 0; i++) {
		long k, n;
		const char *a = PQgetvalue(r, i, 2), *b = PQgetvalue(r, i, 3);
		if (pg_long(NULL, PQgetvalue(r, i, 0), "the row's kind", 0, 2,
		    &k, e, sizeof e) != 0 ||
		    pg_long(NULL, PQgetvalue(r, i, 1), k == 1 ? "seats.seat" :
		    "events.seq", LONG_MIN, LONG_MAX, &n, e, sizeof e) != 0) {
			rc = -1;
			break;
		}
		if (k == 0 && !whole)
			continue;       /* (seq 0: a game without a seat yet) */
		if (k == 0) {
			struct store_game_row row;
			memset(&row, 0, sizeof row);
			if (game_numbers(PQgetvalue(r, i, 4), b, &row, e,
			    sizeof e) != 0) {
				rc = -1;
				break;
			}
			row.id = id;
			row.start = a;
			row.variant = PQgetvalue(r, i, 5);
			if (!PQgetisnull(r, i, 6))
				row.clock = PQgetvalue(r, i, 6);
			if (!PQgetisnull(r, i, 7))
				row.rematch_of = PQgetvalue(r, i, 7);
			found = 1;
			rc = store_sess()->load_game(s, &row, e, sizeof e);
		} else if (!found)
			break;
		else if (k == 1)
			rc = store_sess()->load_seat(s, id, (int)n, a, b, e,
			    sizeof e);
		else
			rc = (fresh ? store_sess()->remote_event :
			    store_sess()->load_event)(s, id, n, a, b, e,
			    sizeof e);
	}
	PQclear(r);
	if (rc != 0) {
		snprintf(err, errlen, "%.200s: %s", pg->name, e);
		return -2;
	}
	return found;
}

static int
pg_load_game(void *ctx, struct sess *s, const char *id, char *err,
    size_t errlen)
{
	return read_game(ctx, s, id, 0, true, false, err, errlen);
}

static int
pg_load(void *ctx, struct sess *s, char *err, size_t errlen)
{
	struct pgstore *pg = ctx;
	PGresult *r;
	int i, rc = 0;

	r = pg_query(pg, "SELECT id FROM games WHERE status < 2 ORDER BY n", 0,
	    NULL, NULL, err, errlen);
	if (r == NULL)
		return -1;
	for (i = 0; i < PQntuples(r) && rc == 0; i++) {
		char e[512];
		if (pg_load_game(pg, s, PQgetvalue(r, i, 0), e, sizeof e) < 0)
			store_sess()->refuse_game(s, PQgetvalue(r, i, 0), e);
	}
	PQclear(r);
	return rc;
}

static int
pg_list(void *ctx, int status, int n, struct store_item *out, char *err,
    size_t errlen)
{
	struct pgstore *pg = ctx;
	char st[16], lim[16];
	PGresult *r;
	int i, k;
	long stv, ply;

	snprintf(st, sizeof st, "%d", status);
	snprintf(lim, sizeof lim, "%d", n);
	r = pg_query(pg, "SELECT " STORE_LIST_COLUMNS("coalesce(clock, '')")
	    " FROM games WHERE $1::int < 0 OR status = $1::int "
	    "ORDER BY n DESC LIMIT $2::int", 2, st, lim, err, errlen);
	if (r == NULL)
		return -1;
	for (i = k = 0; i < PQntuples(r) && k < n; i++, k++) {
		struct store_item *it = &out[k];
		snprintf(it->id, sizeof it->id, "%s", PQgetvalue(r, i, 0));
		if (pg_long(pg, PQgetvalue(r, i, 1), "games.status", 0,
		    INT_MAX, &stv, err, errlen) != 0 ||
		    pg_long(pg, PQgetvalue(r, i, 2), "games.ply", 0, INT_MAX,
		    &ply, err, errlen) != 0) {
			PQclear(r);
			return -1;
		}
		it->status = (int)stv;
		it->ply = (int)ply;
		snprintf(it->result, sizeof it->result, "%s",
		    PQgetvalue(r, i, 3));
		snprintf(it->white, sizeof it->white, "%s",
		    PQgetvalue(r, i, 4));
		snprintf(it->black, sizeof it->black, "%s",
		    PQgetvalue(r, i, 5));
		snprintf(it->variant, sizeof it->variant, "%s",
		    PQgetvalue(r, i, 6));
		snprintf(it->clock, sizeof it->clock, "%s",
		    PQgetvalue(r, i, 7));
		it->account[0] = strcmp(PQgetvalue(r, i, 8), "0") != 0;
		it->account[1] = strcmp(PQgetvalue(r, i, 9), "0") != 0;
		store_timing_parse(PQgetvalue(r, i, 10), it);
	}
	PQclear(r);
	return k;
}

static int
pg_refresh(void *ctx, struct sess *s, const char *id, long seq, char *err,
    size_t errlen)
{
	return read_game(ctx, s, id, seq, false, true, err, errlen) < 0 ?
	    -1 : 0;
}

static int
pg_notice_fd(void *ctx, bool *write)
{
	struct pgstore *pg = ctx;

	*write = false;
	if (pg->r != NULL && PQstatus(pg->r) == CONNECTION_OK)
		return PQsocket(pg->r);
	/* Being made again (pg_reader_step, from pg_notices): its socket
	 * as libpq waits on it; -1 between tries (the loop wakes every
	 * second anyway). */
	if (pg->rc != NULL) {
		*write = pg->rc_poll == PGRES_POLLING_WRITING;
		return PQsocket(pg->rc);
	}
	return -1;
}

/* One NOTIFY of another server: "server game seq", then a line "S seat
 * name token" for a seat taken and "E seq kind body" for each event, so
 * that a game in memory here is brought up to date without a query (a gap,
 * or a game busy with a change of ours, is read from the tables instead). */
static void
notice(struct pgstore *pg, struct sess *s, char *text)
{
	char who[16], id[16], name[CGP_NAME_MAX + 1], tok[CGP_HASH_LEN + 1];
	char e[300], num[24], *line, *next;
	long last, seq, have;
	bool busy;
	int seat, off;

	if (sscanf(text, "%15s %15s %23s", who, id, num) != 3 ||
	    parse_long(num, LONG_MIN, LONG_MAX, &last, NULL, 0) != 0 ||
	    strcmp(who, pg->me) == 0 ||
	    (have = store_sess()->game_seq(s, id, &busy)) < 0 || last <= have)
		return;
	if (busy) {
		store_sess()->remote(s, id, last);       /* after our change */
		return;
	}
#ifdef CONGO_TEST_HOOKS
	/* The tests' server that hears late: every notice read from the
	 * tables, as a gap is (a test build only). */
	if (getenv("CONGO_TEST_NOTICE_READ") != NULL) {
		store_sess()->remote(s, id, last);
		return;
	}
#endif
	for (line = strchr(text, '\n'); line != NULL; line = next) {
		*line++ = '\0';
		next = strchr(line, '\n');
		if (next != NULL)
			*next = '\0';
		if (sscanf(line, "S %23s %31s %64s", num, name, tok) == 3 &&
		    parse_int(num, INT_MIN, INT_MAX, &seat, NULL, 0) == 0) {
			if (store_sess()->load_seat(s, id, seat, name, tok, e,
			    sizeof e) < 0)
				break;
		} else if (off = 0, sscanf(line, "E %23s %n", num, &off) == 1 &&
		    off > 0 && parse_long(num, LONG_MIN, LONG_MAX, &seq, NULL,
		    0) == 0) {
			char *kind = line + off, *body = strchr(kind, ' ');
			have = store_sess()->game_seq(s, id, &busy);
			if (seq <= have)
				continue;
			if (seq != have + 1 || body == NULL)
				break;          /* a gap: read it */
			*body++ = '\0';
			if (store_sess()->remote_event(s, id, seq, kind, body, e,
			    sizeof e) < 0)
				break;
		}
		if (next != NULL)
			*next = '\n';
	}
	if (last > store_sess()->game_seq(s, id, &busy))
		store_sess()->remote(s, id, last);
}

static void
pg_notices(void *ctx, struct sess *s)
{
	struct pgstore *pg = ctx;
	PGnotify *nt;
	char err[512];

	if (pg->r != NULL && PQstatus(pg->r) == CONNECTION_OK) {
		PQconsumeInput(pg->r);
		/* Our notices' answer first: what came with it is read
		 * below. */
		pg_notify_poll(pg, false);
		if (pg->n_why[0] != '\0') {
			store_log(s, NET_LOG_WARN, "%.200s: notices to the "
			    "other servers failed: %s", pg->name, pg->n_why);
			pg->n_why[0] = '\0';
		}
		while ((nt = PQnotifies(pg->r)) != NULL) {
			if (strcmp(nt->relname, "congo_presence") == 0)
				pg_presence_notice(pg, s, nt->extra);
			else
				notice(pg, s, nt->extra);
			PQfreemem(nt);
		}
	}
	if (pg->r == NULL || PQstatus(pg->r) != CONNECTION_OK) {
		if (!pg->r_lost)
			store_log(s, NET_LOG_ERROR, "%.200s: the connection to "
			    "the database was lost; making it again",
			    pg->name);
		pg->r_lost = true;
		if (!pg_reader(pg, err, sizeof err))
			return;
	}
	if (pg->r_lost) {
		/* Notices sent while it was lost are gone: every game here
		 * is read again from what the store holds. */
		pg->r_lost = false;
		store_log(s, NET_LOG_WARN, "%.200s: connected again; bringing "
		    "the games in memory up to date", pg->name);
		store_sess()->catch_up_all(s);
		pg_presence_reconnected(pg, s);
	}
	pg_presence_round(pg, s);
}

/* One more for key in minute win, counted with every other server. */
static int
pg_count(void *ctx, const char *key, long long win, char *err, size_t errlen)
{
	struct pgstore *pg = ctx;
	char w[24], old[2][24];
	const char *v2[2] = { old[0], old[1] };
	PGresult *r;
	int n;
	long v;

	if (!pg_reader(pg, err, errlen))
		return -1;
	if (win >= 0 && win > pg->swept) {
		/* Past minutes are of no use: whichever server sees a new
		 * minute first clears them, and past hours (the windows
		 * below 0, -1 - hour: registrations). */
		pg->swept = win;
		snprintf(old[0], sizeof old[0], "%lld", win - 1);
		snprintf(old[1], sizeof old[1], "%lld", -1 - win / 60);
		PQclear(PQexecParams(pg->r, "DELETE FROM congo_limits WHERE "
		    "(win >= 0 AND win < $1::bigint) OR (win < 0 AND "
		    "win > $2::bigint)", 2, NULL, v2, NULL, NULL, 0));
	}
	snprintf(w, sizeof w, "%lld", win);
	r = pg_query(pg, "INSERT INTO congo_limits VALUES ($1, $2::bigint, 1) "
	    "ON CONFLICT (key, win) DO UPDATE SET n = congo_limits.n + 1 "
	    "RETURNING n", 2, key, w, err, errlen);
	if (r == NULL)
		return -1;
	if (PQntuples(r) != 1) {
		PQclear(r);
		return util_error(err, errlen, "%.200s: no count returned",
		    pg->name);
	}
	if (pg_long(pg, PQgetvalue(r, 0, 0), "congo_limits.n", 0, INT_MAX,
	    &v, err, errlen) != 0)
		n = -1;
	else
		n = (int)v;
	PQclear(r);
	return n;
}

static const char *
pg_note(void *ctx)
{
	struct pgstore *pg = ctx;

	return pg->note[0] != '\0' ? pg->note : NULL;
}

const struct store_ops store_pg_ops = {
	.commit = pg_commit,
	.commit_batch = pg_commit_batch,
	.load_game = pg_load_game,
	.list = pg_list,
	.load = pg_load,
	.note = pg_note,
	.close = pg_close,
	.notice_fd = pg_notice_fd,
	.notices = pg_notices,
	.refresh = pg_refresh,
	.count = pg_count,
	.presence = pg_presence,
	.remote_presence = pg_remote_presence,
	.remote_net = pg_remote_net,
	.holder = pg_holder,
	.account = pg_account,
	.ratings = pg_ratings,
	.top = pg_top,
	.games_of = pg_games_of,
	.history = pg_history,
	.blocks = pg_blocks,
	.games_mine = pg_games_mine,
	.tourneys = pg_tourneys,
	.tmembers = pg_tmembers,
	.tpairs = pg_tpairs,
	.tlease = pg_tlease,
	.seek_notice = pg_seek_notice,
	.server_live = pg_server_live,
};

#else
/* Built without libpq: store_open_any says so when given a URI. */
typedef int net_pg_absent;
#endif
