/*
 * session_net_mine.c: the account's own part of the lobby (issue 36):
 * "Your games" (GAMES mine=yes: the games not over, from any machine, the
 * account's turn first, each with its deadline or its clock and its time
 * control) and the challenges to it and from it (CHALLENGES), asked while
 * the lobby shows; Up and Down over the whole lobby; a game taken back by
 * the account (no token: another machine's seat is as good), a challenge
 * accepted, declined or withdrawn (by the highlight, or by the game's id
 * for the plain mode). The view (src/ui/ui_net_lobby.c) draws them;
 * `congo --games` prints the same lines (session_net_games.c).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "clock/clock.h"
#include "net/client/client.h"
#include "session/session_net.h"
#include "session/session_net_mine.h"
#include "session/session_seek.h"
#include "util/util.h"
#include "util/i18n.h"

/* Asked again this often while the lobby shows; your games alone this
 * often while one of them waits for the other side (issue 62: an
 * opponent's move showed up to 15 s late). */
#define MINE_EVERY_MS 15000
#define MINE_WAIT_MS 800

/* Does one of your games under way wait for the other side's move?
 * Then the list is asked again soon. */
static bool
waits_on_other(const struct session_mine *m)
{
	for (int i = 0; i < m->n; i++)
		if (!m->games[i].yourturn &&
		    strcmp(m->games[i].status, "active") == 0)
			return true;
	return false;
}

/* When your games are asked next (both lists at m->at). */
static long long
next_ask(const struct session_mine *m)
{
	return waits_on_other(m) && m->soon_at < m->at ? m->soon_at : m->at;
}

void
session_mine_tick(struct session *s, long long now, bool lobby)
{
	struct session_net *u = s->net;
	struct session_mine *m;

	if (u == NULL || u->c == NULL || !lobby || u->account[0] == '\0' ||
	    net_client_state(u->c) != NET_ONLINE)
		return;
	m = &u->mine;
	if (m->asking || m->chal_asking || now < next_ask(m))
		return;
	m->soon_at = now + MINE_WAIT_MS;
	if (net_client_query(u->c, "MINE", "") == 0)
		m->asking = true;
	if (now < m->at)
		return;             /* your games alone */
	if (net_client_query(u->c, "CHALLENGES", "") == 0)
		m->chal_asking = true;
	m->at = now + MINE_EVERY_MS;
}

int
session_mine_timeout(const struct session *s, long long now, bool lobby)
{
	const struct session_net *u = s->net;
	const struct session_mine *m;

	if (u == NULL || u->c == NULL || !lobby || u->account[0] == '\0' ||
	    net_client_state(u->c) != NET_ONLINE)
		return -1;
	m = &u->mine;
	if (m->asking || m->chal_asking)
		return -1;
	return next_ask(m) <= now ? 0 : next_ask(m) - now > 60000 ? 60000 :
	    (int)(next_ask(m) - now);
}

static long long
utc_of(const char *text, const char *key)
{
	char v[32];
	int64_t t;

	if (!net_kv_get(text, key, v, sizeof v) || clock_parse_utc(v, &t) < 0)
		return 0;
	return t;
}

/* The time control of an item, as the seeks and the games show it: "3d"
 * (days a move), "5+3" (minutes and seconds), "-" none said. */
static void
control_of(const char *t, char *buf, size_t n)
{
	char v[32];

	if (net_kv_get(t, "days", v, sizeof v))
		snprintf(buf, n, "%.8sd", v);
	else if (net_kv_get(t, "clock", v, sizeof v))
		session_seek_minutes(v, buf, n);
	else
		snprintf(buf, n, "-");
}

