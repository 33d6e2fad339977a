/*
 * nnue_train.c: `congo --train DATA... -o NET`: the network trained in
 * floats on the data of congo --gen-data, then quantized to NET.
 *
 * Each position's target mixes the search's score and the game's result
 * as the NNUE trainers do: t = lambda * sigmoid(score / NNUE_SCALE) +
 * (1 - lambda) * result (0, 1/2, 1); the loss is the mean squared
 * difference between sigmoid(output) and t. Adam, minibatches split in
 * fixed slices over the threads and their gradients summed in a fixed
 * order, so that a seed gives the same network whatever the threads'
 * timing. The threads are a pool kept for the run (util/pool.h) that
 * also share Adam's step, each a part of the parameters (without
 * --bucket-weights only those that train: the buckets' own rows never
 * change); a position's step forward and back is nnue_train_avx2.c's
 * where the processor has AVX2 (CONGO_SIMD allowing), the same bits as
 * the portable one. The feature weights have a shared part per (piece, square)
 * whatever the lion's bucket (a "factorizer": small data teaches every
 * bucket), folded into each bucket's weights when written; each bucket's
 * own part is trained only with --bucket-weights (on a few hundred
 * thousand positions it overfits: the shared part alone validates
 * better), else the buckets are copies and the board is still seen
 * from each side and mirrored by its lion's file. The last
 * positions read (whole games, but one) are kept aside for the
 * validation loss; NET is written
 * after every epoch (a checkpoint), and the progress line shows the
 * positions per second.
 */

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nn/nnue.h"
#include "nn/nnue_train.h"
#include "nn/nnue_simd.h"
#include "nn/nnue_train_int.h"
#include "util/pool.h"
#include "util/util.h"

/* The hot loops vectorized (no -ffast-math: the same sums in the same
 * order, so the same network on every machine; sqrtf sets no errno on
 * the values Adam gives it, all >= 0). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3", "no-math-errno")
#endif

/* The hot loops built twice, for AVX2 and the portable baseline, the
 * processor choosing at run time (GCC's target_clones, x86-64 only):
 * elementwise loops whose results are the same bits either way. Not
 * under the sanitizers: the clones' ifunc resolver runs while the
 * dynamic linker relocates, before the sanitizer's run time is up. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && \
    !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define TRAIN_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define TRAIN_CLONES
#endif

struct trainer {
	const struct nnue_train_options *o;
	struct tsample *s;
	size_t n, ntrain;
	uint32_t *order;
	struct model *m, *adam_m, *adam_v;
	float (*w2t)[L];         /* m->w2 transposed, for the forward pass */
	struct model **grad;     /* one per thread */
	double *loss;            /* per thread */
	int nthreads;
	int variant;
	struct util_pool *pool;
	/* nnue_train_step, or its AVX2 twin where the processor has it
	 * (and CONGO_SIMD allows it): the same bits */
	double (*step)(const struct model *restrict,
	    const float (*restrict)[L], struct model *restrict,
	    const struct tsample *, bool);
	/* the parameters that change: from here to NPARAM (without
	 * --bucket-weights the buckets' own rows, first, never do) */
	size_t live;
	/* the pool's work: a run of positions, or an Adam step */
	size_t from, to;         /* into order (training) or samples */
	bool train;
	float scale, rate, c1, c2;
};

static float
sigmoidf(float x)
{
	return 1.0f / (1.0f + expf(-x));
}

static float
rand_unit(uint64_t *rng)
{
	return (float)((splitmix64(rng) >> 11) * (1.0 / 9007199254740992.0));
}

/* ---- data ---- */

