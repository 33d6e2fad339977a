/*
 * store_sqlite.c: games kept in SQLite: opening, checking, creating and
 * migrating the file (store_sqlite_rw.c reads and writes it); an older file
 * is migrated only when asked (STORE_UPGRADE: congo-server --upgrade). WAL with
 * synchronous=FULL, so a commit is on disk when it returns. The file is
 * locked (flock) for one server: a second one on it is refused.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>
#include <sys/file.h>

#include "net/store/store.h"

#include "net/store/store_sqlite.h"
#include "util/util.h"

#define APP_ID 0x436f4e47       /* "CoNG" */
/* 1: tokens in plain text; 2: their SHA-256 (hex) instead; 3: each game's
 * status, ply and result in its row (LIST and start-up read no events);
 * 4: accounts and ratings (STORE_ACCOUNTS_SQL), rated games, end times;
 * 5: the speed correspondence under its whole name (STORE_SPEED_RENAME_SQL);
 * 6: tournaments (STORE_TOURN_SQL);
 * 7: bot accounts (STORE_BOTS_SQL);
 * 8: a tournament's minimum of rated games (STORE_TOURN_MINRATED_SQL). */
#define SCHEMA_VERSION 8
#define QUICK_CHECK_MAX (8LL << 20)

static const char schema[] =
    "CREATE TABLE games("
    " id TEXT PRIMARY KEY,"
    " start TEXT NOT NULL,"
    " repetition INTEGER NOT NULL,"
    " quiet INTEGER NOT NULL,"
    " created INTEGER NOT NULL,"
    STORE_GAMES_COLUMNS_SQL
    " ended INTEGER NOT NULL DEFAULT 0);"
    "CREATE INDEX games_status ON games(status);"
    STORE_SEATS_SQL
    "CREATE TABLE events("
    " game TEXT NOT NULL REFERENCES games(id),"
    " seq INTEGER NOT NULL,"
    " kind TEXT NOT NULL,"
    " body TEXT NOT NULL,"
    " PRIMARY KEY (game, seq)) WITHOUT ROWID;"
    STORE_ACCOUNTS_SQL
    STORE_TOURN_SQL
    STORE_BOTS_SQL
    STORE_TOURN_MINRATED_SQL;

/*
 * The online columns (the variant, the clock, the creator's seat for
 * CANCEL, the game a rematch follows), added by an upgrade to a database
 * made before them whatever its version says, so the step goes along with
 * any other migration. The creator of an older game is taken as the seat of its
 * first event, which CREATE stored with it. The stored events need
 * nothing: clock times, SAID and REMATCH are new events and keys.
 */
static const char add_online_columns[] =
    "ALTER TABLE games ADD COLUMN variant TEXT NOT NULL DEFAULT 'congo';"
    "ALTER TABLE games ADD COLUMN clock TEXT;"
    "ALTER TABLE games ADD COLUMN creator INTEGER NOT NULL DEFAULT -1;"
    "ALTER TABLE games ADD COLUMN rematch_of TEXT;"
    "UPDATE games SET creator = coalesce((SELECT CASE WHEN body LIKE "
    " 'seat=white%' THEN 0 ELSE 1 END FROM events WHERE game = games.id"
    " AND seq = 1 AND kind = 'JOINED'), -1);";

int
store_fail(struct store *st, char *err, size_t errlen, const char *what)
{
	snprintf(err, errlen, "%s: %s%s%s%s", st->path, what,
	    st->db != NULL ? ": " : "",
	    st->db != NULL ? sqlite3_errmsg(st->db) : "",
	    st->db != NULL ? store_explain(st) : "");
	return -1;
}

static int
exec(struct store *st, const char *sql, char *err, size_t errlen,
    const char *what)
{
	if (sqlite3_exec(st->db, sql, NULL, NULL, NULL) != SQLITE_OK)
		return store_fail(st, err, errlen, what);
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
		return store_fail(st, err, errlen, "cannot read it");
	rc = sqlite3_step(q);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		sqlite3_finalize(q);
		return store_fail(st, err, errlen, "cannot read it");
	}
	snprintf(out, n, "%s", rc == SQLITE_ROW &&
	    sqlite3_column_text(q, 0) != NULL ?
	    (const char *)sqlite3_column_text(q, 0) : "");
	sqlite3_finalize(q);
	return 0;
}

/* A pragma's (or count's) single value as a number into *out, or -1 with
 * an error naming what was asked (what). */
