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
#include "session/session_keep.h"
#include "ui/ui.h"
#include "ui/ui_int.h"
#include "ui/ui_net.h"
#include "ui/ui_learn.h"
#include "plain/plain.h"
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

/* A resize wakes the loop, which asks the terminal its size (term_read);
 * installed before curses starts, it keeps curses' own handler out. */
static void
on_winch_signal(int sig)
{
	int saved = errno;

	(void)sig;
	if (sig_wr >= 0)
		(void)!write(sig_wr, "w", 1);
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
	sa.sa_handler = on_winch_signal;
	sigaction(SIGWINCH, &sa, NULL);
	sa.sa_handler = on_crash_signal;
	sa.sa_flags = SA_RESETHAND;
	for (i = 0; i < sizeof crash_sigs / sizeof crash_sigs[0]; i++)
		sigaction(crash_sigs[i], &sa, NULL);
	sa.sa_handler = SIG_IGN;
	sa.sa_flags = 0;
	sigaction(SIGPIPE, &sa, NULL);
	return 0;
}

/* Settings warnings: shown in the game (message line and log), not
 * printed before the screen starts where nobody could read them; beyond
 * WARNINGS_MAX they are counted (the log says how many more). */
#define WARNINGS_MAX 40
struct warnings {
	char text[WARNINGS_MAX][SESSION_MSG_MAX];
	int n, more;
};
static struct warnings *config_warnings;

static void
warn_config(const char *msg)
{
	struct warnings *w = config_warnings;

	if (w == NULL)
		return;
	if (w->n == WARNINGS_MAX) {
		w->more++;
		return;
	}
	snprintf(w->text[w->n++], sizeof w->text[0], "%s", msg);
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
		if (app_screen(a) == SCR_BOARD && ui_graph_click(a, my, mx))
			return;
		ev.sq = ui_layout_square(&a->lay, a->in.flipped, my, mx);
		if (ev.sq < 0)
			return;
	}
	ui_screens[app_screen(a)].key(a, &ev);
}

