/*
 * ui_main.c: the full-screen view, started by the game's front end
 * (src/cli/cli_game.c) with the options, settings and signals it wired:
 * the terminal, and the one poll() loop (stdin, the signal self-pipe, the
 * AI worker's pipe, and any player's socket).
 */

#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config/config.h"
#include "engine/game.h"
#include "session/session_keep.h"
#include "session/session_newgame.h"
#include "session/session_player.h"
#include "session/session_start.h"
#include "ui/ui.h"
#include "ui/ui_int.h"
#include "ui/ui_net.h"
#include "ui/ui_learn.h"
#include "util/i18n.h"
#include "util/util.h"

static void
handle_key(struct ui_app *a, const struct ui_event *ev0, int my, int mx)
{
	struct ui_event ev = *ev0;
	int rows, cols;

	if (ev.key == UK_NONE)
		return;
	/* The size may have changed since the last drawing, and curses may
	 * hand us the key before its KEY_RESIZE: ask the terminal. */
	term_size_now(&rows, &cols);
	if (rows != a->lay.rows || cols != a->lay.cols) {
		ui_layout_compute(&a->lay, rows, cols);
		a->s.dirty = true;
	}
	if (ev.key == UK_RESIZE) {
		a->s.dirty = true;
		return;
	}
	if (ev.key == UK_CTRL('c')) {
		a->s.quit = true;
		return;
	}
	if (a->lay.too_small) {
		if (ev.key == 'q')
			a->s.quit = true;
		return;
	}
	app_sync(a);
	if (ev.key == UK_CLICK) {
		if (app_screen(a) != SCR_BOARD && app_screen(a) != SCR_EDIT)
			return;
		if (app_screen(a) == SCR_BOARD && (ui_graph_click(a, my, mx) ||
		    ui_moves_click(a, my, mx)))
			return;
		ev.sq = ui_layout_square(&a->lay, a->in.flipped, my, mx);
		if (ev.sq < 0)
			return;
	}
	ui_screens[app_screen(a)].key(a, &ev);
}

/* Idle is idle: wake for the next timer, clock tick or network event, or
 * to settle a key half received (an Esc alone). */
static int
next_timeout(struct ui_app *a)
{
	int timeout = session_timeout(&a->s), i = ui_net_timeout(a);

	if (i >= 0 && (timeout < 0 || i < timeout))
		timeout = i;
	i = term_read_timeout();
	if (i >= 0 && (timeout < 0 || i < timeout))
		timeout = i;
	return timeout;
}

static void
loop(struct ui_app *a, volatile sig_atomic_t *sig)
{
	struct pollfd fds[SESSION_WATCH_MAX];
	struct ui_event ev;
	struct session_job_msg msg;
	int nfds, i, c, r, my = 0, mx = 0, pfd[2];
	unsigned tick_shown = 0;
	char buf[64];

	a->s.dirty = true;
	while (!a->s.quit && !*sig) {
		if (a->s.bell) {
			/* the opponent moved (ui.bell) */
			a->s.bell = false;
			if (a->s.conf.ui.bell)
				term_bell();
			/* and the window's title says it (issue 62) */
			if (a->s.heard[0] != '\0')
				term_title(a->s.heard);
		}
		if (a->s.dirty || (a->s.clocked && tick_shown !=
		    (unsigned)(a->s.now() / 100)))
			ui_draw(a);
		tick_shown = (unsigned)(a->s.now() / 100);
		nfds = session_watch(&a->s, STDIN_FILENO, a->sigfd, fds, pfd);
		if (poll(fds, (nfds_t)nfds, next_timeout(a)) < 0 &&
		    errno != EINTR)
			break;
		if (fds[1].revents & POLLIN)
			while (read(a->sigfd, buf, sizeof buf) > 0)
				;
		if (*sig)
			break;
		/* Keys, clicks, and a resize after SIGWINCH: whatever came,
		 * without waiting for more. */
		r = 0;
		while (!a->s.quit && (r = term_read(&ev, &my, &mx)) > 0)
			handle_key(a, &ev, my, mx);
		if (fds[1].revents & POLLHUP || fds[0].revents & (POLLHUP |
		    POLLERR | POLLNVAL) || r < 0)
			a->s.quit = true;
		while (session_worker_read(&a->s.worker, &msg))
			session_worker_msg(&a->s, &msg);
		while (session_worker_read(&a->s.analysis.worker, &msg))
			session_analysis_msg(&a->s, &msg);
		session_analyse_poll(&a->s);
		for (i = 5; i < nfds; i++) {
			if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			for (c = 0; c < 2; c++)
				if (pfd[c] == fds[i].fd &&
				    a->s.player[c]->ops->readable != NULL) {
					a->s.player[c]->ops->readable(&a->s,
					    a->s.player[c]);
					break;
				}
		}
		session_tick(&a->s);
		ui_net_tick(a);
	}
}

static bool net_command_hook(void *ctx, const struct session_cmd *cmd)
{
	return ui_net_command(ctx, cmd);
}

static const char *net_nomove_hook(void *ctx)
{
	return ui_net_nomove(ctx);
}

/* Analysis is refused in one's own network game (until it is over), and
 * in a lesson or puzzle (it would give the answer away). */
