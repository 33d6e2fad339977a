/*
 * sess_tourney_run.c: tournaments running (issue 60; PROTOCOL.md
 * "Tournaments"): the start at its time; an arena's free members paired
 * again within a second or two of their games' ends, near each other in
 * the standings (src/tourn's arena_pair), until its minutes are over and
 * its last games have ended; a Swiss's rounds paired by the Dutch system
 * once the round before has ended, its bye, its absent members' forfeits
 * (twice, and withdrawn). Each pairing is an ordinary game made with both
 * seats, stored with its pairing row (and, with several servers on the
 * store, the pairing lease) in one transaction; its players are told
 * PAIRED with their tokens, as a seek's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"
#include "net/server/sess_tourney.h"
#include "net/server/sess_days.h"
#include "tourn/tourn.h"
#include "util/util.h"

#define TICK_MS 500

/* A connection here logged in as lname, or -1. */
static int
conn_of(struct sess *s, const char *lname)
{
	char l[CGP_NAME_MAX + 1];

	for (int i = 0; i < s->nconns; i++) {
		const char *a = sess_account(s, i);
		if (a == NULL || s->conns[i].closing)
			continue;
		sess_lower(a, l, sizeof l);
		if (strcmp(l, lname) == 0)
			return i;
	}
	return -1;
}

void
tourney_tell(struct sess *s, struct tourney *t, const char *state, int n)
{
	char l[CGP_NAME_MAX + 1];
	struct cgp_out o;

	for (int i = 0; i < s->nconns; i++) {
		const char *a = sess_account(s, i);
		if (a == NULL || s->conns[i].closing)
			continue;
		sess_lower(a, l, sizeof l);
		if (tourney_member(t, l) < 0)
			continue;
		cgp_out_ev(&o, t->t.id, 0, "TOURNEY");
		cgp_out_kv(&o, "state", state);
		if (n > 0)
			cgp_out_kvi(&o, "n", n);
		sess_emit(s, i, &o);
	}
}

const struct store_op *
tourney_pair_op(const struct store_change *ch)
{
	for (int i = 0; i < ch->nop; i++)
		if (ch->op[i].kind == STORE_OP_TPAIR_ADD)
			return &ch->op[i];
	return NULL;
}

static void
pair_keep(struct tourney *t, const struct store_tpair *p)
{
	if (t->np == t->pcap) {
		t->pcap = t->pcap ? 2 * t->pcap : 64;
		t->p = xrealloc(t->p, (size_t)t->pcap * sizeof *t->p);
	}
	t->p[t->np++] = *p;
}

/* A change of the tournament's own rows only (its state, a bye, scores). */
static void
submit_rows(struct sess *s, struct store_change *ch)
{
	struct spend *p;

	if (ch->nop == 0)
		return;
	p = sess_spend_new(s, -1, NULL, ch, NULL, false, true);
	sess_spend_submit(s, p);
}

static void
set_state(struct sess *s, struct tourney *t, int status, int round)
{
	struct store_change ch;

	t->t.status = status;
	t->t.round = round;
	store_change_accounts(&ch);
	store_tourney_state(&ch, t->t.id, status, round);
	submit_rows(s, &ch);
}

