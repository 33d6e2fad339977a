/*
 * store_sqlite_rw.c: the SQLite store's writes and reads. Writes (the store
 * thread): each change's rows and its game's summary (status, ply, result)
 * under a savepoint, many changes a transaction. Reads (the event loop, on
 * a connection of their own): the open and active games at start-up, one
 * game when it is asked for, LIST from the games' summaries by an index.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/store/store_sqlite.h"

static const char *const write_sql[6] = {
	"INSERT INTO games(id, start, repetition, quiet, created, variant, "
	    "clock, creator, rematch_of) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
	"INSERT INTO seats(game, seat, name, token) VALUES (?, ?, ?, ?)",
	"INSERT INTO events(game, seq, kind, body) VALUES (?, ?, ?, ?)",
	"UPDATE games SET status = 1 WHERE id = ?1 AND status = 0 AND "
	    "(SELECT count(*) FROM seats WHERE game = ?1) = 2",
	/* A MOVE adds one (?2 is -1), an UNDO sets its ply. */
	"UPDATE games SET ply = CASE WHEN ?2 < 0 THEN ply + 1 ELSE ?2 END "
	    "WHERE id = ?1",
	"UPDATE games SET status = 2, result = ?, ended = "
	    "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) "
	    "WHERE id = ?",
};

static const char *const read_sql[5] = {
	"SELECT start, repetition, quiet, created, variant, clock, creator, "
	    "rematch_of, rated FROM games WHERE id = ?",
	"SELECT seat, name, token FROM seats WHERE game = ?",
	"SELECT seq, kind, body FROM events WHERE game = ? ORDER BY seq",
	"SELECT " STORE_LIST_COLUMNS("clock") " FROM games ORDER BY rowid "
	    "DESC LIMIT ?",
	"SELECT " STORE_LIST_COLUMNS("clock") " FROM games WHERE status = ? "
	    "ORDER BY rowid DESC LIMIT ?",
};

/* The n statements sql[] prepared on db into *q[]: 0, or -1. */
static int
prepare_all(sqlite3 *db, const char *const *sql, sqlite3_stmt **const *q,
    int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (sqlite3_prepare_v2(db, sql[i], -1, q[i], NULL) != SQLITE_OK)
			return -1;
	return 0;
}

int
store_prepare(struct store *st)
{
	sqlite3_stmt **const w[6] = { &st->ins_game, &st->ins_seat,
		&st->ins_event, &st->up_seated, &st->up_ply, &st->up_result };

	return prepare_all(st->db, write_sql, w, 6);
}

int
store_prepare_reads(struct store *st)
{
	sqlite3_stmt **const r[5] = { &st->rd_game, &st->rd_seats,
		&st->rd_events, &st->rd_list[0], &st->rd_list[1] };

	return prepare_all(st->rdb, read_sql, r, 5);
}

void
store_finalize(struct store *st)
{
	sqlite3_stmt *all[11] = { st->ins_game, st->ins_seat, st->ins_event,
		st->up_seated, st->up_ply, st->up_result, st->rd_game,
		st->rd_seats, st->rd_events, st->rd_list[0], st->rd_list[1] };
	int i;

	for (i = 0; i < 11; i++)
		sqlite3_finalize(all[i]);
}

static int
step(sqlite3_stmt *q)
{
	int rc = sqlite3_step(q);

	sqlite3_reset(q);
	sqlite3_clear_bindings(q);
	return rc == SQLITE_DONE ? 0 : -1;
}

/* Bind every parameter, checking each; SQLITE_OK or the first error. */
static int
bind_text(sqlite3_stmt *q, int i, const char *v, int rc)
{
	return rc != SQLITE_OK ? rc : sqlite3_bind_text(q, i, v, -1,
	    SQLITE_STATIC);
}

static int
bind_int(sqlite3_stmt *q, int i, long long v, int rc)
{
	return rc != SQLITE_OK ? rc : sqlite3_bind_int64(q, i, v);
}

/* A text that may be NULL (SQL NULL). */
static int
bind_opt(sqlite3_stmt *q, int i, const char *v, int rc)
{
	if (rc != SQLITE_OK)
		return rc;
	return v != NULL ? sqlite3_bind_text(q, i, v, -1, SQLITE_STATIC) :
	    sqlite3_bind_null(q, i);
}

