/*
 * test_net_corr.c: correspondence games (issue 36, PROTOCOL.md
 * "Correspondence"), driven through the session with short days
 * (sess_limits.day_ms, congo-server --day-length): CREATE days= and its
 * refusals; STATE's days= and deadline=; the deadline stored with the
 * JOINED that starts the game and each MOVE; the first move not made in
 * time aborts the game; a later one loses it on time; a deadline that
 * passed while the server was down ends the game at the next start, at
 * once, and one still to come is kept; the rating category.
 */
#include "test_net_util.h"
#include "test_iso.h"
#include "test_main.h"

#define DAY 10000LL               /* ms: a short day */

static struct sess_limits
corr_limits(void)
{
	struct sess_limits lim = t_limits;

	lim.day_ms = DAY;
	return lim;
}

/* The Unix ms of deadline= in line, -1 when it has none. */
static long long
deadline_of(const char *line)
{
	char v[40];
	const char *p = strstr(line, " deadline=");	/* never first */

	if (p == NULL)
		return -1;
	snprintf(v, sizeof v, "%.20s", p + strlen(" deadline="));
	return test_iso_ms(v);
}

static void
test_create(void **state)
{
	struct sess_limits lim = corr_limits();
	struct t_fake *f = t_new(&lim, NULL);
	struct t_game g;
	const char *l;
	long long wall = (long long)time(NULL) * 1000, d;

	(void)state;
	t_hello(f, 2, "10.0.2.1");
	t_ask(f, 2, "ERR #a 400", "#a CREATE days=4");
	t_ask(f, 2, "ERR #b 400", "#b CREATE days=3 clock=300+0");
	t_ask(f, 2, "ERR #c 400", "#c CREATE days=x");
	/* Only the listed numbers, written as they are (PROTOCOL.md). */
	t_ask(f, 2, "ERR #c 400 BAD_SYNTAX", "#c CREATE days=07");
	t_ask(f, 2, "ERR #c 400 BAD_SYNTAX", "#c CREATE days=+7");
	t_ask(f, 2, "ERR #c 400 BAD_SYNTAX", "#c SEEK days=014");
	t_ask(f, 2, "OK #d CREATE", "#d CREATE days=3 seat=white");
	l = t_event(f, 2, " days=3");
	assert_null(strstr(l, "deadline="));    /* nobody to move yet */
	assert_null(strstr(l, "wclock="));

	t_start(f, &g, "days=3");
	assert_string_equal(f->rec[0].clock, "3d");
	/* LIST says days=, never the stored "3d" as a clock. */
	t_ask(f, 2, "OK #l LIST n=2", "#l LIST");
	l = t_expect(f, 2, "ITEM #l ");
	assert_non_null(strstr(l, " days=3"));
	assert_null(strstr(l, "clock="));
	t_drain(f, 2);
	/* The JOINED that starts it holds white's first deadline. */
	d = deadline_of(t_last_event(f, g.id)->body);
	assert_true(d >= wall + 3 * DAY - 2000 && d <= wall + 3 * DAY + 2000);
	l = t_state(f, 0, g.id);
	assert_non_null(strstr(l, " days=3 deadline="));
	assert_true(deadline_of(l) == d);
	/* The game's timer is at it (the deadline in whole seconds). */
	assert_true(sess_next_timer(f->s, f->now) > 3 * DAY - 2000 &&
	    sess_next_timer(f->s, f->now) <= 3 * DAY);
	/* A move gives black three days from now, stored with it. */
	f->now += DAY;
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", g.id);
	t_drain(f, 0);
	d = deadline_of(t_last_event(f, g.id)->body);
	assert_true(d >= wall + 4 * DAY - 2000 && d <= wall + 4 * DAY + 2000);
	t_free(f);
}