/* A game for members w and b of t, pairing n of round. */
static void
make_game(struct sess *s, struct tourney *t, int round, int n, int w, int b)
{
	struct tstate *ts = tourney_state(s);
	char wire[CGP_FEN_MAX], err[160], hash[2][CGP_HASH_LEN + 1];
	char clock[24];
	struct sess_new_game keep;
	struct game_rules rules;
	struct store_change ch;
	struct board start;
	struct tpend *x;
	int who[2] = { w, b };

	if (ts->npend == ts->pendcap) {
		ts->pendcap = ts->pendcap ? 2 * ts->pendcap : 16;
		ts->pend = xrealloc(ts->pend, (size_t)ts->pendcap *
		    sizeof *ts->pend);
	}
	x = &ts->pend[ts->npend];
	memset(x, 0, sizeof *x);
	if (net_new_game_id(x->game) < 0 || net_new_token(x->tok[0]) < 0 ||
	    net_new_token(x->tok[1]) < 0 || cgp_variant_start(t->t.variant,
	    NULL, &s->rules, &start, &rules, wire, err, sizeof err) < 0)
		return;
	snprintf(x->tourney, sizeof x->tourney, "%s", t->t.id);
	x->p.round = round;
	x->p.n = n;
	snprintf(x->p.game, sizeof x->p.game, "%s", x->game);
	snprintf(x->p.white, sizeof x->p.white, "%s", t->m[w].m.lname);
	snprintf(x->p.black, sizeof x->p.black, "%s", t->m[b].m.lname);
	/* (a correspondence Swiss's games: a clock "3d", as CREATE days=3) */
	if (t->t.days > 0)
		snprintf(clock, sizeof clock, "%dd", t->t.days);
	else
		snprintf(clock, sizeof clock, "%s", t->t.clock);
	sess_new_game_change(&ch, &keep, x->game, wire, &rules,
	    t->t.variant, clock, t->t.rated);
	for (int k = 0; k < 2; k++) {
		net_token_hash(x->tok[k], hash[k]);
		sess_new_game_seat(&ch, &keep, k, t->m[who[k]].m.name, true,
		    hash[k]);
	}
	sess_features_new_game(s, &ch, &keep);
	store_tpair_add(&ch, t->t.id, &x->p);
	if (sess_several(s))
		store_tlease(&ch, ts->server, sess_wall(s),
		    TOURNEY_LEASE_MS);
	ts->npend++;
	t->m[w].busy = t->m[b].busy = true;
	t->inflight++;
	sess_log(s, NET_LOG_INFO, "tournament %s: round %d: %s - %s, game %s",
	    t->t.id, round, t->m[w].m.name, t->m[b].m.name, x->game);
	sess_spend_submit(s, sess_spend_new(s, -1, NULL, &ch, NULL, false,
	    true));
}

static int
next_n(const struct tourney *t, int round)
{
	int n = 0;

	for (int j = 0; j < t->np; j++)
		if (t->p[j].round == round && t->p[j].n >= n)
			n = t->p[j].n + 1;
	return n;
}

/* The arena's free members paired, close in the standings. */
static void
arena_round(struct sess *s, struct tourney *t)
{
	struct arena_free *f = xcalloc((size_t)t->nm + 1, sizeof *f);
	struct tourn_pair *out = xcalloc((size_t)t->nm + 1, sizeof *out);
	int *order = xcalloc((size_t)t->nm + 1, sizeof *order);
	int n = 0, np, seq = next_n(t, 1);

	tourney_score(t);
	tourney_standings(t, order);
	for (int r = 0; r < t->nm; r++) {
		struct tmem *x = &t->m[order[r]];
		if (x->busy || x->m.paused || x->m.withdrawn ||
		    conn_of(s, x->m.lname) < 0)
			continue;
		f[n++] = (struct arena_free){ order[r], r + 1, x->rating,
		    x->last_opp, x->whites, x->blacks, x->last_colour };
	}
	np = n >= 2 ? arena_pair(f, n, out) : 0;
	for (int i = 0; i < np; i++)
		make_game(s, t, 1, seq++, out[i].white, out[i].black);
	free(f);
	free(out);
	free(order);
}

/* A member absent at a round's start: one more absence; twice, and it is
 * withdrawn. */
static void
absent(struct sess *s, struct tourney *t, int i)
{
	struct store_change ch;

	if (i < 0)
		return;
	t->m[i].m.absences++;
	if (t->m[i].m.absences >= 2)
		t->m[i].m.withdrawn = true;
	store_change_accounts(&ch);
	store_tmember_put(&ch, t->t.id, &t->m[i].m);
	submit_rows(s, &ch);
}

static bool
pair_stored(const struct tourney *t, int round, int n)
{
	for (int j = 0; j < t->np; j++)
		if (t->p[j].round == round && t->p[j].n == n)
			return true;
	return false;
}

/* After a restart: the games of the round begun that were not stored
 * (the server died as it paired them) made now, the same pairs (the
 * Dutch system gives them again from the rounds before). */
