/*
 * cli_match.c: `congo --match`: headless games between two players, for
 * people who tune or compare AIs. Reads the options (one table, cli.h),
 * runs the games (src/ai's match runner), prints wins/draws/losses, the
 * score and the Elo difference with its 95% error bar, and can write every
 * game in the game record format.
 */

#include <errno.h>
#include <stddef.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai/match.h"
#include "cli/cli.h"
#include "clock/clock.h"
#include "record/record.h"
#include "util/i18n.h"
#include "util/util.h"

static volatile sig_atomic_t interrupted;

static void
usage(FILE *out)
{
	fputs(
	    _("Usage: congo --match PLAYER-A PLAYER-B [OPTION]...\n"
	    "Play two AIs or engine programs against each other without a "
	    "screen.\n"
	    "\n"
	    "Players (one of each pair for A and for B):\n"
	    "  --white SPEC          player A, an AI of this program (White in\n"
	    "                        odd-numbered games)\n"
	    "  --black SPEC          player B, an AI of this program\n"
	    "  --engine-a PATH       player A, an engine program run as\n"
	    "                        'PATH --engine' (the Congo engine protocol)\n"
	    "  --engine-b PATH       player B, an engine program\n"
	    "  --option-a NAME=VALUE send 'setoption name NAME value VALUE' to\n"
	    "  --option-b NAME=VALUE engine A/B (repeatable; e.g. Level=3)\n"
	    "\n"
	    "Time for each move, the same for both (default: the players' own\n"
	    "limits, and movetime 1000 for an engine program):\n"
	    "  --movetime MS         go movetime MS\n"
	    "  --nodes N             go nodes N\n"
	    "  --depth N             go depth N\n"
	    "  --tc M+S              a clock: M minutes each plus S seconds a move\n"
	    "                        (the runner keeps the clocks; too slow loses)\n"
	    "\n"
	    "  --games N             games to play (default 2); game 2k-1 and 2k\n"
	    "                        play opening k with colours swapped\n"
	    "  --first-game N        number the games from N (odd): play the\n"
	    "                        games N, N+1... of a longer match, the\n"
	    "                        same openings and colours (default 1)\n"
	    "  --concurrency N       games at once (default 1)\n"
	    "  --sprt ELO0,ELO1[,ALPHA,BETA]\n"
	    "                        stop as soon as the sequential probability\n"
	    "                        ratio test decides H0 (A is ELO0 better) or\n"
	    "                        H1 (ELO1); alpha and beta default to 0.05\n"
	    "  --openings-plies N    random openings of N plies instead of the\n"
	    "                        built-in book of balanced openings\n"
	    "  --seed N              seed of the random openings (default 1)\n"
	    "  --max-plies N         a game longer than this (after the opening)\n"
	    "                        is adjudicated a draw (default 400)\n"
	    "  --quiet-plies N       the quiet-moves draw rule, 0 off (default 200)\n"
	    "  --no-repetition       no draw by third repetition (megapawn: no\n"
	    "                        loss by repetition)\n"
	    "  --variant V           congo (default) or megapawn\n"
	    "  --no-adjudication     play every game to its end (by default a\n"
	    "                        game is adjudicated when both players'\n"
	    "                        scores agree: a draw after ply 100 when both\n"
	    "                        gave |score| <= 15 for 12 plies, a win when\n"
	    "                        both gave 800 or more for one side for 6)\n"
	    "  --pgn FILE            write every game to FILE (game record format)\n"
	    "  --quiet               no line per game, only the result\n"
	    "  --make-book N         print N balanced openings for the book and\n"
	    "                        exit (--book-plies P, default 6; checked by\n"
	    "                        a search of --book-depth D, default 6)\n"
	    "  --help                show this help\n"),
	    out);
	fputs(_("  --book FILE           the openings of FILE (one a line, the moves\n"
	    "                        from the start: congo --make-book writes\n"
	    "                        them) instead of the built-in book\n"), out);
	fprintf(out, _("\nSPEC is ALGORITHM[:KEY=VALUE,...]: %s;\n"),
	    search_algorithm_choices());
	fputs(_("keys depth, movetime (ms), nodes, hash (MB), threads, seed, level.\n"
	    "e.g. alphabeta:movetime=100  alphabeta:level=3  negamax:depth=5\n"
	    "     --engine-a src/congo --engine-b /tmp/old/congo --movetime 100\n"),
	    out);
}

