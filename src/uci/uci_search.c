/*
 * uci_search.c: `go depth|movetime|nodes|infinite`, `stop`, `setoption`,
 * the `info` lines (one a line with MultiPV) and `bestmove` of `congo
 * --engine`. The search runs in a thread of its own; the command loop
 * keeps reading (isready, stop).
 */
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ai/search.h"
#include "engine/notation.h"
#include "tb/tb.h"
#include "uci/uci_internal.h"
#include "util/util.h"

struct uci_search {
	FILE *out;
	pthread_mutex_t *out_lock;
	struct search_ctx *ctx;
	struct search_options opt;
	int depth_option;            /* setoption Depth (0: none) */
	/* the running search; busy is touched by the command loop only */
	bool busy;
	pthread_t tid;
	const struct game *game;
	struct search_limits limits;
	int multipv;                 /* the running search's MultiPV */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	bool stopped;                /* `stop` came (ends an infinite wait) */
};

static void
say(struct uci_search *s, const char *line)
{
	pthread_mutex_lock(s->out_lock);
	fputs(line, s->out);
	fflush(s->out);
	pthread_mutex_unlock(s->out_lock);
}

struct uci_search *
uci_search_new(FILE *out, pthread_mutex_t *out_lock)
{
	struct uci_search *s = xcalloc(1, sizeof *s);

	s->out = out;
	s->out_lock = out_lock;
	search_options_default(&s->opt);
	s->ctx = search_new(&s->opt);   /* no weights: cannot fail */
	pthread_mutex_init(&s->mu, NULL);
	pthread_cond_init(&s->cv, NULL);
	return s;
}

void
uci_search_free(struct uci_search *s)
{
	if (s == NULL)
		return;
	uci_search_stop(s);
	search_free(s->ctx);
	pthread_mutex_destroy(&s->mu);
	pthread_cond_destroy(&s->cv);
	free(s);
}

void
uci_search_print_options(struct uci_search *s)
{
	int a;

	fprintf(s->out, "option name Algorithm type combo default %s",
	    search_algorithm_name(SEARCH_ALPHABETA));
	for (a = 0; a < SEARCH_NALGORITHMS; a++)
		fprintf(s->out, " var %s",
		    search_algorithm_name((enum search_algorithm)a));
	fprintf(s->out, "\n"
	    "option name Depth type spin default 0 min 0 max %d\n"
	    "option name Level type spin default 0 min 0 max %d\n"
	    "option name Hash type spin default 16 min 1 max 4096\n"
	    "option name Threads type spin default 1 min 1 max %d\n"
	    "option name Seed type string default 1\n"
	    "option name MultiPV type spin default 1 min 1 max %d\n"
	    "option name TablebasePath type string default <empty>\n"
	    "option name UseNNUE type check default %s\n"
	    "option name EvalFile type string default <empty>\n",
	    SEARCH_MAX_DEPTH, SEARCH_LEVELS, SEARCH_MAX_THREADS,
	    SEARCH_MULTIPV_MAX, s->opt.use_nnue ? "true" : "false");
}

/* After UseNNUE or EvalFile: which evaluation a search will use, or why
 * the network asked for is not used. */
static void
say_nnue(struct uci_search *s)
{
	const char *err = search_nnue_error(s->ctx);

	if (*err != '\0') {
		fprintf(s->out, "info string EvalFile: %s\n", err);
		return;
	}
	/* the file's network is its own variant's; the other variant keeps
	 * its installed one */
	for (int v = 0; v < NVARIANTS; v++)
		fprintf(s->out, "info string evaluation %s: %s\n",
		    variant_name(v), !search_nnue_active(s->ctx, v) ?
		    "hand-made" : v == search_nnue_file_variant(s->ctx) ?
		    s->opt.eval_file : "the installed network");
}

static int
uci_number(const char *text, long long lo, long long hi, long long *out)
{
	long v;

	if (parse_long(text, (long)lo, (long)hi, &v, NULL, 0) != 0)
		return -1;
	*out = v;
	return 0;
}

/*
 * `setoption name TablebasePath value DIR` (`<empty>`: the default
 * folders): read both variants' tables now and say what was found, and
 * every file refused, by name.
 */
static void
set_tablebases(struct uci_search *s, const char *value)
{
	const char *err, *end;

	tb_set_path(strcmp(value, "<empty>") == 0 ? NULL : value);
	for (int v = 0; v < NVARIANTS; v++) {
		int n = tb_load(v);

		fprintf(s->out, "info string tablebases %s: %d table%s%s%s\n",
		    variant_name(v), n, n == 1 ? "" : "s",
		    n > 0 ? " in " : "", tb_path(v));
	}
	for (err = tb_errors(); *err != '\0'; err = end + (*end != '\0')) {
		end = strchr(err, '\n');
		if (end == NULL)
			end = err + strlen(err);
		fprintf(s->out, "info string tablebases: %.*s\n",
		    (int)(end - err), err);
	}
}