static void
swiss_whole(struct sess *s, struct tourney *t)
{
	int w[TOURNEY_MEMBERS_MAX], b[TOURNEY_MEMBERS_MAX], n;
	char err[256];

	t->checked = true;
	if (t->t.round < 1 || t->t.status != 1)
		return;
	n = tourney_swiss_pairs(t, t->t.round, w, b, TOURNEY_MEMBERS_MAX, err,
	    sizeof err);
	for (int i = 0; i < n; i++)
		if (b[i] >= 0 && !pair_stored(t, t->t.round, i)) {
			sess_log(s, NET_LOG_INFO, "tournament %s: round %d: "
			    "pairing %d made again", t->t.id, t->t.round, i);
			make_game(s, t, t->t.round, i, w[i], b[i]);
		}
}

/* The Swiss's next round (or its end). */
static void
swiss_round(struct sess *s, struct tourney *t)
{
	int w[TOURNEY_MEMBERS_MAX], b[TOURNEY_MEMBERS_MAX], n, rnd;
	struct store_change ch;
	struct store_tpair bye;
	char err[256];

	for (int j = 0; j < t->np; j++)
		if (t->p[j].round == t->t.round && t->p[j].game[0] != '\0' &&
		    t->p[j].result[0] == '\0')
			return;         /* a game of this round goes on */
	/* (the members' ratings, the order of the Dutch system's ranking,
	 * read first: sess_tourney_sync.c) */
	for (int i = 0; i < t->nm; i++)
		if (!t->m[i].rating_known && s->io.store != NULL &&
		    s->io.store->tourneys != NULL)
			return;
	if (t->t.round >= t->t.rounds) {
		set_state(s, t, 2, t->t.round);
		tourney_tell(s, t, "finished", 0);
		sess_log(s, NET_LOG_INFO, "tournament %s finished", t->t.id);
		return;
	}
	rnd = t->t.round + 1;
	n = tourney_swiss_pairs(t, rnd, w, b, TOURNEY_MEMBERS_MAX, err,
	    sizeof err);
	if (n < 0) {
		sess_log(s, NET_LOG_ERROR, "tournament %s: round %d: %s; it "
		    "ends here", t->t.id, rnd, err);
		set_state(s, t, 2, t->t.round);
		tourney_tell(s, t, "finished", 0);
		return;
	}
	/* The round and its bye first, in one transaction: a restart finds
	 * the round begun, and pairs its games again (the same, the Dutch
	 * system being what it is) where they are missing. */
	store_change_accounts(&ch);
	store_tourney_state(&ch, t->t.id, 1, rnd);
	t->t.round = rnd;
	for (int i = 0; i < n; i++)
		if (b[i] < 0) {
			memset(&bye, 0, sizeof bye);
			bye.round = rnd;
			bye.n = i;
			snprintf(bye.white, sizeof bye.white, "%s",
			    t->m[w[i]].m.lname);
			store_tpair_add(&ch, t->t.id, &bye);
			pair_keep(t, &bye);
		}
	submit_rows(s, &ch);
	tourney_tell(s, t, "round", rnd);
	for (int i = 0; i < n; i++) {
		if (b[i] < 0) {
			int c = conn_of(s, t->m[w[i]].m.lname);
			struct cgp_out o;
			sess_features_away(s, "tournament", t->t.id,
			    t->m[w[i]].m.name);
			if (c >= 0) {
				cgp_out_ev(&o, t->t.id, 0, "TOURNEY");
				cgp_out_kv(&o, "state", "bye");
				cgp_out_kvi(&o, "n", rnd);
				sess_emit(s, c, &o);
			}
			continue;
		}
		if (conn_of(s, t->m[w[i]].m.lname) < 0)
			absent(s, t, w[i]);
		if (conn_of(s, t->m[b[i]].m.lname) < 0)
			absent(s, t, b[i]);
		make_game(s, t, rnd, i, w[i], b[i]);
	}
}

/* Five minutes before the start (minutes as an arena's: a 1440th of the
 * day), the members told through the notify command (CONGO_EVENT=
 * tournament, CONGO_GAME its id). Once: a tournament first looked at
 * inside the five minutes (made or read then, after a restart or a lease
 * taken over) is not told, nor is a member who joins after the notice. */
