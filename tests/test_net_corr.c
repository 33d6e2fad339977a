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
#define _GNU_SOURCE              /* timegm */
#include "test_net_util.h"

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
	struct tm tm;
	const char *p = strstr(line, " deadline=");	/* never first */

	if (p == NULL)
		return -1;
	snprintf(v, sizeof v, "%.20s", p + strlen(" deadline="));
	memset(&tm, 0, sizeof tm);
	assert_int_equal(sscanf(v, "%4d-%2d-%2dT%2d:%2d:%2dZ", &tm.tm_year,
	    &tm.tm_mon, &tm.tm_mday, &tm.tm_hour, &tm.tm_min, &tm.tm_sec), 6);
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	return (long long)timegm(&tm) * 1000;
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
	t_say(f, 2, "#a CREATE days=4");
	t_expect(f, 2, "ERR #a 400");
	t_say(f, 2, "#b CREATE days=3 clock=300+0");
	t_expect(f, 2, "ERR #b 400");
	t_say(f, 2, "#c CREATE days=x");
	t_expect(f, 2, "ERR #c 400");
	t_say(f, 2, "#d CREATE days=3 seat=white");
	t_expect(f, 2, "OK #d CREATE");
	l = t_expect(f, 2, "EV ");
	assert_non_null(strstr(l, " days=3"));
	assert_null(strstr(l, "deadline="));    /* nobody to move yet */
	assert_null(strstr(l, "wclock="));

	t_start(f, &g, "days=3");
	assert_string_equal(f->rec[0].clock, "3d");
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
	t_expect(f, 0, "EV ");
	assert_non_null(strstr(t_last, " RESULT result=- reason=cancelled"));
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
	t_expect(f, 1, "EV ");
	assert_non_null(strstr(t_last, " RESULT result=0-1 reason=time"));
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_create),
		cmocka_unit_test(test_first_move),
		cmocka_unit_test(test_time),
		cmocka_unit_test(test_restart),
		cmocka_unit_test(test_speed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
