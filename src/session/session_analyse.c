/*
 * session_analyse.c: a whole game's analysis in the session (:analyse),
 * and the record's notes it writes (session.h). The walk runs on a worker
 * thread of its own (session_worker.c's JOB_GAME) over a copy of the
 * game, so the screen stays live; its result becomes the game's notes:
 * each move's evaluation, its mark as a NAG and the better move. The
 * arithmetic is src/ai/analyse_score.c's. No curses.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/analyse.h"
#include "ai/search.h"
#include "engine/notation.h"
#include "session/session.h"
#include "session/session_int.h"
#include "util/i18n.h"
#include "util/util.h"

struct session_game_analyse {
	/* The notes, and the moves they were made for. */
	struct record_notes notes;
	move_t *moves;
	int nmoves;
	unsigned reset_serial;
	/* The analysis: a copy of the game, searched on the worker. */
	bool worker_ok, running;
	struct session_worker worker;
	void *search;
	struct game game;
	bool have_game;
	struct analyse_limits lim;
	struct analyse_result result;   /* written by the worker */
	int rc;
	int done, total;
	int64_t started;
	/* The game and mode it was started in: leaving them stops it. */
	unsigned run_serial, run_mode;
};

static struct session_game_analyse *
ga_get(struct session *s)
{
	if (s->ga == NULL) {
		s->ga = xcalloc(1, sizeof *s->ga);
		record_notes_init(&s->ga->notes);
		s->ga->worker.rd = s->ga->worker.wr = -1;
		s->ga->reset_serial = s->reset_serial;
	}
	return s->ga;
}

/* The notes made for this game's moves: how many plies they hold for. */
static int
valid_plies(const struct session *s)
{
	const struct session_game_analyse *ga = s->ga;
	int n, i;

	if (ga == NULL || ga->reset_serial != s->reset_serial ||
	    !s->have_game)
		return 0;
	n = s->game.nply < ga->nmoves ? s->game.nply : ga->nmoves;
	for (i = 0; i < n; i++)
		if (ga->moves[i] != s->game.moves[i])
			break;
	return i;
}

/* Remember the game's moves as those the notes are for. */
static void
notes_own(struct session *s)
{
	struct session_game_analyse *ga = ga_get(s);

	free(ga->moves);
	ga->nmoves = s->have_game ? s->game.nply : 0;
	ga->moves = xcalloc((size_t)ga->nmoves + 1, sizeof *ga->moves);
	if (ga->nmoves > 0)
		memcpy(ga->moves, s->game.moves,
		    sizeof *ga->moves * (size_t)ga->nmoves);
	ga->reset_serial = s->reset_serial;
}

const struct record_note *
session_note(const struct session *s, int ply)
{
	if (ply < 0 || ply >= valid_plies(s))
		return NULL;
	return record_notes_get(&s->ga->notes, ply);
}

struct record_note *
session_note_edit(struct session *s, int ply)
{
	struct session_game_analyse *ga = ga_get(s);
	int valid = valid_plies(s);

	record_notes_truncate(&ga->notes, valid);
	if (ga->reset_serial != s->reset_serial) {
		free(ga->notes.intro);
		ga->notes.intro = NULL;
		ga->notes.start_has_eval = false;
	}
	notes_own(s);
	return record_notes_at(&ga->notes, ply);
}

int
session_analyse_mark(const struct session *s, int ply)
{
	const struct record_note *n = session_note(s, ply);
	int m = MARK_NONE;

	if (n != NULL && n->mark != 0)
		/* this program's analysis: its mark alone, whatever glyph a
		 * player set beside it */
		return analyse_mark_of_nag(n->mark);
	for (int i = 0; n != NULL && i < n->nnag; i++)
		if ((int)analyse_mark_of_nag(n->nag[i]) > m)
			m = analyse_mark_of_nag(n->nag[i]);
	return m;
}

bool
session_analyse_eval(const struct session *s, int ply, int *white_cp)
{
	const struct record_note *n = session_note(s, ply);

	if (n == NULL || !n->has_eval)
		return false;
	*white_cp = n->eval_mate > 0 ? ANALYSE_CP_CEILING :
	    n->eval_mate < 0 ? -ANALYSE_CP_CEILING : n->eval_cp;
	return true;
}