static void
tell_soon(struct sess *s, struct tourney *t, long long wall)
{
	bool inside = wall >= t->t.start - 5LL * sess_day_ms(s) / 1440;

	if (!t->soon_looked) {
		t->soon_looked = true;
		t->told_soon = inside;
	}
	if (t->told_soon || !inside)
		return;
	t->told_soon = true;
	for (int i = 0; i < t->nm; i++)
		if (!t->m[i].m.withdrawn)
			sess_features_away(s, "tournament", t->t.id,
			    t->m[i].m.name);
}

/* One tournament's due work at wall (Unix ms). */
static void
tourney_run(struct sess *s, struct tourney *t, long long wall)
{
	bool arena = t->t.kind[0] == 'a';

	if (t->t.status == 2)
		return;
	if (t->t.status == 0) {
		tell_soon(s, t, wall);
		if (wall < t->t.start)
			return;
		set_state(s, t, 1, 0);
	}
	if (!t->told_start) {
		t->told_start = true;
		tourney_tell(s, t, "started", 0);
		sess_log(s, NET_LOG_INFO, "tournament %s started", t->t.id);
	}
	if (t->inflight > 0)
		return;
	if (!arena && !t->checked) {
		swiss_whole(s, t);
		return;
	}
	if (!arena) {
		swiss_round(s, t);
		return;
	}
	/* (a minute: a 1440th of the day, which --day-length shortens for
	 * the tests) */
	if (wall < t->t.start + (long long)t->t.minutes * sess_day_ms(s) /
	    1440) {
		arena_round(s, t);
		return;
	}
	for (int i = 0; i < t->nm; i++)
		if (t->m[i].busy)
			return;         /* its games end and count */
	set_state(s, t, 2, 0);
	tourney_tell(s, t, "finished", 0);
	sess_log(s, NET_LOG_INFO, "tournament %s finished", t->t.id);
}

void
tourney_tick(struct sess *s, long long now)
{
	struct tstate *ts = tourney_state(s);
	long long wall;

	if (ts == NULL || !s->wall_known)
		return;
	tourney_sync_tick(s, now);
	tourney_schedule(s, now);
	if (now < ts->next_tick)
		return;
	/* (set also where another server runs them: a deadline left in
	 * the past would wake the loop at once, round after round) */
	ts->next_tick = now + TICK_MS;
	if (!tourney_running_here(s))
		return;
	wall = sess_wall(s);
	for (int i = 0; i < ts->n; i++)
		tourney_run(s, &ts->v[i], wall);
}


static struct tpend *
pend_find(struct sess *s, const char *game)
{
	struct tstate *ts = tourney_state(s);

	for (int i = 0; i < ts->npend; i++)
		if (strcmp(ts->pend[i].game, game) == 0)
			return &ts->pend[i];
	return NULL;
}

static void
pend_drop(struct sess *s, struct tpend *x)
{
	struct tstate *ts = tourney_state(s);
	int i = (int)(x - ts->pend);

	memset(x->tok, 0, sizeof x->tok);
	memmove(x, x + 1, (size_t)(ts->npend - i - 1) * sizeof *x);
	ts->npend--;
}

