/*
 * session_link.c: the session's connection to a server (session_link.h):
 * the network options, the start (the client, --host's congo-server, the
 * game asked for), the timers and ticks, the server's clock, :info, the
 * game announced, and q in a network game.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/clock.h"
#include "net/client/client.h"
#include "session/session_host.h"
#include "session/session_int.h"
#include "session/session_link.h"
#include "session/session_net.h"
#include "session/session_net_corr.h"
#include "session/session_net_list.h"
#include "session/session_net_mine.h"
#include "session/session_seek.h"
#include "session/session_tourney.h"
#include "util/i18n.h"
#include "util/util.h"

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
		snprintf(err, errlen, _("%s: '%s' is not a game id (8 letters "
		    "and digits 2-7)"), opt, v);
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
		snprintf(err, errlen, _("%s: '%s' is not an account name (3-20 "
		    "letters, digits, _ and -)"), opt, v);
		return -1;
	}
	return 0;
}

static int
account_opts_check(const struct session_net_opts *o, char *err, size_t errlen)
{
	if (o->register_name != NULL && o->login != NULL) {
		snprintf(err, errlen, _("--register already logs in: no "
		    "--login with it"));
		return -1;
	}
	if ((o->register_name != NULL || o->login != NULL || o->seek != NULL ||
	    o->lobby || o->challenge != NULL || o->games || o->tournaments) &&
	    o->connect == NULL) {
		snprintf(err, errlen, "%s", _("--register, --login, --seek, "
		    "--challenge, --games and --lobby go with --connect HOST "
		    "(or network.host in congo.conf)"));
		return -1;
	}
	if (o->tls_ca != NULL && (o->connect == NULL ||
	    strncmp(o->connect, "tls://", 6) != 0)) {
		snprintf(err, errlen, _("--tls-ca goes with --connect tls://HOST "
		    "(or network.host = \"tls://HOST\" in congo.conf)"));
		return -1;
	}
	if (o->tls_trust_new && (o->connect == NULL ||
	    strncmp(o->connect, "tls://", 6) != 0)) {
		snprintf(err, errlen, _("--tls-trust-new goes with --connect "
		    "tls://HOST (or network.host = \"tls://HOST\" in "
		    "congo.conf)"));
		return -1;
	}
	if (o->tls_trust_new && o->tls_ca != NULL) {
		snprintf(err, errlen, "%s", _("--tls-ca trusts only its "
		    "authorities: no --tls-trust-new with it"));
		return -1;
	}
	if (o->tls_ca != NULL && (o->tls_ca[0] == '\0' ||
	    strlen(o->tls_ca) >= 1024)) {
		snprintf(err, errlen, _("--tls-ca: a file name, please"));
		return -1;
	}
	if (o->rated && o->seek == NULL && o->challenge == NULL) {
		snprintf(err, errlen, "%s", _("--rated goes with --seek or "
		    "--challenge"));
		return -1;
	}
	if (o->days > 0 && o->challenge == NULL && o->seek == NULL &&
	    !o->create) {
		snprintf(err, errlen, "%s", _("--days goes with --create, "
		    "--seek or --challenge"));
		return -1;
	}
	if (o->seek != NULL && o->seek[0] != '\0' && o->days > 0) {
		snprintf(err, errlen, "%s", _("--seek: a clock (M+S) or "
		    "--days N, not both"));
		return -1;
	}
	if (o->seek != NULL && o->seek[0] == '\0' && o->days == 0) {
		snprintf(err, errlen, "%s", _("--seek needs a clock (M+S, e.g. "
		    "--seek 5+3) or --days N"));
		return -1;
	}
	if (o->challenge != NULL && check_account("--challenge",
	    o->challenge, err, errlen) < 0)
		return -1;
	if ((o->register_name != NULL && check_account("--register",
	    o->register_name, err, errlen) < 0) || (o->login != NULL &&
	    check_account("--login", o->login, err, errlen) < 0))
		return -1;
	return 0;
}

int
session_net_opts_check(const struct session_net_opts *o, char *err, size_t errlen)
{
	int modes;

	if (!o->any)
		return 0;
	modes = o->create + (o->join != NULL) + (o->game != NULL) +
	    (o->observe != NULL) + (o->seek != NULL) +
	    (o->challenge != NULL);
	if (o->connect != NULL && o->host) {
		snprintf(err, errlen, _("--connect and --host cannot go together"));
		return -1;
	}
	if (o->connect == NULL && !o->host) {
		snprintf(err, errlen, _("network options need --connect HOST (or "
		    "network.host in congo.conf) or --host"));
		return -1;
	}
	if (o->lobby && modes > 0) {
		snprintf(err, errlen, "%s", _("--lobby shows the lobby: no "
		    "--create, --join, --game, --observe, --seek or --challenge "
		    "with it"));
		return -1;
	}
	if ((o->games || o->tournaments) && (modes > 0 || o->lobby || o->host ||
	    o->register_name != NULL || o->seat >= 0)) {
		snprintf(err, errlen, "%s", _("--games lists your games and "
		    "exits: only --connect, --login, --tls-ca and "
		    "--tls-trust-new go with it"));
		return -1;
	}
	if (o->port == 0 && !o->host) {
		snprintf(err, errlen, _("--port 0 (any free port) is for --host"));
		return -1;
	}
	if (modes > 1 || (o->host && modes > 0 && !o->create &&
	    o->game == NULL)) {
		snprintf(err, errlen, "%s", _("choose one of --create, --join, "
		    "--game, --observe, --seek and --challenge"));
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
		snprintf(err, errlen, _("--name: at most 31 characters"));
		return -1;
	}
	return 0;
}

void
session_net_opts_configured(struct session_net_opts *o,
    const struct congo_conf *c)
{
	if (!o->any || o->host)
		return;
	if (o->connect == NULL && c->network.host[0] != '\0')
		o->connect = c->network.host;
	if (o->connect != NULL && c->network.account[0] != '\0' &&
	    strcmp(o->connect, c->network.host) == 0)
		o->account = c->network.account;
}

void
session_link_friend_command(const struct session *s, int i,
    const char *game, char *buf, size_t n)
{
	const struct session_net *u = s->net;
	char where[64];

	if (i < u->naddrs)
		snprintf(where, sizeof where, "%s", u->addrs[i]);
	else
		snprintf(where, sizeof where, "ADDRESS:%d", u->port);
	snprintf(buf, n, "congo --connect %s --join %s", where, game);
}

void
session_link_info(struct session *s)
{
	struct session_net *u = s->net;
	const char *id = net_client_game_id(u->c);
	char cmd[160];
	long long left[2];
	int i, run;

	if (id[0] == '\0') {
		session_msg(s, SM_NORMAL, _("on %s:%d, in the lobby"), u->host,
		    u->port);
		return;
	}
	session_msg(s, SM_NORMAL, _("game %s on %s:%d (%s%s): %s"), id,
	    u->host, u->port, variant_name(s->start.variant),
	    net_client_clock(u->c, util_now_ms(), left, &run) ?
	    _(", with a clock") : "", u->seat < 0 ? _("you watch") :
	    u->seat == WHITE ? _("you play White") : _("you play Black"));
	if (u->hosted) {
		for (i = 0; i < (u->naddrs > 0 ? u->naddrs : 1); i++) {
			session_link_friend_command(s, i, id, cmd, sizeof cmd);
			session_msg(s, SM_GOOD, "%s %s", i == 0 ?
			    _("your friend runs:") : _("or:"), cmd);
		}
		if (u->naddrs == 0)
			session_msg(s, SM_NORMAL, _("(this machine has no "
			    "network address but the loopback: ADDRESS is "
			    "yours as your friend reaches it)"));
		session_msg(s, SM_NORMAL, _("if you quit, the game waits "
		    "until you run congo --host --game %s"), id);
	}
	s->want_log = true;
}

/* CREATE in the game's variant (--variant or congo.conf's) with --clock
 * (M+S minutes; the server takes B+I seconds and keeps the clock) or
 * --days (a correspondence game). */
