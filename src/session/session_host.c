/*
 * session_host.c: `congo --host`'s server, congo-server as a child process
 * (session_host.h). Found as git finds its helpers: next to the program
 * (/proc/self/exe's folder), else on PATH. Its database and log are those
 * the game's own server always had (congo-host.db and congo-host.log in
 * $XDG_STATE_HOME/congo/), created and brought up to date by itself.
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "net/client/client.h"
#include "session/session_host.h"
#include "util/i18n.h"
#include "util/util.h"

#define HOST_START_MS 15000      /* to open the database and listen */
#define HOST_UPGRADE_MS 60000    /* to bring an old database up to date */
#define HOST_STOP_MS 5000        /* to store what is queued and close */

static bool
executable(const char *path)
{
	return access(path, X_OK) == 0;
}

int
session_host_find(char *out, size_t n)
{
	char self[PATH_MAX], *slash;
	const char *path, *p, *end;
	ssize_t k;

	k = readlink("/proc/self/exe", self, sizeof self - 1);
	if (k > 0) {
		self[k] = '\0';
		if ((slash = strrchr(self, '/')) != NULL) {
			*slash = '\0';
			if ((size_t)snprintf(out, n, "%s/congo-server", self) <
			    n && executable(out))
				return 0;
		}
	}
	if ((path = getenv("PATH")) == NULL)
		return -1;
	for (p = path; ; p = end + 1) {
		size_t len;

		end = strchr(p, ':');
		len = end != NULL ? (size_t)(end - p) : strlen(p);
		/* an empty entry is the current folder, as for the shell */
		if ((size_t)snprintf(out, n, "%.*s/congo-server", (int)len,
		    len > 0 ? p : ".") < n && executable(out))
			return 0;
		if (end == NULL)
			return -1;
	}
}

/* The child, between fork and exec: only async-signal-safe calls. */
static void
child_exec(pid_t parent, int logfd, int nullfd, char *const argv[])
{
	struct rlimit rl;
	sigset_t none;
	int fd, max = 1024;

#ifdef __linux__
	/* congo gone, however it went (a crash too): the server goes */
	prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
	if (getppid() != parent)
		_exit(127);
	/* its own process group: the terminal's Ctrl-C is the game's */
	setpgid(0, 0);
	for (fd = 1; fd < NSIG; fd++)
		if (fd != SIGKILL && fd != SIGSTOP)
			signal(fd, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (dup2(nullfd, 0) < 0 || dup2(logfd, 1) < 0 || dup2(logfd, 2) < 0)
		_exit(127);
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
	    rl.rlim_cur < 65536)
		max = (int)rl.rlim_cur;
	for (fd = 3; fd < max; fd++)
		close(fd);
	execv(argv[0], argv);
	_exit(127);
}

static pid_t
spawn(char *const argv[], int logfd, int nullfd, char *err, size_t errlen)
{
	pid_t parent = getpid(), pid;

	pid = fork();
	if (pid < 0) {
		snprintf(err, errlen, _("cannot start congo-server: %s"),
		    strerror(errno));
		return -1;
	}
	if (pid == 0)
		child_exec(parent, logfd, nullfd, argv);
	return pid;
}

/* Wait up to ms for pid to end: its wait status, or -1 still running. */
static int
wait_exit(pid_t pid, long long ms)
{
	long long until = util_now_ms() + ms;
	int st;

	for (;;) {
		pid_t r = waitpid(pid, &st, WNOHANG);

		if (r == pid || (r < 0 && errno != EINTR))
			return r == pid ? st : 0;
		if (util_now_ms() >= until)
			return -1;
		poll(NULL, 0, 10);
	}
}

/* What a server that would not start said: the last line it wrote to its
 * log after offset, without its prefixes. */
static void
failure(const char *log, off_t offset, int st, char *err, size_t errlen)
{
	char buf[2048], *line, *p;
	ssize_t k = -1;
	int fd;

	if (log[0] != '\0' && (fd = open(log, O_RDONLY | O_CLOEXEC)) >= 0) {
		off_t end = lseek(fd, 0, SEEK_END);

		if (end - offset > (off_t)sizeof buf - 1)
			offset = end - (off_t)sizeof buf + 1;
		if (end > offset && lseek(fd, offset, SEEK_SET) == offset)
			k = read(fd, buf, sizeof buf - 1);
		close(fd);
	}
	if (k <= 0) {
		snprintf(err, errlen, _("congo-server did not start (exit status "
		    "%d)"), WIFEXITED(st) ? WEXITSTATUS(st) : 128 +
		    WTERMSIG(st));
		return;
	}
	buf[k] = '\0';
	while (k > 0 && (buf[k - 1] == '\n' || buf[k - 1] == '\r'))
		buf[--k] = '\0';
	line = (line = strrchr(buf, '\n')) != NULL ? line + 1 : buf;
	if ((p = strstr(line, "congo-server: ")) != NULL)
		line = p + strlen("congo-server: ");
	if (strncmp(line, "error: ", 7) == 0)
		line += 7;
	snprintf(err, errlen, "congo-server: %s", line);
}