/* The search's whole-number options: name, range, a note for the refusal,
 * and the field of struct search_options. */
static const struct {
	const char *name;
	int lo, hi;
	const char *note;
	size_t at;
} whole[] = {
	{ "Level", 0, SEARCH_LEVELS, " (0: full strength)",
	    offsetof(struct search_options, level) },
	{ "Hash", 1, 4096, " (MB)", offsetof(struct search_options, hash_mb) },
	{ "Threads", 1, SEARCH_MAX_THREADS, "",
	    offsetof(struct search_options, threads) },
	{ "MultiPV", 1, SEARCH_MULTIPV_MAX, " (the lines reported)",
	    offsetof(struct search_options, multipv) },
};

/* The entry of whole named name (in any case); -1 when none. */
static int
whole_option(const char *name)
{
	for (size_t k = 0; k < sizeof whole / sizeof whole[0]; k++)
		if (strcasecmp(name, whole[k].name) == 0)
			return (int)k;
	return -1;
}

/* `setoption`'s named options but the whole numbers: each changes o (0:
 * o is set now), or is done itself (1), or refuses the value (-1, said). */
typedef int set_fn(struct uci_search *s, struct search_options *o,
    const char *value);

static int
set_algorithm(struct uci_search *s, struct search_options *o,
    const char *value)
{
	if (search_algorithm_parse(value, &o->algorithm) != 0) {
		fprintf(s->out, "error unknown algorithm '%s' (%s)\n",
		    value, search_algorithm_choices());
		return -1;
	}
	return 0;
}

static int
set_depth(struct uci_search *s, struct search_options *o, const char *value)
{
	long long v;

	(void)o;
	if (uci_number(value, 0, SEARCH_MAX_DEPTH, &v) != 0) {
		fprintf(s->out, "error Depth must be 0..%d, not '%s'\n",
		    SEARCH_MAX_DEPTH, value);
		return -1;
	}
	s->depth_option = (int)v;
	return 1;
}

static int
set_seed(struct uci_search *s, struct search_options *o, const char *value)
{
	uint64_t u;

	if (parse_u64(value, 0, UINT64_MAX, &u, NULL, 0) != 0) {
		fprintf(s->out, "error Seed must be a number, not "
		    "'%s'\n", value);
		return -1;
	}
	o->seed = u;
	return 0;
}

static int
set_use_nnue(struct uci_search *s, struct search_options *o,
    const char *value)
{
	if (strcasecmp(value, "true") != 0 &&
	    strcasecmp(value, "false") != 0) {
		fprintf(s->out, "error UseNNUE must be true or false, "
		    "not '%s'\n", value);
		return -1;
	}
	o->use_nnue = strcasecmp(value, "true") == 0;
	return 0;
}

static int
set_eval_file(struct uci_search *s, struct search_options *o,
    const char *value)
{
	if (strlen(value) >= sizeof o->eval_file) {
		fprintf(s->out, "error EvalFile: the path is too long\n");
		return -1;
	}
	/* naming a network asks for it; <empty>: the installed one */
	snprintf(o->eval_file, sizeof o->eval_file, "%s",
	    strcmp(value, "<empty>") == 0 ? "" : value);
	o->use_nnue = true;
	return 0;
}

static int
set_tb(struct uci_search *s, struct search_options *o, const char *value)
{
	(void)o;
	set_tablebases(s, value);
	return 1;
}

/* The named options (in any case) and whether the evaluation a search
 * will use is said after them. */
static const struct setter {
	const char *name;
	set_fn *fn;
	bool nnue;
} setters[] = {
	{ "Algorithm", set_algorithm, false },
	{ "Depth", set_depth, false },
	{ "Seed", set_seed, false },
	{ "UseNNUE", set_use_nnue, true },
	{ "EvalFile", set_eval_file, true },
	{ "TablebasePath", set_tb, false },
};

/* A whole number of whole[k] into o. */
static int
set_whole(struct uci_search *s, struct search_options *o, int k,
    const char *value)
{
	long long v;

	if (uci_number(value, whole[k].lo, whole[k].hi, &v) != 0) {
		fprintf(s->out, "error %s must be %d..%d%s, not '%s'\n",
		    whole[k].name, whole[k].lo, whole[k].hi,
		    whole[k].note, value);
		return -1;
	}
	*(int *)((char *)o + whole[k].at) = (int)v;
	return 0;
}

