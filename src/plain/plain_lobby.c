/*
 * plain_lobby.c: the lobby of `congo --plain --lobby`, typed: list says
 * the server's games (the session's LIST, session_net_lobby.c, asked
 * again each time: the server does not tell a lobby of new games),
 * numbered; open N takes a game's free seat or goes back to one's own,
 * watch N watches it, create [black] makes one; seek M+S (or seek Nd:
 * days a move; then rated, megapawn) waits to be paired with a stranger,
 * unseek withdraws it; challenge NAME M+S|Nd [rated] [megapawn]
 * challenges a player (quit leaves it standing, back in the lobby). seek,
 * challenge and create are the session's (session_seek_typed,
 * session_challenge_typed, session_lobby_create_typed), which the
 * full-screen lobby's :challenge and :create run too. What the
 * full-screen lobby does with its cursor, its keys and its seek dialog
 * (ui_net_lobby.c, ui_net_seek.c).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plain/plain_int.h"
#include "session/session_net.h"
#include "session/session_net_corr.h"
#include "session/session_seek.h"
#include "util/i18n.h"

/* The lobby's games, a line each, numbered for open and watch. */
static void
say_games(struct plain *p)
{
	const struct session_lobby *l = &p->s->net->lobby;
	char wn[48], bn[48], ctl[48];
	const char *name[2], *status;
	int i, c, days;

	p->want_list = false;
	p->list_heard = l->n;
	plain_out(P_("Games on the server: %d"), l->n);
	for (i = 0; i < l->n; i++) {
		const struct session_lobby_game *it = &l->games[i];

		/* open N and watch N: this game, wherever it is listed now */
		snprintf(p->heard[i], sizeof p->heard[i], "%s", it->game);
		if (session_seek_days(it->clock, &days))
			snprintf(ctl, sizeof ctl, ngettext("%d day a move",
			    "%d days a move", (unsigned long)days), days);
		else
			snprintf(ctl, sizeof ctl, "%s", strcmp(it->clock,
			    "-") == 0 ? P_("no clock") : it->clock);

		name[WHITE] = session_net_shown(it->white, it->guest[0], wn,
		    sizeof wn);
		name[BLACK] = session_net_shown(it->black, it->guest[1], bn,
		    sizeof bn);
		for (c = 0; c < 2; c++)
			if (strcmp(name[c], "-") == 0 || name[c][0] == '\0')
				name[c] = P_("a free seat");
		status = strcmp(it->status, "open") == 0 ? P_("waiting for "
		    "a player") : strcmp(it->status, "active") == 0 ?
		    P_("being played") : P_("over");
		plain_out(P_("%1$d. %2$s, %3$s, %4$s: White %5$s, Black %6$s, "
		    "%7$d plies, %8$s%9$s%10$s%11$s"), i + 1, it->game,
		    it->variant, ctl, name[WHITE], name[BLACK], it->ply, status,
		    it->result[0] != '\0' ? " " : "", it->result,
		    it->mine == WHITE ? P_(" (yours, White)") : it->mine ==
		    BLACK ? P_(" (yours, Black)") : "");
	}
	plain_out("%s", l->n > 0 ? P_("open N takes its free seat (or your "
	    "own), watch N watches it, create [black] makes a game.") :
	    P_("create [black] makes a game."));
}

void
plain_lobby_follow(struct plain *p)
{
	if (p->want_list && p->s->net != NULL && p->s->net->lobby.listed)
		say_games(p);
}

/* N of open N and watch N: the game said as N in the list last said,
 * where the lobby lists it now; or -1 said. */
static int
game_of(struct plain *p, const char *word, const char *arg)
{
	const struct session_lobby *l = &p->s->net->lobby;
	char *end;
	long n = strtol(arg, &end, 10);
	int i;

	if (!l->listed || p->list_heard < 0) {
		plain_out(P_("%s: the games are not listed yet: list asks for "
		    "them."), word);
		return -1;
	}
	if (p->list_heard == 0) {
		plain_out(P_("%s: no game listed: create makes one."), word);
		return -1;
	}
	if (end == arg || *end != '\0' || n < 1 || n > p->list_heard) {
		plain_out(P_("%1$s N: N is a game's number in the list (1 to "
		    "%2$d), not '%3$s'."), word, p->list_heard, arg);
		return -1;
	}
	for (i = 0; i < l->n; i++)
		if (strcmp(l->games[i].game, p->heard[n - 1]) == 0)
			return i;
	plain_out(P_("%s: game %s is no longer listed: list says the games "
	    "now."), word, p->heard[n - 1]);
	return -1;
}

/* seek TERMS: the session's (as --seek sends it; withdrawing it stays in
 * the lobby). */
static void
seek(struct plain *p, const char *arg)
{
	if (session_seek_typed(p->s, arg) == 0)
		plain_out(P_("Seeking %s: you are paired with the first stranger "
		    "seeking the same; unseek withdraws it."), arg);
}

