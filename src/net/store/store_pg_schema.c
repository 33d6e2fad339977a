/*
 * store_pg_schema.c: the PostgreSQL store's tables and congo_put, made with
 * --create, and brought from older versions (3: no shared limits; 4: no
 * accounts and ratings; 5: no seats' holders; 6: the speed correspondence
 * cut to "corresponde"; 7: no tournaments; 8: no bot accounts; 9:
 * congo_put's extra statements without their values) to this one by
 * congo-server --upgrade only (a server started on an older database is
 * refused, saying so); of servers
 * upgrading at once one does it under a lock, the others find it done; a
 * newer database is refused.
 */

#ifdef HAVE_LIBPQ

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/store/store_pg.h"
#include "util/util.h"

/* 4: the shared limits; 5: accounts and ratings (STORE_ACCOUNTS_SQL), a
 * game's rated flag and end, congo_put's extra statements; 6: the seats'
 * holders (store_pg_hold.c); 7: the speed correspondence under its whole
 * name (STORE_SPEED_RENAME_SQL); 8: tournaments (STORE_TOURN_SQL);
 * 9: bot accounts (STORE_BOTS_SQL); 10: congo_put's extra statements
 * with their values bound (vals: EXECUTE ... USING), never in their
 * text; 11: a tournament's minimum of rated games
 * (STORE_TOURN_MINRATED_SQL). */
#define PG_SCHEMA_VERSION 11

/* Limits counted by every server together: a row a key and minute. */
#define PG_LIMITS_TABLE \
    "CREATE TABLE congo_limits(" \
    " key TEXT NOT NULL," \
    " win BIGINT NOT NULL," \
    " n INTEGER NOT NULL," \
    " PRIMARY KEY (key, win));"

/* A seat's holder as its last REJOIN wrote it (store_pg_hold.c). */
#define PG_HOLDS_TABLE \
    "CREATE TABLE congo_holds(" \
    " game TEXT NOT NULL," \
    " seat INTEGER NOT NULL," \
    " holder TEXT NOT NULL," \
    " PRIMARY KEY (game, seat));"

#define PG_PUT_FUNCTION \
    "CREATE OR REPLACE FUNCTION congo_put(g TEXT, fresh BOOLEAN, st TEXT, rep INTEGER," \
    " quiet INTEGER, made BIGINT, seat INTEGER, nm TEXT, tok TEXT," \
    " s1 BIGINT, k1 TEXT, b1 TEXT, s2 BIGINT, k2 TEXT, b2 TEXT," \
    " who TEXT, va TEXT, clk TEXT, cr INTEGER, rof TEXT, extra TEXT," \
    " VARIADIC vals TEXT[] DEFAULT '{}')" \
    " RETURNS TEXT LANGUAGE plpgsql AS $$\n" \
    "DECLARE last BIGINT := 0; q TEXT;\n" \
    "BEGIN\n" \
    " IF fresh THEN INSERT INTO games(id, start, repetition, quiet," \
    "  created, variant, clock, creator, rematch_of) VALUES (g, st, rep," \
    "  quiet, made, va, clk, cr, rof); END IF;\n" \
    " IF seat >= 0 THEN\n" \
    "  INSERT INTO seats VALUES (g, seat, nm, tok);\n" \
    "  UPDATE games SET status = 1 WHERE id = g AND status = 0 AND" \
    "   (SELECT count(*) FROM seats s WHERE s.game = g) = 2;\n" \
    " END IF;\n" \
    " FOR i IN 1..2 LOOP\n" \
    "  CONTINUE WHEN (CASE i WHEN 1 THEN k1 ELSE k2 END) IS NULL;\n" \
    "  last := CASE i WHEN 1 THEN s1 ELSE s2 END;\n" \
    "  INSERT INTO events VALUES (g, last, CASE i WHEN 1 THEN k1 ELSE k2 END," \
    "   CASE i WHEN 1 THEN b1 ELSE b2 END);\n" \
    "  IF (CASE i WHEN 1 THEN k1 ELSE k2 END) = 'MOVE' THEN\n" \
    "   UPDATE games SET ply = ply + 1 WHERE id = g;\n" \
    "  ELSIF (CASE i WHEN 1 THEN k1 ELSE k2 END) = 'RESULT' THEN\n" \
    "   UPDATE games SET status = 2," \
    "    ended = (extract(epoch FROM clock_timestamp()) * 1000)::bigint," \
    "    result = coalesce(substring(" \
    "    (CASE i WHEN 1 THEN b1 ELSE b2 END) FROM 'result=([^ ]*)'), '')" \
    "    WHERE id = g;\n" \
    "  END IF;\n" \
    " END LOOP;\n" \
    " IF extra IS NOT NULL THEN\n" \
    "  FOREACH q IN ARRAY string_to_array(extra, chr(30)) LOOP\n" \
    "   EXECUTE q USING vals;\n" \
    "  END LOOP;\n" \
    " END IF;\n" \
    " IF g = '' THEN RETURN 'ok'; END IF;\n" \
    " PERFORM pg_notify('congo', who || ' ' || g || ' ' || last ||" \
    "  CASE WHEN seat >= 0 THEN E'\\nS ' || seat || ' ' || nm || ' ' || tok" \
    "  ELSE '' END ||" \
    "  CASE WHEN k1 IS NULL THEN '' ELSE E'\\nE ' || s1 || ' ' || k1 || ' ' ||" \
    "  b1 END ||" \
    "  CASE WHEN k2 IS NULL THEN '' ELSE E'\\nE ' || s2 || ' ' || k2 || ' ' ||" \
    "  b2 END);\n" \
    " RETURN 'ok';\n" \
    "EXCEPTION WHEN unique_violation THEN RETURN 'conflict';\n" \
    "END $$;"

