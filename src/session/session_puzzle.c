/*
 * session_puzzle.c: puzzles as a session mode. The next puzzle is the
 * unsolved one rated nearest the player's Glicko rating; the player
 * moves, the prover checks that the move still wins the lion in time and
 * answers with the defence that holds out longest, until the lion falls.
 * A move that does not win is not played: the player tries again. A hint
 * names the piece to move, :solution plays the winning line.
 */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/notation.h"
#include "session/session_int.h"
#include "util/i18n.h"
#include "util/util.h"

#define PUZZLE_RD 60.0            /* a puzzle's rating deviation */
#define PROVER_NODES 50000000ULL  /* give up rather than freeze the screen */

static const char *const side_name[2] = { N_("White"), N_("Black") };

/* The progress file's name for the player: the network name, else the
 * login, letters, digits, '-' and '.' only. */
static void
player_name(const struct session *s, char *out, size_t n)
{
	const char *p = s->conf.network.name;
	size_t i;

	if (p[0] == '\0')
		p = getenv("USER");
	if (p == NULL || p[0] == '\0')
		p = "player";
	snprintf(out, n, "%s", p);
	for (i = 0; out[i] != '\0'; i++)
		if (!isalnum((unsigned char)out[i]) && out[i] != '-' &&
		    out[i] != '.')
			out[i] = '_';
}

static bool
load_puzzles(struct session *s, struct session_learn *L)
{
	char path[1024], err[LEARN_ERR_MAX + 64];

	if (L->puzzles_loaded)
		return true;
	L->puzzles = (struct vec)VEC_INIT(sizeof(struct learn_puzzle));
	learn_data_path("puzzles.tsv", path, sizeof path);
	if (learn_puzzles_read(&L->puzzles, path, err, sizeof err) != 0) {
		vec_free(&L->puzzles);
		session_msg(s, SM_ERROR, "%s%s", err,
		    getenv("CONGO_DATADIR") == NULL ?
		    _(" (CONGO_DATADIR may name the folder of puzzles.tsv)") : "");
		return false;
	}
	L->pv = learn_prover_new(18);
	learn_prover_set_limit(L->pv, PROVER_NODES);
	L->passed = xcalloc(L->puzzles.len + 1, sizeof *L->passed);
	L->puzzles_loaded = true;
	return true;
}

const char *
session_puzzle_variant(const struct session *s)
{
	const struct session_learn *L = s->learn;

	if (L != NULL && L->want_variant[0] != '\0')
		return L->want_variant;
	return s->conf.variant[0] != '\0' ? s->conf.variant : "congo";
}

/* "Megapawn" */
static const char *
variant_title(const char *v)
{
	static char buf[LEARN_VARIANT_MAX];

	snprintf(buf, sizeof buf, "%s", v);
	buf[0] = (char)toupper((unsigned char)buf[0]);
	return buf;
}

/* Is puzzle i of the set chosen (its variant, the theme, playable)? */
static bool
in_set(const struct session *s, size_t i)
{
	const struct session_learn *L = s->learn;
	const struct learn_puzzle *p = vec_at(&L->puzzles, i);

	return strcmp(p->variant, session_puzzle_variant(s)) == 0 &&
	    learn_variant_supported(p->variant) &&
	    learn_puzzle_has_theme(p, L->want_theme);
}

void
session_puzzle_place(const struct session *s, int *place, int *count)
{
	const struct session_learn *L = s->learn;
	size_t i;

	*place = *count = 0;
	if (L == NULL || !L->puzzles_loaded)
		return;
	for (i = 0; i < L->puzzles.len; i++) {
		if (!in_set(s, i))
			continue;
		++*count;
		if ((int)i == L->puzzle)
			*place = *count;
	}
}

/* "Megapawn puzzles" or "Megapawn endgame puzzles" */
static void
set_name(const struct session *s, char *out, size_t n)
{
	const struct session_learn *L = s->learn;
	char theme[64];

	if (L->want_theme[0] == '\0')
		/* TRANSLATORS: a set of puzzles: its variant (Congo,
		 * Megapawn) */
		snprintf(out, n, _("%s puzzles"),
		    variant_title(session_puzzle_variant(s)));
	else
		/* TRANSLATORS: a set of puzzles: its variant (Congo,
		 * Megapawn) and its theme ("endgame", "zebra") */
		snprintf(out, n, _("%s %s puzzles"),
		    variant_title(session_puzzle_variant(s)),
		    learn_puzzle_theme_words(L->want_theme, theme,
		    sizeof theme));
}

