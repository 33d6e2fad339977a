/*
 * session_game.c: the game in play: moves, turns handed to the players,
 * the AI worker's messages, the timers, messages and their log (the
 * clock: session_clock.c).
 */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/analyse.h"
#include "ai/search.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "session/session.h"
#include "session/session_int.h"
#include "session/session_keep.h"
#include "session/session_player.h"
#include "session/session_var.h"
#include "util/i18n.h"
#include "util/util.h"

static const char *const side_name[2] = { N_("White"), N_("Black") };

int
session_init(struct session *s, const struct congo_conf *conf, char *err,
    size_t errlen)
{
	int c;

	memset(s, 0, sizeof *s);
	s->conf = *conf;
	s->now = util_now_ms;
	s->review = -1;
	s->flagged = -1;
	s->warn = true;
	s->delay_ms = conf->ui.ai_delay_ms;
	s->worker.rd = s->worker.wr = -1;
	s->analysis.worker.rd = s->analysis.worker.wr = -1;
	session_history_init(&s->history, "");
	for (c = 0; c < 2; c++) {
		s->player[c] = session_player_new(c == WHITE ? &conf->white :
		    &conf->black, c, err, errlen);
		if (s->player[c] == NULL) {
			session_free(s);
			return -1;
		}
	}
	if (session_worker_init(&s->worker) < 0 ||
	    session_worker_init(&s->analysis.worker) < 0) {
		snprintf(err, errlen, _("cannot make the AI's pipe"));
		session_free(s);
		return -1;
	}
	return 0;
}

void
session_free(struct session *s)
{
	int c;

	session_analysis_stop(s);
	session_analyse_free(s);
	free(s->clip_long);
	s->clip_long = NULL;
	if (s->analysis.worker.rd >= 0)
		session_worker_free(&s->analysis.worker);
	s->analysis.worker.rd = s->analysis.worker.wr = -1;
	if (s->analysis.search != NULL)
		search_free(s->analysis.search);
	s->analysis.search = NULL;
	if (s->have_game)
		session_cancel_turns(s);
	if (s->worker.rd >= 0)
		session_worker_free(&s->worker);
	s->worker.rd = s->worker.wr = -1;
	for (c = 0; c < 2; c++) {
		session_player_free(s->player[c]);
		s->player[c] = NULL;
		session_search_free(s->advisor[c]);
		s->advisor[c] = NULL;
	}
	if (s->have_game)
		game_free(&s->game);
	s->have_game = false;
	record_tree_free(&s->tree);
	free(s->clk);
	s->clk = NULL;
	s->clk_cap = 0;
	session_history_free(&s->history);
	session_pick_close(s);
}

void
session_msg(struct session *s, int tone, const char *fmt, ...)
{
	struct session_msg *e;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s->msg.text, sizeof s->msg.text, fmt, ap);
	va_end(ap);
	s->msg.tone = tone;
	s->dirty = true;
	if (s->msg.text[0] == '\0')
		return;
	if (s->nlog < SESSION_LOG_MAX) {
		e = &s->log[(s->log_head + s->nlog) % SESSION_LOG_MAX];
		s->nlog++;
	} else {
		e = &s->log[s->log_head];
		s->log_head = (s->log_head + 1) % SESSION_LOG_MAX;
	}
	*e = s->msg;
}

const struct session_msg *
session_log_get(const struct session *s, int back)
{
	if (back < 0 || back >= s->nlog)
		return NULL;
	return &s->log[(s->log_head + s->nlog - 1 - back) % SESSION_LOG_MAX];
}

bool
session_human_turn(const struct session *s)
{
	return !game_over(&s->game) &&
	    s->player[game_board(&s->game)->side]->human;
}

bool
session_ai_vs_ai(const struct session *s)
{
	return !s->player[WHITE]->human && !s->player[BLACK]->human;
}

const char *
session_paused_hint(const struct session *s)
{
	return s->typed ? _(" (paused: pause resumes)") :
	    _(" (paused: p resumes)");
}

