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

/* `setoption name <name> value <value>`; names are case-insensitive. */
void
uci_search_setoption(struct uci_search *s, char *args)
{
	struct search_options o = s->opt;
	char *name, *value;
	long long v;
	int k;

	if (strncmp(args, "name ", 5) != 0) {
		fprintf(s->out, "error setoption needs: name <name> value "
		    "<value>\n");
		return;
	}
	name = args + 5;
	value = strstr(name, " value ");
	if (value == NULL) {
		fprintf(s->out, "error setoption name %s needs a value\n", name);
		return;
	}
	*value = '\0';
	value += 7;
	while (*value == ' ')
		value++;
	if (strcasecmp(name, "Algorithm") == 0) {
		if (search_algorithm_parse(value, &o.algorithm) != 0) {
			fprintf(s->out, "error unknown algorithm '%s' (%s)\n",
			    value, search_algorithm_choices());
			return;
		}
	} else if (strcasecmp(name, "Depth") == 0) {
		if (uci_number(value, 0, SEARCH_MAX_DEPTH, &v) != 0) {
			fprintf(s->out, "error Depth must be 0..%d, not '%s'\n",
			    SEARCH_MAX_DEPTH, value);
			return;
		}
		s->depth_option = (int)v;
		return;
	} else if ((k = whole_option(name)) >= 0) {
		if (uci_number(value, whole[k].lo, whole[k].hi, &v) != 0) {
			fprintf(s->out, "error %s must be %d..%d%s, not '%s'\n",
			    whole[k].name, whole[k].lo, whole[k].hi,
			    whole[k].note, value);
			return;
		}
		*(int *)((char *)&o + whole[k].at) = (int)v;
	} else if (strcasecmp(name, "Seed") == 0) {
		uint64_t u;

		if (parse_u64(value, 0, UINT64_MAX, &u, NULL, 0) != 0) {
			fprintf(s->out, "error Seed must be a number, not "
			    "'%s'\n", value);
			return;
		}
		o.seed = u;
	} else if (strcasecmp(name, "UseNNUE") == 0) {
		if (strcasecmp(value, "true") != 0 &&
		    strcasecmp(value, "false") != 0) {
			fprintf(s->out, "error UseNNUE must be true or false, "
			    "not '%s'\n", value);
			return;
		}
		o.use_nnue = strcasecmp(value, "true") == 0;
	} else if (strcasecmp(name, "EvalFile") == 0) {
		if (strlen(value) >= sizeof o.eval_file) {
			fprintf(s->out, "error EvalFile: the path is too long\n");
			return;
		}
		/* naming a network asks for it; <empty>: the installed one */
		snprintf(o.eval_file, sizeof o.eval_file, "%s",
		    strcmp(value, "<empty>") == 0 ? "" : value);
		o.use_nnue = true;
	} else if (strcasecmp(name, "TablebasePath") == 0) {
		set_tablebases(s, value);
		return;
	} else {
		fprintf(s->out, "error unknown option '%s' (Algorithm, Depth, "
		    "Level, Hash, Threads, Seed, MultiPV, TablebasePath, "
		    "UseNNUE, EvalFile, UCI_Variant)\n", name);
		return;
	}
	search_set_options(s->ctx, &o);   /* no weights: cannot fail */
	s->opt = o;
	if (strcasecmp(name, "UseNNUE") == 0 ||
	    strcasecmp(name, "EvalFile") == 0)
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

void
uci_search_go(struct uci_search *s, const struct game *g, char *args)
{
	struct search_limits l;
	long long v, wtime = -1, btime = -1, winc = 0, binc = 0, togo = 0;
	char *tok, *save = NULL;
	pthread_attr_t attr;
	bool any = false;

	search_limits_default(&l);
	l.play = true;          /* not in analysis: infinite, MultiPV */
	for (tok = strtok_r(args, " \t", &save); tok != NULL;
	    tok = strtok_r(NULL, " \t", &save)) {
		const char *key = tok;
		long long lo = 0, hi = 0;
		long long *dst = &v;

		if (strcmp(tok, "infinite") == 0) {
			l.infinite = true;
			any = true;
			continue;
		}
		if (strcmp(key, "depth") == 0)
			lo = 1, hi = SEARCH_MAX_DEPTH;
		else if (strcmp(key, "movetime") == 0)
			lo = 1, hi = 3600000;
		else if (strcmp(key, "nodes") == 0)
			lo = 1, hi = 1000000000000000LL;
		else if (strcmp(key, "wtime") == 0)
			lo = 0, hi = 1000000000LL, dst = &wtime;
		else if (strcmp(key, "btime") == 0)
			lo = 0, hi = 1000000000LL, dst = &btime;
		else if (strcmp(key, "winc") == 0)
			lo = 0, hi = 1000000000LL, dst = &winc;
		else if (strcmp(key, "binc") == 0)
			lo = 0, hi = 1000000000LL, dst = &binc;
		else if (strcmp(key, "movestogo") == 0)
			lo = 1, hi = 10000, dst = &togo;
		else {
			fprintf(s->out, "error go: unknown parameter '%s' "
			    "(depth, movetime, nodes, infinite, wtime, btime, "
			    "winc, binc, movestogo, perft)\n", tok);
			return;
		}
		tok = strtok_r(NULL, " \t", &save);
		if (tok == NULL || uci_number(tok, lo, hi, dst) != 0) {
			fprintf(s->out, "error go %s needs a number %lld..%lld"
			    "\n", key, lo, hi);
			return;
		}
		any = true;
		if (strcmp(key, "depth") == 0)
			l.depth = (int)v;
		else if (strcmp(key, "movetime") == 0)
			l.movetime_ms = (int)v;
		else if (strcmp(key, "nodes") == 0)
			l.nodes = (uint64_t)v;
	}
	if (l.movetime_ms == 0) {
		int side = game_board(g)->side;
		long long left = side == WHITE ? wtime : btime;

		/* the search budgets the clock (search_time_budget) */
		if (left >= 0) {
			l.time_left_ms = left > 0 ? left : 1;
			l.inc_ms = side == WHITE ? winc : binc;
			l.movestogo = (int)togo;
		}
	}
	if (l.depth == 0)
		l.depth = s->depth_option;
	if (!any && s->depth_option == 0)
		l.infinite = true;     /* a bare `go` searches until `stop` */
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