static void
on_signal(int sig)
{
	(void)sig;
	atomic_store(&match_stop, 1);
	interrupted = 1;
}

static int
add_option(struct match_player *pl, const char *opt, const char *text)
{
	const char *eq = strchr(text, '=');

	if (eq == NULL || eq == text || strchr(text, '\n') != NULL) {
		fprintf(stderr, _("congo: --%s needs NAME=VALUE, not '%s'\n"), opt,
		    text);
		return -1;
	}
	if (pl->noptions == MATCH_MAX_OPTIONS) {
		fprintf(stderr, _("congo: at most %d --%s\n"), MATCH_MAX_OPTIONS,
		    opt);
		return -1;
	}
	pl->option[pl->noptions++] = text;
	return 0;
}

static int
parse_sprt(const char *text, struct match_config *c)
{
	double v[4] = { 0, 0, 0.05, 0.05 };
	size_t len = strlen(text);
	char buf[128], *f, *save = NULL;
	bool ok = len > 0 && len < sizeof buf && text[0] != ',' &&
	    text[len - 1] != ',' && strstr(text, ",,") == NULL;
	int n = 0;

	snprintf(buf, sizeof buf, "%s", text);
	for (f = strtok_r(buf, ",", &save); ok && f != NULL;
	    f = strtok_r(NULL, ",", &save)) {
		if (n == 4 || parse_double(f, -1e6, 1e6, &v[n], NULL, 0) != 0)
			ok = false;
		else
			n++;
	}
	if (!ok ||
	    (n != 2 && n != 4) || v[0] >= v[1] || v[2] <= 0 || v[2] >= 0.5 ||
	    v[3] <= 0 || v[3] >= 0.5) {
		fprintf(stderr, _("congo: --sprt needs ELO0,ELO1[,ALPHA,BETA] "
		    "with ELO0 < ELO1 and 0 < ALPHA, BETA < 0.5, not '%s'\n"),
		    text);
		return -1;
	}
	c->sprt = true;
	c->elo0 = v[0];
	c->elo1 = v[1];
	c->alpha = v[2];
	c->beta = v[3];
	return 0;
}

/* The name of an engine player: its path and its options. */
static void
name_engine(struct match_player *pl)
{
	size_t len;
	int i;

	len = (size_t)snprintf(pl->name, sizeof pl->name, "%s", pl->path);
	for (i = 0; i < pl->noptions && len < sizeof pl->name; i++)
		len += (size_t)snprintf(pl->name + len, sizeof pl->name - len,
		    "%s%s", i == 0 ? ":" : ",", pl->option[i]);
}

/* What the options set: the match's configuration and the book maker's. */
struct match_cli {
	struct match_config c;
	bool have[2];                     /* player A, B given */
	const char *book;                 /* --book FILE */
	int make_book, book_plies, book_depth;
};

enum { T_WHITE, T_BLACK, T_ENGINE_A, T_ENGINE_B, T_OPTION_A, T_OPTION_B,
	T_MOVETIME, T_NODES, T_DEPTH, T_TC, T_SPRT, T_FIRST_GAME, T_VARIANT };

static int
player_opt(struct match_cli *x, const struct cli_opt *o, const char *v)
{
	int p = o->tag == T_WHITE || o->tag == T_ENGINE_A ? 0 : 1;
	char err[256];

	if (x->have[p]) {
		fprintf(stderr, _("congo: --match: player %c is given twice\n"),
		    "AB"[p]);
		return -1;
	}
	if (o->tag == T_ENGINE_A || o->tag == T_ENGINE_B) {
		x->c.player[p].external = true;
		x->c.player[p].path = v;
	} else {
		if (search_player_parse(v, &x->c.player[p].sp, err,
		    sizeof err) != 0) {
			fprintf(stderr, "congo: --%s: %s\n", o->name, err);
			return -1;
		}
		snprintf(x->c.player[p].name, sizeof x->c.player[p].name, "%s",
		    v);
	}
	x->have[p] = true;
	return 0;
}

