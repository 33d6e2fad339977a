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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "util/i18n.h"
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

	WEB_UNLINK(w->streams, st);
	w->nstreams--;
	w->streams_closed++;
	wbuf_free(&st->out);
	free(st);
}

/* A stream on c (its subs to be filled by the caller). */
static struct wstream *
stream_new(struct web *w, struct MHD_Connection *c, bool multi)
{
	struct MHD_Response *r;
	struct wstream *st;

	st = xcalloc(1, sizeof *st);
	st->w = w;
	st->conn = c;
	st->multi = multi;
	st->dirty = true;              /* the whole game first */
	st->opened = web_now(w);
	wbuf_init(&st->out);
	wbuf_puts(&st->out, "retry: 2000\n\n");
	r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 8192, reader,
	    st, stream_free);
	if (r == NULL) {
		wbuf_free(&st->out);
		free(st);
		return NULL;
	}
	web_headers(c, r, "text/event-stream");
	MHD_add_response_header(r, "X-Accel-Buffering", "no");
	st->next = w->streams;
	if (w->streams != NULL)
		w->streams->prev = st;
	w->streams = st;
	w->nstreams++;
	w->dirty = true;
	if (MHD_queue_response(c, MHD_HTTP_OK, r) != MHD_YES) {
		MHD_destroy_response(r);       /* stream_free: st */
		return NULL;
	}
	MHD_destroy_response(r);
	return st;
}

static void
sub_add(struct wstream *st, const char *game, int sent)
{
	struct wsub *u = &st->sub[st->nsub++];

	snprintf(u->game, sizeof u->game, "%.*s", WEB_ID_LEN, game);
	u->sent = sent;
	u->dirty = true;
}

enum MHD_Result
web_sse_open(struct web *w, struct MHD_Connection *c, const char *game)
{
	struct wstream *st = stream_new(w, c, false);

	if (st == NULL)
		return MHD_NO;
	sub_add(st, game, 0);
	return MHD_YES;
}

enum MHD_Result
web_sse_open_many(struct web *w, struct MHD_Connection *c)
{
	const char *arg, *p;
	char game[WEB_ID_LEN + 1], list[WEB_SSE_GAMES][WEB_ID_LEN + 1];
	int plies[WEB_SSE_GAMES], n = 0, i;
	struct wstream *st;
	size_t k;
	long v;

	arg = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "g");
	for (p = arg; p != NULL && *p != '\0' && n < WEB_SSE_GAMES;) {
		char item[64], *colon;
		k = strcspn(p, ",");
		snprintf(item, sizeof item, "%.*s", (int)(k < 63 ? k : 63), p);
		p += k + (p[k] == ',');
		v = 0;
		if ((colon = strchr(item, ':')) != NULL) {
			*colon = '\0';
			if (parse_long(colon + 1, 0, 1000000, &v, NULL, 0) != 0)
				return web_error(c, 400, N_("g= is a list of "
				    "ID:PLY."));
		}
		if (w->host.game_find(w->host.ctx, item, game) <= 0)
			continue;      /* over and gone: nothing to follow */
		for (i = 0; i < n && strcmp(list[i], game) != 0; i++)
			;
		if (i < n)
			continue;
		snprintf(list[n], sizeof list[n], "%s", game);
		plies[n++] = (int)v;
	}
	if (n == 0)
		return web_error(c, 404, N_("None of these games is being "
		    "played."));
	if ((st = stream_new(w, c, true)) == NULL)
		return MHD_NO;
	for (i = 0; i < n; i++)
		sub_add(st, list[i], plies[i]);
	return MHD_YES;
}

/* Does a stream of w follow game? Each one that does marked with
 * mark. */
static bool
followed(const struct web *w, const char *game, bool mark)
{
	struct wstream *st;
	bool found = false;
	int i;

	for (st = w != NULL ? w->streams : NULL; st != NULL; st = st->next)
		for (i = 0; i < st->nsub; i++) {
			if (strcmp(st->sub[i].game, game) != 0)
				continue;
			if (!mark)
				return true;
			found = st->sub[i].dirty = st->dirty = true;
		}
	return found;
}

