/*
 * web_http.h: the libmicrohttpd side (web_http.c, web_sse.c,
 * web_metrics.c).
 */
#ifndef CONGO_WEB_HTTP_H
#define CONGO_WEB_HTTP_H

#include "web/web_int.h"

#ifdef HAVE_MICROHTTPD
#include <microhttpd.h>

struct wnet {                    /* HTTP connections of a network */
	char net[64];
	int n;
};

/* An event stream (/game/<id>/events). */
struct wstream {
	struct web *w;
	struct MHD_Connection *conn;
	char game[CGP_ID_LEN + 1];
	int sent;                      /* plies the viewer has */
	bool dirty;                    /* the game changed since */
	bool suspended, done;
	struct wbuf out;
	size_t off;
	long long opened;              /* ms */
	struct wstream *prev, *next;
};

struct web {
	struct srv *sv;
	struct MHD_Daemon *d;
	int fd, port;
	struct vec nets;               /* struct wnet */
	struct wstream *streams;
	int nstreams;
	bool dirty;                    /* a stream has news */
	long long keepalive_at;        /* ms */
	struct wbuf index;             /* the front page, made at index_at */
	long long index_at;
	long long life_ms, ka_ms;      /* a stream's life, keepalives */
	bool readable;                 /* fd readable this round */
	long long mhd_due;             /* ms: MHD's timeout, -1 none */
	long long requests, refused_net, streams_closed;
	int conns;
};

void web_headers(struct MHD_Response *r, const char *type);
enum MHD_Result web_reply(struct MHD_Connection *c, int code,
    const char *type, struct wbuf *b);
enum MHD_Result web_error(struct MHD_Connection *c, int code,
    const char *text);
enum MHD_Result web_sse_open(struct web *w, struct MHD_Connection *c,
    struct sgame *g);
/* Messages for the streams with news, keepalives, streams too old
 * ended: true when a stream was resumed. */
bool web_sse_push(struct web *w, long long now);
void web_sse_free(struct web *w);
/* Every stream ends now (before MHD stops). */
void web_sse_end_all(struct web *w);
enum MHD_Result web_metrics(struct web *w, struct MHD_Connection *c);
#endif

#endif
