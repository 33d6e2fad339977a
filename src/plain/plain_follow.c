/*
 * plain_follow.c: what the session did, said once, in the order it
 * matters to a listener: a new game, each move in words (the player's,
 * the AI's, the opponent's over the network), the session's messages, a
 * lesson's or puzzle's text, a question, the result, whose turn it is,
 * and the clock running low. Called after every wake-up of the loop; it
 * compares the session with what it said last (struct plain).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/notation.h"
#include "learn/learn.h"
#include "plain/plain_int.h"
#include "session/session_learn.h"
#include "session/session_net.h"
#include "session/session_link.h"
#include "session/session_net_list.h"
#include "session/session_newgame.h"
#include "session/session_player.h"
#include "util/i18n.h"
#include "util/util.h"

/* A time control "300+5" (seconds) in words: "5 minutes plus 5
 * seconds"; false when it is none of that form. */
static bool
control_words(const char *control, char *buf, size_t n)
{
	char base[64], rest[2];
	long b, inc;

	if (sscanf(control, "%ld+%ld%1s", &b, &inc, rest) != 2 || b < 0 ||
	    inc < 0 || b > 86400 || inc > 3600 || (b == 0 && inc == 0))
		return false;
	if (b % 60 == 0)
		snprintf(base, sizeof base, ngettext("%ld minute",
		    "%ld minutes", (unsigned long)(b / 60)), b / 60);
	else
		snprintf(base, sizeof base, ngettext("%ld second",
		    "%ld seconds", (unsigned long)b), b);
	if (inc == 0)
		snprintf(buf, n, "%s", base);
	else
		snprintf(buf, n, ngettext("%s plus %ld second",
		    "%s plus %ld seconds", (unsigned long)inc), base, inc);
	return true;
}

static void
say_players(struct plain *p)
{
	struct session *s = p->s;
	char w[96], b[96], clock[96];
	long long left;
	bool run;

	session_player_label(s->player[WHITE], w, sizeof w);
	session_player_label(s->player[BLACK], b, sizeof b);
	if (!s->clocked && session_link_clock(s, WHITE, &left, &run) &&
	    s->net != NULL && control_words(s->net->control, clock,
	    sizeof clock))
		/* a network game's: the server's clock, in words */
		plain_out(P_("A game of %1$s: White is %2$s, Black is %3$s, "
		    "with a clock of %4$s (clock says the time each side "
		    "has)."), variant_get(s->game.variant)->title, w, b, clock);
	else if (!s->clocked && session_link_clock(s, WHITE, &left, &run))
		/* a network game's: the server's clock */
		plain_out(P_("A game of %1$s: White is %2$s, Black is %3$s, "
		    "with a clock (clock says the time each side has)."),
		    variant_get(s->game.variant)->title, w, b);
	else if (s->clocked) {
		/* as --clock and :clock take it: minutes + seconds */
		clock_format_minutes(s->tc_base, s->tc_inc, clock,
		    sizeof clock);
		plain_out(P_("A game of %1$s: White is %2$s, Black is %3$s, "
		    "with a clock of %4$s."), variant_get(s->game.variant)->title,
		    w, b, clock);
	} else
		plain_out(P_("A game of %1$s: White is %2$s, Black is %3$s, "
		    "without a clock."), variant_get(s->game.variant)->title,
		    w, b);
}

/* A new game, a load, a lesson's step: said whole. */
static void
say_reset(struct plain *p)
{
	struct session *s = p->s;

	p->seen_reset = s->reset_serial;
	p->said_ply = s->game.nply;
	p->turn_said = -1;
	p->review_said = -1;
	p->over_said = false;
	p->warned[WHITE] = p->warned[BLACK] = 0;
	p->nskip = 0;
	if (p->lobby && s->net != NULL) {
		/* no game of one's own: the lobby's board is nobody's */
		plain_out(P_("In the lobby of %1$s port %2$d: list says the "
		    "games on the server, help the commands."), s->net->host,
		    s->net->port);
		return;
	}
	if (!s->have_game || session_learn_active(s) ||
	    (s->learn != NULL && s->learn->mode == SL_LIST))
		return;
	say_players(p);
	if (s->game.nply > 0)
		plain_out(ngettext("The game has %d ply played so far.",
		    "The game has %d plies played so far.",
		    (unsigned long)s->game.nply), s->game.nply);
}

