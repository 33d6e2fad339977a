/*
 * web_sse.c: a game's Server-Sent Events (/game/<id>/events). A stream's
 * reader hands MHD what is queued, and when nothing is, suspends its
 * connection (MHD_ALLOW_SUSPEND_RESUME: no thread waits); the session's
 * broadcast of the game's events marks its streams (web_game_event), and
 * the next web_run queues the game's state from the viewer's last ply on
 * and resumes them. A keepalive comment every 15 s; a stream ends after an
 * hour (the page's EventSource opens a new one by itself), or when more
 * than a CGP/1 connection may have queued (256 KiB) waits for a viewer
 * that does not read.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "web/web_http.h"

#ifdef HAVE_MICROHTTPD

static ssize_t
reader(void *cls, uint64_t pos, char *buf, size_t max)
{
	struct wstream *st = cls;
	size_t n;

	(void)pos;
	if (st->off < st->out.len) {
		n = st->out.len - st->off;
		if (n > max)
			n = max;
		memcpy(buf, st->out.s + st->off, n);
		st->off += n;
		if (st->off == st->out.len) {
			st->off = 0;
			st->out.len = 0;
		}
		return (ssize_t)n;
	}
	if (st->done)
		return MHD_CONTENT_READER_END_OF_STREAM;
	if (!st->suspended) {
		MHD_suspend_connection(st->conn);
		st->suspended = true;
	}
	return 0;
}

static void
stream_free(void *cls)
{
	struct wstream *st = cls;
	struct web *w = st->w;

	if (st->prev != NULL)
		st->prev->next = st->next;
	else
		w->streams = st->next;
	if (st->next != NULL)
		st->next->prev = st->prev;
	w->nstreams--;
	w->streams_closed++;
	wbuf_free(&st->out);
	free(st);
}

enum MHD_Result
web_sse_open(struct web *w, struct MHD_Connection *c, struct sgame *g)
{
	struct MHD_Response *r;
	struct wstream *st;
	enum MHD_Result ret;

	st = xcalloc(1, sizeof *st);
	st->w = w;
	st->conn = c;
	snprintf(st->game, sizeof st->game, "%s", g->id);
	st->dirty = true;              /* the whole game first */
	st->opened = srv_now();
	wbuf_init(&st->out);
	wbuf_puts(&st->out, "retry: 2000\n\n");
	r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 8192, reader,
	    st, stream_free);
	if (r == NULL) {
		wbuf_free(&st->out);
		free(st);
		return MHD_NO;
	}
	web_headers(r, "text/event-stream");
	MHD_add_response_header(r, "X-Accel-Buffering", "no");
	st->next = w->streams;
	if (w->streams != NULL)
		w->streams->prev = st;
	w->streams = st;
	w->nstreams++;
	w->dirty = true;
	ret = MHD_queue_response(c, MHD_HTTP_OK, r);
	MHD_destroy_response(r);
	return ret;
}

void
web_game_event(void *srv, const char *game)
{
	struct srv *sv = srv;
	struct web *w = sv->web;
	struct wstream *st;

	if (w == NULL)
		return;
	for (st = w->streams; st != NULL; st = st->next)
		if (strcmp(st->game, game) == 0) {
			st->dirty = true;
			w->dirty = true;
		}
}

bool
web_game_watched(void *srv, const char *game)
{
	struct srv *sv = srv;
	struct wstream *st;

	if (sv->web == NULL)
		return false;
	for (st = sv->web->streams; st != NULL; st = st->next)
		if (strcmp(st->game, game) == 0)
			return true;
	return false;
}

static void
wake(struct wstream *st)
{
	if (st->suspended) {
		st->suspended = false;
		MHD_resume_connection(st->conn);
	}
}

/* Every dirty stream of st's game gets the game's state. */
static void
push_game(struct web *w, struct wstream *first, long long now)
{
	struct web_gamedata d;
	struct wstream *st;
	struct sgame *g;
	struct wbuf b;
	int from = -1;

	if (web_data_sgame(w->sv, first->game, &g) <= 0) {
		for (st = first; st != NULL; st = st->next)
			if (st->dirty && strcmp(st->game, first->game) == 0)
				st->dirty = false;
		return;
	}
	for (st = first; st != NULL; st = st->next)
		if (st->dirty && strcmp(st->game, first->game) == 0 &&
		    (from < 0 || st->sent < from))
			from = st->sent;
	if (from > g->g.nply)
		from = g->g.nply;
	web_data_game(w->sv, g, &d, now, from);
	for (st = first; st != NULL; st = st->next) {
		if (!st->dirty || strcmp(st->game, first->game) != 0)
			continue;
		/* A viewer that does not read: its stream ends (its page
		 * opens another and gets the whole game again) rather
		 * than its queue growing without end. */
		if (st->out.len - st->off > w->sv->o.out_cap) {
			st->dirty = false;
			st->done = true;
			wake(st);
			continue;
		}
		wbuf_init(&b);
		web_sse_state(&b, &d.w, st->sent);
		wbuf_puts(&st->out, "event: state\ndata: ");
		wbuf_add(&st->out, b.s, b.len);
		wbuf_puts(&st->out, "\n\n");
		wbuf_free(&b);
		st->sent = d.w.nply;
		st->dirty = false;
		wake(st);
	}
	web_data_game_free(&d);
}

bool
web_sse_push(struct web *w, long long now)
{
	struct wstream *st;
	bool woke = false, ka = now >= w->keepalive_at;

	if (w->dirty) {
		w->dirty = false;
		for (st = w->streams; st != NULL; st = st->next)
			if (st->dirty) {
				push_game(w, st, now);
				woke = true;
			}
	}
	if (ka) {
		w->keepalive_at = now + w->ka_ms;
		for (st = w->streams; st != NULL; st = st->next) {
			if (now - st->opened >= w->life_ms)
				st->done = true;
			else
				wbuf_puts(&st->out, ": keepalive\n\n");
			wake(st);
			woke = true;
		}
	}
	return woke;
}

void
web_sse_end_all(struct web *w)
{
	struct wstream *st;

	for (st = w->streams; st != NULL; st = st->next) {
		st->done = true;
		wake(st);
	}
}

void
web_sse_free(struct web *w)
{
	/* MHD_stop_daemon freed every response, and so every stream. */
	w->streams = NULL;
	w->nstreams = 0;
}

#endif