bool
session_in_game(const struct session *s)
{
	return s->game.nply > 0 && !game_over(&s->game);
}

int
session_human_count(const struct session *s)
{
	return s->player[WHITE]->human + s->player[BLACK]->human;
}

const struct board *
session_board(const struct session *s)
{
	/* a variation's position (session_variation.c) */
	if (s->var > 0 && s->var < s->tree.n)
		return &s->tree.node[s->var].pos;
	return &s->game.pos[session_shown_ply(s)];
}

int
session_shown_ply(const struct session *s)
{
	return s->review >= 0 && s->review < s->game.nply ? s->review :
	    s->game.nply;
}

const char *
session_nomove_reason(const struct session *s)
{
	static char buf[192];
	int side = game_board(&s->game)->side;
	char desc[96];

	/* (plain mode types commands where the full screen has keys) */
	if (game_over(&s->game))
		return s->typed ? _("the game is over: new starts a new one, "
		    "undo takes back") : _("the game is over: n starts a new "
		    "one, u takes back");
	if (s->review >= 0) {
		snprintf(buf, sizeof buf, s->typed ? _("reviewing ply %d of "
		    "%d: live returns to the game") : _("reviewing ply %d of "
		    "%d: } returns to the game"), s->review, s->game.nply);
		return buf;
	}
	if (s->hooks.nomove != NULL && s->hooks.nomove(s->hooks.ctx) != NULL)
		return s->hooks.nomove(s->hooks.ctx);
	if (s->player[side]->human && s->paused &&
	    !s->player[!side]->human)
		/* the AI's game waits, and so does the human: no thinking
		 * on a stopped clock */
		return s->typed ? _("the game is paused: pause resumes it, "
		    "then move") : _("the game is paused: p resumes it, then "
		    "move");
	if (s->player[side]->human)
		return NULL;
	session_player_label(s->player[side], desc, sizeof desc);
	if (s->paused)
		snprintf(buf, sizeof buf, s->typed ? _("%s to move: %s, paused "
		    "(pause resumes)") : _("%s to move: %s, paused (p "
		    "resumes)"), _(side_name[side]), desc);
	else
		snprintf(buf, sizeof buf, _("%s to move: %s thinks, wait for "
		    "its move"), _(side_name[side]), desc);
	return buf;
}

void
session_cancel_turns(struct session *s)
{
	int c;

	for (c = 0; c < 2; c++)
		if (s->player[c]->ops->turn_cancel != NULL)
			s->player[c]->ops->turn_cancel(s, s->player[c]);
	if (s->advising || s->thinking)
		session_worker_stop(&s->worker);
	s->advising = false;
	s->thinking = false;
	s->held = MOVE_NONE;
	s->ai_line[0] = '\0';
}

/* ---- new games and moves ---- */

void
session_new_game(struct session *s, const struct board *start)
{
	int c;

	if (s->have_game)
		session_cancel_turns(s);
	if (s->have_game)
		game_free(&s->game);
	game_init(&s->game, start, &s->conf.rules);
	s->have_game = true;
	s->start = *start;
	/* a new game: no variations (the tree follows it from here) */
	record_tree_free(&s->tree);
	session_var_leave_all(s);
	for (c = 0; c < 2; c++)
		if (s->player[c]->ops->reset != NULL)
			s->player[c]->ops->reset(s, s->player[c]);
	memset(&s->tags, 0, sizeof s->tags);
	s->kept = false;    /* a kept game stays until this one has a move */
	s->advice[0] = '\0';
	s->advice_move = MOVE_NONE;
	s->step = false;
	s->review = -1;
	s->asking = false;
	s->hold_turns = false;      /* (no question waits any more) */
	s->last_move_at = s->now();
	s->serial++;
	s->reset_serial++;
	session_clock_reset(s);
	session_turn(s);
}