/* What the loop watches: stdin, signals, the worker, players' sockets. */
static int
watch(struct ui_app *a, struct pollfd *fds, int *pfd)
{
	int nfds = 0, i;

	fds[nfds++] = (struct pollfd){ .fd = STDIN_FILENO, .events = POLLIN };
	fds[nfds++] = (struct pollfd){ .fd = a->sigpipe[0], .events = POLLIN };
	fds[nfds++] = (struct pollfd){ .fd = a->s.worker.rd, .events = POLLIN };
	fds[nfds++] = (struct pollfd){ .fd = a->s.analysis.worker.rd,
	    .events = POLLIN };
	/* a game's analysis (-1, ignored by poll, while none) */
	fds[nfds++] = (struct pollfd){ .fd = session_analyse_fd(&a->s),
	    .events = POLLIN };
	for (i = 0; i < 2; i++) {
		pfd[i] = a->s.player[i]->ops->pollfd != NULL ?
		    a->s.player[i]->ops->pollfd(a->s.player[i]) : -1;
		if (pfd[i] >= 0 && (i == 0 || pfd[1] != pfd[0]))
			fds[nfds++] = (struct pollfd){ .fd = pfd[i],
			    .events = POLLIN };
	}
	return nfds;
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
	struct pollfd fds[7];
	struct ui_event ev;
	struct session_job_msg msg;
	int nfds, i, c, r, my = 0, mx = 0, pfd[2];
	unsigned tick_shown = 0;
	char buf[64];

	a->s.dirty = true;
	while (!a->s.quit && !*sig) {
		if (a->s.dirty || (a->s.clocked && tick_shown !=
		    (unsigned)(a->s.now() / 100)))
			ui_draw(a);
		tick_shown = (unsigned)(a->s.now() / 100);
		nfds = watch(a, fds, pfd);
		if (poll(fds, (nfds_t)nfds, next_timeout(a)) < 0 &&
		    errno != EINTR)
			break;
		if (fds[1].revents & POLLIN)
			while (read(a->sigpipe[0], buf, sizeof buf) > 0)
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

static int
setup_game(struct ui_app *a, const struct ui_opts *o, int variant, char *err,
    size_t errlen)
{
	struct board start;
	const char *fen = o->fen != NULL ? o->fen : variant_start_fen(variant);

	if (o->load != NULL && o->game == 0 &&
	    record_count_games(o->load, err, errlen) > 1) {
		/* A file of several games: the list to pick one from. */
		if (fen_read(&start, FEN_START, err, errlen) < 0 ||
		    session_pick_open(&a->s, o->load) < 0)
			return -1;
		a->s.start = start;
		return 0;
	}
	if (o->load != NULL) {
		if (session_load(&a->s, o->load, o->game) < 0) {
			snprintf(err, errlen, "%s", a->s.msg.text);
			return -1;
		}
		return 0;
	}
	if (o->game > 0) {
		snprintf(err, errlen, "--game N goes with --load FILE (or "
		    "with --connect for a network game)");
		return -1;
	}
	if (fen_read_variant(&start, variant, fen, strlen(fen), err,
	    errlen) < 0) {
		size_t n = strlen(err);
		if (n + 8 < errlen) {
			memmove(err + 7, err, n + 1);
			memcpy(err, "--fen: ", 7);
		}
		return -1;
	}
	a->s.start = start;
	return 0;
}

/* Options, settings and the session, before the terminal: 0, or the
 * exit status (after printing why). */
static int
prepare(struct ui_app *a, int argc, char **argv, struct ui_opts *o)
{
	struct congo_conf conf;
	char err[512];
	const char *nc;

	if (ui_opts_parse(argc, argv, o, err, sizeof err) < 0 ||
	    session_net_opts_check(&o->net, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 2;
	}
	if (o->help) {
		ui_usage(stdout);
		ui_net_usage(stdout);
		ui_learn_usage(stdout);
		return -1;
	}
	if (config_load(&conf, o->config, warn_config, err, sizeof err) < 0 ||
	    ui_opts_apply(o, &conf, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 2;
	}
	nc = getenv("NO_COLOR");
	if (nc != NULL && nc[0] != '\0')
		conf.ui.color = false;
	session_tables_path(conf.tablebases.path);
	if (session_init(&a->s, &conf, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 2;
	}
	a->color = conf.ui.color;
	a->unicode = conf.ui.unicode;
	a->s.warn = conf.ui.warn;
	if (conf.clock[0] != '\0' && session_set_clock(&a->s, conf.clock) < 0) {
		fprintf(stderr, "congo: %s: %s\n", conf.source[0] != '\0' ?
		    conf.source : "congo.conf", a->s.msg.text);
		return 2;
	}
	if (o->clock != NULL && session_set_clock(&a->s, o->clock) < 0) {
		fprintf(stderr, "congo: --%s\n", a->s.msg.text);
		return 2;
	}
	if (setup_game(a, o, variant_parse(conf.variant) > 0 ?
	    variant_parse(conf.variant) : VARIANT_CONGO, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 2;
	}
	session_tables_check(&a->s, a->s.have_game ? a->s.game.variant :
	    a->s.start.variant);
	return 0;
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
		return "not during a lesson or puzzle";
	return ui_net_noanalysis(a);
}

/*
 * The game kept as it goes (session_keep.h), in the state folder: not for
 * network play, lessons or puzzles. --resume plays on the kept one; congo
 * without options that choose a game offers it; one that does not read is
 * said (and moved aside), never a reason not to start.
 */
static void
keep_start(struct ui_app *a, const struct ui_opts *o,
    const struct session_learn_opts *lo)
{
	struct session *s = &a->s;
	char desc[128], err[CONF_PATH_MAX + 512];
	int rc;

	s->keep_path[0] = '\0';
	if (o->net.any || lo->learn || lo->puzzle ||
	    session_state_path(SESSION_KEEP_NAME, s->keep_path,
	    sizeof s->keep_path) < 0) {
		s->keep_path[0] = '\0';
		return;
	}
	if (o->resume) {
		session_keep_resume(s);
		app_set_flip_default(a);
		app_sync(a);
		return;
	}
	if (ui_opts_choose_game(o))
		return;
	rc = session_keep_check(s->keep_path, &s->conf.rules, desc,
	    sizeof desc, err, sizeof err);
	if (rc < 0)
		session_msg(s, SM_ERROR, "%s", err);
	else if (rc > 0)
		session_keep_offer(s, desc);
}

/* The first screen: the game, and what the player should know first. */
static void
first_screen(struct ui_app *a, const char *unicode_why, struct warnings *w,
    const struct ui_opts *o, const struct session_learn_opts *lo)
{
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
		if (a->s.msg.text[0] == '\0' && session_human_turn(&a->s))
			session_msg(&a->s, SM_DIM, "Welcome to Congo. Arrows "
			    "and Enter move a piece, ? shows the keys and "
			    "rules.");
	}
	if (unicode_why != NULL)
		session_msg(&a->s, SM_ERROR, "%s", unicode_why);
	/* Each in the log (m); with several, the message line says how
	 * many there are rather than showing the last one alone. */
	for (i = 0; i < w->n; i++)
		session_msg(&a->s, SM_ERROR, "warning: %s", w->text[i]);
	if (w->more > 0)
		session_msg(&a->s, SM_ERROR, "warning: %d more warning%s about "
		    "the settings (the first %d are above)", w->more,
		    w->more == 1 ? "" : "s", WARNINGS_MAX);
	if (w->n > 1)
		session_msg(&a->s, SM_ERROR, "%d warnings about the settings: m "
		    "shows them all", w->n + w->more);
	keep_start(a, o, lo);
	ui_net_go(a);
}

int
ui_main(int argc, char **argv)
{
	static struct ui_app app;
	struct ui_app *a = &app;
	struct ui_opts o;
	struct session_learn_opts lo;
	struct term_opts to;
	struct warnings warns;
	const char *unicode_why = NULL;
	char err[512];
	int status;

	setlocale(LC_ALL, "");
	board_init();
	util_set_progname("congo");
	memset(&warns, 0, sizeof warns);
	config_warnings = &warns;
	a->net = xcalloc(1, sizeof *a->net);
	if (ui_learn_opts_take(&argc, argv, &lo, err, sizeof err) < 0) {
		config_warnings = NULL;
		fprintf(stderr, "congo: %s\n", err);
		return 2;
	}
	status = prepare(a, argc, argv, &o);
	config_warnings = NULL;
	if (status != 0)
		return status < 0 ? 0 : status;
	/* congo --plain: the session's other view (src/plain), no curses */
	if (plain_wanted(o.plain, &a->s.conf)) {
		status = plain_main(a, &o, &lo,
		    (const char (*)[SESSION_MSG_MAX])warns.text, warns.n);
		free(a->net);
		return status;
	}
	if (a->unicode && strcmp(nl_langinfo(CODESET), "UTF-8") != 0) {
		unicode_why = "the Unicode pieces need a UTF-8 locale: "
		    "using letters";
		a->unicode = false;
	}
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "congo: the game needs a terminal "
		    "(congo --engine reads commands from a pipe)\n");
		return 2;
	}
	if (term_check(err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 1;
	}
	if (session_learn_check_data(&lo, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 1;
	}
	a->s.hooks.ctx = a;
	a->s.hooks.command = net_command_hook;
	a->s.hooks.nomove = net_nomove_hook;
	a->s.hooks.noanalysis = noanalysis_hook;
	if (o.net.any && ui_net_start(a, &o.net, &o, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 2;
	}
	if (signals_init(a) < 0) {
		fprintf(stderr, "congo: %s\n", strerror(errno));
		return 1;
	}
	to.color = a->color;
	to.mouse = a->s.conf.ui.mouse;
	if (term_init(&to) < 0) {
		fprintf(stderr, "congo: cannot start the terminal screen\n");
		return 1;
	}
	/* fatal() (out of memory) gives the terminal back before it prints */
	util_set_fatal_hook(term_end);
	first_screen(a, unicode_why, &warns, &o, &lo);
	ui_learn_begin(a, &lo);

	loop(a, &got_signal);
	ui_learn_end(a);

	session_cancel_turns(&a->s);
	/* The game in progress kept with its clocks as they stand (a quit,
	 * a signal, the terminal gone), and said. */
	if (session_keep_quit(&a->s) && a->exit_msg[0] == '\0')
		snprintf(a->exit_msg, sizeof a->exit_msg, "the game is kept "
		    "in %.120s: congo offers to resume it (congo --resume "
		    "plays on)", a->s.keep_path);
	ui_net_stop(a);
	term_end();
	if (a->exit_msg[0] != '\0')
		fprintf(stderr, "congo: %s\n", a->exit_msg);
	status = got_signal ? 128 + got_signal : a->exit_status;
	session_free(&a->s);
	free(a->net);
	close(a->sigpipe[0]);
	close(a->sigpipe[1]);
	return status;
}
