/*
 * cgp_load_check.c: the load run's checks and figures (cgp_load.c): every
 * acknowledged move in the server's HISTORY, once, in order (at the end of
 * a run, or of a file of them with --check), the latency percentiles, the
 * disk's sync time (--fsync) and the load average.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "cgp_load.h"

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

void
print_load(void)
{
	double la[3];

	if (getloadavg(la, 3) == 3)
		printf("load average: %.2f %.2f %.2f\n", la[0], la[1], la[2]);
}

/* The median time of a 4 KiB write and fdatasync in dir (what a commit
 * costs at least on that disk). */
int
fsync_test(const char *dir, int n)
{
	char path[1024], block[4096];
	double *t = calloc((size_t)n, sizeof *t);
	int fd, i;

	snprintf(path, sizeof path, "%s/cgp_load.fsync", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || t == NULL) {
		fprintf(stderr, "cgp_load: %s: %s\n", path, strerror(errno));
		return 1;
	}
	memset(block, 'x', sizeof block);
	for (i = 0; i < n; i++) {
		long long t0 = now_us();
		if (pwrite(fd, block, sizeof block, (off_t)(i % 64) * 4096) !=
		    (ssize_t)sizeof block || fdatasync(fd) < 0) {
			fprintf(stderr, "cgp_load: %s: %s\n", path,
			    strerror(errno));
			return 1;
		}
		t[i] = (now_us() - t0) / 1000.0;
	}
	close(fd);
	unlink(path);
	qsort(t, (size_t)n, sizeof *t, cmp);
	printf("fsync: median %.3f ms, p90 %.3f ms (%d writes+fdatasync in "
	    "%s): 1/median = %.0f syncs/s\n", t[n / 2], t[n * 9 / 10], n, dir,
	    1000.0 / t[n / 2]);
	print_load();
	free(t);
	return 0;
}

/* Every acknowledged move is in the server's history, once, in order. */
void
check_history(int fd, const char *id, int nacked,
    char (*acked)[MOVE_TEXT_MAX])
{
	char buf[1 << 16], line[600];
	size_t len = 0;
	int from = 0, items = 0, want = -1;
	struct cgp_msg *m = malloc(sizeof *m);

	while (from < nacked) {
		int n = snprintf(line, sizeof line, "#h HISTORY game=%s from=%d\n",
		    id, from);
		if (send(fd, line, (size_t)n, MSG_NOSIGNAL) != n)
			break;
		want = -1;
		items = 0;
		while (want < 0 || items < want) {
			char *lf = memchr(buf, '\n', len);
			if (lf == NULL) {
				struct pollfd p = { fd, POLLIN, 0 };
				ssize_t r;
				if (poll(&p, 1, 5000) <= 0)
					goto out;
				r = recv(fd, buf + len, sizeof buf - len, 0);
				if (r <= 0)
					goto out;
				len += (size_t)r;
				continue;
			}
			if (cgp_parse_msg(buf, (size_t)(lf - buf), m, NULL,
			    0) == 0) {
				if (m->type == CGP_M_OK &&
				    strcmp(m->verb, "HISTORY") == 0)
					want = (int)cgp_parse_num(
					    cgp_msg_get(m, "n"), 1000);
				else if (m->type == CGP_M_ERR) {
					problem("game %s: HISTORY from=%d "
					    "refused: %.200s", id, from,
					    buf);
					goto out;
				} else if (m->type == CGP_M_ITEM) {
					long p = cgp_parse_num(
					    cgp_msg_get(m, "ply"), MAXPLY);
					const char *mv = cgp_msg_get(m, "move");
					if (p >= nacked)
						problem("game %s ply %ld: "
						    "stored, never acknowledged",
						    id, p);
					else if (p != from + items ||
					    mv == NULL ||
					    strcmp(mv, acked[p]) != 0)
						problem("game %s ply %ld: "
						    "server has %s, acked %s",
						    id, p, mv ? mv : "?",
						    p >= 0 && p < MAXPLY ?
						    acked[p] : "?");
					items++;
				}
			}
			len -= (size_t)(lf - buf) + 1;
			memmove(buf, lf + 1, len);
		}
		if (want == 0)
			break;
		from += items;
	}
out:
	if (from < nacked)
		problem("game %s: the server's history stops at %d of %d",
		    id, from, nacked);
	free(m);
}

