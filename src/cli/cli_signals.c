/*
 * cli_signals.c: the game's signals (struct session_signals), wired by its
 * front end for whichever view runs: a self-pipe that wakes the view's
 * poll() loop, the quit signal kept, a crash that gives the terminal back
 * before the program dies as it would have.
 */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "session/session_start.h"

static struct session_signals *the;
static int sig_wr = -1;

static void
on_quit_signal(int sig)
{
	int saved = errno;

	the->got = sig;
	if (sig_wr >= 0)
		(void)!write(sig_wr, "q", 1); /* full (EAGAIN): woken already */
	errno = saved;
}

/* A resize wakes the loop, which asks the terminal its size; installed
 * before curses starts, it keeps curses' own handler out. */
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
	if (the->crash != NULL)
		the->crash();
	signal(sig, SIG_DFL);
	raise(sig);
}

static int
start(struct session_signals *s, bool screen)
{
	static const int quit_sigs[] = { SIGINT, SIGTERM, SIGHUP };
	static const int crash_sigs[] = { SIGSEGV, SIGABRT, SIGBUS, SIGFPE,
	    SIGILL };
	struct sigaction sa;
	int fds[2];
	size_t i;

	if (pipe2(fds, O_NONBLOCK | O_CLOEXEC) < 0)
		return -1;
	s->fd = fds[0];
	sig_wr = fds[1];
	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_quit_signal;
	for (i = 0; i < sizeof quit_sigs / sizeof quit_sigs[0]; i++)
		sigaction(quit_sigs[i], &sa, NULL);
	if (screen) {
		sa.sa_handler = on_winch_signal;
		sigaction(SIGWINCH, &sa, NULL);
		sa.sa_handler = on_crash_signal;
		sa.sa_flags = SA_RESETHAND;
		for (i = 0; i < sizeof crash_sigs / sizeof crash_sigs[0]; i++)
			sigaction(crash_sigs[i], &sa, NULL);
	}
	sa.sa_handler = SIG_IGN;
	sa.sa_flags = 0;
	sigaction(SIGPIPE, &sa, NULL);
	return 0;
}

void
cli_signals_init(struct session_signals *s)
{
	memset(s, 0, sizeof *s);
	s->fd = -1;
	s->start = start;
	the = s;
}

void
cli_signals_end(struct session_signals *s)
{
	int wr = sig_wr;

	if (s->fd < 0)
		return;
	sig_wr = -1;
	close(s->fd);
	close(wr);
	s->fd = -1;
}
