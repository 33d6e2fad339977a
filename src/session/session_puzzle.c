/*
 * session_puzzle.c: puzzles as a session mode. The next puzzle is the
 * unsolved one rated nearest the player's Glicko rating; the player
 * moves, the prover checks that the move still wins the lion in time and
 * answers with the defence that holds out longest, until the lion falls.
 * A move that does not win is not played: the player tries again. A hint
 * names the piece to move, :solution plays the winning line.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/notation.h"
#include "session/session_int.h"
#include "util/util.h"

#define PUZZLE_RD 60.0            /* a puzzle's rating deviation */
#define PROVER_NODES 50000000ULL  /* give up rather than freeze the screen */

static const char *const side_name[2] = { "White", "Black" };

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
		    " (CONGO_DATADIR may name the folder of puzzles.tsv)" : "");
		return false;
	}
	L->pv = learn_prover_new(18);
	learn_prover_set_limit(L->pv, PROVER_NODES);
	L->puzzles_loaded = true;
	return true;
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

/* Rate the puzzle once: 1 solved cleanly, 0.5 with a hint, else 0. */
static void
rate(struct session *s, struct session_learn *L, bool solved)
{
	const struct learn_puzzle *p = session_puzzle_current(s);
	struct learn_player *pl = session_puzzle_player(s);
	char key[17];
	double score = !solved || L->mistake || L->gave_up ? 0.0 :
	    L->hinted ? 0.5 : 1.0;

	if (L->rated || p == NULL)
		return;
	L->rated = true;
	L->before = pl->rating.r;
	learn_rating_update(&pl->rating, learn_puzzle_rating(p), PUZZLE_RD,
	    score);
	learn_puzzle_key(p, key);
	learn_player_mark_solved(pl, key);
	session_learn_state_save(s);
}

void
session_puzzle_next(struct session *s)
{
	struct session_learn *L = session_learn_get(s);
	struct learn_player *pl;
	const struct learn_puzzle *p;
	struct board b;
	int *ratings;
	bool *done;
	size_t i, n;
	int pick;
	char err[LEARN_ERR_MAX], key[17];

	if (!load_puzzles(s, L))
		return;
	session_learn_state_load(s);
	if (L->mode == SL_PUZZLE && L->mistake)
		rate(s, L, false);   /* skipped after a wrong move: failed */
	pl = session_puzzle_player(s);
	n = L->puzzles.len;
	ratings = xcalloc(n + 1, sizeof *ratings);
	done = xcalloc(n + 1, sizeof *done);
	for (i = 0; i < n; i++) {
		p = vec_at(&L->puzzles, i);
		learn_puzzle_key(p, key);
		ratings[i] = learn_puzzle_rating(p);
		done[i] = !learn_variant_supported(p->variant) ||
		    learn_player_solved(pl, key) || (int)i == L->puzzle;
	}
	pick = learn_pick_puzzle(&pl->rating, ratings, done, n);
	free(ratings);
	free(done);
	if (pick < 0) {
		session_msg(s, SM_GOOD, "Every puzzle is solved: well done "
		    "(rating %.0f)", pl->rating.r);
		return;
	}
	p = vec_at(&L->puzzles, (size_t)pick);
	if (learn_fen_read(p->variant, p->fen, &b, err, sizeof err) != 0) {
		session_msg(s, SM_ERROR, "puzzle %d: %s", pick + 1, err);
		return;
	}
	L->puzzle = pick;
	L->left = p->n;
	L->ply = 0;
	L->mistake = L->hinted = L->gave_up = L->rated = false;
	L->solver = b.side;
	session_learn_game(s, &b, SL_PUZZLE);
	session_msg(s, SM_NORMAL, "%s to move takes the lion in %d move%s: "
	    "find the only first move that does", side_name[b.side], L->left,
	    L->left == 1 ? "" : "s");
}

enum session_learn_result
session_puzzle_play(struct session *s, move_t m)
{
	struct session_learn *L = session_learn_get(s);
	struct learn_player *pl;
	struct board b = *game_board(&s->game), after;
	struct move_effects fx;
	enum learn_proof_result r;
	char mv[MOVE_TEXT_MAX], dm[MOVE_TEXT_MAX], why[LEARN_TEXT_MAX];
	move_t d;

	if (L->waiting || game_over(&s->game)) {
		session_msg(s, SM_GOOD, "Enter: the next puzzle");
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
			snprintf(why, sizeof why, "too deep to check here");
		else if (!learn_explain_consequence(&b, m, why, sizeof why))
			snprintf(why, sizeof why, "the lion escapes: %s can hold "
			    "out longer than %d move%s", side_name[!b.side],
			    L->left, L->left == 1 ? "" : "s");
		session_msg(s, SM_ERROR, "%s does not win: %s. Try again", mv,
		    why);
		session_learn_said(s);
		return SL_REFUSED;
	}
	session_play(s, m, true);
	L->ply++;
	if (fx.lion_captured) {
		L->waiting = true;
		rate(s, L, true);
		pl = session_puzzle_player(s);
		session_msg(s, SM_GOOD, "Solved%s! Rating %.0f (%+.0f).  Enter: "
		    "the next puzzle", L->mistake ? " after a miss" : L->hinted ?
		    " with a hint" : "", pl->rating.r, pl->rating.r - L->before);
		session_learn_said(s);
		return SL_TAKEN;
	}
	L->left--;
	learn_prover_set_history(L->pv, s->game.pos, s->game.nply);
	d = learn_prove_defence(L->pv, &after, L->left);
	if (d == MOVE_NONE) {
		session_msg(s, SM_ERROR, "the defence has no move");
		return SL_TAKEN;
	}
	notation_write(d, dm, sizeof dm);
	session_play(s, d, true);
	L->ply++;
	L->hint_sq = -1;
	session_msg(s, SM_GOOD, "Good. %s answers %s; the lion falls in %d "
	    "more", side_name[!L->solver], dm, L->left);
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
	learn_prover_set_history(L->pv, s->game.pos, s->game.nply);
	m = learn_prove_best(L->pv, b, L->left);
	if (m == MOVE_NONE) {
		session_msg(s, SM_ERROR, "no hint: the prover gave up");
		return;
	}
	L->hinted = true;
	L->hint_sq = MOVE_FROM(m);
	board_sq_name(MOVE_FROM(m), sq);
	session_msg(s, SM_GOOD, "Hint: move the %s on %s (marked +)",
	    board_piece_name(PIECE_TYPE(b->sq[MOVE_FROM(m)])), sq);
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

	if (p == NULL)
		return;
	if (L->waiting || game_over(&s->game)) {
		session_msg(s, SM_GOOD, "Enter: the next puzzle");
		return;
	}
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
	session_msg(s, SM_GOOD, "Solution, played on the board: %s  "
	    "([ steps back through it; Enter: the next puzzle)", line);
	session_learn_said(s);
}