static int
create_game(struct session_net *n, int seat,
    const struct session_net_game *uo, int days, int variant, char *err,
    size_t errlen)
{
	char clock[32], why[160];
	int64_t base, inc;

	if (days > 0 && uo->clock != NULL) {
		snprintf(err, errlen, "%s", _("--days or --clock, not both"));
		return -1;
	}
	if (uo->clock != NULL) {
		if (clock_parse_minutes(uo->clock, &base, &inc, why,
		    sizeof why) < 0) {
			snprintf(err, errlen, _("--clock: %s"), why);
			return -1;
		}
		if (base < 1000) {
			snprintf(err, errlen, _("--clock: a server clock has at "
			    "least a second"));
			return -1;
		}
		clock_format_control(base, inc, clock, sizeof clock);
	}
	net_client_create_game(n->c, seat, uo->fen, variant_name(variant),
	    uo->clock != NULL ? clock : NULL, days);
	return 0;
}

/* The server: --host's own (congo-server, a child process, on the port
 * asked, 0 any free one), or --connect's. */
static int
server_of(struct session *s, const struct session_net_opts *no,
    struct session_host *h, char *host, size_t hn, int *port, bool *tls,
    char *err, size_t errlen)
{
	memset(h, 0, sizeof *h);
	*tls = false;
	if (no->host) {
		if (session_host_start(h, no->port, err, errlen) < 0)
			return -1;
		*port = h->port;
		snprintf(host, hn, "127.0.0.1");
		return 0;
	}
	/* tls://HOST alone: NET_DEFAULT_TLS_PORT, unless --port. */
	*port = no->port > 0 ? no->port : -1;
	if (net_parse_server(no->connect, host, hn, port, tls, err,
	    errlen) < 0)
		return -1;
	if (*port <= 0)
		*port = s->conf.network.port;
	return 0;
}