static int
load(struct trainer *tr, int nfiles, char **files)
{
	struct vec v = VEC_INIT(sizeof(struct tsample));
	uint8_t head[NNUE_DATA_HEADER], rec[NNUE_RECORD_SIZE];
	double lambda = tr->o->lambda;
	/* its own stream: the same positions whatever the other options */
	uint64_t keep_rng = tr->o->seed ^ 0x44524157ULL;

	tr->variant = tr->o->variant;
	for (int i = 0; i < nfiles; i++) {
		FILE *f = fopen(files[i], "rb");

		if (f == NULL) {
			fprintf(stderr, "congo: --train: cannot read %s\n",
			    files[i]);
			vec_free(&v);
			return -1;
		}
		if (fread(head, sizeof head, 1, f) != 1 ||
		    nnue_data_check_header(head) != 0) {
			fprintf(stderr, "congo: --train: %s is not training "
			    "data of this version (congo --gen-data)\n",
			    files[i]);
			fclose(f);
			vec_free(&v);
			return -1;
		}
		/* a record cut short at the end (a run stopped) is left */
		while (fread(rec, sizeof rec, 1, f) == 1) {
			struct nnue_sample smp;
			struct tsample *t;
			int f0[NNUE_MAX_ACTIVE], f1[NNUE_MAX_ACTIVE], n;

			if (tr->o->max_positions > 0 &&
			    v.len >= (size_t)tr->o->max_positions)
				break;
			if (nnue_record_decode(rec, &smp) != 0)
				continue;
			if (tr->variant < 0)
				tr->variant = smp.pos.variant;
			if (smp.pos.variant != tr->variant)
				continue;
			if (smp.result == 0 && tr->o->draw_share < 1 &&
			    rand_unit(&keep_rng) >= tr->o->draw_share)
				continue;
			n = nnue_features(&smp.pos, smp.pos.side, f0);
			nnue_features(&smp.pos, smp.pos.side ^ 1, f1);
			if (n > MAXF)
				continue;
			t = vec_push(&v);
			for (int k = 0; k < n; k++) {
				t->f[0][k] = (uint16_t)f0[k];
				t->f[1][k] = (uint16_t)f1[k];
			}
			t->nf = (uint8_t)n;
			t->target = (float)(lambda * (1.0 / (1.0 + exp(
			    -(double)smp.score / NNUE_SCALE))) +
			    (1.0 - lambda) * (smp.result + 1) / 2.0);
		}
		fclose(f);
	}
	tr->s = v.data;
	tr->n = v.len;
	return 0;
}

/* ---- the model ---- */

static void
model_init(struct model *m, uint64_t seed)
{
	uint64_t rng = seed ^ 0x4E4E5545ULL;

	memset(m, 0, sizeof *m);
	/* the shared weights start random, each bucket's own part at 0 */
	for (int i = NNUE_INPUTS; i < ROWS; i++)
		for (int j = 0; j < H; j++)
			m->w1[i][j] = (rand_unit(&rng) * 2 - 1) * 0.1f;
	for (int j = 0; j < H; j++)
		m->b1[j] = 0.25f;
	for (int o = 0; o < L; o++) {
		for (int j = 0; j < 2 * H; j++)
			m->w2[o][j] = (rand_unit(&rng) * 2 - 1) * 0.15f;
		m->b2[o] = 0.1f;
		m->w3[o] = (rand_unit(&rng) * 2 - 1) * 0.3f;
	}
}

/* The float model of a quantized network n (its inverse, but for the
 * rounding): the shared part is bucket 0's weights, each bucket's own
 * part its difference from them (0 for a network of shared weights). */
static void
model_from_net(struct model *m, const struct nnue_net *n)
{
	memset(m, 0, sizeof *m);
	for (int i = 0; i < NNUE_INPUTS; i++)
		for (int j = 0; j < H; j++)
			m->w1[i][j] = (float)(n->ft_w[i][j] -
			    n->ft_w[i % NNUE_PSQ][j]) / NNUE_QA;
	for (int i = 0; i < NNUE_PSQ; i++)
		for (int j = 0; j < H; j++)
			m->w1[NNUE_INPUTS + i][j] = (float)n->ft_w[i][j] /
			    NNUE_QA;
	for (int j = 0; j < H; j++)
		m->b1[j] = (float)n->ft_b[j] / NNUE_QA;
	for (int o = 0; o < L; o++) {
		for (int j = 0; j < 2 * H; j++)
			m->w2[o][j] = (float)n->l1_w[o][j] / NNUE_QB;
		m->b2[o] = (float)((double)n->l1_b[o] / (NNUE_QA * NNUE_QB));
		m->w3[o] = (float)n->l2_w[o] / NNUE_QO;
	}
	m->b3 = (float)n->l2_b / NNUE_QO;
}