bool
session_analyse_eval_text(const struct session *s, int ply, char *buf,
    size_t n)
{
	const struct record_note *note = session_note(s, ply);
	int a;

	buf[0] = '\0';
	if (note == NULL || !note->has_eval)
		return false;
	if (note->eval_mate != 0) {
		snprintf(buf, n, "#%d", note->eval_mate);
		return true;
	}
	a = note->eval_cp < 0 ? -note->eval_cp : note->eval_cp;
	snprintf(buf, n, "%c%d.%02d", note->eval_cp < 0 ? '-' : '+', a / 100,
	    a % 100);
	return true;
}

int
session_analyse_start_eval(const struct session *s)
{
	const struct record_notes *ns;

	if (s->ga == NULL || s->ga->reset_serial != s->reset_serial)
		return ANALYSE_CP_INITIAL;
	ns = &s->ga->notes;
	if (!ns->start_has_eval)
		return ANALYSE_CP_INITIAL;
	return ns->start_mate > 0 ? ANALYSE_CP_CEILING :
	    ns->start_mate < 0 ? -ANALYSE_CP_CEILING : ns->start_cp;
}

void
session_analyse_summary(const struct session *s, char *buf, size_t n)
{
	int nply = s->have_game ? s->game.nply : 0, i, c, cp;
	int count[2][NMARKS];
	int *cps;
	double acc[2];
	size_t len = 0;

	buf[0] = '\0';
	if (nply == 0)
		return;
	cps = xmalloc(sizeof *cps * (size_t)nply);
	memset(count, 0, sizeof count);
	for (i = 0; i < nply; i++) {
		if (!session_analyse_eval(s, i, &cp)) {
			free(cps);
			return;     /* not every move has its evaluation */
		}
		cps[i] = cp;
		count[s->game.pos[i].side][session_analyse_mark(s, i)]++;
	}
	analyse_game_accuracy(session_analyse_start_eval(s), cps, nply,
	    s->game.pos[0].side, acc);
	free(cps);
	for (c = 0; c < 2 && len < n; c++) {
		if (acc[c] < 0)
			continue;
		len += (size_t)snprintf(buf + len, n - len, "%s%s %.0f%% "
		    "%d?! %d? %d?\?", len ? "  " : "",
		    c == WHITE ? _("White") : _("Black"), acc[c],
		    count[c][MARK_INACCURACY], count[c][MARK_MISTAKE],
		    count[c][MARK_BLUNDER]);
	}
}

/* ---- notes of a record ---- */

void
session_notes_set(struct session *s, struct record_notes *ns)
{
	struct session_game_analyse *ga = ga_get(s);

	record_notes_free(&ga->notes);
	ga->notes = *ns;
	record_notes_init(ns);
	notes_own(s);
}

void
session_notes_get(const struct session *s, struct record_notes *out)
{
	int n = valid_plies(s), i;

	record_notes_init(out);
	if (s->ga == NULL)
		return;
	if (s->ga->reset_serial == s->reset_serial && s->ga->notes.intro)
		out->intro = xstrdup(s->ga->notes.intro);
	if (s->ga->reset_serial == s->reset_serial) {
		out->start_has_eval = s->ga->notes.start_has_eval;
		out->start_cp = s->ga->notes.start_cp;
		out->start_mate = s->ga->notes.start_mate;
	}
	for (i = 0; i < n && i < s->ga->notes.n; i++)
		record_note_copy(record_notes_at(out, i), &s->ga->notes.at[i]);
}

/* The comment of a move the evaluations would mark, left unmarked as the
 * search's own choice (congo(6) GAME RECORD FORMAT). */
#define OWN_MOVE "The search's own move, not marked."

/* "Blunder. Better was d6d5." (or OWN_MOVE) at the start of a text: its
 * length. */