/* The options that are more than a value stored: one reading each. */
static int
call_opt(void *ctx, const struct cli_opt *o, const char *v)
{
	struct match_cli *x = ctx;
	struct match_config *c = &x->c;
	static const struct { long hi; enum match_tc tc; } limit[] = {
		[T_MOVETIME - T_MOVETIME] = { 3600000, MATCH_TC_MOVETIME },
		[T_NODES - T_MOVETIME] = { 1000000000000L, MATCH_TC_NODES },
		[T_DEPTH - T_MOVETIME] = { SEARCH_MAX_DEPTH, MATCH_TC_DEPTH },
	};
	char err[256];
	long n;

	switch (o->tag) {
	case T_WHITE:
	case T_BLACK:
	case T_ENGINE_A:
	case T_ENGINE_B:
		return player_opt(x, o, v);
	case T_OPTION_A:
	case T_OPTION_B:
		return add_option(&c->player[o->tag == T_OPTION_A ? 0 : 1],
		    o->name, v);
	case T_MOVETIME:
	case T_NODES:
	case T_DEPTH:
		if (parse_long(v, 1, limit[o->tag - T_MOVETIME].hi, &n, NULL,
		    0) != 0) {
			fprintf(stderr, _("congo: --%s must be a number 1..%ld, "
			    "not '%s'\n"), o->name, limit[o->tag - T_MOVETIME].hi,
			    v);
			return -1;
		}
		c->tc = limit[o->tag - T_MOVETIME].tc;
		if (o->tag == T_MOVETIME)
			c->movetime_ms = n;
		else if (o->tag == T_NODES)
			c->nodes = n;
		else
			c->depth = n;
		return 0;
	case T_TC:
		if (clock_parse_minutes(v, &c->base_ms, &c->inc_ms, err,
		    sizeof err) != 0) {
			fprintf(stderr, _("congo: --tc: %s\n"), err);
			return -1;
		}
		c->tc = MATCH_TC_CLOCK;
		return 0;
	case T_SPRT:
		return parse_sprt(v, c);
	case T_FIRST_GAME:
		if (parse_long(v, 1, 1000000, &n, NULL, 0) != 0) {
			fprintf(stderr, _("congo: --first-game must be a number "
			    "1..1000000, not '%s'\n"), v);
			return -1;
		}
		if (n % 2 == 0) {
			fprintf(stderr, _("congo: --first-game: %ld is even; a "
			    "pair of games (one opening, both colours) starts "
			    "at an odd game\n"), n);
			return -1;
		}
		c->first_game = (int)n - 1;
		return 0;
	case T_VARIANT:
		if ((c->variant = variant_parse(v)) < 0) {
			fprintf(stderr, _("congo: --variant must be congo or "
			    "megapawn, not '%s'\n"), v);
			return -1;
		}
		return 0;
	}
	return -1;
}

#define X(f) offsetof(struct match_cli, f)
#define CALL(name, tag) { name, CLI_CALL, 0, 0, 0, call_opt, tag, 1 }
static const struct cli_opt match_opts[] = {
	CALL("white", T_WHITE),
	CALL("black", T_BLACK),
	CALL("engine-a", T_ENGINE_A),
	CALL("engine-b", T_ENGINE_B),
	CALL("option-a", T_OPTION_A),
	CALL("option-b", T_OPTION_B),
	CALL("movetime", T_MOVETIME),
	CALL("nodes", T_NODES),
	CALL("depth", T_DEPTH),
	CALL("tc", T_TC),
	CALL("sprt", T_SPRT),
	{ "games", CLI_INT, X(c.games), 1, 1000000, NULL, 0, 0 },
	CALL("first-game", T_FIRST_GAME),
	{ "concurrency", CLI_INT, X(c.concurrency), 1, 64, NULL, 0, 0 },
	{ "seed", CLI_I64, X(c.seed), 0, INT64_MAX, NULL, 0, 0 },
	{ "openings-plies", CLI_INT, X(c.opening_plies), 0, 40, NULL, 0, 0 },
	{ "max-plies", CLI_INT, X(c.max_plies), 1, 100000, NULL, 0, 0 },
	{ "quiet-plies", CLI_INT, X(c.rules.quiet_plies), 0, 100000, NULL, 0,
	    0 },
	{ "no-repetition", CLI_UNFLAG, X(c.rules.repetition), 0, 0, NULL, 0,
	    0 },
	CALL("variant", T_VARIANT),
	{ "no-adjudication", CLI_UNFLAG, X(c.adjudicate), 0, 0, NULL, 0, 0 },
	{ "pgn", CLI_STR, X(c.pgn), 0, 0, NULL, 0, 0 },
	{ "book", CLI_STR, X(book), 0, 0, NULL, 0, 0 },
	{ "quiet", CLI_FLAG, X(c.quiet), 0, 0, NULL, 0, 0 },
	{ "make-book", CLI_INT, X(make_book), 1, 100000, NULL, 0, 0 },
	{ "book-plies", CLI_INT, X(book_plies), 1, 40, NULL, 0, 0 },
	{ "book-depth", CLI_INT, X(book_depth), 1, SEARCH_MAX_DEPTH, NULL, 0,
	    0 },
	{ "help", CLI_HELP, 0, 0, 0, NULL, 0, 0 },
	CLI_END
};
#undef CALL
#undef X

