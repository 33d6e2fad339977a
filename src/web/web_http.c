/*
 * web_http.c: congo-server's web pages over GNU libmicrohttpd, on the
 * server's own event loop: MHD has no thread of its own (MHD_USE_EPOLL;
 * its epoll descriptor sits in the loop's set, MHD_run when it is readable
 * or its timeout is due), so a page reads the session as a CGP/1 command
 * does, and a game's events reach its streams (web_sse.c) from the
 * session's broadcast. Read-only: GET and HEAD, no cookies, no forms.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>              /* malloc_trim */
#endif

#include "util/util.h"
#include "util/i18n.h"
#include "web/web_http.h"

#ifdef HAVE_MICROHTTPD

#include <arpa/inet.h>
#include <netdb.h>
#include <stdarg.h>
#include <sys/socket.h>

long long
web_now(const struct web *w)
{
	return w->host.now(w->host.ctx);
}

void
web_log(const struct web *w, int level, const char *fmt, ...)
{
	char msg[600];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	w->host.log(w->host.ctx, level, msg);
}

void
web_refused(const struct web *w, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	w->host.refused(w->host.ctx, msg);
}

static const char csp[] = "default-src 'none'; script-src 'self'; "
    "style-src 'self'; img-src 'self'; connect-src 'self'; "
    "worker-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/* HSTS over --https: a year, this host only (it names no subdomain). */
#define WEB_HSTS "max-age=31536000"

void
web_headers(struct MHD_Connection *c, struct MHD_Response *r,
    const char *type)
{
	MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	if (web_conn_tls(c))
		MHD_add_response_header(r, "Strict-Transport-Security",
		    WEB_HSTS);
	MHD_add_response_header(r, "Content-Security-Policy", csp);
	MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
	MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-cache");
}

/* Queue b (taken) with status code. */
enum MHD_Result
web_reply(struct MHD_Connection *c, int code, const char *type,
    struct wbuf *b)
{
	struct MHD_Response *r;
	enum MHD_Result ret;

