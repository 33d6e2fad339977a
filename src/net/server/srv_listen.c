/*
 * srv_listen.c: the event loop's listening sockets: CGP/1's (--port,
 * --bind) and CGP/1 over TLS's (--tls-listen), made non-blocking, and the
 * connections they accept handed to srv_conn.c (the TLS ones' handshake
 * started).
 */

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "net/server/srv_int.h"

/* The port a listening socket is bound to, into *port. -1 (errno) when
 * the system cannot say (a test build: CONGO_TEST_GETSOCKNAME_FAIL set,
 * as if it could not). */
static int
bound_port(int fd, int *port)
{
	struct sockaddr_storage ss;
	socklen_t sl = sizeof ss;

#ifdef CONGO_TEST_HOOKS
	if (getenv("CONGO_TEST_GETSOCKNAME_FAIL") != NULL) {
		errno = ENOBUFS;
		return -1;
	}
#endif
	memset(&ss, 0, sizeof ss);
	if (getsockname(fd, (struct sockaddr *)&ss, &sl) < 0)
		return -1;
	if (ss.ss_family == AF_INET6)
		*port = ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
	else if (ss.ss_family == AF_INET)
		*port = ntohs(((struct sockaddr_in *)&ss)->sin_port);
	else {
		errno = EAFNOSUPPORT;
		return -1;
	}
	return 0;
}

/* Listen on host (NULL or "": every address) and port (0: any free one)
 * for what: up to SRV_MAX_LISTEN sockets into fds (*n), the port bound
 * into *bound. -1 with err. */
static int
listen_at(const char *host, int port, const char *what, int *fds, int *n,
    int *bound, char *err, size_t errlen)
{
	struct addrinfo hints, *res, *ai;
	char ports[16];
	int fd, one = 1, rc, lasterr = 0, first = *n;

	if (host != NULL && (host[0] == '\0' || strcmp(host, "*") == 0))
		host = NULL;
	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
	snprintf(ports, sizeof ports, "%d", port);
	rc = getaddrinfo(host, ports, &hints, &res);
	if (rc != 0) {
		snprintf(err, errlen, "%scannot use address '%s': %s", what,
		    host != NULL ? host : "", gai_strerror(rc));
		return -1;
	}
	for (ai = res; ai != NULL && *n < SRV_MAX_LISTEN; ai = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK |
		    SOCK_CLOEXEC, ai->ai_protocol);
		if (fd < 0) {
			lasterr = errno;
			continue;
		}
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
		if (ai->ai_family == AF_INET6)
			setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one,
			    sizeof one);
		if (bind(fd, ai->ai_addr, ai->ai_addrlen) < 0 ||
		    listen(fd, 128) < 0) {
			lasterr = errno;
			close(fd);
			/* A family this machine lacks is left out; a port
			 * another program holds in one of them is an error:
			 * clients of that family would reach the other. */
			if (lasterr == EADDRINUSE || lasterr == EACCES)
				break;
			continue;
		}
		if (*n == first && bound_port(fd, bound) < 0) {
			/* (The port is what the log and srv_port say: a
			 * socket that cannot tell it is not served.) */
			snprintf(err, errlen, "%scannot listen on %s port %d: "
			    "the port bound is unknown (getsockname: %s)", what,
			    host != NULL ? host : "every address", port,
			    strerror(errno));
			close(fd);
			while (*n > first)
				close(fds[--(*n)]);
			freeaddrinfo(res);
			return -1;
		}
		fds[(*n)++] = fd;
		/* A port chosen by the system is one family's. */
		if (port == 0)
			break;
	}
	freeaddrinfo(res);
	if (lasterr == EADDRINUSE || lasterr == EACCES) {
		while (*n > first)
			close(fds[--(*n)]);
	}
	if (*n == first) {
		snprintf(err, errlen, "%scannot listen on %s port %d: %s",
		    what, host != NULL ? host : "every address", port,
		    strerror(lasterr));
		return -1;
	}
	return 0;
}