int
session_link_start(struct session *s, const struct session_net_opts *no,
    const struct session_net_game *ng, int *seat, bool *lobby, char *err,
    size_t errlen)
{
	struct session_net *n;
	struct net_client_opts co;
	struct session_host h;
	char host[256];
	int port;
	bool tls;

	*lobby = false;
	if (ng->load != NULL) {
		snprintf(err, errlen, _("--load and network play cannot go "
		    "together"));
		return -1;
	}
	if (server_of(s, no, &h, host, sizeof host, &port, &tls, err,
	    errlen) < 0)
		return -1;
	memset(&co, 0, sizeof co);
	snprintf(co.host, sizeof co.host, "%.255s", host);
	co.port = port;
	co.tls = tls;
	if (no->tls_ca != NULL)
		snprintf(co.tls_ca, sizeof co.tls_ca, "%s", no->tls_ca);
	/* a certificate no authority vouches for: asked when a person is
	 * there to answer */
	co.trust = no->tls_trust_new ? NET_TRUST_NEW : no->tls_ask ?
	    NET_TRUST_ASK : NET_TRUST_REFUSE;
	snprintf(co.name, sizeof co.name, "%.31s", no->name != NULL ?
	    no->name : s->conf.network.name);
	co.remember = true;
	if (no->register_name != NULL || no->login != NULL ||
	    no->account != NULL)
		snprintf(co.login, sizeof co.login, "%s",
		    no->register_name != NULL ? no->register_name :
		    no->login != NULL ? no->login : no->account);
	co.register_first = no->register_name != NULL;
	/* The game is the session's; --clock goes to CREATE, the server
	 * keeps it. */
	n = session_net_begin(s, net_client_new(&co));
	n->local_given[WHITE] = ng->local_given[WHITE];
	n->local_given[BLACK] = ng->local_given[BLACK];
	snprintf(n->host, sizeof n->host, "%s", host);
	n->port = port;
	n->tls = tls;
	n->server = h;
	n->hosted = no->host;
	if (n->hosted)
		n->naddrs = net_local_addresses(port, n->addrs,
		    SESSION_ADDRS_MAX);
	n->login_once = co.login[0] != '\0';

	*seat = no->seat;
	if (no->game != NULL) {
		/* --host --game: the hosted game again, from its own file */
		if (net_client_rejoin(n->c, no->game, *seat, NULL, err,
		    errlen) < 0)
			goto bad;
		*seat = net_client_seat(n->c);
	} else if (no->host || no->create) {
		*seat = *seat >= 0 ? *seat : WHITE;
		if (create_game(n, *seat, ng, no->days, s->start.variant, err,
		    errlen) < 0)
			goto bad;
		n->create_once = true;
	} else if (no->join != NULL) {
		net_client_join(n->c, no->join, *seat);
		n->join_once = true;
	} else if (no->observe != NULL) {
		net_client_observe(n->c, no->observe);
		*seat = -1;
	} else if (no->seek != NULL) {
		if (session_seek_start(s, no->seek, no->days, no->rated,
		    variant_name(s->start.variant), *seat, err, errlen) < 0)
			goto bad;
		*seat = -1;
	} else if (no->challenge != NULL) {
		/* the game's --clock, or --days; its seat comes with OK */
		if (session_challenge_start(s, no->challenge, ng->clock,
		    no->days, no->rated, variant_name(s->start.variant),
		    *seat, err, errlen) < 0)
			goto bad;
		*seat = -1;
	} else {
		*seat = -1;
		*lobby = true;
	}
	return 0;
bad:
	session_link_stop(s, NULL, 0);
	return -1;
}