	r = MHD_create_response_from_buffer(b->len, b->s != NULL ? b->s : "",
	    b->s != NULL ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
	if (r == NULL) {
		wbuf_free(b);
		return MHD_NO;
	}
	wbuf_init(b);
	web_headers(c, r, type);
	if (code == MHD_HTTP_METHOD_NOT_ALLOWED)
		MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
	ret = MHD_queue_response(c, (unsigned)code, r);
	MHD_destroy_response(r);
	return ret;
}

enum MHD_Result
web_error(struct MHD_Connection *c, int code, const char *text)
{
	struct wbuf b;

	wbuf_init(&b);
	web_page_error(&b, code, text);
	return web_reply(c, code, "text/html; charset=utf-8", &b);
}

static enum MHD_Result
page_static(struct MHD_Connection *c, const char *text, const char *type)
{
	struct MHD_Response *r;
	enum MHD_Result ret;

	r = MHD_create_response_from_buffer(strlen(text), (void *)text,
	    MHD_RESPMEM_PERSISTENT);
	if (r == NULL)
		return MHD_NO;
	web_headers(c, r, type);
	ret = MHD_queue_response(c, MHD_HTTP_OK, r);
	MHD_destroy_response(r);
	return ret;
}

static enum MHD_Result
page_index(struct web *w, struct MHD_Connection *c, void **con_cls)
{
	struct wbuf b;

	/* The store read off the loop, at most once a second however many
	 * viewers refresh: a copy younger than a second is served; an older
	 * one is read again, and every request meanwhile waits for that one
	 * read (never a copy a quiet spell left stale). */
	if (w->index.s == NULL || web_now(w) - w->index_at >= 1000) {
		if (w->index_reading)
			return web_index_wait(w, c, con_cls);
		return web_defer(w, c, con_cls, WJ_INDEX, NULL, NULL, NULL);
	}
	wbuf_init(&b);
	wbuf_add(&b, w->index.s, w->index.len);
	return web_reply(c, 200, "text/html; charset=utf-8", &b);
}

/* The record, a file to save (congo-<ID>.pgn). */
static enum MHD_Result
page_record(struct MHD_Connection *c, struct web *w, const char *id)
{
	struct MHD_Response *r;
	enum MHD_Result ret;
	char *text, disp[64];

	if ((text = w->host.record(w->host.ctx, id)) == NULL)
		return web_error(c, 500, N_("The record cannot be written."));
	r = MHD_create_response_from_buffer(strlen(text), text,
	    MHD_RESPMEM_MUST_FREE);
	if (r == NULL) {
		free(text);
		return MHD_NO;
	}
	web_headers(c, r, "text/plain; charset=utf-8");
	snprintf(disp, sizeof disp, "attachment; filename=\"congo-%s.pgn\"",
	    id);
	MHD_add_response_header(r, "Content-Disposition", disp);
	ret = MHD_queue_response(c, MHD_HTTP_OK, r);
	MHD_destroy_response(r);
	return ret;
}

static enum MHD_Result
page_game(struct web *w, struct MHD_Connection *c, void **con_cls,
    const char *id, const char *what)
{
	struct wjob *j = *con_cls;
	struct web_ratings rr;
	struct web_gamedata d;
	struct wbuf b;
	char game[WEB_ID_LEN + 1];

	if (!web_valid_id(id))
		return web_error(c, 404, N_("No such game."));
	if (w->host.game_find(w->host.ctx, id, game) == 0) {
		/* Not in memory: read from the store off the loop (a
		 * finished game), then routed again. */
		if (j != NULL && j->loaded)
			return web_error(c, 404, N_("No such game."));
		return web_defer(w, c, con_cls, WJ_GAME, id, NULL, NULL);
	}
	if (strcmp(what, "events") == 0)
		return web_sse_open(w, c, game);
	if (strcmp(what, "record") == 0)
		return page_record(c, w, game);
	memset(&rr, 0, sizeof rr);
	if (w->host.game(w->host.ctx, game, web_now(w), 0, &d, &rr) == 0)
		return web_error(c, 404, N_("No such game."));
	if (d.w.row.rated && (j == NULL || !j->have_ratings)) {
		/* The players' ratings now, read off the loop. */
		web_gamedata_free(&d);
		return web_defer(w, c, con_cls, WJ_RATINGS, game, NULL, &rr);
	}
	if (d.w.row.rated) {
		d.w.row.wrating = j->rr.w;
		d.w.row.brating = j->rr.b;
		d.w.row.wprov = j->rr.wprov;
		d.w.row.bprov = j->rr.bprov;
	}
	wbuf_init(&b);
	web_page_game(&b, &d.w);
	web_gamedata_free(&d);
	return web_reply(c, 200, "text/html; charset=utf-8", &b);
}

static enum MHD_Result
page_player(struct web *w, struct MHD_Connection *c, void **con_cls,
    const char *name)
{
	const char *before;

	before = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND,
	    "before");
	if (!web_valid_name(name))
		return web_error(c, 404, N_("No such player."));
	if (before != NULL && !web_valid_id(before))
		return web_error(c, 400, N_("before= is a game id."));
	/* Read and made off the loop (web_defer.c). */
	return web_defer(w, c, con_cls, WJ_PLAYER, name, before, NULL);
}

/* The tournaments (issue 60), from what the server holds in memory. */
static enum MHD_Result
page_tourneys(struct web *w, struct MHD_Connection *c)
{
	struct web_tourney_row *t;
	struct wbuf b;
	int n = 0;

	t = xcalloc(WEB_TOURNEYS_MAX, sizeof *t);
	if (w->host.tourneys != NULL)
		n = w->host.tourneys(w->host.ctx, t, WEB_TOURNEYS_MAX);
	wbuf_init(&b);
	web_page_tourneys(&b, t, n);
	free(t);
	return web_reply(c, 200, "text/html; charset=utf-8", &b);
}

