/*
 * plain_main.c: `congo --plain`: the game set up as the full-screen one
 * sets it up (session_start_game, with what the front end read), then one
 * poll() loop on standard input (lines), the signal self-pipe, the AI
 * worker's pipe and any player's socket, as ui_main.c's loop; what the
 * session did
 * is said after each wake-up (plain_follow.c). End of input quits, the
 * game kept as the full-screen game keeps it (session_keep.c).
 */

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plain/plain_int.h"
#include "session/session_keep.h"
#include "session/session_learn.h"
#include "session/session_link.h"
#include "session/session_newgame.h"
#include "session/session_player.h"
#include "session/session_start.h"
#include "util/util.h"


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
next_timeout(struct plain *p)
{
	int t = session_timeout(p->s), i = plain_net_timeout(p);

	if (i >= 0 && (t < 0 || i < t))
		t = i;
	i = plain_clock_timeout(p);
	if (i >= 0 && (t < 0 || i < t))
		t = i;
	i = plain_analyse_timeout(p);
	if (i >= 0 && (t < 0 || i < t))
		t = i;
	return t;
}

static void
loop(struct plain *p, struct session_signals *sig)
{
	struct session *s = p->s;
	struct pollfd fds[SESSION_WATCH_MAX];
	struct session_job_msg msg;
	int nfds, i, c, pfd[2];
	bool in_open = true;
	char buf[64];

	int sigfd = sig->fd;

	while (!s->quit && !sig->got) {
		plain_follow(p);
		nfds = session_watch(s, STDIN_FILENO, sigfd, fds, pfd);
		if (!in_open)
			fds[0].fd = -1;
		if (poll(fds, (nfds_t)nfds, next_timeout(p)) < 0 &&
		    errno != EINTR)
			break;
		if (fds[1].revents & POLLIN)
			while (read(sigfd, buf, sizeof buf) > 0)
				;
		if (sig->got)
			break;
		if (in_open && fds[0].revents & (POLLIN | POLLHUP | POLLERR))
			in_open = read_input(p);
		if (!in_open) {
			/* end of input: quit, as a quit typed would */
			s->quit = true;
			break;
		}
		while (session_worker_read(&s->worker, &msg))
			session_worker_msg(s, &msg);
		while (session_worker_read(&s->analysis.worker, &msg))
			session_analysis_msg(s, &msg);
		session_analyse_poll(s);
		for (i = 5; i < nfds; i++) {
			if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			for (c = 0; c < 2; c++)
				if (pfd[c] == fds[i].fd &&
				    s->player[c]->ops->readable != NULL) {
					s->player[c]->ops->readable(s,
					    s->player[c]);
					break;
				}
		}
		session_tick(s);
		plain_net_tick(p);
	}
	plain_follow(p);
}

static void
first_words(struct plain *p, const struct session_start *st)
{
	const struct session_learn_opts *lo = &st->lo;
	struct session *s = p->s;
	int i;

	plain_out(P_("Congo %s, plain mode. Type help for the commands."),
	    PACKAGE_VERSION);
	session_newgame_load(s);
	if (!s->have_game)
		session_new_game(s, &s->start);
	for (i = 0; i < st->warn->n; i++)
		plain_out(P_("Warning: %s"), st->warn->text[i]);
	(void)session_start_keep(s, st);
	session_link_go(s);
	/* --puzzle with its --theme and --streak, as the full screen */
	session_learn_begin(s, lo);
}

int
plain_main(const struct session_start *st)
{
	static struct session session;  /* kept whole to the end, as the
					 * full-screen view keeps its own */
	struct plain *p = xcalloc(1, sizeof *p);
	struct session *s = &session;
	struct session_net_game ng;
	int status;
	char err[512], fatal[512];

	p->s = s;
	p->turn_said = -1;
	p->review_said = -1;
	p->lesson_said = p->step_said = p->puzzle_said = -1;
	p->list_said = -1;
	p->ng_step = -1;
	p->list_heard = -1;
	if (session_start_game(s, st, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		status = 2;
		goto out;
	}
	if (session_learn_check_data(&st->lo, err, sizeof err) < 0 ||
	    session_learn_check_theme(s, &st->lo, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		status = 1;
		goto out;
	}
	plain_net_hooks(p);
	session_opts_net_game(&st->o, &ng);
	if (st->o.net.any && plain_net_start(p, &st->o.net, &ng, err,
	    sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		status = 2;
		goto out;
	}
	if (st->sig->start(st->sig, false) < 0) {
		fprintf(stderr, "congo: %s\n", strerror(errno));
		status = 1;
		goto out;
	}
	/* The session's first state is not news: the game is said whole. */
	p->seen_reset = s->reset_serial - 1;
	first_words(p, st);
	loop(p, st->sig);
	session_learn_free(s);
	session_cancel_turns(s);
	if (session_keep_quit(s) && p->exit_msg[0] == '\0')
		snprintf(p->exit_msg, sizeof p->exit_msg, P_("The game is "
		    "kept in %.120s: congo --resume plays on."), s->keep_path);
	session_link_stop(s, fatal, sizeof fatal);
	if (fatal[0] != '\0') {
		/* a dead end: the reason */
		snprintf(p->exit_msg, sizeof p->exit_msg, "%s", fatal);
		p->exit_status = 1;
	}
	if (p->exit_msg[0] != '\0')
		plain_out("%s", p->exit_msg);
	plain_out("%s", P_("Goodbye."));
	status = st->sig->got ? 128 + st->sig->got : p->exit_status;
	session_free(s);
out:
	free(p);
	return status;
}