/* The session's message about a move said here is not said again. */
static void
skip_add(struct plain *p, int mover, move_t m)
{
	char mv[MOVE_TEXT_MAX];

	notation_write(m, mv, sizeof mv);
	if (p->nskip == 4) {
		memmove(p->skip[0], p->skip[1], sizeof p->skip[0] * 3);
		p->nskip = 3;
	}
	/* (session_game.c's words: the same messages, translated alike) */
	snprintf(p->skip[p->nskip++], sizeof p->skip[0], "%s %s: ",
	    mover == WHITE ? _("White") : _("Black"), mv);
}

static void
say_moves(struct plain *p)
{
	struct session *s = p->s;
	char buf[PLAIN_SAY_MAX];
	const struct board *b;
	int ply;

	if (s->game.nply < p->said_ply) {
		b = game_board(&s->game);
		plain_out(P_("Taken back: the game is at move %1$d, %2$s to "
		    "move."), (int)b->fullmove, plain_side(b->side));
		p->said_ply = s->game.nply;
		p->turn_said = s->game.nply;
		p->over_said = false;
		return;
	}
	for (ply = p->said_ply; ply < s->game.nply; ply++) {
		plain_say_move(&s->game.pos[ply], s->game.moves[ply], buf,
		    sizeof buf);
		plain_out("%s", buf);
		skip_add(p, s->game.pos[ply].side, s->game.moves[ply]);
	}
	p->said_ply = s->game.nply;
}

/* The session's log of a lesson's title ("Lesson: T") and its
 * introduction, in pieces cut at words (session_learn.c's log_intro). */
static bool
intro_piece(struct plain *p, const char *text)
{
	const struct learn_lesson *l = session_learn_lesson(p->s);
	char title[SESSION_MSG_MAX];
	const char *at;
	size_t n = strlen(text);

	snprintf(title, sizeof title, _("Lesson: %s"), l->title);
	if (strcmp(text, title) == 0)
		return true;
	for (at = l->intro; n > 0 && (at = strstr(at, text)) != NULL; at++)
		if ((at == l->intro || at[-1] == ' ') &&
		    (at[n] == '\0' || at[n] == ' '))
			return true;
	return false;
}

static bool
skipped(struct plain *p, const char *text)
{
	char res[128];
	int i;

	for (i = 0; i < p->nskip; i++)
		if (strncmp(text, p->skip[i], strlen(p->skip[i])) == 0)
			return true;
	/* a lesson's goal: said with its step */
	if (p->s->learn != NULL && p->s->learn->mode == SL_LESSON &&
	    strcmp(text, session_learn_step(p->s)->goal) == 0)
		return true;
	/* its title and introduction: said once, with its first step
	 * (issue 62: said twice) */
	if (p->s->learn != NULL && p->s->learn->mode == SL_LESSON &&
	    p->s->learn->step == 0 && intro_piece(p, text))
		return true;
	/* the result: said below, as a sentence of its own */
	if (game_over(&p->s->game)) {
		session_result_text(p->s, res, sizeof res);
		if (res[0] != '\0' && strncmp(text, res, strlen(res)) == 0)
			return true;
	}
	return false;
}

static void
say_messages(struct plain *p)
{
	struct session *s = p->s;
	const struct session_msg *m;
	char text[SESSION_MSG_MAX];
	int fresh, back;

	fresh = (s->nlog - p->log_nlog) +
	    (s->log_head - p->log_head + SESSION_LOG_MAX) % SESSION_LOG_MAX;
	p->log_nlog = s->nlog;
	p->log_head = s->log_head;
	if (fresh > s->nlog)
		fresh = s->nlog;
	for (back = fresh - 1; back >= 0; back--) {
		m = session_log_get(s, back);
		if (m == NULL || skipped(p, m->text))
			continue;
		plain_unkey(m->text, text, sizeof text);
		plain_out("%s", text);
	}
}