const struct learn_puzzle *
session_puzzle_current(const struct session *s)
{
	const struct session_learn *L = s->learn;

	if (L == NULL || !L->puzzles_loaded || L->puzzle < 0)
		return NULL;
	return vec_at(&L->puzzles, (size_t)L->puzzle);
}

struct learn_player *
session_puzzle_player(struct session *s)
{
	struct session_learn *L = session_learn_get(s);

	session_learn_state_load(s);
	if (L->player[0] == '\0')
		player_name(s, L->player, sizeof L->player);
	return learn_state_player(&L->st, L->player);
}

/* Rate the puzzle once: 1 solved cleanly, 0.5 with a hint, else 0. A
 * streak is not rated. */
static void
rate(struct session *s, struct session_learn *L, bool solved)
{
	const struct learn_puzzle *p = session_puzzle_current(s);
	struct learn_player *pl = session_puzzle_player(s);
	char key[17];
	double score = !solved || L->mistake || L->gave_up ? 0.0 :
	    L->hinted ? 0.5 : 1.0;

	if (L->rated || p == NULL || L->streak)
		return;
	L->rated = true;
	L->before = pl->rating.r;
	learn_rating_update(&pl->rating, learn_puzzle_rating(p), PUZZLE_RD,
	    score);
	learn_puzzle_key(p, key);
	learn_player_mark_solved(pl, key);
	session_learn_state_save(s);
}

/* Set puzzle `pick` up on the board and say what it asks. */
static void
serve(struct session *s, struct session_learn *L, int pick)
{
	const struct learn_puzzle *p = vec_at(&L->puzzles, (size_t)pick);
	struct board b;
	char err[LEARN_ERR_MAX], head[48] = "";

	if (learn_fen_read(p->variant, p->fen, &b, err, sizeof err) != 0) {
		session_msg(s, SM_ERROR, _("puzzle %d: %s"), pick + 1, err);
		return;
	}
	L->puzzle = pick;
	L->passed[pick] = true;
	L->left = p->n;
	L->ply = 0;
	L->mistake = L->hinted = L->gave_up = L->rated = false;
	L->streak_over = false;
	L->solver = b.side;
	/* A win that holds only because a defence that brings a position
	 * back loses: the header cannot promise the lion. */
	L->by_rep = learn_puzzle_needs_repetition(L->pv, p) == PROOF_YES;
	session_learn_game(s, &b, SL_PUZZLE);
	if (L->streak)
		snprintf(head, sizeof head, _("Streak %d: "), L->streak_n + 1);
	if (L->by_rep)
		session_msg(s, SM_NORMAL, ngettext("%s%s to move wins in %d "
		    "move: the lion falls, or %s must bring back a position, "
		    "which loses in %s. Find the only first move that does",
		    "%s%s to move wins in %d moves: the lion falls, or %s "
		    "must bring back a position, which loses in %s. Find the "
		    "only first move that does", (unsigned long)L->left), head,
		    _(side_name[b.side]), L->left,
		    _(side_name[!b.side]), variant_title(p->variant));
	else
		session_msg(s, SM_NORMAL, ngettext("%s%s to move takes the lion "
		    "in %d move: find the only first move that does",
		    "%s%s to move takes the lion in %d moves: find the only "
		    "first move that does", (unsigned long)L->left), head,
		    _(side_name[b.side]), L->left);
}

/* The streak is over: its length kept if it is the best. */
static void
streak_end(struct session *s, struct session_learn *L, char *out, size_t n)
{
	struct learn_player *pl = session_puzzle_player(s);

	L->streak_over = true;
	L->waiting = true;
	if (L->streak_n > L->streak_best0)
		snprintf(out, n, _("Streak over: %d solved, your best"), L->streak_n);
	else
		snprintf(out, n, _("Streak over: %d solved (best %d)"), L->streak_n,
		    pl->best_streak);
}

