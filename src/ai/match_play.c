/*
 * match_play.c: the games of `congo --match`. Workers take games in turn;
 * game 2k and 2k+1 start from the same opening (book line k, or a seeded
 * random one) with the colours swapped. A player is an AI of this process
 * or an engine program on pipes (match_engine.c); each worker runs its own
 * pair. Every move goes through the rules engine; a player that returns no
 * move, an illegal one, or none in time loses that game and the error is
 * reported. On a clock the runner keeps both clocks (src/clock).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/match.h"
#include "clock/clock.h"
#include "engine/fen.h"
#include "engine/notation.h"
#include "util/util.h"

atomic_int match_stop;

struct seat {
	struct search_ctx *ctx;          /* in-process */
	struct match_engine eng;         /* external */
	bool started;
};

static bool
stopping(void)
{
	return atomic_load(&match_stop) != 0;
}

/* A random opening for pair k: opening_plies uniformly random legal moves
 * from the start, drawn again while the game ends inside the opening or
 * leaves a lion that the side to move can take at once. */
static void
random_opening(const struct match *m, int k, struct game *g,
    struct movelist *ml)
{
	struct board start;
	uint64_t rng = splitmix64_mix(m->cfg.seed ^ splitmix64_mix((uint64_t)k + 1));
	int attempt, ply;

	fen_read_variant(&start, m->cfg.variant,
	    variant_start_fen(m->cfg.variant),
	    strlen(variant_start_fen(m->cfg.variant)), NULL, 0);
	for (attempt = 0;; attempt++) {
		game_init(g, &start, &m->cfg.rules);
		for (ply = 0; ply < m->cfg.opening_plies && !game_over(g); ply++) {
			movegen_legal(game_board(g), ml);
			rng = splitmix64_mix(rng);
			game_play(g, ml->moves[rng % (uint64_t)ml->n], NULL, 0);
		}
		if (attempt > 1000 || (!game_over(g) &&
		    !movegen_attacks_lion(game_board(g), game_board(g)->side)))
			return;
		game_free(g);
	}
}

/* Start an engine program, set its options and wait until it is ready. */
static int
seat_start_engine(const struct match_player *pl, int variant, struct seat *s,
    char *err, size_t errlen)
{
	char line[1024];
	int i, r;

	if (match_engine_start(&s->eng, pl->path, err, errlen) != 0)
		return -1;
	s->started = true;
	match_engine_send(&s->eng, "uci\n");
	r = match_engine_expect(&s->eng, "uciok", line, sizeof line,
	    util_now_ms() + 10000, err, errlen);
	/* The variant first: `position startpos` then means its start. */
	if (r == 0 && variant != 0)
		match_engine_send(&s->eng, "setoption name UCI_Variant value "
		    "%s\n", variant_name(variant));
	for (i = 0; r == 0 && i < pl->noptions; i++) {
		const char *eq = strchr(pl->option[i], '=');

		match_engine_send(&s->eng, "setoption name %.*s value %s\n",
		    (int)(eq - pl->option[i]), pl->option[i], eq + 1);
	}
	if (r == 0) {
		match_engine_send(&s->eng, "isready\n");
		r = match_engine_expect(&s->eng, "readyok", line, sizeof line,
		    util_now_ms() + 10000, err, errlen);
	}
	if (r == -1 || r == -2)
		snprintf(err, errlen, "engine %s %s while starting", pl->path,
		    r == -1 ? "exited" : "did not answer");
	return r == 0 ? 0 : -1;
}

static void
phase_add(struct match *m, int p, const struct game *g, int64_t ms)
{
	const struct board *b = game_board(g);
	int pieces = 0, c, ph;

	for (c = 0; c < 2; c++)
		pieces += bb_popcount(b->occ[c] & ~b->pieces[c][LION] &
		    ~b->pieces[c][PAWN] & ~b->pieces[c][SUPERPAWN]);
	ph = g->nply < 16 ? 0 : pieces <= 4 ? 2 : 1;
	pthread_mutex_lock(&m->lock);
	m->phase_ms[p][ph] += (double)ms;
	m->phase_moves[p][ph]++;
	pthread_mutex_unlock(&m->lock);
}

/* The `go` arguments of this move. */
static void
go_args(const struct match_config *c, const struct game_clock *clk,
    int64_t now, char *buf, size_t n)
{
	switch (c->tc) {
	case MATCH_TC_NODES:
		snprintf(buf, n, "nodes %lld", (long long)c->nodes);
		break;
	case MATCH_TC_DEPTH:
		snprintf(buf, n, "depth %lld", (long long)c->depth);
		break;
	case MATCH_TC_CLOCK:
		snprintf(buf, n, "wtime %lld btime %lld winc %lld binc %lld",
		    (long long)clock_left(clk, WHITE, now),
		    (long long)clock_left(clk, BLACK, now),
		    (long long)c->inc_ms, (long long)c->inc_ms);
		break;
	default:
		snprintf(buf, n, "movetime %lld", (long long)c->movetime_ms);
		break;
	}
}

