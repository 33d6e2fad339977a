/*
 * ui_puzzle.c: puzzles in the game. The next puzzle is the unsolved one
 * rated nearest the player's Glicko rating; the player moves, the prover
 * checks that the move still wins the lion in time and answers with the
 * defence that holds out longest, until the lion falls. A move that does
 * not win is not played: the player tries again. :hint names the piece to
 * move, :solution shows the winning line.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/ui_learn.h"

#define PUZZLE_RD 60.0            /* a puzzle's rating deviation */
#define PROVER_NODES 50000000ULL  /* give up rather than freeze the screen */

static const char *const side_name[2] = { "White", "Black" };

static void
player_name(struct ui_app *a, char *out, size_t n)
{
	const char *s = a->s.conf.network.name;
	size_t i;

	if (s[0] == '\0')
		s = getenv("USER");
	if (s == NULL || s[0] == '\0')
		s = "player";
	snprintf(out, n, "%s", s);
	for (i = 0; out[i] != '\0'; i++)
		if (!isalnum((unsigned char)out[i]) && out[i] != '-' &&
		    out[i] != '.')
			out[i] = '_';
}

static bool
load_puzzles(struct ui_app *a, struct ui_learn *L)
{
	char path[1024], err[LEARN_ERR_MAX + 64];

	if (L->puzzles_loaded)
		return true;
	L->puzzles = (struct vec)VEC_INIT(sizeof(struct learn_puzzle));
	learn_data_path("puzzles.tsv", path, sizeof path);
	if (learn_puzzles_read(&L->puzzles, path, err, sizeof err) != 0) {
		vec_free(&L->puzzles);
		session_msg(&a->s, SM_ERROR, "%s%s", err, getenv("CONGO_DATADIR") == NULL ?
		    " (CONGO_DATADIR may name the folder of lessons.txt)" : "");
		return false;
	}
	L->pv = learn_prover_new(18);
	learn_prover_set_limit(L->pv, PROVER_NODES);
	L->puzzles_loaded = true;
	return true;
}

static struct learn_puzzle *
cur(struct ui_learn *L)
{
	return L->puzzle >= 0 ? vec_at(&L->puzzles, (size_t)L->puzzle) : NULL;
}

static struct learn_player *
me(struct ui_app *a, struct ui_learn *L)
{
	if (L->player[0] == '\0')
		player_name(a, L->player, sizeof L->player);
	return learn_state_player(&L->st, L->player);
}

/* Rate the puzzle once: s = 1 solved cleanly, 0.5 with a hint, else 0. */
static void
rate(struct ui_app *a, struct ui_learn *L, bool solved)
{
	struct learn_puzzle *p = cur(L);
	struct learn_player *pl = me(a, L);
	char key[17];
	double s = !solved || L->mistake || L->gave_up ? 0.0 :
	    L->hinted ? 0.5 : 1.0;

	if (L->rated || p == NULL)
		return;
	L->rated = true;
	L->before = pl->rating.r;
	learn_rating_update(&pl->rating, learn_puzzle_rating(p), PUZZLE_RD, s);
	learn_puzzle_key(p, key);
	learn_player_mark_solved(pl, key);
	ui_learn_state_save(a);
}

void
ui_puzzle_next(struct ui_app *a)
{
	struct ui_learn *L = ui_learn_get(a);
	struct learn_player *pl;
	struct board b;
	int *ratings;
	bool *done;
	size_t i, n;
	int pick;
	char err[LEARN_ERR_MAX], key[17];

	if (!load_puzzles(a, L))
		return;
	ui_learn_state_load(a);
	if (L->mode == UL_PUZZLE && L->mistake)
		rate(a, L, false);   /* skipped after a wrong move: failed */
	pl = me(a, L);
	n = L->puzzles.len;
	ratings = xcalloc(n + 1, sizeof *ratings);
	done = xcalloc(n + 1, sizeof *done);
	for (i = 0; i < n; i++) {
		struct learn_puzzle *p = vec_at(&L->puzzles, i);
		learn_puzzle_key(p, key);
		ratings[i] = learn_puzzle_rating(p);
		done[i] = !learn_variant_supported(p->variant) ||
		    learn_player_solved(pl, key) || (int)i == L->puzzle;
	}
	pick = learn_pick_puzzle(&pl->rating, ratings, done, n);
	free(ratings);
	free(done);
	if (pick < 0) {
		session_msg(&a->s, SM_GOOD, "Every puzzle is solved: well done "
		    "(rating %.0f)", pl->rating.r);
		return;
	}
	if (learn_fen_read(((struct learn_puzzle *)vec_at(&L->puzzles,
	    (size_t)pick))->variant, ((struct learn_puzzle *)vec_at(
	    &L->puzzles, (size_t)pick))->fen, &b, err, sizeof err) != 0) {
		session_msg(&a->s, SM_ERROR, "puzzle %d: %s", pick + 1, err);
		return;
	}
	L->puzzle = pick;
	L->left = cur(L)->n;
	L->ply = 0;
	L->mistake = L->hinted = L->gave_up = L->rated = false;
	L->waiting = false;
	L->solver = b.side;
	L->mode = UL_PUZZLE;
	ui_learn_forget(a);
	a->screen = SCR_BOARD;
	ui_learn_players_human(a);
	ui_learn_new_game(a, &b);
	session_msg(&a->s, SM_NORMAL, "%s to move takes the lion in %d move%s: find "
	    "the only first move that does", side_name[b.side], L->left,
	    L->left == 1 ? "" : "s");
}