/* nnue_train_int.h: one position forward and back, the portable one. */
double
nnue_train_step(const struct model *restrict m,
    const float (*restrict w2t)[L], struct model *restrict g,
    const struct tsample *s, bool buckets)
{
	float acc[2][H], h[2 * H], z1[L], a1[L], out, p, d;
	float dh[2 * H], dz1[L];

	for (int c = 0; c < 2; c++) {
		memcpy(acc[c], m->b1, sizeof acc[c]);
		for (int k = 0; k < s->nf; k++) {
			const float *u = m->w1[NNUE_INPUTS +
			    s->f[c][k] % NNUE_PSQ];

			for (int j = 0; j < H; j++)
				acc[c][j] += u[j];
			if (buckets) {
				const float *w = m->w1[s->f[c][k]];

				for (int j = 0; j < H; j++)
					acc[c][j] += w[j];
			}
		}
		for (int j = 0; j < H; j++)
			h[c * H + j] = acc[c][j] < 0 ? 0 : acc[c][j] > 1 ? 1 :
			    acc[c][j];
	}
	/* the dense layer by its transpose: all outputs' sums at once, a
	 * vector across them, each in the order of its inputs */
	memcpy(z1, m->b2, sizeof z1);
	for (int j = 0; j < 2 * H; j++) {
		const float *w = w2t[j];
		float x = h[j];

		for (int o = 0; o < L; o++)
			z1[o] += w[o] * x;
	}
	out = m->b3;
	for (int o = 0; o < L; o++) {
		a1[o] = z1[o] < 0 ? 0 : z1[o] > 1 ? 1 : z1[o];
		out += m->w3[o] * a1[o];
	}
	p = sigmoidf(out);
	d = p - s->target;
	if (g == NULL)
		return (double)d * d;
	d = 2 * d * p * (1 - p);
	g->b3 += d;
	for (int o = 0; o < L; o++) {
		g->w3[o] += d * a1[o];
		dz1[o] = z1[o] > 0 && z1[o] < 1 ? d * m->w3[o] : 0;
		g->b2[o] += dz1[o];
	}
	memset(dh, 0, sizeof dh);
	for (int o = 0; o < L; o++) {
		float e = dz1[o];

		if (e == 0)
			continue;
		for (int j = 0; j < 2 * H; j++) {
			g->w2[o][j] += e * h[j];
			dh[j] += e * m->w2[o][j];
		}
	}
	for (int c = 0; c < 2; c++) {
		float da[H];

		for (int j = 0; j < H; j++)
			da[j] = acc[c][j] > 0 && acc[c][j] < 1 ? dh[c * H + j] :
			    0;
		for (int j = 0; j < H; j++)
			g->b1[j] += da[j];
		for (int k = 0; k < s->nf; k++) {
			float *u = g->w1[NNUE_INPUTS + s->f[c][k] % NNUE_PSQ];

			for (int j = 0; j < H; j++)
				u[j] += da[j];
			if (buckets) {
				float *w = g->w1[s->f[c][k]];

				for (int j = 0; j < H; j++)
					w[j] += da[j];
			}
		}
	}
	return (double)(p - s->target) * (p - s->target);
}

/* ---- threads: a slice of a batch each, then of Adam's parameters ---- */

/* Thread id's share of the positions [tr->from, tr->to): its summed
 * loss in tr->loss[id], its gradient in tr->grad[id]. */
static void
slice_run(void *arg, int id)
{
	struct trainer *tr = arg;
	struct model *g = tr->train ? tr->grad[id] : NULL;
	size_t n = tr->to - tr->from;
	size_t from = tr->from + n * (size_t)id / (size_t)tr->nthreads;
	size_t to = tr->from + n * (size_t)(id + 1) / (size_t)tr->nthreads;
	double loss = 0;

	if (g != NULL)
		memset((float *)g + tr->live, 0,
		    (NPARAM - tr->live) * sizeof(float));
	for (size_t i = from; i < to; i++)
		loss += tr->step(tr->m, (const float (*)[L])tr->w2t, g,
		    &tr->s[tr->train ? tr->order[i] : i], tr->o->buckets);
	tr->loss[id] = loss;
}