/* Ask an engine program for its move; MOVE_NONE with err set if none came
 * (err "time" when it was still thinking at the deadline). */
/* The score of an `info ... score cp N|win N|loss N ...` line, from the
 * side to move's view (a win as a large number); false if none. */
static bool
info_score(const char *line, int *out)
{
	const char *p = strstr(line, " score "), *kind;
	char num[16];
	int v;

	if (strncmp(line, "info ", 5) != 0 || p == NULL)
		return false;
	p += 7;
	/* "cp N", "win N" or "loss N", then a space or the end */
	kind = p;
	p += strcspn(p, " ");
	if (*p != ' ')
		return false;
	p++;
	snprintf(num, sizeof num, "%.*s", (int)strcspn(p, " \r\n"), p);
	if (parse_int(num, -99999, 99999, &v, NULL, 0) != 0)
		return false;
	if (strncmp(kind, "cp ", 3) == 0)
		*out = v;
	else if (strncmp(kind, "win ", 4) == 0)
		*out = 100000 - v;
	else if (strncmp(kind, "loss ", 5) == 0)
		*out = -100000 + v;
	else
		return false;
	return true;
}

static move_t
engine_move(struct match *m, struct seat *s, const struct game *g,
    const struct game_clock *clk, int64_t now, int *score, bool *have,
    char *err, size_t errlen)
{
	const struct match_config *c = &m->cfg;
	char line[2048], go[160], mt[MOVE_TEXT_MAX];
	char *cmd = xmalloc((size_t)g->nply * (MOVE_TEXT_MAX + 1) + 64);
	size_t len;
	int64_t deadline;
	move_t mv;
	int i, r;

	len = (size_t)sprintf(cmd, "position startpos%s",
	    g->nply > 0 ? " moves" : "");
	for (i = 0; i < g->nply; i++) {
		notation_write(g->moves[i], mt, sizeof mt);
		len += (size_t)sprintf(cmd + len, " %s", mt);
	}
	go_args(c, clk, now, go, sizeof go);
	r = match_engine_send(&s->eng, "%s\ngo %s\n", cmd, go);
	free(cmd);
	if (r != 0) {
		snprintf(err, errlen, "engine %s is gone", s->eng.path);
		return MOVE_NONE;
	}
	if (c->tc == MATCH_TC_CLOCK)
		deadline = now + clock_left(clk, game_board(g)->side, now) +
		    c->margin_ms;
	else if (c->tc == MATCH_TC_MOVETIME)
		deadline = now + c->movetime_ms + c->margin_ms;
	else
		deadline = now + 3600000;
	for (;;) {
		r = match_engine_read(&s->eng, line, sizeof line, deadline);
		if (r == -2) {
			snprintf(err, errlen, "time");
			match_engine_send(&s->eng, "stop\n");
			/* its late bestmove must not answer the next go */
			match_engine_expect(&s->eng, "bestmove", line,
			    sizeof line, util_now_ms() + 2000, err, 0);
			return MOVE_NONE;
		}
		if (r != 0) {
			snprintf(err, errlen, "engine %s exited", s->eng.path);
			return MOVE_NONE;
		}
		if (strncmp(line, "error", 5) == 0) {
			snprintf(err, errlen, "%s said: %.120s", s->eng.path,
			    line);
			return MOVE_NONE;
		}
		if (strncmp(line, "bestmove ", 9) == 0)
			break;
		if (info_score(line, score))
			*have = true;
	}
	if (notation_read(game_board(g), line + 9, &mv, err, errlen) != 0)
		return MOVE_NONE;
	return mv;
}

