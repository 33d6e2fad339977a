/*
 * web_conn.c: the HTTP connections' limits (issue 33). As for CGP/1, no
 * more than --max-per-address from one network (an IPv4 /24, an IPv6 /64:
 * the server's) and --max-connections in all. A request's headers must be
 * complete within 15 s of the connection's start, or of the end of the
 * request before it on the connection: libmicrohttpd's own timeout closes
 * idle connections only, and a client sending a header line every few
 * seconds is never idle. Connections waiting for headers are kept oldest
 * first, so the loop's timer finds those past their deadline at the head;
 * the deadline does not concern a request being answered, an event
 * stream (SSE) the longest. When every connection is taken, a new one
 * closes the one that has waited longest for its headers rather than be
 * refused (many slow clients cannot keep a quick one out). Closing is a
 * shutdown(2) of the socket: MHD reads its end and lets it go. What is
 * refused or closed is logged at a bounded rate (web_host's refused).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "web/web_http.h"

#ifdef HAVE_MICROHTTPD

#include <netdb.h>
#include <sys/socket.h>

/* Connections per network, as CGP/1 counts them (web_host's net_of). */
static void
addr_net(const struct web *w, const struct sockaddr *sa, char *net,
    size_t n)
{
	char host[64] = "?";

	if (sa != NULL)
		getnameinfo(sa, sa->sa_family == AF_INET6 ?
		    sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in),
		    host, sizeof host, NULL, 0, NI_NUMERICHOST);
	w->host.net_of(w->host.ctx, host, net, n);
}

static struct wnet *
net_find(struct web *w, const char *net, bool add)
{
	struct wnet *x;
	size_t i;

	for (i = 0; i < w->lim->nets.len; i++) {
		x = vec_at(&w->lim->nets, i);
		if (strcmp(x->net, net) == 0)
			return x;
	}
	if (!add)
		return NULL;
	x = vec_push(&w->lim->nets);
	snprintf(x->net, sizeof x->net, "%s", net);
	x->n = 0;
	return x;
}

static void
unlink_waiting(struct web *w, struct wconn *k)
{
	if (!k->waiting)
		return;
	if (k->prev != NULL)
		k->prev->next = k->next;
	else
		w->waiting = k->next;
	if (k->next != NULL)
		k->next->prev = k->prev;
	else
		w->waiting_tail = k->prev;
	k->prev = k->next = NULL;
	k->waiting = false;
}

/* k waits for a request's headers from now on (the list's tail). */
static void
wait_headers(struct web *w, struct wconn *k, long long now)
{
	unlink_waiting(w, k);
	if (k->closing)
		return;
	k->since = now;
	k->waiting = true;
	k->prev = w->waiting_tail;
	if (w->waiting_tail != NULL)
		w->waiting_tail->next = k;
	else
		w->waiting = k;
	w->waiting_tail = k;
}

static void
conn_close(struct web *w, struct wconn *k)
{
	unlink_waiting(w, k);
	if (k->closing)
		return;
	k->closing = true;
	w->lim->closing++;
	if (k->fd >= 0)
		shutdown(k->fd, SHUT_RDWR);
}

enum MHD_Result
web_conn_accept(void *cls, const struct sockaddr *sa, socklen_t len)
{
	struct web *w = cls;
	struct wconn *k;
	struct wnet *x;
	char net[64];

	(void)len;
	addr_net(w, sa, net, sizeof net);
	x = net_find(w, net, false);
	if (x != NULL && x->n >= w->max_per_address) {
		w->refused_net++;
		web_refused(w, "http connection from %s refused: "
		    "%d already from its network", net, x->n);
		return MHD_NO;
	}
	if (w->lim->conns - w->lim->closing < w->max_connections)
		return MHD_YES;
	/* Every connection taken: the one that has waited longest for its
	 * headers makes room, or, none waiting, this one is refused. */
	if ((k = w->waiting) != NULL) {
		w->evicted++;
		web_refused(w, "web: %s waited %lld ms for its "
		    "headers, closed for %s (the HTTP limit, %d, reached)",
		    k->net, web_now(w) - k->since, net,
		    w->max_connections);
		conn_close(w, k);
		return MHD_YES;
	}
	w->refused_total++;
	web_refused(w, "web: %s refused: the HTTP limit, %d, "
	    "reached", net, w->max_connections);
	return MHD_NO;
}

void
web_conn_notify(void *cls, struct MHD_Connection *c, void **sock_ctx,
    enum MHD_ConnectionNotificationCode code)
{
	struct web *w = cls;
	const union MHD_ConnectionInfo *ci;
	struct wconn *k;
	struct wnet *x;
	size_t i;

	if (code == MHD_CONNECTION_NOTIFY_STARTED) {
		k = xcalloc(1, sizeof *k);
		ci = MHD_get_connection_info(c,
		    MHD_CONNECTION_INFO_CLIENT_ADDRESS);
		addr_net(w, ci != NULL ? ci->client_addr : NULL, k->net,
		    sizeof k->net);
		ci = MHD_get_connection_info(c,
		    MHD_CONNECTION_INFO_CONNECTION_FD);
		k->fd = ci != NULL ? ci->connect_fd : -1;
		x = net_find(w, k->net, true);
		x->n++;
		*sock_ctx = k;
		if (++w->lim->conns > w->lim->peak)
			w->lim->peak = w->lim->conns;
		wait_headers(w, k, web_now(w));
		return;
	}
	if ((k = *sock_ctx) == NULL)
		return;
	for (i = 0; i < w->lim->nets.len; i++) {
		x = vec_at(&w->lim->nets, i);
		if (strcmp(x->net, k->net) == 0 && --x->n <= 0) {
			vec_remove(&w->lim->nets, i);
			break;
		}
	}
	unlink_waiting(w, k);
	if (k->closing)
		w->lim->closing--;
	free(k);
	*sock_ctx = NULL;
	w->lim->conns--;
}

static struct wconn *
conn_of(struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *ci;

	ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
	return ci != NULL ? ci->socket_context : NULL;
}

void
web_conn_request(struct web *w, struct MHD_Connection *c)
{
	struct wconn *k = conn_of(c);

	if (k != NULL && k->waiting) {
		unlink_waiting(w, k);
		k->requests++;
	}
}

void
web_conn_completed(void *cls, struct MHD_Connection *c, void **con_cls,
    enum MHD_RequestTerminationCode toe)
{
	struct web *w = cls;
	struct wconn *k = conn_of(c);

	web_job_completed(cls, c, con_cls, toe);
	/* The next request's headers from now on (keep-alive). */
	if (k != NULL)
		wait_headers(w, k, web_now(w));
}

long long
web_conn_due(const struct web *w, long long now)
{
	long long due;

	if (w->waiting == NULL)
		return -1;
	due = w->waiting->since + w->header_ms - now;
	return due < 0 ? 0 : due;
}

bool
web_conn_expire(struct web *w, long long now)
{
	struct wconn *k;
	bool closed = false;

	while ((k = w->waiting) != NULL && now - k->since >= w->header_ms) {
		/* An idle keep-alive connection goes quietly; a request
		 * begun and not finished is a refusal. */
		if (k->requests == 0) {
			w->header_timeouts++;
			web_refused(w, "web: %s: a request's "
			    "headers not complete in %lld ms, closed", k->net,
			    w->header_ms);
		}
		conn_close(w, k);
		closed = true;
	}
	return closed;
}

#endif
