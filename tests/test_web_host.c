/*
 * test_web_host.c: the web pages served over a fake host (struct web_host)
 * and nothing of the server: a game page from the host's snapshot (a
 * player's name escaped), /metrics from its figures, /healthz from its
 * read, a page for a game it does not have, its log and refusals unused;
 * the tournaments' pages from its rows.
 * Links libcongo_web.a, util and engine only.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>


#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/util.h"
#include "web/web_host.h"

#ifdef HAVE_MICROHTTPD

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#include "test_main.h"

#define EVIL "<b>x</b>"

struct fake {
	int reads, logs;
	int tourney_calls;
};

static long long
f_now(void *ctx)
{
	(void)ctx;
	return util_now_ms();
}

static void
f_log(void *ctx, int level, const char *msg)
{
	(void)level;
	(void)msg;
	((struct fake *)ctx)->logs++;
}

static void
f_refused(void *ctx, const char *msg)
{
	f_log(ctx, WEB_LOG_WARN, msg);
}

static int
f_split(const char *addr, char *host, size_t n, int *port)
{
	const char *colon = strrchr(addr, ':');

	if (colon == NULL || (size_t)(colon - addr) >= n)
		return -1;
	memcpy(host, addr, (size_t)(colon - addr));
	host[colon - addr] = '\0';
	*port = atoi(colon + 1);
	return 0;
}

static void
f_net_of(void *ctx, const char *addr, char *out, size_t n)
{
	(void)ctx;
	snprintf(out, n, "%s", addr);
}

/* Answered at once (a server without a reader thread). */
static void
f_read(void *ctx, struct web_read *r, void (*done)(void *),
    void (*drop)(void *), void *arg)
{
	(void)drop;
	((struct fake *)ctx)->reads++;
	r->rc = r->kind == WEB_READ_HEALTH ? 0 : -1;
	done(arg);
}

static int
f_game_find(void *ctx, const char *id, char *out)
{
	(void)ctx;
	if (strcmp(id, "ABCD2345") != 0)
		return 0;
	snprintf(out, WEB_ID_LEN + 1, "%s", id);
	return 1;
}

static int
f_game(void *ctx, const char *id, long long now, int from,
    struct web_gamedata *d, struct web_ratings *rr)
{
	(void)ctx;
	(void)now;
	(void)from;
	(void)rr;
	memset(d, 0, sizeof *d);
	snprintf(d->w.row.id, sizeof d->w.row.id, "%s", id);
	snprintf(d->w.row.variant, sizeof d->w.row.variant, "congo");
	snprintf(d->w.row.white, sizeof d->w.row.white, EVIL);
	snprintf(d->w.row.black, sizeof d->w.row.black, "bob");
	d->w.row.status = 1;
	d->w.running = -1;
	web_gamedata_alloc(d, 0);
	snprintf(web_gamedata_fen(d, 0), 80, "%s",
	    "gelcleg/ppppppp/7/7/7/PPPPPPP/GELCLEG w 0 1");
	return 1;
}

static char *
f_record(void *ctx, const char *id)
{
	(void)ctx;
	(void)id;
	return NULL;
}

static void
f_figures(void *ctx, const int *bounds, int nb, struct web_figures *f)
{
	(void)ctx;
	(void)bounds;
	(void)nb;
	memset(f, 0, sizeof *f);
	f->conns = 7;
	f->status[0] = "open";
	f->status[1] = "active";
	f->status[2] = "finished";
	f->games[1] = 3;
}

static void
f_trow(struct web_tourney_row *t)
{
	memset(t, 0, sizeof *t);
	snprintf(t->id, sizeof t->id, "%s", "TOURN234");
	snprintf(t->kind, sizeof t->kind, "%s", "arena");
	snprintf(t->name, sizeof t->name, "%s", EVIL);
	snprintf(t->clock, sizeof t->clock, "%s", "180+2");
	snprintf(t->variant, sizeof t->variant, "%s", "congo");
	t->status = 1;
	t->minutes = 60;
	t->players = 1;
}

static int
f_tourneys(void *ctx, struct web_tourney_row *out, int max)
{
	(void)ctx;
	assert_true(max > 0);
	f_trow(&out[0]);
	return 1;
}

/* TOURN234 (in any case): one member, EVIL, and no games. */
static int
f_tourney(void *ctx, const char *id, struct web_tourneydata *d)
{
	((struct fake *)ctx)->tourney_calls++;
	memset(d, 0, sizeof *d);
	if (strcasecmp(id, "TOURN234") != 0)
		return 0;
	f_trow(&d->w.t);
	d->st = xcalloc(1, sizeof *d->st);
	snprintf(d->st[0].name, sizeof d->st[0].name, "%s", EVIL);
	snprintf(d->st[0].points, sizeof d->st[0].points, "%s", "0");
	d->w.st = d->st;
	d->w.nst = 1;
	return 1;
}