static const char pg_schema[] =
    "CREATE TABLE congo_meta(version INTEGER NOT NULL);"
    "INSERT INTO congo_meta VALUES (11);"
    PG_LIMITS_TABLE
    PG_HOLDS_TABLE
    "CREATE TABLE games("
    " id TEXT PRIMARY KEY,"
    " n BIGSERIAL UNIQUE,"                  /* creation order */
    " start TEXT NOT NULL,"
    " repetition INTEGER NOT NULL,"
    " quiet INTEGER NOT NULL,"
    " created BIGINT NOT NULL,"
    STORE_GAMES_COLUMNS_SQL
    " ended BIGINT NOT NULL DEFAULT 0);"
    "CREATE INDEX games_status ON games(status, n);"
    STORE_SEATS_SQL
    "CREATE TABLE events("
    " game TEXT NOT NULL REFERENCES games(id),"
    " seq BIGINT NOT NULL,"
    " kind TEXT NOT NULL,"
    " body TEXT NOT NULL,"
    " PRIMARY KEY (game, seq));"
    STORE_ACCOUNTS_SQL
    STORE_TOURN_SQL
    STORE_BOTS_SQL
    STORE_TOURN_MINRATED_SQL
    PG_PUT_FUNCTION ";";

/* Version 3 to 4: the shared limits' table. */
static const char *const to_4[] = { PG_LIMITS_TABLE, NULL };

/* Version 4 to 5: accounts and ratings, a game's rated flag and end, and
 * congo_put with its extra statements (the old one dropped). */
static const char *const to_5[] = {
	"ALTER TABLE games ADD COLUMN IF NOT EXISTS rated INTEGER NOT NULL "
	    "DEFAULT 0; ALTER TABLE games ADD COLUMN IF NOT EXISTS ended "
	    "BIGINT NOT NULL DEFAULT 0;" STORE_ACCOUNTS_SQL,
	"DROP FUNCTION IF EXISTS congo_put(TEXT, BOOLEAN, TEXT, INTEGER, "
	    "INTEGER, BIGINT, INTEGER, TEXT, TEXT, BIGINT, TEXT, TEXT, BIGINT, "
	    "TEXT, TEXT, TEXT, TEXT, TEXT, INTEGER, TEXT)",
	PG_PUT_FUNCTION,
	NULL
};

/* Version 5 to 6: the seats' holders. */
static const char *const to_6[] = { PG_HOLDS_TABLE, NULL };

/* Version 6 to 7: "corresponde" (cut short before issue 57) renamed. */
static const char *const to_7[] = { STORE_SPEED_RENAME_SQL, NULL };

/* Version 7 to 8: tournaments (issue 60). */
static const char *const to_8[] = { STORE_TOURN_SQL, NULL };

/* Version 8 to 9: bot accounts (issue 59). */
static const char *const to_9[] = { STORE_BOTS_SQL, NULL };

/* Version 9 to 10: congo_put with its extra statements' values (issue
 * 58), the old one dropped. */
