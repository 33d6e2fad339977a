/*
 * ui_net.c: network play in the game: its options, setting the sides up
 * (the local seat keeps its human or AI player, the other is remote),
 * `congo --host`'s server in a thread of the game, and the loop's hooks.
 */
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "clock/clock.h"
#include "net/net.h"
#include "ui/ui_net.h"
#include "util/util.h"

void
ui_net_usage(FILE *out)
{
	fputs(
	    "Network play (see congo(6) and congo-server(6)):\n"
	    "  --connect HOST[:PORT]   play on a congo-server (port 7153)\n"
	    "    --create [--seat white|black]  a new game (White by default)\n"
	    "    --join GAME --seat white|black take a free seat\n"
	    "    --game GAME [--seat S]         take your seat again (the token\n"
	    "                                   is kept in "
	    "$XDG_STATE_HOME/congo/)\n"
	    "    --observe GAME                 watch a game\n"
	    "    (none of these: a lobby lists the games)\n"
	    "  --host [--port N] [--seat S]  serve here and create a game for a "
	    "friend\n"
	    "  --name NAME             your name on the server\n"
	    "  --white/--black TYPE    the local seat may be an AI "
	    "(e.g. --white alphabeta)\n",
	    out);
}

static int
check_game(const char *opt, const char *v, char *err, size_t errlen)
{
	char id[16];

	snprintf(id, sizeof id, "%s", v);
	for (char *p = id; *p != '\0'; p++)
		if (*p >= 'a' && *p <= 'z')
			*p = (char)(*p - 'a' + 'A');
	if (strlen(v) != 8 || strspn(id, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") !=
	    8) {
		snprintf(err, errlen, "%s: '%s' is not a game id (8 letters "
		    "and digits 2-7)", opt, v);
		return -1;
	}
	return 0;
}

int
ui_net_opts_check(const struct ui_net_opts *o, char *err, size_t errlen)
{
	int modes;

	if (!o->any)
		return 0;
	modes = o->create + (o->join != NULL) + (o->game != NULL) +
	    (o->observe != NULL);
	if (o->connect != NULL && o->host) {
		snprintf(err, errlen, "--connect and --host cannot go together");
		return -1;
	}
	if (o->connect == NULL && !o->host) {
		snprintf(err, errlen, "network options need --connect HOST or "
		    "--host");
		return -1;
	}
	if (modes > 1 || (o->host && modes > 0 && !o->create)) {
		snprintf(err, errlen, "choose one of --create, --join, --game "
		    "and --observe");
		return -1;
	}
	if (o->join != NULL && o->seat < 0) {
		snprintf(err, errlen, "--join needs --seat white or --seat "
		    "black");
		return -1;
	}
	if ((o->join != NULL && check_game("--join", o->join, err,
	    errlen) < 0) || (o->game != NULL && check_game("--game", o->game,
	    err, errlen) < 0) || (o->observe != NULL && check_game(
	    "--observe", o->observe, err, errlen) < 0))
		return -1;
	if (o->name != NULL && strlen(o->name) > 31) {
		snprintf(err, errlen, "--name: at most 31 characters");
		return -1;
	}
	return 0;
}

/* The addresses a friend can use: the non-loopback IPv4 ones. */
static void
local_addresses(char *out, size_t n, int port)
{
	struct ifaddrs *ifa, *i;
	size_t len = 0;
	char ip[INET_ADDRSTRLEN];

	out[0] = '\0';
	if (getifaddrs(&ifa) == 0) {
		for (i = ifa; i != NULL && len + 32 < n; i = i->ifa_next) {
			if (i->ifa_addr == NULL ||
			    i->ifa_addr->sa_family != AF_INET ||
			    (i->ifa_flags & IFF_LOOPBACK))
				continue;
			inet_ntop(AF_INET, &((struct sockaddr_in *)
			    (void *)i->ifa_addr)->sin_addr, ip, sizeof ip);
			len += (size_t)snprintf(out + len, n - len, "%s%s:%d",
			    len ? " or " : "", ip, port);
		}
		freeifaddrs(ifa);
	}
	if (out[0] == '\0')
		snprintf(out, n, "this machine's address, port %d", port);
}

static void *
server_thread(void *arg)
{
	srv_run(arg, NULL, NULL);
	return NULL;
}

static int
start_host(struct ui_net *n, int port, char *err, size_t errlen)
{
	struct srv_opts so;
	char logpath[1100];

	srv_defaults(&so);
	so.db_create = true;    /* the game's own server: its own file */
	so.port = port > 0 ? port : NET_DEFAULT_PORT;
	if (net_default_db(so.db, sizeof so.db, "congo-host.db", err,
	    errlen) < 0 || net_default_db(logpath, sizeof logpath,
	    "congo-host.log", err, errlen) < 0)
		return -1;
	/* The server's log goes to a file: the screen is the game's. */
	n->log = fopen(logpath, "a");
	so.log = n->log;
	so.log_level = n->log != NULL ? 2 : -1;
	n->srv = srv_open(&so, err, errlen);
	if (n->srv == NULL)
		return -1;
	if (pthread_create(&n->server_tid, NULL, server_thread, n->srv) != 0) {
		snprintf(err, errlen, "cannot start the server thread");
		srv_close(n->srv);
		n->srv = NULL;
		return -1;
	}
	n->thread = true;
	n->port = srv_port(n->srv);
	snprintf(n->host, sizeof n->host, "127.0.0.1");
	local_addresses(n->where, sizeof n->where, n->port);
	return 0;
}

/* CREATE in the game's variant (--variant or congo.conf's) with --clock
 * (M+S minutes; the server takes B+I seconds and keeps the clock). */
static int
create_game(struct ui_net *n, int seat, const struct ui_opts *uo,
    int variant, char *err, size_t errlen)
{
	char clock[32], why[160];
	int64_t base, inc;

	if (uo->clock != NULL) {
		if (clock_parse_minutes(uo->clock, &base, &inc, why,
		    sizeof why) < 0) {
			snprintf(err, errlen, "--clock: %s", why);
			return -1;
		}
		if (base < 1000) {
			snprintf(err, errlen, "--clock: a server clock has at "
			    "least a second");
			return -1;
		}
		clock_format_control(base, inc, clock, sizeof clock);
	}
	net_client_create_game(n->c, seat, uo->fen, variant_name(variant),
	    uo->clock != NULL ? clock : NULL);
	return 0;
}

int
ui_net_start(struct ui_app *a, const struct ui_net_opts *no,
    const struct ui_opts *uo, char *err, size_t errlen)
{
	struct ui_net *n = a->net;
	struct net_client_opts co;
	int seat;

	if (uo->load != NULL) {
		snprintf(err, errlen, "--load and network play cannot go "
		    "together");
		return -1;
	}
	memset(n, 0, sizeof *n);
	n->app = a;
	n->seat = -1;
	n->installed = -2;
	n->offer = -1;
	n->local_given[WHITE] = uo->white != NULL;
	n->local_given[BLACK] = uo->black != NULL;
	snprintf(n->name, sizeof n->name, "%s", no->name != NULL ? no->name :
	    a->s.conf.network.name);
	if (no->host) {
		if (start_host(n, no->port, err, errlen) < 0)
			return -1;
	} else {
		n->port = no->port > 0 ? no->port : a->s.conf.network.port;
		if (net_parse_address(no->connect, n->host, sizeof n->host,
		    &n->port, err, errlen) < 0)
			return -1;
	}
	memset(&co, 0, sizeof co);
	snprintf(co.host, sizeof co.host, "%.255s", n->host);
	co.port = n->port;
	snprintf(co.name, sizeof co.name, "%.31s", n->name);
	co.remember = true;
	n->c = net_client_new(&co);
	n->on = true;

	seat = no->seat;
	if (no->host || no->create) {
		seat = seat >= 0 ? seat : WHITE;
		if (create_game(n, seat, uo, a->s.start.variant, err,
		    errlen) < 0) {
			ui_net_stop(a);
			return -1;
		}
	} else if (no->join != NULL) {
		net_client_join(n->c, no->join, seat);
		n->cli_join = true;
	} else if (no->game != NULL) {
		if (net_client_rejoin(n->c, no->game, seat, NULL, err,
		    errlen) < 0) {
			ui_net_stop(a);
			return -1;
		}
		seat = net_client_seat(n->c);
	} else if (no->observe != NULL) {
		net_client_observe(n->c, no->observe);
		seat = -1;
	} else {
		seat = -1;
		a->screen = SCR_LOBBY;
	}
	ui_net_install(a, seat);
	return 0;
}

void
ui_net_go(struct ui_app *a)
{
	if (!a->net->on)
		return;
	net_client_start(a->net->c, util_now_ms());
	ui_net_events(a);
}

void
ui_net_stop(struct ui_app *a)
{
	struct ui_net *n = a->net;

	(void)a;
	if (n->c != NULL)
		net_client_free(n->c);
	n->c = NULL;
	if (n->thread) {
		srv_stop(n->srv);
		pthread_join(n->server_tid, NULL);
		n->thread = false;
	}
	if (n->srv != NULL)
		srv_close(n->srv);
	n->srv = NULL;
	if (n->log != NULL)
		fclose(n->log);
	n->log = NULL;
	n->on = false;
}

int
ui_net_timeout(struct ui_app *a)
{
	(void)a;
	if (!a->net->on || a->net->c == NULL)
		return -1;
	return net_client_timeout(a->net->c, util_now_ms());
}

void
ui_net_tick(struct ui_app *a)
{
	if (!a->net->on || a->net->c == NULL)
		return;
	net_client_tick(a->net->c, util_now_ms());
	ui_net_events(a);
}

bool
ui_net_panel(const struct ui_app *a, char *buf, size_t n)
{
	const char *id;

	(void)a;
	if (!a->net->on)
		return false;
	id = net_client_game_id(a->net->c);
	if (id[0] == '\0')
		snprintf(buf, n, "Network: %s", a->net->host);
	else
		snprintf(buf, n, "Game %s%s", id, a->net->seat < 0 ?
		    " (watching)" : "");
	return true;
}

bool
ui_net_status(const struct ui_app *a, char *buf, size_t n)
{
	struct ui_net *u = a->net;
	int opp = u->seat >= 0 ? 1 - u->seat : -1;
	const char *who = NULL;

	(void)a;
	if (!u->on)
		return false;
	if (net_client_state(u->c) == NET_ONLINE && opp >= 0 &&
	    strcmp(u->status, "finished") != 0) {
		if (!u->seated[opp])
			who = "waiting for an opponent";
		else if (!u->present[opp])
			who = "opponent disconnected";
	}
	snprintf(buf, n, "%s%s%s%s", u->conn, who != NULL ?
	    ", " : "", who != NULL ? who : "", u->offer >= 0 &&
	    u->offer == opp ? ", draw offered (:draw accepts)" : "");
	return true;
}