bool
ui_puzzle_play(struct ui_app *a, move_t m)
{
	struct ui_learn *L = ui_learn_get(a);
	struct learn_player *pl;
	struct board b = *game_board(&a->s.game), after;
	struct move_effects fx;
	enum learn_proof_result r;
	char mv[MOVE_TEXT_MAX], dm[MOVE_TEXT_MAX], why[LEARN_TEXT_MAX];
	move_t d;

	if (L->waiting || game_over(&a->s.game)) {
		session_msg(&a->s, SM_GOOD, "Enter: the next puzzle");
		return true;
	}
	notation_write(m, mv, sizeof mv);
	after = b;
	board_make(&after, m, &fx);
	learn_prover_set_history(L->pv, a->s.game.pos, a->s.game.nply);
	r = fx.lion_captured ? PROOF_YES : learn_prove_move(L->pv, &b, m,
	    L->left);
	if (r != PROOF_YES) {
		ui_input_clear(&a->in);
		L->mistake = true;
		if (r == PROOF_UNKNOWN)
			snprintf(why, sizeof why, "too deep to check here");
		else if (!learn_explain_consequence(&b, m, why, sizeof why))
			snprintf(why, sizeof why, "the lion escapes: %s can hold "
			    "out longer than %d move%s", side_name[!b.side],
			    L->left, L->left == 1 ? "" : "s");
		session_msg(&a->s, SM_ERROR, "%s does not win: %s. Try again", mv,
		    why);
		ui_learn_said(a);
		return true;
	}
	session_play(&a->s, m, true);
	L->ply++;
	if (fx.lion_captured) {
		L->waiting = true;
		rate(a, L, true);
		pl = me(a, L);
		session_msg(&a->s, SM_GOOD, "Solved%s! Rating %.0f (%+.0f).  Enter: "
		    "the next puzzle", L->mistake ? " after a miss" : L->hinted ?
		    " with a hint" : "", pl->rating.r, pl->rating.r - L->before);
		ui_learn_said(a);
		return true;
	}
	L->left--;
	learn_prover_set_history(L->pv, a->s.game.pos, a->s.game.nply);
	d = learn_prove_defence(L->pv, &after, L->left);
	if (d == MOVE_NONE) {
		session_msg(&a->s, SM_ERROR, "the defence has no move");
		return true;
	}
	notation_write(d, dm, sizeof dm);
	session_play(&a->s, d, true);
	L->ply++;
	L->hint_sq = -1;
	session_msg(&a->s, SM_GOOD, "Good. %s answers %s; the lion falls in %d "
	    "more", side_name[!L->solver], dm, L->left);
	ui_learn_said(a);
	return true;
}

void
ui_puzzle_hint(struct ui_app *a)
{
	struct ui_learn *L = ui_learn_get(a);
	const struct board *b = game_board(&a->s.game);
	move_t m;
	char sq[3];

	if (L->waiting || game_over(&a->s.game))
		return;
	learn_prover_set_history(L->pv, a->s.game.pos, a->s.game.nply);
	m = learn_prove_best(L->pv, b, L->left);
	if (m == MOVE_NONE) {
		session_msg(&a->s, SM_ERROR, "no hint: the prover gave up");
		return;
	}
	L->hinted = true;
	L->hint_sq = MOVE_FROM(m);
	board_sq_name(MOVE_FROM(m), sq);
	session_msg(&a->s, SM_GOOD, "Hint: move the %s on %s (marked +)",
	    board_piece_name(PIECE_TYPE(b->sq[MOVE_FROM(m)])), sq);
	ui_learn_said(a);
}