static int
open_log(struct session_host *h, char *err, size_t errlen)
{
	int fd;

	if (net_default_db(h->log, sizeof h->log, "congo-host.log", err,
	    errlen) < 0)
		return -2;
	fd = open(h->log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0)
		h->log[0] = '\0';   /* no log: the server says nothing */
	return fd;
}

/* congo-server ARGS... with its output in the log; for a start (up),
 * until it listens on h->port, else until it ends. */
static int
run(struct session_host *h, char *const argv[], bool up, char *err,
    size_t errlen)
{
	int logfd, nullfd, st;
	off_t offset = 0;
	pid_t pid;

	if ((logfd = open_log(h, err, errlen)) == -2)
		return -1;
	if ((nullfd = open("/dev/null", O_RDWR | O_CLOEXEC)) < 0) {
		snprintf(err, errlen, _("/dev/null: %s"), strerror(errno));
		if (logfd >= 0)
			close(logfd);
		return -1;
	}
	if (logfd >= 0)
		offset = lseek(logfd, 0, SEEK_END);
	pid = spawn(argv, logfd >= 0 ? logfd : nullfd, nullfd, err, errlen);
	if (logfd >= 0)
		close(logfd);
	close(nullfd);
	if (pid < 0)
		return -1;
	if (!up) {
		if ((st = wait_exit(pid, HOST_UPGRADE_MS)) < 0) {
			kill(pid, SIGKILL);
			waitpid(pid, &st, 0);
			snprintf(err, errlen, _("congo-server --upgrade did not "
			    "finish"));
			return -1;
		}
		if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
			return 0;
		failure(h->log, offset, st, err, errlen);
		return -1;
	}
	h->pid = pid;
	for (long long until = util_now_ms() + HOST_START_MS; ; ) {
		if (waitpid(pid, &st, WNOHANG) == pid) {
			h->pid = 0;
			failure(h->log, offset, st, err, errlen);
			return -1;
		}
		if (net_port_listening(h->port))
			return 0;
		if (util_now_ms() >= until) {
			session_host_stop(h);
			snprintf(err, errlen, _("congo-server did not listen on "
			    "port %d within %d s"), h->port,
			    HOST_START_MS / 1000);
			return -1;
		}
		poll(NULL, 0, 10);
	}
}

int
session_host_start(struct session_host *h, int port, char *err,
    size_t errlen)
{
	char prog[PATH_MAX], db[1100], portarg[16];
	char *upgrade[] = { prog, "--config", "/dev/null", "--db", db,
		"--create", "--upgrade", NULL };
	char *serve[] = { prog, "--config", "/dev/null", "--db", db,
		"--create", "--port", portarg, "--log-level", "info", NULL };
	int tries;

	memset(h, 0, sizeof *h);
	if (session_host_find(prog, sizeof prog) < 0) {
		snprintf(err, errlen, _("--host serves the game with "
		    "congo-server, which is neither next to congo nor on "
		    "PATH: install it (Debian: apt-get install congo-server)"));
		return -1;
	}
	if (net_default_db(db, sizeof db, "congo-host.db", err, errlen) < 0)
		return -1;
	/* The game's own server: its own file, created and brought up to
	 * date by itself (congo-server refuses an older one until then). */
	if (run(h, upgrade, false, err, errlen) < 0)
		return -1;
	for (tries = 0; ; tries++) {
		h->port = port > 0 ? port : port == 0 ? net_free_port() :
		    NET_DEFAULT_PORT;
		if (h->port <= 0) {
			snprintf(err, errlen, _("no free port for the server"));
			return -1;
		}
		if (net_port_listening(h->port)) {
			if (port != 0) {
				snprintf(err, errlen, _("--host: port %d is "
				    "taken (another server listens there)"),
				    h->port);
				return -1;
			}
			if (tries >= 2) {
				snprintf(err, errlen, _("no free port for the "
				    "server"));
				return -1;
			}
			continue;   /* taken since the kernel offered it */
		}
		snprintf(portarg, sizeof portarg, "%d", h->port);
		if (run(h, serve, true, err, errlen) == 0)
			return 0;
		/* a free port taken meanwhile: another one */
		if (port != 0 || tries >= 2)
			return -1;
	}
}

void
session_host_stop(struct session_host *h)
{
	int st;

	if (h->pid <= 0)
		return;
	kill(h->pid, SIGTERM);
	if (wait_exit(h->pid, HOST_STOP_MS) < 0) {
		kill(h->pid, SIGKILL);
		waitpid(h->pid, &st, 0);
	}
	h->pid = 0;
}