static move_t
inprocess_move(struct match *m, int p, struct seat *s, const struct game *g,
    const struct game_clock *clk, int64_t now, int *score, bool *have)
{
	const struct match_config *c = &m->cfg;
	struct search_limits l = c->player[p].sp.limits;
	struct search_info info;
	move_t mv;

	/* The match's time control, in place of the player's own limits. */
	if (c->tc != MATCH_TC_PLAYER)
		search_limits_default(&l);
	switch (c->tc) {
	case MATCH_TC_MOVETIME:
		l.movetime_ms = (int)c->movetime_ms;
		break;
	case MATCH_TC_NODES:
		l.nodes = (uint64_t)c->nodes;
		break;
	case MATCH_TC_DEPTH:
		l.depth = (int)c->depth;
		break;
	case MATCH_TC_CLOCK:
		l.time_left_ms = clock_left(clk, game_board(g)->side, now);
		if (l.time_left_ms < 1)
			l.time_left_ms = 1;
		l.inc_ms = c->inc_ms;
		break;
	default:
		break;
	}
	l.play = true;
	mv = search_best_move(s->ctx, game_board(g), g->pos, g->nply,
	    &c->rules, &l, NULL, NULL);
	search_last_info(s->ctx, &info);
	if (c->player[p].sp.options.algorithm != SEARCH_RANDOM &&
	    info.depth > 0) {
		*have = true;
		*score = info.kind == SEARCH_SCORE_WIN ? 100000 - info.score :
		    info.kind == SEARCH_SCORE_LOSS ? -100000 + info.score :
		    info.score;
	}
	return mv;
}

/* Set up game i; -1 (and *bad, the player) when an engine is not ready. */
static int
new_game(struct match *m, int i, struct seat seat[2], struct movelist *ml,
    int *bad)
{
	struct match_game *mg = &m->game[i];
	int k = MATCH_GAME_NO(m, i) - 1;  /* from 0 in the whole match */
	char err[256], line[256];
	int p;

	mg->a_white = k % 2 == 0;
	if (m->cfg.book != NULL) {
		/* the file was read and every line played before the match */
		match_book_line_play(m->cfg.book->line[(k / 2) %
		    m->cfg.book->n], m->cfg.variant, &m->cfg.rules, &mg->g,
		    err, sizeof err);
	} else if (m->cfg.opening_plies > 0) {
		random_opening(m, k / 2, &mg->g, ml);
	} else {
		/* the book was checked before the match began */
		match_book_play(k / 2, &m->cfg.rules, &mg->g, err,
		    sizeof err);
	}
	for (p = 0; p < 2; p++) {
		const struct match_player *pl = &m->cfg.player[p];

		if (pl->external) {
			match_engine_send(&seat[p].eng, "ucinewgame\nisready\n");
			if (match_engine_expect(&seat[p].eng, "readyok", line,
			    sizeof line, util_now_ms() + 10000, err,
			    sizeof err) < 0) {
				snprintf(mg->error, sizeof mg->error,
				    "engine %s is not ready for game %d",
				    pl->path, k + 1);
				*bad = p;
				return -1;
			}
			continue;
		}
		/* random players draw a fresh stream every game */
		if (pl->sp.options.algorithm == SEARCH_RANDOM) {
			struct search_options o = pl->sp.options;

			o.seed = splitmix64_mix(o.seed ^ splitmix64_mix((uint64_t)i));
			search_set_options(seat[p].ctx, &o);
		}
		search_clear(seat[p].ctx);
	}
	return 0;
}

/*
 * Both players' own scores decide a game that is settled: a draw after
 * ADJ_DRAW_PLY plies when both have seen |score| <= ADJ_DRAW_CP for
 * ADJ_DRAW_RUN plies in a row (long shuffles to the quiet-moves rule add
 * only time), a win when both have agreed that one side is ADJ_WIN_CP
 * ahead for ADJ_WIN_RUN plies in a row. A player that gives no score (the
 * random mover) is never adjudicated.
 */
#define ADJ_DRAW_PLY 100
#define ADJ_DRAW_CP 15
#define ADJ_DRAW_RUN 12
#define ADJ_WIN_CP 800
#define ADJ_WIN_RUN 6

struct adjudication {
	int draw_run, white_run, black_run;
};

static bool
adjudicate(const struct match *m, struct game *g, struct adjudication *a,
    bool have, int white_score)
{
	if (!m->cfg.adjudicate || !have) {
		a->draw_run = a->white_run = a->black_run = 0;
		return false;
	}
	a->draw_run = abs(white_score) <= ADJ_DRAW_CP ? a->draw_run + 1 : 0;
	a->white_run = white_score >= ADJ_WIN_CP ? a->white_run + 1 : 0;
	a->black_run = white_score <= -ADJ_WIN_CP ? a->black_run + 1 : 0;
	if (a->white_run >= ADJ_WIN_RUN || a->black_run >= ADJ_WIN_RUN) {
		game_resign(g, a->white_run >= ADJ_WIN_RUN ? BLACK : WHITE);
		return true;
	}
	if (g->nply >= ADJ_DRAW_PLY && a->draw_run >= ADJ_DRAW_RUN) {
		game_agree_draw(g);
		return true;
	}
	return false;
}

