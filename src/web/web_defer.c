/*
 * web_defer.c: pages that need the store read it off the event loop. The
 * request is suspended (MHD_suspend_connection), its reads go to the
 * server's reader thread (web_host's read), and when they are back the page
 * is made on the loop and the request resumed: the access handler, called
 * again, answers with it (or routes again: a game now in memory). The
 * front page is served from its copy while a newer one is read.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/i18n.h"
#include "web/web_http.h"

#ifdef HAVE_MICROHTTPD

/* One read on its way for the pages. */
struct wticket {
	struct web *w;                 /* NULL once the pages are closed */
	struct wjob *job;              /* the request waiting, or NULL */
	enum wjob_kind kind;
	struct web_read r;
	struct wticket *prev, *next;   /* w->tickets */
};

static void
unlink_ticket(struct wticket *t)
{
	if (t->w == NULL)
		return;
	if (t->prev != NULL)
		t->prev->next = t->next;
	else
		t->w->tickets = t->next;
	if (t->next != NULL)
		t->next->prev = t->prev;
	t->prev = t->next = NULL;
}

static void
ticket_free(struct wticket *t)
{
	free(t->r.ix);
	free(t->r.pd);
	free(t);
}

/* drop: the read never came back (the server stopped). */
static void
ticket_drop(void *arg)
{
	ticket_free(arg);
}

static void
job_page(struct wjob *j, int code, const char *type)
{
	j->code = code;
	j->type = type;
}

static void
job_error(struct wjob *j, int code, const char *text)
{
	wbuf_free(&j->page);
	wbuf_init(&j->page);
	web_page_error(&j->page, code, text);
	job_page(j, code, "text/html; charset=utf-8");
}

/* A suspended request let go: its page is made. */
static void
job_resume(struct web *w, struct wjob *j)
{
	if (j->suspended) {
		j->suspended = false;
		MHD_resume_connection(j->c);
		w->readable = true;     /* MHD runs this round */
	}
}

/* The front page made again from what was read (on the loop), and
 * given to every request that waited for it, the one whose read it was
 * too (the copy before it when the store could not be read). */
static void
index_made(struct web *w, struct wticket *t)
{
	struct wjob *j;

	w->index_reading = false;
	if (t->r.rc == 0) {
		wbuf_free(&w->index);
		wbuf_init(&w->index);
		web_page_index(&w->index, &t->r.ix->x);
		w->index_at = web_now(w);
	}
	for (j = w->jobs; j != NULL; j = j->next) {
		if (!j->index_wait)
			continue;
		j->index_wait = false;
		if (w->index.s == NULL)
			job_error(j, 503, N_("The store cannot be read now; "
			    "try again."));
		else {
			wbuf_add(&j->page, w->index.s, w->index.len);
			job_page(j, 200, "text/html; charset=utf-8");
		}
		job_resume(w, j);
	}
}

/* Back on the loop: the page made, the request resumed. (A game read
 * for a page stays in memory until the page is made: the server's.) */
static void
back(void *arg)
{
	struct wticket *t = arg;
	struct wjob *j = t->job;
	struct web *w = t->w;

	unlink_ticket(t);
	if (w == NULL) {
		ticket_free(t);
		return;
	}
	if (t->kind == WJ_INDEX)
		index_made(w, t);
	if (j == NULL) {
		ticket_free(t);
		return;
	}
	j->t = NULL;
	switch (t->kind) {
	case WJ_INDEX:
		break;          /* given its page by index_made */
	case WJ_PLAYER:
		if (t->r.rc <= 0)
			job_error(j, t->r.rc < 0 ? 503 : 404, t->r.rc < 0 ?
			    N_("The store cannot be read now.") :
			    N_("No such player."));
		else {
			web_page_player(&j->page, &t->r.pd->p);
			job_page(j, 200, "text/html; charset=utf-8");
		}
		break;
	case WJ_HEALTH:
		if (t->r.rc < 0) {
			wbuf_printf(&j->page, "store: %s\n", t->r.err);
			job_page(j, 503, "text/plain; charset=utf-8");
		} else {
			wbuf_puts(&j->page, "ok\n");
			job_page(j, 200, "text/plain; charset=utf-8");
		}
		break;
	case WJ_GAME:
		/* In memory now (its page is made when routed again), or
		 * not in the store, or the store cannot say. */
		j->loaded = true;
		if (t->r.rc == 0)
			job_error(j, 404, N_("No such game."));
		else if (t->r.rc < 0)
			job_error(j, 503, N_("The store cannot be read now."));
		break;
	case WJ_RATINGS:
		j->rr = t->r.rr;
		j->have_ratings = true;
		break;
	}
	ticket_free(t);
	job_resume(w, j);
}

