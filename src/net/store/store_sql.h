/*
 * store_sql.h: SQL text the stores share (SQLite and PostgreSQL alike):
 * the columns LIST and the account reads show, the tables of games,
 * seats, accounts, ratings and blocks. The stores' own: nothing above
 * src/net/store includes it.
 */
#ifndef CONGO_NET_STORE_SQL_H
#define CONGO_NET_STORE_SQL_H

#include "net/store/store_types.h"

/* A column of games row g for those: the body of its last JOINED, MOVE or
 * UNDO event (deadline=, fen=) and its start position ("<body>
 * start=<fen>"). */
#define STORE_TIMING(g) \
    "coalesce((SELECT e.body FROM events e WHERE e.game = " g ".id AND " \
    "e.kind IN ('JOINED', 'MOVE', 'UNDO') ORDER BY e.seq DESC LIMIT 1), " \
    "'') || ' start=' || " g ".start"

/*
 * Names as the store's lists show them (LIST, GAMES, the web pages;
 * PROTOCOL.md "Accounts and ratings"), the same SQL in every store. A seat
 * is its account's when its game is rated or its JOINED event says
 * account=1 (a connection logged in as the account took it: sess_ident.c).
 * A guest's seat under a registered name (taken before the name was
 * registered, or stored by a server that let guests use it) is shown
 * with STORE_GUEST_MARK after the name, never as the account's, and is
 * not counted for it. g: the games row in the query; s: a seats row.
 */
#define STORE_SEAT_BODY(s) \
    "'seat=' || CASE " s ".seat WHEN 0 THEN 'white' ELSE 'black' END || " \
    "' name=' || " s ".name || ' account=1'"
/* (and may go on with more keys after a space: a challenger's JOINED
 * " for=<account>", the JOINED that starts a correspondence game
 * " deadline=<when>" (sess_corr_body); any key added later counts too,
 * so that no new key makes an account's seat a guest's again) */
#define STORE_SEAT_OWNED(g, s) \
    "(" g ".rated = 1 OR EXISTS (SELECT 1 FROM events j WHERE j.game = " \
    s ".game AND j.kind = 'JOINED' AND (j.body = " STORE_SEAT_BODY(s) \
    " OR substr(j.body, 1, length(" STORE_SEAT_BODY(s) ") + 1) = " \
    STORE_SEAT_BODY(s) " || ' ')))"
#define STORE_NOT_ACCOUNT(s) \
    "NOT EXISTS (SELECT 1 FROM accounts a WHERE a.lname = lower(" s \
    ".name))"
/* Seat k ("0", "1") of games row g as shown (NULL: nobody's). */
#define STORE_SEAT_SHOWN(g, k) \
    "(SELECT CASE WHEN " STORE_SEAT_OWNED(g, "ss") " OR " \
    STORE_NOT_ACCOUNT("ss") " THEN ss.name ELSE ss.name || '" \
    STORE_GUEST_MARK "' END FROM seats ss WHERE ss.game = " g ".id AND " \
    "ss.seat = " k ")"

/* 1 when seat k of games row g is an account's, else 0. */
#define STORE_SEAT_IS_ACCOUNT(g, k) \
    "(SELECT count(*) FROM seats sa WHERE sa.game = " g ".id AND " \
    "sa.seat = " k " AND " STORE_SEAT_OWNED(g, "sa") ")"
/* The columns of LIST's read of the games table (a store_item each row,
 * in every store), clock the clock's column as that store reads it. */
#define STORE_LIST_COLUMNS(clock) \
    "id, status, ply, result, " STORE_SEAT_SHOWN("games", "0") ", " \
    STORE_SEAT_SHOWN("games", "1") ", variant, " clock ", " \
    STORE_SEAT_IS_ACCOUNT("games", "0") ", " \
    STORE_SEAT_IS_ACCOUNT("games", "1") ", " STORE_TIMING("games")

/* The accounts each account blocks (BLOCK, sess_block.c): no part of the
 * schema's version, made where missing when a store is opened (as
 * congo_servers is), so an older server leaves it alone. Written by the
 * session's BLOCK and UNBLOCK (STORE_OP_BLOCK_*), read by store_acct_blocks
 * (store_acct.h). */