static int
pragma_num(struct store *st, const char *sql, const char *what, long *out,
    char *err, size_t errlen)
{
	char v[64], why[160];

	if (pragma(st, sql, v, sizeof v, err, errlen) < 0)
		return -1;
	if (parse_long(v, LONG_MIN, LONG_MAX, out, why, sizeof why) != 0)
		return util_error(err, errlen, "%s: %s: %s", st->path, what,
		    why);
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

/* The steps to versions 3 to 6 (2's has a function of its own): their
 * SQL, and what a failure says. */
static const struct {
	long to;
	const char *sql, *what;
	/* A count that is not 0 when the step was made already (its
	 * columns there: a file marked older than its tables are, as a
	 * restored version mark or a test leaves it): the step is passed
	 * by, as PostgreSQL's ADD COLUMN IF NOT EXISTS. NULL: none. */
	const char *done;
} steps[] = {
	/* Each game's summary in its row, from its events. */
	{ 3, "ALTER TABLE games ADD COLUMN status INTEGER NOT "
	    "NULL DEFAULT 0; ALTER TABLE games ADD COLUMN ply INTEGER "
	    "NOT NULL DEFAULT 0; ALTER TABLE games ADD COLUMN result "
	    "TEXT NOT NULL DEFAULT '';"
	    "UPDATE games SET ply = (SELECT count(*) FROM events e "
	    "WHERE e.game = games.id AND e.kind = 'MOVE'), status = "
	    "CASE WHEN EXISTS (SELECT 1 FROM events e WHERE e.game = "
	    "games.id AND e.kind = 'RESULT') THEN 2 WHEN (SELECT "
	    "count(*) FROM seats s WHERE s.game = games.id) = 2 THEN 1 "
	    "ELSE 0 END;"
	    "UPDATE games SET result = (SELECT substr(e.body, 8, "
	    "instr(e.body || ' ', ' ') - 8) FROM events e WHERE e.game "
	    "= games.id AND e.kind = 'RESULT') WHERE status = 2;"
	    "CREATE INDEX games_status ON games(status);",
	  "cannot add the games' status", NULL },
	/* Accounts and ratings; a game's rated flag and end. */
	{ 4, "ALTER TABLE games ADD COLUMN rated INTEGER NOT "
	    "NULL DEFAULT 0; ALTER TABLE games ADD COLUMN ended "
	    "INTEGER NOT NULL DEFAULT 0;" STORE_ACCOUNTS_SQL,
	  "cannot add accounts and ratings", NULL },
	/* "corresponde" (cut short before issue 57) renamed. */
	{ 5, STORE_SPEED_RENAME_SQL,
	  "cannot rename the speed corresponde to correspondence", NULL },
	/* Tournaments (issue 60). */
	{ 6, STORE_TOURN_SQL, "cannot add the tournaments' tables", NULL },
	/* Bot accounts (issue 59). */
	{ 7, STORE_BOTS_SQL, "cannot add the bot accounts' table", NULL },
	/* A tournament's minimum of rated games, a Swiss's first
	 * tie-break (issue 60). */
	{ 8, STORE_TOURN_MINRATED_SQL, "cannot add the tournaments' "
	  "minimum of rated games", "SELECT count(*) FROM "
	  "pragma_table_info('tourneys') WHERE name = 'minrated'" },
};

/* Bring an older database up to SCHEMA_VERSION, inside the transaction. */
static int
migrate(struct store *st, long ver, char *err, size_t errlen)
{
	char sql[64];
	size_t i;

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
	for (i = 0; i < sizeof steps / sizeof steps[0]; i++) {
		long made = 0;

		if (ver >= steps[i].to)
			continue;
		if (steps[i].done != NULL && pragma_num(st, steps[i].done,
		    steps[i].what, &made, err, errlen) < 0)
			return -1;
		if (made == 0 && exec(st, steps[i].sql, err, errlen,
		    steps[i].what) < 0)
			return -1;
	}
	snprintf(sql, sizeof sql, "PRAGMA user_version=%d", SCHEMA_VERSION);
	return exec(st, sql, err, errlen, "cannot mark it");
}

/* An older database without STORE_UPGRADE: refused, saying what to do. */
static int
too_old(struct store *st, long ver, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s: database version %ld, older than this "
	    "server's %d: back it up (sqlite3 FILE '.backup COPY'), then run "
	    "congo-server --upgrade with the same --db to bring it up to date",
	    st->path, ver, SCHEMA_VERSION);
	return -1;
}

/* Tell that the file was migrated, after any other note. */
static void
note_upgrade(struct store *st, long from)
{
	size_t n = strlen(st->note);

	snprintf(st->note + n, sizeof st->note - n, "%s%s: brought from "
	    "version %ld to %d", n > 0 ? "; " : "", st->path, from,
	    SCHEMA_VERSION);
}

