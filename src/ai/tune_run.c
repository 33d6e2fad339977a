/*
 * tune_run.c: Texel's method for the evaluation's weights (`congo --tune`,
 * whose options src/cli/cli_tune.c reads). Reads games (the record format, e.g. what `congo --match --pgn`
 * writes), keeps the quiet positions (the player's move was not a capture
 * or promotion, neither lion can be taken, the side to move has nothing
 * in the river) labelled with the game's result, and minimises the mean
 * squared difference between the result and 1 / (1 + 10^(-K e / 400)),
 * e the evaluation from White's side: first K for today's weights, then
 * the weights one at a time (a local search with shrinking steps). Prints
 * the weights that changed, as a tune string and as a table.
 */

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/match.h"
#include "ai/search_internal.h"
#include "engine/movegen.h"
#include "record/record.h"
#include "util/util.h"

#define TUNE_PARAMS_MAX 160

struct sample {
	struct board pos;
	float result;         /* 1 White won, 0.5 a draw, 0 Black won */
};

struct tune {
	struct vec samples;   /* struct sample */
	int min_ply;
	int games, used_games;
	int variant;
	int threads;
	double k;
	struct eval_params p;
};

struct part {
	const struct tune *t;
	size_t from, to;
	double k;
	double sum;
};

static bool
river_piece(const struct board *b)
{
	int s = b->side;

	return (b->occ[s] & board_deep[b->variant] &
	    ~b->pieces[s][CROCODILE]) != 0;
}

static void
collect(void *ctx, int index, const struct game *g,
    const struct record_tags *tags)
{
	struct tune *t = ctx;
	float r;
	int i;

	(void)index;
	(void)tags;
	t->games++;
	if (g->variant != t->variant)
		return;
	switch (g->result) {
	case RESULT_WHITE_WINS:
		r = 1.0f;
		break;
	case RESULT_BLACK_WINS:
		r = 0.0f;
		break;
	case RESULT_DRAW:
		r = 0.5f;
		break;
	default:
		return;
	}
	t->used_games++;
	for (i = t->min_ply; i < g->nply; i++) {
		const struct board *b = &g->pos[i];
		struct sample *s;

		if (search_is_tactical(b, g->moves[i]) ||
		    movegen_attacks_lion(b, WHITE) ||
		    movegen_attacks_lion(b, BLACK) || river_piece(b))
			continue;
		s = vec_push(&t->samples);
		s->pos = *b;
		s->result = r;
	}
}

static double
sigmoid(double k, int e)
{
	return 1.0 / (1.0 + exp(-k * (double)e * (2.302585093 / 400.0)));
}

static void *
part_run(void *arg)
{
	struct part *pt = arg;
	const struct sample *s = pt->t->samples.data;
	double sum = 0;

	for (size_t i = pt->from; i < pt->to; i++) {
		int e = eval_with(&pt->t->p, &s[i].pos);
		double d;

		if (s[i].pos.side == BLACK)
			e = -e;
		d = s[i].result - sigmoid(pt->k, e);
		sum += d * d;
	}
	pt->sum = sum;
	return NULL;
}

/* The mean squared error of the weights in t->p with scale k. */
static double
error_at(const struct tune *t, double k)
{
	struct part parts[TUNE_THREADS_MAX];
	pthread_t tid[TUNE_THREADS_MAX];
	size_t n = t->samples.len, chunk = (n + (size_t)t->threads - 1) /
	    (size_t)t->threads;
	double sum = 0;
	int i, started = 0;

	for (i = 0; i < t->threads; i++) {
		parts[i].t = t;
		parts[i].from = (size_t)i * chunk < n ? (size_t)i * chunk : n;
		parts[i].to = parts[i].from + chunk < n ? parts[i].from + chunk :
		    n;
		parts[i].k = k;
		parts[i].sum = 0;
	}
	for (i = 1; i < t->threads; i++) {
		if (pthread_create(&tid[i], NULL, part_run, &parts[i]) != 0)
			break;
		started = i;
	}
	part_run(&parts[0]);
	for (i = 1; i <= started; i++)
		pthread_join(tid[i], NULL);
	for (i = started + 1; i < t->threads; i++)
		part_run(&parts[i]);    /* a thread that could not start */
	for (i = 0; i < t->threads; i++)
		sum += parts[i].sum;
	return n > 0 ? sum / (double)n : 0;
}

/* Golden-section search for the K that fits today's weights best. */
static double
fit_k(const struct tune *t)
{
	const double g = 0.6180339887;
	double a = 0.05, b = 4.0, c = b - g * (b - a), d = a + g * (b - a);
	double fc = error_at(t, c), fd = error_at(t, d);

	while (b - a > 0.001) {
		if (fc < fd) {
			b = d;
			d = c;
			fd = fc;
			c = b - g * (b - a);
			fc = error_at(t, c);
		} else {
			a = c;
			c = d;
			fc = fd;
			d = a + g * (b - a);
			fd = error_at(t, d);
		}
	}
	return (a + b) / 2;
}

