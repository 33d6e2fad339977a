/*
 * session_net_games.c: `congo --games`: the account's games not over
 * (GAMES mine=yes), one line each as the lobby's "Your games" shows them
 * (session_mine_line), your turn first, for a script or a status bar;
 * then the program ends. The server and account are those of the
 * options, else congo.conf's (network.host, network.account). No
 * terminal, no retries: a server that cannot be reached, a login refused
 * or no answer is said on err and the status is 1. `congo --tournaments`
 * the same way: the server's tournaments (TOURNEYS), a line each as the
 * server writes its keys (tourney= kind= name= status= start=...).
 */

#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/client/client.h"
#include "session/session_link.h"
#include "session/session_net.h"
#include "session/session_net_mine.h"
#include "util/util.h"
#include "util/i18n.h"

/* The whole exchange, from the first try to connect. */
#define GAMES_WAIT_MS 20000

struct games_run {
	struct net_client *c;
	const struct net_client_opts *o;
	FILE *out, *err;
	struct session_mine_game *g;
	int n;
	const char *verb;          /* "MINE", or "TOURNEYS" */
	bool asked, done;
	int status;
};

static void fail(struct games_run *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
fail(struct games_run *r, const char *fmt, ...)
{
	va_list ap;

	fprintf(r->err, "congo: ");
	va_start(ap, fmt);
	vfprintf(r->err, fmt, ap);
	va_end(ap);
	fputc('\n', r->err);
	r->status = 1;
	r->done = true;
}

static void
event(struct games_run *r, const struct net_event *e)
{
	char where[300];
	long long now;
	int i;

	snprintf(where, sizeof where, _("%s port %d"), r->o->host,
	    r->o->port);
	switch (e->kind) {
	case NEV_STATUS:
		if (e->state == NET_RETRY || e->state == NET_CLOSED)
			fail(r, _("cannot reach %s: %s"), where,
			    net_client_why(r->c));
		else if (e->state == NET_ONLINE && !r->asked) {
			/* after the LOGIN the client sends on HELLO */
			r->asked = true;
			net_client_query(r->c, r->verb, "");
		}
		break;
	case NEV_NOTICE:
		fprintf(r->err, "congo: %s\n", e->text);
		break;
	case NEV_ERROR:
		if (strcmp(e->verb, "LOGIN") == 0)
			fail(r, _("cannot log in: %s"), e->text);
		else if (strcmp(e->verb, "MINE") == 0 &&
		    net_client_account(r->c)[0] == '\0')
			fail(r, _("--games lists an account's games: no "
			    "account kept for %s (--register NAME makes one, "
			    "--login NAME chooses one)"), where);
		else if (e->verb[0] != '\0')
			fail(r, "%s: %s", e->verb, e->text);
		else
			fail(r, _("the server: %s"), e->text);
		break;
	case NEV_ITEM:
		if (strcmp(e->verb, "TOURNEYS") == 0 &&
		    strcmp(r->verb, "TOURNEYS") == 0)
			fprintf(r->out, "%s\n", e->text);
		if (strcmp(e->verb, "MINE") != 0)
			break;
		r->g = xrealloc(r->g, sizeof *r->g * (size_t)(r->n + 1));
		session_mine_item(&r->g[r->n++], e->text);
		break;
	case NEV_ITEMS_END:
		if (strcmp(e->verb, r->verb) != 0 || r->done)
			break;
		now = util_wall_ms();
		for (i = 0; i < r->n; i++) {
			char line[200];
			session_mine_line(&r->g[i], now, line, sizeof line,
			    false);
			fprintf(r->out, "%s\n", line);
		}
		fflush(r->out);
		r->status = 0;
		r->done = true;
		break;
	default:
		break;
	}
}

int
session_link_games(const struct session_net_opts *no,
    const struct congo_conf *conf, FILE *out, FILE *err)
{
	struct net_client_opts o;
	struct games_run r;
	struct net_event e;
	char why[300];
	long long until;
	bool tls;

	memset(&o, 0, sizeof o);
	o.port = no->port > 0 ? no->port : -1;
	if (net_parse_server(no->connect, o.host, sizeof o.host, &o.port,
	    &tls, why, sizeof why) < 0) {
		fprintf(err, "congo: %s\n", why);
		return 1;
	}
	if (o.port <= 0)
		o.port = conf->network.port;
	o.tls = tls;
	if (no->tls_ca != NULL)
		snprintf(o.tls_ca, sizeof o.tls_ca, "%s", no->tls_ca);
	/* no one to ask: a new certificate is refused unless the options
	 * trust it */
	o.trust = no->tls_trust_new ? NET_TRUST_NEW : NET_TRUST_REFUSE;
	snprintf(o.name, sizeof o.name, "%.31s", conf->network.name);
	snprintf(o.login, sizeof o.login, "%.31s", no->login != NULL ?
	    no->login : no->account != NULL ? no->account : "");
	memset(&r, 0, sizeof r);
	r.o = &o;
	r.out = out;
	r.err = err;
	r.status = 1;
	r.verb = no->tournaments ? "TOURNEYS" : "MINE";
	r.c = net_client_new(&o);
	net_client_start(r.c, util_now_ms());
	until = util_now_ms() + GAMES_WAIT_MS;
	while (!r.done) {
		long long now = util_now_ms();
		struct pollfd p;
		int t = net_client_timeout(r.c, now);

		if (now >= until) {
			fail(&r, _("%s port %d does not answer (waited %d s)"),
			    o.host, o.port, GAMES_WAIT_MS / 1000);
			break;
		}
		if (t < 0 || t > until - now)
			t = (int)(until - now);
		p.fd = net_client_fd(r.c);
		p.events = net_client_events(r.c);
		p.revents = 0;
		if (poll(&p, p.fd >= 0 ? 1 : 0, t) > 0)
			net_client_io(r.c, p.revents, util_now_ms());
		net_client_tick(r.c, util_now_ms());
		while (!r.done && net_client_next(r.c, &e))
			event(&r, &e);
	}
	net_client_free(r.c);
	free(r.g);
	return r.status;
}