static const char *const to_10[] = {
	"DROP FUNCTION IF EXISTS congo_put(TEXT, BOOLEAN, TEXT, INTEGER, "
	    "INTEGER, BIGINT, INTEGER, TEXT, TEXT, BIGINT, TEXT, TEXT, BIGINT, "
	    "TEXT, TEXT, TEXT, TEXT, TEXT, INTEGER, TEXT, TEXT)",
	PG_PUT_FUNCTION,
	NULL
};

/* Version 10 to 11: a tournament's minimum of rated games and a Swiss's
 * first tie-break (issue 60). */
static const char *const to_11[] = {
	"ALTER TABLE tourneys ADD COLUMN IF NOT EXISTS minrated INTEGER NOT "
	    "NULL DEFAULT 0; ALTER TABLE tourneys ADD COLUMN IF NOT EXISTS "
	    "tiebreak TEXT NOT NULL DEFAULT 'buchholz'",
	NULL
};

/* congo_meta's version set to v: true when it was. */
static bool
set_version(PGconn *c, const char *v)
{
	PGresult *r = PQexecParams(c, "UPDATE congo_meta SET version = "
	    "$1::integer", 1, NULL, &v, NULL, NULL, 0);
	bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;

	PQclear(r);
	return ok;
}

/*
 * One step from version `from` to the next: its statements and the new
 * version in one transaction, under a lock of congo_meta, so that of
 * servers starting at once one does it and the others find it done.
 */
static int
migrate(struct pgstore *pg, int from, const char *const *sql, char *err,
    size_t errlen)
{
	char set[64];
	PGresult *r;
	int ver, i;
	long v;

	if (!pg_run(pg->r, "BEGIN", PGRES_COMMAND_OK) ||
	    !pg_run(pg->r, "LOCK TABLE congo_meta IN EXCLUSIVE MODE",
	    PGRES_COMMAND_OK))
		goto bad;
	r = PQexec(pg->r, "SELECT version FROM congo_meta");
	if (PQresultStatus(r) != PGRES_TUPLES_OK) {
		PQclear(r);
		goto bad;
	}
	v = -1;
	if (PQntuples(r) > 0 && pg_long(pg, PQgetvalue(r, 0, 0),
	    "congo_meta.version", INT_MIN, INT_MAX, &v, err, errlen) != 0) {
		PQclear(r);
		pg_run(pg->r, "ROLLBACK", PGRES_COMMAND_OK);
		return -1;
	}
	ver = (int)v;
	PQclear(r);
	for (i = 0; ver == from && sql[i] != NULL; i++)
		if (!pg_run(pg->r, sql[i], PGRES_COMMAND_OK))
			goto bad;
	snprintf(set, sizeof set, "%d", from + 1);
	if ((ver == from && !set_version(pg->r, set)) ||
	    !pg_run(pg->r, "COMMIT", PGRES_COMMAND_OK))
		goto bad;
	return 0;
bad:
	snprintf(set, sizeof set, "cannot bring the tables from version %d to "
	    "%d", from, from + 1);
	pg_fail(pg, pg->r, err, errlen, set);
	pg_run(pg->r, "ROLLBACK", PGRES_COMMAND_OK);
	return -1;
}

/* An older database without STORE_UPGRADE: refused, saying what to do. */
static int
too_old(struct pgstore *pg, int ver, char *err, size_t errlen)
{
	snprintf(err, errlen, "%.300s: database version %d, older than this "
	    "server's %d: back it up (pg_dump), then run congo-server "
	    "--upgrade with the same --db to bring it up to date", pg->name,
	    ver, PG_SCHEMA_VERSION);
	return -1;
}