void
session_turn(struct session *s)
{
	struct session_player *p;

	s->dirty = true;
	session_clock_follow(s);
	if (game_over(&s->game) || s->thinking || s->held != MOVE_NONE ||
	    s->hold_turns)
		return;
	p = s->player[game_board(&s->game)->side];
	if (p->ops->turn_begin == NULL)
		return;
	if (p->thinks && s->paused && !s->step)
		return;
	if (s->advising) {
		session_worker_stop(&s->worker);
		s->advising = false;
	}
	/* The AI is about to move: analysis gives it the CPU. */
	if (p->thinks)
		session_analysis_pause(s);
	p->ops->turn_begin(s, p);
	session_analysis_sync(s);
}

/* "rook on d4 taken, pawn on e5 taken" (or "drowned") after len bytes of
 * buf, each after a comma where buf has text: the new length. */
static size_t
describe_pieces(char *buf, size_t n, size_t len, int count,
    const uint8_t *sqs, const uint8_t *pieces, bool drowned)
{
	char sq[3];

	for (int i = 0; i < count && len < n; i++) {
		board_sq_name(sqs[i], sq);
		len += (size_t)snprintf(buf + len, n - len, "%s", len ? ", " :
		    "");
		if (len < n)
			len += (size_t)snprintf(buf + len, n - len, drowned ?
			    _("%1$s on %2$s drowned") : _("%1$s on %2$s taken"),
			    game_piece_word(PIECE_TYPE(pieces[i])), sq);
	}
	return len;
}

/* "pawn on d4 drowned", captures, promotion: what a move did. */
static void
describe_effects(const struct move_effects *fx, char *buf, size_t n)
{
	size_t len;

	buf[0] = '\0';
	len = describe_pieces(buf, n, 0, fx->ncaptured, fx->captured_sq,
	    fx->captured_piece, false);
	if (fx->promoted && len < n)
		len += (size_t)snprintf(buf + len, n - len, "%s%s",
		    len ? ", " : "", _("pawn promoted to superpawn"));
	describe_pieces(buf, n, len, fx->ndrowned, fx->drowned_sq,
	    fx->drowned_piece, true);
}

static void
flag(struct session *s, int side)
{
	char res[96];

	session_cancel_turns(s);
	s->flagged = side;
	s->game.result = side == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS;
	s->game.reason = REASON_TIME;
	clock_stop(&s->clock, s->now());
	clock_set(&s->clock, side, 0, s->now());
	session_result_text(s, res, sizeof res);
	session_msg(s, SM_GOOD, "%s (%s)", res, side == WHITE ? "0-1" : "1-0");
	session_keep(s);
}

void
session_play(struct session *s, move_t m, bool from_ai)
{
	struct board after = *game_board(&s->game);
	struct move_effects fx;
	char err[160], mv[MOVE_TEXT_MAX], what[SESSION_MSG_MAX];
	int mover = after.side, c;

	notation_write(m, mv, sizeof mv);
	if (!from_ai && s->thinking)
		session_cancel_turns(s);
	if (s->advising) {
		/* Advice about the position being left is no use. */
		session_worker_stop(&s->worker);
		s->advising = false;
	}
	/* A side's first move is not timed: no time taken, no increment. */
	if (session_clock_timed(s) && !game_over(&s->game)) {
		int64_t now = s->now();
		if (s->clock.running != mover)
			clock_start(&s->clock, mover, now);
		if (!clock_press(&s->clock, now)) {
			flag(s, mover);
			return;
		}
	}
	if (game_play(&s->game, m, err, sizeof err) < 0) {
		session_msg(s, SM_ERROR, "%s", err);
		return;
	}
	session_tree_sync(s);       /* the move tree follows the game */
	session_clock_note(s);
	memset(&fx, 0, sizeof fx);
	board_make(&after, m, &fx);
	describe_effects(&fx, what, sizeof what);
	/* What a move did stays on the line (a quiet reply of the AI does
	 * not wipe "your pawn on d4 drowned") and goes into the log. */
	if (what[0] != '\0')
		session_msg(s, SM_NORMAL, "%s %s: %s", _(side_name[mover]), mv,
		    what);
	s->advice[0] = '\0';
	s->advice_move = MOVE_NONE;
	s->held = MOVE_NONE;
	s->last_move_at = s->now();
	s->serial++;
	for (c = 0; c < 2; c++)
		if (s->player[c]->ops->move_played != NULL)
			s->player[c]->ops->move_played(s, s->player[c], m);
	if (game_over(&s->game)) {
		char res[96];
		session_clock_follow(s);
		session_result_text(s, res, sizeof res);
		/* The status bar gives the result; the line says how it
		 * came and what next (what the move did is in the log
		 * already: the line grows, the log does not repeat it). */
		if (what[0] != '\0') {
			char end[128];
			size_t len = strlen(s->msg.text);

			snprintf(end, sizeof end, _("%s (n: new game)"), res);
			snprintf(s->msg.text + len, sizeof s->msg.text - len,
			    "; %s", end);
			s->msg.tone = SM_GOOD;
		} else
			session_msg(s, SM_GOOD, _("%s (n: new game)"), res);
		session_analysis_sync(s);
		session_keep(s);
		return;
	}
	s->dirty = true;
	session_turn(s);
	session_analysis_sync(s);
	session_keep(s);
}