#define STORE_BLOCKS_SQL \
    "CREATE TABLE IF NOT EXISTS blocks(" \
    " lname TEXT NOT NULL," \
    " lblocked TEXT NOT NULL," \
    " PRIMARY KEY (lname, lblocked))"

/*
 * The games' tables, alike in SQLite and PostgreSQL: the columns of a
 * game's state and online play (between its created and ended columns,
 * whose types differ), and its seats (their tokens' hashes).
 */
#define STORE_GAMES_COLUMNS_SQL \
    " status INTEGER NOT NULL DEFAULT 0," /* 0 open 1 active 2 over */ \
    " ply INTEGER NOT NULL DEFAULT 0," \
    " result TEXT NOT NULL DEFAULT ''," \
    " variant TEXT NOT NULL DEFAULT 'congo'," \
    " clock TEXT," \
    " creator INTEGER NOT NULL DEFAULT -1," \
    " rematch_of TEXT," \
    " rated INTEGER NOT NULL DEFAULT 0,"
#define STORE_SEATS_SQL \
    "CREATE TABLE seats(" \
    " game TEXT NOT NULL REFERENCES games(id)," \
    " seat INTEGER NOT NULL CHECK (seat IN (0, 1))," \
    " name TEXT NOT NULL," \
    " token TEXT NOT NULL," \
    " PRIMARY KEY (game, seat));"

/*
 * Accounts and ratings, the same SQL in SQLite and PostgreSQL: an account
 * (its name as registered, the key's hash), a rating per account and
 * category, and every rated game's rating after it (its history: one row a
 * game, numbered, so that two servers rating one player at once cannot
 * both store a rating worked out from the same one).
 */
#define STORE_ACCOUNTS_SQL \
    "CREATE TABLE IF NOT EXISTS accounts(" \
    " lname TEXT PRIMARY KEY," \
    " name TEXT NOT NULL," \
    " keyhash TEXT NOT NULL," \
    " created BIGINT NOT NULL);" \
    "CREATE TABLE IF NOT EXISTS ratings(" \
    " lname TEXT NOT NULL," \
    " variant TEXT NOT NULL," \
    " speed TEXT NOT NULL," \
    " rating DOUBLE PRECISION NOT NULL," \
    " rd DOUBLE PRECISION NOT NULL," \
    " vol DOUBLE PRECISION NOT NULL," \
    " games INTEGER NOT NULL," \
    " PRIMARY KEY (lname, variant, speed));" \
    "CREATE INDEX IF NOT EXISTS ratings_top ON ratings(variant, speed, rating);" \
    "CREATE TABLE IF NOT EXISTS rating_history(" \
    " lname TEXT NOT NULL," \
    " variant TEXT NOT NULL," \
    " speed TEXT NOT NULL," \
    " n INTEGER NOT NULL," \
    " rating DOUBLE PRECISION NOT NULL," \
    " rd DOUBLE PRECISION NOT NULL," \
    " game TEXT NOT NULL," \
    " at BIGINT NOT NULL," \
    " PRIMARY KEY (lname, variant, speed, n));" \
    "CREATE INDEX IF NOT EXISTS seats_name ON seats(lower(name));" \
    "CREATE TABLE IF NOT EXISTS seek_claims(id TEXT PRIMARY KEY);"

/*
 * Bot accounts (issue 59, PROTOCOL.md "Bots"): an account listed here is a
 * computer player for good. A table of its own rather than a column of
 * accounts, so that the step adding it (SQLite version 7, PostgreSQL 9)
 * is the same statement in a new database and an old one.
 */
#define STORE_BOTS_SQL \
    "CREATE TABLE IF NOT EXISTS account_bots(lname TEXT PRIMARY KEY);"
/* Is the account a.lname a bot (a column of the reads below). */
#define STORE_IS_BOT(a) \
    "EXISTS (SELECT 1 FROM account_bots b WHERE b.lname = " a ".lname)"

/*
 * The speed "correspondence" as servers before issue 57 stored it: cut to
 * 11 characters ("corresponde") by a 12-byte buffer, in ratings and
 * rating_history alike. An upgrade (SQLite version 5, PostgreSQL 7)
 * renames those rows; nothing else ever wrote the short name.
 */