static size_t
ours(const char *t)
{
	const char *p;

	if (strncmp(t, OWN_MOVE, strlen(OWN_MOVE)) == 0)
		return strlen(OWN_MOVE) + strspn(t + strlen(OWN_MOVE), " ");

	for (int m = MARK_INACCURACY; m < NMARKS; m++) {
		size_t k = strlen(analyse_mark_name(m));
		if (strncmp(t, analyse_mark_name(m), k) != 0)
			continue;
		p = strstr(t + k, ".");
		if (p == NULL)
			return 0;
		p = strchr(p + 1, '.');     /* "... Better was X." */
		if (p == NULL || strncmp(t + k, ". Better was ", 13) != 0)
			return 0;
		p++;
		return (size_t)(p - t) + strspn(p, " ");
	}
	return 0;
}

void
session_analyse_notes(const struct analyse_result *r, const struct game *g,
    struct record_notes *ns)
{
	char mv[MOVE_TEXT_MAX], text[RECORD_NOTE_TEXT_MAX];
	int i, k;

	/* the first position's value, before the first move: each mark can
	 * be worked out again from the evaluations written */
	if (r->nply > 0) {
		ns->start_has_eval = true;
		ns->start_cp = r->pos[0].white_cp;
		ns->start_mate = r->pos[0].mate;
	}
	for (i = 0; i < r->nply && i < g->nply; i++) {
		const struct analyse_ply *p = &r->ply[i];
		const struct analyse_pos *after = &r->pos[i + 1];
		struct record_note *n = record_notes_at(ns, i);
		const char *kept = n->text != NULL ? n->text : "";
		int nag = analyse_mark_nag(p->mark);

		/* the marks of an earlier analysis go (a record's glyphs
		 * that look like marks too, when it keeps no mark of ours) */
		for (k = 0; k < n->nnag; ) {
			if (n->mark != 0 ? n->nag[k] == n->mark :
			    analyse_mark_of_nag(n->nag[k]) != MARK_NONE) {
				memmove(n->nag + k, n->nag + k + 1,
				    (size_t)(n->nnag - k - 1));
				n->nnag--;
			} else
				k++;
		}
		n->mark = 0;
		if (nag != 0 && record_note_add_nag(n, nag) == 0)
			n->mark = (unsigned char)nag;
		n->has_eval = true;
		n->eval_cp = after->white_cp;
		n->eval_mate = after->mate;
		kept += ours(kept);
		if (p->mark != MARK_NONE && p->best != MOVE_NONE) {
			notation_write(p->best, mv, sizeof mv);
			snprintf(text, sizeof text, "%s. Better was %s.%s%s",
			    analyse_mark_name(p->mark), mv, kept[0] ? " " : "",
			    kept);
		} else if (p->judged != MARK_NONE)
			/* the evaluations alone would mark it */
			snprintf(text, sizeof text, "%s%s%s", OWN_MOVE,
			    kept[0] ? " " : "", kept);
		else
			snprintf(text, sizeof text, "%s", kept);
		record_note_set_text(n, text);
	}
}

/* ---- the walk on the worker ---- */

static void
progress(int done, int total, void *user)
{
	struct session_worker *w = user;
	struct session_job_msg m;

	memset(&m, 0, sizeof m);
	m.kind = MSG_INFO;
	m.job = w->id;
	m.depth = done;
	m.nodes = (uint64_t)total;
	session_worker_post(w, &m);
}

/* In the worker thread: the copy of the game, walked. */
static void
run(struct session_worker *w, void *arg)
{
	struct session_game_analyse *ga = arg;

	ga->rc = analyse_game(ga->search, &ga->game, &ga->lim, progress, w,
	    &w->cancel, &ga->result);
}

/* A copy of g, move by move (and its result). */
static void
copy_game(struct game *dst, const struct game *g)
{
	char err[160];

	game_init(dst, &g->pos[0], &g->rules);
	for (int i = 0; i < g->nply; i++)
		if (game_play(dst, g->moves[i], err, sizeof err) != 0)
			break;
	if (!game_over(dst) && g->result != RESULT_NONE) {
		dst->result = g->result;
		dst->reason = g->reason;
	}
}