/* A game's row follows its events: a MOVE counts, an UNDO takes back
 * (to the ply store_undo_ply reads of it), a RESULT ends it. */
static int
summary(struct store *st, const char *game, const char *kind,
    const char *body)
{
	long undo = strcmp(kind, "UNDO") == 0 ? store_undo_ply(kind, body) :
	    -1;
	char result[8] = "";
	sqlite3_stmt *q;
	int rc;

	if (strcmp(kind, "MOVE") == 0 || undo >= 0) {
		q = st->up_ply;
		rc = bind_text(q, 1, game, SQLITE_OK);
		rc = bind_int(q, 2, undo, rc);
	} else if (strcmp(kind, "RESULT") == 0) {
		if (strncmp(body, "result=", 7) == 0)
			snprintf(result, sizeof result, "%.*s",
			    (int)strcspn(body + 7, " "), body + 7);
		q = st->up_result;
		rc = bind_text(q, 1, result, SQLITE_OK);
		rc = bind_text(q, 2, game, rc);
	} else
		return 0;
	return rc != SQLITE_OK ? -1 : step(q);
}

/* The rows of one change, inside a transaction. */
static int
put_change(struct store *st, const struct store_change *ch)
{
	sqlite3_stmt *q;
	int i, rc;

	if (ch->game[0] == '\0')
		goto ops;       /* accounts only */
	if (ch->new_game) {
		q = st->ins_game;
		rc = bind_text(q, 1, ch->game, SQLITE_OK);
		rc = bind_text(q, 2, ch->start_fen, rc);
		rc = bind_int(q, 3, ch->repetition, rc);
		rc = bind_int(q, 4, ch->quiet_plies, rc);
		rc = bind_int(q, 5, ch->created, rc);
		rc = bind_text(q, 6, ch->variant != NULL ? ch->variant :
		    "congo", rc);
		rc = bind_opt(q, 7, ch->clock, rc);
		rc = bind_int(q, 8, ch->creator, rc);
		rc = bind_opt(q, 9, ch->rematch_of, rc);
		if (rc != SQLITE_OK || step(q) < 0)
			return -1;
	}
	for (i = 0; i < 2; i++) {
		if (i == 0 ? ch->seat < 0 : !ch->both_seats)
			continue;
		q = st->ins_seat;
		rc = bind_text(q, 1, ch->game, SQLITE_OK);
		rc = bind_int(q, 2, i == 0 ? ch->seat : 1, rc);
		rc = bind_text(q, 3, i == 0 ? ch->name : ch->name2, rc);
		rc = bind_text(q, 4, i == 0 ? ch->token : ch->token2, rc);
		if (rc != SQLITE_OK || step(q) < 0)
			return -1;
		q = st->up_seated;
		if (bind_text(q, 1, ch->game, SQLITE_OK) != SQLITE_OK ||
		    step(q) < 0)
			return -1;
	}
ops:
	if (ch->nop > 0 && store_sqlite_ops_put(st, ch) < 0)
		return -1;      /* (a change of a game alone has none) */
	if (ch->game[0] == '\0')
		return 0;
	for (i = 0; i < ch->nev; i++) {
		q = st->ins_event;
		rc = bind_text(q, 1, ch->game, SQLITE_OK);
		rc = bind_int(q, 2, ch->seq[i], rc);
		rc = bind_text(q, 3, ch->kind[i], rc);
		rc = bind_text(q, 4, ch->body[i], rc);
		if (rc != SQLITE_OK || step(q) < 0 ||
		    summary(st, ch->game, ch->kind[i], ch->body[i]) < 0)
			return -1;
	}
	return 0;
}

/* A test's refusal: true while store_fail_next has some left. */
static bool
test_refuses(struct store *st)
{
	if (st->fail_next == 0)
		return false;
	if (st->fail_next > 0)
		st->fail_next--;
	return true;
}

/*
 * Group commit: every change in one transaction, each under a savepoint so
 * that one refused (a duplicate key) leaves the others; one COMMIT, one
 * sync, for all of them.
 */