int
srv_listen(struct srv *sv, char *err, size_t errlen)
{
	char host[256];
	int port;

	sv->port = sv->tls_port = -1;
	if (sv->o.port < 0 && sv->o.tls_listen[0] == '\0') {
		snprintf(err, errlen, "--port none needs --tls-listen: nothing "
		    "to listen on");
		return -1;
	}
	if (sv->o.port >= 0 && listen_at(sv->o.bind, sv->o.port, "",
	    sv->lfd, &sv->nlfd, &sv->port, err, errlen) < 0)
		return -1;
	if (sv->o.tls_listen[0] == '\0')
		return 0;
	if (srv_split_addr(sv->o.tls_listen, host, sizeof host, &port) < 0) {
		snprintf(err, errlen, "--tls-listen %s: ADDR:PORT, please "
		    "(0.0.0.0:7154, [::]:7154; port 0: any free one)",
		    sv->o.tls_listen);
		return -1;
	}
	return listen_at(host, port, "--tls-listen: ", sv->tlfd, &sv->ntlfd,
	    &sv->tls_port, err, errlen);
}

int
srv_split_addr(const char *addr, char *host, size_t n, int *port)
{
	const char *colon = strrchr(addr, ':');
	size_t len;
	long v;

	if (colon == NULL || parse_long(colon + 1, 0, 65535, &v, NULL, 0) != 0)
		return -1;
	*port = (int)v;
	len = (size_t)(colon - addr);
	if (len > 0 && addr[0] == '[') {
		if (addr[len - 1] != ']')
			return -1;
		addr++;
		len -= 2;
	}
	if (len >= n)
		return -1;
	memcpy(host, addr, len);
	host[len] = '\0';
	return 0;
}

static void
peer_name(const struct sockaddr_storage *ss, char *out, size_t n)
{
	if (ss->ss_family == AF_INET6) {
		const struct sockaddr_in6 *s6 = (const void *)ss;
		if (IN6_IS_ADDR_V4MAPPED(&s6->sin6_addr))
			inet_ntop(AF_INET, &s6->sin6_addr.s6_addr[12], out,
			    (socklen_t)n);
		else
			inet_ntop(AF_INET6, &s6->sin6_addr, out, (socklen_t)n);
	} else if (ss->ss_family == AF_INET) {
		inet_ntop(AF_INET, &((const struct sockaddr_in *)ss)->sin_addr,
		    out, (socklen_t)n);
	} else
		snprintf(out, n, "local");
}

void
srv_accept(struct srv *sv, int lfd, bool tls, long long now)
{
	struct sockaddr_storage ss;
	socklen_t sl;
	char addr[64];
	int fd, one = 1, i;

	for (;;) {
		sl = sizeof ss;
		fd = accept4(lfd, (struct sockaddr *)&ss, &sl,
		    SOCK_NONBLOCK | SOCK_CLOEXEC);
		if (fd < 0) {
			if (errno == EINTR || errno == ECONNABORTED)
				continue;
			if (errno == EMFILE || errno == ENFILE ||
			    errno == ENOBUFS || errno == ENOMEM) {
				srv_log(sv, NET_LOG_WARN, "accept: %s; pausing",
				    strerror(errno));
				sv->accept_pause = now + 1000;
			}
			return;
		}
		/* Far past the limit, do not even answer. */
		if (sv->o.lim.max_connections > 0 &&
		    sv->nused >= sv->o.lim.max_connections + 64) {
			close(fd);
			continue;
		}
		setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
		peer_name(&ss, addr, sizeof addr);
		i = conn_add(sv, fd, addr, now);
		if (tls && srv_tls_accept(sv, i, now) < 0)
			sv->conns[i].dead = true;   /* dropped by its timers */
	}
}

void
srv_unlisten(struct srv *sv)
{
	int i;

	for (i = 0; i < sv->nlfd; i++)
		close(sv->lfd[i]);
	sv->nlfd = 0;
	for (i = 0; i < sv->ntlfd; i++)
		close(sv->tlfd[i]);
	sv->ntlfd = 0;
}
