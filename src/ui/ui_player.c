/*
 * ui_player.c: who plays a side. A human enters moves with the keys; an AI
 * thinks in the worker thread. A remote peer (network play) plugs in the
 * same way with its own ops (ui_net*.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ai/search.h"
#include "engine/game.h"
#include "ui/ui_int.h"
#include "util/util.h"

/* ---- human ---- */

static void
human_describe(const struct ui_player *p, char *buf, size_t n)
{
	(void)p;
	snprintf(buf, n, "human");
}

static const struct ui_player_ops human_ops = {
	.kind = "human",
	.describe = human_describe,
};

/* ---- local AI ---- */

static void ai_describe(const struct ui_player *p, char *buf, size_t n);

static void
ai_turn_begin(struct ui_app *a, struct ui_player *p)
{
	const struct game *g = &a->game;
	struct ui_job job;

	memset(&job, 0, sizeof job);
	job.kind = JOB_MOVE;
	job.color = p->color;
	job.pos = *game_board(g);
	job.rules = g->rules;
	job.conf = p->conf;
	job.search = p->priv;
	job.nhistory = g->nply;
	if (g->nply > 0) {
		job.history = xreallocarray(NULL, (size_t)g->nply,
		    sizeof *job.history);
		memcpy(job.history, g->pos,
		    sizeof *job.history * (size_t)g->nply);
	}
	if (ui_worker_start(&a->worker, &job) < 0) {
		app_message(a, ST_ERROR, "cannot start the AI thread");
		return;
	}
	a->thinking = true;
	a->advising = false;
	{
		char desc[64];
		ai_describe(p, desc, sizeof desc);
		snprintf(a->ai_line, sizeof a->ai_line, "%s (%s) thinks...",
		    p->color == WHITE ? "White" : "Black", desc);
	}
}

static void
ai_turn_cancel(struct ui_app *a, struct ui_player *p)
{
	(void)p;
	if (a->thinking) {
		ui_worker_stop(&a->worker);
		a->thinking = false;
	}
}

static void
ai_reset(struct ui_app *a, struct ui_player *p)
{
	(void)a;
	ui_search_clear(p->priv);
}

static void
ai_describe(const struct ui_player *p, char *buf, size_t n)
{
	const struct player_conf *c = &p->conf;
	const struct search_algorithm_desc *d = NULL;
	enum search_algorithm alg;
	char lim[64] = "";
	size_t len = 0;

	if (search_algorithm_parse(c->algorithm, &alg) == 0)
		d = search_algorithm_desc(alg);
	if (d != NULL && d->default_depth > 0 && c->depth == 0)
		snprintf(lim, sizeof lim, " depth %d", d->default_depth);
	else if (d != NULL && d->uses_time && c->level > 0)
		snprintf(lim, sizeof lim, " level %d %s", c->level,
		    search_level_name(c->level));
	else if (d != NULL && d->uses_depth) {
		if (c->depth > 0)
			len += (size_t)snprintf(lim + len, sizeof lim - len,
			    " depth %d", c->depth);
		if (c->movetime_ms > 0 && d->uses_time) {
			if (c->movetime_ms % 1000 == 0)
				snprintf(lim + len, sizeof lim - len, " %ds",
				    c->movetime_ms / 1000);
			else
				snprintf(lim + len, sizeof lim - len, " %dms",
				    c->movetime_ms);
		}
	}
	snprintf(buf, n, "%s%s", c->algorithm, lim);
}

static void
ai_free(struct ui_player *p)
{
	ui_search_free(p->priv);
}

static const struct ui_player_ops ai_ops = {
	.kind = "ai",
	.turn_begin = ai_turn_begin,
	.turn_cancel = ai_turn_cancel,
	.reset = ai_reset,
	.describe = ai_describe,
	.free = ai_free,
};

/* ---- common ---- */

struct ui_player *
ui_player_new(const struct player_conf *pc, int color, char *err,
    size_t errlen)
{
	struct ui_player *p = xcalloc(1, sizeof *p);

	p->conf = *pc;
	p->color = color;
	if (strcmp(pc->type, "human") == 0) {
		p->ops = &human_ops;
		p->human = true;
		return p;
	}
	if (!ui_algorithm_known(pc->algorithm)) {
		snprintf(err, errlen, "unknown algorithm '%s' (%s)",
		    pc->algorithm, search_algorithm_choices());
		free(p);
		return NULL;
	}
	p->ops = &ai_ops;
	p->thinks = true;
	p->priv = ui_search_new(pc);
	return p;
}

void
ui_player_free(struct ui_player *p)
{
	if (p == NULL)
		return;
	if (p->ops->free != NULL)
		p->ops->free(p);
	free(p);
}

void
ui_player_describe(const struct ui_player *p, char *buf, size_t n)
{
	p->ops->describe(p, buf, n);
}