static int
store_commit_batch(void *ctx, const struct store_change *const *ch, int n,
    bool *ok, bool *conflict, bool *replaced, char *err, size_t errlen)
{
	struct store *st = ctx;
	int i, nok = 0;

	for (i = 0; i < n; i++)        /* one server a file: never */
		conflict[i] = replaced[i] = false;
	if (sqlite3_exec(st->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) !=
	    SQLITE_OK) {
		for (i = 0; i < n; i++)
			ok[i] = false;
		return store_fail(st, err, errlen, "cannot begin");
	}
	for (i = 0; i < n; i++) {
		ok[i] = false;
		if (test_refuses(st)) {
			snprintf(err, errlen, "%s: refused for a test",
			    st->path);
			continue;
		}
		if (sqlite3_exec(st->db, "SAVEPOINT c", NULL, NULL, NULL) !=
		    SQLITE_OK)
			continue;
		if (put_change(st, ch[i]) == 0) {
			ok[i] = true;
			nok++;
		} else {
			/* A name or a rating another change took first, or
			 * a new game's id (the CREATE runs again). */
			conflict[i] = (ch[i]->nop > 0 ||
			    ch[i]->new_game) &&
			    (sqlite3_extended_errcode(st->db) ==
			    SQLITE_CONSTRAINT_PRIMARYKEY ||
			    sqlite3_extended_errcode(st->db) ==
			    SQLITE_CONSTRAINT_UNIQUE);
			store_fail(st, err, errlen, "cannot store");
			sqlite3_exec(st->db, "ROLLBACK TO c", NULL, NULL,
			    NULL);
		}
		sqlite3_exec(st->db, "RELEASE c", NULL, NULL, NULL);
	}
	if (nok == 0) {
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
		return 0;
	}
	if (sqlite3_exec(st->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		store_fail(st, err, errlen, "cannot store");
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
		for (i = 0; i < n; i++)
			ok[i] = false;
		return -1;
	}
	return 0;
}

static int
store_commit(void *ctx, const struct store_change *ch, char *err,
    size_t errlen)
{
	bool ok = false, conflict, replaced;

	err[0] = '\0';
	if (store_commit_batch(ctx, &ch, 1, &ok, &conflict, &replaced, err,
	    errlen) < 0 || !ok)
		return -1;
	return 0;
}


static const char *
col(sqlite3_stmt *q, int i)
{
	const unsigned char *t = sqlite3_column_text(q, i);

	return t != NULL ? (const char *)t : "";
}

static int
read_fail(struct store *st, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s: cannot read it: %s", st->path,
	    sqlite3_errmsg(st->rdb));
	return -1;
}

/* One stored game into the session, through the start-up path. */
static int
store_load_game(void *ctx, struct sess *s, const char *id, char *err,
    size_t errlen)
{
	struct store *st = ctx;
	sqlite3_stmt *q = st->rd_game;
	char e[300];
	int rc, r = 0;

	if (bind_text(q, 1, id, SQLITE_OK) != SQLITE_OK)
		return read_fail(st, err, errlen);
	rc = sqlite3_step(q);
	if (rc == SQLITE_ROW) {
		struct store_game_row row;
		memset(&row, 0, sizeof row);
		row.id = id;
		row.start = col(q, 0);
		row.repetition = sqlite3_column_int(q, 1);
		row.quiet_plies = sqlite3_column_int(q, 2);
		row.created = sqlite3_column_int64(q, 3);
		row.variant = col(q, 4);
		if (sqlite3_column_type(q, 5) != SQLITE_NULL)
			row.clock = col(q, 5);
		row.creator = sqlite3_column_int(q, 6);
		if (sqlite3_column_type(q, 7) != SQLITE_NULL)
			row.rematch_of = col(q, 7);
		row.rated = sqlite3_column_int(q, 8) != 0;
		r = store_sess()->load_game(s, &row, e, sizeof e);
	}
	sqlite3_reset(q);
	if (rc == SQLITE_DONE)
		return 0;
	if (rc != SQLITE_ROW)
		return read_fail(st, err, errlen);
	for (int k = 0; k < 2 && r == 0; k++) {
		q = k == 0 ? st->rd_seats : st->rd_events;
		if (bind_text(q, 1, id, SQLITE_OK) != SQLITE_OK)
			return read_fail(st, err, errlen);
		while (r == 0 && (rc = sqlite3_step(q)) == SQLITE_ROW)
			r = k == 0 ? store_sess()->load_seat(s, id,
			    sqlite3_column_int(q, 0), col(q, 1), col(q, 2), e,
			    sizeof e) : store_sess()->load_event(s, id,
			    (long)sqlite3_column_int64(q, 0), col(q, 1),
			    col(q, 2), e, sizeof e);
		sqlite3_reset(q);
		if (r == 0 && rc != SQLITE_DONE)
			return read_fail(st, err, errlen);
	}
	if (r != 0) {
		snprintf(err, errlen, "%s: %s", st->path, e);
		return -2;
	}
	return 1;
}