static const char *noanalysis_hook(void *ctx)
{
	struct ui_app *a = ctx;

	if (session_learn_active(&a->s))
		return _("not during a lesson or puzzle");
	return ui_net_noanalysis(a);
}

/* The kept game (session_start_keep), the board turned as it was. */
static void
keep_start(struct ui_app *a, const struct session_start *st)
{
	if (session_start_keep(&a->s, st)) {
		app_set_flip_default(a);
		app_sync(a);
	}
}

/* The first screen: the game, and what the player should know first. */
static void
first_screen(struct ui_app *a, const char *unicode_why,
    const struct session_start *st)
{
	const struct session_warnings *w = st->warn;
	char hist[CONF_PATH_MAX + 32];
	int i;

	if (session_state_path("history", hist, sizeof hist) == 0) {
		session_history_free(&a->s.history);
		session_history_init(&a->s.history, hist);
	}
	session_newgame_load(&a->s);
	app_set_flip_default(a);
	if (!a->s.have_game)
		session_new_game(&a->s, &a->s.start);
	app_sync(a);
	if (a->s.player[WHITE]->human || a->s.player[BLACK]->human) {
		/* Who never chose a game in the dialog (a first start) is
		 * told where the rules and an easier opponent are. */
		if (a->s.msg.text[0] == '\0' && session_human_turn(&a->s))
			session_msg(&a->s, SM_DIM, !a->s.ng.remembered ?
			    _("Welcome to Congo. New to the game? :learn "
			    "teaches it; n picks an easier AI.") :
			    _("Welcome to Congo. Arrows and Enter move a "
			    "piece, ? shows the keys and rules."));
	}
	if (unicode_why != NULL)
		session_msg(&a->s, SM_ERROR, "%s", unicode_why);
	/* Each in the log (m); with several, the message line says how
	 * many there are rather than showing the last one alone. */
	for (i = 0; i < w->n; i++)
		session_msg(&a->s, SM_ERROR, _("warning: %s"), w->text[i]);
	if (w->more > 0)
		session_msg(&a->s, SM_ERROR, ngettext("warning: %d more "
		    "warning about the settings (the first %d are above)",
		    "warning: %d more warnings about the settings (the first "
		    "%d are above)", (unsigned long)w->more), w->more,
		    SESSION_WARNINGS_MAX);
	if (w->n > 1)
		session_msg(&a->s, SM_ERROR, _("%d warnings about the settings: m "
		    "shows them all"), w->n + w->more);
	keep_start(a, st);
	ui_net_go(a);
}

int
ui_main(const struct session_start *st)
{
	static struct ui_app app;
	struct ui_app *a = &app;
	struct term_opts to;
	const char *unicode_why = NULL;
	char err[512];
	int status;

	a->net = xcalloc(1, sizeof *a->net);
	if (session_start_game(&a->s, st, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		free(a->net);
		return 2;
	}
	a->color = st->conf.ui.color;
	a->unicode = st->conf.ui.unicode;
	if (a->unicode && strcmp(nl_langinfo(CODESET), "UTF-8") != 0) {
		unicode_why = _("the Unicode pieces need a UTF-8 locale: "
		    "using letters");
		a->unicode = false;
	}
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, _("congo: the game needs a terminal "
		    "(congo --engine reads commands from a pipe)\n"));
		return 2;
	}
	if (term_check(err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 1;
	}
	if (session_learn_check_data(&st->lo, err, sizeof err) < 0 ||
	    session_learn_check_theme(&a->s, &st->lo, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 1;
	}
	a->s.hooks.ctx = a;
	a->s.hooks.command = net_command_hook;
	a->s.hooks.nomove = net_nomove_hook;
	a->s.hooks.noanalysis = noanalysis_hook;
	if (st->o.net.any && ui_net_start(a, st, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 2;
	}
	st->sig->crash = term_emergency_end;
	if (st->sig->start(st->sig, true) < 0) {
		fprintf(stderr, "congo: %s\n", strerror(errno));
		return 1;
	}
	a->sigfd = st->sig->fd;
	to.color = a->color;
	to.mouse = a->s.conf.ui.mouse;
	if (term_init(&to) < 0) {
		fprintf(stderr, _("congo: cannot start the terminal screen\n"));
		return 1;
	}
	/* fatal() (out of memory) gives the terminal back before it prints */
	util_set_fatal_hook(term_end);
	first_screen(a, unicode_why, st);
	ui_learn_begin(a, &st->lo);

	loop(a, &st->sig->got);
	ui_learn_end(a);

	session_cancel_turns(&a->s);
	/* The game in progress kept with its clocks as they stand (a quit,
	 * a signal, the terminal gone), and said. */
	if (session_keep_quit(&a->s) && a->exit_msg[0] == '\0')
		snprintf(a->exit_msg, sizeof a->exit_msg, _("the game is kept "
		    "in %.120s: congo offers to resume it (congo --resume "
		    "plays on)"), a->s.keep_path);
	ui_net_stop(a);
	term_end();
	if (a->exit_msg[0] != '\0')
		fprintf(stderr, "congo: %s\n", a->exit_msg);
	status = st->sig->got ? 128 + st->sig->got : a->exit_status;
	session_free(&a->s);
	free(a->net);
	return status;
}
