/*
 * test_net_create_rated.c: the smaller findings of issue 33 about a rated
 * CREATE and GAMES, through the session on an SQLite store: a rated CREATE
 * without seat= takes white (PROTOCOL.md: seat= is optional); fen= of the
 * variant's start position is accepted in a rated game (either variant,
 * another move number too), any other position refused saying so; GAMES
 * of a player nobody knows is 404 NO_SUCH_PLAYER, as WHOIS.
 */
#include <unistd.h>

#include "test_net_util.h"
#include "test_main.h"

/* REGISTER and LOGIN name on conn. */
static void
login(struct t_fake *f, int conn, const char *name)
{
	char key[40];
	const char *l;

	l = t_ask(f, conn, "OK #r REGISTER name=", "#r REGISTER name=%s",
	    name);
	t_val(l, "key", key, sizeof key);
	t_ask(f, conn, "OK #l LOGIN", "#l LOGIN name=%s key=%s", name, key);
}

/* A session on a new store: conn 0 logged in as ann, conn 1 (another
 * network) as bob when both. */
static struct t_fake *
start(bool both)
{
	struct t_fake *f = t_db_new(NULL);

	t_hellos(f, 2);
	login(f, 0, "ann");
	if (both)
		login(f, 1, "bob");
	return f;
}

static void
test_rated_create(void **state)
{
	char id[16];
	struct t_fake *f = start(true);
	const char *l;

	(void)state;
	/* No seat=: the creator takes white. */
	l = t_ask(f, 0, "OK #c CREATE game=",
	    "#c CREATE rated=yes clock=300+0");
	assert_non_null(strstr(l, " seat=white token="));
	t_val(l, "game", id, sizeof id);
	t_drain(f, 0);
	t_ask(f, 1, "OK #j JOIN", "#j JOIN game=%s seat=black", id);
	t_drain(f, 0);
	t_drain(f, 1);
	/* The start position written out: accepted, in both variants, with
	 * another move number too. */
	l = t_ask(f, 0, "OK #c CREATE game=",
	    "#c CREATE seat=black rated=yes clock=300+0 "
	    "fen=gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ_w_0_1");
	assert_non_null(strstr(l, " seat=black token="));
	t_drain(f, 0);
	t_ask(f, 0, "OK #c CREATE game=",
	    "#c CREATE rated=yes clock=300+0 variant=megapawn "
	    "fen=ezclcze/3p3/p1p1p1p/7/P1P1P1P/3P3/EZCLCZE_w_0_9");
	l = t_expect(f, 0, "EV ");
	/* ...and stored as the variant's own start. */
	assert_non_null(strstr(l, "ezclcze/3p3/p1p1p1p/7/P1P1P1P/3P3/EZCLCZE"
	    "_w_0_1"));
	t_drain(f, 0);
	/* Any other position is refused, saying why. */
	t_ask(f, 0,
	    "ERR #c 400 BAD_SYNTAX :a rated game starts from the "
	    "variant's start position",
	    "#c CREATE rated=yes clock=300+0 "
	    "fen=gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ_b_0_1");
	t_ask(f, 0,
	    "ERR #c 400 BAD_SYNTAX :a rated game starts from the "
	    "variant's start position",
	    "#c CREATE rated=yes clock=300+0 "
	    "fen=gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ_w_5_1");
	t_ask(f, 0, "ERR #c 400 BAD_SYNTAX",
	    "#c CREATE rated=yes clock=300+0 variant=megapawn "
	    "fen=gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ_w_0_1");
	t_ask(f, 0, "ERR #c 400 BAD_SYNTAX :a rated game needs clock=",
	    "#c CREATE rated=yes");
	t_db_free(f);
}

static void
test_games_unknown(void **state)
{
	struct t_fake *f = start(false);

	(void)state;
	t_ask(f, 1, "ERR #w 404 NO_SUCH_PLAYER", "#w WHOIS name=nobody");
	t_ask(f, 1, "ERR #g 404 NO_SUCH_PLAYER", "#g GAMES player=nobody");
	/* An account with no games yet: none, not 404. */
	t_ask(f, 1, "OK #g GAMES n=0", "#g GAMES player=ANN");
	t_db_free(f);
}

TEST_MAIN(NULL, NULL,
	T_DB_TEST(test_rated_create),
	T_DB_TEST(test_games_unknown))
