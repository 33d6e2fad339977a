/*
 * test_net_store.c: games stored in SQLite and rebuilt from it; refused
 * commits; missing, foreign, damaged, tampered and locked files.
 */
#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include "net/store/store_sqlite.h"
#include "test_net_util.h"
#include "test_tmp.h"
#include "test_main.h"

/* sql run on the test's database file, as another program would. */
static void
run_sql(const char *sql)
{
	sqlite3 *db;

	assert_int_equal(sqlite3_open(t_dbpath, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
}

/* Play a short game into a fresh database; returns the STATE line. */
static void
play(struct store *st, char *id, char *tw, char *stateline)
{
	struct t_fake *f = t_new_store(NULL, NULL, &store_sqlite_ops, st);
	const char *l;

	t_hello(f, 0, "10.0.0.1");
	t_hello(f, 1, "10.0.0.2");
	l = t_ask(f, 0, "OK #c CREATE", "#c CREATE seat=white name=ann");
	t_val(l, "game", id, 16);
	t_val(l, "token", tw, 40);
	t_join_moves(f, id, " name=bob");
	t_say(f, 0, "DRAW game=%s action=offer", id);
	/* A refused commit: 507 and nothing changed. */
	store_fail_next(st, 1);
	t_drain(f, 0);
	t_ask(f, 0, "ERR #x 507 STORAGE_FAILED",
	    "#x MOVE game=%s ply=2 move=d2d3", id);
	t_ask(f, 0, "OK #s", "#s STATE game=%s", id);
	l = t_expect(f, 0, "EV ");
	strcpy(stateline, l);
	assert_non_null(strstr(stateline, " 5 STATE "));
	assert_non_null(strstr(stateline, " ply=2 "));
	t_free(f);
}

static void
test_store_and_rebuild(void **state)
{
	char id[16], tw[40], before[2048];
	struct store *st = t_db_open(STORE_CREATE);
	struct t_fake *f;

	(void)state;
	play(st, id, tw, before);
	store_close(st);

	f = t_db_restart(NULL);
	assert_int_equal(sess_ngames(f->s), 1);
	t_hello(f, 0, "10.0.0.1");
	t_ask(f, 0, "OK #r REJOIN", "#r REJOIN game=%s token=%s", id, tw);
	t_expect(f, 0, "EV ");
	/* Black is not connected now. */
	assert_non_null(strstr(before, " bpresent=1 "));
	*strstr(before, " bpresent=1 ") = '\0';
	assert_memory_equal(t_last, before, strlen(before));
	assert_non_null(strstr(t_last, " draw=white"));
	/* Play goes on, and is stored after the old events. */
	t_hello(f, 1, "10.0.0.2");
	t_ask(f, 1, "ERR * 401", "REJOIN game=%s token=%s since=5", id, "x");
	t_ask(f, 0, "OK #m MOVE", "#m MOVE game=%s ply=2 move=d2d3", id);
	assert_non_null(strstr(t_last, " ply=3 seq=6"));
	t_db_free(f);

	f = t_db_restart(NULL);
	t_hello(f, 0, "10.0.0.1");
	t_ask(f, 0, "OK #h HISTORY", "#h HISTORY game=%s", id);
	assert_non_null(strstr(t_last, " n=3 "));
	t_db_free(f);
}

static void
test_missing(void **state)
{
	char err[512], path[400];

	(void)state;
	assert_null(store_open(t_dbpath, 0, err, sizeof err));
	assert_non_null(strstr(err, t_dbpath));
	assert_non_null(strstr(err, "No such file"));
	snprintf(path, sizeof path, "%s/nowhere/games.db", t_dir);
	assert_null(store_open(path, STORE_CREATE, err, sizeof err));
	assert_non_null(strstr(err, "nowhere"));
	assert_null(store_open(t_dir, STORE_CREATE, err, sizeof err));
	assert_non_null(strstr(err, "not a regular file"));
	/* A lost database is never replaced unasked: the error says how to
	 * start a new one, and nothing is created. */
	assert_null(store_open(t_dbpath, 0, err, sizeof err));
	assert_non_null(strstr(err, "--create"));
	assert_int_equal(access(t_dbpath, F_OK), -1);
}

/* path refused (the error names it, says why and points to --create) until
 * --create makes a database in it. */
static void
refused_until_created(const char *path, const char *why)
{
	char err[512];
	struct store *st;

	assert_null(store_open(path, 0, err, sizeof err));
	assert_non_null(strstr(err, path));
	assert_non_null(strstr(err, why));
	assert_non_null(strstr(err, "--create"));
	st = store_open(path, STORE_CREATE, err, sizeof err);
	assert_non_null(st);
	store_close(st);
}

/* An emptied (0-byte) file is refused, not taken for a new database;
 * --create makes one in it. */
static void
test_empty_file(void **state)
{
	char err[512], path[400];
	struct store *st;
	FILE *f;

	(void)state;
	snprintf(path, sizeof path, "%s/empty.db", t_dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fclose(f);
	refused_until_created(path, "empty (0 bytes)");
	st = store_open(path, 0, err, sizeof err);
	assert_non_null(st);
	store_close(st);
	unlink(path);
}

/* An SQLite file without tables (one made and emptied) is not taken for a
 * new database either, unless --create asks for it. */
static void
test_no_tables(void **state)
{
	char path[400];
	sqlite3 *db;

	(void)state;
	snprintf(path, sizeof path, "%s/bare.db", t_dir);
	assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "CREATE TABLE t(x); DROP TABLE t",
	    NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	refused_until_created(path, "no tables");
}

static void
test_garbage_file(void **state)
{
	char err[512];
	int fd;

	(void)state;
	fd = open(t_dbpath, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	for (int i = 0; i < 100; i++)
		assert_int_equal(write(fd, "this is not a database at all\n",
		    30), 30);
	close(fd);
	assert_null(store_open(t_dbpath, STORE_CREATE, err, sizeof err));
	print_message("%s\n", err);
	assert_non_null(strstr(err, t_dbpath));
	assert_non_null(strstr(err, "not a database"));
	unlink(t_dbpath);
}

static void
test_foreign_database(void **state)
{
	char err[512];

	(void)state;
	run_sql("CREATE TABLE t(x)");
	assert_null(store_open(t_dbpath, STORE_CREATE, err, sizeof err));
	assert_non_null(strstr(err, "not a congo-server database"));
	unlink(t_dbpath);
}

static void
test_locked(void **state)
{
	char err[512];
	struct store *st = t_db_open(STORE_CREATE);

	(void)state;
	assert_null(store_open(t_dbpath, STORE_CREATE, err, sizeof err));
	print_message("%s\n", err);
	assert_non_null(strstr(err, "another congo-server"));
	store_close(st);
	st = t_db_open(0);
	store_close(st);
}

/*
 * A stored game that does not add up is refused at start-up (logged with
 * its id and event, left in the file), and the other games are served: one
 * bad game never stops a start.
 */
static void
test_tampered(void **state)
{
	char id[16], tw[40], line[2048], other[16];
	struct store *st = t_db_open(STORE_CREATE);
	struct t_fake *f;
	const char *l;

	(void)state;
	play(st, id, tw, line);
	f = t_new_store(NULL, NULL, &store_sqlite_ops, st);
	t_hello(f, 0, "10.0.0.1");
	l = t_ask(f, 0, "OK #c CREATE", "#c CREATE seat=white name=cy");
	t_val(l, "game", other, sizeof other);
	t_free(f);
	store_close(st);
	run_sql("UPDATE events SET body = replace(body, 'move=c6c5', "
	    "'move=c6c3') WHERE seq = 4");
	f = t_db_restart(NULL);
	print_message("%s\n", f->lastlog);
	assert_non_null(strstr(f->lastlog, id));
	assert_non_null(strstr(f->lastlog, "event 4"));
	assert_int_equal(sess_ngames(f->s), 1);
	sess_start(f->s, 0, 0);
	t_hello(f, 0, "10.0.0.1");
	t_ask(f, 0, "OK #s STATE", "#s STATE game=%s", other);
	t_drain(f, 0);
	/* Asked for, it is read again and refused again, never half served. */
	t_ask(f, 0, "ERR #t 500 INTERNAL", "#t STATE game=%s", id);
	assert_int_equal(sess_ngames(f->s), 1);
	t_db_free(f);
	/* It is still in the file as it was. */
	run_sql("SELECT 1 FROM events WHERE body LIKE '%move=c6c3%'");
}

/* A number column that is not one is refused naming the column, not
 * read as 0. */
static void
test_bad_columns(void **state)
{
	struct store *st = t_db_open(STORE_CREATE);
	struct store_account a;
	struct store_rating r[2];
	char err[512];
	sqlite3 *db;

	(void)state;
	store_close(st);
	assert_int_equal(sqlite3_open(t_dbpath, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "INSERT INTO accounts VALUES "
	    "('ann', 'Ann', 'h', 'x'); INSERT INTO ratings(lname, variant, "
	    "speed, rating, rd, vol, games) VALUES ('ann', 'congo', "
	    "'blitz', 1500, 'wide', 0.06, 0)", NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	st = t_db_open(0);
	assert_int_equal(store_sqlite_ops.account(st, "ann", &a, err,
	    sizeof err), -1);
	assert_string_equal(err, "accounts.created: 'x' is not a whole "
	    "number of 0 or more");
	assert_int_equal(store_sqlite_ops.ratings(st, "ann", NULL, NULL, r, 2,
	    err, sizeof err), -1);
	assert_string_equal(err, "ratings.rd: 'wide' is not a number");
	store_close(st);
}

/*
 * Whatever CREATE accepts is stored in a form a start reads back: 1234.5 s
 * was stored as 1.23e+03 and stopped every later start; an increment of
 * 0.5 s was announced and stored as 0.
 */
static void
test_clock_text_stored(void **state)
{
	static const char *const clk[] = { "1234.5+0", "10+0.5", "1+0.001",
	    "86400+600" };
	char id[4][16], want[64];
	struct store *st = t_db_open(STORE_CREATE);
	struct t_fake *f;
	const char *l;
	size_t k;

	(void)state;
	f = t_new_store(NULL, NULL, &store_sqlite_ops, st);
	t_hello(f, 0, "10.0.0.1");
	for (k = 0; k < 4; k++) {
		l = t_ask(f, 0, "OK #c CREATE",
		    "#c CREATE seat=white name=cl clock=%s", clk[k]);
		t_val(l, "game", id[k], sizeof id[k]);
		l = t_expect(f, 0, "EV ");
		snprintf(want, sizeof want, " clock=%s ", clk[k]);
		assert_non_null(strstr(l, want));
	}
	t_free(f);
	store_close(st);
	f = t_db_restart(NULL);
	assert_int_equal(sess_ngames(f->s), 4);
	sess_start(f->s, 0, 0);
	t_hello(f, 0, "10.0.0.1");
	for (k = 0; k < 4; k++) {
		t_ask(f, 0, "OK #s STATE", "#s STATE game=%s", id[k]);
		l = t_expect(f, 0, "EV ");
		snprintf(want, sizeof want, " clock=%s ", clk[k]);
		assert_non_null(strstr(l, want));
	}
	t_db_free(f);
}

/*
 * A time past both clocks a game's stay in memory is counted on: its end
 * is the real monotonic clock's (at start-up), its keeping after a read
 * the fake session clock's (1,000,000 ms on): a machine up for less than
 * about 16 minutes has the real one behind.
 */
static long long
past_keep(const struct t_fake *f)
{
	long long now = util_now_ms(), keep = f->now + SESS_READ_KEEP_MS;

	return now > keep ? now : keep;
}

/* Finished games stay in the store: start-up reads only the open and
 * active ones; STATE, HISTORY and OBSERVE read a finished one again, and it
 * leaves memory when nobody holds or watches it (or after the grace); LIST
 * comes from the games' rows. */
static void
test_finished_on_demand(void **state)
{
	char id[16], tw[40], line[2048], err[512], open_id[16];
	struct store *st = t_db_open(STORE_CREATE);
	struct t_fake *f;
	const char *l;

	(void)state;
	play(st, id, tw, line);
	f = t_new_store(NULL, NULL, &store_sqlite_ops, st);
	t_hello(f, 0, "10.0.0.1");
	t_ask(f, 0, "OK #r REJOIN", "#r REJOIN game=%s token=%s", id, tw);
	t_drain(f, 0);
	t_ask(f, 0, "OK #x RESIGN", "#x RESIGN game=%s", id);
	t_drain(f, 0);
	l = t_ask(f, 0, "OK #c CREATE", "#c CREATE seat=black name=cid");
	t_val(l, "game", open_id, sizeof open_id);
	t_free(f);
	store_close(st);

	f = t_db_restart(NULL);
	assert_int_equal(sess_ngames(f->s), 1);     /* the open one */
	t_hello(f, 1, "10.0.0.2");
	t_ask(f, 1, "OK #s STATE", "#s STATE game=%s", id);
	t_event(f, 1, " status=finished result=0-1 reason=resign");
	assert_int_equal(sess_ngames(f->s), 2);
	/* (A game read for a command stays a moment, for its line.) */
	sess_evict(f->s, f->now);
	assert_int_equal(sess_ngames(f->s), 2);
	sess_evict(f->s, f->now + SESS_READ_KEEP_MS);
	assert_int_equal(sess_ngames(f->s), 1);
	t_ask(f, 1, "OK #h HISTORY", "#h HISTORY game=%s", id);
	assert_non_null(strstr(t_last, " n=2 "));
	t_drain(f, 1);
	sess_evict(f->s, f->now);
	/* Watched: kept for the grace, then let go. */
	t_ask(f, 1, "OK #o OBSERVE", "#o OBSERVE game=%s", id);
	t_drain(f, 1);
	sess_evict(f->s, util_now_ms());
	assert_int_equal(sess_ngames(f->s), 2);
	sess_evict(f->s, past_keep(f) + SESS_GRACE_MS);
	assert_int_equal(sess_ngames(f->s), 1);
	/* A finished game refuses moves as before. */
	t_ask(f, 1, "ERR #m 403", "#m MOVE game=%s ply=2 move=d2d3", id);
	/* LIST from the rows: the newest first, finished ones with their
	 * result, read without loading them. */
	t_ask(f, 1, "OK #l LIST n=2", "#l LIST");
	l = t_expect(f, 1, "ITEM #l ");
	assert_non_null(strstr(l, open_id));
	assert_non_null(strstr(l, " status=open white=- black=cid ply=0"));
	l = t_expect(f, 1, "ITEM #l ");
	assert_non_null(strstr(l, id));
	assert_non_null(strstr(l, " status=finished white=ann black=bob ply=2 "
	    "result=0-1"));
	t_ask(f, 1, "OK #l LIST n=1", "#l LIST status=open");
	t_say(f, 1, "#l LIST status=active");
	t_drain(f, 1);
	/* limit=0 asks for nothing and gets nothing (it was 500 INTERNAL). */
	t_ask(f, 1, "OK #z LIST n=0", "#z LIST limit=0");
	t_nothing(f, 1);
	{
		struct store_item it[1];
		assert_int_equal(store_sqlite_ops.list(f->st, -1, 0, it, err,
		    sizeof err), 0);
	}
	sess_evict(f->s, past_keep(f));
	assert_int_equal(sess_ngames(f->s), 1);
	t_db_free(f);
}

/* Another program holds the write lock: reads go on at once (WAL), a
 * commit waits about 2 s for it and fails naming it, the next one while
 * it stays waits only a moment, and once it is let go commits work. */
static void
test_locked_by_another(void **state)
{
	struct store *st = t_db_open(STORE_CREATE);
	struct store_change ch;
	struct store_item it[4];
	char err[512];
	long long t0, ms;
	sqlite3 *db;

	(void)state;
	memset(&ch, 0, sizeof ch);
	ch.game = "AAAAAAAA";
	ch.new_game = true;
	ch.start_fen = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ_w_0_1";
	ch.seat = ch.creator = -1;
	assert_int_equal(sqlite3_open(t_dbpath, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL,
	    NULL), SQLITE_OK);
	t0 = util_now_ms();
	assert_int_equal(store_sqlite_ops.list(st, -1, 4, it, err,
	    sizeof err), 0);
	assert_true(util_now_ms() - t0 < 100);
	t0 = util_now_ms();
	assert_int_equal(store_sqlite_ops.commit(st, &ch, err, sizeof err),
	    -1);
	ms = util_now_ms() - t0;
	print_message("%s (%lld ms)\n", err, ms);
	assert_non_null(strstr(err, "locked: another program"));
	assert_true(ms >= STORE_LOCK_WAIT_MS - 50 && ms < 2 * 1000 + 500);
	t0 = util_now_ms();
	assert_int_equal(store_sqlite_ops.commit(st, &ch, err, sizeof err),
	    -1);
	assert_true(util_now_ms() - t0 < STORE_RELOCK_MS + 400);
	assert_int_equal(sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL),
	    SQLITE_OK);
	sqlite3_close(db);
	assert_int_equal(store_sqlite_ops.commit(st, &ch, err, sizeof err),
	    0);
	assert_int_equal(store_sqlite_ops.list(st, -1, 4, it, err,
	    sizeof err), 1);
	store_close(st);
}

/* A database made by version 1 (tokens in plain text, as congo-server
 * 0.1 wrote them): opened, its tokens become hashes, the seats still take
 * their tokens, and the file holds the token no more. */
static void
test_migrate_v1(void **state)
{
	static const char v1[] =
	    "PRAGMA application_id=1131368007; PRAGMA user_version=1;"
	    "CREATE TABLE games(id TEXT PRIMARY KEY, start TEXT NOT NULL,"
	    " repetition INTEGER NOT NULL, quiet INTEGER NOT NULL,"
	    " created INTEGER NOT NULL);"
	    "CREATE TABLE seats(game TEXT NOT NULL REFERENCES games(id),"
	    " seat INTEGER NOT NULL CHECK (seat IN (0, 1)),"
	    " name TEXT NOT NULL, token TEXT NOT NULL,"
	    " PRIMARY KEY (game, seat));"
	    "CREATE TABLE events(game TEXT NOT NULL REFERENCES games(id),"
	    " seq INTEGER NOT NULL, kind TEXT NOT NULL, body TEXT NOT NULL,"
	    " PRIMARY KEY (game, seq)) WITHOUT ROWID;"
	    "INSERT INTO games VALUES('K7QF2MZA',"
	    " 'gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ_w_0_1', 1, 200,"
	    " 1700000000);"
	    "INSERT INTO seats VALUES('K7QF2MZA', 0, 'ann',"
	    " 'M3Q7XK2V5R4T4ZB6PD6WCN5HJA');"
	    "INSERT INTO seats VALUES('K7QF2MZA', 1, 'bob',"
	    " 'ABCDEFGHIJKLMNOPQRSTUVWXYZ');"
	    "INSERT INTO events VALUES('K7QF2MZA', 1, 'JOINED',"
	    " 'seat=white name=ann');"
	    "INSERT INTO events VALUES('K7QF2MZA', 2, 'JOINED',"
	    " 'seat=black name=bob');"
	    "INSERT INTO events VALUES('K7QF2MZA', 3, 'MOVE', 'ply=0"
	    " side=white move=c2c3"
	    " fen=gmelecz/ppppppp/7/7/2P4/PP1PPPP/GMELECZ_b_1_1');";
	char err[512], *dump = NULL;
	struct store *st;
	struct t_fake *f;
	sqlite3 *db;
	FILE *fp;
	size_t n = 0;

	(void)state;
	run_sql(v1);
	/* Not migrated unasked: refused, saying to run --upgrade. */
	assert_null(store_open(t_dbpath, 0, err, sizeof err));
	assert_non_null(strstr(err, "database version 1, older"));
	assert_non_null(strstr(err, "congo-server --upgrade"));
	st = t_db_open(STORE_UPGRADE);
	assert_non_null(strstr(store_note(st), "brought from version 1 to"));
	f = t_new_store(NULL, NULL, &store_sqlite_ops, st);
	if (store_load(st, f->s, err, sizeof err) != 0)
		fail_msg("%s", err);
	t_hello(f, 0, "10.0.0.1");
	t_ask(f, 0, "OK #r REJOIN game=K7QF2MZA seat=white",
	    "#r REJOIN game=K7QF2MZA token=m3q7xk2v5r4t4zb6pd6wcn5hja");
	t_expect(f, 0, "EV K7QF2MZA 3 STATE ");
	t_hello(f, 1, "10.0.0.2");
	t_ask(f, 1, "OK #r REJOIN game=K7QF2MZA seat=black",
	    "#r REJOIN game=K7QF2MZA token=ABCDEFGHIJKLMNOPQRSTUVWXYZ");
	t_drain(f, 1);
	t_ask(f, 1, "OK #m MOVE", "#m MOVE game=K7QF2MZA ply=1 move=c6c5");
	t_free(f);
	store_close(st);
	/* No token left in the file, and version 2 now. */
	fp = fopen(t_dbpath, "rb");
	assert_non_null(fp);
	dump = malloc(1 << 20);
	assert_non_null(dump);
	n = fread(dump, 1, (1 << 20) - 1, fp);
	fclose(fp);
	assert_true(n > 0);
	assert_null(memmem(dump, n, "M3Q7XK2V5R4T4ZB6PD6WCN5HJA", 26));
	assert_null(memmem(dump, n, "ABCDEFGHIJKLMNOPQRSTUVWXYZ", 26));
	free(dump);
	assert_int_equal(sqlite3_open(t_dbpath, &db), SQLITE_OK);
	{
		sqlite3_stmt *q;
		assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA user_version",
		    -1, &q, NULL), SQLITE_OK);
		assert_int_equal(sqlite3_step(q), SQLITE_ROW);
		assert_true(sqlite3_column_int(q, 0) >= 3);
		sqlite3_finalize(q);
		/* The game's row follows its events: active, 2 plies. */
		assert_int_equal(sqlite3_prepare_v2(db, "SELECT status, ply "
		    "FROM games WHERE id = 'K7QF2MZA'", -1, &q, NULL),
		    SQLITE_OK);
		assert_int_equal(sqlite3_step(q), SQLITE_ROW);
		assert_int_equal(sqlite3_column_int(q, 0), 1);
		assert_int_equal(sqlite3_column_int(q, 1), 2);
		sqlite3_finalize(q);
	}
	sqlite3_close(db);
	/* A later version than this server reads is refused, named. */
	run_sql("PRAGMA user_version=99");
	assert_null(store_open(t_dbpath, STORE_UPGRADE, err, sizeof err));
	assert_non_null(strstr(err, "version 99, newer"));
	/* Opened again, an upgraded file is as this server makes them. */
	run_sql("PRAGMA user_version=8");
	st = t_db_open(0);
	assert_null(store_note(st));
	store_close(st);
}

/* A database made before the online columns: they are added by an
 * upgrade, its games go on. */
static void
test_online_columns_added(void **state)
{
	static const char v1[] =
	    "PRAGMA application_id=1131368007; PRAGMA user_version=1;"
	    "CREATE TABLE games(id TEXT PRIMARY KEY, start TEXT NOT NULL,"
	    " repetition INTEGER NOT NULL, quiet INTEGER NOT NULL,"
	    " created INTEGER NOT NULL);"
	    "CREATE TABLE seats(game TEXT NOT NULL REFERENCES games(id),"
	    " seat INTEGER NOT NULL CHECK (seat IN (0, 1)), name TEXT NOT NULL,"
	    " token TEXT NOT NULL, PRIMARY KEY (game, seat));"
	    "CREATE TABLE events(game TEXT NOT NULL REFERENCES games(id),"
	    " seq INTEGER NOT NULL, kind TEXT NOT NULL, body TEXT NOT NULL,"
	    " PRIMARY KEY (game, seq)) WITHOUT ROWID;"
	    "INSERT INTO games VALUES ('AAAAAAAA', 'gmelecz/ppppppp/7/7/7/"
	    "PPPPPPP/GMELECZ_w_0_1', 1, 200, 1700000000);"
	    "INSERT INTO seats VALUES ('AAAAAAAA', 1, 'ann',"
	    " 'ABCDEFGHIJKLMNOPQRSTUVWXYZ');"
	    "INSERT INTO events VALUES ('AAAAAAAA', 1, 'JOINED',"
	    " 'seat=black name=ann');";
	char err[512];
	struct store *st;
	struct t_fake *f;
	sqlite3 *db;
	sqlite3_stmt *q;

	(void)state;
	run_sql(v1);
	st = t_db_open(STORE_UPGRADE);
	f = t_new_store(NULL, NULL, &store_sqlite_ops, st);
	assert_int_equal(store_load(st, f->s, err, sizeof err), 0);
	sess_start(f->s, f->now, 1700000000000LL + 3600000);
	t_hello(f, 0, "10.0.0.1");
	t_ask(f, 0, "OK #s", "#s STATE game=AAAAAAAA");
	t_expect(f, 0, "EV AAAAAAAA 1 STATE variant=congo start=");
	assert_null(strstr(t_last, "clock="));
	/* Ann made it with her seat: she may cancel it. */
	t_say(f, 0, "REJOIN game=AAAAAAAA token=ABCDEFGHIJKLMNOPQRSTUVWXYZ");
	t_drain(f, 0);
	t_ask(f, 0, "OK #x CANCEL", "#x CANCEL game=AAAAAAAA");
	t_free(f);
	store_close(st);

	assert_int_equal(sqlite3_open(t_dbpath, &db), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, "SELECT variant, creator, "
	    "(SELECT user_version FROM pragma_user_version) FROM games", -1,
	    &q, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(q), SQLITE_ROW);
	assert_string_equal((const char *)sqlite3_column_text(q, 0), "congo");
	assert_int_equal(sqlite3_column_int(q, 1), 1);
	assert_true(sqlite3_column_int(q, 2) >= 3);
	sqlite3_finalize(q);
	sqlite3_close(db);
}

/* A timed megapawn game with talk, a flag and a rematch, through SQLite. */
static void
test_online_rebuild(void **state)
{
	char id[16], nid[16], tw[40], tb[40];
	struct store *st = t_db_open(STORE_CREATE);
	struct t_fake *f;
	const char *l;

	(void)state;
	f = t_new_store(NULL, NULL, &store_sqlite_ops, st);
	t_hello(f, 0, "10.0.0.1");
	t_hello(f, 1, "10.0.1.2");
	l = t_ask(f, 0, "OK #c",
	    "#c CREATE seat=white variant=megapawn clock=30+2");
	t_val(l, "game", id, sizeof id);
	t_val(l, "token", tw, sizeof tw);
	t_say(f, 1, "#j JOIN game=%s seat=black", id);
	t_val(t_expect(f, 1, "OK #j"), "token", tb, sizeof tb);
	f->now += 1000;
	t_say(f, 0, "MOVE game=%s ply=0 move=a3a4", id);
	t_say(f, 1, "MOVE game=%s ply=1 move=c5c4", id);
	t_say(f, 0, "MOVE game=%s ply=2 move=e3e4", id);
	t_say(f, 1, "SAY game=%s :well played", id);
	sess_close(f->s, 0, f->now);
	sess_close(f->s, 1, f->now);
	f->now += 30000;
	sess_tick(f->s, f->now);
	t_drain(f, 0);
	t_drain(f, 1);
	t_hello(f, 0, "10.0.0.1");
	t_hello(f, 1, "10.0.1.2");
	t_say(f, 0, "REJOIN game=%s token=%s", id, tw);
	t_say(f, 1, "REJOIN game=%s token=%s", id, tb);
	t_say(f, 0, "REMATCH game=%s", id);
	t_drain(f, 1);
	t_ask(f, 1, "OK * REMATCH", "REMATCH game=%s", id);
	t_expect(f, 1, "EV ");
	t_val(t_expect(f, 1, "EV "), "game", nid, sizeof nid);
	t_free(f);
	store_close(st);

	f = t_db_restart(NULL);
	sess_start(f->s, f->now, (long long)time(NULL) * 1000);
	/* The rematch being played; the finished game is read when asked. */
	assert_int_equal(sess_ngames(f->s), 1);
	t_hello(f, 0, "10.0.0.1");
	t_ask(f, 0, "OK #r", "#r REJOIN game=%s token=%s since=0", id, tw);
	t_event(f, 0, " 1 JOINED seat=white");
	t_expect(f, 0, "EV ");
	t_expect(f, 0, "EV ");
	/* (the first moves untimed, without increment) */
	assert_non_null(strstr(t_last, " 3 MOVE ply=0 side=white move=a3a4 "));
	assert_non_null(strstr(t_last, " wclock=30000 bclock=30000"));
	t_expect(f, 0, "EV ");
	t_event(f, 0, " 5 MOVE ply=2 side=white move=e3e4 ");
	assert_non_null(strstr(t_last, " wclock=32000 bclock=30000"));
	t_event(f, 0, " 6 SAID side=black :well played");
	t_event(f, 0, " 7 RESULT result=1-0 reason=time");
	t_event(f, 0, " 8 REMATCH action=offer side=white");
	t_event(f, 0, " 9 REMATCH action=offer side=black");
	/* The rematch is there, but no token is told from storage. */
	t_nothing(f, 0);
	t_ask(f, 0, "OK #r REMATCH", "#r REMATCH game=%s", id);
	t_nothing(f, 0);
	t_ask(f, 0, "OK #s", "#s STATE game=%s", nid);
	t_event(f, 0, " variant=megapawn ");
	assert_non_null(strstr(t_last, " status=active "));
	assert_non_null(strstr(t_last, " clock=30+2 wclock=30000 "
	    "bclock=30000"));
	t_db_free(f);
}

TEST_MAIN(NULL, NULL,
	T_DB_TEST(test_store_and_rebuild),
	T_DB_TEST(test_missing),
	T_DB_TEST(test_empty_file),
	T_DB_TEST(test_no_tables),
	T_DB_TEST(test_garbage_file),
	T_DB_TEST(test_foreign_database),
	T_DB_TEST(test_locked),
	T_DB_TEST(test_tampered),
	T_DB_TEST(test_clock_text_stored),
	T_DB_TEST(test_bad_columns),
	T_DB_TEST(test_migrate_v1),
	T_DB_TEST(test_locked_by_another),
	T_DB_TEST(test_finished_on_demand),
	T_DB_TEST(test_online_columns_added),
	T_DB_TEST(test_online_rebuild))