/* White's first move not made in three days: aborted. */
static void
test_first_move(void **state)
{
	struct sess_limits lim = corr_limits();
	struct t_fake *f = t_new(&lim, NULL);
	struct t_game g;

	(void)state;
	t_start(f, &g, "days=3");
	f->now += 3 * DAY - 2000;
	sess_tick(f->s, f->now);
	assert_string_equal(t_last_event(f, g.id)->ekind, "JOINED");
	f->now += 3000;
	sess_tick(f->s, f->now);
	assert_string_equal(t_last_event(f, g.id)->body,
	    "result=- reason=cancelled");
	t_event(f, 0, " RESULT result=- reason=cancelled");
	t_free(f);

	/* Black's first move too. */
	f = t_new(&lim, NULL);
	t_start(f, &g, "days=1");
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", g.id);
	f->now += DAY + 2000;
	sess_tick(f->s, f->now);
	assert_string_equal(t_last_event(f, g.id)->body,
	    "result=- reason=cancelled");
	t_free(f);
}

/* Both moved, white's deadline passes: black wins on time. */
static void
test_time(void **state)
{
	struct sess_limits lim = corr_limits();
	struct t_fake *f = t_new(&lim, NULL);
	struct t_game g;

	(void)state;
	t_start(f, &g, "days=2");
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", g.id);
	f->now += DAY;
	t_say(f, 1, "MOVE game=%s ply=1 move=c6c5", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	f->now += 2 * DAY - 2000;
	sess_tick(f->s, f->now);
	assert_string_equal(t_last_event(f, g.id)->ekind, "MOVE");
	f->now += 3000;
	sess_tick(f->s, f->now);
	assert_string_equal(t_last_event(f, g.id)->body,
	    "result=0-1 reason=time");
	t_event(f, 1, " RESULT result=0-1 reason=time");
	t_free(f);
}

/*
 * CLAIM of a correspondence game is refused (403, for good: no left=),
 * however long the opponent has been gone; the deadline ends it.
 */
static void
test_claim(void **state)
{
	struct sess_limits lim = corr_limits();
	struct t_fake *f;
	struct t_game g;
	const char *l;

	(void)state;
	lim.abandon_ms = 1000;
	f = t_new(&lim, NULL);
	t_start(f, &g, "days=3");
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", g.id);
	t_say(f, 1, "MOVE game=%s ply=1 move=c6c5", g.id);
	t_say(f, 0, "MOVE game=%s ply=2 move=d2d3", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	sess_close(f->s, 1, f->now);
	t_drain(f, 0);
	f->now += DAY;          /* far past the abandonment time */
	sess_tick(f->s, f->now);
	t_say(f, 0, "#a CLAIM game=%s", g.id);
	l = t_expect(f, 0, "ERR #a 403 ");
	assert_non_null(strstr(l, " deadline="));
	assert_null(strstr(l, "left="));
	assert_string_equal(t_last_event(f, g.id)->ekind, "MOVE");
	/* Black's deadline still ends it, white the winner. */
	f->now += 2 * DAY + 1000;
	sess_tick(f->s, f->now);
	assert_string_equal(t_last_event(f, g.id)->body,
	    "result=1-0 reason=time");
	t_free(f);
}

/* A takeback gives the side to move its days again from then. */
static void
test_takeback(void **state)
{
	struct sess_limits lim = corr_limits();
	struct t_fake *f = t_new(&lim, NULL);
	struct t_game g;
	long long d;

	(void)state;
	t_start(f, &g, "days=2");
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", g.id);
	t_say(f, 1, "MOVE game=%s ply=1 move=c6c5", g.id);
	t_say(f, 0, "MOVE game=%s ply=2 move=d2d3", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	f->now += DAY + DAY / 2;
	t_say(f, 1, "TAKEBACK game=%s action=offer", g.id);
	t_say(f, 0, "TAKEBACK game=%s action=accept", g.id);
	t_drain(f, 0);
	t_drain(f, 1);
	assert_string_equal(t_last_event(f, g.id)->ekind, "UNDO");
	d = deadline_of(t_last_event(f, g.id)->body);
	assert_true(d >= sess_wall(f->s) + 2 * DAY - 2000 &&
	    d <= sess_wall(f->s) + 2 * DAY);
	/* Black's old deadline (half a day on) does not end it. */
	f->now += DAY;
	sess_tick(f->s, f->now);
	assert_string_equal(t_last_event(f, g.id)->ekind, "UNDO");
	f->now += DAY + 1000;
	sess_tick(f->s, f->now);
	assert_string_equal(t_last_event(f, g.id)->body,
	    "result=1-0 reason=time");
	t_free(f);
}

/*
 * The server is down while white's deadline passes: at the next start the
 * game is lost at once; a game whose deadline is still to come is kept,
 * its deadline as stored; a restart before anything is due changes
 * nothing.
 */
static void
test_restart(void **state)
{
	struct sess_limits lim = corr_limits();
	struct t_fake *f = t_new(&lim, NULL), *f2, *f3;
	struct t_game g, g2;
	long long wall = (long long)time(NULL) * 1000, d2;
	const char *l;

	(void)state;
	t_start(f, &g, "days=1");
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", g.id);
	t_say(f, 1, "MOVE game=%s ply=1 move=c6c5", g.id);
	sess_close(f->s, 0, f->now);
	sess_close(f->s, 1, f->now);
	t_drain(f, 0);
	t_drain(f, 1);
	t_start(f, &g2, "days=7");
	d2 = deadline_of(t_last_event(f, g2.id)->body);

	/* Restarted at once: nothing due. */
	f3 = t_new(&lim, NULL);
	t_reload_at(f, f3, wall);
	sess_tick(f3->s, f3->now);
	assert_int_equal(f3->nrec, 0);          /* nothing stored */
	t_hello(f3, 0, "10.0.0.1");
	l = t_state(f3, 0, g.id);
	assert_non_null(strstr(l, " status=active "));
	assert_non_null(strstr(l, " days=1 deadline="));
	t_free(f3);

	/* Restarted two days later. */
	f2 = t_new(&lim, NULL);
	t_reload_at(f, f2, wall + 2 * DAY);
	assert_int_equal(sess_next_timer(f2->s, f2->now), 0);
	sess_tick(f2->s, f2->now);
	assert_string_equal(t_last_event(f2, g.id)->body,
	    "result=0-1 reason=time");
	t_hello(f2, 0, "10.0.0.1");
	assert_non_null(strstr(t_state(f2, 0, g.id), " status=finished "
	    "result=0-1 reason=time"));
	l = t_state(f2, 0, g2.id);
	assert_non_null(strstr(l, " status=active "));
	assert_true(deadline_of(l) == d2);
	t_free(f2);
	t_free(f);
}

/* A rated correspondence game is of the category correspondence. */
static void
test_speed(void **state)
{
	struct sess_limits lim = corr_limits();
	struct t_fake *f = t_new(&lim, NULL);
	struct t_game g;

	(void)state;
	t_start(f, &g, "days=5");
	assert_string_equal(sess_speed(sess_find(f->s, g.id)),
	    "correspondence");
	t_free(f);
}

/*
 * SEEK days=: SEEKS shows days=; only seeks of the same days pair; the
 * game made is a correspondence game, white's first deadline stored with
 * it. days= with clock= is refused.
 */
static void
test_seek(void **state)
{
	struct sess_limits lim = corr_limits();
	struct t_fake *f = t_new(&lim, NULL);
	char id[16];
	const char *l;

	(void)state;
	t_hellos(f, 3);
	t_ask(f, 0, "ERR #x 400", "#x SEEK days=3 clock=300+0");
	t_ask(f, 0, "ERR #x 400", "#x SEEK days=6");
	t_ask(f, 0, "OK #s SEEK", "#s SEEK days=3 name=ann");
	t_ask(f, 1, "OK #s SEEK", "#s SEEK days=5 name=bob");
	t_ask(f, 1, "OK #t SEEK", "#t SEEK clock=300+0 name=bob");
	t_ask(f, 2, "OK #l SEEKS n=3", "#l SEEKS");
	l = t_expect(f, 2, "ITEM #l ");
	assert_non_null(strstr(l, " days=3 "));
	assert_null(strstr(l, "clock="));
	t_drain(f, 2);
	t_nothing(f, 0);
	t_ask(f, 2, "OK #s SEEK", "#s SEEK days=3 name=cid");
	t_event(f, 2, " 0 PAIRED seek=");
	l = t_event(f, 0, " 0 PAIRED seek=");
	snprintf(id, sizeof id, "%.8s", l + 3);
	l = t_state(f, 0, id);
	assert_non_null(strstr(l, " status=active "));
	assert_non_null(strstr(l, " days=3 deadline="));
	assert_null(strstr(l, "wclock="));
	assert_true(deadline_of(t_last_event(f, id)->body) > 0);
	t_free(f);
}

/* white creates the game (CREATE words extra) and black joins: its id. */
static void
game(struct t_fake *f, int white, int black, const char *extra, char *id)
{
	t_say(f, white, "#c CREATE seat=white %s", extra);
	t_val(t_expect(f, white, "OK #c CREATE"), "game", id, 16);
	if (black >= 0) {
		t_ask(f, black, "OK #j JOIN", "#j JOIN game=%s seat=black",
		    id);
	}
	t_drain(f, white);
	if (black >= 0)
		t_drain(f, black);
}

/* GAMES mine=yes of conn: its k ITEM lines' games in order, checked
 * against want (ids, NULL-terminated), each line into lines. */
static void
mine(struct t_fake *f, int conn, const char *const *want,
    char lines[][2048])
{
	char buf[64];
	int n = 0, i;

	while (want[n] != NULL)
		n++;
	t_say(f, conn, "#m GAMES mine=yes");
	snprintf(buf, sizeof buf, "OK #m GAMES n=%d", n);
	t_expect(f, conn, buf);
	for (i = 0; i < n; i++) {
		t_expect(f, conn, "ITEM #m game=");
		snprintf(buf, sizeof buf, "ITEM #m game=%s ", want[i]);
		if (strncmp(t_last, buf, strlen(buf)) != 0)
			print_error("item %d: %s, wanted %s\n", i, t_last,
			    want[i]);
		assert_true(strncmp(t_last, buf, strlen(buf)) == 0);
		snprintf(lines[i], 2048, "%s", t_last);
	}
	t_nothing(f, conn);
}

/*
 * GAMES mine=yes: the account's games not finished, its turn first (the
 * soonest deadline or clock first), then the others the same way, open
 * ones last; a game against a guest counts; a finished one is left out;
 * the same after a restart, from another address; LOGIN needed.
 */
static void
test_mine(void **state)
{
	struct sess_limits lim = corr_limits();
	struct t_fake *f;
	char a[16], b[16], c[16], d[16], e[16], x[16];
	char akey[40], bkey[40];
	char lines[8][2048];
	const char *want[8];

	(void)state;
	lim.max_per_address = 20;
	lim.games_per_minute = 100;
	f = t_db_new(&lim);
	t_account(f, 0, "10.0.0.1", "ann", akey);
	t_account(f, 1, "10.0.1.1", "bob", bkey);
	t_hello(f, 2, "10.0.2.1");
	t_ask(f, 2, "ERR #m 401 LOGIN_REQUIRED", "#m GAMES mine=yes");
	t_ask(f, 0, "ERR #m 400", "#m GAMES mine=no");
	game(f, 0, 1, "days=3", a);                 /* ann to move, 3 days */
	game(f, 1, 0, "clock=300+0", b);            /* bob to move */
	game(f, 0, 1, "days=1", c);                 /* bob to move, a day */
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", c);
	t_drain(f, 0);
	t_drain(f, 1);
	game(f, 0, -1, "days=7", d);                /* open */
	game(f, 0, 1, "days=14", e);                /* finished */
	t_say(f, 0, "RESIGN game=%s", e);
	t_drain(f, 0);
	t_drain(f, 1);
	t_say(f, 2, "#c CREATE seat=white name=zed days=2");
	t_val(t_expect(f, 2, "OK #c CREATE"), "game", x, sizeof x);
	t_say(f, 1, "#j JOIN game=%s seat=black", x);   /* a guest's */
	t_drain(f, 0);
	t_drain(f, 1);
	t_drain(f, 2);

	/* ann's turn in a; then c (bob's day, 10 s here) before b (bob's
	 * five minutes); the open game last. */
	want[0] = a, want[1] = c, want[2] = b, want[3] = d, want[4] = NULL;
	mine(f, 0, want, lines);
	assert_non_null(strstr(lines[0], " variant=congo white=ann black=bob "
	    "status=active turn=white yourturn=1 deadline="));
	assert_null(strstr(lines[0], "clock="));
	/* each with its time control, for "3 d a move" or "5+0" */
	assert_non_null(strstr(lines[0], " days=3"));
	assert_non_null(strstr(lines[1], " days=1"));
	assert_non_null(strstr(lines[2], " clock=300+0"));
	assert_null(strstr(lines[2], "days="));
	assert_non_null(strstr(lines[3], " days=7"));
	assert_non_null(strstr(lines[1], " status=active turn=black "
	    "yourturn=0 deadline="));
	assert_non_null(strstr(lines[2], " white=bob black=ann status=active "
	    "turn=white yourturn=0 wclock=300000 bclock=300000"));
	assert_null(strstr(lines[2], "deadline="));
	assert_non_null(strstr(lines[3], " white=ann black=- status=open "
	    "turn=white yourturn=0"));
	assert_null(strstr(lines[3], "deadline="));

	/* bob: c and b his turn (c's deadline first), then x (the guest
	 * zed's two days) before a (ann's three). */
	want[0] = c, want[1] = b, want[2] = x, want[3] = a, want[4] = NULL;
	mine(f, 1, want, lines);
	assert_non_null(strstr(lines[0], " yourturn=1 deadline="));
	assert_non_null(strstr(lines[1], " yourturn=1 wclock="));
	assert_non_null(strstr(lines[2], " white=zed black=bob "));
	assert_non_null(strstr(lines[3], " yourturn=0 deadline="));
	/* zed is a guest: the name is nobody's account. */
	t_ask(f, 2, "ERR #m 401 LOGIN_REQUIRED", "#m GAMES mine=yes");
	t_db_free(f);

	/* After a restart, from any machine: the same list. */
	f = t_db_restart(&lim);
	sess_start(f->s, f->now, (long long)time(NULL) * 1000);
	t_hello(f, 0, "10.9.0.1");
	t_ask(f, 0, "OK #l LOGIN", "#l LOGIN name=ann key=%s", akey);
	t_drain(f, 0);
	want[0] = a, want[1] = c, want[2] = b, want[3] = d, want[4] = NULL;
	mine(f, 0, want, lines);
	t_hello(f, 1, "10.9.1.1");
	t_ask(f, 1, "OK #l LOGIN", "#l LOGIN name=bob key=%s", bkey);
	t_drain(f, 1);
	want[0] = c, want[1] = b, want[2] = x, want[3] = a, want[4] = NULL;
	mine(f, 1, want, lines);
	t_db_free(f);
}

/* conn from another machine: LOGIN as name, REJOIN id by the account. */
static void
back(struct t_fake *f, int conn, const char *name, const char *key,
    const char *id)
{
	t_hello(f, conn, "10.0.9.9");
	t_ask(f, conn, "OK #l LOGIN", "#l LOGIN name=%s key=%s", name, key);
	t_ask(f, conn, "OK #r REJOIN", "#r REJOIN game=%s", id);
	t_drain(f, conn);
}

/* io.notify's calls: "event game player" lines. */
static char notified[2048];
static int nnotified;

static void
t_notify(void *ctx, const char *event, const char *game, const char *player)
{
	size_t n = strlen(notified);

	(void)ctx;
	snprintf(notified + n, sizeof notified - n, "%s %s %s\n", event, game,
	    player);
	nnotified++;
}

/*
 * A player away (no connection) is told once: a move to answer, at most
 * once a minute per account and game; a result always; nobody connected
 * to the game is told, nor a guest.
 */
static void
test_notify(void **state)
{
	struct sess_limits lim = corr_limits();
	struct t_fake *f;
	char id[16], akey[40], bkey[40], want[256];

	(void)state;
	lim.max_per_address = 20;
	lim.games_per_minute = 100;
	/* Days long enough for the minutes below: bob's deadline is never
	 * past when he comes back (an overdue game would end then). */
	lim.day_ms = 100 * DAY;
	notified[0] = '\0';
	nnotified = 0;
	f = t_db_new(&lim);
	f->s->io.notify = t_notify;
	t_account(f, 0, "10.0.0.1", "ann", akey);
	t_account(f, 1, "10.0.1.1", "bob", bkey);
	game(f, 0, 1, "days=3", id);
	t_say(f, 0, "MOVE game=%s ply=0 move=c2c3", id);
	t_drain(f, 0);
	t_drain(f, 1);
	assert_int_equal(nnotified, 0);          /* bob is there */
	t_say(f, 1, "MOVE game=%s ply=1 move=c6c5", id);
	t_drain(f, 0);
	t_drain(f, 1);
	assert_int_equal(nnotified, 0);          /* ann is there */
	sess_close(f->s, 1, f->now);            /* bob goes */
	t_drain(f, 0);
	f->now += 1000;
	t_ask(f, 0, "OK #m MOVE", "#m MOVE game=%s ply=2 move=d2d3", id);
	t_drain(f, 0);
	snprintf(want, sizeof want, "move %s bob\n", id);
	assert_string_equal(notified, want);
	/* bob answers from another machine and goes; ann's move within the
	 * minute tells him no more; after it, again. */
	back(f, 1, "bob", bkey, id);
	t_say(f, 1, "MOVE game=%s ply=3 move=d6d5", id);
	t_drain(f, 1);
	t_drain(f, 0);
	sess_close(f->s, 1, f->now);
	t_drain(f, 0);
	t_ask(f, 0, "OK #m MOVE", "#m MOVE game=%s ply=4 move=e2e3", id);
	t_drain(f, 0);
	assert_int_equal(nnotified, 1);
	f->now += 60000;
	back(f, 1, "bob", bkey, id);
	t_say(f, 1, "MOVE game=%s ply=5 move=e6e5", id);
	t_drain(f, 1);
	t_drain(f, 0);
	sess_close(f->s, 1, f->now);
	t_drain(f, 0);
	t_ask(f, 0, "OK #m MOVE", "#m MOVE game=%s ply=6 move=f2f3", id);
	t_drain(f, 0);
	assert_int_equal(nnotified, 2);
	/* The result goes whatever the minute. */
	t_say(f, 0, "RESIGN game=%s", id);
	t_drain(f, 0);
	assert_int_equal(nnotified, 3);
	snprintf(want, sizeof want, "move %s bob\nmove %s bob\nresult %s "
	    "bob\n", id, id, id);
	assert_string_equal(notified, want);
	t_db_free(f);
}

/*
 * Two servers on one store: a game made on the first after the second
 * started is not in the second's memory; read there (a STATE), its
 * deadline is a timer there too, so it fires with the first one gone.
 */
static void
test_read_elsewhere(void **state)
{
	struct sess_limits lim = corr_limits();
	struct store *st = t_db_open(STORE_CREATE);
	struct t_fake *f1, *f2;
	struct t_game g;
	char err[256];
	const char *l;

	(void)state;
	/* (One handle of the database for both: SQLite's lock is one
	 * process's.) */
	f2 = t_new_store(&lim, NULL, &store_sqlite_ops, st);
	assert_int_equal(store_load(st, f2->s, err, sizeof err), 0);
	sess_start(f2->s, f2->now, (long long)time(NULL) * 1000);
	f1 = t_new_store(&lim, NULL, &store_sqlite_ops, st);
	t_start(f1, &g, "days=1");
	t_say(f1, 0, "MOVE game=%s ply=0 move=c2c3", g.id);
	t_say(f1, 1, "MOVE game=%s ply=1 move=c6c5", g.id);
	t_free(f1);                               /* the first one gone */
	assert_int_equal(sess_next_timer(f2->s, f2->now), -1);
	t_hello(f2, 0, "10.0.5.1");
	l = t_state(f2, 0, g.id);
	assert_non_null(strstr(l, " status=active "));
	/* f2's wall clock started at a whole second (time(NULL)), f1's
	 * deadline was stamped later from the real clock: a second may
	 * have turned between them, so a day and up to two seconds. */
	assert_true(sess_next_timer(f2->s, f2->now) >= 0 &&
	    sess_next_timer(f2->s, f2->now) <= DAY + 2000);
	f2->now += DAY + 3000;
	sess_tick(f2->s, f2->now);
	assert_non_null(strstr(t_state(f2, 0, g.id), " status=finished "
	    "result=0-1 reason=time"));
	t_free(f2);
	store_close(st);
}

/*
 * A server takes over a correspondence game whose deadline passed while
 * no server held it (the one that made it gone): the game is ended
 * before it is shown. REJOIN, OBSERVE and STATE there never show it
 * active with its deadline past: their STATE is the finished game.
 */
static void
test_takeover_overdue(void **state)
{
	static const char *const asks[] = { "#r REJOIN game=%s token=%s",
	    "#o OBSERVE game=%s", "#s STATE game=%s" };
	struct sess_limits lim = corr_limits();
	struct store *st = t_db_open(STORE_CREATE);
	struct t_fake *f1, *f2;
	struct t_game g[3];
	char err[256];
	const char *l;
	int i;

	(void)state;
	/* The second server's clock three days on: it starts (and reads
	 * the games) after every deadline has passed. */
	f2 = t_new_store(&lim, NULL, &store_sqlite_ops, st);
	assert_int_equal(store_load(st, f2->s, err, sizeof err), 0);
	sess_start(f2->s, f2->now, (long long)time(NULL) * 1000 + 3 * DAY);
	f1 = t_new_store(&lim, NULL, &store_sqlite_ops, st);
	for (i = 0; i < 3; i++) {
		t_start(f1, &g[i], "days=1");
		t_say(f1, 0, "MOVE game=%s ply=0 move=c2c3", g[i].id);
		t_say(f1, 1, "MOVE game=%s ply=1 move=c6c5", g[i].id);
		t_drain(f1, 0);
		t_drain(f1, 1);
		sess_close(f1->s, 0, f1->now);
		sess_close(f1->s, 1, f1->now);
		t_drain(f1, 0);
		t_drain(f1, 1);
	}
	t_free(f1);                               /* the first one gone */
	for (i = 0; i < 3; i++) {
		t_hello(f2, i, i == 0 ? "10.0.0.1" : "10.0.7.1");
		t_say(f2, i, asks[i], g[i].id, g[i].tw);
		t_expect(f2, i, asks[i][1] == 'r' ? "OK #r REJOIN" :
		    asks[i][1] == 'o' ? "OK #o OBSERVE" : "OK #s STATE");
		l = t_event(f2, i, " STATE ");
		if (strstr(l, " status=finished result=0-1 reason=time") ==
		    NULL)
			print_error("%s: %s\n", asks[i], l);
		assert_non_null(strstr(l, " status=finished result=0-1 "
		    "reason=time"));
	}
	t_free(f2);
	store_close(st);
}

TEST_MAIN(NULL, NULL,
	T_DB_TEST(test_takeover_overdue),
	cmocka_unit_test(test_create),
	cmocka_unit_test(test_first_move),
	cmocka_unit_test(test_time),
	cmocka_unit_test(test_claim),
	cmocka_unit_test(test_restart),
	cmocka_unit_test(test_takeback),
	cmocka_unit_test(test_speed),
	cmocka_unit_test(test_seek),
	T_DB_TEST(test_mine),
	T_DB_TEST(test_notify),
	T_DB_TEST(test_read_elsewhere))
