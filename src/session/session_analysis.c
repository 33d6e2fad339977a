/*
 * session_analysis.c: continuous analysis of the position shown. A state
 * machine over the session: OFF (no thread), RUNNING (its own worker
 * searches the shown position without limit), WAITING (on, but an AI
 * player or the advisor has the CPU, or no game yet), DONE (the search
 * ended by itself: the deepest depth, or no move). session_analysis_sync
 * compares what runs with what the session shows and starts, restarts or
 * stops the worker; it is cheap and idempotent, so the session calls it
 * after every command, move, worker message and tick.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/search.h"
#include "engine/game.h"
#include "session/session.h"
#include "session/session_int.h"
#include "session/session_var.h"
#include "util/i18n.h"
#include "util/util.h"

static void
report_clear(struct session_analysis *an)
{
	an->depth = 0;
	an->nodes = an->nps = 0;
	an->score[0] = '\0';
	an->pv[0] = '\0';
	an->best = MOVE_NONE;
	an->nlines = 0;
	memset(an->line, 0, sizeof an->line);
	memset(an->pending, 0, sizeof an->pending);
}

/* The lines wanted: :analyze N, else the configuration's, else 3. */
static int
lines_wanted(const struct session *s)
{
	int n = s->analysis.lines;

	if (n < 1)
		n = s->conf.ui.analysis_lines;
	if (n < 1)
		n = SESSION_ANALYSIS_DEFAULT;
	return n > SESSION_ANALYSIS_LINES ? SESSION_ANALYSIS_LINES : n;
}

static bool same_position(const struct session *s, int ply);

/* While it waits for the AI, the report of a position no longer shown
 * goes: the panel must not show the last position's line as this one's. */
static void
forget_other(struct session *s)
{
	struct session_analysis *an = &s->analysis;

	if (s->have_game && !same_position(s, session_shown_ply(s)))
		report_clear(an);
}

/* Stop and join the search, if one runs; the report stays. */
static void
halt(struct session_analysis *an)
{
	if (an->worker.rd >= 0)
		session_worker_stop(&an->worker);
}

void
session_analysis_stop(struct session *s)
{
	struct session_analysis *an = &s->analysis;

	halt(an);
	an->on = false;
	an->state = ANALYSIS_OFF;
	s->dirty = true;
}

void
session_analysis_pause(struct session *s)
{
	struct session_analysis *an = &s->analysis;

	if (an->state != ANALYSIS_RUNNING && an->state != ANALYSIS_DONE)
		return;
	halt(an);
	an->state = ANALYSIS_WAITING;
	forget_other(s);
	s->dirty = true;
}

static const char *
refused(const struct session *s)
{
	if (s->hooks.noanalysis == NULL)
		return NULL;
	return s->hooks.noanalysis(s->hooks.ctx);
}

/* Is the analysed position the one shown? */
static bool
same_position(const struct session *s, int ply)
{
	const struct session_analysis *an = &s->analysis;
	/* the position shown: a variation's too (session_board) */
	const struct board *b = session_board(s);

	return an->ply == ply && an->reset_serial == s->reset_serial &&
	    an->pos.hash == b->hash && an->pos.quiet == b->quiet &&
	    an->pos.side == b->side && an->pos.variant == b->variant;
}