/* The next puzzle of the streak, harder than the last. */
static void
streak_next(struct session *s, struct session_learn *L)
{
	int *ratings, pick;
	bool *out;
	size_t i, n = L->puzzles.len;
	char name[128], end[96];

	ratings = xcalloc(n + 1, sizeof *ratings);
	out = xcalloc(n + 1, sizeof *out);
	for (i = 0; i < n; i++) {
		ratings[i] = learn_puzzle_rating(vec_at(&L->puzzles, i));
		out[i] = !in_set(s, i) || (int)i == L->puzzle;
	}
	pick = learn_pick_streak(ratings, out, n, L->streak_last);
	free(ratings);
	free(out);
	if (pick < 0) {
		set_name(s, name, sizeof name);
		streak_end(s, L, end, sizeof end);
		session_msg(s, SM_GOOD, _("%s: no %s is harder. Enter: a new "
		    "streak"), end, name);
		session_learn_said(s);
		return;
	}
	serve(s, L, pick);
}

void
session_puzzle_streak(struct session *s)
{
	struct session_learn *L = session_learn_get(s);

	if (!load_puzzles(s, L))
		return;
	session_learn_state_load(s);
	if (L->mode == SL_PUZZLE && !L->streak && L->mistake && !L->waiting)
		rate(s, L, false);   /* left after a wrong move: failed */
	L->streak = true;
	L->streak_best0 = session_puzzle_player(s)->best_streak;
	L->streak_n = 0;
	L->streak_last = 0;
	L->streak_skipped = false;
	L->streak_over = false;
	L->puzzle = -1;
	streak_next(s, L);
}

void
session_puzzle_next(struct session *s)
{
	struct session_learn *L = session_learn_get(s);
	struct learn_player *pl;
	const struct learn_puzzle *p;
	int *ratings;
	bool *done, skip;
	size_t i, n;
	int pick, pass;
	char key[17], name[128];

	if (!load_puzzles(s, L))
		return;
	session_learn_state_load(s);
	skip = L->mode == SL_PUZZLE && L->puzzle >= 0 && !L->waiting &&
	    !game_over(&s->game);
	if (L->streak && L->mode == SL_PUZZLE) {
		if (L->streak_over) {
			session_puzzle_streak(s);
			return;
		}
		if (skip && L->streak_skipped) {
			session_msg(s, SM_ERROR, _("The streak's one skip is used: "
			    "solve this one (:solution ends the streak)"));
			session_learn_said(s);
			return;
		}
		if (skip) {
			/* lichess's one skip: the next is harder still */
			L->streak_skipped = true;
			L->streak_last = learn_puzzle_rating(
			    session_puzzle_current(s));
		}
		streak_next(s, L);
		return;
	}
	L->streak = false;
	if (L->mode == SL_PUZZLE && L->mistake)
		rate(s, L, false);   /* skipped after a wrong move: failed */
	pl = session_puzzle_player(s);
	n = L->puzzles.len;
	ratings = xcalloc(n + 1, sizeof *ratings);
	done = xcalloc(n + 1, sizeof *done);
	/* The set walked through: the unsolved ones not passed since it was
	 * last walked through; when only passed ones are left, round again. */
	for (pass = 0, pick = -1; pass < 2 && pick < 0; pass++) {
		bool any = false;
		for (i = 0; i < n; i++) {
			p = vec_at(&L->puzzles, i);
			learn_puzzle_key(p, key);
			ratings[i] = learn_puzzle_rating(p);
			done[i] = !in_set(s, i) || learn_player_solved(pl, key);
			if (!done[i] && (int)i != L->puzzle)
				any = true;
			done[i] |= L->passed[i] || (int)i == L->puzzle;
		}
		pick = learn_pick_puzzle(&pl->rating, ratings, done, n);
		if (pick < 0 && any && pass == 0)
			memset(L->passed, 0, n * sizeof *L->passed);
		else
			break;
	}
	free(ratings);
	free(done);
	if (pick < 0) {
		set_name(s, name, sizeof name);
		session_msg(s, SM_GOOD, _("Every puzzle is solved (the %s): well "
		    "done (rating %.0f)"), name, pl->rating.r);
		return;
	}
	serve(s, L, pick);
}

