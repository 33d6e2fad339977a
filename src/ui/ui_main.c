/*
 * ui_main.c: `congo` in the terminal: options and settings, the signals,
 * and the one poll() loop (stdin, the signal self-pipe, the AI worker's
 * pipe, and any player's socket).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config/config.h"
#include "engine/fen.h"
#include "engine/game.h"
#include "record/record.h"
#include "ui/ui.h"
#include "ui/ui_int.h"
#include "ui/ui_net.h"
#include "util/util.h"

static volatile sig_atomic_t got_signal;
static int sig_wr = -1;

static void
on_quit_signal(int sig)
{
	int saved = errno;

	got_signal = sig;
	if (sig_wr >= 0)
		(void)!write(sig_wr, "q", 1); /* full (EAGAIN): woken already */
	errno = saved;
}

static void
on_crash_signal(int sig)
{
	/* Give the user a usable terminal back, then die as we would have. */
	term_emergency_end();
	signal(sig, SIG_DFL);
	raise(sig);
}

static int
signals_init(struct ui_app *a)
{
	static const int quit_sigs[] = { SIGINT, SIGTERM, SIGHUP };
	static const int crash_sigs[] = { SIGSEGV, SIGABRT, SIGBUS, SIGFPE,
	    SIGILL };
	struct sigaction sa;
	size_t i;

	if (pipe2(a->sigpipe, O_NONBLOCK | O_CLOEXEC) < 0)
		return -1;
	sig_wr = a->sigpipe[1];
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_quit_signal;
	for (i = 0; i < sizeof quit_sigs / sizeof quit_sigs[0]; i++)
		sigaction(quit_sigs[i], &sa, NULL);
	sa.sa_handler = on_crash_signal;
	sa.sa_flags = SA_RESETHAND;
	for (i = 0; i < sizeof crash_sigs / sizeof crash_sigs[0]; i++)
		sigaction(crash_sigs[i], &sa, NULL);
	sa.sa_handler = SIG_IGN;
	sa.sa_flags = 0;
	sigaction(SIGPIPE, &sa, NULL);
	return 0;
}

static void
warn_config(const char *msg)
{
	fprintf(stderr, "congo: warning: %s\n", msg);
}

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
		a->dirty = true;
	}
	if (ev.key == UK_RESIZE) {
		a->dirty = true;
		return;
	}
	if (ev.key == UK_CTRL('c')) {
		a->quit = true;
		return;
	}
	if (a->lay.too_small) {
		if (ev.key == 'q')
			a->quit = true;
		return;
	}
	if (ev.key == UK_CLICK) {
		if (a->screen != SCR_BOARD)
			return;
		ev.sq = ui_layout_square(&a->lay, a->in.flipped, my, mx);
		if (ev.sq < 0)
			return;
	}
	ui_screens[a->screen].key(a, &ev);
}

static void
loop(struct ui_app *a)
{
	struct pollfd fds[4];
	struct ui_event ev;
	struct ui_msg msg;
	int nfds, timeout, i, my = 0, mx = 0, pfd[2];
	char buf[64];

	a->dirty = true;
	while (!a->quit && !got_signal) {
		if (a->dirty)
			ui_draw(a);
		nfds = 0;
		fds[nfds++] = (struct pollfd){ .fd = STDIN_FILENO,
		    .events = POLLIN };
		fds[nfds++] = (struct pollfd){ .fd = a->sigpipe[0],
		    .events = POLLIN };
		fds[nfds++] = (struct pollfd){ .fd = a->worker.rd,
		    .events = POLLIN };
		for (i = 0; i < 2; i++) {
			pfd[i] = a->player[i]->ops->pollfd != NULL ?
			    a->player[i]->ops->pollfd(a->player[i]) : -1;
			if (pfd[i] >= 0 && (i == 0 || pfd[1] != pfd[0]))
				fds[nfds++] = (struct pollfd){ .fd = pfd[i],
				    .events = POLLIN };
		}
		timeout = app_timeout(a);
		i = ui_net_timeout(a);
		if (i >= 0 && (timeout < 0 || i < timeout))
			timeout = i;
		if (poll(fds, (nfds_t)nfds, timeout) < 0 && errno != EINTR)
			break;
		if (fds[1].revents & POLLIN)
			while (read(a->sigpipe[0], buf, sizeof buf) > 0)
				;
		if (got_signal)
			break;
		/* Keys (and KEY_RESIZE after SIGWINCH interrupted poll). */
		while (!a->quit && term_read(&ev, &my, &mx))
			handle_key(a, &ev, my, mx);
		if (fds[1].revents & POLLHUP || fds[0].revents & (POLLHUP |
		    POLLERR | POLLNVAL))
			a->quit = true;
		while (ui_worker_read(&a->worker, &msg))
			app_worker_msg(a, &msg);
		for (i = 3; i < nfds; i++) {
			int c;
			if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			for (c = 0; c < 2; c++)
				if (pfd[c] == fds[i].fd &&
				    a->player[c]->ops->readable != NULL) {
					a->player[c]->ops->readable(a,
					    a->player[c]);
					break;
				}
		}
		app_tick(a);
		ui_net_tick(a);
	}
}