static void
say_lesson_list(struct plain *p)
{
	struct session_learn *L = p->s->learn;
	size_t i, n = learn_book_count(&L->book);

	plain_out("%s", P_("The lessons, one rule at a time:"));
	for (i = 0; i < n; i++) {
		const struct learn_lesson *l = learn_book_lesson(&L->book, i);
		bool done = learn_state_lesson_done(&L->st, l->id);
		plain_out(done ? P_("%1$zu. %2$s (done)") : P_("%1$zu. %2$s"),
		    i + 1, l->title);
	}
	plain_out("%s", P_("Type a lesson's number to start it, puzzle for "
	    "the puzzles, or back to leave the lessons."));
}

static void
say_all_pieces(struct plain *p)
{
	char buf[PLAIN_SAY_MAX];
	const struct board *b = session_board(p->s);

	plain_say_pieces(b, WHITE, buf, sizeof buf);
	plain_out("%s", buf);
	plain_say_pieces(b, BLACK, buf, sizeof buf);
	plain_out("%s", buf);
}

static void
say_learn(struct plain *p)
{
	struct session *s = p->s;
	struct session_learn *L = s->learn;
	const struct learn_lesson *l;
	const struct learn_step *st;
	const struct learn_puzzle *z;

	if (L == NULL)
		return;
	if (L->view_serial != p->learn_seen) {
		p->learn_seen = L->view_serial;
		if (L->mode == SL_LIST)
			say_lesson_list(p);
		else if (L->mode == SL_OFF)
			plain_out("%s", P_("Lessons and puzzles left."));
		if (L->mode != SL_LESSON)
			p->lesson_said = p->step_said = -1;
		if (L->mode != SL_PUZZLE)
			p->puzzle_said = -1;
	}
	if (L->mode == SL_LESSON && (L->lesson != p->lesson_said ||
	    L->step != p->step_said)) {
		l = session_learn_lesson(s);
		st = session_learn_step(s);
		if (L->lesson != p->lesson_said) {
			plain_out(P_("Lesson %1$d: %2$s."), L->lesson + 1,
			    l->title);
			plain_out("%s", l->intro);
		}
		p->lesson_said = L->lesson;
		p->step_said = L->step;
		p->waiting_said = false;
		plain_out(P_("Step %1$d of %2$zu. Goal: %3$s"), L->step + 1,
		    learn_lesson_nsteps(l), st->goal);
		say_all_pieces(p);
		plain_out(P_("%s to move. Type hint for a hint, solution for "
		    "the answer."), plain_side(session_board(s)->side));
	}
	if (L->mode == SL_PUZZLE && L->puzzle != p->puzzle_said &&
	    (z = session_puzzle_current(s)) != NULL) {
		int place, count;
		p->puzzle_said = L->puzzle;
		p->waiting_said = false;
		/* its place in the set chosen (variant, --theme), as the
		 * full screen counts */
		session_puzzle_place(s, &place, &count);
		plain_out(ngettext("Puzzle %1$d of %2$zu, rated %3$d: %4$s "
		    "takes the lion in %5$d move.", "Puzzle %1$d of %2$zu, "
		    "rated %3$d: %4$s takes the lion in %5$d moves.",
		    (unsigned long)L->left), place, (size_t)count,
		    learn_puzzle_rating(z), plain_side(L->solver), L->left);
		say_all_pieces(p);
		plain_out(P_("%s to move. Type hint for a hint, solution for "
		    "the answer."), plain_side(session_board(s)->side));
	}
	if (session_learn_active(s) && L->waiting && !p->waiting_said) {
		p->waiting_said = true;
		plain_out("%s", L->mode == SL_PUZZLE ? P_("Puzzle over. Type "
		    "next (or an empty line) for the next puzzle.") :
		    P_("Right. Type next (or an empty line) to go on."));
	}
	if (!L->waiting)
		p->waiting_said = false;
}

/* The advice (advice, hint) once its search is done: the full screen
 * shows it in the panel, here it is said once. */
static void
say_advice(struct plain *p)
{
	const struct session *s = p->s;

	if (s->advice[0] == '\0') {
		p->advice_said[0] = '\0';
		return;
	}
	if (s->advising || strcmp(s->advice, p->advice_said) == 0)
		return;
	snprintf(p->advice_said, sizeof p->advice_said, "%s", s->advice);
	plain_out("%s", s->advice);
}