/* The mode, reviewing being the game's own. */
static unsigned
game_mode(const struct session *s)
{
	unsigned m = session_mode(s);

	return m == SMODE_REVIEW ? SMODE_LOCAL : m;
}

static void
start(struct session *s, const struct analyse_limits *lim)
{
	struct session_game_analyse *ga = ga_get(s);
	struct search_options o;
	struct session_job job;
	const char *why;

	if (s->hooks.noanalysis != NULL &&
	    (why = s->hooks.noanalysis(s->hooks.ctx)) != NULL) {
		session_msg(s, SM_ERROR, "%s", why);
		return;
	}
	if (!s->have_game || s->game.nply == 0) {
		session_msg(s, SM_ERROR, _("analyse: no moves to analyse yet"));
		return;
	}
	if (!ga->worker_ok) {
		if (session_worker_init(&ga->worker) != 0) {
			session_msg(s, SM_ERROR, _("analyse: no worker pipe"));
			return;
		}
		ga->worker_ok = true;
	}
	if (ga->search == NULL) {
		search_options_default(&o);
		if (lim->threads > 0)
			o.threads = lim->threads;
		if (lim->hash_mb > 0)
			o.hash_mb = lim->hash_mb;
		ga->search = search_new(&o);
	}
	if (ga->have_game)
		game_free(&ga->game);
	copy_game(&ga->game, &s->game);
	ga->have_game = true;
	ga->lim = *lim;
	ga->rc = -1;
	ga->done = 0;
	ga->total = s->game.nply + 1;
	ga->started = s->now();
	ga->run_serial = s->reset_serial;
	ga->run_mode = game_mode(s);
	memset(&job, 0, sizeof job);
	job.kind = JOB_GAME;
	job.color = WHITE;
	job.search = ga->search;
	job.run = run;
	job.arg = ga;
	if (session_worker_start(&ga->worker, &job) != 0) {
		session_msg(s, SM_ERROR, _("analyse: cannot start a thread"));
		return;
	}
	ga->running = true;
	s->dirty = true;
	session_msg(s, SM_NORMAL, ngettext("analysing the game: %d position "
	    "at %s (:analyse stop cancels)", "analysing the game: %d positions "
	    "at %s (:analyse stop cancels)", (unsigned long)ga->total),
	    ga->total, lim->movetime_ms > 0 ?
	    _("a time a position") : _("a node limit a position"));
}

/* Stop a running analysis; `said` (NULL: nothing) on the message line
 * with how far it came. */
static void
cancel(struct session *s, const char *said)
{
	struct session_game_analyse *ga = s->ga;

	if (ga == NULL || !ga->running)
		return;
	session_worker_stop(&ga->worker);
	ga->running = false;
	analyse_result_free(&ga->result);
	s->dirty = true;
	if (said != NULL)
		session_msg(s, SM_NORMAL, _("%s (%d of %d positions done)"), said,
		    ga->done, ga->total);
}

/* The result into the notes of the live game (for the moves analysed,
 * when they are still the game's). */
static void
finish(struct session *s)
{
	struct session_game_analyse *ga = s->ga;
	struct analyse_result *r = &ga->result;
	char sum[200];
	int first = -1, valid = valid_plies(s), i;

	ga->running = false;
	s->dirty = true;
	if (ga->rc != 0) {
		session_msg(s, SM_ERROR, _("analysis cancelled"));
		return;
	}
	for (i = 0; i < r->nply && i < s->game.nply; i++)
		if (s->game.moves[i] != ga->game.moves[i])
			break;
	if (i < r->nply) {
		analyse_result_free(r);
		session_msg(s, SM_ERROR, _("analysis dropped: the game changed "
		    "under it (:analyse again)"));
		return;
	}
	/* notes of other moves than these are dropped */
	if (ga->reset_serial != s->reset_serial)
		valid = 0;
	record_notes_truncate(&ga->notes, valid);
	if (valid == 0 && ga->reset_serial != s->reset_serial) {
		free(ga->notes.intro);
		ga->notes.intro = NULL;
	}
	session_analyse_notes(r, &s->game, &ga->notes);
	notes_own(s);
	for (i = 0; i < r->nply && first < 0; i++)
		if (r->ply[i].mark != MARK_NONE)
			first = i;
	analyse_result_free(r);
	session_analyse_summary(s, sum, sizeof sum);
	/* the keys before the summary (the panel has it too): a line too
	 * narrow for both keeps them */
	session_msg(s, SM_GOOD, _("analysis done in %.1f s%s: %s"),
	    (double)(s->now() - ga->started) / 1000.0, first >= 0 ?
	    _("  (> next mistake, < previous)") : "", sum);
}

