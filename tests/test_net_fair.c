/*
 * test_net_fair.c: ratings that cannot be farmed (issue 33, PROTOCOL.md
 * "Accounts and ratings"), driven through the session on an SQLite store:
 * a game that ends before both sides have made a move (RESIGN at ply 0 or
 * 1, CLAIM, a draw agreed at once; a game from a FEN too) is aborted with
 * no rating change; once both have moved, a takeback to ply 0 or 1 brings
 * back neither CANCEL nor the first-move abort, after a restart too; two
 * players of one network are not seated or paired against each other in a
 * rated game unless the server allows it; WHOIS counts the rated games
 * played; the rematch of a rated game is rated.
 */
#include <sqlite3.h>
#include <unistd.h>

#include "test_net_util.h"
#include "net/server/sess_seek.h"
#include "test_main.h"

/* Open conn from addr, REGISTER name and LOGIN as it. */
static void
account(struct t_fake *f, int conn, const char *addr, const char *name)
{
	char key[40];

	t_hello(f, conn, addr);
	t_say(f, conn, "#r REGISTER name=%s", name);
	t_val(t_expect(f, conn, "OK #r REGISTER name="), "key", key,
	    sizeof key);
	t_ask(f, conn, "OK #l LOGIN", "#l LOGIN name=%s key=%s", name, key);
	t_drain(f, conn);
}

/* A rated 300+0 game: w creates as white, b joins as black. */
static void
rated(struct t_fake *f, int w, int b, char *id)
{
	t_say(f, w, "#c CREATE seat=white rated=yes clock=300+0");
	t_val(t_expect(f, w, "OK #c CREATE"), "game", id, 16);
	t_ask(f, b, "OK #j JOIN", "#j JOIN game=%s seat=black", id);
	t_drain(f, w);
	t_drain(f, b);
}

/* The RESULT the command just sent gave conn. */
static const char *
result_line(struct t_fake *f, int conn, const char *ok)
{
	t_expect(f, conn, ok);
	t_event(f, conn, " RESULT ");
	return t_last;
}

/* The command conn just sent (its answer ok) ended the game unrated: a
 * RESULT of a cancelled game, returned; the other player's lines drained. */
static const char *
cancelled(struct t_fake *f, int conn, const char *ok)
{
	const char *l = result_line(f, conn, ok);

	assert_non_null(strstr(l, " RESULT result=- reason=cancelled"));
	t_drain(f, 1 - conn);
	return l;
}

/* A rated game (rated) in which White (conn 0) has played c2c3; every
 * line drained. */
static void
rated_one_move(struct t_fake *f, char *id)
{
	rated(f, 0, 1, id);
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", id);
	t_drain(f, 0);
	t_drain(f, 1);
}

/* The last stored event of id (the session's own store). */
static void
stored_result(const char *id, const char *want)
{
	sqlite3 *db;
	sqlite3_stmt *q;

	assert_int_equal(sqlite3_open(t_dbpath, &db), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, "SELECT body FROM events "
	    "WHERE game = ?1 ORDER BY seq DESC LIMIT 1", -1, &q, NULL),
	    SQLITE_OK);
	sqlite3_bind_text(q, 1, id, -1, SQLITE_TRANSIENT);
	assert_int_equal(sqlite3_step(q), SQLITE_ROW);
	assert_string_equal((const char *)sqlite3_column_text(q, 0), want);
	sqlite3_finalize(q);
	sqlite3_close(db);
}

/*
 * A rated RESIGN at ply 0 moved 162 points: now an abort, stored as one,
 * no rating read or changed, not counted by WHOIS; the same at ply 1 by
 * either side, a draw agreed at once, a CLAIM before both moved. A game
 * played counts.
 */
