/*
 * plain_tourney.c: tournaments in `congo --plain` (issue 60), typed:
 * tournaments says the server's (running, upcoming, finished), numbered;
 * join NAME (its name or id) joins one, withdraw [NAME] withdraws (the
 * one joined, without a name), pause [NAME] pauses in an arena, standings
 * [NAME] says its standings as sentences (without a name: the game's
 * tournament, else the one joined); berserk is the session's command.
 * The pairings and the tournament's events are the session's messages
 * ("Round 2: you play White against Ann"). What the full-screen lobby's
 * Tournaments screen does with its keys (ui_net_tourney.c).
 */

#include <stdio.h>
#include <string.h>

#include "plain/plain_int.h"
#include "session/session_tourney.h"
#include "util/i18n.h"

/* The tournament a word names: listed by that name or id; else an id
 * as the server writes them (8 of A-Z2-7). NULL when neither. */
static const char *
named(struct plain *p, const char *word)
{
	const struct session_tourney *t = session_tourney_find(p->s, word);
	size_t i;

	if (t != NULL)
		return t->id;
	for (i = 0; word[i] != '\0'; i++)
		if (!((word[i] >= 'A' && word[i] <= 'Z') ||
		    (word[i] >= '2' && word[i] <= '7')))
			return NULL;
	return i == 8 ? word : NULL;
}

static void
say_list(struct plain *p)
{
	const struct session_tourneys *t = p->s->net->tourney;
	char line[256];
	int i;

	p->want_tourneys = false;
	plain_out(P_("Tournaments on the server: %d"), t->n);
	for (i = 0; i < t->n; i++) {
		session_tourney_line(&t->list[i], line, sizeof line);
		plain_out("%d. %s", i + 1, line);
	}
	if (t->n > 0)
		plain_out("%s", P_("join NAME joins one, standings NAME says its "
		    "standings, withdraw NAME withdraws from it."));
}

static void
say_standings(struct plain *p)
{
	const struct session_tourneys *t = p->s->net->tourney;
	const struct session_tourney *x = session_tourney_find(p->s, t->sid);
	char line[256];
	int i;

	p->want_standings = false;
	plain_out(ngettext("Standings of %1$s, %2$d player:",
	    "Standings of %1$s, %2$d players:", (unsigned long)t->nst),
	    x != NULL ? x->name : t->sid, t->nst);
	for (i = 0; i < t->nst; i++) {
		session_standing_sentence(&t->st[i], line, sizeof line);
		plain_out("%s", line);
	}
}

void
plain_tourney_follow(struct plain *p)
{
	const struct session_tourneys *t = p->s->net != NULL ?
	    p->s->net->tourney : NULL;
	const char *id;

	if (t == NULL)
		return;
	if (p->want_tourneys && t->list_serial != p->tourneys_seen)
		say_list(p);
	if (p->tjoin[0] != '\0' && t->list_serial != p->tourneys_seen) {
		/* join NAME typed before the list had come */
		if ((id = named(p, p->tjoin)) != NULL)
			(void)session_tourney_send(p->s, "TJOIN", id);
		else
			plain_out(P_("join: no tournament named %s is listed "
			    "(tournaments lists them)."), p->tjoin);
		p->tjoin[0] = '\0';
	}
	p->tourneys_seen = t->list_serial;
	if (p->want_standings && t->st_serial != p->standings_seen)
		say_standings(p);
	p->standings_seen = t->st_serial;
}

static void
tournaments(struct plain *p, const char *arg)
{
	(void)arg;
	session_tourney_ask(p->s);
	p->want_tourneys = true;
}

static void
join(struct plain *p, const char *arg)
{
	const char *id = named(p, arg);

	if (arg[0] == '\0') {
		plain_out("%s", P_("join NAME: a tournament's name or id "
		    "(tournaments lists them)."));
		return;
	}
	if (id != NULL) {
		(void)session_tourney_send(p->s, "TJOIN", id);
		return;
	}
	/* the list asked, the name looked for in it once it comes */
	snprintf(p->tjoin, sizeof p->tjoin, "%s", arg);
	session_tourney_ask(p->s);
}

/* withdraw [NAME], pause [NAME]; false: withdraw GAME (a challenge's). */
static bool
leave(struct plain *p, const char *word, const char *arg)
{
	const char *verb = strcmp(word, "pause") == 0 ? "TPAUSE" : "TLEAVE";
	const struct session_tourneys *t = p->s->net->tourney;
	const struct session_tourney *x = session_tourney_find(p->s, arg);
	const char *id = x != NULL ? x->id : t != NULL &&
	    strcmp(arg, t->joined) == 0 && arg[0] != '\0' ? t->joined : NULL;

	/* withdraw GAME: a challenge's (a game's id looks like a
	 * tournament's: only one listed or joined is taken here) */
	if (arg[0] != '\0' && id == NULL && verb[1] == 'L')
		return false;
	if (arg[0] != '\0' && id == NULL) {
		plain_out(P_("%1$s: no tournament named %2$s is listed "
		    "(tournaments lists them)."), word, arg);
		return true;
	}
	if (id == NULL && (t == NULL || t->joined[0] == '\0')) {
		plain_out(P_("%s NAME: which tournament (you joined none "
		    "here)."), word);
		return true;
	}
	(void)session_tourney_send(p->s, verb, id);
	return true;
}

static void
standings(struct plain *p, const char *arg)
{
	const struct session_tourneys *t = p->s->net->tourney;
	const char *id = arg[0] != '\0' ? named(p, arg) :
	    session_tourney_of_game(p->s);

	if (id == NULL && arg[0] == '\0' && t != NULL && t->joined[0] != '\0')
		id = t->joined;
	if (id == NULL) {
		plain_out("%s", arg[0] != '\0' ? P_("standings: no such "
		    "tournament is listed (tournaments lists them).") :
		    P_("standings NAME: which tournament (you are in none "
		    "here)."));
		return;
	}
	session_tourney_standings(p->s, id);
	p->want_standings = true;
	p->standings_seen = p->s->net->tourney->st_serial;
}

bool
plain_tourney_input(struct plain *p, const char *word, const char *arg)
{
	if (p->s->net == NULL)
		return false;
	if (strcmp(word, "tournaments") == 0)
		tournaments(p, arg);
	else if (strcmp(word, "join") == 0)
		join(p, arg);
	else if (strcmp(word, "withdraw") == 0 || strcmp(word, "pause") == 0)
		return leave(p, word, arg);
	else if (strcmp(word, "standings") == 0)
		standings(p, arg);
	else
		return false;
	return true;
}

void
plain_tourney_help(const struct plain *p)
{
	if (p->s->net == NULL)
		return;
	plain_out("%s", P_("Tournaments (network):"));
	plain_out("%s", P_("tournaments: the server's tournaments, running, "
	    "upcoming and finished"));
	plain_out("%s", P_("join NAME: join a tournament (its name or id); "
	    "you are paired when it runs"));
	plain_out("%s", P_("withdraw [NAME]: withdraw from it (your points "
	    "stay); pause [NAME]: not paired until you join again (an "
	    "arena)"));
	plain_out("%s", P_("standings [NAME]: its standings (without a name: "
	    "your game's tournament, else the one you joined)"));
	plain_out("%s", P_("berserk: in an arena's game, before your first "
	    "move: half your time, no increment"));
}
