/*
 * sess_query.c: the commands that only read: STATE, LIST and HISTORY.
 */
#include <stdio.h>
#include <string.h>

#include "engine/notation.h"
#include "net/server/sess_feature.h"
#include "net/server/sess_ident.h"
#include "net/server/sess_days.h"

#define LIST_DEFAULT 20
#define LIST_MAX 100
#define HISTORY_MAX 200

void
sess_cmd_state(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	struct cgp_out o;
	struct sgame *g;

	if ((g = sess_want_game(s, conn, cmd)) == NULL ||
	    sess_features_before_show(s, g))
		return;
	cgp_out_ok(&o, cmd->tag, "STATE");
	cgp_out_kv(&o, "game", g->id);
	sess_emit(s, conn, &o);
	sess_state(s, g, &o);
	sess_emit(s, conn, &o);
}

/* LIST from the store's summaries (an index, not the games' events):
 * finished games are not in memory. */
static void
list_stored(struct sess *s, int conn, const struct cgp_cmd *cmd, int want,
    int limit)
{
	const struct store_item *it = NULL;
	const struct sread *r;
	struct sread q;
	struct cgp_out o;
	int n = 0, i;

	/* limit=0 asks for nothing: n=0, without a read. */
	if (limit > 0) {
		memset(&q, 0, sizeof q);
		q.kind = SREAD_LIST;
		q.status = want;
		q.limit = limit;
		if ((r = sess_read(s, conn, &q)) == NULL)
			return;         /* its line comes again with it */
		if ((n = r->rc) < 0) {
			sess_err(s, conn, cmd->tag, CGP_BUSY, "the server "
			    "cannot read its games now: try again");
			return;
		}
		it = r->rows;
	}
	cgp_out_ok(&o, cmd->tag, "LIST");
	cgp_out_kvi(&o, "n", n);
	sess_emit(s, conn, &o);
	for (i = 0; i < n; i++) {
		cgp_out_item(&o, cmd->tag);
		cgp_out_kv(&o, "game", it[i].id);
		cgp_out_kv(&o, "variant", it[i].variant[0] != '\0' ?
		    it[i].variant : "congo");
		cgp_out_kv(&o, "status", sess_status_name(it[i].status));
		cgp_out_kv(&o, "white", it[i].white[0] != '\0' ? it[i].white :
		    "-");
		cgp_out_kv(&o, "black", it[i].black[0] != '\0' ? it[i].black :
		    "-");
		cgp_out_kvi(&o, "ply", it[i].ply);
		if (sess_corr_days(it[i].clock) > 0)   /* stored "3d" */
			cgp_out_kvi(&o, "days", sess_corr_days(it[i].clock));
		else if (it[i].clock[0] != '\0')
			cgp_out_kv(&o, "clock", it[i].clock);
		if (it[i].status == 2)
			cgp_out_kv(&o, "result", it[i].result);
		sess_accounts_kv(it[i].account, &o);
		sess_emit(s, conn, &o);
	}
}

void
sess_cmd_list(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	const char *sv = cgp_get(cmd, "status"), *lv = cgp_get(cmd, "limit");
	struct sgame *pick[LIST_MAX];
	struct cgp_out o;
	long limit = LIST_DEFAULT;
	int want = -1, n = 0, i;

	if (sv != NULL) {
		for (want = 0; want < 3; want++)
			if (strcmp(sv, sess_status_name(want)) == 0)
				break;
		if (want == 3) {
			sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX,
			    "status= is open, active or finished");
			return;
		}
	}
	if (lv != NULL) {
		limit = cgp_parse_num(lv, 1000000000L);
		if (limit < 0) {
			sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX,
			    "limit= must be a number (at most 100)");
			return;
		}
		if (limit > LIST_MAX)
			limit = LIST_MAX;
	}
	if (s->io.store != NULL && s->io.store->list != NULL) {
		list_stored(s, conn, cmd, want, (int)limit);
		return;
	}
	/* The newest first. */
	for (i = s->ngames - 1; i >= 0 && n < limit; i--)
		if (want < 0 || sess_status(s->games[i]) == want)
			pick[n++] = s->games[i];
	cgp_out_ok(&o, cmd->tag, "LIST");
	cgp_out_kvi(&o, "n", n);
	sess_emit(s, conn, &o);
	for (i = 0; i < n; i++) {
		struct sgame *g = pick[i];
		int st = sess_status(g);
		cgp_out_item(&o, cmd->tag);
		cgp_out_kv(&o, "game", g->id);
		cgp_out_kv(&o, "variant", g->variant);
		cgp_out_kv(&o, "status", sess_status_name(st));
		cgp_out_kv(&o, "white", g->seated[0] ? g->name[0] : "-");
		cgp_out_kv(&o, "black", g->seated[1] ? g->name[1] : "-");
		cgp_out_kvi(&o, "ply", g->g.nply);
		if (g->timed) {
			char clock[32];
			clock_format_control(g->clock.base_ms,
			    g->clock.inc_ms, clock, sizeof clock);
			cgp_out_kv(&o, "clock", clock);
		} else if (g->days > 0)
			cgp_out_kvi(&o, "days", g->days);
		if (st == 2)
			cgp_out_kv(&o, "result", sess_result_text(g->result));
		sess_account_kv(g, &o);
		sess_emit(s, conn, &o);
	}
}

void
sess_cmd_history(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	char text[MOVE_TEXT_MAX];
	struct cgp_out o;
	struct sgame *g;
	long from;
	int n, i;

	if ((from = sess_want_since(s, conn, cmd, "from")) == -2 ||
	    (g = sess_want_game(s, conn, cmd)) == NULL)
		return;
	if (from < 0)
		from = 0;
	if (from > g->g.nply)
		from = g->g.nply;
	n = g->g.nply - (int)from;
	if (n > HISTORY_MAX)
		n = HISTORY_MAX;
	cgp_out_ok(&o, cmd->tag, "HISTORY");
	cgp_out_kv(&o, "game", g->id);
	cgp_out_kvi(&o, "n", n);
	cgp_out_kvi(&o, "plies", g->g.nply);
	sess_emit(s, conn, &o);
	for (i = (int)from; i < from + n; i++) {
		notation_write(g->g.moves[i], text, sizeof text);
		cgp_out_item(&o, cmd->tag);
		cgp_out_kvi(&o, "ply", i);
		cgp_out_kv(&o, "side", cgp_seat_name(g->g.pos[i].side));
		cgp_out_kv(&o, "move", text);
		sess_emit(s, conn, &o);
	}
}