static void
unseek(struct plain *p, const char *arg)
{
	(void)arg;
	if (!session_seek_cancel(p->s, false))
		plain_out("%s", P_("unseek: no seek of yours waits."));
}

/* challenge NAME TERMS: the session's (:challenge on the screen). */
static void
challenge(struct plain *p, const char *arg)
{
	/* play computer [M+S]: a seek a bot may take (bots=yes). */
	if (strncmp(arg, "computer", 8) == 0 && (arg[8] == '\0' ||
	    arg[8] == ' ')) {
		(void)session_seek_computer(p->s, arg + 8);
		return;
	}
	(void)session_challenge_typed(p->s, arg);
}

/* bots: the computer players seeking a game now, as the lobby's last
 * SEEKS had them (asked every few seconds); play NAME challenges one. */
static void
bots(struct plain *p, const char *arg)
{
	const struct session_seeks *k = &p->s->net->seek;
	int i, n = 0;

	(void)arg;
	for (i = 0; i < k->n; i++) {
		const struct session_lobby_seek *x = &k->list[i];
		char clock[24];
		long base, inc;
		if (!x->bot)
			continue;
		/* The server's seconds as M+S, as play NAME takes them. */
		if (sscanf(x->clock, "%ld+%ld", &base, &inc) == 2 &&
		    base % 60 == 0)
			snprintf(clock, sizeof clock, "%ld+%ld", base / 60, inc);
		else
			snprintf(clock, sizeof clock, "%s", x->clock);
		plain_out(P_("%1$d. %2$s (BOT), %3$s %4$s, rating %5$s%6$s"),
		    ++n, x->name, x->variant, clock, x->rating, x->rated ?
		    P_(", rated") : "");
	}
	plain_out("%s", n > 0 ? P_("play NAME M+S challenges one of them.") :
	    P_("bots: no computer player seeks a game now."));
}

/* list: said when the answer has come (plain_lobby_follow). */
static void
list(struct plain *p, const char *arg)
{
	(void)arg;
	session_lobby_refresh(p->s);
	session_lobby_ask(p->s, true);
	p->want_list = true;
	p->list_heard = -1;             /* open N: of the list to come */
}

/* create [white|black] [M+S|Nd] [megapawn]: the session's (:create on
 * the screen). */
static void
create(struct plain *p, const char *arg)
{
	(void)session_lobby_create_typed(p->s, arg);
}

static void
open_or_watch(struct plain *p, const char *word, const char *arg)
{
	int i = game_of(p, word, arg);

	if (i < 0)
		return;
	p->s->net->lobby.sel = i;
	session_lobby_open(p->s, strcmp(word, "watch") == 0);
}

static void
open_game(struct plain *p, const char *arg)
{
	open_or_watch(p, "open", arg);
}

static void
watch(struct plain *p, const char *arg)
{
	open_or_watch(p, "watch", arg);
}

static const struct {
	const char *word;
	void (*run)(struct plain *p, const char *arg);
} lobby_cmds[] = {
	{ "list", list }, { "open", open_game }, { "watch", watch },
	{ "create", create }, { "seek", seek }, { "unseek", unseek },
	{ "challenge", challenge }, { "bots", bots }, { "play", challenge },
};

bool
plain_lobby_input(struct plain *p, const char *word, const char *arg)
{
	size_t i;

	for (i = 0; i < sizeof lobby_cmds / sizeof lobby_cmds[0]; i++)
		if (strcmp(word, lobby_cmds[i].word) == 0)
			break;
	if (i == sizeof lobby_cmds / sizeof lobby_cmds[0])
		return false;
	if (p->s->net == NULL || !p->lobby)
		plain_out(P_("%s: only in the lobby (congo --plain --lobby; quit "
		    "goes back there from a game watched)."), word);
	else
		lobby_cmds[i].run(p, arg);
	return true;
}

void
plain_lobby_help(const struct plain *p)
{
	if (p->s->net == NULL)
		return;
	plain_out("%s", P_("Commands of the lobby (network):"));
	plain_out("%s", P_("list: the games on the server, numbered"));
	plain_out("%s", P_("open N: take game N's free seat, or go back to "
	    "your own; watch N: watch it"));
	plain_out("%s", P_("create [black] [M+S|Nd] [megapawn]: make a game "
	    "and wait in it for an opponent (you play White, or Black; no "
	    "clock unless given; Congo unless megapawn)"));
	plain_out("%s", P_("seek M+S [rated] [megapawn], seek Nd [rated] "
	    "[megapawn]: be paired with a stranger seeking the same (a "
	    "clock, or N days a move; Congo unless megapawn); unseek: "
	    "withdraw it"));
	plain_out("%s", P_("challenge NAME M+S [rated] [megapawn], challenge "
	    "NAME Nd [rated] [megapawn]: challenge a player (quit leaves it "
	    "standing)"));
	plain_out("%s", P_("bots: the computer players seeking a game; play "
	    "NAME M+S [rated] [megapawn]: challenge one"));
}
