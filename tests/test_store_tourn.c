/*
 * test_store_tourn.c: the tournaments in the store (store_tourn.h, issue
 * 60): a tournament, its members, its pairings with their games' results,
 * the pairing lease, each written by the typed calls and read back through
 * the store's reads, on the store CONGO_STORE_DB names (a PostgreSQL URI:
 * tests/test_store_tourn.sh gives its throwaway cluster's) or else a fresh
 * SQLite file. Values with a quote are stored as they are (bound).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "net/store/store.h"
#include "test_main.h"

#define TEST_STORE_NAME "test_store_tourn"
#include "test_store_open.h"

static struct store_tourney
tourney(const char *id, const char *kind)
{
	struct store_tourney t;

	memset(&t, 0, sizeof t);
	snprintf(t.id, sizeof t.id, "%s", id);
	snprintf(t.kind, sizeof t.kind, "%s", kind);
	snprintf(t.name, sizeof t.name, "Friday-%s", kind);
	snprintf(t.creator, sizeof t.creator, "o'hara");
	snprintf(t.clock, sizeof t.clock, "60+0");
	snprintf(t.variant, sizeof t.variant, "congo");
	t.start = 1800000000000LL;
	t.created = 1799999990000LL;
	t.minutes = 30;
	t.rounds = 0;
	t.rated = true;
	return t;
}

static struct store_tourney *
find(struct store_tourney *t, int n, const char *id)
{
	for (int i = 0; i < n; i++)
		if (strcmp(t[i].id, id) == 0)
			return &t[i];
	return NULL;
}

static void
test_tourney(void **state)
{
	struct store_tourney t = tourney("ARENAAA2", "arena"), got[8], *g;
	struct store_change ch;
	int n;

	(void)state;
	t.minrated = 7;
	store_change_accounts(&ch);
	assert_int_equal(store_tourney_add(&ch, &t), 0);
	assert_int_equal(commit(&ch), 0);
	assert_int_equal(commit(&ch), -1);    /* the same id: refused */
	t = tourney("SWISSAA2", "swiss");
	t.minutes = 0;
	t.rounds = 5;
	t.clock[0] = '\0';
	t.days = 3;
	t.rated = false;
	snprintf(t.tiebreak, sizeof t.tiebreak, "sb");
	store_change_accounts(&ch);
	assert_int_equal(store_tourney_add(&ch, &t), 0);
	assert_int_equal(commit(&ch), 0);
	n = ops->tourneys(ctx, got, 8, err, sizeof err);
	assert_int_equal(n, 2);
	assert_non_null(g = find(got, n, "ARENAAA2"));
	assert_string_equal(g->kind, "arena");
	assert_string_equal(g->name, "Friday-arena");
	assert_string_equal(g->creator, "o'hara");
	assert_int_equal(g->minrated, 7);
	assert_string_equal(g->tiebreak, "buchholz");
	assert_string_equal(g->clock, "60+0");
	assert_int_equal(g->start, 1800000000000LL);
	assert_int_equal(g->created, 1799999990000LL);
	assert_int_equal(g->minutes, 30);
	assert_true(g->rated);
	assert_int_equal(g->status, 0);
	assert_non_null(g = find(got, n, "SWISSAA2"));
	assert_int_equal(g->rounds, 5);
	assert_int_equal(g->days, 3);
	assert_string_equal(g->clock, "");
	assert_false(g->rated);
	assert_string_equal(g->tiebreak, "sb");
	/* Started, round 2. */
	store_change_accounts(&ch);
	assert_int_equal(store_tourney_state(&ch, "SWISSAA2", 1, 2), 0);
	assert_int_equal(commit(&ch), 0);
	n = ops->tourneys(ctx, got, 8, err, sizeof err);
	assert_non_null(g = find(got, n, "SWISSAA2"));
	assert_int_equal(g->status, 1);
	assert_int_equal(g->round, 2);
}

static void
member(const char *id, const char *lname, bool paused, bool withdrawn,
    int absences)
{
	struct store_tmember m;
	struct store_change ch;

	memset(&m, 0, sizeof m);
	snprintf(m.lname, sizeof m.lname, "%s", lname);
	snprintf(m.name, sizeof m.name, "%s", lname);
	m.name[0] = (char)(m.name[0] - 'a' + 'A');
	m.joined = 1800000000000LL + (long long)strlen(lname);
	m.paused = paused;
	m.withdrawn = withdrawn;
	m.absences = absences;
	store_change_accounts(&ch);
	assert_int_equal(store_tmember_put(&ch, id, &m), 0);
	assert_int_equal(commit(&ch), 0);
}