static int
parse(int argc, char **argv, struct match_cli *x)
{
	static const struct cli_mode mode = { "match", match_opts, usage, 0 };
	struct match_config *c = &x->c;
	int p, rc;

	*x = (struct match_cli){
		.c = {
			.games = 2,
			.concurrency = 1,
			.seed = 1,
			.opening_plies = 0,
			.max_plies = 400,
			.rules = GAME_RULES_DEFAULT,
			.margin_ms = 1000,
			.adjudicate = true,
		},
		.book_plies = 6,
		.book_depth = 6,
	};
	if ((rc = cli_parse(&mode, argc, argv, x, NULL)) != 0)
		return rc;
	if (x->make_book > 0)
		return 0;
	if (!x->have[0] || !x->have[1]) {
		fprintf(stderr, _("congo: --match needs player A (--white or "
		    "--engine-a) and player B (--black or --engine-b) (see "
		    "'congo --match --help')\n"));
		return -1;
	}
	for (p = 0; p < 2; p++) {
		struct match_player *pl = &c->player[p];

		if (!pl->external && pl->noptions > 0) {
			fprintf(stderr, _("congo: --option-%c is for an engine "
			    "program (--engine-%c)\n"), "ab"[p], "ab"[p]);
			return -1;
		}
		if (pl->external) {
			name_engine(pl);
			if (c->tc == MATCH_TC_PLAYER) {
				c->tc = MATCH_TC_MOVETIME;
				c->movetime_ms = 1000;
			}
		}
	}
	return 0;
}

static int
write_games(const struct match *m)
{
	const struct match_config *c = &m->cfg;
	FILE *f = fopen(c->pgn, "w");
	int i, n = 0;

	if (f == NULL) {
		fprintf(stderr, "congo: %s: %s\n", c->pgn, strerror(errno));
		return -1;
	}
	for (i = 0; i < c->games; i++) {
		const struct match_game *mg = &m->game[i];
		struct record_tags tags;
		struct game g;
		char round[32];

		if (!mg->done)
			continue;
		record_tags_default(&tags,
		    c->player[mg->a_white ? 0 : 1].name,
		    c->player[mg->a_white ? 1 : 0].name);
		record_tag_set(&tags, "Event", "congo --match");
		snprintf(round, sizeof round, "%d", MATCH_GAME_NO(m, i));
		record_tag_set(&tags, "Round", round);
		if (mg->adjudicated)
			record_tag_set(&tags, "Adjudication",
			    mg->plies - mg->opening_plies >= c->max_plies ?
			    "max-plies" : "scores");
		/* the ending as the record keeps it: not the resignation
		 * the match played it as (issue 57) */
		g = mg->g;
		if (mg->adjudicated && !game_reason_by_rules(g.reason))
			g.reason = REASON_ADJUDICATED;
		else if (mg->time_loss && g.reason == REASON_RESIGN)
			g.reason = REASON_TIME;
		if (n > 0)
			fputc('\n', f);
		if (record_write(f, &g, &tags) != 0)
			break;
		n++;
	}
	if (fclose(f) != 0 || n != m->finished) {
		fprintf(stderr, _("congo: %s: could not write every game\n"),
		    c->pgn);
		return -1;
	}
	printf("Games written to %s\n", c->pgn);
	return 0;
}

static void
print_elo(const char *what, bool finite, double elo, double err, int n)
{
	if (finite) {
		printf("Elo difference (%s): %+.1f +/- %.1f (95%%)\n", what, elo,
		    err);
	} else {
		/* every game won (or lost): the one-sided 95% bound of the
		 * per-game win rate is 0.05^(1/n) */
		double bound = match_elo(pow(0.05, 1.0 / n));

		printf("Elo difference (%s): %sinf (at %s %+.0f, 95%%)\n", what,
		    elo > 0 ? "+" : "-", elo > 0 ? "least" : "most",
		    elo > 0 ? bound : -bound);
	}
}