int
session_analyse_fd(const struct session *s)
{
	return s->ga != NULL && s->ga->worker_ok ? s->ga->worker.rd : -1;
}

void
session_analyse_poll(struct session *s)
{
	struct session_game_analyse *ga = s->ga;
	struct session_job_msg m;

	if (ga == NULL || !ga->worker_ok)
		return;
	/* A new game, a game loaded, another mode (the editor, a lesson):
	 * its game was left, and its search would take the CPU from the
	 * next one's AI. */
	if (ga->running && (ga->run_serial != s->reset_serial ||
	    ga->run_mode != game_mode(s))) {
		cancel(s, _("analysis stopped: its game was left"));
	}
	while (session_worker_read(&ga->worker, &m)) {
		if (!ga->running)
			continue;
		if (m.kind == MSG_INFO) {
			ga->done = m.depth;
			ga->total = (int)m.nodes;
			s->dirty = true;
		} else if (m.kind == MSG_DONE)
			finish(s);
	}
}

bool
session_analyse_progress(const struct session *s, int *done, int *total,
    int64_t *left_ms)
{
	const struct session_game_analyse *ga = s->ga;
	int64_t spent;

	if (ga == NULL || !ga->running)
		return false;
	*done = ga->done;
	*total = ga->total;
	spent = s->now() - ga->started;
	*left_ms = ga->done > 0 ? spent * (ga->total - ga->done) / ga->done :
	    -1;
	return true;
}

/* "nodes N" / "movetime MS" into lim; -1 with a message. */
static int
limits_parse(struct session *s, const char *arg, struct analyse_limits *lim)
{
	const char *how = _("(:analyse, :analyse nodes N, :analyse movetime "
	    "MS, :analyse stop)");
	const char *num = arg + strcspn(arg, " ");
	size_t wlen = (size_t)(num - arg);
	char err[96];
	long v;

	analyse_limits_default(lim);
	if (arg[0] == '\0')
		return 0;
	num += strspn(num, " ");
	if (wlen == 5 && strncmp(arg, "nodes", 5) == 0) {
		if (parse_long(num, 1, 100000000, &v, err, sizeof err) != 0)
			goto bad;
		lim->nodes = (uint64_t)v;
		return 0;
	}
	if (wlen == 8 && strncmp(arg, "movetime", 8) == 0) {
		if (parse_long(num, 1, 600000, &v, err, sizeof err) != 0)
			goto bad;
		lim->nodes = 0;
		lim->movetime_ms = (int)v;
		return 0;
	}
	session_msg(s, SM_ERROR, _("analyse: '%s' is not understood %s"), arg,
	    how);
	return -1;
bad:
	session_msg(s, SM_ERROR, _("analyse: %.*s: %s %s"), (int)wlen, arg, err,
	    how);
	return -1;
}

void
session_analyse_command(struct session *s, const char *arg)
{
	struct analyse_limits lim;

	arg += strspn(arg, " ");
	if (strcmp(arg, "stop") == 0 || strcmp(arg, "cancel") == 0 ||
	    (arg[0] == '\0' && s->ga != NULL && s->ga->running)) {
		if (s->ga == NULL || !s->ga->running)
			session_msg(s, SM_NORMAL, _("no analysis runs"));
		cancel(s, _("analysis cancelled"));
		return;
	}
	if (limits_parse(s, arg, &lim) != 0)
		return;
	cancel(s, NULL);
	start(s, &lim);
}

/* A note's text as the player reads it: the analysis's sentence at its
 * start (the record keeps it in English: ours) in the player's language,
 * a comment after it as it is. */