static enum MHD_Result
page_tourney(struct web *w, struct MHD_Connection *c, const char *id)
{
	struct web_tourneydata d;
	struct wbuf b;

	memset(&d, 0, sizeof d);
	wbuf_init(&b);
	/* Made at most once a second, however many viewers poll it. */
	if (w->tpage.s != NULL && strcmp(w->tpage_id, id) == 0 &&
	    web_now(w) - w->tpage_at < 1000) {
		wbuf_add(&b, w->tpage.s, w->tpage.len);
		return web_reply(c, 200, "text/html; charset=utf-8", &b);
	}
	if (!web_valid_id(id) || w->host.tourney == NULL ||
	    w->host.tourney(w->host.ctx, id, &d) != 1)
		return web_error(c, 404, N_("No such tournament."));
	web_page_tourney(&b, &d.w);
	web_tourneydata_free(&d);
	wbuf_free(&w->tpage);
	wbuf_init(&w->tpage);
	wbuf_add(&w->tpage, b.s, b.len);
	snprintf(w->tpage_id, sizeof w->tpage_id, "%s", id);
	w->tpage_at = web_now(w);
	return web_reply(c, 200, "text/html; charset=utf-8", &b);
}

static enum MHD_Result
route(void *cls, struct MHD_Connection *c, const char *url,
    const char *method, const char *version, const char *upload,
    size_t *upload_size, void **con_cls)
{
	struct web *w = cls;
	struct wjob *j;
	char part[3][64];
	const char *p;
	int n = 0;
	size_t k;

	(void)version;
	(void)upload;
	(void)upload_size;
	/* Back from a read of the store (web_defer.c): its page, or routed
	 * again (a game read into memory). */
	j = *con_cls;
	if (j != NULL && j->code != 0)
		return web_job_reply(j);
	if (j == NULL) {
		w->requests++;
		web_conn_request(w, c);
	}
	if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
		return web_error(c, 405, N_("These pages are read-only."));
	if (strcmp(url, "/") == 0)
		return page_index(w, c, con_cls);
	if (strcmp(url, "/static/congo.js") == 0)
		return page_static(c, web_script,
		    "text/javascript; charset=utf-8");
	if (strcmp(url, "/static/congo-worker.js") == 0)
		return page_static(c, web_worker,
		    "text/javascript; charset=utf-8");
	if (strcmp(url, "/events") == 0)
		return web_sse_open_many(w, c);
	if (strcmp(url, "/static/congo.css") == 0)
		return page_static(c, web_style, "text/css; charset=utf-8");
	if (strcmp(url, "/metrics") == 0)
		return web_metrics(w, c);
	if (strcmp(url, "/healthz") == 0)
		return web_defer(w, c, con_cls, WJ_HEALTH, NULL, NULL, NULL);
	/* /a/b/c: at most three parts of at most 63 bytes. */
	for (p = url; *p == '/' && n < 3; n++) {
		p++;
		k = strcspn(p, "/");
		if (k == 0 || k >= sizeof part[0])
			return web_error(c, 404, N_("No such page."));
		memcpy(part[n], p, k);
		part[n][k] = '\0';
		p += k;
	}
	if (*p != '\0')
		return web_error(c, 404, N_("No such page."));
	if (n == 2 && strcmp(part[0], "game") == 0)
		return page_game(w, c, con_cls, part[1], "");
	if (n == 3 && strcmp(part[0], "game") == 0 &&
	    (strcmp(part[2], "record") == 0 || strcmp(part[2], "events") == 0))
		return page_game(w, c, con_cls, part[1], part[2]);
	if (n == 2 && strcmp(part[0], "player") == 0)
		return page_player(w, c, con_cls, part[1]);
	if (n == 1 && strcmp(part[0], "tournaments") == 0)
		return page_tourneys(w, c);
	if (n == 2 && strcmp(part[0], "tournament") == 0)
		return page_tourney(w, c, part[1]);
	return web_error(c, 404, N_("No such page."));
}