/*
 * :solution plays the rest of the winning line on the board: the puzzle's
 * main line while the game follows it, else the prover's moves (its best
 * for the solver, the longest defence for the other side).
 */
void
ui_puzzle_solution(struct ui_app *a)
{
	struct ui_learn *L = ui_learn_get(a);
	struct learn_puzzle *p = cur(L);
	char line[LEARN_LINE_MAX * (MOVE_TEXT_MAX + 1) + 1] = "";
	char mv[MOVE_TEXT_MAX], err[160];
	size_t len = 0;
	bool main_line = true;
	int i, guard;

	if (p == NULL)
		return;
	if (L->waiting || game_over(&a->s.game)) {
		session_msg(&a->s, SM_GOOD, "Enter: the next puzzle");
		return;
	}
	L->gave_up = true;
	rate(a, L, false);
	for (i = 0; i < L->ply && i < a->s.game.nply; i++) {
		notation_write(a->s.game.moves[i], mv, sizeof mv);
		if (strcmp(mv, p->moves[i]) != 0)
			main_line = false;
	}
	for (guard = 0; !game_over(&a->s.game) && guard < 2 * LEARN_LINE_MAX;
	    guard++) {
		const struct board *b = game_board(&a->s.game);
		bool solver = b->side == L->solver;
		move_t m = MOVE_NONE;

		if (main_line && L->ply < p->nline && notation_read(b,
		    p->moves[L->ply], &m, err, sizeof err) != 0) {
			main_line = false;
			m = MOVE_NONE;
		}
		if (m == MOVE_NONE) {
			main_line = false;
			learn_prover_set_history(L->pv, a->s.game.pos,
			    a->s.game.nply);
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
		session_play(&a->s, m, true);
		L->ply++;
		if (solver && L->left > 1)
			L->left--;
	}
	L->hint_sq = -1;
	L->waiting = true;
	session_msg(&a->s, SM_GOOD, "Solution, played on the board: %s  "
	    "([ steps back through it; Enter: the next puzzle)", line);
	ui_learn_said(a);
}

int
ui_puzzle_panel(struct ui_app *a, int y, int x, int w, int bottom)
{
	struct ui_learn *L = ui_learn_get(a);
	struct learn_puzzle *p = cur(L);
	struct learn_player *pl = me(a, L);
	char buf[160];

	if (p == NULL)
		return y;
	snprintf(buf, sizeof buf, "Puzzle %d of %zu", L->puzzle + 1,
	    L->puzzles.len);
	y = ui_learn_wrap_head(y, x, w, bottom, ST_HEAD, buf);
	/* The theme would give the answer away: shown once it is over. */
	snprintf(buf, sizeof buf, "rated %d", learn_puzzle_rating(p));
	y = ui_learn_wrap(y, x, w, bottom, ST_DIM, buf);
	if (L->waiting) {
		snprintf(buf, sizeof buf, "theme %s", p->theme);
		y = ui_learn_wrap(y, x, w, bottom, ST_DIM, buf);
	}
	if (L->waiting && L->gave_up)
		snprintf(buf, sizeof buf, "The solution is on the board");
	else if (L->waiting)
		snprintf(buf, sizeof buf, "Solved: %s took the lion",
		    side_name[L->solver]);
	else
		snprintf(buf, sizeof buf, "%s takes the lion in %d more "
		    "move%s", side_name[L->solver], L->left,
		    L->left == 1 ? "" : "s");
	y = ui_learn_wrap(y, x, w, bottom, ST_GOOD, buf);
	snprintf(buf, sizeof buf, "Your rating (%s): %.0f +- %.0f, %d "
	    "puzzle%s", L->player, pl->rating.r, pl->rating.rd,
	    pl->rating.games, pl->rating.games == 1 ? "" : "s");
	y = ui_learn_wrap(y, x, w, bottom, ST_NORMAL, buf);
	if (L->said[0] != '\0' && y + 1 < bottom)
		y = ui_learn_wrap(y + 1, x, w, bottom,
		    tone_style(L->said_tone), L->said);
	if (y < bottom)
		y++;
	return ui_learn_wrap(y, x, w, bottom, ST_DIM, L->waiting ?
	    "Enter: the next puzzle" : "a or :hint  :solution  :puzzle skips  "
	    ":learn lessons");
}
