/*
 * test_net_accounts.c: accounts and ratings on an SQLite store, driven
 * through the session: REGISTER (a key shown once, stored hashed, names
 * unique without regard to case, 3 a network an hour), LOGIN (wrong keys
 * limited, the right one never locked out), a rated game needing LOGIN on
 * both seats, its RESULT with both Glicko-2 ratings (the values of
 * src/rating for two new players) stored in the same transaction, WHOIS,
 * TOP, GAMES (paged), RECORD with the ratings in its tags and each move's
 * clock, and a restart.
 */
#include <sqlite3.h>
#include <time.h>
#include <unistd.h>

#include "test_net_acct.h"
#include "rating/rating.h"
#include "test_tmp.h"
#include "test_main.h"

static void
test_register_login(void **state)
{
	struct t_fake *f = t_db_new(NULL);
	char key[40], key2[40], cmd[200];
	sqlite3 *db;
	sqlite3_stmt *q;
	int i;

	(void)state;
	t_hellos(f, 2);
	reg(f, 0, "Ann_1", key);
	/* Unique without regard to case. */
	t_ask(f, 1, "ERR #r 409 NAME_TAKEN", "#r REGISTER name=ANN_1");
	t_ask(f, 1, "ERR #r 400 BAD_SYNTAX", "#r REGISTER name=ab");
	t_ask(f, 1, "ERR #r 400 BAD_SYNTAX", "#r REGISTER name=a.b.c");
	/* Three a network an hour. */
	reg(f, 0, "bob", key2);
	reg(f, 0, "cid", key2);
	t_ask(f, 0, "ERR #r 429 RATE_LIMITED", "#r REGISTER name=dan");
	/* The key is stored hashed, never as it was shown. */
	assert_int_equal(sqlite3_open(t_dbpath, &db), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, "SELECT count(*) FROM "
	    "accounts WHERE keyhash LIKE ?1 OR name LIKE ?1", -1, &q, NULL),
	    SQLITE_OK);
	snprintf(cmd, sizeof cmd, "%%%s%%", key);
	sqlite3_bind_text(q, 1, cmd, -1, SQLITE_TRANSIENT);
	assert_int_equal(sqlite3_step(q), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(q, 0), 0);
	sqlite3_finalize(q);
	sqlite3_close(db);
	/* Wrong keys: 401, then 429 for that network and account; the
	 * right key works all the same, from any network. */
	for (i = 0; i < 5; i++) {
		t_ask(f, 1, "ERR #l 401 BAD_KEY",
		    "#l LOGIN name=ann_1 key=AAAAAAAAAAAAAAAAAAAAAAAAAA");
	}
	t_ask(f, 1, "ERR #l 429 RATE_LIMITED",
	    "#l LOGIN name=ann_1 key=AAAAAAAAAAAAAAAAAAAAAAAAAA");
	t_ask(f, 1, "OK #l LOGIN name=Ann_1", "#l LOGIN name=ann_1 key=%s",
	    key);
	t_ask(f, 0, "ERR #l 401 BAD_KEY", "#l LOGIN name=nobody key=%s", key);
	/* Logged in, name= is ignored: the account plays. */
	t_ask(f, 1, "OK #c CREATE", "#c CREATE seat=white name=someone");
	t_event(f, 1, " white=Ann_1 ");
	t_db_free(f);
}

