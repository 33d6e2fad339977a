/*
 * search_nnue.c: the learned evaluation (nn/nnue.h) in the search. The
 * options pick a network per variant, read when they are set; the search
 * keeps one accumulator pair per ply, each node entered records its
 * position, and an evaluation brings the accumulators along from the
 * nearest ply that has them, by the squares each move changed (a ply
 * whose accumulators were never needed costs nothing).
 */

#include <stdio.h>
#include <string.h>

#include "ai/search_internal.h"
#include "util/util.h"

void
search_nnue_options(struct search_ctx *ctx)
{
	const struct search_options *o = &ctx->opt;
	char err[300];
	int v;

	ctx->nnue_err[0] = '\0';
	ctx->nnue_file_variant = -1;
	for (v = 0; v < NVARIANTS; v++)
		ctx->nets[v] = NULL;
	if (!o->use_nnue || o->level > 0 || o->algorithm != SEARCH_ALPHABETA)
		return;
	/* weights of the hand-made evaluation to try: it is the one asked
	 * for, unless a network is named too */
	if (o->tune[0] != '\0' && o->eval_file[0] == '\0')
		return;
	if (o->eval_file[0] != '\0') {
		const struct nnue_net *n = nnue_get(o->eval_file, -1, err,
		    sizeof err);

		if (n == NULL) {
			snprintf(ctx->nnue_err, sizeof ctx->nnue_err, "%s; "
			    "the hand-made evaluation is used", err);
			return;
		}
		ctx->nets[n->variant] = n;
		ctx->nnue_file_variant = n->variant;
	}
	/* the variants the file is not for: their installed networks */
	for (v = 0; v < NVARIANTS; v++)
		if (ctx->nets[v] == NULL)
			ctx->nets[v] = nnue_get("", v, err, sizeof err);
}

const char *
search_nnue_error(const struct search_ctx *ctx)
{
	return ctx->nnue_err;
}

int
search_nnue_file_variant(const struct search_ctx *ctx)
{
	return ctx->nnue_file_variant;
}

bool
search_nnue_active(const struct search_ctx *ctx, int variant)
{
	return variant >= 0 && variant < NVARIANTS &&
	    ctx->nets[variant] != NULL;
}

void
search_nnue_root(struct search_thread *t, const struct board *root)
{
	if (t->ctx->net == NULL)
		return;
	memset(t->acc_pos, 0, sizeof t->acc_pos);
	memset(t->acc_ok, 0, sizeof t->acc_ok);
	t->acc_pos[0] = root;
}

int
search_nnue_eval(struct search_thread *t, const struct board *pos, int ply)
{
	const struct nnue_net *n = t->ctx->net;
	int q = ply;

	t->acc_pos[ply] = pos;
	while (q > 0 && !t->acc_ok[q] && t->acc_pos[q - 1] != NULL)
		q--;
	if (!t->acc_ok[q]) {
		nnue_refresh(n, t->acc_pos[q], &t->acc[q]);
		t->acc_ok[q] = true;
	}
	for (; q < ply; q++) {
		nnue_update(n, t->acc_pos[q], t->acc_pos[q + 1], &t->acc[q],
		    &t->acc[q + 1]);
		t->acc_ok[q + 1] = true;
	}
	/* never a win's or a loss's score, whatever the file holds (the
	 * hand-made evaluation's clamp, eval_position.c; the table keeps a
	 * score in 16 bits and reads 31,000 or more as a win) */
	return util_clamp(nnue_output(n, &t->acc[ply], pos->side),
	    -SEARCH_WIN_MIN + 1, SEARCH_WIN_MIN - 1);
}
