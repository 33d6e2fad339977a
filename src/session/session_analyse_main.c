/*
 * session_analyse_main.c: `congo --analyse FILE [--game N] [--movetime MS
 * | --nodes N] [--threads N] [-o OUT]`: a game's analysis without a
 * screen. The record comes back annotated (each move's [%eval], its mark
 * as a NAG, "Blunder. Better was d6d5."), on OUT or standard output; the
 * summary (accuracy and marks of each side, the marked moves) and, on a
 * terminal, a progress bar with the time left go to standard error. The
 * same walk and notes as :analyse in the game (session_analyse.c), which
 * loads the output with its marks.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai/analyse.h"
#include "ai/search.h"
#include "engine/notation.h"
#include "record/record.h"
#include "session/session.h"
#include "util/i18n.h"
#include "util/util.h"

struct progress {
	bool tty;
	int64_t started;
};

static void
show_progress(int done, int total, void *user)
{
	struct progress *p = user;
	int64_t spent = util_now_ms() - p->started, left;
	int bar = 30, fill = total > 0 ? bar * done / total : 0, i;
	char line[128];
	size_t len = 0;

	if (!p->tty)
		return;
	left = done > 0 ? spent * (total - done) / done : -1;
	len += (size_t)snprintf(line, sizeof line, "\r%s [", _("analysing"));
	for (i = 0; i < bar; i++)
		line[len++] = i < fill ? '=' : ' ';
	snprintf(line + len, sizeof line - len, "] %d/%d", done, total);
	fputs(line, stderr);
	if (left >= 0)
		fprintf(stderr, _(", %lld s left  "), (long long)((left + 999) /
		    1000));
	if (done == total)
		fputs("\n", stderr);
	fflush(stderr);
}

static void
usage(FILE *out)
{
	fputs(_("usage: congo --analyse FILE [--game N] [--movetime MS | "
	    "--nodes N]\n"
	    "                        [--threads N] [-o OUT]\n"
	    "  every position of the game searched (default "
	    "--nodes 200000), each move\n"
	    "  marked ?! ? ?? by its drop in winning chances; the record "
	    "annotated on OUT\n"
	    "  (or standard output), the summary on standard error\n"), out);
}

/* The summary: each side's accuracy and marks, then the marked moves. */
static void
summary(FILE *out, const struct game *g, const struct analyse_result *r,
    const struct record_notes *ns)
{
	static const char *const side[2] = { N_("White"), N_("Black") };
	char mv[MOVE_TEXT_MAX];

	for (int c = 0; c < 2; c++) {
		if (r->accuracy[c] < 0)
			continue;
		int ni = r->count[c][MARK_INACCURACY];
		int nm = r->count[c][MARK_MISTAKE];
		int nb = r->count[c][MARK_BLUNDER];
		char a[48], m[48], b[48];

		snprintf(a, sizeof a, ngettext("%d inaccuracy",
		    "%d inaccuracies", (unsigned long)ni), ni);
		snprintf(m, sizeof m, ngettext("%d mistake", "%d mistakes",
		    (unsigned long)nm), nm);
		snprintf(b, sizeof b, ngettext("%d blunder", "%d blunders",
		    (unsigned long)nb), nb);
		fprintf(out, _("%s: accuracy %.0f%%, %s, %s, %s\n"),
		    _(side[c]), r->accuracy[c], a, m, b);
	}
	for (int i = 0; i < r->nply; i++) {
		const struct record_note *n = record_notes_get(ns, i);
		if (r->ply[i].mark == MARK_NONE)
			continue;
		notation_write(g->moves[i], mv, sizeof mv);
		fprintf(out, "%d%s %s%s %s\n", g->pos[i].fullmove,
		    g->pos[i].side == WHITE ? "." : "...", mv,
		    analyse_mark_symbol(r->ply[i].mark),
		    n != NULL && n->text != NULL ? n->text : "");
	}
}