/* The positions [from, to) on every thread; their summed loss. */
static double
run_slices(struct trainer *tr, size_t from, size_t to, bool train)
{
	double loss = 0;

	tr->from = from;
	tr->to = to;
	tr->train = train;
	util_pool_run(tr->pool, slice_run, tr);
	for (int k = 0; k < tr->nthreads; k++)
		loss += tr->loss[k];
	return loss;
}

/* Adam on the parameters [from, to), each kept within [lo, hi]: the
 * threads' gradients summed in their order, then the step. */
TRAIN_CLONES static void
adam_range(struct trainer *tr, size_t from, size_t to, float lo, float hi)
{
	float *w = (float *)tr->m, *am = (float *)tr->adam_m;
	float *av = (float *)tr->adam_v, *g0 = (float *)tr->grad[0];
	const float b1 = 0.9f, b2 = 0.999f, eps = 1e-8f;
	const float c1 = tr->c1, c2 = tr->c2, scale = tr->scale;
	const float rate = tr->rate;

	for (int k = 1; k < tr->nthreads; k++) {
		const float *gk = (const float *)tr->grad[k];

		for (size_t i = from; i < to; i++)
			g0[i] += gk[i];
	}
	for (size_t i = from; i < to; i++) {
		float g = g0[i] * scale, x;

		am[i] = b1 * am[i] + (1 - b1) * g;
		av[i] = b2 * av[i] + (1 - b2) * g * g;
		x = w[i] - rate * (am[i] / c1) / (sqrtf(av[i] / c2) + eps);
		w[i] = x > hi ? hi : x < lo ? lo : x;
	}
}

#define AT(f) (offsetof(struct model, f) / sizeof(float))

/* Thread id's share of every part of the model, each part with its
 * bounds (the weights where the integers can hold them). */
static void
adam_part(void *arg, int id)
{
	static const struct { size_t from, to; float lo, hi; } parts[] = {
		{ 0, AT(b1), -2, 2 },
		{ AT(b1), AT(w2), -HUGE_VALF, HUGE_VALF },
		{ AT(w2), AT(b2), -1.98f, 1.98f },
		{ AT(b2), AT(w3), -HUGE_VALF, HUGE_VALF },
		{ AT(w3), AT(b3), -120, 120 },
		{ AT(b3), NPARAM, -HUGE_VALF, HUGE_VALF },
	};
	struct trainer *tr = arg;
	size_t t = (size_t)tr->nthreads;

	for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++) {
		size_t from = parts[k].from < tr->live ? tr->live :
		    parts[k].from;
		size_t n = parts[k].to > from ? parts[k].to - from : 0;

		/* whole cache lines each */
		adam_range(tr, from + n * (size_t)id / t / 16 * 16,
		    (size_t)id + 1 == t ? from + n :
		    from + n * (size_t)(id + 1) / t / 16 * 16,
		    parts[k].lo, parts[k].hi);
	}
}

static void
transpose_w2(struct trainer *tr)
{
	for (int o = 0; o < L; o++)
		for (int j = 0; j < 2 * H; j++)
			tr->w2t[j][o] = tr->m->w2[o][j];
}

static void
adam_step(struct trainer *tr, size_t batch, double lr, int step)
{
	tr->c1 = (float)(1.0 - pow(0.9f, step));
	tr->c2 = (float)(1.0 - pow(0.999f, step));
	tr->scale = 1.0f / (float)batch;
	tr->rate = (float)lr;
	/* the buckets' own rows, never trained without --bucket-weights
	 * (their gradient and moments 0): only kept within bounds, once */
	if (step == 1)
		for (size_t i = 0; i < tr->live; i++) {
			float *x = &tr->m->w1[0][0] + i;

			*x = *x > 2 ? 2 : *x < -2 ? -2 : *x;
		}
	util_pool_run(tr->pool, adam_part, tr);
	transpose_w2(tr);
}

static int
qround(double x, double lo, double hi)
{
	x = x < 0 ? x - 0.5 : x + 0.5;
	if (x < lo)
		x = lo;
	if (x > hi)
		x = hi;
	return (int)x;
}