/* The pairing stored: its players seated and told. */
void
tourney_seated(struct sess *s, struct sgame *g, const struct store_change *ch)
{
	struct tpend *x;
	struct tourney *t;
	int conn[2];
	struct cgp_out o;

	if (tourney_pair_op(ch) == NULL || (x = pend_find(s, g->id)) == NULL)
		return;
	if ((t = tourney_find(s, x->tourney)) == NULL) {
		pend_drop(s, x);
		return;
	}
	if (t->inflight > 0)
		t->inflight--;
	pair_keep(t, &x->p);
	conn[0] = conn_of(s, x->p.white);
	conn[1] = conn_of(s, x->p.black);
	for (int k = 0; k < 2; k++)
		if (conn[k] >= 0) {
			g->holder[k] = conn[k];
			sess_member_add(s, conn[k], g);
			sess_seat_here(s, g, k, true);
		}
	for (int k = 0; k < 2; k++) {
		if (conn[k] < 0)
			continue;
		cgp_out_ev(&o, g->id, 0, "PAIRED");
		cgp_out_kv(&o, "seat", cgp_seat_name(k));
		cgp_out_kv(&o, "token", x->tok[k]);
		cgp_out_kv(&o, "tourney", t->t.id);
		sess_emit(s, conn[k], &o);
	}
	/* (a Swiss round's pairing: both told through the notify command,
	 * CONGO_GAME the game) */
	for (int k = 0; k < 2 && t->t.kind[0] == 's'; k++) {
		int i = tourney_member(t, k ? x->p.black : x->p.white);
		if (i >= 0)
			sess_features_away(s, "tournament", g->id,
			    t->m[i].m.name);
	}
	pend_drop(s, x);
}

/* ...and once the game runs: a Swiss member absent loses by forfeit
 * (PROTOCOL.md: reason=abandoned), both absent: neither scores. */
static void
forfeits(struct sess *s, struct tourney *t, struct sgame *g)
{
	bool here[2];
	struct cgp_out o;

	for (int k = 0; k < 2; k++)
		here[k] = g->holder[k] >= 0;
	for (int k = 0; k < 2; k++)
		if (here[k]) {
			sess_state(s, g, &o);
			sess_emit(s, g->holder[k], &o);
		}
	if (t->t.kind[0] == 'a' || (here[0] && here[1]) || g->over)
		return;
	/* (both absent: no game, "-", which a Swiss scores as two
	 * forfeits) */
	if (!here[0] && !here[1])
		sess_end_game(s, g, -1, NULL, RESULT_NONE, "cancelled");
	else
		sess_end_game(s, g, -1, NULL, here[0] ? RESULT_WHITE_WINS :
		    RESULT_BLACK_WINS, "abandoned");
}

/* A game of a tournament ended: its result kept, its players free, the
 * points worked out again and stored. */
void
tourney_applied(struct sess *s, struct sgame *g, const struct store_change *ch)
{
	struct store_tpair *p;
	struct tourney *t = tourney_of_game(s, g->id, &p);
	struct store_change sc;
	bool ended = false;
	int who[2];

	if (t == NULL)
		return;
	if (tourney_pair_op(ch) != NULL) {
		forfeits(s, t, g);
		return;
	}
	for (int i = 0; i < ch->nev; i++)
		ended |= ch->kind[i] != NULL && strcmp(ch->kind[i],
		    "RESULT") == 0;
	if (!ended || !g->over)
		return;
	snprintf(p->result, sizeof p->result, "%s", g->result == RESULT_NONE ?
	    "-" : sess_result_text(g->result));
	snprintf(p->reason, sizeof p->reason, "%s", g->reason);
	p->plies = g->g.nply;
	who[0] = tourney_member(t, p->white);
	who[1] = tourney_member(t, p->black);
	tourney_score(t);
	store_change_accounts(&sc);
	for (int k = 0; k < 2; k++)
		if (who[k] >= 0) {
			t->m[who[k]].busy = false;
			t->m[who[k]].free_since = s->now;
			store_tmember_score(&sc, t->t.id, t->m[who[k]].m.lname,
			    t->m[who[k]].points, t->m[who[k]].fire);
		}
	submit_rows(s, &sc);
}

void
tourney_refused(struct sess *s, const struct store_change *ch, bool conflict)
{
	struct tpend *x;
	struct tourney *t;
	int k;

	(void)conflict;
	if (tourney_pair_op(ch) == NULL || ch->game == NULL ||
	    (x = pend_find(s, ch->game)) == NULL)
		return;
	if ((t = tourney_find(s, x->tourney)) != NULL) {
		if (t->inflight > 0)
			t->inflight--;
		if ((k = tourney_member(t, x->p.white)) >= 0)
			t->m[k].busy = false;
		if ((k = tourney_member(t, x->p.black)) >= 0)
			t->m[k].busy = false;
	}
	pend_drop(s, x);
}
