/*
 * sess_mine.c: GAMES mine=yes (PROTOCOL.md "GAMES"): a logged-in
 * account's games not yet finished, from any machine: open ones it
 * created or was challenged to and active ones, those where it is the
 * account's turn first (the soonest deadline or the least time first
 * among them, then the oldest), each with its deadline or its clocks and
 * its time control (days= or clock=, after PROTOCOL.md's keys). The
 * seat is the account's when the JOINED that took it said account=1 (a
 * guest's name= is never an account's). Answered from the games in
 * memory, once those the store holds and memory does not (made on another
 * server sharing the store, or idle here while another server holds them)
 * are read into it (sess_mine_store.c).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "net/server/sess_int.h"
#include "net/server/sess_ident.h"
#include "net/server/sess_days.h"
#include "net/server/sess_mine.h"

struct mine {
	struct sgame *g;
	int seat;                 /* the account's (the one to move if both) */
	bool turn;
	long long due;            /* wall ms of its deadline, or the side to
				     move's clock; LLONG_MAX none */
};

static int
by_turn(const void *a, const void *b)
{
	const struct mine *x = a, *y = b;

	if (x->turn != y->turn)
		return x->turn ? -1 : 1;
	if (x->due != y->due)
		return x->due < y->due ? -1 : 1;
	return x->g->created < y->g->created ? -1 :
	    x->g->created > y->g->created;
}

static bool
mine_seat(const struct sgame *g, int k, const char *acct)
{
	return g->seated[k] && sess_seat_account(g, k) &&
	    strcasecmp(g->name[k], acct) == 0;
}

/* An open challenge to acct: the seat it would take, else -1. */
static int
challenged_seat(const struct sgame *g, int st, const char *acct)
{
	int k;

	if (st != 0 || g->challenged[0] == '\0' ||
	    strcasecmp(g->challenged, acct) != 0)
		return -1;
	for (k = 0; k < 2; k++)
		if (!g->seated[k])
			return k;
	return -1;
}

void
sess_cmd_mine(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	const char *acct = sess_account(s, conn);
	struct mine *m;
	struct cgp_out o;
	char when[32];
	int i, k, n = 0, st, side;

	if (acct == NULL) {
		sess_err(s, conn, cmd->tag, CGP_LOGIN_REQUIRED,
		    "GAMES mine=yes needs LOGIN");
		return;
	}
	/* Those another server made or holds, read from the store first. */
	if (!sess_mine_ready(s, conn, cmd, acct, "read your games"))
		return;
	m = xcalloc((size_t)s->ngames + 1, sizeof *m);
	for (i = 0; i < s->ngames; i++) {
		struct sgame *g = s->games[i];
		if (g->over || (st = sess_status(g)) == 2)
			continue;
		side = game_board(&g->g)->side;
		for (k = 0; k < 2; k++)
			if (mine_seat(g, k, acct))
				break;
		if (k == 2 && (k = challenged_seat(g, st, acct)) < 0)
			continue;
		if (st == 1 && mine_seat(g, side, acct))
			k = side;      /* both its own: the one to move */
		m[n].g = g;
		m[n].seat = k;
		m[n].turn = st == 1 && k == side;
		m[n].due = LLONG_MAX;
		if (st == 1 && g->days > 0 && g->deadline > 0)
			m[n].due = g->deadline;
		else if (st == 1 && g->timed)
			m[n].due = sess_wall(s) + clock_left(&g->clock, side,
			    s->now);
		n++;
	}
	qsort(m, (size_t)n, sizeof *m, by_turn);
	cgp_out_ok(&o, cmd->tag, "GAMES");
	cgp_out_kvi(&o, "n", n);
	sess_emit(s, conn, &o);
	for (i = 0; i < n; i++) {
		struct sgame *g = m[i].g;
		st = sess_status(g);
		cgp_out_item(&o, cmd->tag);
		cgp_out_kv(&o, "game", g->id);
		cgp_out_kv(&o, "variant", g->variant);
		cgp_out_kv(&o, "white", g->seated[0] ? g->name[0] : "-");
		cgp_out_kv(&o, "black", g->seated[1] ? g->name[1] : "-");
		cgp_out_kv(&o, "status", sess_status_name(st));
		cgp_out_kv(&o, "turn", cgp_seat_name(game_board(&g->g)->side));
		cgp_out_kvi(&o, "yourturn", m[i].turn);
		if (g->days > 0 && st == 1 && g->deadline > 0) {
			sess_corr_iso(g->deadline, when, sizeof when);
			cgp_out_kv(&o, "deadline", when);
		}
		sess_clock_kv(s, g, &o, false);
		/* The time control, after PROTOCOL.md's keys (a server may
		 * add keys; clients ignore those they do not know): "3 d a
		 * move" or "5+3" shown without a STATE of each game. */
		if (g->days > 0)
			cgp_out_kvi(&o, "days", g->days);
		else if (g->timed) {
			clock_format_control(g->clock.base_ms,
			    g->clock.inc_ms, when, sizeof when);
			cgp_out_kv(&o, "clock", when);
		}
		sess_emit(s, conn, &o);
	}
	free(m);
}