/* Write-ahead logging, full syncs, and the file's lock taken (a
 * transaction begun: another server on this file fails here). */
static int
setup_wal(struct store *st, char *err, size_t errlen)
{
	char v[256];

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
	return exec(st, "BEGIN IMMEDIATE", err, errlen, "cannot lock it (is "
	    "another congo-server using it?)");
}

/* The file not damaged. The whole file is read by quick_check: at
 * start-up only while it is small (start-up must not grow with history:
 * 16 MB took 0.4 s); a larger file's pages are checked as they are read. */
static int
setup_check(struct store *st, char *err, size_t errlen)
{
	char v[256];

	if (st->size > QUICK_CHECK_MAX) {
		snprintf(st->note, sizeof st->note, "%s: %lld MB, so not "
		    "checked whole at start-up (sqlite3 FILE 'PRAGMA "
		    "quick_check' checks it offline)", st->path,
		    st->size >> 20);
		return 0;
	}
	if (pragma(st, "PRAGMA quick_check", v, sizeof v, err, errlen) < 0)
		return -1;
	if (strcmp(v, "ok") != 0) {
		snprintf(err, errlen, "%s: the database is damaged: %s",
		    st->path, v);
		return -1;
	}
	return 0;
}

/* Whose and of which version the file is (*ver): an empty one made
 * (STORE_CREATE), another program's, a newer or unknown version
 * refused. */
static int
setup_version(struct store *st, int how, long *ver, char *err,
    size_t errlen)
{
	char sql[128];
	long app, ntables;

	if (pragma_num(st, "SELECT count(*) FROM sqlite_master",
	    "the count of tables", &ntables, err, errlen) < 0 ||
	    pragma_num(st, "PRAGMA application_id", "application_id", &app,
	    err, errlen) < 0 ||
	    pragma_num(st, "PRAGMA user_version", "user_version", ver, err,
	    errlen) < 0)
		return -1;
	if (ntables == 0 && app == 0) {
		if (!(how & STORE_CREATE)) {
			snprintf(err, errlen, "%s: an SQLite database with no "
			    "tables, not a congo-server database (to make it "
			    "one, start congo-server with --create)", st->path);
			return -1;
		}
		snprintf(sql, sizeof sql, "PRAGMA application_id=%d; "
		    "PRAGMA user_version=%d", APP_ID, SCHEMA_VERSION);
		if (exec(st, schema, err, errlen, "cannot create tables") < 0 ||
		    exec(st, sql, err, errlen, "cannot mark it") < 0)
			return -1;
		*ver = SCHEMA_VERSION;
	} else if (app != APP_ID) {
		snprintf(err, errlen, "%s: not a congo-server database",
		    st->path);
		return -1;
	} else if (*ver > SCHEMA_VERSION) {
		snprintf(err, errlen, "%s: database version %ld, newer than "
		    "this server's %d: it was written by a newer congo-server, "
		    "which is needed to serve it", st->path, *ver,
		    SCHEMA_VERSION);
		return -1;
	} else if (*ver < 1) {
		snprintf(err, errlen, "%s: database version %ld, which this "
		    "server cannot read (versions 1 to %d)", st->path, *ver,
		    SCHEMA_VERSION);
		return -1;
	}
	return 0;
}

/* A file of version ver brought to this one (STORE_UPGRADE, else an
 * older one refused), and the tables of no version made where missing. */
static int
setup_upgrade(struct store *st, int how, long ver, char *err,
    size_t errlen)
{
	bool online;
	long n;

	if (pragma_num(st, "SELECT count(*) FROM pragma_table_info('games') "
	    "WHERE name = 'variant'", "the column games.variant", &n, err,
	    errlen) < 0)
		return -1;
	online = n > 0;
	if ((ver < SCHEMA_VERSION || !online) && !(how & STORE_UPGRADE))
		return too_old(st, ver, err, errlen);
	if (ver < SCHEMA_VERSION && migrate(st, ver, err, errlen) < 0)
		return -1;
	if (!online && exec(st, add_online_columns, err, errlen,
	    "cannot add the columns of variants and clocks") < 0)
		return -1;
	if (ver < SCHEMA_VERSION || !online)
		note_upgrade(st, ver);
	/* No part of the version: made where missing (store_sql.h). */
	return exec(st, STORE_BLOCKS_SQL, err, errlen, "cannot make the table "
	    "blocks");
}