/* GET path from w: the whole response (HTTP/1.0: closed at its end). */
static char *
get(struct web *w, const char *path)
{
	struct sockaddr_in sa;
	struct pollfd p[2];
	char req[256], buf[4096];
	size_t len = 0;
	char *out = xcalloc(1, 1);
	int fd, i;
	ssize_t n;

	fd = socket(AF_INET, SOCK_STREAM, 0);
	assert_true(fd >= 0);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)web_port(w));
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	assert_int_equal(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
	snprintf(req, sizeof req, "GET %s HTTP/1.0\r\nHost: x\r\n\r\n", path);
	assert_int_equal(write(fd, req, strlen(req)), (ssize_t)strlen(req));
	fcntl(fd, F_SETFL, O_NONBLOCK);
	/* The loop's part: wait on the pages' descriptor and the client's,
	 * run the pages, until the response has come whole (10 s at most). */
	for (i = 0; i < 1000; i++) {
		long long t = web_timeout(w);
		p[0] = (struct pollfd){ web_fd(w), POLLIN, 0 };
		p[1] = (struct pollfd){ fd, POLLIN, 0 };
		poll(p, 2, t < 0 || t > 10 ? 10 : (int)t);
		if (p[0].revents & POLLIN)
			web_readable(w);
		web_run(w, util_now_ms());
		while ((n = read(fd, buf, sizeof buf)) > 0) {
			out = realloc(out, len + (size_t)n + 1);
			assert_non_null(out);
			memcpy(out + len, buf, (size_t)n);
			len += (size_t)n;
			out[len] = '\0';
		}
		if (n == 0)
			break;
	}
	close(fd);
	return out;
}

static void
test_fake_host(void **state)
{
	struct fake fk = { 0, 0, 0 };
	struct web_host h = {
		.ctx = &fk, .now = f_now, .log = f_log, .refused = f_refused,
		.split_addr = f_split, .net_of = f_net_of, .read = f_read,
		.game_find = f_game_find, .game = f_game, .record = f_record,
		.figures = f_figures
	};
	struct web_opts o = {
		.addr = "127.0.0.1:0", .max_connections = 10,
		.max_per_address = 10, .out_cap = 65536
	};
	char err[256], *r;
	struct web *w;

	(void)state;
	w = web_open(&h, &o, NULL, err, sizeof err);
	assert_non_null(w);
	assert_true(web_port(w) > 0);

	r = get(w, "/game/ABCD2345");
	assert_non_null(strstr(r, "200 OK"));
	assert_non_null(strstr(r, "&lt;b&gt;x&lt;/b&gt;"));
	assert_null(strstr(r, EVIL));
	free(r);

	r = get(w, "/game/ZZZZ2345");  /* not there: read, none */
	assert_non_null(strstr(r, "503"));
	free(r);

	r = get(w, "/metrics");
	assert_non_null(strstr(r, "congo_connections 7\n"));
	assert_non_null(strstr(r, "congo_games{status=\"active\"} 3\n"));
	free(r);

	r = get(w, "/healthz");
	assert_non_null(strstr(r, "200 OK"));
	assert_non_null(strstr(r, "ok\n"));
	free(r);

	r = get(w, "/game/ABCD2345/record");
	assert_non_null(strstr(r, "500"));
	free(r);
	assert_int_equal(fk.reads, 2);

	/* Without tournaments: none listed, none found. */
	r = get(w, "/tournaments");
	assert_non_null(strstr(r, "200 OK"));
	assert_non_null(strstr(r, "<td colspan=\"8\">none</td>"));
	free(r);
	r = get(w, "/tournament/TOURN234");
	assert_non_null(strstr(r, "404"));
	assert_non_null(strstr(r, "No such tournament."));
	free(r);
	web_close(w);
}

/* The tournaments' pages (issue 60) from the host's rows: listed and
 * shown with a name escaped, an unknown or malformed id 404, a page made
 * once a second however often it is fetched. */
static void
test_fake_tourney(void **state)
{
	struct fake fk = { 0, 0, 0 };
	struct web_host h = {
		.ctx = &fk, .now = f_now, .log = f_log, .refused = f_refused,
		.split_addr = f_split, .net_of = f_net_of, .read = f_read,
		.game_find = f_game_find, .game = f_game, .record = f_record,
		.figures = f_figures, .tourneys = f_tourneys,
		.tourney = f_tourney
	};
	struct web_opts o = {
		.addr = "127.0.0.1:0", .max_connections = 10,
		.max_per_address = 10, .out_cap = 65536
	};
	char err[256], *r;
	struct web *w;

	(void)state;
	w = web_open(&h, &o, NULL, err, sizeof err);
	assert_non_null(w);
	r = get(w, "/tournaments");
	assert_non_null(strstr(r, "200 OK"));
	assert_non_null(strstr(r, "<a href=\"/tournament/TOURN234\">"
	    "&lt;b&gt;x&lt;/b&gt;</a>"));
	assert_null(strstr(r, EVIL));
	free(r);
	r = get(w, "/tournament/TOURN234");
	assert_non_null(strstr(r, "200 OK"));
	assert_non_null(strstr(r, "<h1>&lt;b&gt;x&lt;/b&gt;</h1>"));
	assert_non_null(strstr(r, "id=\"standings\""));
	assert_null(strstr(r, EVIL));
	free(r);
	/* Again within the second: the same page, not made again. */
	r = get(w, "/tournament/TOURN234");
	assert_non_null(strstr(r, "200 OK"));
	assert_non_null(strstr(r, "id=\"standings\""));
	free(r);
	assert_int_equal(fk.tourney_calls, 1);
	r = get(w, "/tournament/NOPE2345");
	assert_non_null(strstr(r, "404"));
	assert_non_null(strstr(r, "No such tournament."));
	free(r);
	r = get(w, "/tournament/%3Cb%3E");
	assert_non_null(strstr(r, "404"));
	free(r);
	r = get(w, "/tournament/TOURN234/x");
	assert_non_null(strstr(r, "404"));
	free(r);
	assert_int_equal(fk.tourney_calls, 2);
	web_close(w);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_fake_host),
	cmocka_unit_test(test_fake_tourney))

#else

int
main(void)
{
	return 77;                    /* no libmicrohttpd: skipped */
}

#endif