static struct wticket *
ticket_new(struct web *w, enum wjob_kind kind)
{
	struct wticket *t = xcalloc(1, sizeof *t);

	t->w = w;
	t->kind = kind;
	t->next = w->tickets;
	if (w->tickets != NULL)
		w->tickets->prev = t;
	w->tickets = t;
	return t;
}

static void
ticket_send(struct web *w, struct wticket *t)
{
	static const enum web_read_kind kinds[] = {
		[WJ_INDEX] = WEB_READ_INDEX, [WJ_PLAYER] = WEB_READ_PLAYER,
		[WJ_HEALTH] = WEB_READ_HEALTH, [WJ_GAME] = WEB_READ_GAME,
		[WJ_RATINGS] = WEB_READ_RATINGS
	};

	t->r.kind = kinds[t->kind];
	if (t->kind == WJ_INDEX)
		t->r.ix = xcalloc(1, sizeof *t->r.ix);
	if (t->kind == WJ_PLAYER)
		t->r.pd = xcalloc(1, sizeof *t->r.pd);
	w->host.read(w->host.ctx, &t->r, back, ticket_drop, t);
}

/* The request's job, made on its first wait. */
static struct wjob *
job_of(struct web *w, struct MHD_Connection *c, void **con_cls)
{
	struct wjob *j = *con_cls;

	if (j == NULL) {
		j = xcalloc(1, sizeof *j);
		j->w = w;
		j->c = c;
		wbuf_init(&j->page);
		j->next = w->jobs;
		if (w->jobs != NULL)
			w->jobs->prev = j;
		w->jobs = j;
		*con_cls = j;
	}
	return j;
}

enum MHD_Result
web_index_wait(struct web *w, struct MHD_Connection *c, void **con_cls)
{
	struct wjob *j = job_of(w, c, con_cls);

	j->index_wait = true;
	MHD_suspend_connection(c);
	j->suspended = true;
	return MHD_YES;
}

enum MHD_Result
web_defer(struct web *w, struct MHD_Connection *c, void **con_cls,
    enum wjob_kind kind, const char *a, const char *b,
    const struct web_ratings *rr)
{
	struct wjob *j = job_of(w, c, con_cls);
	struct wticket *t;

	t = ticket_new(w, kind);
	t->job = j;
	j->t = t;
	snprintf(t->r.a, sizeof t->r.a, "%s", a != NULL ? a : "");
	snprintf(t->r.b, sizeof t->r.b, "%s", b != NULL ? b : "");
	if (rr != NULL)
		t->r.rr = *rr;
	if (kind == WJ_INDEX) {
		w->index_reading = true;
		j->index_wait = true;   /* as those that come meanwhile */
	}
	MHD_suspend_connection(c);
	j->suspended = true;
	/* (Without a reader thread the answer is back at once: resumed.) */
	ticket_send(w, t);
	return MHD_YES;
}

enum MHD_Result
web_job_reply(struct wjob *j)
{
	struct wbuf b = j->page;

	wbuf_init(&j->page);
	return web_reply(j->c, j->code, j->type, &b);
}

void
web_job_completed(void *cls, struct MHD_Connection *c, void **con_cls,
    enum MHD_RequestTerminationCode toe)
{
	struct web *w = cls;
	struct wjob *j = *con_cls;

	(void)c;
	(void)toe;
	if (j == NULL)
		return;
	*con_cls = NULL;
	if (j->t != NULL)
		j->t->job = NULL;       /* its read comes back to nobody */
	WEB_UNLINK(w->jobs, j);
	wbuf_free(&j->page);
	free(j);
}

void
web_defer_end_jobs(struct web *w)
{
	struct wjob *j;

	/* Their reads come back to nobody (the front page's is still
	 * made). */
	for (j = w->jobs; j != NULL; j = j->next) {
		if (j->t != NULL)
			j->t->job = NULL;
		j->t = NULL;
		j->index_wait = false;
		if (!j->suspended)
			continue;
		/* (No read on its way: web_defer_end_all, stopping.) */
		job_error(j, 503, w->tickets == NULL ?
		    N_("The server is stopping.") :
		    N_("The server is reloading; load the page again."));
		j->suspended = false;
		MHD_resume_connection(j->c);
	}
}

void
web_defer_end_all(struct web *w)
{
	struct wticket *t;

	/* The reads on their way come back to nobody (or never). */
	for (t = w->tickets; t != NULL; t = t->next) {
		t->w = NULL;
		t->job = NULL;
	}
	w->tickets = NULL;
	web_defer_end_jobs(w);
}

#else
typedef int web_defer_absent;
#endif
