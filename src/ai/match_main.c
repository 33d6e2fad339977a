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
#include "record/record.h"
#include "util/util.h"

static void
usage(FILE *out)
{
	fputs(
	    "Usage: congo --match --white PLAYER --black PLAYER [OPTION]...\n"
	    "Play two AIs against each other without a screen.\n"
	    "\n"
	    "  --white PLAYER        player A (White in odd-numbered games)\n"
	    "  --black PLAYER        player B (colours swap every game)\n"
	    "  --games N             games to play (default 2)\n"
	    "  --concurrency N       games at once (default 1)\n"
	    "  --seed N              seed of the random openings (default 1)\n"
	    "  --openings-plies N    random plies before the players start (default 4)\n"
	    "  --max-plies N         a game longer than this (after the opening)\n"
	    "                        is adjudicated a draw (default 400)\n"
	    "  --quiet-plies N       the quiet-moves draw rule, 0 off (default 200)\n"
	    "  --no-repetition       no draw by third repetition (megapawn: no\n"
	    "                        loss by repetition)\n"
	    "  --variant V           congo (default) or megapawn\n"
	    "  --pgn FILE            write every game to FILE (game record format)\n"
	    "  --quiet               no line per game, only the result\n"
	    "  --help                show this help\n"
	    "\n"
	    "PLAYER is ALGORITHM[:KEY=VALUE,...]: alphabeta, negamax or random;\n"
	    "keys depth, movetime (ms), nodes, hash (MB), threads, seed.\n"
	    "e.g. alphabeta:movetime=100  negamax:depth=5  random:seed=3\n",
	    out);
}

static int
number(const char *opt, const char *text, long long lo, long long hi,
    long long *out)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(text, &end, 10);
	if (*text == '\0' || *end != '\0' || errno != 0 || v < lo || v > hi) {
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
	match_interrupted = 1;
}

static int
parse(int argc, char **argv, struct match_config *c)
{
	static const struct option opts[] = {
		{ "white", required_argument, NULL, 'w' },
		{ "black", required_argument, NULL, 'b' },
		{ "games", required_argument, NULL, 'g' },
		{ "concurrency", required_argument, NULL, 'c' },
		{ "seed", required_argument, NULL, 's' },
		{ "openings-plies", required_argument, NULL, 'o' },
		{ "max-plies", required_argument, NULL, 'm' },
		{ "quiet-plies", required_argument, NULL, 'q' },
		{ "no-repetition", no_argument, NULL, 'r' },
		{ "variant", required_argument, NULL, 'V' },
		{ "pgn", required_argument, NULL, 'p' },
		{ "quiet", no_argument, NULL, 'Q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	static const struct game_rules defrules = GAME_RULES_DEFAULT;
	bool have[2] = { false, false };
	char err[256];
	long long v;
	int ch;

	memset(c, 0, sizeof *c);
	c->games = 2;
	c->concurrency = 1;
	c->seed = 1;
	c->opening_plies = 4;
	c->max_plies = 400;
	c->rules = defrules;
	optind = 0;     /* (re)start getopt: main.c has read argv[1] */
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (ch) {
		case 'w':
		case 'b':
			if (search_player_parse(optarg,
			    &c->player[ch == 'w' ? 0 : 1], err,
			    sizeof err) != 0) {
				fprintf(stderr, "congo: --%s: %s\n",
				    ch == 'w' ? "white" : "black", err);
				return -1;
			}
			have[ch == 'w' ? 0 : 1] = true;
			break;
		case 'g':
			if (number("games", optarg, 1, 1000000, &v) != 0)
				return -1;
			c->games = (int)v;
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
		case 'p':
			c->pgn = optarg;
			break;
		case 'Q':
			c->quiet = true;
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
	if (!have[0] || !have[1]) {
		fprintf(stderr, "congo: --match needs --white and --black "
		    "players (see 'congo --match --help')\n");
		return -1;
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
		    c->player[mg->a_white ? 0 : 1].text,
		    c->player[mg->a_white ? 1 : 0].text);
		record_tag_set(&tags, "Event", "congo --match");
		snprintf(round, sizeof round, "%d", i + 1);
		record_tag_set(&tags, "Round", round);
		if (mg->adjudicated)
			record_tag_set(&tags, "Adjudication", "max-plies");
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
summary(const struct match *m)
{
	const struct match_config *c = &m->cfg;
	int n = m->win + m->draw + m->loss;
	int bw = m->win - m->white_win, bd = m->draw - m->white_draw;
	int bl = m->loss - m->white_loss;
	double elo, err, secs;
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	secs = ((double)ts.tv_sec * 1e9 + (double)ts.tv_nsec -
	    (double)m->start_ns) / 1e9;
	printf("\n%s vs %s: %d game%s%s\n", c->player[0].text,
	    c->player[1].text, n, n == 1 ? "" : "s",
	    match_interrupted ? " (interrupted)" : "");
	if (n == 0)
		return;
	printf("Wins %d, draws %d, losses %d (for %s)\n", m->win, m->draw,
	    m->loss, c->player[0].text);
	printf("As White: +%d =%d -%d; as Black: +%d =%d -%d\n",
	    m->white_win, m->white_draw, m->white_loss, bw, bd, bl);
	printf("Score: %.1f/%d = %.1f%%\n", m->win + 0.5 * m->draw, n,
	    100.0 * (m->win + 0.5 * m->draw) / n);
	if (match_elo_interval(m->win, m->draw, m->loss, &elo, &err)) {
		printf("Elo difference: %+.1f +/- %.1f (95%%)\n", elo, err);
	} else {
		/* every game won (or lost): the one-sided 95% bound of the
		 * per-game win rate is 0.05^(1/n) */
		double bound = match_elo(pow(0.05, 1.0 / n));

		printf("Elo difference: %sinf (at %s %+.0f, 95%%)\n",
		    elo > 0 ? "+" : "-", elo > 0 ? "least" : "most",
		    elo > 0 ? bound : -bound);
	}
	if (m->errors > 0)
		printf("Errors: %d game%s ended by a bad move (see above)\n",
		    m->errors, m->errors == 1 ? "" : "s");
	printf("Time: %.0f s\n", secs);
}

int
match_main(int argc, char **argv)
{
	struct match m;
	struct sigaction sa;
	struct timespec ts;
	int i, rc = 0;

	memset(&m, 0, sizeof m);
	if (parse(argc, argv, &m.cfg) != 0)
		return 2;
	m.game = xcalloc((size_t)m.cfg.games, sizeof *m.game);
	pthread_mutex_init(&m.lock, NULL);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	clock_gettime(CLOCK_MONOTONIC, &ts);
	m.start_ns = (uint64_t)ts.tv_sec * 1000000000ULL +
	    (uint64_t)ts.tv_nsec;
	if (!m.cfg.quiet)
		printf("Match%s%s: A = %s, B = %s; %d games, concurrency %d, "
		    "seed %llu, %d opening plies, max %d plies\n",
		    m.cfg.variant ? " " : "",
		    m.cfg.variant ? variant_name(m.cfg.variant) : "",
		    m.cfg.player[0].text, m.cfg.player[1].text, m.cfg.games,
		    m.cfg.concurrency, (unsigned long long)m.cfg.seed,
		    m.cfg.opening_plies, m.cfg.max_plies);
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
	if (rc == 0 && (m.errors > 0 || match_interrupted))
		rc = 1;
	return rc;
}