static void mhd_log(void *cls, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

static void
mhd_log(void *cls, const char *fmt, va_list ap)
{
	struct web *w = cls;
	long long now = web_now(w);
	char msg[512];

	/* One a second at most (a slow client closed is one, and a
	 * thousand may go at once), those left out counted. */
	if (w->mhd_win != 0 && now - w->mhd_win < 1000) {
		w->mhd_unlogged++;
		return;
	}
	if (w->mhd_unlogged > 0)
		web_log(w, WEB_LOG_WARN, "http: %lld more messages of "
		    "libmicrohttpd not logged (one a second at most)",
		    w->mhd_unlogged);
	w->mhd_unlogged = 0;
	w->mhd_win = now;
	vsnprintf(msg, sizeof msg, fmt, ap);
	msg[strcspn(msg, "\n")] = '\0';
	web_log(w, WEB_LOG_WARN, "http: %s", msg);
}

/* A daemon on a listening socket or an address, over TLS or not. */
bool
web_start(struct web *w, int lfd, const struct sockaddr *sa,
    const char *cert, const char *key, char *err, size_t errlen)
{
	struct MHD_OptionItem o[6];
	const union MHD_DaemonInfo *di;
	unsigned flags;
	int n = 0;

	flags = MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
	if (lfd >= 0)
		o[n++] = (struct MHD_OptionItem){ MHD_OPTION_LISTEN_SOCKET,
		    lfd, NULL };
	else {
		o[n++] = (struct MHD_OptionItem){ MHD_OPTION_SOCK_ADDR, 0,
		    (void *)sa };
		if (sa->sa_family == AF_INET6)
			flags |= MHD_USE_IPv6;
	}
	if (w->tls) {
		flags |= MHD_USE_TLS;
		o[n++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_KEY, 0,
		    (void *)key };
		o[n++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_CERT,
		    0, (void *)cert };
		/* TLS 1.2 or later, as CGP/1's (PROTOCOL.md "Guarantees"),
		 * and the same suites (srv_int.h, SRV_TLS_CIPHERS). */
		o[n++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_PRIORITIES,
		    0, (void *)WEB_TLS_PRIORITIES };
	}
	o[n] = (struct MHD_OptionItem){ MHD_OPTION_END, 0, NULL };
	/* The limits are web_conn.c's; MHD's own is a margin above, for
	 * the connections shut down and not yet let go. */
	w->d = MHD_start_daemon(flags, 0, web_conn_accept, w, route, w,
	    MHD_OPTION_EXTERNAL_LOGGER, mhd_log, w,
	    MHD_OPTION_ARRAY, o,
	    MHD_OPTION_CONNECTION_LIMIT,
	    (unsigned)w->max_connections + 256,
	    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)60,
	    MHD_OPTION_NOTIFY_CONNECTION, web_conn_notify, w,
	    MHD_OPTION_NOTIFY_COMPLETED, web_conn_completed, w,
	    MHD_OPTION_END);
	if (w->d == NULL) {
		snprintf(err, errlen, "cannot listen there (in use, or not "
		    "an address of this machine)%s", w->tls ? ", or the "
		    "certificate or the key refused (the log says which)" :
		    "");
		return false;
	}
	di = MHD_get_daemon_info(w->d, MHD_DAEMON_INFO_EPOLL_FD);
	w->fd = di != NULL ? di->epoll_fd : -1;
	if (w->fd < 0) {
		snprintf(err, errlen, "no epoll descriptor");
		web_stop(w);
		return false;
	}
	return true;
}

