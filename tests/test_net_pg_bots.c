/*
 * test_net_pg_bots.c: bots' seeks across two servers on one PostgreSQL
 * (issue 59, PROTOCOL.md "Bots"): a bot's seek on one server is listed on
 * the other with title=BOT; two bots' seeks on the two servers are never
 * paired; a human's bots=yes seek on B is paired with A's bot, the oldest,
 * within a second, and B's bot keeps seeking.
 */
#include "test_net_pg.h"

/* How many seeks c's server lists with title=BOT, and whether id is one. */
static int
bot_seeks(struct tc *c, const char *id, bool *found)
{
	char n[8];
	int i, k, bots = 0;

	tc_ask(c, "OK #q SEEKS n=", "#q SEEKS");
	tc_val(c->line, "n", n, sizeof n);
	k = atoi(n);
	*found = false;
	for (i = 0; i < k; i++) {
		assert_non_null(tc_wait(c, "ITEM #q ", T));
		if (strstr(c->line, " title=BOT") != NULL) {
			bots++;
			*found |= strstr(c->line, id) != NULL;
		}
	}
	return bots;
}

void
test_bots_across(void **state)
{
	struct tc *a, *b, *h, *qa;
	char key[40], sa[16], sb[16], sh[16], gh[16], ga[16];
	bool found = false;
	long long t0;

	(void)state;
	a = hello_from(port_a, 180);
	b = hello_from(port_b, 181);
	h = hello_from(port_b, 182);
	tc_ask(a, "OK #r REGISTER", "#r REGISTER name=botacross bot=yes");
	tc_val(a->line, "key", key, sizeof key);
	tc_ask(a, "OK #l LOGIN", "#l LOGIN name=botacross key=%s", key);
	tc_ask(b, "OK #r REGISTER", "#r REGISTER name=botbee bot=yes");
	tc_val(b->line, "key", key, sizeof key);
	tc_ask(b, "OK #l LOGIN", "#l LOGIN name=botbee key=%s", key);
	tc_send(a, "#s SEEK clock=78+1");
	seek_of(a, sa, sizeof sa);
	/* B lists A's bot seek with its title before its own bot seeks. */
	for (t0 = tc_ms(); tc_ms() - t0 < T && !found;) {
		bot_seeks(h, sa, &found);
		if (!found)
			usleep(100000);     /* (20 commands a second at most) */
	}
	assert_true(found);
	tc_send(b, "#s SEEK clock=78+1");
	seek_of(b, sb, sizeof sb);
	/* Two bots: both listed, neither paired (A lists B's too). */
	qa = hello_from(port_a, 183);
	for (t0 = tc_ms(), found = false; tc_ms() - t0 < T && !found;) {
		bot_seeks(qa, sb, &found);
		if (!found)
			usleep(100000);     /* (20 commands a second at most) */
	}
	assert_true(found);
	assert_int_equal(bot_seeks(h, sa, &found), 2);
	/* A human's bots=yes seek on B: A's bot, the older. */
	t0 = tc_ms();
	tc_send(h, "#s SEEK clock=78+1 name=hum bots=yes");
	seek_of(h, sh, sizeof sh);
	assert_non_null(tc_wait(h, "EV ", T));
	assert_non_null(strstr(h->line, " 0 PAIRED seek="));
	sscanf(h->line, "EV %15s", gh);
	assert_non_null(tc_wait(a, "EV ", T));
	assert_non_null(strstr(a->line, " 0 PAIRED seek="));
	sscanf(a->line, "EV %15s", ga);
	print_message("a human on B paired with A's bot in %lld ms\n",
	    tc_ms() - t0);
	assert_true(tc_ms() - t0 < 1000);
	assert_string_equal(ga, gh);
	/* B's bot still seeks. */
	assert_int_equal(bot_seeks(qa, sb, &found), 1);
	assert_true(found);
	tc_free(a);
	tc_free(b);
	tc_free(h);
	tc_free(qa);
}