/* p50 p90 p99 max of a set of samples, sorted here. */
void
print_samples(const char *what, struct samples *s)
{
	if (s->n == 0)
		return;
	qsort(s->v, s->n, sizeof *s->v, cmp);
	printf("%s: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms "
	    "(%zu samples)\n", what, s->v[s->n / 2],
	    s->v[(size_t)(s->n * 0.9)], s->v[(size_t)(s->n * 0.99)],
	    s->v[s->n - 1], s->n);
}

/* Every acknowledged move, "game ply move" a line, a game's in order. */
int
write_acked(const char *path, struct lgame *games)
{
	FILE *f = fopen(path, "w");
	int i, k;

	if (f == NULL) {
		problem("%s: %s", path, strerror(errno));
		return -1;
	}
	for (i = 0; i < L.ngames; i++)
		for (k = 0; games[i].id[0] != '\0' && k < games[i].nacked; k++)
			fprintf(f, "%s %d %s\n", games[i].id, k,
			    games[i].acked[k]);
	for (struct done *d = finished; d != NULL; d = d->next)
		for (k = 0; d->acked != NULL && k < d->nacked; k++)
			fprintf(f, "%s %d %s\n", d->id, k, d->acked[k]);
	if (fclose(f) != 0) {
		problem("%s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* A connection for the checks: HELLO said, blocking. */
int
check_conn(void)
{
	char hello[] = "HELLO CGP/1 client=cgp_load-check\n";
	int fd = dial(L.ports[0]);

	if (fd < 0) {
		problem("cannot connect for the check");
		return -1;
	}
	fcntl(fd, F_SETFL, 0);
	if (send(fd, hello, sizeof hello - 1, MSG_NOSIGNAL) < 0)
		problem("check connection");
	return fd;
}

/* check_file reads a move with %68s. */
_Static_assert(MOVE_TEXT_MAX == 69, "check_file's sscanf width");

/* --check FILE: each game's moves of FILE against the server's HISTORY. */
int
check_file(const char *path)
{
	static char acked[MAXPLY][MOVE_TEXT_MAX];
	char id[16] = "", gid[16], mv[MOVE_TEXT_MAX], line[256];
	int n = 0, ply, fd;
	long long games = 0, moves = 0;
	FILE *f = fopen(path, "r");

	if (f == NULL) {
		fprintf(stderr, "cgp_load: %s: %s\n", path, strerror(errno));
		return 2;
	}
	if ((fd = check_conn()) < 0)
		return 1;
	for (;;) {
		bool got = fgets(line, sizeof line, f) != NULL &&
		    sscanf(line, "%15s %d %68s", gid, &ply, mv) == 3;
		if (n > 0 && (!got || strcmp(gid, id) != 0)) {
			check_history(fd, id, n, acked);
			games++;
			moves += n;
			n = 0;
		}
		if (!got)
			break;
		if (ply != n || ply >= MAXPLY) {
			problem("%s: game %s ply %d out of order", path, gid,
			    ply);
			continue;
		}
		snprintf(id, sizeof id, "%s", gid);
		snprintf(acked[n++], sizeof acked[0], "%s", mv);
	}
	fclose(f);
	close(fd);
	printf("HISTORY check on port %d: %lld games, %lld acknowledged "
	    "moves: %s\n", L.ports[0], games, moves, L.failures == 0 ?
	    "every one there, once, in order" : "FAILED");
	return L.failures == 0 ? 0 : 1;
}