/* Player p of game i lost on time (side its colour). */
static void
lost_on_time(struct match *m, struct match_game *mg, int p, int side)
{
	mg->time_loss = true;
	pthread_mutex_lock(&m->lock);
	m->time_losses[p]++;
	pthread_mutex_unlock(&m->lock);
	game_resign(&mg->g, side);
}

/* One move of game i by the side to move, on the clock clk: 0 played
 * (the game may go on), 1 the game ended here (the length cap, a loss on
 * time, no move or an illegal one: resigned, adjudicated), -1 the match
 * stops. */
static int
play_ply(struct match *m, int i, struct seat seat[2], struct game_clock *clk,
    struct adjudication *adj, int start_ply)
{
	struct match_game *mg = &m->game[i];
	struct game *g = &mg->g;
	char err[256] = "", text[MOVE_TEXT_MAX];
	int p, side, score = 0;
	bool have = false;
	int64_t t0;
	move_t mv;

	if (stopping())
		return -1;
	if (g->nply - start_ply >= m->cfg.max_plies) {
		game_agree_draw(g);
		mg->adjudicated = true;
		return 1;
	}
	side = game_board(g)->side;
	p = (side == WHITE) == mg->a_white ? 0 : 1;
	t0 = util_now_ms();
	if (m->cfg.player[p].external)
		mv = engine_move(m, &seat[p], g, clk, t0, &score,
		    &have, err, sizeof err);
	else
		mv = inprocess_move(m, p, &seat[p], g, clk, t0,
		    &score, &have);
	if (m->cfg.tc == MATCH_TC_CLOCK &&
	    (strcmp(err, "time") == 0 ||
	    !clock_press(clk, util_now_ms()))) {
		lost_on_time(m, mg, p, side);
		return 1;
	}
	phase_add(m, p, g, util_now_ms() - t0);
	if (mv == MOVE_NONE) {
		if (strcmp(err, "time") == 0)
			snprintf(err, sizeof err, "no move in time");
		snprintf(mg->error, sizeof mg->error, "%.100s returned "
		    "no move at ply %d of game %d%s%.150s",
		    m->cfg.player[p].name, g->nply + 1,
		    MATCH_GAME_NO(m, i),
		    err[0] ? ": " : "", err);
		game_resign(g, side);
		return 1;
	}
	if (game_play(g, mv, err, sizeof err) != 0) {
		notation_write(mv, text, sizeof text);
		snprintf(mg->error, sizeof mg->error, "%.100s played %.80s "
		    "at ply %d of game %d: %.150s",
		    m->cfg.player[p].name, text, g->nply + 1,
		    MATCH_GAME_NO(m, i), err);
		game_resign(g, side);
		return 1;
	}
	if (!game_over(g) && adjudicate(m, g, adj, have,
	    side == WHITE ? score : -score)) {
		mg->adjudicated = true;
		return 1;
	}
	return 0;
}

/* Play game i; returns -1 when stopped (the game does not count). */
static int
play_game(struct match *m, int i, struct seat seat[2], struct movelist *ml)
{
	struct match_game *mg = &m->game[i];
	struct game *g = &mg->g;
	struct game_clock clk;
	struct adjudication adj = { 0, 0, 0 };
	int start_ply, p, rc;
	enum game_result r;

	if (new_game(m, i, seat, ml, &p) != 0) {
		/* the player whose engine is gone loses the game */
		game_resign(g, (p == 0) == mg->a_white ? WHITE : BLACK);
		mg->done = true;
		mg->a_score = p == 0 ? 0.0 : 1.0;
		return 0;
	}
	clock_init(&clk, m->cfg.base_ms, m->cfg.inc_ms);
	start_ply = mg->opening_plies = g->nply;
	clock_start(&clk, game_board(g)->side, util_now_ms());
	while (!game_over(g)) {
		if ((rc = play_ply(m, i, seat, &clk, &adj, start_ply)) < 0)
			return -1;
		if (rc > 0)
			break;
	}
	r = g->result;
	mg->plies = g->nply;
	if (r == RESULT_DRAW)
		mg->a_score = 0.5;
	else
		mg->a_score = (r == RESULT_WHITE_WINS) == mg->a_white ? 1.0 : 0.0;
	mg->done = true;
	return 0;
}

double
match_sprt_llr_now(const struct match *m)
{
	const struct match_config *c = &m->cfg;
	int pairs[5];

	/* the games are paired (2k, 2k+1: one opening, both colours): the
	 * pentanomial model over the pairs both played */
	if (c->games >= 2) {
		match_pairs(m, pairs);
		return match_sprt_llr_pairs(pairs, c->elo0, c->elo1);
	}
	return match_sprt_llr(m->win, m->draw, m->loss, c->elo0, c->elo1);
}

