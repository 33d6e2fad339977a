/*
 * plain_main.c: `congo --plain`: the game set up as the full-screen one
 * sets it up (ui_main read the options and the settings), then one poll()
 * loop on standard input (lines), the signal self-pipe, the AI worker's
 * pipe and any player's socket, as ui_main.c's loop; what the session did
 * is said after each wake-up (plain_follow.c). End of input quits, the
 * game kept as the full-screen game keeps it (session_keep.c).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plain/plain_int.h"
#include "session/session_keep.h"
#include "session/session_learn.h"
#include "session/session_link.h"
#include "ui/ui_int.h"
#include "util/util.h"

static volatile sig_atomic_t got_signal;
static int sig_wr = -1;

bool
plain_wanted(bool plain_option, const struct congo_conf *c)
{
	return plain_option || strcmp(c->ui.mode, "plain") == 0;
}

void
plain_out(const char *fmt, ...)
{
	char raw[PLAIN_SAY_MAX + 512], clean[PLAIN_SAY_MAX + 512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof raw, fmt, ap);
	va_end(ap);
	plain_clean(raw, clean, sizeof clean);
	printf("%s\n", clean);
	fflush(stdout);
}

static void
on_quit_signal(int sig)
{
	int saved = errno;

	got_signal = sig;
	if (sig_wr >= 0)
		(void)!write(sig_wr, "q", 1);
	errno = saved;
}

static int
signals_init(int fds[2])
{
	static const int quit_sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;
	size_t i;

	if (pipe2(fds, O_NONBLOCK | O_CLOEXEC) < 0)
		return -1;
	sig_wr = fds[1];
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_quit_signal;
	for (i = 0; i < sizeof quit_sigs / sizeof quit_sigs[0]; i++)
		sigaction(quit_sigs[i], &sa, NULL);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);
	return 0;
}

/* The kept game (session_keep.h), as the full-screen game keeps it: not
 * for network play, lessons or puzzles; --resume plays on; without
 * options that choose a game, the kept one is offered. */