/* A rated game between two new players: white wins. */
static void
test_rated_game(void **state)
{
	struct t_fake *f = t_db_new(NULL);
	char ka[40], kb[40], id[16], id2[16], want[160], line[160];
	struct rating w, b, w2, b2;
	struct t_fake *f2;
	const char *l;
	int i, n;

	(void)state;
	t_hellos(f, 3);
	reg(f, 0, "ann", ka);
	reg(f, 1, "bob", kb);
	t_ask(f, 0, "ERR #c 401 LOGIN_REQUIRED :a rated game needs LOGIN",
	    "#c CREATE seat=white rated=yes clock=300+0");
	t_ask(f, 0, "OK #l LOGIN", "#l LOGIN name=ann key=%s", ka);
	t_ask(f, 0, "ERR #c 400 BAD_SYNTAX", "#c CREATE seat=white rated=yes");
	l = t_ask(f, 0, "OK #c CREATE",
	    "#c CREATE seat=white rated=yes clock=300+0");
	t_val(l, "game", id, sizeof id);
	t_event(f, 0, " rated=1 wrating=1500 wrd=350");
	/* Black's seat needs an account, not ann's. */
	t_ask(f, 2, "ERR #j 401 LOGIN_REQUIRED :a rated game needs LOGIN",
	    "#j JOIN game=%s seat=black name=eve", id);
	t_ask(f, 1, "OK #l LOGIN", "#l LOGIN name=bob key=%s", kb);
	t_ask(f, 1, "OK #j JOIN", "#j JOIN game=%s seat=black", id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_both_moved(f, id);
	t_ask(f, 1, "OK #g RESIGN", "#g RESIGN game=%s", id);
	l = t_expect(f, 1, "EV ");
	/* Glicko-2 of two new players, one game: src/rating's figures. */
	rating_init(&w);
	rating_init(&b);
	assert_int_equal(rating_after_game(&w2, &b2, &w, &b, 1.0), 0);
	snprintf(want, sizeof want, " RESULT result=1-0 reason=resign "
	    "wrating=%ld wdiff=+%ld brating=%ld bdiff=-%ld",
	    rating_round(w2.r), rating_round(w2.r) - 1500,
	    rating_round(b2.r), 1500 - rating_round(b2.r));
	print_message("%s\n", l);
	assert_non_null(strstr(l, want));
	/* WHOIS: a provisional rating in blitz (300 s: under 480). */
	l = t_ask(f, 2, "OK #w WHOIS name=ann created=", "#w WHOIS name=ANN");
	assert_non_null(strstr(l, " games=1 n=1"));
	l = t_expect(f, 2, "ITEM #w variant=congo speed=blitz rating=");
	snprintf(want, sizeof want, "rating=%ld ", rating_round(w2.r));
	assert_non_null(strstr(l, want));
	assert_non_null(strstr(l, " games=1 provisional=1"));
	t_ask(f, 2, "ERR #w 404 NO_SUCH_PLAYER", "#w WHOIS name=nobody");
	/* TOP leaves provisional ratings out. */
	t_ask(f, 2, "OK #t TOP n=0", "#t TOP variant=congo speed=blitz");
	t_ask(f, 2, "ERR #t 400 BAD_SYNTAX",
	    "#t TOP variant=congo speed=fast");
	/* GAMES, newest first, paged with before=. */
	t_ask(f, 2, "OK #g GAMES n=1", "#g GAMES player=bob");
	l = t_expect(f, 2, "ITEM #g game=");
	snprintf(want, sizeof want, "game=%s variant=congo white=ann "
	    "black=bob result=1-0 reason=resign rated=1 ended=", id);
	assert_non_null(strstr(l, want));
	t_ask(f, 2, "OK #g GAMES n=0", "#g GAMES player=bob before=%s", id);
	/* A game that ends later comes first, even in the same second (the
	 * end is kept to the millisecond); before= pages past it. */
	t_drain(f, 0);
	t_drain(f, 1);
	l = t_ask(f, 0, "OK #c CREATE", "#c CREATE seat=white");
	t_val(l, "game", id2, sizeof id2);
	t_ask(f, 1, "OK #j JOIN", "#j JOIN game=%s seat=black", id2);
	t_drain(f, 1);
	/* Games that end in the same millisecond have no order between
	 * them: on a fast machine CREATE, JOIN and CANCEL can all fit in the
	 * millisecond the first game ended in, so let one go by. */
	nanosleep(&(struct timespec){ 0, 2000000 }, NULL);
	t_ask(f, 1, "OK #x CANCEL", "#x CANCEL game=%s", id2);
	t_drain(f, 0);
	t_drain(f, 1);
	t_ask(f, 2, "OK #g GAMES n=2", "#g GAMES player=bob");
	l = t_expect(f, 2, "ITEM #g game=");
	assert_non_null(strstr(l, id2));
	assert_non_null(strstr(l, " result=- reason=cancelled rated=0 "));
	t_expect(f, 2, "ITEM #g game=");
	t_ask(f, 2, "OK #g GAMES n=1", "#g GAMES player=bob before=%s", id2);
	l = t_expect(f, 2, "ITEM #g game=");
	assert_non_null(strstr(l, id));
	/* RECORD: the record congo loads, the ratings in its tags. */
	l = t_ask(f, 2, "OK #x RECORD", "#x RECORD game=%s", id);
	n = atoi(strstr(l, " n=") + 3);
	assert_true(n > 8);
	for (i = 0; i < n; i++) {
		l = t_expect(f, 2, "ITEM #x :");
		snprintf(line, sizeof line, "%s", l + 9);
		if (strncmp(line, "[WhiteElo ", 10) == 0)
			assert_string_equal(line, "[WhiteElo \"1500\"]");
		if (strncmp(line, "[WhiteRatingDiff ", 17) == 0) {
			snprintf(want, sizeof want, "[WhiteRatingDiff \"+%ld\"]",
			    rating_round(w2.r) - 1500);
			assert_string_equal(line, want);
		}
		if (strncmp(line, "1. ", 3) == 0)
			assert_string_equal(line, "1. c2c3 {[%clk 0:05:00]} c6c5 "
			    "{[%clk 0:05:00]} 1-0");
	}
	t_db_free(f);

	/* After a restart the ratings and the game are there. */
	f2 = t_db_restart(NULL);
	t_hello(f2, 0, "10.0.0.1");
	t_ask(f2, 0, "OK #s STATE", "#s STATE game=%s", id);
	l = t_expect(f2, 0, "EV ");
	snprintf(want, sizeof want, " rated=1 wrating=%ld ",
	    rating_round(w2.r));
	assert_non_null(strstr(l, want));
	t_db_free(f2);
}

/*
 * SEEK: compatible seeks paired at once, the oldest first, each seeker
 * told PAIRED (its seat and token, on its own connection) then STATE;
 * incompatible ones wait in SEEKS; UNSEEK; 3 a connection; a seek ends
 * with its connection; a rated seek needs LOGIN and pairs two accounts.
 */
/* A rating of name's in congo's category speed, as the store keeps it. */
static void
rating_row(const char *name, const char *speed, double rating, double rd)
{
	char sql[200];
	sqlite3 *db;

	snprintf(sql, sizeof sql, "INSERT INTO ratings VALUES('%s', 'congo', "
	    "'%s', %f, %f, 0.06, 30)", name, speed, rating, rd);
	assert_int_equal(sqlite3_open(t_dbpath, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
}

static void
test_seeks(void **state)
{
	struct t_fake *f = t_db_new(NULL);
	char s1[16], s2[16], s3[16], game[16], tok[40], seat[8], ka[40];
	char kb[40];
	const char *l;

	(void)state;
	t_hellos(f, 4);
	t_say(f, 0, "#s SEEK clock=300+3 name=ann");
	t_val(t_expect(f, 0, "OK #s SEEK seek="), "seek", s1, sizeof s1);
	t_say(f, 1, "#s SEEK clock=60+0 name=bob");
	t_val(t_expect(f, 1, "OK #s SEEK seek="), "seek", s2, sizeof s2);
	t_ask(f, 3, "OK #l SEEKS n=2", "#l SEEKS");
	l = t_expect(f, 3, "ITEM #l seek=");
	assert_non_null(strstr(l, " name=ann(guest) rating=- variant=congo "
	    "clock=300+3 rated=no color=random"));
	assert_null(strstr(l, "provisional"));
	t_drain(f, 3);
	t_ask(f, 0, "OK #x SEEK", "#x SEEK clock=300+0");
	t_ask(f, 0, "OK #x SEEK", "#x SEEK clock=300+1");
	t_ask(f, 0, "ERR #x 429 RATE_LIMITED", "#x SEEK clock=300+2");
	t_ask(f, 0, "ERR #x 400 BAD_SYNTAX", "#x SEEK");
	t_ask(f, 0,
	    "ERR #x 400 BAD_SYNTAX :range=1400-99999: range= is "
	    "<min>-<max> (0 to 9999), e.g. 1400-1700",
	    "#x SEEK clock=300+3 range=1400-99999");
	t_ask(f, 0, "ERR #x 400 BAD_SYNTAX :range=+1400-1700: range= ",
	    "#x SEEK clock=300+3 range=+1400-1700");
	t_ask(f, 0, "ERR #x 401 LOGIN_REQUIRED :a rated seek needs LOGIN",
	    "#x SEEK clock=300+3 rated=yes");
	/* The same terms as ann's first: paired at once with it. */
	t_say(f, 2, "#s SEEK clock=300+3 name=cid color=black");
	t_val(t_expect(f, 2, "OK #s SEEK seek="), "seek", s3, sizeof s3);
	l = t_event(f, 2, " 0 PAIRED seek=");
	assert_non_null(strstr(l, s3));
	assert_string_equal(t_val(l, "seat", seat, sizeof seat), "black");
	l = t_event(f, 2, " STATE ");
	assert_non_null(strstr(l, " status=active white=ann black=cid "));
	assert_non_null(strstr(l, " clock=300+3 "));
	l = t_event(f, 0, " 0 PAIRED seek=");
	assert_non_null(strstr(l, s1));
	assert_string_equal(t_val(l, "seat", seat, sizeof seat), "white");
	t_val(l, "token", tok, sizeof tok);
	sscanf(l, "EV %15s", game);
	/* Both seats were taken before either seeker was told. */
	t_event(f, 0, " wpresent=1 bpresent=1 ");
	/* ann's token takes the seat from another connection. */
	t_ask(f, 3, "OK #r REJOIN", "#r REJOIN game=%s token=%s", game, tok);
	t_drain(f, 3);
	/* Left: bob's 60+0; ann's two others went when she was paired (one
	 * game a seeker). */
	t_ask(f, 3, "OK #l SEEKS n=1", "#l SEEKS");
	t_drain(f, 3);
	t_ask(f, 1, "ERR #u 404 NO_SUCH_SEEK", "#u UNSEEK seek=%s", s1);
	t_ask(f, 1, "OK #u UNSEEK", "#u UNSEEK seek=%s", s2);
	/* A connection gone takes its seeks along. */
	sess_close(f->s, 0, f->now);
	t_ask(f, 3, "OK #l SEEKS n=0", "#l SEEKS");
	/* Rated: two accounts, never one with itself. */
	t_hello(f, 4, "10.0.4.1");
	t_hello(f, 5, "10.0.5.1");
	reg(f, 4, "ann2", ka);
	reg(f, 5, "bob2", kb);
	t_ask(f, 4, "OK #l LOGIN", "#l LOGIN name=ann2 key=%s", ka);
	t_ask(f, 5, "OK #l LOGIN", "#l LOGIN name=bob2 key=%s", kb);
	t_ask(f, 4, "OK #s SEEK", "#s SEEK clock=180+2 rated=yes");
	t_ask(f, 4, "OK #s SEEK", "#s SEEK clock=180+2 rated=yes");
	t_nothing(f, 4);
	/* A new account's rating is provisional: SEEKS says so (issue 62:
	 * the lobby showed 1500 as if established); one of RD 60 is not. */
	t_ask(f, 3, "OK #l SEEKS n=2", "#l SEEKS");
	l = t_expect(f, 3, "ITEM #l seek=");
	assert_non_null(strstr(l, " name=ann2 rating=1500 variant=congo "
	    "clock=180+2 rated=yes color=random provisional=1"));
	t_drain(f, 3);
	rating_row("bob2", "blitz", 1712.4, 60);
	t_ask(f, 5, "OK #s SEEK", "#s SEEK clock=300+0 rated=yes");
	t_ask(f, 3, "OK #l SEEKS n=3", "#l SEEKS");
	t_expect(f, 3, "ITEM #l seek=");
	t_expect(f, 3, "ITEM #l seek=");
	l = t_expect(f, 3, "ITEM #l seek=");
	assert_non_null(strstr(l, " name=bob2 rating=1712 variant=congo "
	    "clock=300+0 rated=yes color=random"));
	assert_null(strstr(l, "provisional"));
	t_ask(f, 5, "OK #u UNSEEK", "#u UNSEEK seek=%s", t_val(l, "seek",
	    s2, sizeof s2));
	t_ask(f, 5, "OK #s SEEK", "#s SEEK clock=180+2 rated=yes");
	t_event(f, 5, " 0 PAIRED seek=");
	l = t_event(f, 5, " STATE ");
	/* (colour random: ann2's 1500 on either side, bob2's 1712 on the
	 * other) */
	assert_non_null(strstr(l, " rated=1 "));
	assert_true((strstr(l, " wrating=1500 ") != NULL &&
	    strstr(l, " brating=1712 ") != NULL) ||
	    (strstr(l, " wrating=1712 ") != NULL &&
	    strstr(l, " brating=1500 ") != NULL));
	t_db_free(f);
}

/* A rated correspondence game: its category is stored, shown and asked
 * for under the whole name "correspondence" (issue 57: cut to
 * "corresponde" by a 12-byte buffer, and TOP's speed= found nothing). */
static void
test_rated_correspondence(void **state)
{
	struct t_fake *f = t_db_new(NULL);
	char ka[40], kb[40], id[16];
	const char *l;
	sqlite3 *db;
	sqlite3_stmt *q;

	(void)state;
	t_hellos(f, 3);
	reg(f, 0, "ann", ka);
	reg(f, 1, "bob", kb);
	t_ask(f, 0, "OK #l LOGIN", "#l LOGIN name=ann key=%s", ka);
	t_ask(f, 1, "OK #l LOGIN", "#l LOGIN name=bob key=%s", kb);
	l = t_ask(f, 0, "OK #c CREATE", "#c CREATE seat=white rated=yes days=3");
	t_val(l, "game", id, sizeof id);
	t_ask(f, 1, "OK #j JOIN", "#j JOIN game=%s seat=black", id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_both_moved(f, id);
	t_ask(f, 1, "OK #g RESIGN", "#g RESIGN game=%s", id);
	t_drain(f, 0);
	t_drain(f, 1);
	t_ask(f, 2, "OK #w WHOIS name=ann", "#w WHOIS name=ann");
	t_expect(f, 2, "ITEM #w variant=congo speed=correspondence rating=");
	/* The rows under that name: the rating and its history, each. */
	assert_int_equal(sqlite3_open(t_dbpath, &db), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, "SELECT (SELECT count(*) "
	    "FROM ratings WHERE speed = 'correspondence') + (SELECT count(*) "
	    "FROM rating_history WHERE speed = 'correspondence')", -1, &q,
	    NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(q), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(q, 0), 4);
	sqlite3_finalize(q);
	sqlite3_close(db);
	t_db_free(f);
}

/* The game's RECORD's move text (its lines after the tags), joined by
 * spaces, into out. */
static void
record_moves(struct t_fake *f, int conn, const char *id, char *out,
    size_t n)
{
	const char *l = t_ask(f, conn, "OK #y RECORD", "#y RECORD game=%s",
	    id);
	int i, k = atoi(strstr(l, " n=") + 3);

	out[0] = '\0';
	for (i = 0; i < k; i++) {
		l = t_expect(f, conn, "ITEM #y :") + 9;
		if (l[0] != '[' && l[0] != '\0')
			snprintf(out + strlen(out), n - strlen(out), "%s%s",
			    out[0] != '\0' ? " " : "", l);
	}
}

/* A downloaded record has each move's clock as the server stored it with
 * the move (EV MOVE's wclock= bclock=), after a restart too (issue 62:
 * none, so a review showed 1:00/1:00 at every move). */
static void
test_record_clocks(void **state)
{
	static const char want[] = "1. c2c3 {[%clk 0:01:00]} c6c5 "
	    "{[%clk 0:01:00]} 2. d2d3 {[%clk 0:00:57]} d6d5 "
	    "{[%clk 0:00:51]} 0-1";
	struct t_fake *f = t_db_new(NULL), *f2;
	struct t_game g;
	char text[512];

	(void)state;
	t_start(f, &g, "clock=60+2");
	f->now += 5000;
	t_ask(f, 0, "OK #m MOVE", "#m MOVE game=%s ply=0 move=c2c3", g.id);
	f->now += 3000;
	t_drain(f, 1);
	t_ask(f, 1, "OK #m MOVE", "#m MOVE game=%s ply=1 move=c6c5", g.id);
	f->now += 5000;         /* 60 - 5 + 2 */
	t_drain(f, 0);
	t_ask(f, 0, "OK #m MOVE", "#m MOVE game=%s ply=2 move=d2d3", g.id);
	f->now += 10500;        /* 60 - 10.5 + 2 */
	t_drain(f, 1);
	t_ask(f, 1, "OK #m MOVE", "#m MOVE game=%s ply=3 move=d6d5", g.id);
	t_drain(f, 0);
	t_ask(f, 0, "OK #r RESIGN", "#r RESIGN game=%s", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	record_moves(f, 0, g.id, text, sizeof text);
	assert_string_equal(text, want);
	t_db_free(f);
	f2 = t_db_restart(NULL);
	t_hello(f2, 0, "10.0.0.1");
	record_moves(f2, 0, g.id, text, sizeof text);
	assert_string_equal(text, want);
	t_db_free(f2);
}

TEST_MAIN(NULL, NULL,
	T_DB_TEST(test_record_clocks),
	T_DB_TEST(test_rated_correspondence),
	T_DB_TEST(test_register_login),
	T_DB_TEST(test_rated_game),
	T_DB_TEST(test_seeks))
