/*
 * test_session_mine_soon.c: "Your games" in the lobby, asked again within
 * a second while one of them waits for the opponent's move (issue 62: the
 * list was asked every 15 s, so an opponent's move showed there seconds
 * late), and no oftener than before when none waits; against the fake
 * CGP/1 server (test_session_fake.h).
 */
#include "session/session_net_mine.h"
#include "test_session_fake.h"

#define OTHER "CCCCCCCC"

static void
lobby(void)
{
}

/* Online in the lobby as bob, his games and challenges listed: ITEM
 * lines for GAMES mine=yes as given (n of them), no challenge. */
static struct session_mine *
listed(const char *const *games, int n)
{
	struct session_mine *m;

	connect_fake(lobby);
	WAIT(net_client_state(C) == NET_ONLINE);
	m = &S.net->mine;
	send_line("OK #i LOGIN name=bob");
	WAIT(strcmp(S.net->account, "bob") == 0);
	session_mine_tick(&S, now_ms(), true);
	expect_line("#M GAMES mine=yes", NULL, 0);
	expect_line("#H CHALLENGES", NULL, 0);
	send_line("OK #M GAMES n=%d", n);
	for (int i = 0; i < n; i++)
		send_line("ITEM #M %s", games[i]);
	send_line("OK #H CHALLENGES n=0");
	WAIT(m->listed && !m->asking && !m->chal_asking);
	return m;
}

/* ann to move in a game with bob: bob's list is asked again within a
 * second (your games alone), and ann's move is there once it comes. */
static void
test_soon_while_waiting(void **state)
{
	static const char *const games[] = {
		"game=" GAME " variant=congo white=ann black=bob "
		"status=active turn=white yourturn=0 days=3",
	};
	struct session_mine *m = listed(games, 1);
	long long now = now_ms();
	int left;

	(void)state;
	assert_false(m->games[0].yourturn);
	left = session_mine_timeout(&S, now, true);
	assert_true(left >= 0 && left <= 1000);
	session_mine_tick(&S, now + 1000, true);
	assert_true(m->asking);
	assert_false(m->chal_asking);
	expect_line("#M GAMES mine=yes", NULL, 0);
	send_line("OK #M GAMES n=1");
	send_line("ITEM #M game=" GAME " variant=congo white=ann black=bob "
	    "status=active turn=black yourturn=1 days=3");
	WAIT(!m->asking && m->n == 1 && m->games[0].yourturn);
	/* now bob's turn: nothing to wait for, asked as before */
	assert_true(session_mine_timeout(&S, now_ms(), true) > 10000);
	session_mine_tick(&S, now_ms() + 1000, true);
	assert_false(m->asking);
	disconnect_fake();
}

/* Every game bob's turn, or only open ones: not asked sooner. */
static void
test_not_sooner(void **state)
{
	static const char *const games[] = {
		"game=" GAME " variant=congo white=ann black=bob "
		"status=active turn=black yourturn=1 days=3",
		"game=" OTHER " variant=congo white=bob black=- "
		"status=open turn=white yourturn=0 clock=600+5",
	};
	struct session_mine *m = listed(games, 2);

	(void)state;
	assert_true(session_mine_timeout(&S, now_ms(), true) > 10000);
	session_mine_tick(&S, now_ms() + 1000, true);
	assert_false(m->asking);
	disconnect_fake();
}

FAKE_HOME_MAIN("test_session_mine_soon",
	cmocka_unit_test(test_soon_while_waiting),
	cmocka_unit_test(test_not_sooner))