void
session_mine_item(struct session_mine_game *g, const char *t)
{
	char v[32];

	memset(g, 0, sizeof *g);
	net_kv_get(t, "game", g->game, sizeof g->game);
	net_kv_get(t, "variant", g->variant, sizeof g->variant);
	net_kv_get(t, "white", g->white, sizeof g->white);
	net_kv_get(t, "black", g->black, sizeof g->black);
	net_kv_get(t, "status", g->status, sizeof g->status);
	net_kv_get(t, "turn", v, sizeof v);
	g->turn = strcmp(v, "black") == 0 ? BLACK : WHITE;
	net_kv_get(t, "yourturn", v, sizeof v);
	g->yourturn = strcmp(v, "1") == 0;
	g->deadline = utc_of(t, "deadline");
	if (net_kv_get(t, "wclock", v, sizeof v)) {
		g->timed = true;
		g->clock[WHITE] = strtoll(v, NULL, 10);
		net_kv_get(t, "bclock", v, sizeof v);
		g->clock[BLACK] = strtoll(v, NULL, 10);
	}
	control_of(t, g->control, sizeof g->control);
}

static void
challenge_item(struct session_net *u, const char *t)
{
	struct session_mine *m = &u->mine;
	struct session_challenge *c;
	char v[32];

	if (m->nchal >= SESSION_CHAL_MAX)
		return;
	c = &m->chal[m->nchal++];
	memset(c, 0, sizeof *c);
	net_kv_get(t, "game", c->game, sizeof c->game);
	net_kv_get(t, "from", c->from, sizeof c->from);
	net_kv_get(t, "to", c->to, sizeof c->to);
	net_kv_get(t, "variant", c->variant, sizeof c->variant);
	control_of(t, c->control, sizeof c->control);
	net_kv_get(t, "rated", v, sizeof v);
	c->rated = strcmp(v, "yes") == 0 || strcmp(v, "1") == 0;
	c->to_me = strcasecmp(c->to, u->account) == 0;
	c->expires = utc_of(t, "expires");
}

/* The asking of one of the two lists: your games (MINE), or the
 * challenges. */
struct asked {
	bool *asking, *again, *failed;
	const char *verb;
};

static struct asked
asked_of(struct session_mine *m, bool games)
{
	return games ? (struct asked){ &m->asking, &m->again, &m->failed,
	    "MINE" } : (struct asked){ &m->chal_asking, &m->chal_again,
	    &m->chal_failed, "CHALLENGES" };
}

/* Asked now, or, when an answer is on the way (it may have been asked
 * before a change: a challenge withdrawn), again once it has come. */
static void
ask(struct net_client *c, struct asked a)
{
	*a.failed = false;
	if (*a.asking)
		*a.again = true;
	else if (net_client_query(c, a.verb, "") == 0)
		*a.asking = true;
}

bool
session_mine_event(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;
	struct session_mine *m = &u->mine;
	bool games = strcmp(e->verb, "MINE") == 0;
	struct asked a = asked_of(m, games);

	if ((!games && strcmp(e->verb, "CHALLENGES") != 0) ||
	    (e->kind != NEV_ITEMS && e->kind != NEV_ITEM &&
	    e->kind != NEV_ITEMS_END && e->kind != NEV_ERROR))
		return false;
	s->dirty = true;
	switch (e->kind) {
	case NEV_ERROR:
		/* (a server without them: not asked again this time); the
		 * next ask may ask again (a limit's 429) */
		m->at = m->soon_at = util_now_ms() + 600000;
		*a.asking = *a.again = false;
		*a.failed = true;
		session_msg(s, SM_ERROR, games ? _("your games: %s") :
		    _("challenges: %s"), e->text);
		break;
	case NEV_ITEMS:
		if (games)
			m->n = 0;
		else
			m->nchal = 0;
		break;
	case NEV_ITEM:
		if (games && m->n < SESSION_MINE_MAX)
			session_mine_item(&m->games[m->n++], e->text);
		else if (!games)
			challenge_item(u, e->text);
		break;
	default:
		/* asked again meanwhile: the answer to that one is wanted */
		if (*a.again && net_client_query(u->c, a.verb, "") == 0)
			*a.again = false;
		else {
			*a.asking = *a.again = false;
			m->listed |= games;
		}
		session_lobby_highlight(s);
		break;
	}
	return true;
}