void
session_link_go(struct session *s)
{
	if (s->net == NULL)
		return;
	net_client_start(s->net->c, util_now_ms());
	session_net_events(s);
}

void
session_link_stop(struct session *s, char *fatal, size_t n)
{
	struct session_net *u = s->net;

	if (fatal != NULL && n > 0)
		fatal[0] = '\0';
	if (u == NULL)
		return;
	if (u->c != NULL)
		net_client_free(u->c);
	u->c = NULL;
	/* the game's own server stops with the game */
	session_host_stop(&u->server);
	if (fatal != NULL && n > 0)
		snprintf(fatal, n, "%s", u->fatal);
	session_net_end(s);
}

/* ms until the seek's waiting time shown changes, or the lobby's seeks
 * are asked again; -1 none. */
static int
seek_timeout(const struct session *s, bool lobby)
{
	const struct session_net *u = s->net;
	long long since, at, now = util_now_ms();

	at = u->seek.at;
	if (!net_client_seeking(u->c, &since))
		return lobby && at > 0 ? (int)(at > now + 3000 ? 3000 :
		    at < now ? 0 : at - now) : -1;
	return 1000 - (int)((now - since) % 1000);
}

int
session_link_timeout(struct session *s, bool lobby)
{
	struct session_net *u = s->net;
	long long now = util_now_ms(), left[2];
	int t, run;

	if (u == NULL || u->c == NULL)
		return -1;
	t = net_client_timeout(u->c, now);
	/* the moment the absent opponent's game may be claimed */
	if ((run = session_net_timeout(s, now)) >= 0 && (t < 0 || run < t))
		t = run;
	/* a seek's waiting time */
	if ((run = seek_timeout(s, lobby)) >= 0 && (t < 0 || run < t))
		t = run;
	/* your games and challenges asked again */
	if ((run = session_mine_timeout(s, now, lobby)) >= 0 &&
	    (t < 0 || run < t))
		t = run;
	/* the tournaments asked again */
	if ((run = session_tourney_timeout(s, now)) >= 0 && (t < 0 || run < t))
		t = run;
	/* a correspondence deadline's time left */
	if ((run = session_corr_timeout(s)) >= 0 && (t < 0 || run < t))
		t = run;
	/* a running clock: whole seconds are shown */
	if (net_client_clock(u->c, now, left, &run) && run >= 0 &&
	    !game_over(&s->game)) {
		int ms = (int)(left[run] % 1000) + 1;
		if (t < 0 || ms < t)
			t = ms;
	}
	return t;
}