int
session_learn_check_theme(const struct session *s,
    const struct session_learn_opts *o, char *err, size_t n)
{
	struct vec puzzles = VEC_INIT(sizeof(struct learn_puzzle));
	char path[1024], why[LEARN_ERR_MAX + 64], theme[LEARN_THEME_MAX];
	char themes[512];
	const char *v = s->conf.variant[0] != '\0' ? s->conf.variant : "congo";
	bool found = false;
	size_t i;

	if (!o->puzzle || o->theme == NULL || strcasecmp(o->theme, "all") == 0)
		return 0;
	if (o->theme[0] == '\0' || strlen(o->theme) >= sizeof theme ||
	    strchr(o->theme, ' ') != NULL) {
		snprintf(err, n, _("--theme: '%.40s' is no theme"), o->theme);
		return -1;
	}
	for (i = 0; o->theme[i] != '\0'; i++)
		theme[i] = (char)tolower((unsigned char)o->theme[i]);
	theme[i] = '\0';
	learn_data_path("puzzles.tsv", path, sizeof path);
	if (learn_puzzles_read(&puzzles, path, why, sizeof why) != 0) {
		vec_free(&puzzles);
		snprintf(err, n, "%s", why);
		return -1;
	}
	for (i = 0; i < puzzles.len && !found; i++) {
		const struct learn_puzzle *p = vec_at(&puzzles, i);
		found = strcmp(p->variant, v) == 0 &&
		    learn_puzzle_has_theme(p, theme);
	}
	if (!found) {
		learn_puzzle_themes(&puzzles, v, themes, sizeof themes);
		snprintf(err, n, _("--theme: no %s puzzle has the theme '%s'; "
		    "themes: %s"), variant_title(v), theme, themes[0] != '\0' ?
		    themes : _("none"));
	}
	vec_free(&puzzles);
	return found ? 0 : -1;
}

bool
session_puzzle_choose(struct session *s, const char *arg)
{
	struct session_learn *L = session_learn_get(s);
	char buf[SESSION_CMD_ARG_MAX], *w, *save = NULL;
	char variant[LEARN_VARIANT_MAX], theme[LEARN_THEME_MAX];
	char themes[512];
	bool streak = false, set = false, found;
	const char *v;
	size_t i;

	if (!load_puzzles(s, L))
		return false;
	snprintf(variant, sizeof variant, "%s", L->want_variant);
	snprintf(theme, sizeof theme, "%s", L->want_theme);
	snprintf(buf, sizeof buf, "%s", arg);
	for (w = strtok_r(buf, " ", &save); w != NULL;
	    w = strtok_r(NULL, " ", &save)) {
		for (i = 0; w[i] != '\0'; i++)
			w[i] = (char)tolower((unsigned char)w[i]);
		set |= strcmp(w, "streak") != 0;
		if (strcmp(w, "streak") == 0)
			streak = true;
		else if (strcmp(w, "all") == 0)
			theme[0] = '\0';
		else if (learn_variant_known(w))
			snprintf(variant, sizeof variant, "%s", w);
		else if (strlen(w) < sizeof theme)
			snprintf(theme, sizeof theme, "%s", w);
		else {
			session_msg(s, SM_ERROR, _(":puzzle: '%.40s' is no variant "
			    "or theme"), w);
			return false;
		}
	}
	v = variant[0] != '\0' ? variant : session_puzzle_variant(s);
	for (i = 0, found = theme[0] == '\0'; i < L->puzzles.len && !found;
	    i++) {
		const struct learn_puzzle *p = vec_at(&L->puzzles, i);
		found = strcmp(p->variant, v) == 0 &&
		    learn_puzzle_has_theme(p, theme);
	}
	if (!found) {
		learn_puzzle_themes(&L->puzzles, v, themes, sizeof themes);
		session_msg(s, SM_ERROR, _(":puzzle: no %s puzzle has the theme "
		    "'%s'; themes: %s, or all"), variant_title(v), theme,
		    themes[0] != '\0' ? themes : _("none"));
		return false;
	}
	if (strcmp(variant, L->want_variant) != 0 ||
	    strcmp(theme, L->want_theme) != 0) {
		/* another set: walked through from its start */
		snprintf(L->want_variant, sizeof L->want_variant, "%s", variant);
		snprintf(L->want_theme, sizeof L->want_theme, "%s", theme);
		memset(L->passed, 0, L->puzzles.len * sizeof *L->passed);
	}
	if (streak)
		session_puzzle_streak(s);
	else {
		if (set)
			L->streak = false;   /* a set chosen: rated puzzles */
		session_puzzle_next(s);
	}
	return true;
}

