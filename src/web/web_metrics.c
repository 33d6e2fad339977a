/*
 * web_metrics.c: /metrics, Prometheus' text exposition format (0.0.4):
 * connections, games in memory by status, changes stored, the commits'
 * durations as a histogram, store errors, refusals by limit, and the
 * HTTP side's own.
 */

#include <stdio.h>
#include <string.h>

#include "web/web_http.h"

#ifdef HAVE_MICROHTTPD

static void
metric(struct wbuf *b, const char *name, const char *type, const char *help)
{
	wbuf_printf(b, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

enum MHD_Result
web_metrics(struct web *w, struct MHD_Connection *c)
{
	static const int bounds[] = { 1, 2, 5, 10, 25, 50, 100, 250, 500,
	    1000 };
	enum { NB = sizeof bounds / sizeof bounds[0] };
	struct web_figures f;
	struct wbuf b;
	int i;

	_Static_assert(NB <= WEB_COMMIT_BOUNDS, "web_figures' counts");
	memset(&f, 0, sizeof f);
	w->host.figures(w->host.ctx, bounds, NB, &f);
	wbuf_init(&b);
	metric(&b, "congo_connections", "gauge", "CGP/1 connections open");
	wbuf_printf(&b, "congo_connections %d\n", f.conns);
	metric(&b, "congo_http_connections", "gauge",
	    "HTTP connections open");
	wbuf_printf(&b, "congo_http_connections %d\n", w->lim->conns);
	metric(&b, "congo_http_streams", "gauge",
	    "game event streams (SSE) open");
	wbuf_printf(&b, "congo_http_streams %d\n", w->nstreams);
	metric(&b, "congo_http_requests_total", "counter", "HTTP requests");
	wbuf_printf(&b, "congo_http_requests_total %lld\n", w->requests);
	metric(&b, "congo_games", "gauge",
	    "games in this server's memory by status");
	for (i = 0; i < 3; i++)
		wbuf_printf(&b, "congo_games{status=\"%s\"} %d\n",
		    f.status[i], f.games[i]);
	metric(&b, "congo_changes_stored_total", "counter",
	    "changes stored (a move is one; a move that ends the game too)");
	wbuf_printf(&b, "congo_changes_stored_total %lld\n", f.changes);
	metric(&b, "congo_commit_seconds", "histogram",
	    "durations of the store's commits (1 ms resolution)");
	for (i = 0; i < NB; i++)
		wbuf_printf(&b, "congo_commit_seconds_bucket{le=\"%g\"} %lld\n",
		    bounds[i] / 1000.0, f.counts[i]);
	wbuf_printf(&b, "congo_commit_seconds_bucket{le=\"+Inf\"} %lld\n",
	    f.counts[NB]);
	wbuf_printf(&b, "congo_commit_seconds_sum %.3f\n", f.sum / 1000.0);
	wbuf_printf(&b, "congo_commit_seconds_count %lld\n", f.counts[NB]);
	metric(&b, "congo_store_errors_total", "counter",
	    "changes the store refused (a failed commit)");
	wbuf_printf(&b, "congo_store_errors_total %lld\n", f.store_errors);
	metric(&b, "congo_refusals_total", "counter",
	    "requests refused by a limit");
	for (i = 0; i < f.nlimits; i++)
		wbuf_printf(&b, "congo_refusals_total{limit=\"%s\"} %lld\n",
		    f.limit[i], f.refused[i]);
	/* The HTTP side's own (web_conn.c): new connections refused at
	 * --max-connections, connections closed for a new one there while
	 * they waited for their headers, and past the headers' deadline. */
	wbuf_printf(&b, "congo_refusals_total{limit=\"http_connections\"} "
	    "%lld\n", w->refused_total);
	wbuf_printf(&b, "congo_refusals_total{limit=\"http_evicted\"} "
	    "%lld\n", w->evicted);
	wbuf_printf(&b, "congo_refusals_total{limit=\"http_header_timeout\"} "
	    "%lld\n", w->header_timeouts);
	return web_reply(c, 200, "text/plain; version=0.0.4; charset=utf-8",
	    &b);
}

#endif