void
session_link_tick(struct session *s, bool lobby)
{
	struct session_net *u = s->net;
	long long now = util_now_ms(), left[2], since;
	int run;

	if (u == NULL || u->c == NULL)
		return;
	net_client_tick(u->c, now);
	session_net_events(s);
	if (s->net == NULL || s->net->c == NULL)
		return;
	if (net_client_seeking(u->c, &since))
		s->dirty = true;
	session_seeks_tick(s, util_now_ms(), lobby);
	session_tourney_tick(s, util_now_ms());
	session_net_tick(s, now);
	if (net_client_clock(u->c, now, left, &run) && run >= 0)
		s->dirty = true;
}

bool
session_link_clock(const struct session *s, int color, long long *left,
    bool *running)
{
	long long l[2];
	int run;

	/* (a record reviewed: its own clocks) */
	if (s->net == NULL || s->net->c == NULL || s->net->rec.on ||
	    !net_client_clock(s->net->c, util_now_ms(), l, &run))
		return false;
	*left = l[color] < 0 ? 0 : l[color];
	*running = run == color && !game_over(&s->game);
	return true;
}

/* The game announced once seated: how a friend joins a hosted game (the
 * whole command on the message line; :info lists every address), else
 * the game and the colour. */
static void
announce(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;
	char cmd[160];

	if (!u->fresh)
		return;
	u->fresh = false;
	if (u->hosted) {
		session_link_friend_command(s, 0, e->game, cmd, sizeof cmd);
		session_msg(s, SM_GOOD, u->naddrs > 1 ? _("Your friend runs: "
		    "%s  (:info)") : _("Your friend runs: %s"), cmd);
	} else if (u->chal_once) {
		/* --challenge: it stands, whether we wait here or not */
		u->chal_once = u->chal_typed = false;
		/* (plain mode types quit where the screen has q; what q
		 * does first, whole at 80 columns, the game after it) */
		session_msg(s, SM_GOOD, !s->typed ? (e->seat == WHITE ?
		    _("Challenge to %s sent, q leaves it standing (game %s, "
		    "you play White)") :
		    _("Challenge to %s sent, q leaves it standing (game %s, "
		    "you play Black)")) :
		    e->seat == WHITE ? _("Challenge to %s sent, quit leaves it "
		    "standing (game %s, you play White)") : _("Challenge to %s "
		    "sent, quit leaves it standing (game %s, you play Black)"),
		    u->challenged, e->game);
	} else
		session_msg(s, SM_GOOD, _("Game %s on %s: you play %s"),
		    e->game, u->host, e->seat == WHITE ? _("White") :
		    _("Black"));
}

bool
session_link_after(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;

	if (e->kind == NEV_SEATED)
		announce(s, e);
	else if (e->kind == NEV_RESULT && e->rated)
		session_msg(s, SM_GOOD, _("rated: %s %d (%+d), %s %d (%+d)"),
		    u->names[WHITE], e->rating[WHITE], e->diff[WHITE],
		    u->names[BLACK], e->rating[BLACK], e->diff[BLACK]);
	return e->kind == NEV_SEATED || e->kind == NEV_OBSERVING;
}

void
session_link_lobby(struct session *s)
{
	struct session_net *g = s->net;

	g->from_lobby = false;
	g->leaving = true;
	g->synced = false;
	g->nchat = 0;
	g->offer = -1;
	g->status[0] = '\0';
	g->announced[0] = '\0';
	g->challenged[0] = '\0';
	g->mine.at = 0;
	session_lobby_refresh(s);
	net_client_leave(g->c, util_now_ms());
}