static void
note_shown(const char *t, char *buf, size_t n)
{
	size_t k = ours(t), l;
	const char *b, *e;
	char best[MOVE_TEXT_MAX];
	int m;

	if (k == 0) {
		snprintf(buf, n, "%s", t);
		return;
	}
	if (strncmp(t, OWN_MOVE, strlen(OWN_MOVE)) == 0) {
		snprintf(buf, n, "%s%s%s", _("The search's own move, not "
		    "marked."), t[k] != '\0' ? " " : "", t + k);
		return;
	}
	for (m = MARK_INACCURACY; m < NMARKS - 1; m++)
		if (strncmp(t, analyse_mark_name(m), strlen(
		    analyse_mark_name(m))) == 0)
			break;
	/* "Mistake. Better was d6d5." (ours checked its form) */
	l = strlen(analyse_mark_name(m));
	b = t + l + strlen(". Better was ");
	e = strchr(b, '.');
	snprintf(best, sizeof best, "%.*s", e != NULL ? (int)(e - b) : 0, b);
	l = (size_t)snprintf(buf, n, m == MARK_INACCURACY ?
	    _("Inaccuracy. Better was %s.") : m == MARK_MISTAKE ?
	    _("Mistake. Better was %s.") : _("Blunder. Better was %s."), best);
	if (t[k] != '\0' && l + 1 < n)
		snprintf(buf + l, n - l, " %s", t + k);
}

/* "10. d2d3?? Blunder. Better was f3e5." on the message line. */
static void
say(struct session *s, int i)
{
	const struct record_note *note = session_note(s, i);
	char mv[MOVE_TEXT_MAX + 16], text[RECORD_NOTE_TEXT_MAX + 64];

	text[0] = '\0';
	if (note != NULL && note->text != NULL)
		note_shown(note->text, text, sizeof text);
	session_move_label(s, i, mv, sizeof mv);
	session_msg(s, SM_NORMAL, "%d%s %s%s%s", s->game.pos[i].fullmove,
	    s->game.pos[i].side == WHITE ? "." : "...", mv, text[0] != '\0' ?
	    " " : "", text);
}

/* Has any move of the game an evaluation or a mark (an analysis's, or a
 * record's)? */
static bool
analysed(const struct session *s)
{
	int plies = valid_plies(s);

	for (int i = 0; i < plies; i++) {
		const struct record_note *n = session_note(s, i);
		if (n != NULL && (n->has_eval ||
		    session_analyse_mark(s, i) != MARK_NONE))
			return true;
	}
	return false;
}

void
session_analyse_jump(struct session *s, int dir)
{
	int at = session_shown_ply(s) - 1, i, n = s->game.nply;

	if (s->ga != NULL && s->ga->running) {
		session_msg(s, SM_NORMAL, _("the analysis is still running "
		    "(> and < step through its marks once it is done)"));
		return;
	}
	if (!analysed(s)) {
		session_msg(s, SM_NORMAL, _("no analysis yet: :analyse marks "
		    "the game's moves ?! ? ??, then > and < step through "
		    "them"));
		return;
	}
	for (i = at + dir; i >= 0 && i < n; i += dir)
		if (session_analyse_mark(s, i) != MARK_NONE)
			break;
	if (i < 0 || i >= n) {
		session_msg(s, SM_NORMAL, "%s", dir > 0 ?
		    _("no later marked move") : _("no earlier marked move"));
		return;
	}
	session_review_to(s, i + 1);
	say(s, i);
}

void
session_analyse_say(struct session *s)
{
	int i = session_shown_ply(s) - 1;
	const struct record_note *n = session_note(s, i);

	if (n != NULL && n->text != NULL)
		say(s, i);
}

void
session_analyse_free(struct session *s)
{
	struct session_game_analyse *ga = s->ga;

	if (ga == NULL)
		return;
	cancel(s, NULL);
	if (ga->worker_ok)
		session_worker_free(&ga->worker);
	if (ga->search != NULL)
		search_free(ga->search);
	if (ga->have_game)
		game_free(&ga->game);
	record_notes_free(&ga->notes);
	free(ga->moves);
	free(ga);
	s->ga = NULL;
}