static void
begin(struct session *s, int ply)
{
	struct session_analysis *an = &s->analysis;
	struct search_options o;
	struct session_job job;

	if (an->search == NULL) {
		/* Full strength, one thread, the default table: the CPU is
		 * the player's. */
		search_options_default(&o);
		o.multipv = lines_wanted(s);
		an->search = search_new(&o);
	} else if (search_get_options(an->search)->multipv !=
	    lines_wanted(s)) {
		o = *search_get_options(an->search);
		o.multipv = lines_wanted(s);
		search_set_options(an->search, &o);  /* no weights: cannot fail */
	}
	if (an->reset_serial != s->reset_serial)
		search_clear(an->search);
	if (!same_position(s, ply))
		report_clear(an);
	memset(&job, 0, sizeof job);
	job.kind = JOB_ANALYSIS;
	job.pos = *session_board(s);
	job.color = job.pos.side;
	job.rules = s->game.rules;
	job.search = an->search;
	if (s->var > 0)
		job.nhistory = session_var_history(s, &job.history);
	else if (ply > 0) {
		job.history = xmalloc(sizeof *job.history * (size_t)ply);
		memcpy(job.history, s->game.pos, sizeof *job.history *
		    (size_t)ply);
		job.nhistory = ply;
	}
	an->pos = job.pos;
	an->ply = ply;
	an->reset_serial = s->reset_serial;
	s->dirty = true;
	if (session_worker_start(&an->worker, &job) < 0) {
		session_analysis_stop(s);
		session_msg(s, SM_ERROR, _("cannot start the analysis thread"));
		return;
	}
	an->starts++;
	an->state = ANALYSIS_RUNNING;
}

void
session_analysis_sync(struct session *s)
{
	struct session_analysis *an = &s->analysis;
	const char *why;
	int ply;

	if (!an->on) {
		if (an->state != ANALYSIS_OFF)
			session_analysis_stop(s);
		return;
	}
	if ((why = refused(s)) != NULL) {
		session_analysis_stop(s);
		session_msg(s, SM_ERROR, _("analysis off: %s"), why);
		return;
	}
	/* An AI about to move, or moving: the CPU is its own. */
	if (!s->have_game || s->thinking || s->advising ||
	    (s->held != MOVE_NONE && !s->paused && s->review < 0)) {
		if (an->state != ANALYSIS_WAITING) {
			halt(an);
			an->state = ANALYSIS_WAITING;
			s->dirty = true;
		}
		if (an->depth > 0 && s->have_game &&
		    !same_position(s, session_shown_ply(s))) {
			report_clear(an);
			s->dirty = true;
		}
		return;
	}
	ply = session_shown_ply(s);
	if ((an->state == ANALYSIS_RUNNING || an->state == ANALYSIS_DONE) &&
	    same_position(s, ply))
		return;
	halt(an);
	begin(s, ply);
}

void
session_analysis_toggle(struct session *s)
{
	struct session_analysis *an = &s->analysis;
	const char *why;

	if (an->on) {
		session_analysis_stop(s);
		session_msg(s, SM_NORMAL, _("analysis off"));
		return;
	}
	if ((why = refused(s)) != NULL) {
		session_msg(s, SM_ERROR, _("no analysis: %s"), why);
		return;
	}
	an->on = true;
	an->state = ANALYSIS_OFF;
	report_clear(an);
	an->ply = -1;
	session_msg(s, SM_NORMAL, "%s", s->typed ? _("analysis on (analyze "
	    "again stops it)") : _("analysis on (:analyze or A again stops "
	    "it)"));
	session_analysis_sync(s);
}

/*
 * A line of a depth's report (MultiPV: line multipv of nlines, 1 the
 * best): kept aside until the depth's last line comes, then all shown at
 * once, line 1 also as the report's score and best line, so that the
 * panel never mixes two depths (nor shows one move twice).
 */
static void
line_msg(struct session_analysis *an, const struct session_job_msg *m)
{
	struct session_analysis_line *l;
	int k = m->multipv > 1 ? m->multipv - 1 : 0;
	int n = m->nlines > 1 ? m->nlines : 1;

	if (n > SESSION_ANALYSIS_LINES)
		n = SESSION_ANALYSIS_LINES;
	if (k >= n)
		return;
	l = &an->pending[k];
	l->depth = m->depth;
	snprintf(l->score, sizeof l->score, "%s", m->score);
	snprintf(l->pv, sizeof l->pv, "%s", m->pv);
	l->best = m->move;
	if (k < n - 1)
		return;
	/* (a full pipe drops progress: a depth that lost a line waits
	 * for the next) */
	for (k = 0; k < n; k++)
		if (an->pending[k].depth != m->depth)
			return;
	memcpy(an->line, an->pending, sizeof an->line[0] * (size_t)n);
	an->nlines = n;
	an->depth = an->line[0].depth;
	an->nodes = m->nodes;
	an->nps = m->nps;
	snprintf(an->score, sizeof an->score, "%s", an->line[0].score);
	snprintf(an->pv, sizeof an->pv, "%s", an->line[0].pv);
	an->best = an->line[0].best;
}