/* A list of the server's (whois, top, games) as its lines come. */
static void
say_net_list(struct plain *p)
{
	const struct session_net_list *l = p->s->net != NULL ?
	    p->s->net->list : NULL;
	int i;

	if (l == NULL) {
		p->list_said = -1;
		return;
	}
	if (p->list_said < 0) {
		plain_out("%s", l->title);
		p->list_said = 0;
	}
	/* a game's line numbered: record N opens it (plain_net.c) */
	for (i = p->list_said; i < l->n; i++)
		if (l->games[i][0] != '\0')
			plain_out("%d. %s", i + 1, l->lines[i]);
		else
			plain_out("%s", l->lines[i]);
	if (l->done && p->list_said < l->n)
		for (i = 0; i < l->n; i++)
			if (l->games[i][0] != '\0') {
				plain_out("%s", P_("record N opens the record "
				    "of line N (a game over)."));
				break;
			}
	p->list_said = l->n;
}

static void
say_question(struct plain *p)
{
	struct session *s = p->s;
	char text[sizeof s->question];
	int i;

	if (s->asking && !p->asked) {
		plain_unkey(s->question, text, sizeof text);
		plain_out(P_("%s Answer yes or no."), text);
	}
	p->asked = s->asking;
	if (s->pick.open && !p->pick_said) {
		plain_out(ngettext("%1$s holds %2$d game:",
		    "%1$s holds %2$d games:", (unsigned long)s->pick.n),
		    s->pick.path, s->pick.n);
		for (i = 0; i < s->pick.n; i++)
			plain_out("%s", s->pick.line[i]);
		plain_out("%s", P_("Type a game's number to open it, or "
		    "cancel."));
	}
	p->pick_said = s->pick.open;
	if (s->ng.open && !plain_new_asking(p)) {
		/* The dialog is the full-screen game's: a new game as it
		 * last chose (white, black, clock and fen change it). */
		if (session_newgame_start(s) < 0) {
			plain_out("%s", s->ng.error);
			session_newgame_cancel(s);
		}
	}
}

static void
say_wants(struct plain *p)
{
	struct session *s = p->s;
	const struct session_msg *m;
	char text[SESSION_MSG_MAX];
	int back;

	if (s->want_help) {
		s->want_help = false;
		plain_help(p);
	}
	if (s->want_log) {
		s->want_log = false;
		plain_out("%s", P_("The last messages, oldest first:"));
		for (back = s->nlog < 20 ? s->nlog - 1 : 19; back >= 0; back--)
			if ((m = session_log_get(s, back)) != NULL) {
				plain_unkey(m->text, text, sizeof text);
				plain_out("%s", text);
			}
	}
	if (s->want_clip) {
		s->want_clip = false;
		if (s->clip_long != NULL) {
			/* :pgn: the record itself, a line at a time (no
			 * clipboard here) */
			for (char *l = s->clip_long, *e; *l != '\0'; l = e) {
				e = l + strcspn(l, "\n");
				plain_out("%.*s", (int)(e - l), l);
				if (*e == '\n')
					e++;
			}
		} else
			plain_out(P_("The position in FEN: %s"), s->clip);
		free(s->clip_long);
		s->clip_long = NULL;
	}
}

static void
say_review(struct plain *p)
{
	struct session *s = p->s;
	char buf[PLAIN_SAY_MAX];
	int ply;

	if (s->review == p->review_said)
		return;
	p->review_said = s->review;
	if (s->review < 0) {
		plain_out("%s", P_("Back to the game as it stands."));
		p->turn_said = -1;
		return;
	}
	ply = session_shown_ply(s);
	if (ply == 0) {
		plain_out("%s", P_("Reviewing: the start position."));
		return;
	}
	plain_say_move(&s->game.pos[ply - 1], s->game.moves[ply - 1], buf,
	    sizeof buf);
	plain_out(P_("Reviewing, after move %1$d: %2$s"),
	    (int)s->game.pos[ply - 1].fullmove, buf);
}