#define STORE_SPEED_RENAME_SQL \
    "UPDATE ratings SET speed = 'correspondence'" \
    " WHERE speed = 'corresponde';" \
    "UPDATE rating_history SET speed = 'correspondence'" \
    " WHERE speed = 'corresponde';"

/*
 * One statement of a typed write (store_op_stmts, store_op.c): its text
 * with ? for each parameter, and the parameters, each of a type: t text,
 * i an integer, r a real number as the digits the session has always
 * written (%.6f, %.8f), so that the value stored is the same.
 */
#define STORE_STMT_PARAMS 8
struct store_stmt {
	const char *sql;
	int n;
	char type[STORE_STMT_PARAMS + 1];
	const char *v[STORE_STMT_PARAMS];
	char num[STORE_STMT_PARAMS][32];
};
/* op's statements into out (at most 2, in their order): how many (0 for
 * STORE_OP_NONE), -1 for a kind not known. */
int store_op_stmts(const struct store_op *op, struct store_stmt out[2]);
/* Those of the tournaments' ops (store_tourn_op.c). */
int store_tourn_stmts(const struct store_op *op, struct store_stmt out[2]);
/* Parameters of a statement: a text, or a number (type 'i'). */
void store_stmt_text(struct store_stmt *s, const char *v);
void store_stmt_int(struct store_stmt *s, long long v);

/*
 * Tournaments (store_tourn.h; issue 60): each, its members, its pairings
 * (a game's result is the games row's: points are worked out from it),
 * and the one pairing lease of the store. Times in Unix ms.
 */
#define STORE_TOURN_SQL \
    "CREATE TABLE IF NOT EXISTS tourneys(" \
    " id TEXT PRIMARY KEY, kind TEXT NOT NULL, name TEXT NOT NULL," \
    " creator TEXT NOT NULL, start BIGINT NOT NULL, created BIGINT NOT NULL," \
    " minutes INTEGER NOT NULL DEFAULT 0, rounds INTEGER NOT NULL DEFAULT 0," \
    " clock TEXT NOT NULL DEFAULT '', days INTEGER NOT NULL DEFAULT 0," \
    " variant TEXT NOT NULL DEFAULT 'congo', rated INTEGER NOT NULL" \
    " DEFAULT 0, status INTEGER NOT NULL DEFAULT 0, round INTEGER NOT NULL" \
    " DEFAULT 0);" \
    "CREATE TABLE IF NOT EXISTS tourney_members(" \
    " tourney TEXT NOT NULL, lname TEXT NOT NULL, name TEXT NOT NULL," \
    " joined BIGINT NOT NULL, paused INTEGER NOT NULL DEFAULT 0," \
    " withdrawn INTEGER NOT NULL DEFAULT 0, absences INTEGER NOT NULL" \
    " DEFAULT 0, points INTEGER NOT NULL DEFAULT 0, fire INTEGER NOT NULL" \
    " DEFAULT 0, PRIMARY KEY (tourney, lname));" \
    "CREATE TABLE IF NOT EXISTS tourney_pairings(" \
    " tourney TEXT NOT NULL, round INTEGER NOT NULL, n INTEGER NOT NULL," \
    " game TEXT NOT NULL, white TEXT NOT NULL, black TEXT NOT NULL," \
    " bw INTEGER NOT NULL DEFAULT 0, bb INTEGER NOT NULL DEFAULT 0," \
    " PRIMARY KEY (tourney, round, n));" \
    "CREATE TABLE IF NOT EXISTS tourney_lease(" \
    " id INTEGER PRIMARY KEY, server TEXT NOT NULL, until BIGINT NOT NULL);"

/* A tournament's minimum of rated games in its category to join (0 none)
 * and a Swiss's first tie-break ("buchholz" or "sb"). */
#define STORE_TOURN_MINRATED_SQL \
    "ALTER TABLE tourneys ADD COLUMN minrated INTEGER NOT NULL DEFAULT 0;" \
    "ALTER TABLE tourneys ADD COLUMN tiebreak TEXT NOT NULL DEFAULT" \
    " 'buchholz';"

#endif