int
pg_setup(struct pgstore *pg, int how, char *err, size_t errlen)
{
	PGresult *r;
	int ver, from;
	long v;

	r = PQexec(pg->r, "SELECT version FROM congo_meta");
	if (PQresultStatus(r) != PGRES_TUPLES_OK) {
		const char *state = PQresultErrorField(r, PG_DIAG_SQLSTATE);
		bool missing = state != NULL && strcmp(state, "42P01") == 0;
		PQclear(r);
		if (!missing)
			return pg_fail(pg, pg->r, err, errlen,
			    "cannot read it");
		if (!(how & STORE_CREATE)) {
			snprintf(err, errlen, "%.300s: no congo-server tables "
			    "in that database (to make them, start "
			    "congo-server with --create)", pg->name);
			return -1;
		}
		/* Two servers started with --create at once: one makes the
		 * tables, the other finds them (or fails and says so). */
		if (!pg_run(pg->r, "BEGIN", PGRES_COMMAND_OK) ||
		    !pg_run(pg->r, pg_schema, PGRES_COMMAND_OK) ||
		    !pg_run(pg->r, "COMMIT", PGRES_COMMAND_OK)) {
			pg_fail(pg, pg->r, err, errlen, "cannot create "
			    "the tables");
			pg_run(pg->r, "ROLLBACK", PGRES_COMMAND_OK);
			return -1;
		}
		return 0;
	}
	v = -1;
	if (PQntuples(r) > 0 && pg_long(pg, PQgetvalue(r, 0, 0),
	    "congo_meta.version", INT_MIN, INT_MAX, &v, err, errlen) != 0) {
		PQclear(r);
		return -1;
	}
	ver = (int)v;
	PQclear(r);
	if (ver > PG_SCHEMA_VERSION) {
		snprintf(err, errlen, "%.300s: database version %d, newer than "
		    "this server's %d: it was written by a newer congo-server, "
		    "which is needed to serve it", pg->name, ver,
		    PG_SCHEMA_VERSION);
		return -1;
	}
	if (ver < 3) {
		snprintf(err, errlen, "%.300s: database version %d, which this "
		    "server cannot read or upgrade (versions 3 to %d)", pg->name,
		    ver, PG_SCHEMA_VERSION);
		return -1;
	}
	if (ver < PG_SCHEMA_VERSION && !(how & STORE_UPGRADE))
		return too_old(pg, ver, err, errlen);
	from = ver;
	if (ver == 3 && migrate(pg, 3, to_4, err, errlen) < 0)
		return -1;
	if (ver == 3)
		ver = 4;
	if (ver == 4 && migrate(pg, 4, to_5, err, errlen) < 0)
		return -1;
	if (ver == 4)
		ver = 5;
	if (ver == 5 && migrate(pg, 5, to_6, err, errlen) < 0)
		return -1;
	if (ver == 5)
		ver = 6;
	if (ver == 6 && migrate(pg, 6, to_7, err, errlen) < 0)
		return -1;
	if (ver == 6)
		ver = 7;
	if (ver == 7 && migrate(pg, 7, to_8, err, errlen) < 0)
		return -1;
	if (ver == 7)
		ver = 8;
	if (ver == 8 && migrate(pg, 8, to_9, err, errlen) < 0)
		return -1;
	if (ver == 8)
		ver = 9;
	if (ver == 9 && migrate(pg, 9, to_10, err, errlen) < 0)
		return -1;
	if (ver == 9)
		ver = 10;
	if (ver == 10 && migrate(pg, 10, to_11, err, errlen) < 0)
		return -1;
	if (ver == 10)
		ver = 11;
	if (from != ver)
		snprintf(pg->note, sizeof pg->note, "%.300s: brought from "
		    "version %d to %d", pg->name, from, ver);
	return 0;
}

/*
 * congo_servers is no part of the version: a table of signs of life that
 * every server of this version makes if it is missing (under congo_meta's
 * lock, as two servers starting at once would both make it), and that an
 * older server leaves alone.
 */
int
pg_servers_table(struct pgstore *pg, char *err, size_t errlen)
{
	if (!pg_run(pg->r, "BEGIN", PGRES_COMMAND_OK) ||
	    !pg_run(pg->r, "LOCK TABLE congo_meta IN EXCLUSIVE MODE",
	    PGRES_COMMAND_OK) ||
	    !pg_run(pg->r, "SET LOCAL client_min_messages = warning",
	    PGRES_COMMAND_OK) ||      /* not "already exists, skipping" */
	    !pg_run(pg->r, "CREATE TABLE IF NOT EXISTS congo_servers("
	    "id TEXT PRIMARY KEY, beat TIMESTAMPTZ NOT NULL)",
	    PGRES_COMMAND_OK) ||
	    !pg_run(pg->r, STORE_BLOCKS_SQL, PGRES_COMMAND_OK) ||
	    !pg_run(pg->r, "COMMIT", PGRES_COMMAND_OK)) {
		pg_fail(pg, pg->r, err, errlen, "cannot make congo_servers or blocks");
		pg_run(pg->r, "ROLLBACK", PGRES_COMMAND_OK);
		return -1;
	}
	return 0;
}

#else
typedef int net_pg_schema_absent;
#endif
