/*
 * net_store.c: games kept in SQLite. WAL with synchronous=FULL, so a commit
 * is on disk when it returns; one transaction per command (a MOVE and the
 * RESULT it brings go together). The file is locked for this process alone
 * (locking_mode=EXCLUSIVE): a second server on the same file is refused.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "net/net_internal.h"

#define APP_ID 0x436f4e47       /* "CoNG" */
/* 1: tokens in plain text; 2: their SHA-256 (hex) instead. */
#define SCHEMA_VERSION 2

struct store {
	sqlite3 *db;
	sqlite3_stmt *ins_game, *ins_seat, *ins_event;
	int fail_next;
	char path[1024];
};

static const char schema[] =
    "CREATE TABLE games("
    " id TEXT PRIMARY KEY,"
    " start TEXT NOT NULL,"
    " repetition INTEGER NOT NULL,"
    " quiet INTEGER NOT NULL,"
    " created INTEGER NOT NULL);"
    "CREATE TABLE seats("
    " game TEXT NOT NULL REFERENCES games(id),"
    " seat INTEGER NOT NULL CHECK (seat IN (0, 1)),"
    " name TEXT NOT NULL,"
    " token TEXT NOT NULL,"
    " PRIMARY KEY (game, seat));"
    "CREATE TABLE events("
    " game TEXT NOT NULL REFERENCES games(id),"
    " seq INTEGER NOT NULL,"
    " kind TEXT NOT NULL,"
    " body TEXT NOT NULL,"
    " PRIMARY KEY (game, seq)) WITHOUT ROWID;";

static int
fail(struct store *st, char *err, size_t errlen, const char *what)
{
	int code = st->db != NULL ? sqlite3_errcode(st->db) & 0xff : 0;

	snprintf(err, errlen, "%s: %s%s%s%s", st->path, what,
	    st->db != NULL ? ": " : "",
	    st->db != NULL ? sqlite3_errmsg(st->db) : "",
	    code == SQLITE_BUSY || code == SQLITE_LOCKED ?
	    " (is another congo-server using it?)" : "");
	return -1;
}

