/*
 * plain_net.c: network play in `congo --plain`: the session's connection
 * (session_link.c: the client, --host's congo-server, the timers) and the
 * hooks on its network game, as the full-screen game has them, less the
 * screen: whether the lobby is what the player is in is kept here; the
 * account's games and challenges said when typed for (games,
 * challenges), and a challenge answered by its id (accept, decline,
 * withdraw GAME).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plain/plain_int.h"
#include "session/session_learn.h"
#include "session/session_link.h"
#include "session/session_net.h"
#include "session/session_net_list.h"
#include "session/session_net_mine.h"
#include "util/util.h"

/* A record of a list loaded: the game it shows is reviewed (q: back,
 * session_net_record_back); a seek sent: the lobby. */
static void
sync_view(struct plain *p)
{
	struct session_net *g = p->s->net;

	if (g == NULL || g->view_serial == p->seen_view)
		return;
	p->seen_view = g->view_serial;
	if (g->list != NULL && g->list->loaded) {
		g->list->loaded = false;
		p->lobby = false;
	}
	if (g->want_lobby) {
		g->want_lobby = false;
		p->lobby = true;
	}
	p->s->dirty = true;
}

/* The lists typed for (games, challenges), once they have come. */
static void
say_mine(struct plain *p)
{
	const struct session_net *u = p->s->net;
	const struct session_mine *m = &u->mine;
	long long now = util_wall_ms();
	char line[256];
	int i, n = 0;

	/* (an error answered: said by the session, no list to say) */
	if (p->want_mine && !m->asking && m->failed)
		p->want_mine = false;
	if (p->want_chal && !m->chal_asking && m->chal_failed)
		p->want_chal = false;
	if (p->want_mine && !m->asking) {
		p->want_mine = false;
		plain_out(P_("Your games not over: %d%s"), m->n, m->n > 0 ?
		    P_(" (game, whose turn, variant, White, Black, time "
		    "left, clock)") : "");
		for (i = 0; i < m->n; i++) {
			session_mine_line(&m->games[i], now, line,
			    sizeof line, true);
			plain_out("%s", line);
		}
		if (m->n > 0)
			plain_out("%s",
			    P_("congo --plain --game GAME takes one back."));
	}
	if (p->want_chal && !m->chal_asking) {
		p->want_chal = false;
		plain_out(P_("Challenges: %d"), m->nchal);
		for (i = 0; i < m->nchal; i++) {
			session_challenge_line(&m->chal[i], now, line,
			    sizeof line);
			plain_out("%s", line);
			n += m->chal[i].to_me;
		}
		if (n > 0)
			plain_out("%s", P_("accept GAME or decline GAME "
			    "answers a challenge to you."));
		if (n < m->nchal)
			plain_out("%s",
			    P_("withdraw GAME withdraws one of yours."));
	}
}

static void
after_hook(void *ctx, const struct net_event *e)
{
	struct plain *p = ctx;

	if (session_link_after(p->s, e))
		p->lobby = false;
	sync_view(p);
	if (p->want_mine || p->want_chal)
		say_mine(p);
	plain_lobby_follow(p);
	plain_tourney_follow(p);
}

bool
plain_net_input(struct plain *p, const char *word, const char *arg)
{
	struct session_net *u = p->s->net;
	bool games = strcmp(word, "games") == 0;
	bool chal = strcmp(word, "challenges") == 0;
	const char *why;

	if (u == NULL || (games && arg[0] != '\0'))
		return false;       /* games NAME: the session's :games */
	if (games || chal) {
		/* (on the way back to the lobby, a new connection: asked
		 * once it is online, by the session) */
		if ((why = session_mine_ask(p->s, games, chal)) != NULL) {
			plain_out("%s: %s", word, why);
			return true;
		}
		p->want_mine |= games;
		p->want_chal |= chal;
		return true;
	}
	if (strcmp(word, "record") == 0) {
		const struct session_net_list *l = u->list;
		char *end;
		long n = strtol(arg, &end, 10);

		if (l == NULL || !l->done)
			plain_out("%s", P_("record N: N is a line of a list of "
			    "games (games NAME shows one)."));
		else if (end == arg || *end != '\0' || n < 1 || n > l->n ||
		    l->games[n - 1][0] == '\0')
			plain_out(P_("record N: N is a numbered line of the "
			    "list, not '%s'."), arg);
		else
			session_net_list_record(p->s, (int)n - 1,
			    p->list_lobby);
		return true;
	}
	if (strcmp(word, "accept") != 0 && strcmp(word, "decline") != 0 &&
	    strcmp(word, "withdraw") != 0)
		return false;
	session_mine_answer(p->s, word, arg);
	return true;
}