void
session_human_move(struct session *s, move_t m)
{
	const struct board *b = game_board(&s->game);
	char q[160], name[3];
	int sq, n;

	if (s->warn && session_move_hangs_lion(b, m))
		snprintf(q, sizeof q, _("%s can take your lion after this move. "
		    "Play it anyway? (y/n)"), _(side_name[!b->side]));
	else if (s->warn && (sq = session_move_drowns_own(b, m, &n)) >= 0) {
		/* a newcomer's piece left in the river: asked, as the lion */
		board_sq_name(sq, name);
		snprintf(q, sizeof q, n == 1 ? _("Your %s on %s drowns after "
		    "this move. Play it anyway? (y/n)") : _("Your %s on %s and "
		    "others drown after this move. Play it anyway? (y/n)"),
		    game_piece_word(PIECE_TYPE(b->sq[sq])), name);
	} else
		q[0] = '\0';
	if (q[0] != '\0') {
		snprintf(s->question, sizeof s->question, "%s", q);
		memset(&s->answer_cmd, 0, sizeof s->answer_cmd);
		s->answer_cmd.type = CMD_MOVE_NOW;
		notation_write(m, s->answer_cmd.arg, sizeof s->answer_cmd.arg);
		s->asking = true;
		s->dirty = true;
		return;
	}
	session_play(s, m, false);
}

bool
session_move_hangs_lion(const struct board *b, move_t m)
{
	struct board after = *b;
	struct move_effects fx;

	if (!movegen_is_legal(b, m))
		return false;
	memset(&fx, 0, sizeof fx);
	board_make(&after, m, &fx);
	if (fx.lion_captured || board_lion_sq(&after, b->side) < 0)
		return false;
	return movegen_attacks_lion(&after, after.side);
}

int
session_move_drowns_own(const struct board *b, move_t m, int *n)
{
	struct board after = *b;
	struct move_effects fx;
	int i, first = -1;

	*n = 0;
	if (!movegen_is_legal(b, m))
		return -1;
	memset(&fx, 0, sizeof fx);
	board_make(&after, m, &fx);
	if (fx.lion_captured)
		return -1;      /* the game is won: nothing else matters */
	for (i = 0; i < fx.ndrowned; i++)
		if (PIECE_COLOR(fx.drowned_piece[i]) == b->side) {
			if (first < 0)
				first = fx.drowned_sq[i];
			(*n)++;
		}
	return first;
}

bb_t
session_drowning(const struct board *b)
{
	return (b->occ[WHITE] | b->occ[BLACK]) & board_deep[b->variant] &
	    ~(b->pieces[WHITE][CROCODILE] | b->pieces[BLACK][CROCODILE]);
}

static void worker_msg(struct session *s, const struct session_job_msg *m);

void
session_worker_msg(struct session *s, const struct session_job_msg *m)
{
	worker_msg(s, m);
	/* The AI or the advisor is done: analysis may go on. */
	session_analysis_sync(s);
}