static void
quantize(const struct model *m, int variant, const char *desc,
    struct nnue_net *n)
{
	memset(n, 0, sizeof *n);
	n->variant = variant;
	snprintf(n->desc, sizeof n->desc, "%s", desc);
	for (int i = 0; i < NNUE_INPUTS; i++)
		for (int j = 0; j < H; j++)
			n->ft_w[i][j] = (int16_t)qround(((double)m->w1[i][j] +
			    m->w1[NNUE_INPUTS + i % NNUE_PSQ][j]) * NNUE_QA,
			    -32767, 32767);
	for (int j = 0; j < H; j++)
		n->ft_b[j] = (int16_t)qround(m->b1[j] * NNUE_QA, -32767, 32767);
	for (int o = 0; o < L; o++) {
		for (int j = 0; j < 2 * H; j++)
			n->l1_w[o][j] = (int16_t)qround(m->w2[o][j] * NNUE_QB,
			    -127, 127);
		n->l1_b[o] = qround((double)m->b2[o] * NNUE_QA * NNUE_QB,
		    -2e9, 2e9);
		n->l2_w[o] = (int16_t)qround(m->w3[o] * NNUE_QO, -32767, 32767);
	}
	n->l2_b = qround((double)m->b3 * NNUE_QO, -2e9, 2e9);
}

void
nnue_train_options_default(struct nnue_train_options *o)
{
	*o = (struct nnue_train_options){
		.epochs = 10,
		.threads = 1,
		.seed = 1,
		.batch = 4096,
		.lr = 0.004,
		.lambda = 0.75,
		.draw_share = 1,
		.variant = -1,
		.val_share = 0.05,
	};
}

static void *
xaligned(size_t size)
{
	void *p = aligned_alloc(64, (size + 63) / 64 * 64);

	if (p == NULL)
		fatal("out of memory");
	memset(p, 0, size);
	return p;
}

/* The trainer's buffers for tr->n positions read: the validation share
 * split off (its count), the training order, the model, Adam's moments
 * and one gradient per thread. */
static size_t
trainer_alloc(struct trainer *tr)
{
	/* the validation positions: the data's tail, whole games that
	 * the training never sees (a game's positions are alike) */
	size_t nval = (size_t)((double)tr->n * tr->o->val_share);

	if (nval < 1)
		nval = 1;
	tr->ntrain = tr->n - nval;
	tr->order = xmalloc(tr->ntrain * sizeof *tr->order);
	for (size_t i = 0; i < tr->ntrain; i++)
		tr->order[i] = (uint32_t)i;
	tr->m = xaligned(sizeof *tr->m);
	tr->adam_m = xaligned(sizeof *tr->m);
	tr->adam_v = xaligned(sizeof *tr->m);
	tr->grad = xcalloc((size_t)tr->nthreads, sizeof *tr->grad);
	for (int k = 0; k < tr->nthreads; k++)
		tr->grad[k] = xaligned(sizeof *tr->m);
	tr->loss = xcalloc((size_t)tr->nthreads, sizeof *tr->loss);
	tr->w2t = xaligned(2 * H * sizeof *tr->w2t);
	tr->live = tr->o->buckets ? 0 : AT(w1[NNUE_INPUTS]);
	tr->pool = util_pool_new(tr->nthreads);
	tr->step = nnue_train_step_avx2 != NULL &&
	    nnue_simd_level() >= NNUE_SIMD_AVX2 ? nnue_train_step_avx2 :
	    nnue_train_step;
	return nval;
}

static void
trainer_free(struct trainer *tr)
{
	for (int k = 0; k < tr->nthreads; k++)
		free(tr->grad[k]);
	free(tr->grad);
	free(tr->loss);
	free(tr->w2t);
	util_pool_free(tr->pool);
	free(tr->m);
	free(tr->adam_m);
	free(tr->adam_v);
	free(tr->order);
	free(tr->s);
}

/* The model from --init's network (its validation loss said as epoch
 * 0), or random: 0, or 1 when --init cannot be used. */
static int
trainer_start(struct trainer *tr, size_t nval)
{
	const struct nnue_train_options *o = tr->o;
	struct nnue_net *from;
	char err[400];

	model_init(tr->m, o->seed);
	transpose_w2(tr);
	if (o->init == NULL)
		return 0;
	from = nnue_read(o->init, err, sizeof err);
	if (from == NULL || from->variant != tr->variant) {
		fprintf(stderr, "congo: --train: --init %s: %s\n", o->init,
		    from == NULL ? err : "a network of another variant");
		free(from);
		return 1;
	}
	model_from_net(tr->m, from);
	transpose_w2(tr);
	free(from);
	printf("epoch 0: validation loss %.6f (%s)\n",
	    run_slices(tr, tr->ntrain, tr->n, false) / (double)nval, o->init);
	fflush(stdout);
	return 0;
}