/* Whose turn, into buf ("" when there is no game). */
static void
turn_text(struct plain *p, char *buf, size_t n)
{
	struct session *s = p->s;
	const struct board *b;
	const struct session_player *pl;
	const char *why;
	char who[96], res[128];

	buf[0] = '\0';
	if (!s->have_game)
		return;
	b = game_board(&s->game);
	if (game_over(&s->game)) {
		session_result_text(s, res, sizeof res);
		snprintf(buf, n, P_("The game is over: %s."), res);
		return;
	}
	pl = s->player[b->side];
	why = session_nomove_reason(s);
	if (pl->thinks && s->paused)
		snprintf(buf, n, P_("Move %1$d: %2$s to move; the AI is "
		    "paused (pause resumes)."), (int)b->fullmove,
		    plain_side(b->side));
	else if (pl->thinks)
		snprintf(buf, n, P_("Move %1$d: %2$s to move; the AI is "
		    "thinking."), (int)b->fullmove, plain_side(b->side));
	else if (!pl->human) {
		session_player_label(pl, who, sizeof who);
		snprintf(buf, n, P_("Move %1$d: %2$s to move; waiting for "
		    "%3$s."), (int)b->fullmove, plain_side(b->side), who);
	} else if (why == NULL)
		snprintf(buf, n, P_("Move %1$d: %2$s to move."),
		    (int)b->fullmove, plain_side(b->side));
	else
		snprintf(buf, n, P_("Move %1$d: %2$s to move (%3$s)."),
		    (int)b->fullmove, plain_side(b->side), why);
}

void
plain_say_turn(struct plain *p)
{
	char buf[SESSION_MSG_MAX + 128];

	turn_text(p, buf, sizeof buf);
	if (buf[0] == '\0')
		return;
	plain_out("%s", buf);
	/* said: not again at the next wake-up (say_result_and_turn) */
	p->turn_said = p->s->game.nply;
	snprintf(p->turn, sizeof p->turn, "%s", buf);
}

static void
say_result_and_turn(struct plain *p)
{
	struct session *s = p->s;
	char res[128], text[sizeof p->turn];

	if (!s->have_game || s->review >= 0 || s->asking || s->pick.open ||
	    (s->learn != NULL && s->learn->mode == SL_LIST) || p->lobby ||
	    (s->net != NULL && s->net->c != NULL && !s->net->synced))
		return;         /* (a network game: once it is the server's) */
	if (game_over(&s->game)) {
		if (p->over_said)
			return;
		p->over_said = true;
		session_result_text(s, res, sizeof res);
		plain_out(P_("The game is over: %s."), res);
		if (s->net != NULL && s->net->rec.on)   /* a record */
			plain_out("%s", P_("Type back to step through its "
			    "moves, or quit to leave it."));
		else if (s->net != NULL && s->net->on)
			plain_out("%s", P_("Type rematch for another game, "
			    "or quit."));
		else if (!session_learn_active(s))
			plain_out("%s", P_("Type new for another game, or "
			    "quit."));
		return;
	}
	p->over_said = false;
	if (session_learn_active(s))
		return;
	/* the turn said again when who waits for what changed (the
	 * opponent came), not at every wake-up */
	turn_text(p, text, sizeof text);
	if (p->turn_said == s->game.nply && strcmp(text, p->turn) == 0)
		return;
	p->turn_said = s->game.nply;
	snprintf(p->turn, sizeof p->turn, "%s", text);
	plain_out("%s", text);
}

/* ---- the clock ---- */

static const int warn_ms[2] = { 30000, 10000 };

/* The time left of a side whose clock runs, false when none runs. */
static bool
running_left(struct plain *p, int *color, long long *left)
{
	struct session *s = p->s;
	long long l;
	bool run;
	int c;

	if (!s->have_game || game_over(&s->game))
		return false;
	for (c = 0; c < 2; c++)
		if (session_link_clock(p->s, c, &l, &run) && run) {
			*color = c;
			*left = l;
			return s->net->seat == c;
		}
	if (!s->clocked || s->clock.running < 0 ||
	    !s->player[s->clock.running]->human)
		return false;
	*color = s->clock.running;
	*left = session_clock_left(s, *color);
	return true;
}

int
plain_clock_timeout(struct plain *p)
{
	long long left;
	int c;

	if (!running_left(p, &c, &left) || p->warned[c] >= 2)
		return -1;
	left -= warn_ms[p->warned[c]];
	return left <= 0 ? 0 : left > 60000 ? 60000 : (int)left;
}