void
web_game_event(struct web *w, const char *game)
{
	if (followed(w, game, true))
		w->dirty = true;
}

bool
web_game_watched(const struct web *w, const char *game)
{
	return followed(w, game, false);
}

static void
wake(struct wstream *st)
{
	if (st->suspended) {
		st->suspended = false;
		MHD_resume_connection(st->conn);
	}
}

/*
 * One round's pushes: each game with news read once (all its positions),
 * and its message made once for each ply its viewers have (most have the
 * same: the ply before the move), however many follow it.
 */
#define PUSH_MSGS 4
struct pgame {
	char game[WEB_ID_LEN + 1];
	bool ok;                       /* in memory */
	struct web_gamedata d;
	int nmsg;
	int from[PUSH_MSGS];
	struct wbuf msg[PUSH_MSGS];
};

static struct pgame *
push_game(struct web *w, struct vec *cache, const char *game, long long now)
{
	struct pgame *x;
	size_t i;

	for (i = 0; i < cache->len; i++) {
		x = vec_at(cache, i);
		if (strcmp(x->game, game) == 0)
			return x;
	}
	x = vec_push(cache);
	memset(x, 0, sizeof *x);
	snprintf(x->game, sizeof x->game, "%s", game);
	x->ok = w->host.game(w->host.ctx, game, now, 0, &x->d, NULL) > 0;
	return x;
}

static const struct wbuf *
push_msg(struct pgame *x, int from)
{
	int i;

	for (i = 0; i < x->nmsg; i++)
		if (x->from[i] == from)
			return &x->msg[i];
	if (x->nmsg < PUSH_MSGS)
		i = x->nmsg++;
	else
		i = PUSH_MSGS - 1;     /* a straggler: made again */
	x->from[i] = from;
	x->msg[i].len = 0;
	if (x->msg[i].s == NULL)
		wbuf_init(&x->msg[i]);
	web_sse_state(&x->msg[i], &x->d.w, from);
	return &x->msg[i];
}

static void
push_free(struct vec *cache)
{
	struct pgame *x;
	size_t i;
	int k;

	for (i = 0; i < cache->len; i++) {
		x = vec_at(cache, i);
		if (x->ok)
			web_gamedata_free(&x->d);
		for (k = 0; k < x->nmsg; k++)
			wbuf_free(&x->msg[k]);
	}
	vec_free(cache);
}

/* The news of st's games, queued. */
static void
push_stream(struct web *w, struct wstream *st, struct vec *cache,
    long long now)
{
	const struct wbuf *m;
	struct pgame *x;
	struct wsub *u;
	int i, from;

	st->dirty = false;
	for (i = 0; i < st->nsub; i++) {
		u = &st->sub[i];
		if (!u->dirty)
			continue;
		u->dirty = false;
		/* A viewer that does not read: its stream ends (its page
		 * opens another and gets the whole game again) rather
		 * than its queue growing without end. */
		if (st->out.len - st->off > w->out_cap) {
			st->done = true;
			break;
		}
		x = push_game(w, cache, u->game, now);
		if (!x->ok)
			continue;
		from = u->sent < 0 ? 0 : u->sent > x->d.w.nply ?
		    x->d.w.nply : u->sent;
		m = push_msg(x, from);
		if (st->multi) {
			wbuf_printf(&st->out, "event: state\ndata: "
			    "{\"game\":\"%s\",\"s\":", u->game);
			wbuf_add(&st->out, m->s, m->len);
			wbuf_puts(&st->out, "}\n\n");
		} else {
			wbuf_puts(&st->out, "event: state\ndata: ");
			wbuf_add(&st->out, m->s, m->len);
			wbuf_puts(&st->out, "\n\n");
		}
		u->sent = x->d.w.nply;
	}
	wake(st);
}

bool
web_sse_push(struct web *w, long long now)
{
	struct vec cache = VEC_INIT(sizeof(struct pgame));
	struct wstream *st;
	bool woke = false, ka = now >= w->keepalive_at;

	if (w->dirty) {
		w->dirty = false;
		for (st = w->streams; st != NULL; st = st->next)
			if (st->dirty) {
				push_stream(w, st, &cache, now);
				woke = true;
			}
		push_free(&cache);
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
