/*
 * test_net_spectator.c: the watchers' own chat (issue 62, an extension of
 * CGP/1): a watcher's SAY goes to the watchers as SAID side=spectator
 * name=.., not stored, never to the players' connections; a connection
 * that neither plays nor watches is refused as before; SAY's rules hold.
 */
#include "test_net_util.h"
#include "test_main.h"

static void
test_spectators_talk_apart(void **state)
{
	struct t_fake *f = t_new(NULL, NULL);
	struct t_game g;
	long seq;
	int i;

	(void)state;
	t_start(f, &g, "");
	for (i = 2; i <= 3; i++) {
		t_hello(f, i, i == 2 ? "10.0.2.1" : "10.0.3.1");
		t_say(f, i, "OBSERVE game=%s", g.id);
		t_drain(f, i);
	}
	seq = t_last_event(f, g.id)->seq;
	t_ask(f, 2, "OK #t SAY game=", "#t SAY game=%s :what a move \xe2\x98\x83",
	    g.id);
	t_expect(f, 2, "EV ");
	/* its UTF-8 as it was said, as a player's */
	assert_non_null(strstr(t_expect(f, 3, "EV "),
	    " SAID side=spectator name=anonymous :what a move \xe2\x98\x83"));
	/* the players hear nothing of it; nothing stored */
	t_nothing(f, 0);
	t_nothing(f, 1);
	assert_int_equal(t_last_event(f, g.id)->seq, seq);
	/* SAY's rules */
	t_ask(f, 3, "ERR #t 400 BAD_SYNTAX", "#t SAY game=%s", g.id);
	/* a player's SAY still reaches everyone, the watchers too */
	t_ask(f, 0, "OK #t SAY game=", "#t SAY game=%s :hello", g.id);
	t_event(f, 1, " SAID side=white :hello");
	t_event(f, 2, " SAID side=white :hello");
	t_event(f, 3, " SAID side=white :hello");
	t_drain(f, 0);
	/* neither playing nor watching: refused as before */
	t_hello(f, 4, "10.0.4.1");
	t_ask(f, 4, "ERR #t 403 NOT_YOUR_SEAT", "#t SAY game=%s :hi", g.id);
	t_free(f);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_spectators_talk_apart))