bool
session_link_back(struct session *s, bool *to_lobby)
{
	struct session_net *g = s->net;

	*to_lobby = false;
	if (g == NULL)
		return false;
	/* q on a record of a list: back to the game, or the lobby */
	if (session_net_record_back(s, to_lobby))
		return true;
	if (session_corr_quit(s, to_lobby))
		return true;
	if (g->from_lobby && g->seat >= 0 && !game_over(&s->game) &&
	    strcmp(g->status, "active") == 0) {
		/* (issue 62) a live game of ours: left, never resigned; its
		 * clock runs on the server */
		char id[16];
		snprintf(id, sizeof id, "%s", net_client_game_id(g->c));
		session_link_lobby(s);
		session_msg(s, SM_GOOD, s->typed ? _("game %s goes on and "
		    "your clock runs: list, then open N in the lobby, takes "
		    "you back") : _("game %s goes on and your clock runs: "
		    "Enter on it here takes you back"), id);
		*to_lobby = true;
		return true;
	}
	if (g->from_lobby) {
		/* q while watching a game chosen in the lobby, or after
		 * one's own game from there: back there */
		session_link_lobby(s);
		session_msg(s, SM_NORMAL, _("back to the lobby"));
		*to_lobby = true;
		return true;
	}
	return false;
}

bool
session_link_quit(struct session *s, bool *to_lobby)
{
	struct session_net *g = s->net;
	char q[160];

	if (session_link_back(s, to_lobby))
		return true;
	if (g == NULL)
		return false;
	if (!g->hosted || g->seat < 0 || !g->seated[1 - g->seat] ||
	    game_over(&s->game))
		return false;
	snprintf(q, sizeof q, _("Quit this game? This machine serves it: your "
	    "friend's game stops with it (congo --host --game %s resumes it)"),
	    g->announced[0] != '\0' ? g->announced : "ID");
	session_ask(s, q, CMD_QUIT_NOW, NULL);
	return true;
}

const char *
session_link_game_id(const struct session *s)
{
	return s->net != NULL && s->net->c != NULL ?
	    net_client_game_id(s->net->c) : "";
}

bool
session_link_online(const struct session *s)
{
	return s->net != NULL && s->net->c != NULL &&
	    net_client_state(s->net->c) == NET_ONLINE;
}

/* The answer to the question of NEV_TRUST (session_net_status.c). */
void
session_cmd_tls_trust(struct session *s, const struct session_cmd *cmd)
{
	if (s->net == NULL || s->net->c == NULL)
		return;
	net_client_trust(s->net->c, strcmp(cmd->arg, "yes") == 0,
	    util_now_ms());
	session_net_events(s);
}

int
session_link_say_max(void)
{
	return CGP_SAY_MAX;
}

/* The table's handlers of a network game's commands (session_cmdtab.c):
 * what a view's hook did not take. */
void
session_cmd_net(struct session *s, const struct session_cmd *cmd)
{
	if (s->net != NULL)
		(void)session_net_command(s, cmd);
}

void
session_cmd_info(struct session *s, const struct session_cmd *cmd)
{
	(void)cmd;
	if (s->net != NULL)
		session_link_info(s);
}

void
session_cmd_list(struct session *s, const struct session_cmd *cmd)
{
	if (s->net != NULL)
		(void)session_net_list_open(s, cmd);
}

void
session_cmd_challenge(struct session *s, const struct session_cmd *cmd)
{
	if (s->net != NULL)
		(void)session_challenge_typed(s, cmd->arg);
}

void
session_cmd_create(struct session *s, const struct session_cmd *cmd)
{
	if (s->net != NULL)
		(void)session_lobby_create_typed(s, cmd->arg);
}