void
session_analysis_msg(struct session *s, const struct session_job_msg *m)
{
	struct session_analysis *an = &s->analysis;

	s->dirty = true;
	if (m->depth > 0 && (m->kind == MSG_INFO || an->nlines == 0))
		line_msg(an, m);
	if (m->kind == MSG_DONE) {
		an->state = ANALYSIS_DONE;
		if (m->move == MOVE_NONE)
			report_clear(an);
	}
}

int
session_analysis_command(struct session *s, const char *arg)
{
	struct session_analysis *an = &s->analysis;
	char err[160];
	int n;

	if (arg == NULL || *arg == '\0') {
		session_analysis_toggle(s);
		return 0;
	}
	if (parse_int(arg, 1, SESSION_ANALYSIS_LINES, &n, err,
	    sizeof err) != 0) {
		session_msg(s, SM_ERROR, _("analyze: the number of lines must be "
		    "1..%d: %s"), SESSION_ANALYSIS_LINES, err);
		return -1;
	}
	an->lines = n;
	if (!an->on) {
		session_analysis_toggle(s);
		return 0;
	}
	/* on already: again from the start, with n lines */
	halt(an);
	an->state = ANALYSIS_OFF;
	report_clear(an);
	an->ply = -1;
	session_msg(s, SM_NORMAL, ngettext("analysis: %d line",
	    "analysis: %d lines", (unsigned long)n), n);
	session_analysis_sync(s);
	return 0;
}

void
session_analysis_line_text(const struct session *s, int k, char *buf,
    size_t n)
{
	const struct session_analysis *an = &s->analysis;
	const struct session_analysis_line *l;

	buf[0] = '\0';
	if (!an->on || k < 0 || k >= an->nlines || an->depth == 0)
		return;
	l = &an->line[k];
	if (l->depth == 0)
		return;
	snprintf(buf, n, "%d) %s d%d  %s", k + 1, l->score, l->depth, l->pv);
}

/* "12.3M" */
static void
count_text(uint64_t v, const char *unit, char *buf, size_t n)
{
	if (v >= 1000000)
		snprintf(buf, n, "%.1fM%s", v / 1e6, unit);
	else if (v >= 1000)
		snprintf(buf, n, "%.0fk%s", v / 1e3, unit);
	else
		snprintf(buf, n, "%u%s", (unsigned)v, unit);
}

void
session_analysis_head(const struct session *s, char *head, size_t n,
    char *stats, size_t m)
{
	const struct session_analysis *an = &s->analysis;
	char nps[32], nodes[32];

	head[0] = stats[0] = '\0';
	if (!an->on)
		return;
	if (an->state == ANALYSIS_WAITING) {
		snprintf(head, n, _("Analysis: waits for the AI"));
		return;
	}
	if (an->state == ANALYSIS_DONE && an->best == MOVE_NONE) {
		snprintf(head, n, _("Analysis: no move, game over"));
		return;
	}
	if (an->depth == 0) {
		snprintf(head, n, _("Analysis: thinking..."));
		return;
	}
	snprintf(head, n, an->state == ANALYSIS_DONE ?
	    _("Analysis %s  depth %d (end)") : _("Analysis %s  depth %d"),
	    an->score, an->depth);
	count_text(an->nps, _(" n/s"), nps, sizeof nps);
	count_text(an->nodes, _(" nodes"), nodes, sizeof nodes);
	snprintf(stats, m, "%s  %s", nps, nodes);
}
