/*
 * match_main.c: `congo --match`: headless games between two players, for
 * people who tune or compare AIs. Reads the options, runs the games
 * (match_play.c), prints wins/draws/losses, the score and the Elo
 * difference with its 95% error bar, and can write every game in the game
 * record format.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai/match.h"
#include "ai/match_internal.h"
#include "clock/clock.h"
#include "record/record.h"
#include "util/util.h"

static volatile sig_atomic_t interrupted;
static int make_book, book_plies = 6, book_depth = 6;

static void
usage(FILE *out)
{
	fputs(
	    "Usage: congo --match PLAYER-A PLAYER-B [OPTION]...\n"
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
	    "  --help                show this help\n",
	    out);
	fprintf(out, "\nSPEC is ALGORITHM[:KEY=VALUE,...]: %s;\n",
	    search_algorithm_choices());
	fputs("keys depth, movetime (ms), nodes, hash (MB), threads, seed, level.\n"
	    "e.g. alphabeta:movetime=100  alphabeta:level=3  negamax:depth=5\n"
	    "     --engine-a src/congo --engine-b /tmp/old/congo --movetime 100\n",
	    out);
}

static int
number(const char *opt, const char *text, long long lo, long long hi,
    long long *out)
{
	long v;

	if (parse_long(text, (long)lo, (long)hi, &v, NULL, 0) != 0) {
		fprintf(stderr, "congo: --%s must be a number %lld..%lld, not "
		    "'%s'\n", opt, lo, hi, text);
		return -1;
	}
	*out = v;
	return 0;
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
		fprintf(stderr, "congo: --%s needs NAME=VALUE, not '%s'\n", opt,
		    text);
		return -1;
	}
	if (pl->noptions == MATCH_MAX_OPTIONS) {
		fprintf(stderr, "congo: at most %d --%s\n", MATCH_MAX_OPTIONS,
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
		fprintf(stderr, "congo: --sprt needs ELO0,ELO1[,ALPHA,BETA] "
		    "with ELO0 < ELO1 and 0 < ALPHA, BETA < 0.5, not '%s'\n",
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

static int
parse(int argc, char **argv, struct match_config *c)
{
	static const struct option opts[] = {
		{ "white", required_argument, NULL, 'w' },
		{ "black", required_argument, NULL, 'b' },
		{ "engine-a", required_argument, NULL, 'A' },
		{ "engine-b", required_argument, NULL, 'B' },
		{ "option-a", required_argument, NULL, 'x' },
		{ "option-b", required_argument, NULL, 'y' },
		{ "movetime", required_argument, NULL, 'T' },
		{ "nodes", required_argument, NULL, 'N' },
		{ "depth", required_argument, NULL, 'D' },
		{ "tc", required_argument, NULL, 'C' },
		{ "sprt", required_argument, NULL, 'S' },
		{ "games", required_argument, NULL, 'g' },
		{ "first-game", required_argument, NULL, 'F' },
		{ "concurrency", required_argument, NULL, 'c' },
		{ "seed", required_argument, NULL, 's' },
		{ "openings-plies", required_argument, NULL, 'o' },
		{ "max-plies", required_argument, NULL, 'm' },
		{ "quiet-plies", required_argument, NULL, 'q' },
		{ "no-repetition", no_argument, NULL, 'r' },
		{ "variant", required_argument, NULL, 'V' },
		{ "no-adjudication", no_argument, NULL, 'J' },
		{ "pgn", required_argument, NULL, 'p' },
		{ "quiet", no_argument, NULL, 'Q' },
		{ "make-book", required_argument, NULL, 'K' },
		{ "book-plies", required_argument, NULL, 'P' },
		{ "book-depth", required_argument, NULL, 'E' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	static const struct game_rules defrules = GAME_RULES_DEFAULT;
	bool have[2] = { false, false };
	char err[256];
	long long v;
	int ch, p;

	memset(c, 0, sizeof *c);
	c->games = 2;
	c->concurrency = 1;
	c->seed = 1;
	c->opening_plies = 0;
	c->max_plies = 400;
	c->rules = defrules;
	c->margin_ms = 1000;
	c->adjudicate = true;
	optind = 0;     /* (re)start getopt: main.c has read argv[1] */
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (ch) {
		case 'w':
		case 'b':
			p = ch == 'w' ? 0 : 1;
			if (have[p]) {
				fprintf(stderr, "congo: --match: player %c is "
				    "given twice\n", "AB"[p]);
				return -1;
			}
			if (search_player_parse(optarg, &c->player[p].sp, err,
			    sizeof err) != 0) {
				fprintf(stderr, "congo: --%s: %s\n",
				    ch == 'w' ? "white" : "black", err);
				return -1;
			}
			snprintf(c->player[p].name, sizeof c->player[p].name,
			    "%s", optarg);
			have[p] = true;
			break;
		case 'A':
		case 'B':
			p = ch == 'A' ? 0 : 1;
			if (have[p]) {
				fprintf(stderr, "congo: --match: player %c is "
				    "given twice\n", "AB"[p]);
				return -1;
			}
			c->player[p].external = true;
			c->player[p].path = optarg;
			have[p] = true;
			break;
		case 'x':
		case 'y':
			if (add_option(&c->player[ch == 'x' ? 0 : 1],
			    ch == 'x' ? "option-a" : "option-b", optarg) != 0)
				return -1;
			break;
		case 'T':
			if (number("movetime", optarg, 1, 3600000, &v) != 0)
				return -1;
			c->tc = MATCH_TC_MOVETIME;
			c->movetime_ms = v;
			break;
		case 'N':
			if (number("nodes", optarg, 1, 1000000000000LL, &v) != 0)
				return -1;
			c->tc = MATCH_TC_NODES;
			c->nodes = v;
			break;
		case 'D':
			if (number("depth", optarg, 1, SEARCH_MAX_DEPTH, &v) != 0)
				return -1;
			c->tc = MATCH_TC_DEPTH;
			c->depth = v;
			break;
		case 'C':
			if (clock_parse_minutes(optarg, &c->base_ms, &c->inc_ms,
			    err, sizeof err) != 0) {
				fprintf(stderr, "congo: --tc: %s\n", err);
				return -1;
			}
			c->tc = MATCH_TC_CLOCK;
			break;
		case 'S':
			if (parse_sprt(optarg, c) != 0)
				return -1;
			break;
		case 'g':
			if (number("games", optarg, 1, 1000000, &v) != 0)
				return -1;
			c->games = (int)v;
			break;
		case 'F':
			if (number("first-game", optarg, 1, 1000000, &v) != 0)
				return -1;
			if (v % 2 == 0) {
				fprintf(stderr, "congo: --first-game: %lld is "
				    "even; a pair of games (one opening, both "
				    "colours) starts at an odd game\n", v);
				return -1;
			}
			c->first_game = (int)v - 1;
			break;
		case 'c':
			if (number("concurrency", optarg, 1, 64, &v) != 0)
				return -1;
			c->concurrency = (int)v;
			break;
		case 's':
			if (number("seed", optarg, 0, INT64_MAX, &v) != 0)
				return -1;
			c->seed = (uint64_t)v;
			break;
		case 'o':
			if (number("openings-plies", optarg, 0, 40, &v) != 0)
				return -1;
			c->opening_plies = (int)v;
			break;
		case 'm':
			if (number("max-plies", optarg, 1, 100000, &v) != 0)
				return -1;
			c->max_plies = (int)v;
			break;
		case 'q':
			if (number("quiet-plies", optarg, 0, 100000, &v) != 0)
				return -1;
			c->rules.quiet_plies = (int)v;
			break;
		case 'r':
			c->rules.repetition = false;
			break;
		case 'V':
			if ((c->variant = variant_parse(optarg)) < 0) {
				fprintf(stderr, "congo: --variant must be congo "
				    "or megapawn, not '%s'\n", optarg);
				return -1;
			}
			break;
		case 'J':
			c->adjudicate = false;
			break;
		case 'p':
			c->pgn = optarg;
			break;
		case 'Q':
			c->quiet = true;
			break;
		case 'K':
			if (number("make-book", optarg, 1, 100000, &v) != 0)
				return -1;
			make_book = (int)v;
			break;
		case 'P':
			if (number("book-plies", optarg, 1, 40, &v) != 0)
				return -1;
			book_plies = (int)v;
			break;
		case 'E':
			if (number("book-depth", optarg, 1, SEARCH_MAX_DEPTH,
			    &v) != 0)
				return -1;
			book_depth = (int)v;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			if (optopt != 0)
				fprintf(stderr, "congo: --match: option '%s' "
				    "needs a value\n", argv[optind - 1]);
			else
				fprintf(stderr, "congo: --match: unknown "
				    "option '%s'\n", argv[optind - 1]);
			fputs("Try 'congo --match --help'.\n", stderr);
			return -1;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "congo: --match: unexpected argument '%s'\n",
		    argv[optind]);
		return -1;
	}
	if (make_book > 0)
		return 0;
	if (!have[0] || !have[1]) {
		fprintf(stderr, "congo: --match needs player A (--white or "
		    "--engine-a) and player B (--black or --engine-b) (see "
		    "'congo --match --help')\n");
		return -1;
	}
	for (p = 0; p < 2; p++) {
		struct match_player *pl = &c->player[p];

		if (!pl->external && pl->noptions > 0) {
			fprintf(stderr, "congo: --option-%c is for an engine "
			    "program (--engine-%c)\n", "ab"[p], "ab"[p]);
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
		if (mg->time_loss)
			record_tag_set(&tags, "Termination", "time forfeit");
		if (n > 0)
			fputc('\n', f);
		if (record_write(f, &mg->g, &tags) != 0)
			break;
		n++;
	}
	if (fclose(f) != 0 || n != m->finished) {
		fprintf(stderr, "congo: %s: could not write every game\n",
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

/* Game pairs (same opening, colours swapped) both played. */
static int
count_pairs(const struct match *m, int pairs[5])
{
	int k, n = 0;

	memset(pairs, 0, 5 * sizeof *pairs);
	for (k = 0; 2 * k + 1 < m->cfg.games; k++) {
		const struct match_game *a = &m->game[2 * k];
		const struct match_game *b = &m->game[2 * k + 1];

		if (!a->done || !b->done)
			continue;
		pairs[(int)((a->a_score + b->a_score) * 2 + 0.5)]++;
		n++;
	}
	return n;
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
	int pairs[5], npairs;
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
	npairs = count_pairs(m, pairs);
	if (npairs > 0) {
		printf("Pairs (A's score 0, 1/2, 1, 3/2, 2): %d %d %d %d %d\n",
		    pairs[0], pairs[1], pairs[2], pairs[3], pairs[4]);
		finite = match_elo_pairs(pairs, &elo, &err);
		print_elo("pairs", finite, elo, err, 2 * npairs);
	}
	if (c->sprt) {
		double lo, hi, llr = match_sprt_llr(m->win, m->draw, m->loss,
		    c->elo0, c->elo1);

		match_sprt_bounds(c->alpha, c->beta, &lo, &hi);
		printf("SPRT elo0 %g elo1 %g alpha %g beta %g: LLR %.2f "
		    "(%.2f, %.2f): %s\n", c->elo0, c->elo1, c->alpha, c->beta,
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
describe(const struct match_config *c)
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
	printf("Match%s%s: A = %s, B = %s; %d games, %s, concurrency %d, ",
	    c->variant ? " " : "", c->variant ? variant_name(c->variant) : "",
	    c->player[0].name, c->player[1].name, c->games, tc,
	    c->concurrency);
	if (c->first_game > 0)
		printf("games %d-%d, ", c->first_game + 1,
		    c->first_game + c->games);
	if (c->opening_plies > 0)
		printf("random openings of %d plies (seed %llu)",
		    c->opening_plies, (unsigned long long)c->seed);
	else
		printf("book of %d openings", match_book_size());
	printf(", max %d plies\n", c->max_plies);
}

int
match_main(int argc, char **argv)
{
	struct match m;
	struct sigaction sa;
	struct timespec ts;
	char err[256];
	int i, rc = 0;

	memset(&m, 0, sizeof m);
	if (parse(argc, argv, &m.cfg) != 0)
		return 2;
	/* The book holds Congo openings: another variant starts from its own
	 * position with seeded random openings instead. */
	if (m.cfg.variant != VARIANT_CONGO && m.cfg.opening_plies == 0)
		m.cfg.opening_plies = 4;
	if (make_book > 0)
		return match_book_make(make_book, book_plies, m.cfg.seed,
		    book_depth) == 0 ? 0 : 1;
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
		describe(&m.cfg);
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
	pthread_mutex_destroy(&m.lock);
	if (rc == 0 && (m.errors > 0 || interrupted))
		rc = 1;
	return rc;
}