static int
setup(struct store *st, int how, char *err, size_t errlen)
{
	long ver;

	if (setup_wal(st, err, errlen) < 0)
		return -1;
	if (setup_check(st, err, errlen) < 0 ||
	    setup_version(st, how, &ver, err, errlen) < 0 ||
	    setup_upgrade(st, how, ver, err, errlen) < 0 ||
	    exec(st, "COMMIT", err, errlen, "cannot write it") < 0) {
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
		return -1;
	}
	if (store_prepare(st) < 0)
		return store_fail(st, err, errlen, "unexpected tables");
	return 0;
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
may_create(const char *path, int e, int how, char *err, size_t errlen)
{
	if (e != ENOENT)
		snprintf(err, errlen, "%s: %s", path, strerror(e));
	else if (!folder_exists(path))
		snprintf(err, errlen, "%s: No such file or directory (its "
		    "folder does not exist)", path);
	else if (!(how & STORE_CREATE))
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

/* STORE_QUERY: the reader thread's connection only, read-only, waiting
 * for a lock (in WAL only a checkpoint's or another program's exclusive
 * lock holds a reader up) at most STORE_QUERY_LOCK_WAIT_MS. */
static struct store *
open_query(struct store *st, char *err, size_t errlen)
{
	if (sqlite3_open_v2(st->path, &st->rdb, SQLITE_OPEN_READONLY, NULL) !=
	    SQLITE_OK || sqlite3_busy_timeout(st->rdb,
	    STORE_QUERY_LOCK_WAIT_MS) != SQLITE_OK ||
	    store_prepare_reads(st) < 0) {
		snprintf(err, errlen, "%s: cannot open it for reading: %s",
		    st->path, st->rdb != NULL ? sqlite3_errmsg(st->rdb) :
		    "out of memory");
		store_close(st);
		return NULL;
	}
	return st;
}

struct store *
store_open(const char *path, int how, char *err, size_t errlen)
{
	struct store *st = xcalloc(1, sizeof *st);
	struct stat sb;

	st->lockfd = -1;
	int flags = SQLITE_OPEN_READWRITE;

	snprintf(st->path, sizeof st->path, "%s", path);
	if (how & STORE_QUERY)
		return open_query(st, err, errlen);
	if (stat(path, &sb) < 0) {
		if (!may_create(path, errno, how, err, errlen)) {
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
	} else if ((st->size = (long long)sb.st_size), !S_ISREG(sb.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file", path);
		free(st);
		return NULL;
	} else if (sb.st_size == 0 && !(how & STORE_CREATE)) {
		snprintf(err, errlen, "%s: the file is empty (0 bytes): no "
		    "games, not even the tables (if games were kept in it, it "
		    "has been emptied; to start a new database in it, run "
		    "congo-server with --create)", path);
		free(st);
		return NULL;
	}
	/* One server a file: a lock of our own, beside SQLite's. */
	st->lockfd = open(path, O_RDONLY | O_CLOEXEC);
	if (st->lockfd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		store_close(st);
		return NULL;
	}
	if (flock(st->lockfd, LOCK_EX | LOCK_NB) < 0) {
		snprintf(err, errlen, "%s: cannot lock it (is another "
		    "congo-server using it?): %s", path, strerror(errno));
		store_close(st);
		return NULL;
	}
	if (sqlite3_open_v2(path, &st->db, flags, NULL) != SQLITE_OK) {
		store_fail(st, err, errlen, "cannot open");
		store_close(st);
		return NULL;
	}
	sqlite3_extended_result_codes(st->db, 1);
	if (store_writable(st, err, errlen) < 0) {
		store_close(st);
		return NULL;
	}
	if (setup(st, how, err, errlen) < 0) {
		store_close(st);
		return NULL;
	}
	store_guard(st);
	/* Reads from the event loop go through a connection of their own:
	 * in WAL they never wait for the store thread's commits. */
	if (sqlite3_open_v2(path, &st->rdb, SQLITE_OPEN_READONLY, NULL) !=
	    SQLITE_OK || store_prepare_reads(st) < 0) {
		store_fail(st, err, errlen, "cannot open it for reading");
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
	store_finalize(st);
	if (st->rdb != NULL)
		sqlite3_close(st->rdb);
	if (st->db != NULL)
		sqlite3_close(st->db);
	if (st->lockfd >= 0)
		close(st->lockfd);
	free(st);
}

const char *
store_note(const struct store *st)
{
	return st->note[0] != '\0' ? st->note : NULL;
}

void
store_fail_next(struct store *st, int n)
{
	st->fail_next = n;
}