static void
test_abort_not_rated(void **state)
{
	struct sess_limits lim = t_limits;
	struct t_fake *f;
	char id[16];
	const char *l;

	(void)state;
	lim.abandon_ms = 1000;
	lim.games_per_minute = 20;
	f = t_db_new(&lim);
	account(f, 0, "10.0.0.1", "ann");
	account(f, 1, "10.0.1.1", "bob");
	t_hello(f, 2, "10.0.2.1");

	/* White resigns at ply 0. */
	rated(f, 0, 1, id);
	t_say(f, 0, "#g RESIGN game=%s", id);
	l = cancelled(f, 0, "OK #g RESIGN");
	assert_null(strstr(l, "rating="));
	stored_result(id, "result=- reason=cancelled");

	/* Black resigns at ply 1, after white's first move. */
	rated_one_move(f, id);
	t_say(f, 1, "#g RESIGN game=%s", id);
	cancelled(f, 1, "OK #g RESIGN");

	/* White resigns at ply 1 (black yet to move). */
	rated_one_move(f, id);
	t_say(f, 0, "#g RESIGN game=%s", id);
	cancelled(f, 0, "OK #g RESIGN");

	/* A draw agreed before both moved: a game never begun. */
	rated(f, 0, 1, id);
	t_say(f, 0, "DRAW game=%s action=offer", id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_say(f, 1, "#d DRAW game=%s action=accept", id);
	cancelled(f, 1, "OK #d DRAW");

	/* A CLAIM against a player gone before black's first move. */
	rated(f, 0, 1, id);
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", id);
	t_drain(f, 0);
	sess_close(f->s, 1, f->now);
	t_drain(f, 0);
	f->now += 1000;
	t_say(f, 0, "#a CLAIM game=%s", id);
	l = result_line(f, 0, "OK #a CLAIM");
	assert_non_null(strstr(l, " RESULT result=- reason=cancelled"));
	stored_result(id, "result=- reason=cancelled");

	/* Nothing was rated: no category, no game counted. */
	l = t_ask(f, 2, "OK #w WHOIS name=ann ", "#w WHOIS name=ann");
	assert_non_null(strstr(l, " games=0 n=0"));
	l = t_ask(f, 2, "OK #w WHOIS name=bob ", "#w WHOIS name=bob");
	assert_non_null(strstr(l, " games=0 n=0"));

	/* A game played, resigned at ply 2, is rated and counted; an
	 * unrated one is not counted. */
	t_drain(f, 1);
	account(f, 1, "10.0.3.1", "cid");
	rated(f, 0, 1, id);
	t_both_moved(f, id);
	t_say(f, 0, "#g RESIGN game=%s", id);
	l = result_line(f, 0, "OK #g RESIGN");
	assert_non_null(strstr(l, " RESULT result=0-1 reason=resign wrating="));
	t_drain(f, 1);
	t_say(f, 0, "#c CREATE seat=white clock=300+0");
	t_val(t_expect(f, 0, "OK #c CREATE"), "game", id, sizeof id);
	t_join_moves(f, id, "");
	t_say(f, 0, "RESIGN game=%s", id);
	t_drain(f, 0);
	t_drain(f, 1);
	l = t_ask(f, 2, "OK #w WHOIS name=ann ", "#w WHOIS name=ann");
	assert_non_null(strstr(l, " games=1 n=1"));
	t_db_free(f);
}

/*
 * "Both sides have made a move" counts the moves of this game: from a FEN
 * with black to move, black's first move is ply 0 and white's ply 1; a
 * RESIGN at ply 1 is an abort, at ply 2 a result. Here Black resigns
 * after its c6c5 and (white_moved) White's d2d3: the RESULT holds want.
 */
static void
resign_from_fen(bool white_moved, const char *want)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;
	const char *l;

	t_hello(f, 0, "10.0.0.1");
	t_hello(f, 1, "10.0.1.2");
	t_say(f, 0, "#c CREATE seat=white name=ann fen=gmelecz/ppppppp/7/7/"
	    "2P4/PP1PPPP/GMELECZ_b_0_1");
	t_val(t_expect(f, 0, "OK #c CREATE"), "game", g.id, sizeof g.id);
	t_ask(f, 1, "OK #j JOIN", "#j JOIN game=%s seat=black name=bob", g.id);
	t_say(f, 1, "MOVE game=%s ply=0 move=c6c5", g.id);
	if (white_moved)
		t_say(f, 0, "MOVE game=%s ply=1 move=d2d3", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_say(f, 1, "#g RESIGN game=%s", g.id);
	l = result_line(f, 1, "OK #g RESIGN");
	assert_non_null(strstr(l, want));
	t_free(f);
}

static void
test_abort_from_fen(void **state)
{
	(void)state;
	resign_from_fen(false, " RESULT result=- reason=cancelled");
	resign_from_fen(true, " RESULT result=1-0 reason=resign");
}

/*
 * Once both sides have moved, a takeback to ply 1 or 0 does not make the
 * game abortable again: CANCEL is refused (here, and after a restart that
 * rebuilds the game from its stored events), a RESIGN there is a result,
 * and the first-move minute does not abort it: the clock runs.
 */
static void
test_takeback_keeps_it_played(void **state)
{
	struct sess_limits lim = t_limits;
	struct t_fake *f, *f2;
	struct t_game g;
	const char *l;

	(void)state;
	lim.first_move_ms = 30000;
	f = t_new(&lim, NULL);
	f2 = t_new(&lim, NULL);
	t_start(f, &g, "clock=300+0");
	t_both_moved(f, g.id);
	/* White to move offers: two plies back, to ply 0. */
	t_say(f, 0, "TAKEBACK game=%s action=offer", g.id);
	t_drain(f, 1);
	t_ask(f, 1, "OK #a TAKEBACK", "#a TAKEBACK game=%s action=accept",
	    g.id);
	t_event(f, 1, " UNDO ply=0 ");
	t_drain(f, 0);
	t_drain(f, 1);
	t_ask(f, 1, "ERR #x 403 NOT_YOUR_SEAT :both sides have moved",
	    "#x CANCEL game=%s", g.id);
	t_ask(f, 0, "ERR #x 403 NOT_YOUR_SEAT :both sides have moved",
	    "#x CANCEL game=%s", g.id);
	/* The clock runs for white (no first-move minute now). */
	f->now += 40000;
	sess_tick(f->s, f->now);
	assert_string_equal(t_last_event(f, g.id)->ekind, "UNDO");
	assert_int_equal(t_num(t_state(f, 0, g.id), "wclock"), 260000);
	t_drain(f, 1);

	/* A restart rebuilds it from the stored events: still refused. */
	f2->now = f->now;
	t_reload(f, f2);
	t_hello(f2, 0, "10.0.0.1");
	t_hello(f2, 1, "10.0.1.2");
	t_say(f2, 0, "REJOIN game=%s token=%s", g.id, g.tw);
	t_say(f2, 1, "REJOIN game=%s token=%s", g.id, g.tb);
	t_drain(f2, 0);
	t_drain(f2, 1);
	t_ask(f2, 1, "ERR #x 403 NOT_YOUR_SEAT :both sides have moved",
	    "#x CANCEL game=%s", g.id);
	t_say(f2, 1, "#g RESIGN game=%s", g.id);
	l = result_line(f2, 1, "OK #g RESIGN");
	assert_non_null(strstr(l, " RESULT result=1-0 reason=resign"));
	t_free(f2);

	/* Here: white moves again, black offers, back to ply 1; the
	 * minute passes with no abort, and CANCEL is refused. */
	t_say(f, 0, "MOVE game=%s ply=0 move=d2d3", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_say(f, 0, "TAKEBACK game=%s action=offer", g.id);
	t_drain(f, 1);
	l = t_ask(f, 1, "OK #a TAKEBACK", "#a TAKEBACK game=%s action=accept",
	    g.id);
	t_event(f, 1, " UNDO ply=0 ");
	t_say(f, 0, "MOVE game=%s ply=0 move=d2d3", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	f->now += 31000;
	sess_tick(f->s, f->now);
	assert_string_equal(t_last_event(f, g.id)->ekind, "MOVE");
	t_ask(f, 1, "ERR #x 403 NOT_YOUR_SEAT :both sides have moved",
	    "#x CANCEL game=%s", g.id);
	t_free(f);
}

/*
 * Rated games between two connections of one network (an IPv4 /24):
 * JOIN gets 409 SAME_NETWORK, rated seeks are not paired: a rated SEEK
 * that only a seek of its own network would answer is refused 409
 * SAME_NETWORK naming the network (not left to wait for ever, unsaid),
 * also with a seek another server told of; unrated ones are paired; the
 * server option allows it all.
 */
static void
test_same_network(void **state)
{
	struct sess_limits lim = t_limits;
	struct store *st = t_db_open(STORE_CREATE);
	struct t_fake *f;
	char id[16];
	const char *l;

	(void)state;
	lim.max_per_address = 20;
	f = t_new_store(&lim, NULL, &store_sqlite_ops, st);
	account(f, 0, "10.0.0.1", "ann");
	account(f, 1, "10.0.0.2", "bob");
	account(f, 2, "10.0.1.1", "cid");
	t_say(f, 0, "#c CREATE seat=white rated=yes clock=300+0");
	t_val(t_expect(f, 0, "OK #c CREATE"), "game", id, sizeof id);
	t_drain(f, 0);
	l = t_ask(f, 1, "ERR #j 409 SAME_NETWORK",
	    "#j JOIN game=%s seat=black", id);
	assert_non_null(strstr(l, "10.0.0.0/24"));
	assert_null(strstr(l, "10.0.0.1"));
	t_ask(f, 2, "OK #j JOIN", "#j JOIN game=%s seat=black", id);
	t_drain(f, 0);
	t_drain(f, 2);
	/* Unrated: as before. */
	t_say(f, 0, "#c CREATE seat=white clock=300+0");
	t_val(t_expect(f, 0, "OK #c CREATE"), "game", id, sizeof id);
	t_ask(f, 1, "OK #j JOIN", "#j JOIN game=%s seat=black", id);
	t_drain(f, 0);
	t_drain(f, 1);

	/* Seeks: dan's rated seek waits; eve's, from his network, would
	 * answer it: refused, saying why; one that differs (another clock)
	 * is a seek like any; an unrated pair from it is paired. */
	account(f, 3, "10.0.5.1", "dan");
	account(f, 4, "10.0.5.2", "eve_");
	account(f, 5, "10.0.6.1", "fay");
	t_ask(f, 3, "OK #s SEEK", "#s SEEK clock=180+2 rated=yes");
	l = t_ask(f, 4, "ERR #s 409 SAME_NETWORK",
	    "#s SEEK clock=180+2 rated=yes");
	assert_non_null(strstr(l, "(10.0.5.0/24)"));
	t_ask(f, 4, "OK #s SEEK", "#s SEEK clock=180+3 rated=yes");
	t_ask(f, 2, "OK #s SEEKS n=2", "#s SEEKS");
	t_drain(f, 2);
	t_nothing(f, 3);
	t_nothing(f, 4);
	t_ask(f, 3, "OK #s SEEK", "#s SEEK clock=60+0");
	t_ask(f, 4, "OK #s SEEK", "#s SEEK clock=60+0");
	t_event(f, 4, " 0 PAIRED seek=");
	t_drain(f, 3);
	t_drain(f, 4);
	t_free(f);
	store_close(st);

	/* Another server's rated seek from 10.0.7.0/24, told with its
	 * network: ours from that network is refused, ours from another
	 * pairs. */
	st = t_db_open(0);
	f = t_new_store(&lim, NULL, &store_sqlite_ops, st);
	account(f, 0, "10.0.7.9", "gus");
	account(f, 1, "10.0.8.1", "hal");
	sess_seek_remote(f->s, "SRVB2345", "seek ABCDEFGH ann 1 77:0 congo "
	    "180000 2000 1 0 0 0 0 0 0.000 1 "
	    "0000000000000000000000000000000000000000000000000000000000000000 "
	    "10.0.7.0/24");
	t_ask(f, 0, "ERR #s 409 SAME_NETWORK :a rated seek that would be "
	    "paired with this one comes from your network (10.0.7.0/24)",
	    "#s SEEK clock=180+2 rated=yes");
	t_nothing(f, 0);
	t_ask(f, 1, "OK #s SEEK", "#s SEEK clock=180+2 rated=yes");
	t_event(f, 1, " 0 PAIRED seek=");
	t_free(f);
	store_close(st);

	/* --rated-same-network: a club behind one address. */
	st = t_db_open(0);
	lim.rated_same_network = true;
	f = t_new_store(&lim, NULL, &store_sqlite_ops, st);
	account(f, 0, "10.0.9.1", "ivy");
	account(f, 1, "10.0.9.2", "jon");
	rated(f, 0, 1, id);
	t_ask(f, 0, "OK #x CANCEL", "#x CANCEL game=%s", id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_ask(f, 0, "OK #s SEEK", "#s SEEK clock=600+0 rated=yes");
	t_ask(f, 1, "OK #s SEEK", "#s SEEK clock=600+0 rated=yes");
	t_event(f, 1, " 0 PAIRED seek=");
	t_free(f);
	store_close(st);
}

/* Our seek's notice to the other servers carries its network (the
 * prefix, never the address). */
static char told[512];

static void
notice(void *ctx, const char *text)
{
	(void)ctx;
	snprintf(told, sizeof told, "%s", text);
}

static void
test_seek_notice_network(void **state)
{
	struct store_ops ops;
	struct t_fake *f;

	(void)state;
	memset(&ops, 0, sizeof ops);
	ops.commit = t_store.commit;
	ops.seek_notice = notice;
	f = t_new_store(NULL, NULL, &ops, NULL);
	f->s->io.store_ctx = f;
	t_hello(f, 0, "192.0.2.77");
	t_ask(f, 0, "OK #s SEEK", "#s SEEK clock=180+2 name=ann");
	assert_non_null(strstr(told, "seek "));
	assert_non_null(strstr(told, " 192.0.2.0/24"));
	assert_null(strstr(told, "192.0.2.77"));
	/* a guest's: no rating, none provisional (the last word) */
	assert_string_equal(told + strlen(told) - 4, " 0 0");
	t_free(f);
}

/* Another server's seek of a provisional rating says so in SEEKS (its
 * notice's 20th word, issue 62); one of a server before, without it,
 * does not. Ours tells it. */
static void
test_seek_notice_provisional(void **state)
{
	struct store *st = t_db_open(STORE_CREATE);
	struct t_fake *f = t_new_store(NULL, NULL, &store_sqlite_ops, st);
	const char *l;

	(void)state;
	account(f, 0, "10.0.7.9", "gus");
	sess_seek_remote(f->s, "SRVB2345", "seek ABCDEFGH ann 1 77:0 congo "
	    "180000 2000 1 0 0 0 0 1 1612.000 1 "
	    "0000000000000000000000000000000000000000000000000000000000000000 "
	    "10.0.7.0/24 0 1");
	sess_seek_remote(f->s, "SRVB2345", "seek BCDEFGHI bea 1 78:0 congo "
	    "600000 0 1 0 0 0 0 1 1702.000 2 "
	    "0000000000000000000000000000000000000000000000000000000000000000 "
	    "10.0.8.0/24 0");
	t_ask(f, 0, "OK #l SEEKS n=2", "#l SEEKS");
	l = t_expect(f, 0, "ITEM #l seek=ABCDEFGH ");
	assert_non_null(strstr(l, " rating=1612 "));
	assert_non_null(strstr(l, " provisional=1"));
	l = t_expect(f, 0, "ITEM #l seek=BCDEFGHI ");
	assert_non_null(strstr(l, " rating=1702 "));
	assert_null(strstr(l, "provisional"));
	t_free(f);
	store_close(st);
}

/* The rematch of a rated game is rated: its STATE says so, its result
 * changes both ratings, and it is stored rated (a restart). */
static void
test_rated_rematch(void **state)
{
	struct t_fake *f;
	char id[16], nid[16], tok[40];
	const char *l;

	(void)state;
	f = t_db_new(NULL);
	account(f, 0, "10.0.0.1", "ann");
	account(f, 1, "10.0.1.1", "bob");
	rated(f, 0, 1, id);
	t_moves(f, id);
	t_say(f, 0, "RESIGN game=%s", id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_say(f, 0, "REMATCH game=%s", id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_ask(f, 1, "OK #m REMATCH", "#m REMATCH game=%s", id);
	l = t_expect(f, 1, "EV ");
	if (strstr(l, " REMATCH action=offer") != NULL)
		l = t_expect(f, 1, "EV ");
	assert_non_null(strstr(l, " REMATCHED game="));
	t_val(l, "game", nid, sizeof nid);
	t_val(l, "token", tok, sizeof tok);
	assert_non_null(strstr(l, " seat=white "));
	t_drain(f, 0);
	t_drain(f, 1);
	l = t_state(f, 1, nid);
	assert_non_null(strstr(l, " white=bob black=ann "));
	assert_non_null(strstr(l, " rated=1 "));
	t_say(f, 1, "MOVE game=%s ply=0 move=c2c3", nid);
	t_say(f, 0, "MOVE game=%s ply=1 move=c6c5", nid);
	t_drain(f, 0);
	t_drain(f, 1);
	t_say(f, 0, "#g RESIGN game=%s", nid);
	l = result_line(f, 0, "OK #g RESIGN");
	assert_non_null(strstr(l, " RESULT result=1-0 reason=resign wrating="));
	t_db_free(f);

	f = t_db_restart(NULL);
	t_hello(f, 0, "10.0.0.1");
	assert_non_null(strstr(t_state(f, 0, nid), " rated=1 "));
	t_say(f, 0, "#w WHOIS name=bob");
	assert_non_null(strstr(t_expect(f, 0, "OK #w WHOIS"), " games=2 "));
	t_db_free(f);
}

TEST_MAIN(NULL, NULL,
	T_DB_TEST(test_abort_not_rated),
	cmocka_unit_test(test_abort_from_fen),
	cmocka_unit_test(test_takeback_keeps_it_played),
	T_DB_TEST(test_same_network),
	cmocka_unit_test(test_seek_notice_network),
	T_DB_TEST(test_seek_notice_provisional),
	T_DB_TEST(test_rated_rematch))