static void
worker_msg(struct session *s, const struct session_job_msg *m)
{
	char mv[MOVE_TEXT_MAX];
	int side = game_board(&s->game)->side;

	s->dirty = true;
	if (m->kind == MSG_INFO) {
		char nps[32];
		if (m->nps >= 1000000)
			snprintf(nps, sizeof nps, "%.1f Mn/s", m->nps / 1e6);
		else
			snprintf(nps, sizeof nps, "%.0f kn/s", m->nps / 1e3);
		snprintf(s->ai_line, sizeof s->ai_line, s->advising ?
		    _("%s advice: depth %d  %s  %s  %s") :
		    _("%s thinks: depth %d  %s  %s  %s"), _(side_name[side]),
		    m->depth, m->score, nps, m->pv);
		if (s->advising)
			snprintf(s->advice, sizeof s->advice, "%s", s->ai_line);
		return;
	}
	if (s->advising) {
		s->advising = false;
		if (m->move == MOVE_NONE) {
			session_msg(s, SM_ERROR, _("no advice: no move"));
			return;
		}
		notation_write(m->move, mv, sizeof mv);
		s->advice_move = m->move;
		if (m->score[0] != '\0')
			snprintf(s->advice, sizeof s->advice,
			    _("Advice for %s: %s  (score %s)"),
			    _(side_name[side]), mv, m->score);
		else
			snprintf(s->advice, sizeof s->advice,
			    _("Advice for %s: %s"), _(side_name[side]), mv);
		return;
	}
	if (!s->thinking)
		return;
	s->thinking = false;
	if (m->move == MOVE_NONE) {
		session_msg(s, SM_ERROR, _("the AI found no move"));
		return;
	}
	s->held = m->move;
	s->held_at = s->last_move_at;
	/* AI against AI: moves come at the chosen pace (off the clock). */
	if (session_ai_vs_ai(s) && !s->step && !s->clocked)
		s->held_at += s->delay_ms;
	if (s->step) {
		s->step = false;
		s->held_at = 0;
		session_play(s, m->move, true);
		return;
	}
	session_tick(s);
}

void
session_tick(struct session *s)
{
	int64_t now = s->now();
	int f;

	if (s->clocked && s->have_game && !game_over(&s->game)) {
		f = clock_flagged(&s->clock, now);
		if (f >= 0) {
			flag(s, f);
			session_analysis_sync(s);
			return;
		}
		session_clock_low(s, now);
	}
	if (s->held != MOVE_NONE && !s->paused && now >= s->held_at)
		session_play(s, s->held, true);
	session_analysis_sync(s);
}

int
session_timeout(struct session *s)
{
	int64_t d = -1, t, now = s->now();

	if (s->held != MOVE_NONE && !s->paused) {
		d = s->held_at - now;
		if (d <= 0)
			return 0;
	}
	if (s->clocked && s->have_game && !game_over(&s->game)) {
		t = clock_until_tick(&s->clock, now);
		if (t >= 0 && (d < 0 || t < d))
			d = t;
		t = clock_until_flag(&s->clock, now);
		if (t >= 0 && (d < 0 || t < d))
			d = t;
	}
	if (d < 0)
		return -1;
	return d > 60000 ? 60000 : (int)d;
}

void
session_install_player(struct session *s, int color,
    struct session_player *p)
{
	session_cancel_turns(s);
	session_player_free(s->player[color]);
	p->color = color;
	s->player[color] = p;
	s->dirty = true;
}

int
session_set_player(struct session *s, int color, const struct player_conf *pc)
{
	struct session_player *p;
	char err[160];

	p = session_player_new(pc, color, err, sizeof err);
	if (p == NULL) {
		session_msg(s, SM_ERROR, "%s", err);
		return -1;
	}
	session_install_player(s, color, p);
	if (color == WHITE)
		s->conf.white = *pc;
	else
		s->conf.black = *pc;
	return 0;
}

/* ---- what the view shows ---- */