static int
exec(struct store *st, const char *sql, char *err, size_t errlen,
    const char *what)
{
	if (sqlite3_exec(st->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return fail(st, err, errlen, what);
	return 0;
}

/* A pragma's single value as text into out. */
static int
pragma(struct store *st, const char *sql, char *out, size_t n, char *err,
    size_t errlen)
{
	sqlite3_stmt *q;
	int rc;

	if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
		return fail(st, err, errlen, "cannot read it");
	rc = sqlite3_step(q);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		sqlite3_finalize(q);
		return fail(st, err, errlen, "cannot read it");
	}
	snprintf(out, n, "%s", rc == SQLITE_ROW &&
	    sqlite3_column_text(q, 0) != NULL ?
	    (const char *)sqlite3_column_text(q, 0) : "");
	sqlite3_finalize(q);
	return 0;
}

/* congo_sha256(text): the hex SHA-256 of a text, for the migration. */
static void
sql_sha256(sqlite3_context *cx, int argc, sqlite3_value **argv)
{
	const unsigned char *t = sqlite3_value_text(argv[0]);
	char hex[65];

	(void)argc;
	if (t == NULL) {
		sqlite3_result_null(cx);
		return;
	}
	net_sha256_hex(t, (size_t)sqlite3_value_bytes(argv[0]), hex);
	sqlite3_result_text(cx, hex, 64, SQLITE_TRANSIENT);
}

/* Bring an older database up to SCHEMA_VERSION, inside the transaction. */
static int
migrate(struct store *st, long ver, char *err, size_t errlen)
{
	char sql[64];

	if (ver < 2) {
		/* Tokens in plain text become their hashes: a copy of the
		 * file no longer gives a seat. */
		if (sqlite3_create_function(st->db, "congo_sha256", 1,
		    SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, sql_sha256, NULL,
		    NULL) != SQLITE_OK ||
		    exec(st, "UPDATE seats SET token = congo_sha256(token) "
		    "WHERE length(token) = 26", err, errlen,
		    "cannot hash its seat tokens") < 0)
			return -1;
	}
	snprintf(sql, sizeof sql, "PRAGMA user_version=%d", SCHEMA_VERSION);
	return exec(st, sql, err, errlen, "cannot mark it");
}

static int
setup(struct store *st, bool create, char *err, size_t errlen)
{
	char v[256];
	long app, ver, ntables;

	/* Exclusive first, so WAL works without shared memory, one owner. */
	if (exec(st, "PRAGMA locking_mode=EXCLUSIVE", err, errlen,
	    "cannot lock it") < 0)
		return -1;
	if (pragma(st, "PRAGMA journal_mode=WAL", v, sizeof v, err,
	    errlen) < 0)
		return -1;
	if (strcmp(v, "wal") != 0) {
		snprintf(err, errlen, "%s: cannot use write-ahead logging "
		    "(journal mode %s)", st->path, v);
		return -1;
	}
	if (exec(st, "PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON",
	    err, errlen, "cannot set it up") < 0)
		return -1;
	/* Take the lock now: another server on this file fails here. */
	if (exec(st, "BEGIN IMMEDIATE", err, errlen, "cannot lock it (is "
	    "another congo-server using it?)") < 0)
		return -1;
	if (pragma(st, "PRAGMA quick_check", v, sizeof v, err, errlen) < 0)
		goto bad;
	if (strcmp(v, "ok") != 0) {
		snprintf(err, errlen, "%s: the database is damaged: %s",
		    st->path, v);
		goto bad;
	}
	if (pragma(st, "SELECT count(*) FROM sqlite_master", v, sizeof v,
	    err, errlen) < 0)
		goto bad;
	ntables = atol(v);
	if (pragma(st, "PRAGMA application_id", v, sizeof v, err,
	    errlen) < 0)
		goto bad;
	app = atol(v);
	if (pragma(st, "PRAGMA user_version", v, sizeof v, err, errlen) < 0)
		goto bad;
	ver = atol(v);
	if (ntables == 0 && app == 0) {
		char sql[128];

		if (!create) {
			snprintf(err, errlen, "%s: an SQLite database with no "
			    "tables, not a congo-server database (to make it "
			    "one, start congo-server with --create)", st->path);
			goto bad;
		}
		snprintf(sql, sizeof sql, "PRAGMA application_id=%d; "
		    "PRAGMA user_version=%d", APP_ID, SCHEMA_VERSION);
		if (exec(st, schema, err, errlen, "cannot create tables") < 0 ||
		    exec(st, sql, err, errlen, "cannot mark it") < 0)
			goto bad;
	} else if (app != APP_ID) {
		snprintf(err, errlen, "%s: not a congo-server database",
		    st->path);
		goto bad;
	} else if (ver < 1 || ver > SCHEMA_VERSION) {
		snprintf(err, errlen, "%s: database version %ld, this server "
		    "reads versions 1 to %d", st->path, ver, SCHEMA_VERSION);
		goto bad;
	} else if (ver < SCHEMA_VERSION && migrate(st, ver, err, errlen) < 0)
		goto bad;
	if (exec(st, "COMMIT", err, errlen, "cannot write it") < 0)
		goto bad;
	if (sqlite3_prepare_v2(st->db, "INSERT INTO games(id, start, "
	    "repetition, quiet, created) VALUES (?, ?, ?, ?, ?)", -1,
	    &st->ins_game, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(st->db, "INSERT INTO seats(game, seat, name, "
	    "token) VALUES (?, ?, ?, ?)", -1, &st->ins_seat, NULL) !=
	    SQLITE_OK ||
	    sqlite3_prepare_v2(st->db, "INSERT INTO events(game, seq, kind, "
	    "body) VALUES (?, ?, ?, ?)", -1, &st->ins_event, NULL) !=
	    SQLITE_OK)
		return fail(st, err, errlen, "unexpected tables");
	return 0;
bad:
	sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
	return -1;
}

/* Does the folder holding path exist? */
static bool
folder_exists(const char *path)
{
	char dir[1024];
	const char *slash = strrchr(path, '/');
	struct stat sb;

	if (slash == NULL)
		return true;                    /* the current folder */
	if (slash == path)
		return true;                    /* the root */
	if ((size_t)(slash - path) >= sizeof dir)
		return false;
	memcpy(dir, path, (size_t)(slash - path));
	dir[slash - path] = '\0';
	return stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* stat(path) failed with e: may the file be made? Only with --create, in
 * a folder that exists; otherwise err says why not. */
static bool
may_create(const char *path, int e, bool create, char *err, size_t errlen)
{
	if (e != ENOENT)
		snprintf(err, errlen, "%s: %s", path, strerror(e));
	else if (!folder_exists(path))
		snprintf(err, errlen, "%s: No such file or directory (its "
		    "folder does not exist)", path);
	else if (!create)
		/* Never replace a lost database by an empty one unasked:
		 * every game, seat and token would go. */
		snprintf(err, errlen, "%s: No such file or directory: no games "
		    "database there (if games were kept in it, it has been "
		    "moved or removed; to start a new one, run congo-server "
		    "with --create)", path);
	else
		return true;
	return false;
}

struct store *
store_open(const char *path, bool create, char *err, size_t errlen)
{
	struct store *st = xcalloc(1, sizeof *st);
	struct stat sb;
	int flags = SQLITE_OPEN_READWRITE;

	snprintf(st->path, sizeof st->path, "%s", path);
	if (stat(path, &sb) < 0) {
		if (!may_create(path, errno, create, err, errlen)) {
			free(st);
			return NULL;
		}
		/* It holds seat tokens: for its owner's eyes only. */
		int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
		    0600);
		if (fd < 0) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			free(st);
			return NULL;
		}
		close(fd);
	} else if (!S_ISREG(sb.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file", path);
		free(st);
		return NULL;
	} else if (sb.st_size == 0 && !create) {
		snprintf(err, errlen, "%s: the file is empty (0 bytes): no "
		    "games, not even the tables (if games were kept in it, it "
		    "has been emptied; to start a new database in it, run "
		    "congo-server with --create)", path);
		free(st);
		return NULL;
	}
	if (sqlite3_open_v2(path, &st->db, flags, NULL) != SQLITE_OK) {
		fail(st, err, errlen, "cannot open");
		store_close(st);
		return NULL;
	}
	sqlite3_extended_result_codes(st->db, 1);
	if (setup(st, create, err, errlen) < 0) {
		store_close(st);
		return NULL;
	}
	return st;
}

void
store_close(struct store *st)
{
	if (st == NULL)
		return;
	sqlite3_finalize(st->ins_game);
	sqlite3_finalize(st->ins_seat);
	sqlite3_finalize(st->ins_event);
	if (st->db != NULL)
		sqlite3_close(st->db);
	free(st);
}

void
store_fail_next(struct store *st, int n)
{
	st->fail_next = n;
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

/* The rows of one change, inside a transaction. */
static int
put_change(struct store *st, const struct store_change *ch)
{
	sqlite3_stmt *q;
	int i, rc;

	if (ch->new_game) {
		q = st->ins_game;
		rc = bind_text(q, 1, ch->game, SQLITE_OK);
		rc = bind_text(q, 2, ch->start_fen, rc);
		rc = bind_int(q, 3, ch->repetition, rc);
		rc = bind_int(q, 4, ch->quiet_plies, rc);
		rc = bind_int(q, 5, ch->created, rc);
		if (rc != SQLITE_OK || step(q) < 0)
			return -1;
	}
	if (ch->seat >= 0) {
		q = st->ins_seat;
		rc = bind_text(q, 1, ch->game, SQLITE_OK);
		rc = bind_int(q, 2, ch->seat, rc);
		rc = bind_text(q, 3, ch->name, rc);
		rc = bind_text(q, 4, ch->token, rc);
		if (rc != SQLITE_OK || step(q) < 0)
			return -1;
	}
	for (i = 0; i < ch->nev; i++) {
		q = st->ins_event;
		rc = bind_text(q, 1, ch->game, SQLITE_OK);
		rc = bind_int(q, 2, ch->seq[i], rc);
		rc = bind_text(q, 3, ch->kind[i], rc);
		rc = bind_text(q, 4, ch->body[i], rc);
		if (rc != SQLITE_OK || step(q) < 0)
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
    bool *ok, char *err, size_t errlen)
{
	struct store *st = ctx;
	int i, nok = 0;

	if (sqlite3_exec(st->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) !=
	    SQLITE_OK) {
		for (i = 0; i < n; i++)
			ok[i] = false;
		return fail(st, err, errlen, "cannot begin");
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
			fail(st, err, errlen, "cannot store");
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
		fail(st, err, errlen, "cannot store");
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
	bool ok = false;

	err[0] = '\0';
	if (store_commit_batch(ctx, &ch, 1, &ok, err, errlen) < 0 || !ok)
		return -1;
	return 0;
}

const struct store_ops store_sqlite_ops = { store_commit,
	store_commit_batch };

static const char *
col(sqlite3_stmt *q, int i)
{
	const unsigned char *t = sqlite3_column_text(q, i);

	return t != NULL ? (const char *)t : "";
}

int
store_load(struct store *st, struct sess *s, char *err, size_t errlen)
{
	static const char *const sql[3] = {
		("SELECT id, start, repetition, quiet, created FROM games "
		    "ORDER BY rowid"),
		"SELECT game, seat, name, token FROM seats",
		"SELECT game, seq, kind, body FROM events ORDER BY game, seq",
	};
	char e[300];
	sqlite3_stmt *q;
	int i, rc, r = 0;

	for (i = 0; i < 3 && r == 0; i++) {
		if (sqlite3_prepare_v2(st->db, sql[i], -1, &q, NULL) !=
		    SQLITE_OK)
			return fail(st, err, errlen, "cannot read it");
		while (r == 0 && (rc = sqlite3_step(q)) == SQLITE_ROW) {
			if (i == 0)
				r = sess_load_game(s, col(q, 0), col(q, 1),
				    sqlite3_column_int(q, 2),
				    sqlite3_column_int(q, 3),
				    sqlite3_column_int64(q, 4), e, sizeof e);
			else if (i == 1)
				r = sess_load_seat(s, col(q, 0),
				    sqlite3_column_int(q, 1), col(q, 2),
				    col(q, 3), e, sizeof e);
			else
				r = sess_load_event(s, col(q, 0),
				    (long)sqlite3_column_int64(q, 1),
				    col(q, 2), col(q, 3), e, sizeof e);
			if (r != 0)
				snprintf(err, errlen, "%s: %s", st->path, e);
		}
		if (r == 0 && rc != SQLITE_DONE)
			r = fail(st, err, errlen, "cannot read it");
		sqlite3_finalize(q);
	}
	return r;
}