/* "name <name> value <value>" cut into *name and *value; -1 (said) when
 * args is not that. */
static int
setoption_split(struct uci_search *s, char *args, char **name, char **value)
{
	if (strncmp(args, "name ", 5) != 0) {
		fprintf(s->out, "error setoption needs: name <name> value "
		    "<value>\n");
		return -1;
	}
	*name = args + 5;
	*value = strstr(*name, " value ");
	if (*value == NULL) {
		fprintf(s->out, "error setoption name %s needs a value\n",
		    *name);
		return -1;
	}
	**value = '\0';
	*value += 7;
	while (**value == ' ')
		(*value)++;
	return 0;
}

/* `setoption name <name> value <value>`; names are case-insensitive. */
void
uci_search_setoption(struct uci_search *s, char *args)
{
	struct search_options o = s->opt;
	const struct setter *set = NULL;
	char *name, *value;
	int k, rc;

	if (setoption_split(s, args, &name, &value) != 0)
		return;
	for (size_t i = 0; i < sizeof setters / sizeof setters[0]; i++)
		if (strcasecmp(name, setters[i].name) == 0)
			set = &setters[i];
	if (set != NULL)
		rc = set->fn(s, &o, value);
	else if ((k = whole_option(name)) >= 0)
		rc = set_whole(s, &o, k, value);
	else {
		fprintf(s->out, "error unknown option '%s' (Algorithm, Depth, "
		    "Level, Hash, Threads, Seed, MultiPV, TablebasePath, "
		    "UseNNUE, EvalFile, UCI_Variant)\n", name);
		return;
	}
	if (rc != 0)
		return;
	search_set_options(s->ctx, &o);   /* no weights: cannot fail */
	s->opt = o;
	if (set != NULL && set->nnue)
		say_nnue(s);
}

void
uci_search_newgame(struct uci_search *s)
{
	search_clear(s->ctx);
}

bool
uci_search_busy(struct uci_search *s)
{
	return s->busy;
}

static void
print_info(const struct search_info *info, void *user)
{
	struct uci_search *s = user;
	char line[160 + SEARCH_PV_MAX * (MOVE_TEXT_MAX + 1)], score[32];
	char mpv[24];
	size_t len;
	int i;

	search_score_text(info, score, sizeof score);
	/* MultiPV: each line says which it is (as UCI, only then) */
	if (s->multipv > 1)
		snprintf(mpv, sizeof mpv, " multipv %d", info->multipv > 0 ?
		    info->multipv : 1);
	else
		mpv[0] = '\0';
	len = (size_t)snprintf(line, sizeof line,
	    "info depth %d%s score %s%s nodes %llu nps %llu time %d pv",
	    info->depth, mpv, score, info->lowerbound ? " lowerbound" : "",
	    (unsigned long long)info->nodes,
	    (unsigned long long)info->nps, info->time_ms);
	for (i = 0; i < info->npv && len + MOVE_TEXT_MAX + 2 < sizeof line;
	    i++) {
		line[len++] = ' ';
		len += (size_t)notation_write(info->pv[i], line + len,
		    sizeof line - len);
	}
	line[len++] = '\n';
	line[len] = '\0';
	say(s, line);
}

static void *
search_thread(void *arg)
{
	struct uci_search *s = arg;
	const struct game *g = s->game;
	char line[16 + MOVE_TEXT_MAX];
	move_t m;

	m = search_best_move(s->ctx, &g->pos[g->nply], g->pos, g->nply,
	    &g->rules, &s->limits, print_info, s);
	if (s->limits.infinite) {
		/* `go infinite` answers only after `stop` */
		pthread_mutex_lock(&s->mu);
		while (!s->stopped)
			pthread_cond_wait(&s->cv, &s->mu);
		pthread_mutex_unlock(&s->mu);
	}
	strcpy(line, "bestmove ");
	if (m == MOVE_NONE)
		strcat(line, "none");
	else
		notation_write(m, line + 9, MOVE_TEXT_MAX);
	strcat(line, "\n");
	say(s, line);
	return NULL;
}

/* What `go` was given: its numbers (0, and -1 for the clocks: not
 * given), infinite, and whether anything was. */
struct go_args {
	long long depth, movetime, nodes;
	long long time[2], inc[2], togo;
	bool infinite, any;
};

/* `go`'s parameters with a number: name, range, its place in struct
 * go_args. */