void
session_mine_line(const struct session_mine_game *g, long long now,
    char *buf, size_t n, bool shown)
{
	const char *what;

	bool active = strcmp(g->status, "active") == 0;
	char left[32];

	if (active && g->deadline > 0)
		clock_format_deadline(g->deadline - now, true, left,
		    sizeof left);
	else if (active && g->timed)
		clock_format(g->clock[g->turn], left, sizeof left);
	else
		snprintf(left, sizeof left, "-");
	what = !active ? "open" : g->yourturn ? "your-turn" : "their-turn";
	if (shown)
		what = !active ? _("open") : g->yourturn ? _("your turn") :
		    _("their turn");
	/* the time control last: the six fields before it as they were,
	 * in columns (display widths: "à vous" is 6 columns, 7 bytes; the
	 * column Turn as wide as its widest word, Dutch "jij aan zet") */
	snprintf(buf, n, "%-8s  %-*s  %-8s  %-*s  %-*s  %-8s  %s", g->game,
	    util_pad(what, shown ? session_turn_width() : 10), what,
	    g->variant, util_pad(g->white, 12), g->white,
	    util_pad(g->black, 12), g->black, left, g->control[0] != '\0' ?
	    g->control : "-");
}

const char *
session_status_shown(const char *status)
{
	if (strcmp(status, "open") == 0)
		return _("open");
	if (strcmp(status, "active") == 0)
		return _("active");
	if (strcmp(status, "finished") == 0)
		return _("finished");
	return status;
}

void
session_challenge_line(const struct session_challenge *c, long long now,
    char *buf, size_t n)
{
	char left[32], stands[64];
	const char *who, *dir, *rated, *clk[] = { _("Clock"), NULL };

	if (c->expires > 0)
		clock_format_deadline(c->expires - now, true, left,
		    sizeof left);
	else
		snprintf(left, sizeof left, "-");
	/* TRANSLATORS: how long a challenge stands: "stands 13d23h" */
	snprintf(stands, sizeof stands, _("stands %s"), left);
	/* (in columns of display widths: "à" is 1 column, 2 bytes; the
	 * column Rated as wide as its widest word, session_rated_width,
	 * Clock as its head: French "Pendule") */
	who = c->to_me ? c->from : c->to;
	/* TRANSLATORS: a challenge from a player, to a player: at most
	 * 4 letters */
	dir = c->to_me ? _("from") : _("to");
	rated = c->rated ? _("rated") : _("casual");
	snprintf(buf, n, "%-8s  %-*s %-*s  %-8s  %-*s  %-*s  %s",
	    c->game, util_pad(dir, 4), dir, util_pad(who, 12), who,
	    c->variant, util_pad(c->control, util_width_most(clk, 5)),
	    c->control, util_pad(rated, session_rated_width()),
	    rated, stands);
}

int
session_turn_width(void)
{
	const char *const words[] = { _("your turn"), _("their turn"),
		_("open"), _("Turn"), NULL };

	return util_width_most(words, 10);
}

int
session_rated_width(void)
{
	const char *const words[] = { _("rated"), _("casual"), _("Rated"),
		NULL };

	return util_width_most(words, 6);
}

enum session_lobby_part
session_lobby_part(const struct session *s)
{
	const struct session_net *u = s->net;
	const struct session_mine *m = &u->mine;

	if (m->chal_sel >= 0 && m->chal_sel < m->nchal)
		return LOBBY_CHAL;
	if (m->sel >= 0 && m->sel < m->n)
		return LOBBY_MINE;
	if (u->seek.sel >= 0)
		return LOBBY_SEEKS;
	return LOBBY_GAMES;
}