/* The pairs, as fastchess reports them: the pentanomial counts, Elo
 * with its error bar, normalized Elo, the likelihood of superiority. */
static void
print_pairs(const struct match *m)
{
	int pairs[5], npairs = match_pairs(m, pairs);
	double elo, err, nelo, nerr, los;
	bool finite;

	if (npairs == 0)
		return;
	printf("Pairs (A's score 0, 1/2, 1, 3/2, 2): %d %d %d %d %d\n",
	    pairs[0], pairs[1], pairs[2], pairs[3], pairs[4]);
	printf("Ptnml(0-2): [%d, %d, %d, %d, %d], pairs %d\n", pairs[0],
	    pairs[1], pairs[2], pairs[3], pairs[4], npairs);
	finite = match_elo_pairs(pairs, &elo, &err);
	print_elo("pairs", finite, elo, err, 2 * npairs);
	if (match_pairs_normalized(pairs, &nelo, &nerr, &los))
		printf("nElo (pairs): %+.1f +/- %.1f (95%%), LOS %.1f%%\n",
		    nelo, nerr, 100.0 * los);
}

static void
print_times(const struct match *m)
{
	static const char *const phase[MATCH_PHASES] = {
		"opening", "middlegame", "endgame"
	};
	int p, ph;

	for (p = 0; p < 2; p++) {
		printf("Time per move of %c:", "AB"[p]);
		for (ph = 0; ph < MATCH_PHASES; ph++)
			printf(" %s %.0f ms (%d)%s", phase[ph],
			    m->phase_moves[p][ph] > 0 ? m->phase_ms[p][ph] /
			    m->phase_moves[p][ph] : 0.0, m->phase_moves[p][ph],
			    ph + 1 < MATCH_PHASES ? "," : "\n");
	}
}

static void
summary(const struct match *m)
{
	const struct match_config *c = &m->cfg;
	int n = m->win + m->draw + m->loss;
	int bw = m->win - m->white_win, bd = m->draw - m->white_draw;
	int bl = m->loss - m->white_loss;
	double elo, err, secs;
	bool finite;
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	secs = ((double)ts.tv_sec * 1e9 + (double)ts.tv_nsec -
	    (double)m->start_ns) / 1e9;
	printf("\nA = %s\nB = %s\n%d game%s%s\n", c->player[0].name,
	    c->player[1].name, n, n == 1 ? "" : "s",
	    interrupted ? " (interrupted)" : "");
	if (n == 0)
		return;
	printf("Wins %d, draws %d, losses %d (for A)\n", m->win, m->draw,
	    m->loss);
	printf("As White: +%d =%d -%d; as Black: +%d =%d -%d\n",
	    m->white_win, m->white_draw, m->white_loss, bw, bd, bl);
	printf("Score: %.1f/%d = %.1f%%\n", m->win + 0.5 * m->draw, n,
	    100.0 * (m->win + 0.5 * m->draw) / n);
	finite = match_elo_interval(m->win, m->draw, m->loss, &elo, &err);
	print_elo("games", finite, elo, err, n);
	{
		int undone[2], moves[2];

		match_undone(m, undone, moves);
		printf("Moves undone two plies later: A %d/%d = %.1f%%, "
		    "B %d/%d = %.1f%%\n", undone[0], moves[0], moves[0] > 0 ?
		    100.0 * undone[0] / moves[0] : 0.0, undone[1], moves[1],
		    moves[1] > 0 ? 100.0 * undone[1] / moves[1] : 0.0);
	}
	print_pairs(m);
	if (c->sprt) {
		double lo, hi, llr = match_sprt_llr_now(m);

		match_sprt_bounds(c->alpha, c->beta, &lo, &hi);
		printf("SPRT (%s) elo0 %g elo1 %g alpha %g beta %g: LLR %.2f "
		    "(%.2f, %.2f): %s\n", c->games >= 2 ? "pentanomial" :
		    "trinomial", c->elo0, c->elo1, c->alpha, c->beta,
		    llr, lo, hi, m->sprt_result > 0 ? "H1 accepted" :
		    m->sprt_result < 0 ? "H0 accepted" : "continue");
	}
	if (c->tc == MATCH_TC_CLOCK)
		printf("Time losses: A %d, B %d\n", m->time_losses[0],
		    m->time_losses[1]);
	print_times(m);
	if (m->errors > 0)
		printf("Errors: %d game%s ended by a bad move (see above)\n",
		    m->errors, m->errors == 1 ? "" : "s");
	printf("Time: %.0f s\n", secs);
}