/* Solved: the lion taken, or the defence had to bring a position back. */
static enum session_learn_result
solved(struct session *s, struct session_learn *L, bool by_lion)
{
	struct learn_player *pl;
	const char *how = by_lion ? "" : _(" (the defence had to repeat a "
	    "position, which loses)");

	L->waiting = true;
	L->hint_sq = -1;
	if (L->streak) {
		L->streak_n++;
		L->streak_last = learn_puzzle_rating(session_puzzle_current(s));
		pl = session_puzzle_player(s);
		if (L->streak_n > pl->best_streak) {
			/* kept at once: leaving the streak loses nothing */
			pl->best_streak = L->streak_n;
			session_learn_state_save(s);
		}
		session_msg(s, SM_GOOD, _("Solved%s! Streak %d (best %d).  Enter: "
		    "the next, harder"), how, L->streak_n, pl->best_streak);
		session_learn_said(s);
		return SL_TAKEN;
	}
	rate(s, L, true);
	pl = session_puzzle_player(s);
	session_msg(s, SM_GOOD, _("Solved%s%s! Rating %.0f (%+.0f).  Enter: "
	    "the next puzzle"), L->mistake ? _(" after a miss") : L->hinted ?
	    _(" with a hint") : "", how, pl->rating.r, pl->rating.r - L->before);
	session_learn_said(s);
	return SL_TAKEN;
}

enum session_learn_result
session_puzzle_play(struct session *s, move_t m)
{
	struct session_learn *L = session_learn_get(s);
	struct board b = *game_board(&s->game), after;
	struct move_effects fx;
	enum learn_proof_result r;
	char mv[MOVE_TEXT_MAX], dm[MOVE_TEXT_MAX], why[LEARN_TEXT_MAX];
	char end[96];
	move_t d;

	if (L->waiting || game_over(&s->game)) {
		session_msg(s, SM_GOOD, L->streak && L->streak_over ?
		    _("Enter: a new streak") : _("Enter: the next puzzle"));
		return SL_TAKEN;
	}
	notation_write(m, mv, sizeof mv);
	after = b;
	board_make(&after, m, &fx);
	learn_prover_set_history(L->pv, s->game.pos, s->game.nply);
	r = fx.lion_captured ? PROOF_YES : learn_prove_move(L->pv, &b, m,
	    L->left);
	if (r != PROOF_YES) {
		L->mistake = true;
		if (r == PROOF_UNKNOWN)
			snprintf(why, sizeof why, _("too deep to check here"));
		else if (!learn_explain_consequence(&b, m, why, sizeof why))
			snprintf(why, sizeof why, ngettext("the lion "
			    "escapes: %s can hold out longer than %d move",
			    "the lion escapes: %s can hold out longer than %d "
			    "moves", (unsigned long)L->left),
			    _(side_name[!b.side]), L->left);
		if (L->streak) {
			/* one mistake ends a streak */
			streak_end(s, L, end, sizeof end);
			session_msg(s, SM_ERROR, _("%s does not win: %s. %s. "
			    ":solution shows the answer; Enter: a new streak"),
			    mv, why, end);
		} else
			session_msg(s, SM_ERROR, _("%s does not win: %s. Try again"),
			    mv, why);
		session_learn_said(s);
		return SL_REFUSED;
	}
	session_play(s, m, true);
	L->ply++;
	if (fx.lion_captured)
		return solved(s, L, true);
	if (game_over(&s->game))
		return SL_TAKEN;     /* cannot be: the prover saw it win */
	L->left--;
	learn_prover_set_history(L->pv, s->game.pos, s->game.nply);
	d = learn_prove_defence(L->pv, &after, L->left);
	if (d == MOVE_NONE) {
		session_msg(s, SM_ERROR, _("the defence has no move"));
		return SL_TAKEN;
	}
	notation_write(d, dm, sizeof dm);
	session_play(s, d, true);
	L->ply++;
	L->hint_sq = -1;
	/* every defence brought a position back: lost by repetition */
	if (game_over(&s->game))
		return solved(s, L, false);
	if (L->by_rep)
		session_msg(s, SM_GOOD, _("Good. %s answers %s; %s wins in %d "
		    "more"), _(side_name[!L->solver]), dm,
		    _(side_name[L->solver]), L->left);
	else
		session_msg(s, SM_GOOD, _("Good. %s answers %s; the lion falls in "
		    "%d more"), _(side_name[!L->solver]), dm, L->left);
	session_learn_said(s);
	return SL_TAKEN;
}