void
session_lobby_step(struct session *s, int delta)
{
	struct session_net *u = s->net;
	struct session_mine *m = &u->mine;
	int nc = m->nchal, nm = m->n, ng = u->lobby.n, ns, total, i;

	ns = u->seek.n < SESSION_SEEKS_SHOWN ? u->seek.n : SESSION_SEEKS_SHOWN;
	total = nc + nm + ns + ng;
	if (total == 0)
		return;
	switch (session_lobby_part(s)) {
	case LOBBY_CHAL:
		i = m->chal_sel;
		break;
	case LOBBY_MINE:
		i = nc + m->sel;
		break;
	case LOBBY_SEEKS:
		i = nc + nm + u->seek.sel;
		break;
	default:
		i = nc + nm + ns + (ng > 0 ? u->lobby.sel : 0);
		break;
	}
	i += delta;
	if (i >= total)
		i = total - 1;
	if (i < 0)
		i = 0;
	m->chal_sel = m->sel = u->seek.sel = -1;
	if (i < nc)
		m->chal_sel = i;
	else if (i < nc + nm)
		m->sel = i - nc;
	else if (i < nc + nm + ns)
		u->seek.sel = i - nc - nm;
	else
		u->lobby.sel = i - nc - nm - ns;
	s->dirty = true;
}

/* The account's seat of g: the one its name holds (the side to move's
 * when both do), -1 not known. */
static int
seat_of(const struct session_net *u, const struct session_mine_game *g)
{
	bool w = strcasecmp(g->white, u->account) == 0;
	bool b = strcasecmp(g->black, u->account) == 0;

	return w && b ? g->turn : w ? WHITE : b ? BLACK : -1;
}

/* Back to a seat of the account's, by the account. */
static int
take_back(struct session *s, const char *game, int seat,
    const char *challenged)
{
	struct session_net *u = s->net;
	char err[160];

	if (net_client_rejoin_account(u->c, game, seat, err,
	    sizeof err) < 0) {
		session_msg(s, SM_ERROR, "%s", err);
		return -1;
	}
	snprintf(u->challenged, sizeof u->challenged, "%s", challenged);
	u->from_lobby = true;   /* q comes back to the lobby */
	session_msg(s, SM_NORMAL, _("back to your game %s..."), game);
	return 0;
}

int
session_mine_open(struct session *s)
{
	struct session_net *u = s->net;
	struct session_mine *m = &u->mine;
	const struct session_challenge *c;
	const struct session_mine_game *g;
	const char *to = "";
	int i;

	switch (session_lobby_part(s)) {
	case LOBBY_CHAL:
		c = &m->chal[m->chal_sel];
		if (!c->to_me)
			return take_back(s, c->game, -1, c->to);
		/* Accepted: its free seat, whichever it is. */
		net_client_join(u->c, c->game, -1);
		u->challenged[0] = '\0';
		u->from_lobby = true;
		session_msg(s, SM_NORMAL, _("accepting %s's challenge (game "
		    "%s)..."), c->from, c->game);
		return 0;
	case LOBBY_MINE:
		g = &m->games[m->sel];
		/* an open game of ours may be a challenge: whose */
		for (i = 0; i < m->nchal; i++)
			if (strcmp(m->chal[i].game, g->game) == 0 &&
			    !m->chal[i].to_me)
				to = m->chal[i].to;
		return take_back(s, g->game, seat_of(u, g), to);
	default:
		return -1;
	}
}

