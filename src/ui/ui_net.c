/*
 * ui_net.c: network play in the game: its options, setting the sides up
 * (the local seat keeps its human or AI player, the other is remote),
 * `congo --host`'s server (congo-server, a child process: session_host.c),
 * and the loop's hooks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/clock.h"
#include "net/client/client.h"
#include "session/session_host.h"
#include "ui/ui_net.h"
#include "util/util.h"

void
ui_net_usage(FILE *out)
{
	fputs(
	    "Network play (see congo(6) and congo-server(6)):\n"
	    "  --connect HOST[:PORT]   play on a congo-server (port 7153)\n"
	    "  --connect tls://HOST[:PORT]  the same over TLS (port 7154): its\n"
	    "                          certificate checked against the system's\n"
	    "                          authorities, or a self-signed one pinned\n"
	    "                          on first use in $XDG_DATA_HOME/congo/\n"
	    "                          known_servers (a changed one refused)\n"
	    "    --tls-ca FILE         trust only the authorities in FILE\n"
	    "    --create [--seat white|black]  a new game (White by default)\n"
	    "    --join GAME [--seat white|black] take the free seat\n"
	    "    --game GAME [--seat S]         take your seat again (the token\n"
	    "                                   is kept in "
	    "$XDG_STATE_HOME/congo/)\n"
	    "    --observe GAME                 watch a game\n"
	    "    (none of these: a lobby lists the games)\n"
	    "  --host [--port N] [--seat S]  serve here (congo-server) and "
	    "create a game\n"
	    "    for a friend"
	    " (--port 0: any free port; --host --game GAME:\n"
	    "    that hosted game again)\n"
	    "  --name NAME             your name on the server\n"
	    "  --register NAME         make an account (once: its key is kept in\n"
	    "                          $XDG_STATE_HOME/congo/keys and logs in\n"
	    "                          on every later connection)\n"
	    "  --login NAME            which account, when several are kept\n"
	    "  --seek M+S [--rated] [--variant V] [--seat S]  wait for an\n"
	    "                          opponent with the same terms, then play\n"
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

/* An account's name: 3-20 of A-Za-z0-9_- (PROTOCOL.md REGISTER). */
static int
check_account(const char *opt, const char *v, char *err, size_t errlen)
{
	size_t n = strlen(v);

	if (n < 3 || n > 20 || strspn(v, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != n) {
		snprintf(err, errlen, "%s: '%s' is not an account name (3-20 "
		    "letters, digits, _ and -)", opt, v);
		return -1;
	}
	return 0;
}

static int
account_opts_check(const struct ui_net_opts *o, char *err, size_t errlen)
{
	if (o->register_name != NULL && o->login != NULL) {
		snprintf(err, errlen, "--register already logs in: no "
		    "--login with it");
		return -1;
	}
	if ((o->register_name != NULL || o->login != NULL || o->seek != NULL) &&
	    o->connect == NULL) {
		snprintf(err, errlen, "--register, --login and --seek go with "
		    "--connect HOST");
		return -1;
	}
	if (o->tls_ca != NULL && (o->connect == NULL ||
	    strncmp(o->connect, "tls://", 6) != 0)) {
		snprintf(err, errlen, "--tls-ca goes with --connect tls://HOST");
		return -1;
	}
	if (o->tls_ca != NULL && (o->tls_ca[0] == '\0' ||
	    strlen(o->tls_ca) >= 1024)) {
		snprintf(err, errlen, "--tls-ca: a file name, please");
		return -1;
	}
	if (o->rated && o->seek == NULL) {
		snprintf(err, errlen, "--rated goes with --seek");
		return -1;
	}
	if ((o->register_name != NULL && check_account("--register",
	    o->register_name, err, errlen) < 0) || (o->login != NULL &&
	    check_account("--login", o->login, err, errlen) < 0))
		return -1;
	return 0;
}

int
ui_net_opts_check(const struct ui_net_opts *o, char *err, size_t errlen)
{
	int modes;

	if (!o->any)
		return 0;
	modes = o->create + (o->join != NULL) + (o->game != NULL) +
	    (o->observe != NULL) + (o->seek != NULL);
	if (o->connect != NULL && o->host) {
		snprintf(err, errlen, "--connect and --host cannot go together");
		return -1;
	}
	if (o->connect == NULL && !o->host) {
		snprintf(err, errlen, "network options need --connect HOST or "
		    "--host");
		return -1;
	}
	if (o->port == 0 && !o->host) {
		snprintf(err, errlen, "--port 0 (any free port) is for --host");
		return -1;
	}
	if (modes > 1 || (o->host && modes > 0 && !o->create &&
	    o->game == NULL)) {
		snprintf(err, errlen, "choose one of --create, --join, --game, "
		    "--observe and --seek");
		return -1;
	}
	if (account_opts_check(o, err, errlen) < 0)
		return -1;
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

void
ui_net_friend_command(const struct ui_net *u, int i, const char *game,
    char *buf, size_t n)
{
	char where[64];

	if (i < u->naddrs)
		snprintf(where, sizeof where, "%s", u->addrs[i]);
	else
		snprintf(where, sizeof where, "ADDRESS:%d", u->port);
	snprintf(buf, n, "congo --connect %s --join %s", where, game);
}

void
ui_net_info(struct ui_app *a)
{
	struct ui_net *u = a->net;
	const char *id = net_client_game_id(u->c);
	char cmd[160];
	long long left[2];
	int i, run;

	if (id[0] == '\0') {
		session_msg(&a->s, SM_NORMAL, "on %s:%d, in the lobby", u->host,
		    u->port);
		return;
	}
	session_msg(&a->s, SM_NORMAL, "game %s on %s:%d (%s%s): %s", id,
	    u->host, u->port, variant_name(a->s.start.variant),
	    net_client_clock(u->c, util_now_ms(), left, &run) ?
	    ", with a clock" : "", u->g->seat < 0 ? "you watch" :
	    u->g->seat == WHITE ? "you play White" : "you play Black");
	if (u->hosting) {
		for (i = 0; i < (u->naddrs > 0 ? u->naddrs : 1); i++) {
			ui_net_friend_command(u, i, id, cmd, sizeof cmd);
			session_msg(&a->s, SM_GOOD, "%s %s", i == 0 ?
			    "your friend runs:" : "or:", cmd);
		}
		if (u->naddrs == 0)
			session_msg(&a->s, SM_NORMAL, "(this machine has no "
			    "network address but the loopback: ADDRESS is "
			    "yours as your friend reaches it)");
		session_msg(&a->s, SM_NORMAL, "if you quit, the game waits "
		    "until you run congo --host --game %s", id);
	}
	a->s.want_log = true;
}

/* congo --host: congo-server as a child process (session_host.c), on
 * the port asked (0: any free one), and the addresses a friend reaches. */
static int
start_host(struct ui_net *n, int port, char *err, size_t errlen)
{
	if (session_host_start(&n->server, port, err, errlen) < 0)
		return -1;
	n->hosting = true;
	n->port = n->server.port;
	snprintf(n->host, sizeof n->host, "127.0.0.1");
	n->naddrs = net_local_addresses(n->port, n->addrs, UI_ADDRS_MAX);
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
	snprintf(n->name, sizeof n->name, "%s", no->name != NULL ? no->name :
	    a->s.conf.network.name);
	if (no->host) {
		if (start_host(n, no->port, err, errlen) < 0)
			return -1;
	} else {
		/* tls://HOST alone: NET_DEFAULT_TLS_PORT, unless --port. */
		n->port = no->port > 0 ? no->port : -1;
		if (net_parse_server(no->connect, n->host, sizeof n->host,
		    &n->port, &n->tls, err, errlen) < 0)
			return -1;
		if (n->port <= 0)
			n->port = a->s.conf.network.port;
	}
	memset(&co, 0, sizeof co);
	snprintf(co.host, sizeof co.host, "%.255s", n->host);
	co.port = n->port;
	co.tls = n->tls;
	if (no->tls_ca != NULL)
		snprintf(co.tls_ca, sizeof co.tls_ca, "%s", no->tls_ca);
	snprintf(co.name, sizeof co.name, "%.31s", n->name);
	co.remember = true;
	if (no->register_name != NULL || no->login != NULL)
		snprintf(co.login, sizeof co.login, "%s",
		    no->register_name != NULL ? no->register_name : no->login);
	co.register_first = no->register_name != NULL;
	n->c = net_client_new(&co);
	n->on = true;
	/* The game is the session's; --clock goes to CREATE, the server
	 * keeps it. */
	n->g = session_net_begin(&a->s, n->c);
	n->g->local_given[WHITE] = uo->white != NULL;
	n->g->local_given[BLACK] = uo->black != NULL;
	snprintf(n->g->host, sizeof n->g->host, "%s", n->host);
	n->g->port = n->port;
	n->g->hosted = n->hosting;
	n->g->login_once = co.login[0] != '\0';
	ui_net_hooks(a);

	seat = no->seat;
	if (no->game != NULL) {
		/* --host --game: the hosted game again, from its own file */
		if (net_client_rejoin(n->c, no->game, seat, NULL, err,
		    errlen) < 0) {
			ui_net_stop(a);
			return -1;
		}
		seat = net_client_seat(n->c);
	} else if (no->host || no->create) {
		seat = seat >= 0 ? seat : WHITE;
		if (create_game(n, seat, uo, a->s.start.variant, err,
		    errlen) < 0) {
			ui_net_stop(a);
			return -1;
		}
	} else if (no->join != NULL) {
		net_client_join(n->c, no->join, seat);
		n->g->join_once = true;
	} else if (no->observe != NULL) {
		net_client_observe(n->c, no->observe);
		seat = -1;
	} else if (no->seek != NULL) {
		if (session_seek_start(&a->s, no->seek, no->rated,
		    variant_name(a->s.start.variant), seat, err, errlen) < 0) {
			ui_net_stop(a);
			return -1;
		}
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

	if (n->c != NULL)
		net_client_free(n->c);
	n->c = NULL;
	/* the game's own server stops with the game */
	session_host_stop(&n->server);
	n->hosting = false;
	n->on = false;
	if (a->s.net != NULL && a->s.net->fatal[0] != '\0') {
		/* a dead end: the reason, once the terminal is given back */
		snprintf(a->exit_msg, sizeof a->exit_msg, "%s",
		    a->s.net->fatal);
		a->exit_status = 1;
	}
	session_net_end(&a->s);
	n->g = NULL;
}

int
ui_net_timeout(struct ui_app *a)
{
	struct ui_net *u = a->net;
	long long now = util_now_ms(), left[2];
	int t, run;

	if (!u->on || u->c == NULL)
		return -1;
	t = net_client_timeout(u->c, now);
	/* the moment the absent opponent's game may be claimed */
	if ((run = session_net_timeout(&a->s, now)) >= 0 &&
	    (t < 0 || run < t))
		t = run;
	/* a seek's waiting time */
	if ((run = ui_net_acct_timeout(a)) >= 0 && (t < 0 || run < t))
		t = run;
	/* a running clock: the panel shows whole seconds */
	if (net_client_clock(u->c, now, left, &run) && run >= 0 &&
	    !game_over(&a->s.game)) {
		int ms = (int)(left[run] % 1000) + 1;
		if (t < 0 || ms < t)
			t = ms;
	}
	return t;
}

void
ui_net_tick(struct ui_app *a)
{
	struct ui_net *u = a->net;
	long long now = util_now_ms(), left[2];
	int run;

	if (!u->on || u->c == NULL)
		return;
	net_client_tick(u->c, now);
	ui_net_events(a);
	ui_net_acct_tick(a);
	session_net_tick(&a->s, now);
	if (net_client_clock(u->c, now, left, &run) && run >= 0)
		a->s.dirty = true;
}

bool
ui_net_clock(const struct ui_app *a, int color, long long *left,
    bool *running)
{
	long long l[2];
	int run;

	if (!a->net->on || a->net->c == NULL ||
	    !net_client_clock(a->net->c, util_now_ms(), l, &run))
		return false;
	*left = l[color] < 0 ? 0 : l[color];
	*running = run == color && !game_over(&a->s.game);
	return true;
}

bool
ui_net_chat(const struct ui_app *a, int i, char *buf, size_t n)
{
	if (!a->net->on || i < 0 || i >= a->net->g->nchat)
		return false;
	snprintf(buf, n, "%s", a->net->g->chat[i]);
	return true;
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
		snprintf(buf, n, "Game %s%s", id, a->net->g->seat < 0 ?
		    " (watching)" : "");
	return true;
}

bool
ui_net_status(const struct ui_app *a, char *buf, size_t n)
{
	struct ui_net *u = a->net;
	const struct session_net *g = u->g;
	int opp;
	const char *who = NULL;
	bool over;

	if (!u->on)
		return false;
	opp = g->seat >= 0 ? 1 - g->seat : -1;
	over = strcmp(g->status, "finished") == 0 || game_over(&a->s.game);
	if (g->cancelled) {
		snprintf(buf, n, "%s, game cancelled", g->conn);
		return true;
	}
	if (net_client_state(u->c) == NET_ONLINE && opp >= 0 && !over) {
		if (!g->seated[opp])
			who = "waiting for an opponent";
		else if (!g->present[opp])
			who = g->claim_told ? "opponent gone (:claim wins)" :
			    "opponent disconnected";
	}
	snprintf(buf, n, "%s%s%s%s", g->conn, who != NULL ?
	    ", " : "", who != NULL ? who : "", !over && g->offer >= 0 &&
	    g->offer == opp ? ", draw offered (:draw accepts)" : "");
	return true;
}