static const struct {
	const char *name;
	long long lo, hi;
	size_t at;
} go_params[] = {
	{ "depth", 1, SEARCH_MAX_DEPTH, offsetof(struct go_args, depth) },
	{ "movetime", 1, 3600000, offsetof(struct go_args, movetime) },
	{ "nodes", 1, 1000000000000000LL, offsetof(struct go_args, nodes) },
	{ "wtime", 0, 1000000000LL, offsetof(struct go_args, time[WHITE]) },
	{ "btime", 0, 1000000000LL, offsetof(struct go_args, time[BLACK]) },
	{ "winc", 0, 1000000000LL, offsetof(struct go_args, inc[WHITE]) },
	{ "binc", 0, 1000000000LL, offsetof(struct go_args, inc[BLACK]) },
	{ "movestogo", 1, 10000, offsetof(struct go_args, togo) },
};

/* `go`'s words into *a; -1 (said) on a word it does not know or a bad
 * number. */
static int
go_read(struct uci_search *s, char *args, struct go_args *a)
{
	char *tok, *save = NULL;

	memset(a, 0, sizeof *a);
	a->time[WHITE] = a->time[BLACK] = -1;
	for (tok = strtok_r(args, " \t", &save); tok != NULL;
	    tok = strtok_r(NULL, " \t", &save)) {
		const char *key = tok;
		size_t k;

		if (strcmp(tok, "infinite") == 0) {
			a->infinite = a->any = true;
			continue;
		}
		for (k = 0; k < sizeof go_params / sizeof go_params[0]; k++)
			if (strcmp(key, go_params[k].name) == 0)
				break;
		if (k == sizeof go_params / sizeof go_params[0]) {
			fprintf(s->out, "error go: unknown parameter '%s' "
			    "(depth, movetime, nodes, infinite, wtime, btime, "
			    "winc, binc, movestogo, perft)\n", tok);
			return -1;
		}
		tok = strtok_r(NULL, " \t", &save);
		if (tok == NULL || uci_number(tok, go_params[k].lo,
		    go_params[k].hi, (long long *)(void *)((char *)a +
		    go_params[k].at)) != 0) {
			fprintf(s->out, "error go %s needs a number %lld..%lld"
			    "\n", key, go_params[k].lo, go_params[k].hi);
			return -1;
		}
		a->any = true;
	}
	return 0;
}

/* The search's limits of what go was given, in game g (the side to
 * move's clock budgeted when there is no movetime). */
static void
go_limits(const struct uci_search *s, const struct go_args *a,
    const struct game *g, struct search_limits *l)
{
	search_limits_default(l);
	l->play = true;          /* not in analysis: infinite, MultiPV */
	l->infinite = a->infinite;
	if (a->depth != 0)
		l->depth = (int)a->depth;
	if (a->movetime != 0)
		l->movetime_ms = (int)a->movetime;
	if (a->nodes != 0)
		l->nodes = (uint64_t)a->nodes;
	if (l->movetime_ms == 0) {
		int side = game_board(g)->side == WHITE ? WHITE : BLACK;
		long long left = a->time[side];

		/* the search budgets the clock (search_time_budget) */
		if (left >= 0) {
			l->time_left_ms = left > 0 ? left : 1;
			l->inc_ms = a->inc[side];
			l->movestogo = (int)a->togo;
		}
	}
	if (l->depth == 0)
		l->depth = s->depth_option;
	if (!a->any && s->depth_option == 0)
		l->infinite = true;     /* a bare `go` searches until `stop` */
}

void
uci_search_go(struct uci_search *s, const struct game *g, char *args)
{
	struct search_limits l;
	struct go_args a;
	pthread_attr_t attr;

	if (go_read(s, args, &a) != 0)
		return;
	go_limits(s, &a, g, &l);
	s->limits = l;
	s->multipv = s->opt.multipv;
	s->game = g;
	s->stopped = false;
	search_prepare(s->ctx);
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 16u << 20);
	if (pthread_create(&s->tid, &attr, search_thread, s) != 0) {
		fprintf(s->out, "error cannot start the search thread\n");
		pthread_attr_destroy(&attr);
		return;
	}
	pthread_attr_destroy(&attr);
	s->busy = true;
}

void
uci_search_stop(struct uci_search *s)
{
	if (!s->busy)
		return;
	pthread_mutex_lock(&s->mu);
	s->stopped = true;
	pthread_cond_signal(&s->cv);
	pthread_mutex_unlock(&s->mu);
	search_stop(s->ctx);
	pthread_join(s->tid, NULL);
	s->busy = false;
}

void
uci_search_wait(struct uci_search *s)
{
	if (!s->busy)
		return;
	if (s->limits.infinite) {
		uci_search_stop(s);
		return;
	}
	pthread_join(s->tid, NULL);
	s->busy = false;
}