static int
store_list(void *ctx, int status, int n, struct store_item *out, char *err,
    size_t errlen)
{
	struct store *st = ctx;
	sqlite3_stmt *q = st->rd_list[status >= 0];
	int rc, k = 0;

	if (n <= 0)
		return 0;
	rc = status >= 0 ? bind_int(q, 1, status, SQLITE_OK) : SQLITE_OK;
	rc = bind_int(q, status >= 0 ? 2 : 1, n, rc);
	if (rc != SQLITE_OK)
		return read_fail(st, err, errlen);
	while (k < n && (rc = sqlite3_step(q)) == SQLITE_ROW) {
		struct store_item *it = &out[k++];
		snprintf(it->id, sizeof it->id, "%s", col(q, 0));
		it->status = sqlite3_column_int(q, 1);
		it->ply = sqlite3_column_int(q, 2);
		snprintf(it->result, sizeof it->result, "%s", col(q, 3));
		snprintf(it->white, sizeof it->white, "%s", col(q, 4));
		snprintf(it->black, sizeof it->black, "%s", col(q, 5));
		snprintf(it->variant, sizeof it->variant, "%s", col(q, 6));
		snprintf(it->clock, sizeof it->clock, "%s", col(q, 7));
		it->account[0] = sqlite3_column_int(q, 8) != 0;
		it->account[1] = sqlite3_column_int(q, 9) != 0;
		store_timing_parse(col(q, 10), it);
	}
	sqlite3_reset(q);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return read_fail(st, err, errlen);
	return k;
}

static int
ops_load(void *ctx, struct sess *s, char *err, size_t errlen)
{
	return store_load(ctx, s, err, errlen);
}

static const char *
ops_note(void *ctx)
{
	return store_note(ctx);
}

static void
ops_close(void *ctx)
{
	store_close(ctx);
}

/* Start-up: the open and active games, found by the status index, each
 * read as one game is (start-up does not grow with finished games). */
int
store_load(struct store *st, struct sess *s, char *err, size_t errlen)
{
	sqlite3_stmt *q;
	char **ids = NULL;
	size_t n = 0, cap = 0, i;
	int rc, r = 0;

	if (sqlite3_prepare_v2(st->rdb, "SELECT id FROM games WHERE status "
	    "IN (0, 1) ORDER BY rowid", -1, &q, NULL) != SQLITE_OK)
		return read_fail(st, err, errlen);
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			ids = xrealloc(ids, sizeof *ids * cap);
		}
		ids[n++] = xstrdup(col(q, 0));
	}
	if (rc != SQLITE_DONE)
		r = read_fail(st, err, errlen);
	sqlite3_finalize(q);
	for (i = 0; i < n; i++) {
		char e[512];
		if (r == 0 && store_load_game(st, s, ids[i], e, sizeof e) < 0)
			store_sess()->refuse_game(s, ids[i], e);
		free(ids[i]);
	}
	free(ids);
	return r;
}

const struct store_ops store_sqlite_ops = {
	.commit = store_commit,
	.commit_batch = store_commit_batch,
	.load_game = store_load_game,
	.list = store_list,
	.load = ops_load,
	.note = ops_note,
	.close = ops_close,
	.account = store_sqlite_account,
	.ratings = store_sqlite_ratings,
	.top = store_sqlite_top,
	.games_of = store_sqlite_games_of,
	.history = store_sqlite_history,
	.blocks = store_sqlite_blocks,
	.games_mine = store_sqlite_games_mine,
	.tourneys = store_sqlite_tourneys,
	.tmembers = store_sqlite_tmembers,
	.tpairs = store_sqlite_tpairs,
	.tlease = store_sqlite_tlease,
};