static const struct option opts[] = {
	{ "game", required_argument, NULL, 'g' },
	{ "movetime", required_argument, NULL, 'm' },
	{ "nodes", required_argument, NULL, 'n' },
	{ "threads", required_argument, NULL, 't' },
	{ "output", required_argument, NULL, 'o' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/* What the command line asks for. */
struct analyse_args {
	struct analyse_limits lim;
	struct search_options so;
	const char *path, *outpath;
	int game;
	bool timed, counted;
};

/* The value of --game, --movetime, --nodes or --threads (option c). */
static int
read_value(int c, struct analyse_args *a, char *err, size_t errlen)
{
	switch (c) {
	case 'g':
		return parse_int(optarg, 1, 1000000, &a->game, err, errlen);
	case 'm':
		if (parse_int(optarg, 1, 3600000, &a->lim.movetime_ms, err,
		    errlen) != 0)
			return -1;
		a->timed = true;
		return 0;
	case 'n':
		if (parse_u64(optarg, 1, 1000000000000ULL, &a->lim.nodes, err,
		    errlen) != 0)
			return -1;
		a->counted = true;
		return 0;
	default:
		return parse_int(optarg, 1, SEARCH_MAX_THREADS,
		    &a->so.threads, err, errlen);
	}
}

/* The options: -1 to go on, else the exit status (--help, a bad
 * option). */
static int
read_options(int argc, char **argv, struct analyse_args *a)
{
	char err[512];
	int c, li;

	optind = 0;    /* a fresh start: main.c ran getopt before */
	opterr = 0;
	while ((li = -1, c = getopt_long(argc, argv, ":o:h", opts, &li)) !=
	    -1) {
		switch (c) {
		case 'g':
		case 'm':
		case 'n':
		case 't':
			if (read_value(c, a, err, sizeof err) != 0)
				goto bad_value;
			break;
		case 'o':
			a->outpath = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case ':':
			fprintf(stderr, _("congo: --analyse: %s needs a value\n"),
			    argv[optind - 1]);
			usage(stderr);
			return 2;
		default:
			fprintf(stderr, _("congo: --analyse: unknown option "
			    "'%s'\n"), argv[optind - 1]);
			usage(stderr);
			return 2;
		}
	}
	return -1;
bad_value:
	/* The option by its name, however it was given (--nodes 0,
	 * --nodes=0, --no 0). */
	fprintf(stderr, _("congo: --analyse: --%s: %s\n"), li >= 0 ?
	    opts[li].name : "?", err);
	return 2;
}

/* The command line read and checked: -1 to go on, else the exit
 * status. */
static int
read_args(int argc, char **argv, struct analyse_args *a)
{
	int rc;

	memset(a, 0, sizeof *a);
	analyse_limits_default(&a->lim);
	search_options_default(&a->so);
	if ((rc = read_options(argc, argv, a)) >= 0)
		return rc;
	if (a->timed && a->counted) {
		fprintf(stderr, _("congo: --analyse: --movetime or --nodes, not "
		    "both\n"));
		return 2;
	}
	if (a->timed)
		a->lim.nodes = 0;
	if (optind != argc - 1) {
		fprintf(stderr, "congo: --analyse: %s\n", optind >= argc ?
		    _("a game record (FILE) is needed") : _("one FILE only"));
		usage(stderr);
		return 2;
	}
	a->path = argv[optind];
	return -1;
}

/* The game record read, its variations too: they come back as they
 * were read. */
static int
read_record(const struct analyse_args *a, struct game *g,
    struct record_tags *tags, struct record_notes *notes,
    struct record_tree *tree)
{
	char err[512];
	FILE *f;
	int rc;

	if ((f = fopen(a->path, "r")) == NULL) {
		fprintf(stderr, "congo: %s: %m\n", a->path);
		return 1;
	}
	rc = record_read_tree(f, a->path, a->game, g, tags, NULL, notes, tree,
	    err, sizeof err);
	fclose(f);
	if (rc != 0) {
		record_notes_free(notes);
		record_tree_free(tree);
		fprintf(stderr, "congo: %s\n", err);
		return 1;
	}
	return 0;
}

/* The annotated record written on OUT or standard output, the summary on
 * standard error; the exit status. */
static int
write_record(const struct analyse_args *a, const struct analyse_result *r,
    const struct game *g, struct record_tags *tags,
    const struct record_notes *notes, const struct record_tree *tree)
{
	char err[512], annot[96];
	int rc;

	if (a->timed)
		snprintf(annot, sizeof annot, "congo --analyse, %d ms a "
		    "position", a->lim.movetime_ms);
	else
		snprintf(annot, sizeof annot, "congo --analyse, %llu nodes a "
		    "position", (unsigned long long)a->lim.nodes);
	record_tag_set(tags, "Annotator", annot);
	if (a->outpath != NULL)
		rc = record_save_tree(a->outpath, g, tags, notes, tree, err,
		    sizeof err);
	else
		rc = record_write_tree(stdout, g, tags, notes, tree) != 0 ||
		    fflush(stdout) != 0 ? -1 : 0;
	if (rc != 0) {
		if (a->outpath == NULL)
			snprintf(err, sizeof err, _("standard output: %m"));
		fprintf(stderr, "congo: %s\n", err);
		return 1;
	}
	summary(stderr, g, r, notes);
	return 0;
}

int
session_analyse_main(int argc, char **argv)
{
	struct analyse_args a;
	struct analyse_result r;
	struct search_ctx *ctx;
	struct record_tags tags;
	struct record_notes notes;
	struct record_tree tree;
	struct progress pr;
	struct game g;
	int rc;

	if ((rc = read_args(argc, argv, &a)) >= 0)
		return rc;
	if (read_record(&a, &g, &tags, &notes, &tree) != 0)
		return 1;
	ctx = search_new(&a.so);
	pr.tty = isatty(STDERR_FILENO);
	pr.started = util_now_ms();
	if (analyse_game(ctx, &g, &a.lim, show_progress, &pr, NULL, &r) != 0) {
		fprintf(stderr, _("congo: --analyse: the analysis stopped\n"));
		rc = 1;
	} else {
		session_analyse_notes(&r, &g, &notes);
		rc = write_record(&a, &r, &g, &tags, &notes, &tree);
		analyse_result_free(&r);
	}
	search_free(ctx);
	record_notes_free(&notes);
	record_tree_free(&tree);
	game_free(&g);
	return rc;
}