static void
test_members(void **state)
{
	struct store_tmember m[8];
	struct store_change ch;

	(void)state;
	member("MEMBERS2", "ann", false, false, 0);
	member("MEMBERS2", "o'brien", false, false, 0);
	member("MEMBERS2", "cy", false, false, 0);
	assert_int_equal(ops->tmembers(ctx, "MEMBERS2", m, 8, err,
	    sizeof err), 3);
	assert_string_equal(m[0].lname, "cy");        /* joined first */
	assert_string_equal(m[0].name, "Cy");
	/* Paused, withdrawn after two absences: the same row. */
	member("MEMBERS2", "ann", true, false, 0);
	member("MEMBERS2", "o'brien", false, true, 2);
	store_change_accounts(&ch);
	assert_int_equal(store_tmember_score(&ch, "MEMBERS2", "cy", 7, true),
	    0);
	assert_int_equal(store_tmember_remove(&ch, "MEMBERS2", "ann"), 0);
	assert_int_equal(commit(&ch), 0);
	assert_int_equal(ops->tmembers(ctx, "MEMBERS2", m, 8, err,
	    sizeof err), 2);
	assert_string_equal(m[0].lname, "cy");
	assert_int_equal(m[0].points, 7);
	assert_true(m[0].fire);
	assert_string_equal(m[1].lname, "o'brien");
	assert_true(m[1].withdrawn);
	assert_int_equal(m[1].absences, 2);
	assert_false(m[1].paused);
}

/* A game between white and black with its RESULT event, or none. */
static void
game(const char *id, const char *result)
{
	struct store_change ch;
	char body[64];

	memset(&ch, 0, sizeof ch);
	ch.game = id;
	ch.new_game = true;
	ch.start_fen = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w";
	ch.created = 1;
	ch.creator = -1;
	ch.seat = -1;
	if (result != NULL) {
		snprintf(body, sizeof body, "result=%s reason=abandoned", result);
		ch.nev = 1;
		ch.seq[0] = 1;
		ch.kind[0] = "RESULT";
		ch.body[0] = body;
	}
	assert_int_equal(commit(&ch), 0);
}

static void
test_pairs(void **state)
{
	struct store_tpair p, got[8];
	struct store_change ch;

	(void)state;
	game("GAMEAAA2", "1-0");
	game("GAMEBBB2", NULL);
	memset(&p, 0, sizeof p);
	p.round = 1;
	snprintf(p.game, sizeof p.game, "GAMEAAA2");
	snprintf(p.white, sizeof p.white, "ann");
	snprintf(p.black, sizeof p.black, "o'brien");
	store_change_accounts(&ch);
	assert_int_equal(store_tpair_add(&ch, "PAIRSAA2", &p), 0);
	p.n = 1;
	snprintf(p.game, sizeof p.game, "GAMEBBB2");
	snprintf(p.white, sizeof p.white, "cy");
	snprintf(p.black, sizeof p.black, "dee");
	assert_int_equal(store_tpair_add(&ch, "PAIRSAA2", &p), 0);
	p.n = 2;                                /* the bye */
	p.game[0] = '\0';
	snprintf(p.white, sizeof p.white, "eve");
	p.black[0] = '\0';
	assert_int_equal(store_tpair_add(&ch, "PAIRSAA2", &p), 0);
	assert_int_equal(store_tberserk(&ch, "PAIRSAA2", "GAMEBBB2", 1), 0);
	assert_int_equal(commit(&ch), 0);
	assert_int_equal(commit(&ch), -1);    /* paired again: refused */
	assert_int_equal(ops->tpairs(ctx, "PAIRSAA2", got, 8, err,
	    sizeof err), 3);
	assert_string_equal(got[0].game, "GAMEAAA2");
	assert_string_equal(got[0].white, "ann");
	assert_string_equal(got[0].black, "o'brien");
	assert_string_equal(got[0].result, "1-0");
	assert_string_equal(got[0].reason, "abandoned");
	assert_false(got[0].berserk[0] || got[0].berserk[1]);
	assert_string_equal(got[1].result, "");
	assert_false(got[1].berserk[0]);
	assert_true(got[1].berserk[1]);
	assert_string_equal(got[2].game, "");
	assert_string_equal(got[2].white, "eve");
	assert_string_equal(got[2].black, "");
}

static int
lease(const char *server, long long now)
{
	struct store_change ch;

	store_change_accounts(&ch);
	assert_int_equal(store_tlease(&ch, server, now, 10000), 0);
	return commit(&ch);
}

static void
test_lease(void **state)
{
	struct store_tlease_row l;

	(void)state;
	assert_int_equal(ops->tlease(ctx, &l, err, sizeof err), 0);
	assert_int_equal(lease("SRVAAAA2", 1000), 0);
	assert_int_equal(ops->tlease(ctx, &l, err, sizeof err), 1);
	assert_string_equal(l.server, "SRVAAAA2");
	assert_int_equal(l.until, 11000);
	assert_int_equal(lease("SRVAAAA2", 5000), 0);       /* renewed */
	assert_int_equal(lease("SRVB'AA2", 14000), -1);     /* A's still */
	assert_int_equal(ops->tlease(ctx, &l, err, sizeof err), 1);
	assert_string_equal(l.server, "SRVAAAA2");
	assert_int_equal(l.until, 15000);
	assert_int_equal(lease("SRVB'AA2", 15001), 0);      /* run out */
	assert_int_equal(lease("SRVAAAA2", 16000), -1);
	assert_int_equal(ops->tlease(ctx, &l, err, sizeof err), 1);
	assert_string_equal(l.server, "SRVB'AA2");
}

TEST_MAIN(setup, teardown,
	cmocka_unit_test(test_tourney),
	cmocka_unit_test(test_members),
	cmocka_unit_test(test_pairs),
	cmocka_unit_test(test_lease))