static void
sprt_check(struct match *m)
{
	const struct match_config *c = &m->cfg;
	double llr, lo, hi;

	if (!c->sprt || m->sprt_result != 0)
		return;
	llr = match_sprt_llr_now(m);
	match_sprt_bounds(c->alpha, c->beta, &lo, &hi);
	if (llr >= hi)
		m->sprt_result = 1;
	else if (llr <= lo)
		m->sprt_result = -1;
	if (m->sprt_result != 0)
		atomic_store(&match_stop, 1);
}

/* A game's score of 1, 1/2 or 0 counted as a win, a draw or a loss. */
static void
tally(int *win, int *draw, int *loss, double score)
{
	if (score == 1.0)
		(*win)++;
	else if (score == 0.5)
		(*draw)++;
	else
		(*loss)++;
}

static void
report(struct match *m, int i)
{
	struct match_game *mg = &m->game[i];
	const struct match_config *c = &m->cfg;
	const char *white = c->player[mg->a_white ? 0 : 1].name;
	const char *black = c->player[mg->a_white ? 1 : 0].name;
	const char *res = mg->g.result == RESULT_WHITE_WINS ? "1-0" :
	    mg->g.result == RESULT_BLACK_WINS ? "0-1" : "1/2-1/2";
	int n = m->win + m->draw + m->loss;

	tally(&m->win, &m->draw, &m->loss, mg->a_score);
	if (mg->a_white)
		tally(&m->white_win, &m->white_draw, &m->white_loss,
		    mg->a_score);
	m->finished++;
	n++;
	if (mg->error[0] != '\0') {
		m->errors++;
		fprintf(stderr, "congo: error: %s\n", mg->error);
	}
	sprt_check(m);
	if (c->quiet)
		return;
	printf("[%d/%d] game %d: %s - %s %s (%s, %d pl%s)  A: +%d =%d -%d "
	    "(%.1f%%)\n", m->finished, c->games, MATCH_GAME_NO(m, i), white,
	    black, res,
	    mg->adjudicated ? "adjudicated" : mg->time_loss ? "time" :
	    game_reason_name(mg->g.reason), mg->plies, mg->plies == 1 ? "y" :
	    "ies", m->win, m->draw,
	    m->loss, 100.0 * (m->win + 0.5 * m->draw) / n);
	fflush(stdout);
}

static void *
worker(void *arg)
{
	struct match *m = arg;
	struct seat seat[2];
	struct movelist *ml = xmalloc(sizeof *ml);
	char err[512];
	int p, i;

	memset(seat, 0, sizeof seat);
	for (p = 0; p < 2; p++) {
		const struct match_player *pl = &m->cfg.player[p];

		if (pl->external) {
			if (seat_start_engine(pl, m->cfg.variant, &seat[p],
			    err, sizeof err) != 0) {
				pthread_mutex_lock(&m->lock);
				fprintf(stderr, "congo: %s\n", err);
				m->errors++;
				pthread_mutex_unlock(&m->lock);
				atomic_store(&match_stop, 1);
				goto out;
			}
		} else {
			seat[p].ctx = search_new(&pl->sp.options);
			if (seat[p].ctx == NULL)
				fatal("out of memory for a match worker");
		}
	}
	for (;;) {
		pthread_mutex_lock(&m->lock);
		i = stopping() ? m->cfg.games : m->next++;
		pthread_mutex_unlock(&m->lock);
		if (i >= m->cfg.games)
			break;
		if (play_game(m, i, seat, ml) != 0)
			break;
		pthread_mutex_lock(&m->lock);
		report(m, i);
		pthread_mutex_unlock(&m->lock);
	}
out:
	for (p = 0; p < 2; p++) {
		if (seat[p].started)
			match_engine_stop(&seat[p].eng);
		search_free(seat[p].ctx);
	}
	free(ml);
	return NULL;
}

int
match_run(struct match *m)
{
	pthread_t tid[64];
	pthread_attr_t attr;
	int i, n = 0;

	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 32u << 20);
	for (i = 0; i < m->cfg.concurrency && i < 64; i++) {
		if (pthread_create(&tid[n], &attr, worker, m) != 0) {
			fprintf(stderr, "congo: cannot start match worker %d\n",
			    i + 1);
			break;
		}
		n++;
	}
	pthread_attr_destroy(&attr);
	for (i = 0; i < n; i++)
		pthread_join(tid[i], NULL);
	return n > 0 ? 0 : -1;
}