static void
clock_warn(struct plain *p)
{
	long long left;
	int c;

	if (!running_left(p, &c, &left))
		return;
	if (left > warn_ms[0]) {
		p->warned[c] = 0;
		return;
	}
	if (p->warned[c] < 2 && left <= warn_ms[p->warned[c]]) {
		while (p->warned[c] < 2 && left <= warn_ms[p->warned[c]])
			p->warned[c]++;
		/* the session says 10 s itself in a local game */
		if (p->warned[c] == 2 && p->s->clocked && left > 0)
			return;
		plain_out(ngettext("%1$s: %2$d second left on the clock.",
		    "%1$s: %2$d seconds left on the clock.",
		    (unsigned long)((left + 999) / 1000)), plain_side(c),
		    (int)((left + 999) / 1000));
	}
}

/* ---- a game's analysis (analyse): its progress ---- */

#define ANALYSE_SAY_MS 10000

int
plain_analyse_timeout(struct plain *p)
{
	int64_t due;

	if (!p->analysing)
		return -1;
	due = p->analyse_said_at + ANALYSE_SAY_MS - p->s->now();
	return due <= 0 ? 0 : due > 60000 ? 60000 : (int)due;
}

/* Said at each tenth more done, and every 10 s between: a long analysis
 * is not silent (issue 62). */
static void
say_analyse(struct plain *p)
{
	struct session *s = p->s;
	int done, total, tenth;
	int64_t left, now = s->now();

	if (!session_analyse_progress(s, &done, &total, &left) ||
	    total <= 0) {
		p->analysing = false;
		return;
	}
	if (!p->analysing) {        /* started: its message says so */
		p->analysing = true;
		p->analyse_tenth = 0;
		p->analyse_said_at = now;
		return;
	}
	tenth = done * 10 / total;
	if (done >= total || (tenth <= p->analyse_tenth &&
	    now - p->analyse_said_at < ANALYSE_SAY_MS))
		return;
	p->analyse_tenth = tenth;
	p->analyse_said_at = now;
	if (left >= 0)
		plain_out(ngettext("Analysing: %1$d%% done, %2$d of %3$d "
		    "position, about %4$lld s left.", "Analysing: %1$d%% "
		    "done, %2$d of %3$d positions, about %4$lld s left.",
		    (unsigned long)total), done * 100 / total, done, total,
		    (long long)((left + 999) / 1000));
	else
		plain_out(ngettext("Analysing: %1$d%% done, %2$d of %3$d "
		    "position.", "Analysing: %1$d%% done, %2$d of %3$d "
		    "positions.", (unsigned long)total), done * 100 / total,
		    done, total);
}

void
plain_say_clock(struct plain *p)
{
	struct session *s = p->s;
	long long l[2];
	bool run[2];
	char t[2][32];
	int c;

	if (session_link_clock(p->s, WHITE, &l[WHITE], &run[WHITE]) &&
	    session_link_clock(p->s, BLACK, &l[BLACK], &run[BLACK])) {
		;
	} else if (s->clocked) {
		for (c = 0; c < 2; c++) {
			l[c] = session_clock_shown(s, c);
			run[c] = s->clock.running == c && !game_over(&s->game);
		}
	} else {
		plain_out("%s", P_("This game has no clock."));
		return;
	}
	clock_format(l[WHITE], t[WHITE], sizeof t[WHITE]);
	clock_format(l[BLACK], t[BLACK], sizeof t[BLACK]);
	if (run[WHITE] || run[BLACK])
		plain_out(P_("White has %1$s, Black has %2$s; %3$s's clock "
		    "runs."), t[WHITE], t[BLACK],
		    plain_side(run[WHITE] ? WHITE : BLACK));
	else
		plain_out(P_("White has %1$s, Black has %2$s; no clock "
		    "runs."), t[WHITE], t[BLACK]);
}

void
plain_follow(struct plain *p)
{
	struct session *s = p->s;

	if (s->reset_serial != p->seen_reset) {
		/* Not while the resume question waits: the game said is the
		 * one that will be played (the kept one on yes). */
		if (!(s->asking && s->answer_cmd.type == CMD_RESUME))
			say_reset(p);
	} else
		say_moves(p);
	say_messages(p);
	say_advice(p);
	say_learn(p);
	say_net_list(p);
	say_question(p);
	say_wants(p);
	say_review(p);
	say_result_and_turn(p);
	clock_warn(p);
	say_analyse(p);
}