/* One pass over the training positions in a new order (*step counts
 * Adam's steps): their summed loss, and the positions per second in
 * *rate. */
static double
trainer_epoch(struct trainer *tr, int e, uint64_t *rng, int *step,
    double *rate)
{
	const struct nnue_train_options *o = tr->o;
	int64_t t0 = util_now_ms(), t1;
	double lr = o->lr * pow(0.8, e - 1), loss = 0;
	size_t done = 0;

	for (size_t i = tr->ntrain - 1; i > 0; i--) {
		size_t k = splitmix64(rng) % (i + 1);
		uint32_t t = tr->order[i];

		tr->order[i] = tr->order[k];
		tr->order[k] = t;
	}
	while (done < tr->ntrain) {
		size_t b = tr->ntrain - done < (size_t)o->batch ?
		    tr->ntrain - done : (size_t)o->batch;

		loss += run_slices(tr, done, done + b, true);
		adam_step(tr, b, lr, ++*step);
		done += b;
		if (!o->quiet && (*step % 16 == 0 || done == tr->ntrain)) {
			int64_t ms = util_now_ms() - t0;

			fprintf(stderr, "\repoch %d/%d [%-30.*s] loss "
			    "%.5f  %.0f pos/s ", e, o->epochs,
			    (int)(done * 30 / tr->ntrain),
			    "##############################",
			    loss / (double)done, ms > 0 ?
			    (double)done * 1000.0 / (double)ms : 0.0);
		}
	}
	t1 = util_now_ms();
	*rate = t1 > t0 ? (double)tr->ntrain * 1000.0 / (double)(t1 - t0) : 0;
	return loss;
}

int
nnue_train_run(const struct nnue_train_options *o, int nfiles, char **files)
{
	struct trainer tr;
	struct nnue_net *net;
	uint64_t rng = o->seed * 0x9E3779B97F4A7C15ULL + 1;
	char desc[64], err[400];
	size_t nval;
	int step = 0, rc;

	memset(&tr, 0, sizeof tr);
	tr.o = o;
	tr.nthreads = o->threads < 1 ? 1 : o->threads > NNUE_TRAIN_THREADS_MAX ?
	    NNUE_TRAIN_THREADS_MAX : o->threads;
	if (load(&tr, nfiles, files) != 0)
		return 1;
	if (tr.n < 10) {
		fprintf(stderr, "congo: --train: only %zu positions%s\n", tr.n,
		    tr.variant >= 0 ? " of the variant" : "");
		free(tr.s);
		return 1;
	}
	nval = trainer_alloc(&tr);
	net = xaligned(sizeof *net);
	rc = trainer_start(&tr, nval);
	if (!o->quiet)
		fprintf(stderr, "%s: %zu training positions, %zu for "
		    "validation, %d epochs, %d threads\n",
		    variant_name(tr.variant), tr.ntrain, nval, o->epochs,
		    tr.nthreads);
	for (int e = 1; e <= o->epochs && rc == 0; e++) {
		double rate, loss = trainer_epoch(&tr, e, &rng, &step, &rate);
		double vloss = run_slices(&tr, tr.ntrain, tr.n, false) /
		    (double)nval;

		snprintf(desc, sizeof desc, "congo --train: epoch %d, %zu "
		    "positions, seed %llu", e, tr.ntrain,
		    (unsigned long long)o->seed);
		quantize(tr.m, tr.variant, desc, net);
		if (nnue_write(net, o->out, err, sizeof err) != 0) {
			fprintf(stderr, "\ncongo: --train: %s\n", err);
			rc = 1;
		}
		if (!o->quiet)
			fprintf(stderr, "\n");
		printf("epoch %d: train loss %.6f, validation loss %.6f, "
		    "%.0f positions/s, %s written\n", e,
		    loss / (double)tr.ntrain, vloss, rate, o->out);
		fflush(stdout);
	}
	trainer_free(&tr);
	free(net);
	return rc;
}