struct web *
web_open(const struct web_host *h, const struct web_opts *o,
    struct web *share, char *err, size_t errlen)
{
	const char *addr = o->addr, *opt = o->tls ? "--https" : "--http";
	bool tls = o->tls;
	struct addrinfo hints, *ai = NULL;
	const union MHD_DaemonInfo *di;
	struct vec nets = VEC_INIT(sizeof(struct wnet));
	char host[256], port[16], why[300], *cert = NULL, *key = NULL;
	struct web *w;
	bool ok;
	int p, e;

	if (h->split_addr(addr, host, sizeof host, &p) < 0) {
		snprintf(err, errlen, "%s %s: ADDR:PORT, please "
		    "(127.0.0.1:8080, [::1]:8080; port 0: any free one)", opt,
		    addr);
		return NULL;
	}
	if (tls && MHD_is_feature_supported(MHD_FEATURE_TLS) != MHD_YES) {
		snprintf(err, errlen, "--https: this libmicrohttpd was built "
		    "without TLS");
		return NULL;
	}
	snprintf(port, sizeof port, "%d", p);
	memset(&hints, 0, sizeof hints);
	hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
	hints.ai_socktype = SOCK_STREAM;
	e = getaddrinfo(host[0] != '\0' && strcmp(host, "*") != 0 ? host :
	    NULL, port, &hints, &ai);
	if (e != 0) {
		snprintf(err, errlen, "%s %s: %s", opt, addr, gai_strerror(e));
		return NULL;
	}
	w = xcalloc(1, sizeof *w);
	w->host = *h;
	w->max_connections = o->max_connections;
	w->max_per_address = o->max_per_address;
	w->out_cap = o->out_cap;
	w->tls_cert = xstrdup(o->tls_cert != NULL ? o->tls_cert : "");
	w->tls_key = xstrdup(o->tls_key != NULL ? o->tls_key : "");
	w->own.nets = nets;
	w->lim = share != NULL ? share->lim : &w->own;
	w->tls = tls;
	w->fd = -1;
	wbuf_init(&w->index);
	wbuf_init(&w->tpage);
	if (tls && !web_tls_load(w, &cert, &key, err, errlen)) {
		freeaddrinfo(ai);
		web_close(w);
		return NULL;
	}
	ok = web_start(w, -1, ai->ai_addr, cert, key, why, sizeof why);
	web_tls_unload(cert, key);
	freeaddrinfo(ai);
	if (!ok) {
		snprintf(err, errlen, "%s %s: %s", opt, addr, why);
		web_close(w);
		return NULL;
	}
	di = MHD_get_daemon_info(w->d, MHD_DAEMON_INFO_BIND_PORT);
	w->port = di != NULL ? di->port : p;
	w->life_ms = WEB_SSE_LIFE_MS;
	w->header_ms = WEB_HEADER_MS;
#ifdef CONGO_TEST_HOOKS
	/* Tests shorten a stream's life (CONGO_WEB_SSE_LIFE_MS; a test
	 * build only: configure --enable-test-hooks). */
	{
		long ms;

		if (parse_long(getenv("CONGO_WEB_SSE_LIFE_MS"), 1,
		    WEB_SSE_LIFE_MS, &ms, NULL, 0) == 0)
			w->life_ms = ms;
		/* and the deadline of a request's headers */
		if (parse_long(getenv("CONGO_WEB_HEADER_MS"), 1,
		    WEB_HEADER_MS, &ms, NULL, 0) == 0)
			w->header_ms = ms;
	}
#endif
	w->ka_ms = w->life_ms < WEB_SSE_KEEPALIVE_MS ? w->life_ms :
	    WEB_SSE_KEEPALIVE_MS;
	w->keepalive_at = web_now(w) + w->ka_ms;
	return w;
}

void
web_stop(struct web *w)
{
	if (w->d == NULL)
		return;
	/* MHD may not stop with a connection suspended: every stream ends,
	 * every request waiting for the store is answered, and all are let
	 * go. */
	web_sse_end_all(w);
	web_defer_end_jobs(w);
	MHD_run(w->d);
	MHD_stop_daemon(w->d);
	w->d = NULL;
	w->fd = -1;
}