int
session_mine_decline(struct session *s, bool withdraw)
{
	struct session_net *u = s->net;
	struct session_mine *m = &u->mine;
	const struct session_challenge *c;
	char err[160];

	if (session_lobby_part(s) != LOBBY_CHAL) {
		session_msg(s, SM_ERROR, "%s", _("no challenge chosen: Up and "
		    "Down choose one"));
		return -1;
	}
	c = &m->chal[m->chal_sel];
	if (withdraw && c->to_me) {
		session_msg(s, SM_ERROR, _("%s challenges you: d declines it"),
		    c->from);
		return -1;
	}
	if (!withdraw && !c->to_me) {
		session_msg(s, SM_ERROR, _("your challenge to %s: w withdraws "
		    "it"), c->to);
		return -1;
	}
	if (net_client_cancel_game(u->c, c->game, err, sizeof err) < 0) {
		session_msg(s, SM_ERROR, "%s", err);
		return -1;
	}
	if (withdraw)
		session_msg(s, SM_NORMAL, _("your challenge to %s is withdrawn"),
		    c->to);
	else
		session_msg(s, SM_NORMAL, _("%s's challenge is declined"),
		    c->from);
	m->at = 0;              /* the lists again, once this is done */
	return 0;
}

const char *
session_mine_ask(struct session *s, bool games, bool chal)
{
	struct session_net *u = s->net;
	struct session_mine *m = &u->mine;

	if (u->c != NULL && u->account[0] != '\0' &&
	    net_client_connecting(u->c)) {
		/* (the way back to the lobby is a new connection) */
		m->wait |= games;
		m->chal_wait |= chal;
		m->asking |= games;
		m->chal_asking |= chal;
		return NULL;
	}
	if (u->c == NULL || net_client_state(u->c) != NET_ONLINE)
		return _("not connected to the server");
	if (u->account[0] == '\0')
		return _("needs an account: log in (congo --login NAME, or "
		    "network.account in congo.conf)");
	if (games)
		ask(u->c, asked_of(m, true));
	if (chal)
		ask(u->c, asked_of(m, false));
	return NULL;
}

/* The connection is online (after session_lobby_refresh, which forgot
 * the answers on their way): what was asked while it was being made. */
void
session_mine_online(struct session *s)
{
	struct session_mine *m = &s->net->mine;
	bool games = m->wait, chal = m->chal_wait;

	m->wait = m->chal_wait = false;
	if ((games || chal) && session_mine_ask(s, games, chal) == NULL &&
	    games && chal)
		m->at = util_now_ms() + MINE_EVERY_MS;  /* (not twice) */
}

int
session_mine_answer(struct session *s, const char *verb, const char *game)
{
	struct session_net *u = s->net;
	struct session_mine *m = &u->mine;
	const struct session_challenge *c;
	int i, rc;

	if (game[0] == '\0') {
		session_msg(s, SM_ERROR, _("%1$s needs a game: %1$s GAME "
		    "(challenges lists them)"), verb);
		return -1;
	}
	for (i = 0; i < m->nchal; i++)
		if (strcasecmp(m->chal[i].game, game) == 0)
			break;
	if (i == m->nchal) {
		session_msg(s, SM_ERROR, _("%s: no challenge %.16s listed "
		    "(challenges lists them)"), verb, game);
		return -1;
	}
	c = &m->chal[i];
	if (verb[0] != 'w' && !c->to_me) {
		session_msg(s, SM_ERROR, _("%1$s: %2$s is your challenge to "
		    "%3$s (withdraw %2$s withdraws it)"), verb, c->game, c->to);
		return -1;
	}
	if (verb[0] == 'w' && c->to_me) {
		session_msg(s, SM_ERROR, _("withdraw: %1$s is %2$s's challenge "
		    "to you (decline %1$s declines it)"), c->game, c->from);
		return -1;
	}
	if (verb[0] == 'a' && net_client_game_id(u->c)[0] != '\0') {
		session_msg(s, SM_ERROR, _("accept: from the lobby (you are in "
		    "game %s)"), net_client_game_id(u->c));
		return -1;
	}
	m->sel = u->seek.sel = -1;
	m->chal_sel = i;
	rc = verb[0] == 'a' ? session_mine_open(s) :
	    session_mine_decline(s, verb[0] == 'w');
	m->chal_sel = -1;
	return rc;
}
