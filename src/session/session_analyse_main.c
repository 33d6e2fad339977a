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

int
session_analyse_main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "game", required_argument, NULL, 'g' },
		{ "movetime", required_argument, NULL, 'm' },
		{ "nodes", required_argument, NULL, 'n' },
		{ "threads", required_argument, NULL, 't' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct analyse_limits lim;
	struct analyse_result r;
	struct search_options so;
	struct search_ctx *ctx;
	struct record_tags tags;
	struct record_notes notes;
	struct record_tree tree;
	struct progress pr;
	struct game g;
	const char *path, *outpath = NULL;
	char err[512], annot[96];
	int game = 0, c, rc, li;
	bool timed = false, counted = false;
	FILE *f;

	analyse_limits_default(&lim);
	search_options_default(&so);
	optind = 0;    /* a fresh start: main.c ran getopt before */
	opterr = 0;
	while ((li = -1, c = getopt_long(argc, argv, ":o:h", opts, &li)) !=
	    -1) {
		switch (c) {
		case 'g':
			if (parse_int(optarg, 1, 1000000, &game, err,
			    sizeof err) != 0)
				goto bad_value;
			break;
		case 'm':
			if (parse_int(optarg, 1, 3600000, &lim.movetime_ms,
			    err, sizeof err) != 0)
				goto bad_value;
			timed = true;
			break;
		case 'n':
			if (parse_u64(optarg, 1, 1000000000000ULL, &lim.nodes,
			    err, sizeof err) != 0)
				goto bad_value;
			counted = true;
			break;
		case 't':
			if (parse_int(optarg, 1, SEARCH_MAX_THREADS,
			    &so.threads, err, sizeof err) != 0)
				goto bad_value;
			break;
		case 'o':
			outpath = optarg;
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
	if (timed && counted) {
		fprintf(stderr, _("congo: --analyse: --movetime or --nodes, not "
		    "both\n"));
		return 2;
	}
	if (timed)
		lim.nodes = 0;
	if (optind != argc - 1) {
		fprintf(stderr, "congo: --analyse: %s\n", optind >= argc ?
		    _("a game record (FILE) is needed") : _("one FILE only"));
		usage(stderr);
		return 2;
	}
	path = argv[optind];
	if ((f = fopen(path, "r")) == NULL) {
		fprintf(stderr, "congo: %s: %m\n", path);
		return 1;
	}
	/* The record's variations too: they come back as they were read. */
	rc = record_read_tree(f, path, game, &g, &tags, NULL, &notes, &tree,
	    err, sizeof err);
	fclose(f);
	if (rc != 0) {
		record_notes_free(&notes);
		record_tree_free(&tree);
		fprintf(stderr, "congo: %s\n", err);
		return 1;
	}
	ctx = search_new(&so);
	pr.tty = isatty(STDERR_FILENO);
	pr.started = util_now_ms();
	if (analyse_game(ctx, &g, &lim, show_progress, &pr, NULL, &r) != 0) {
		fprintf(stderr, _("congo: --analyse: the analysis stopped\n"));
		rc = 1;
		goto out;
	}
	session_analyse_notes(&r, &g, &notes);
	if (timed)
		snprintf(annot, sizeof annot, "congo --analyse, %d ms a "
		    "position", lim.movetime_ms);
	else
		snprintf(annot, sizeof annot, "congo --analyse, %llu nodes a "
		    "position", (unsigned long long)lim.nodes);
	record_tag_set(&tags, "Annotator", annot);
	if (outpath != NULL)
		rc = record_save_tree(outpath, &g, &tags, &notes, &tree, err,
		    sizeof err);
	else
		rc = record_write_tree(stdout, &g, &tags, &notes, &tree) != 0 ||
		    fflush(stdout) != 0 ? -1 : 0;
	if (rc != 0) {
		if (outpath == NULL)
			snprintf(err, sizeof err, _("standard output: %m"));
		fprintf(stderr, "congo: %s\n", err);
		rc = 1;
	} else
		summary(stderr, &g, &r, &notes);
	analyse_result_free(&r);
out:
	search_free(ctx);
	record_notes_free(&notes);
	record_tree_free(&tree);
	game_free(&g);
	return rc;
bad_value:
	/* The option by its name, however it was given (--nodes 0,
	 * --nodes=0, --no 0). */
	fprintf(stderr, _("congo: --analyse: --%s: %s\n"), li >= 0 ?
	    opts[li].name : "?", err);
	return 2;
}
