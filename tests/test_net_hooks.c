/*
 * test_net_hooks.c: the core's calls of the features' hooks (issue 58): a
 * feature's hooks of a change, a turn and an event are called for what it
 * wants (struct sess_feature's wants) and not for the rest; a feature's
 * on_tick runs at its deadline (sess_tick_at, tick_due), not every round
 * of the loop (sess_tick).
 */
#include "test_net_util.h"
#include "test_main.h"

struct spy {
	int spend, applied, turn, event, tick;
};
static struct spy all, rated, days, ticker;
static long long tick_at = -1;

static void
all_spend(struct sess *s, struct spend *p)
{
	(void)s, (void)p;
	all.spend++;
}

static void
all_applied(struct sess *s, struct sgame *g, const struct store_change *ch)
{
	(void)s, (void)g, (void)ch;
	all.applied++;
}

static void
all_turn(struct sess *s, const struct sgame *g, char *body, size_t n)
{
	(void)s, (void)g, (void)body, (void)n;
	all.turn++;
}

static void
rated_spend(struct sess *s, struct spend *p)
{
	(void)s, (void)p;
	rated.spend++;
}

static void
rated_applied(struct sess *s, struct sgame *g, const struct store_change *ch)
{
	(void)s, (void)g, (void)ch;
	rated.applied++;
}

static void
days_turn(struct sess *s, const struct sgame *g, char *body, size_t n)
{
	(void)s, (void)g, (void)body, (void)n;
	days.turn++;
}

static void
days_event(struct sess *s, struct sgame *g, const char *kind,
    const char *body)
{
	(void)s, (void)g, (void)kind, (void)body;
	days.event++;
}

static void
ticker_tick(struct sess *s, long long now)
{
	(void)s;
	ticker.tick++;
	if (tick_at >= 0 && now >= tick_at)
		tick_at = -1;           /* done: nothing more due */
}

static long long
ticker_due(const struct sess *s)
{
	(void)s;
	return tick_at;
}

static const struct sess_feature spy_all = {
	.name = "all",
	.on_spend = all_spend,
	.on_applied = all_applied,
	.turn_body = all_turn,
};
static const struct sess_feature spy_rated = {
	.name = "rated",
	.wants = SESS_CH_RATED,
	.on_spend = rated_spend,
	.on_applied = rated_applied,
};
static const struct sess_feature spy_days = {
	.name = "days",
	.wants = SESS_CH_DAYS,
	.turn_body = days_turn,
	.on_event = days_event,
};
static const struct sess_feature spy_ticker = {
	.name = "ticker",
	.on_tick = ticker_tick,
	.tick_due = ticker_due,
};
static const struct sess_feature *const spies[] = {
	&spy_all, &spy_rated, &spy_days, &spy_ticker, NULL
};

/* The fake store's session again, with the spies for its features. */
static struct t_fake *
spied(void)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct sess_io io = f->s->io;

	sess_free(f->s);
	f->s = sess_new_with(&io, &t_limits, NULL, "congo-server/test",
	    spies);
	memset(&all, 0, sizeof all);
	memset(&rated, 0, sizeof rated);
	memset(&days, 0, sizeof days);
	memset(&ticker, 0, sizeof ticker);
	tick_at = -1;
	return f;
}

/* A move of an unrated game without days: the feature that wants every
 * change hears it, the ones that want rated or correspondence games do
 * not. */
static void
test_wants(void **state)
{
	struct t_fake *f = spied();
	struct t_game g;

	(void)state;
	t_start(f, &g, "");
	assert_true(all.spend > 0);
	assert_true(all.applied > 0);
	memset(&all, 0, sizeof all);
	t_ask(f, 0, "OK #m MOVE", "#m MOVE game=%s ply=0 move=c2c3", g.id);
	assert_int_equal(all.spend, 1);
	assert_int_equal(all.applied, 1);
	assert_int_equal(all.turn, 1);
	assert_int_equal(rated.spend, 0);
	assert_int_equal(rated.applied, 0);
	assert_int_equal(days.turn, 0);
	assert_int_equal(days.event, 0);
	t_free(f);
}

/* A correspondence game's events reach the feature that wants them. */
static void
test_wants_days(void **state)
{
	struct t_fake *f = spied();

	(void)state;
	t_hello(f, 0, "10.0.0.1");
	t_ask(f, 0, "OK #c CREATE", "#c CREATE seat=white days=3");
	assert_true(days.event > 0);     /* its JOINED, read into it */
	assert_int_equal(rated.spend, 0);
	t_free(f);
}

/* A feature's on_tick runs at its deadline, not at every sess_tick. */
static void
test_tick_at_deadline(void **state)
{
	struct t_fake *f = spied();
	int i;

	(void)state;
	for (i = 0; i < 5; i++)
		sess_tick(f->s, f->now + i);
	assert_int_equal(ticker.tick, 0);
	tick_at = f->now + 100;
	sess_tick_at(f->s, tick_at);
	assert_int_equal(sess_next_timer(f->s, f->now + 10), 90);
	sess_tick(f->s, f->now + 50);
	assert_int_equal(ticker.tick, 0);
	sess_tick(f->s, f->now + 100);
	assert_int_equal(ticker.tick, 1);
	for (i = 0; i < 5; i++)
		sess_tick(f->s, f->now + 200 + i);
	assert_int_equal(ticker.tick, 1);
	assert_int_equal(sess_next_timer(f->s, f->now + 300), -1);
	t_free(f);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_wants),
	cmocka_unit_test(test_wants_days),
	cmocka_unit_test(test_tick_at_deadline))