void
session_result_text(const struct session *s, char *buf, size_t n)
{
	session_result_words(&s->game, s->flagged, s->result_why, buf, n);
}

void
session_result_words(const struct game *g, int flagged, const char *why,
    char *buf, size_t n)
{
	/* a loss on time the game itself says (a record read back) */
	if (flagged < 0 && why[0] == '\0' && g->reason == REASON_TIME &&
	    (g->result == RESULT_WHITE_WINS || g->result == RESULT_BLACK_WINS))
		flagged = g->result == RESULT_WHITE_WINS ? BLACK : WHITE;
	if (flagged >= 0 && game_over(g)) {
		snprintf(buf, n, _("%s wins: %s loses on time"),
		    _(side_name[!flagged]), _(side_name[flagged]));
		return;
	}
	if (why[0] != '\0') {
		if (g->result == RESULT_WHITE_WINS ||
		    g->result == RESULT_BLACK_WINS)
			snprintf(buf, n, _("%s wins: %s"), _(side_name[
			    g->result == RESULT_BLACK_WINS]), why);
		else
			snprintf(buf, n, "%s", why);
		return;
	}
	game_result_words(g->result, g->reason, buf, n);
}

void
session_move_label(const struct session *s, int ply, char *buf, size_t n)
{
	struct board b;
	struct move_effects fx;
	char mv[MOVE_TEXT_MAX], sq[3];
	const char *mark, *glyph;
	const struct record_note *note;
	size_t len;
	int i, taken;

	buf[0] = '\0';
	if (ply < 0 || ply >= s->game.nply)
		return;
	b = s->game.pos[ply];
	notation_write(s->game.moves[ply], mv, sizeof mv);
	memset(&fx, 0, sizeof fx);
	board_make(&b, s->game.moves[ply], &fx);
	len = (size_t)snprintf(buf, n, "%s", mv);
	taken = fx.ncaptured;
	if (fx.lion_captured && len < n)
		len += (size_t)snprintf(buf + len, n - len, "#");
	else if (taken > 1 && len < n)
		len += (size_t)snprintf(buf + len, n - len, "x%d", taken);
	else if (taken == 1 && len < n)
		len += (size_t)snprintf(buf + len, n - len, "x");
	if (fx.promoted && len < n)
		len += (size_t)snprintf(buf + len, n - len, "=S");
	for (i = 0; i < fx.ndrowned && len < n; i++) {
		board_sq_name(fx.drowned_sq[i], sq);
		len += (size_t)snprintf(buf + len, n - len, "~%s", sq);
	}
	/* its mark from an analysis (?! ? ??), then its glyph from the
	 * record or the player (! ? !! ?? !? ?!) beside it */
	mark = analyse_mark_symbol(session_analyse_mark(s, ply));
	glyph = session_move_glyph(s, ply);
	note = session_note(s, ply);
	if ((note == NULL || note->mark == 0) && glyph[0] != '\0')
		mark = "";      /* a record's glyphs: they are its marks */
	if (len < n)
		snprintf(buf + len, n - len, "%s%s%s", mark, mark[0] != '\0' &&
		    glyph[0] != '\0' ? " " : "", glyph);
}

void
session_result_label(const struct session *s, char *buf, size_t n)
{
	static const char *const why[] = {
		"", N_("lion captured"), N_("no moves left"),
		N_("bare lions"), N_("repetition"), N_("quiet moves"),
		N_("resigned"), N_("agreed"), N_("on time"), N_("abandoned"),
		N_("adjudicated")
	};
	_Static_assert(sizeof why / sizeof why[0] == REASON_LAST + 1,
	    "a word for every reason");
	unsigned r = (unsigned)s->game.reason;

	buf[0] = '\0';
	if (!game_over(&s->game))
		return;
	snprintf(buf, n, "%s %s", record_result_text(s->game.result),
	    s->flagged >= 0 ? _("on time") : r > 0 &&
	    r < sizeof why / sizeof why[0] ? _(why[r]) : "");
}