void
plain_net_help(const struct plain *p)
{
	if (p->s->net == NULL)
		return;
	plain_out("%s", P_("Commands of your account (network):"));
	plain_out("%s", P_("games: your games not over, your turn first "
	    "(games NAME: the games NAME played)"));
	plain_out("%s", P_("challenges: the challenges to you and yours"));
	plain_out("%s", P_("record N: the record of line N of games NAME's "
	    "list, to review"));
	plain_out("%s",
	    P_("accept GAME, decline GAME: answer a challenge to you"));
	plain_out("%s", P_("withdraw GAME: withdraw a challenge of yours"));
}

static void
done_hook(void *ctx)
{
	struct plain *p = ctx;

	sync_view(p);
	session_lobby_ask(p->s, p->lobby);
}

static bool
command_hook(void *ctx, const struct session_cmd *cmd)
{
	struct plain *p = ctx;
	bool to_lobby;

	if (p->s->net == NULL)
		return false;
	switch (cmd->type) {
	case CMD_WHOIS:
	case CMD_TOP:
	case CMD_GAMES:
		/* said, and the player stays where they are (a record
		 * opened from it goes back there: list_lobby) */
		if (session_net_list_open(p->s, cmd) == 0)
			p->list_lobby = p->lobby;
		return true;
	case CMD_INFO:
		session_link_info(p->s);
		return true;
	case CMD_QUIT:
	case CMD_QUIT_NOW:
		/* quit, typed where the screen has q: first back from a
		 * record, a game watched from the lobby, a correspondence
		 * game (which goes on); else the program ends */
		if (!(cmd->type == CMD_QUIT ? session_link_quit(p->s,
		    &to_lobby) : session_link_back(p->s, &to_lobby)))
			return false;
		if (to_lobby)
			p->lobby = true;
		return true;
	default:
		return session_net_command(p->s, cmd);
	}
}

static const char *
nomove_hook(void *ctx)
{
	struct plain *p = ctx;

	return session_net_nomove(p->s);
}

/* Analysis is refused in one's own network game (until it is over), and
 * in a lesson or puzzle (it would give the answer away). */
static const char *
noanalysis_hook(void *ctx)
{
	struct plain *p = ctx;

	if (session_learn_active(p->s))
		return P_("not during a lesson or puzzle");
	return session_net_noanalysis(p->s);
}

void
plain_net_hooks(struct plain *p)
{
	p->s->hooks.ctx = p;
	p->s->hooks.command = command_hook;
	p->s->hooks.nomove = nomove_hook;
	p->s->hooks.noanalysis = noanalysis_hook;
}

int
plain_net_start(struct plain *p, const struct session_net_opts *no,
    const struct session_net_game *ng, char *err, size_t errlen)
{
	struct session_net_hooks *h;
	int seat;
	bool lobby;

	struct session_net_opts o = *no;

	/* A certificate no authority vouches for: asked only of a person
	 * at a terminal (a script or a bot is refused, unless
	 * --tls-trust-new). */
	o.tls_ask = isatty(STDIN_FILENO) != 0;
	if (session_link_start(p->s, &o, ng, &seat, &lobby, err, errlen) < 0)
		return -1;
	h = &p->s->net->hooks;
	h->ctx = p;
	h->after = after_hook;
	h->done = done_hook;
	p->lobby = lobby;
	session_net_install(p->s, seat);
	sync_view(p);
	return 0;
}

int
plain_net_timeout(struct plain *p)
{
	return session_link_timeout(p->s, p->lobby);
}

void
plain_net_tick(struct plain *p)
{
	session_link_tick(p->s, p->lobby);
}