void
session_puzzle_hint(struct session *s)
{
	struct session_learn *L = session_learn_get(s);
	const struct board *b = game_board(&s->game);
	move_t m;
	char sq[3];

	if (L->waiting || game_over(&s->game))
		return;
	if (L->streak) {
		session_msg(s, SM_ERROR, _("No hints in a streak (:solution ends "
		    "it; :puzzle alone skips one puzzle, once)"));
		session_learn_said(s);
		return;
	}
	learn_prover_set_history(L->pv, s->game.pos, s->game.nply);
	m = learn_prove_best(L->pv, b, L->left);
	if (m == MOVE_NONE) {
		session_msg(s, SM_ERROR, _("no hint: the prover gave up"));
		return;
	}
	L->hinted = true;
	L->hint_sq = MOVE_FROM(m);
	board_sq_name(MOVE_FROM(m), sq);
	/* (the square marked + on the board; plain mode has no mark) */
	session_msg(s, SM_GOOD, s->typed ? _("Hint: move the %s on %s") :
	    _("Hint: move the %s on %s (marked +)"),
	    game_piece_word(PIECE_TYPE(b->sq[MOVE_FROM(m)])), sq);
	session_learn_said(s);
}

/*
 * :solution plays the rest of the winning line on the board: the puzzle's
 * main line while the game follows it, else the prover's moves (its best
 * for the solver, the longest defence for the other side).
 */
void
session_puzzle_solution(struct session *s)
{
	struct session_learn *L = session_learn_get(s);
	const struct learn_puzzle *p = session_puzzle_current(s);
	char line[LEARN_LINE_MAX * (MOVE_TEXT_MAX + 1) + 1] = "";
	char mv[MOVE_TEXT_MAX], err[160];
	size_t len = 0;
	bool main_line = true;
	int i, guard;

	char end[96] = "";

	if (p == NULL)
		return;
	if (game_over(&s->game) || L->gave_up || (L->waiting &&
	    !L->streak_over)) {
		session_msg(s, SM_GOOD, L->streak_over ? _("Enter: a new streak") :
		    _("Enter: the next puzzle"));
		return;
	}
	if (L->streak && !L->streak_over)
		streak_end(s, L, end, sizeof end);   /* given up: it ends */
	L->gave_up = true;
	rate(s, L, false);
	for (i = 0; i < L->ply && i < s->game.nply; i++) {
		notation_write(s->game.moves[i], mv, sizeof mv);
		if (strcmp(mv, p->moves[i]) != 0)
			main_line = false;
	}
	for (guard = 0; !game_over(&s->game) && guard < 2 * LEARN_LINE_MAX;
	    guard++) {
		const struct board *b = game_board(&s->game);
		bool solver = b->side == L->solver;
		move_t m = MOVE_NONE;

		if (main_line && L->ply < p->nline && notation_read(b,
		    p->moves[L->ply], &m, err, sizeof err) != 0) {
			main_line = false;
			m = MOVE_NONE;
		}
		if (m == MOVE_NONE) {
			main_line = false;
			learn_prover_set_history(L->pv, s->game.pos,
			    s->game.nply);
			m = solver ? learn_prove_best(L->pv, b, L->left) :
			    learn_prove_defence(L->pv, b, L->left);
		}
		if (m == MOVE_NONE)
			break;
		notation_write(m, mv, sizeof mv);
		len += (size_t)snprintf(line + len, sizeof line - len, "%s%s",
		    len ? " " : "", mv);
		if (len >= sizeof line)
			len = sizeof line - 1;
		session_play(s, m, true);
		L->ply++;
		if (solver && L->left > 1)
			L->left--;
	}
	L->hint_sq = -1;
	L->waiting = true;
	/* (plain mode types back where the board's key is [) */
	if (L->streak)
		session_msg(s, SM_GOOD, s->typed ? _("Solution, played on the "
		    "board: %s  %s%s(back steps back through it; Enter: a new "
		    "streak)") : _("Solution, played on the board: %s  "
		    "%s%s([ steps back through it; Enter: a new streak)"), line,
		    end, end[0] != '\0' ? ". " : "");
	else
		session_msg(s, SM_GOOD, s->typed ? _("Solution, played on the "
		    "board: %s  (back steps back through it; Enter: the next "
		    "puzzle)") : _("Solution, played on the board: %s  "
		    "([ steps back through it; Enter: the next puzzle)"), line);
	session_learn_said(s);
}