static void
keep_start(struct session *s, const struct ui_opts *o,
    const struct session_learn_opts *lo)
{
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

/* Lines typed: each whole one handled; the rest waits for its end. */
static bool
read_input(struct plain *p)
{
	ssize_t r;
	char *nl;

	r = read(STDIN_FILENO, p->in + p->inlen, sizeof p->in - 1 - p->inlen);
	if (r < 0)
		return errno == EINTR || errno == EAGAIN;
	if (r == 0) {
		if (p->inlen > 0) {     /* a last line without its newline */
			p->in[p->inlen] = '\0';
			p->inlen = 0;
			plain_input(p, p->in);
		}
		return false;
	}
	p->inlen += (size_t)r;
	p->in[p->inlen] = '\0';
	while (!p->s->quit && (nl = strchr(p->in, '\n')) != NULL) {
		char line[sizeof p->in];
		size_t k = (size_t)(nl - p->in);
		memcpy(line, p->in, k);
		line[k] = '\0';
		if (k > 0 && line[k - 1] == '\r')
			line[k - 1] = '\0';
		memmove(p->in, nl + 1, p->inlen - k);
		p->inlen -= k + 1;
		p->in[p->inlen] = '\0';
		plain_input(p, line);
		plain_follow(p);
	}
	if (p->inlen == sizeof p->in - 1) {
		/* a line longer than any command: said, and dropped */
		plain_out("%s", P_("That line is too long; it is ignored."));
		p->inlen = 0;
	}
	return true;
}

static int
watch(struct ui_app *a, int sigfd, struct pollfd *fds, int *pfd)
{
	int nfds = 0, i;

	fds[nfds++] = (struct pollfd){ .fd = STDIN_FILENO, .events = POLLIN };
	fds[nfds++] = (struct pollfd){ .fd = sigfd, .events = POLLIN };
	fds[nfds++] = (struct pollfd){ .fd = a->s.worker.rd, .events = POLLIN };
	fds[nfds++] = (struct pollfd){ .fd = a->s.analysis.worker.rd,
	    .events = POLLIN };
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

static int
next_timeout(struct plain *p)
{
	int t = session_timeout(p->s), i = plain_net_timeout(p);

	if (i >= 0 && (t < 0 || i < t))
		t = i;
	i = plain_clock_timeout(p);
	if (i >= 0 && (t < 0 || i < t))
		t = i;
	return t;
}

static void
loop(struct plain *p, int sigfd)
{
	struct ui_app *a = p->a;
	struct pollfd fds[7];
	struct session_job_msg msg;
	int nfds, i, c, pfd[2];
	bool in_open = true;
	char buf[64];

	while (!a->s.quit && !got_signal) {
		plain_follow(p);
		nfds = watch(a, sigfd, fds, pfd);
		if (!in_open)
			fds[0].fd = -1;
		if (poll(fds, (nfds_t)nfds, next_timeout(p)) < 0 &&
		    errno != EINTR)
			break;
		if (fds[1].revents & POLLIN)
			while (read(sigfd, buf, sizeof buf) > 0)
				;
		if (got_signal)
			break;
		if (in_open && fds[0].revents & (POLLIN | POLLHUP | POLLERR))
			in_open = read_input(p);
		if (!in_open) {
			/* end of input: quit, as a quit typed would */
			a->s.quit = true;
			break;
		}
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
		plain_net_tick(p);
	}
	plain_follow(p);
}

static void
first_words(struct plain *p, const struct ui_opts *o,
    const struct session_learn_opts *lo, const char (*warn)[SESSION_MSG_MAX],
    int nwarn)
{
	struct session *s = p->s;
	int i;

	plain_out(P_("Congo %s, plain mode. Type help for the commands."),
	    PACKAGE_VERSION);
	session_newgame_load(s);
	if (!s->have_game)
		session_new_game(s, &s->start);
	for (i = 0; i < nwarn; i++)
		plain_out(P_("Warning: %s"), warn[i]);
	keep_start(s, o, lo);
	session_link_go(s);
	if (lo->puzzle)
		session_puzzle_next(s);
	else if (lo->learn)
		session_learn_open_list(s);
}

int
plain_main(struct ui_app *a, const struct ui_opts *o,
    const struct session_learn_opts *lo, const char (*warn)[SESSION_MSG_MAX],
    int nwarn)
{
	struct plain *p = xcalloc(1, sizeof *p);
	struct session_net_game ng;
	int sigfd[2], status;
	char err[512], fatal[512];

	p->a = a;
	p->s = &a->s;
	p->turn_said = -1;
	p->review_said = -1;
	p->lesson_said = p->step_said = p->puzzle_said = -1;
	p->list_said = -1;
	if (session_learn_check_data(lo, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		free(p);
		return 1;
	}
	plain_net_hooks(p);
	ui_opts_net_game(o, &ng);
	if (o->net.any && plain_net_start(p, &o->net, &ng, err,
	    sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		free(p);
		return 2;
	}
	if (signals_init(sigfd) < 0) {
		fprintf(stderr, "congo: %s\n", strerror(errno));
		free(p);
		return 1;
	}
	/* The session's first state is not news: the game is said whole. */
	p->seen_reset = a->s.reset_serial - 1;
	first_words(p, o, lo, warn, nwarn);
	loop(p, sigfd[0]);
	session_learn_free(&a->s);
	session_cancel_turns(&a->s);
	if (session_keep_quit(&a->s) && a->exit_msg[0] == '\0')
		snprintf(a->exit_msg, sizeof a->exit_msg, P_("The game is "
		    "kept in %.120s: congo --resume plays on."),
		    a->s.keep_path);
	session_link_stop(&a->s, fatal, sizeof fatal);
	if (fatal[0] != '\0') {
		/* a dead end: the reason */
		snprintf(a->exit_msg, sizeof a->exit_msg, "%s", fatal);
		a->exit_status = 1;
	}
	if (a->exit_msg[0] != '\0')
		plain_out("%s", a->exit_msg);
	plain_out("%s", P_("Goodbye."));
	status = got_signal ? 128 + got_signal : a->exit_status;
	session_free(&a->s);
	close(sigfd[0]);
	close(sigfd[1]);
	sig_wr = -1;
	free(p);
	return status;
}