static void
describe(const struct match_config *c, const char *book_path)
{
	char tc[64];

	switch (c->tc) {
	case MATCH_TC_MOVETIME:
		snprintf(tc, sizeof tc, "movetime %lld ms",
		    (long long)c->movetime_ms);
		break;
	case MATCH_TC_NODES:
		snprintf(tc, sizeof tc, "%lld nodes", (long long)c->nodes);
		break;
	case MATCH_TC_DEPTH:
		snprintf(tc, sizeof tc, "depth %lld", (long long)c->depth);
		break;
	case MATCH_TC_CLOCK:
		clock_format_control(c->base_ms, c->inc_ms, tc, sizeof tc);
		strcat(tc, " s");
		break;
	default:
		snprintf(tc, sizeof tc, "the players' own limits");
		break;
	}
	printf("Match%s%s: A = %s, B = %s; %d game%s, %s, concurrency %d, ",
	    c->variant ? " " : "", c->variant ? variant_name(c->variant) : "",
	    c->player[0].name, c->player[1].name, c->games,
	    c->games == 1 ? "" : "s", tc,
	    c->concurrency);
	if (c->first_game > 0)
		printf("games %d-%d, ", c->first_game + 1,
		    c->first_game + c->games);
	if (c->book != NULL)
		printf("book of %d openings from %s", c->book->n, book_path);
	else if (c->opening_plies > 0)
		printf("random openings of %d pl%s (seed %llu)",
		    c->opening_plies, c->opening_plies == 1 ? "y" : "ies", (unsigned long long)c->seed);
	else
		printf("book of %d openings", match_book_size());
	printf(", max %d plies\n", c->max_plies);
}

int
cli_match_main(int argc, char **argv)
{
	struct match m;
	struct match_cli x;
	struct match_book book = { NULL, 0, 0 };
	struct sigaction sa;
	struct timespec ts;
	char err[256];
	int i, rc;

	memset(&m, 0, sizeof m);
	if ((rc = parse(argc, argv, &x)) != 0)
		return rc > 0 ? 0 : 2;
	m.cfg = x.c;
	/* The book holds Congo openings: another variant starts from its own
	 * position with seeded random openings instead. */
	if (m.cfg.variant != VARIANT_CONGO && m.cfg.opening_plies == 0 &&
	    x.book == NULL)
		m.cfg.opening_plies = 4;
	if (x.make_book > 0)
		return match_book_make(x.make_book, x.book_plies, m.cfg.seed,
		    x.book_depth) == 0 ? 0 : 1;
	if (x.book != NULL) {
		if (m.cfg.opening_plies > 0) {
			fprintf(stderr, _("congo: --book and --openings-plies "
			    "are two ways to open the games: give one\n"));
			return 2;
		}
		if (match_book_load(x.book, m.cfg.variant, &m.cfg.rules, &book,
		    err, sizeof err) != 0) {
			fprintf(stderr, _("congo: bad book: %s\n"), err);
			return 1;
		}
		m.cfg.book = &book;
	}
	for (i = 0; i < match_book_size(); i++) {
		struct game g;

		if (match_book_play(i, &m.cfg.rules, &g, err, sizeof err) != 0) {
			fprintf(stderr, "congo: broken book: %s\n", err);
			return 1;
		}
		game_free(&g);
	}
	m.game = xcalloc((size_t)m.cfg.games, sizeof *m.game);
	pthread_mutex_init(&m.lock, NULL);
	atomic_store(&match_stop, 0);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);   /* an engine that died: see read */
	clock_gettime(CLOCK_MONOTONIC, &ts);
	m.start_ns = (uint64_t)ts.tv_sec * 1000000000ULL +
	    (uint64_t)ts.tv_nsec;
	if (!m.cfg.quiet)
		describe(&m.cfg, x.book);
	fflush(stdout);
	if (match_run(&m) != 0)
		rc = 1;
	summary(&m);
	if (m.cfg.pgn != NULL && write_games(&m) != 0)
		rc = 1;
	for (i = 0; i < m.cfg.games; i++)
		if (m.game[i].g.pos != NULL)
			game_free(&m.game[i].g);
	free(m.game);
	match_book_free(&book);
	pthread_mutex_destroy(&m.lock);
	if (rc == 0 && (m.errors > 0 || interrupted))
		rc = 1;
	return rc;
}