int
web_port(const struct web *w)
{
	return w->port;
}

int
web_fd(const struct web *w)
{
	return w->fd;
}

long long
web_timeout(struct web *w)
{
	MHD_UNSIGNED_LONG_LONG t;
	long long now = web_now(w), due = w->keepalive_at - now;

	if (w->d == NULL)
		return -1;
	if (w->dirty)
		return 0;
	if (due < 0)
		due = 0;
	t = (MHD_UNSIGNED_LONG_LONG)web_conn_due(w, now);
	if ((long long)t >= 0 && (long long)t < due)
		due = (long long)t;
	if (MHD_get_timeout(w->d, &t) == MHD_YES) {
		if ((long long)t < due)
			due = (long long)t;
		w->mhd_due = now + (long long)t;
	} else
		w->mhd_due = -1;
	return due;
}

void
web_readable(struct web *w)
{
	w->readable = true;
}

/*
 * Many connections let go (event streams closed, mostly: each holds some
 * 40 KiB, MHD's pool and its buffers): the heap's free pages given back to
 * the system. glibc gives back only the top of its heap by itself, so
 * after 5,000 streams had closed a server kept some 200 MB until whatever
 * lay at the top was freed (issue 57). Once at least WEB_TRIM_CONNS
 * connections have closed and at most half of the most open since the
 * last trim remain: a few trims as a crowd leaves, none for the ordinary
 * coming and going.
 */
static void
web_trim(struct web *w)
{
	struct wlimit *l = w->lim;

	if (l->peak - l->conns < WEB_TRIM_CONNS || l->conns > l->peak / 2)
		return;
	l->peak = l->conns;
#ifdef __GLIBC__
	malloc_trim(0);
#endif
}

void
web_run(struct web *w, long long now)
{
	if (w->d == NULL)
		return;
	if (web_conn_expire(w, now))
		w->readable = true;     /* MHD lets them go */
	if (w->readable || (w->mhd_due >= 0 && now >= w->mhd_due)) {
		w->readable = false;
		MHD_run(w->d);
	}
	if ((w->dirty || now >= w->keepalive_at) && web_sse_push(w, now))
		MHD_run(w->d);
	web_trim(w);
}

void
web_close(struct web *w)
{
	if (w == NULL)
		return;
	web_defer_end_all(w);
	web_stop(w);
	web_sse_free(w);
	vec_free(&w->own.nets);
	wbuf_free(&w->index);
	wbuf_free(&w->tpage);
	free(w->tls_cert);
	free(w->tls_key);
	free(w);
}

#else  /* !HAVE_MICROHTTPD */

void
web_readable(struct web *w)
{
	(void)w;
}

struct web *
web_open(const struct web_host *h, const struct web_opts *o,
    struct web *share, char *err, size_t errlen)
{
	(void)h;
	(void)share;
	snprintf(err, errlen, "%s %s: this congo-server was built "
	    "without libmicrohttpd (Debian: libmicrohttpd-dev)",
	    o->tls ? "--https" : "--http", o->addr);
	return NULL;
}

int
web_reload(struct web *w, char *err, size_t errlen)
{
	(void)w;
	snprintf(err, errlen, "no web pages");
	return -1;
}

bool
web_game_watched(const struct web *w, const char *game)
{
	(void)w;
	(void)game;
	return false;
}

int
web_port(const struct web *w)
{
	(void)w;
	return 0;
}

int
web_fd(const struct web *w)
{
	(void)w;
	return -1;
}

long long
web_timeout(struct web *w)
{
	(void)w;
	return -1;
}

void
web_run(struct web *w, long long now)
{
	(void)w;
	(void)now;
}

void
web_game_event(struct web *w, const char *game)
{
	(void)w;
	(void)game;
}

void
web_close(struct web *w)
{
	(void)w;
}

#endif