static int
setup_game(struct ui_app *a, const struct ui_opts *o, char *err,
    size_t errlen)
{
	struct board start;

	if (o->load != NULL) {
		struct game g;
		if (record_load(o->load, &g, &a->tags, &a->conf.rules, err,
		    errlen) < 0)
			return -1;
		a->game = g;
		a->have_game = true;
		a->start = g.pos[0];
		snprintf(a->save_name, sizeof a->save_name, "%s", o->load);
		ui_input_init(&a->in, game_board(&a->game));
		return 0;
	}
	if (fen_read(&start, o->fen != NULL ? o->fen : FEN_START, err,
	    errlen) < 0) {
		size_t n = strlen(err);
		if (n + 8 < errlen) {
			memmove(err + 7, err, n + 1);
			memcpy(err, "--fen: ", 7);
		}
		return -1;
	}
	a->start = start;
	return 0;
}

int
ui_main(int argc, char **argv)
{
	static struct ui_app app;
	struct ui_app *a = &app;
	struct ui_opts o;
	struct ui_net_opts no;
	struct term_opts to;
	char err[512];
	const char *nc;
	int c, status = 0;

	setlocale(LC_ALL, "");
	board_init();
	if (ui_net_opts_take(&argc, argv, &no, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 2;
	}
	if (ui_opts_parse(argc, argv, &o, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 2;
	}
	if (o.help) {
		ui_usage(stdout);
		ui_net_usage(stdout);
		return 0;
	}
	if (config_load(&a->conf, o.config, warn_config, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 2;
	}
	if (ui_opts_apply(&o, &a->conf, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 2;
	}
	nc = getenv("NO_COLOR");
	if (nc != NULL && nc[0] != '\0')
		a->conf.ui.color = false;
	a->color = a->conf.ui.color;
	a->unicode = a->conf.ui.unicode;
	if (a->unicode && strcmp(nl_langinfo(CODESET), "UTF-8") != 0) {
		fprintf(stderr, "congo: the Unicode pieces need a UTF-8 locale; "
		    "using letters\n");
		a->unicode = false;
	}
	a->delay_ms = a->conf.ui.ai_delay_ms;
	for (c = 0; c < 2; c++) {
		a->player[c] = ui_player_new(c == WHITE ? &a->conf.white :
		    &a->conf.black, c, err, sizeof err);
		if (a->player[c] == NULL) {
			fprintf(stderr, "congo: %s: %s\n",
			    c == WHITE ? "white" : "black", err);
			return 2;
		}
	}
	if (setup_game(a, &o, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 2;
	}
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "congo: the game needs a terminal "
		    "(congo --engine reads commands from a pipe)\n");
		return 2;
	}
	if (no.any && ui_net_start(a, &no, &o, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 2;
	}
	if (ui_worker_init(&a->worker) < 0 || signals_init(a) < 0) {
		fprintf(stderr, "congo: %s\n", strerror(errno));
		return 1;
	}
	to.color = a->color;
	to.mouse = a->conf.ui.mouse;
	if (term_init(&to) < 0) {
		fprintf(stderr, "congo: cannot start the terminal screen\n");
		return 1;
	}
	/* fatal() (out of memory) gives the terminal back before it prints */
	util_set_fatal_hook(term_end);
	app_set_flip_default(a);
	if (a->have_game) {
		a->paused = app_ai_vs_ai(a) && !game_over(&a->game);
		a->last_move_at = app_now_ms();
		if (a->paused)
			app_message(a, ST_NORMAL, "loaded %s: paused, p resumes",
			    a->save_name);
		app_turn(a);
	} else {
		app_new_game(a, &a->start);
	}
	if (a->player[WHITE]->human || a->player[BLACK]->human) {
		if (a->msg[0] == '\0' && app_human_turn(a))
			app_message(a, ST_DIM, "Welcome to Congo. Arrows and "
			    "Enter move a piece, ? shows the keys and rules.");
	}
	ui_net_go(a);

	loop(a);

	app_cancel_turns(a);
	ui_net_stop(a);
	ui_worker_free(&a->worker);
	term_end();
	if (got_signal)
		status = 128 + got_signal;
	for (c = 0; c < 2; c++)
		ui_player_free(a->player[c]);
	if (a->advisor != NULL)
		ui_search_free(a->advisor);
	game_free(&a->game);
	close(a->sigpipe[0]);
	close(a->sigpipe[1]);
	return status;
}
