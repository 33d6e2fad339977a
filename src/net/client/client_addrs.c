/*
 * client_addrs.c: the addresses a friend can reach this machine at, for
 * `congo --host` to show (the game serves, the friend's client connects),
 * and the port its server is started on, and when it listens.
 */

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "net/client/client.h"

int
net_local_addresses(int port, char (*out)[NET_ADDR_MAX], int max)
{
	struct ifaddrs *ifa, *i;
	char ip[INET6_ADDRSTRLEN];
	int pass, n = 0;

	if (getifaddrs(&ifa) != 0)
		return 0;
	for (pass = 0; pass < 2; pass++)
		for (i = ifa; i != NULL && n < max; i = i->ifa_next) {
			int fam = pass == 0 ? AF_INET : AF_INET6;
			if (i->ifa_addr == NULL || i->ifa_addr->sa_family !=
			    fam || (i->ifa_flags & IFF_LOOPBACK))
				continue;
			if (fam == AF_INET) {
				inet_ntop(AF_INET, &((struct sockaddr_in *)
				    (void *)i->ifa_addr)->sin_addr, ip,
				    sizeof ip);
				snprintf(out[n++], NET_ADDR_MAX, "%s:%d", ip,
				    port);
			} else {
				const struct in6_addr *a6 =
				    &((struct sockaddr_in6 *)(void *)
				    i->ifa_addr)->sin6_addr;
				if (IN6_IS_ADDR_LINKLOCAL(a6) ||
				    IN6_IS_ADDR_LOOPBACK(a6))
					continue;
				inet_ntop(AF_INET6, a6, ip, sizeof ip);
				snprintf(out[n++], NET_ADDR_MAX, "[%s]:%d", ip,
				    port);
			}
		}
	freeifaddrs(ifa);
	return n;
}

int
net_free_port(void)
{
	struct sockaddr_in sin;
	socklen_t len = sizeof sin;
	int fd, port = -1;

	if ((fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
		return -1;
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_ANY);
	sin.sin_port = 0;
	if (bind(fd, (struct sockaddr *)&sin, sizeof sin) == 0 &&
	    getsockname(fd, (struct sockaddr *)&sin, &len) == 0)
		port = ntohs(sin.sin_port);
	close(fd);
	return port;
}

bool
net_port_listening(int port)
{
	struct sockaddr_in sin;
	int fd;
	bool ok;

	if ((fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
		return false;
	memset(&sin, 0, sizeof sin);
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	sin.sin_port = htons((unsigned short)port);
	/* the loopback answers at once: a refusal means nobody listens */
	ok = connect(fd, (struct sockaddr *)&sin, sizeof sin) == 0;
	close(fd);
	return ok;
}