static bool
selected(const char *only, const char *name)
{
	size_t n = strlen(name);
	const char *p = only;

	if (only == NULL)
		return true;
	while ((p = strstr(p, name)) != NULL) {
		if ((p == only || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
			return true;
		p += n;
	}
	return false;
}

/*
 * Coordinate descent: each weight in turn one step up (or down), going on
 * in that direction while the error falls; when a whole pass changes
 * nothing the steps halve, down to 1.
 */
static double
descend(struct tune *t, const char *only, int passes)
{
	int n = eval_param_count(), step[TUNE_PARAMS_MAX], i, pass;
	double best = error_at(t, t->k);
	bool tune_it[TUNE_PARAMS_MAX];

	for (i = 0; i < n && i < TUNE_PARAMS_MAX; i++) {
		int v = *eval_param_ref(&t->p, i);

		tune_it[i] = eval_param_kind(i) == 1 &&
		    selected(only, eval_param_name(i));
		step[i] = abs(v) >= 200 ? 16 : 4;
	}
	for (pass = 1; pass <= passes; pass++) {
		int changed = 0;

		for (i = 0; i < n && i < TUNE_PARAMS_MAX; i++) {
			int *w = eval_param_ref(&t->p, i), dir;

			if (!tune_it[i])
				continue;
			for (dir = 1; dir >= -1; dir -= 2) {
				int moved = 0;

				for (;;) {
					double e;

					*w += dir * step[i];
					e = error_at(t, t->k);
					if (e >= best) {
						*w -= dir * step[i];
						break;
					}
					best = e;
					moved++;
				}
				if (moved > 0) {
					changed++;
					break;
				}
			}
		}
		printf("pass %d: error %.6f, %d weights moved\n", pass, best,
		    changed);
		fflush(stdout);
		if (changed == 0) {
			bool halved = false;

			for (i = 0; i < n && i < TUNE_PARAMS_MAX; i++)
				if (tune_it[i] && step[i] > 1) {
					step[i] /= 2;
					halved = true;
				}
			if (!halved)
				break;
		}
	}
	return best;
}

static void
report(const struct tune *t)
{
	struct eval_params d = eval_default, p = t->p;
	int n = eval_param_count(), i, changed = 0;

	printf("\n%-16s %7s %7s\n", "weight", "before", "after");
	for (i = 0; i < n; i++) {
		int before = *eval_param_ref(&d, i);
		int after = *eval_param_ref(&p, i);

		if (before != after)
			printf("%-16s %7d %7d\n", eval_param_name(i), before,
			    after);
	}
	printf("\ntune string: alphabeta:");
	for (i = 0; i < n; i++) {
		int before = *eval_param_ref(&d, i);
		int after = *eval_param_ref(&p, i);

		if (before != after)
			printf("%s%s=%d", changed++ ? "," : "",
			    eval_param_name(i), after);
	}
	printf("%s\n", changed ? "" : "(nothing changed)");
}

int
tune_check_only(const char *only)
{
	char buf[1024], *name, *save = NULL;
	int n = eval_param_count(), i;

	if (strlen(only) >= sizeof buf) {
		fprintf(stderr, "congo: --tune: --only is too long\n");
		return -1;
	}
	strcpy(buf, only);
	for (name = strtok_r(buf, ",", &save); name != NULL;
	    name = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < n; i++)
			if (strcmp(eval_param_name(i), name) == 0)
				break;
		if (i == n) {
			fprintf(stderr, "congo: --tune: unknown weight '%s'\n",
			    name);
			return -1;
		}
		if (eval_param_kind(i) != 1) {
			fprintf(stderr, "congo: --tune: '%s' is not a weight "
			    "the tuner changes (a search setting or a "
			    "megapawn value)\n", name);
			return -1;
		}
	}
	return 0;
}

void
tune_options_default(struct tune_options *o)
{
	*o = (struct tune_options){
		.passes = 20,
		.min_ply = 10,
		.threads = 2,
		.variant = VARIANT_CONGO,
	};
}

int
tune_run(const struct tune_options *o, int nfiles, char **files)
{
	struct tune t;
	double before, after;
	int i;

	if (eval_param_count() > TUNE_PARAMS_MAX)
		fatal("--tune: %d weights, room for %d", eval_param_count(),
		    TUNE_PARAMS_MAX);
	if (o->only != NULL && tune_check_only(o->only) != 0)
		return 2;
	memset(&t, 0, sizeof t);
	t.samples = (struct vec)VEC_INIT(sizeof(struct sample));
	t.min_ply = o->min_ply;
	t.threads = o->threads;
	t.variant = o->variant;
	t.k = o->k;
	t.p = eval_default;
	eval_init();
	for (i = 0; i < nfiles; i++) {
		char err[512];

		if (record_list(files[i], collect, &t, NULL, err, sizeof err) < 0) {
			fprintf(stderr, "congo: --tune: %s\n", err);
			vec_free(&t.samples);
			return 1;
		}
	}
	printf("%zu quiet positions from %d of %d games\n", t.samples.len,
	    t.used_games, t.games);
	if (t.samples.len == 0) {
		fprintf(stderr, "congo: --tune: no positions to tune on\n");
		vec_free(&t.samples);
		return 1;
	}
	if (t.k == 0)
		t.k = fit_k(&t);
	before = error_at(&t, t.k);
	printf("K %.3f, error %.6f with today's weights\n", t.k, before);
	fflush(stdout);
	after = descend(&t, o->only, o->passes);
	printf("error %.6f -> %.6f\n", before, after);
	report(&t);
	vec_free(&t.samples);
	return 0;
}
