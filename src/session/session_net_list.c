/*
 * session_net_list.c: the server's lists in a network session: :whois
 * NAME (a player's ratings), :top [VARIANT] [SPEED] (the best), :games
 * [NAME] (the games played, newest first). A list fills as its lines
 * come; a game of it asks its RECORD, gathered in a file and reviewed
 * (session_net_record.c). The view (src/ui/ui_net_list.c) draws the list
 * and turns keys into these calls.
 */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "net/client/client.h"
#include "session/session_net.h"
#include "session/session_net_list.h"
#include "session/session_net_mine.h"
#include "session/session_seek.h"
#include "util/util.h"
#include "util/i18n.h"

static struct session_net_list *
list_of(struct session_net *u)
{
	if (u->list == NULL)
		u->list = xcalloc(1, sizeof *u->list);
	return u->list;
}

void
session_net_list_free(struct session *s)
{
	struct session_net *u = s->net;

	if (u == NULL || u->list == NULL)
		return;
	if (u->list->rec != NULL) {
		fclose(u->list->rec);
		unlink(u->list->recpath);
	}
	free(u->list);
	u->list = NULL;
}

int
session_net_list_open(struct session *s, const struct session_cmd *cmd)
{
	struct session_net *u = s->net;
	struct session_net_list *l;
	char args[200], w1[64] = "", w2[64] = "", what[64];
	const char *verb, *me = net_client_account(u->c);
	bool wait;

	if (me[0] == '\0')
		me = u->account;    /* (a new connection not logged in yet) */

	sscanf(cmd->arg, "%63s %63s", w1, w2);
	args[0] = '\0';
	if (cmd->type == CMD_WHOIS) {
		verb = "WHOIS";
		snprintf(args, sizeof args, "name=%s", w1);
		snprintf(what, sizeof what, "%s", w1);
	} else if (cmd->type == CMD_TOP) {
		/* either word may be the variant or the speed */
		const char *v = "congo", *sp = "blitz";
		if (strcmp(w1, "megapawn") == 0 || strcmp(w1, "congo") == 0) {
			v = w1;
			if (w2[0] != '\0')
				sp = w2;
		} else if (w1[0] != '\0') {
			sp = w1;
			if (w2[0] != '\0')
				v = w2;
		}
		verb = "TOP";
		snprintf(args, sizeof args, "variant=%s speed=%s limit=100", v,
		    sp);
		/* (not into w1: v or sp may be it) */
		snprintf(what, sizeof what, "%.30s %.20s", v, sp);
	} else {
		verb = "GAMES";
		if (w1[0] == '\0' && me[0] == '\0') {
			session_msg(s, SM_ERROR, "%s", _(":games: whose? "
			    ":games NAME (or log in: --login NAME)"));
			return -1;
		}
		snprintf(what, sizeof what, "%s", w1[0] != '\0' ? w1 : me);
		snprintf(args, sizeof args, "player=%s limit=100", what);
	}
	/* (the way back to the lobby is a new connection: asked once it
	 * is online, session_net_list_online) */
	wait = net_client_connecting(u->c);
	if (!wait && net_client_query(u->c, verb, args) < 0) {
		session_msg(s, SM_ERROR, _(":%s: not connected to the server"),
		    cmd->type == CMD_WHOIS ? "whois" : cmd->type == CMD_TOP ?
		    "top" : "games");
		return -1;
	}
	l = list_of(u);
	if (wait)
		l->wait = *cmd;
	else
		l->wait.type = CMD_NONE;
	snprintf(l->verb, sizeof l->verb, "%s", verb);
	snprintf(l->what, sizeof l->what, "%s", what);
	snprintf(l->title, sizeof l->title, verb[0] == 'W' ? _("Player %s") :
	    verb[0] == 'T' ? _("Best players, %s") : _("Games of %s"), what);
	snprintf(l->title + strlen(l->title), sizeof l->title -
	    strlen(l->title), "%s", _(" (asking the server...)"));
	l->n = l->sel = 0;
	l->done = false;
	s->dirty = true;
	return 0;
}

/* The connection is online: the list asked while it was being made. */
void
session_net_list_online(struct session *s)
{
	struct session_net_list *l = s->net->list;
	struct session_cmd cmd;

	if (l == NULL || l->wait.type == CMD_NONE)
		return;
	cmd = l->wait;
	l->wait.type = CMD_NONE;
	(void)session_net_list_open(s, &cmd);
}

static void
add_line(struct session_net_list *l, const char *game, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
add_line(struct session_net_list *l, const char *game, const char *fmt, ...)
{
	va_list ap;

	if (l->n >= SESSION_LIST_MAX)
		return;
	va_start(ap, fmt);
	vsnprintf(l->lines[l->n], sizeof l->lines[0], fmt, ap);
	va_end(ap);
	snprintf(l->games[l->n], sizeof l->games[0], "%s", game);
	l->n++;
}

/* The values of keys (NULL-ended, at most 8) in the line t, into v. */
static void
fields(const char *t, const char *const *keys, char v[][32])
{
	for (int i = 0; keys[i] != NULL; i++)
		net_kv_get(t, keys[i], v[i], sizeof v[i]);
}

static void
item(struct session_net_list *l, const char *t)
{
	static const char *const whois[] = { "variant", "speed", "rating",
		"rd", "games", "provisional", NULL };
	static const char *const top[] = { "rank", "name", "rating", "rd",
		"games", NULL };
	static const char *const game[] = { "game", "variant", "white",
		"black", "result", "reason", "rated", "ended", NULL };
	const char *rated;
	char v[8][32];

	if (strcmp(l->verb, "WHOIS") == 0) {
		fields(t, whois, v);
		add_line(l, "", ngettext("  %-9s %-10s %5s%s  rd %-4s %5s game",
		    "  %-9s %-10s %5s%s  rd %-4s %5s games", strtol(v[4], NULL,
		    10)), v[0], v[1], v[2], strcmp(v[5], "1") == 0 ? "?" : " ",
		    v[3], v[4]);
	} else if (strcmp(l->verb, "TOP") == 0) {
		fields(t, top, v);
		add_line(l, "", ngettext("  %4s. %-20s %5s  rd %-4s %5s game",
		    "  %4s. %-20s %5s  rd %-4s %5s games", strtol(v[4], NULL,
		    10)), v[0], v[1], v[2], v[3], v[4]);
	} else {
		fields(t, game, v);
		/* (Rated as wide as its widest word: session_rated_width) */
		rated = strcmp(v[6], "1") == 0 ? _("rated") : _("casual");
		add_line(l, v[0], "  %-8s  %-8s %-14.14s %-14.14s %-3s %-14.14s "
		    "%-*s %.10s", v[0], v[1], v[2], v[3], v[4], v[5],
		    util_pad(rated, session_rated_width()), rated, v[7]);
	}
}

/* The RECORD gathered: reviewed (session_net_record.c). */
static void
record_done(struct session *s, struct session_net_list *l)
{
	bool ok;

	if (l->rec == NULL)
		return;
	ok = fclose(l->rec) == 0;
	l->rec = NULL;
	if (ok && session_net_record_open(s, l->recpath, l->recgame,
	    l->reclobby) == 0)
		l->loaded = true;
	unlink(l->recpath);
}

bool
session_net_list_event(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;
	struct session_net_list *l = u->list;
	char name[40], created[16], games[16];

	if (e->kind != NEV_ITEMS && e->kind != NEV_ITEM &&
	    e->kind != NEV_ITEMS_END)
		return false;
	if (strcmp(e->verb, "SEEKS") == 0) {
		session_seeks_event(s, e);
		return true;
	}
	if (l == NULL)
		return true;
	s->dirty = true;
	if (strcmp(e->verb, "RECORD") == 0) {
		if (e->kind == NEV_ITEM && l->rec != NULL)
			fprintf(l->rec, "%s\n", e->text);
		else if (e->kind == NEV_ITEMS_END)
			record_done(s, l);
		return true;
	}
	if (strcmp(e->verb, l->verb) != 0)
		return true;
	switch (e->kind) {
	case NEV_ITEMS:
		if (strcmp(l->verb, "WHOIS") == 0) {
			net_kv_get(e->text, "name", name, sizeof name);
			net_kv_get(e->text, "created", created,
			    sizeof created);
			net_kv_get(e->text, "games", games, sizeof games);
			/* games=: the rated games it played. */
			snprintf(l->title, sizeof l->title, ngettext("Player "
			    "%s: %s rated game, since %.10s", "Player %s: %s "
			    "rated games, since %.10s", strtol(games, NULL,
			    10)), name, games, created);
		} else {
			char *p = strstr(l->title,
			    _(" (asking the server...)"));
			if (p != NULL)
				*p = '\0';
		}
		break;
	case NEV_ITEM:
		item(l, e->text);
		break;
	default:
		l->done = true;
		if (l->n == 0 && strcmp(l->verb, "TOP") == 0) {
			/* as the web page says it: why the list is empty */
			add_line(l, "", "%s", _("  Nobody has an established "
			    "rating yet:"));
			add_line(l, "", "%s", _("  a rating is listed once its "
			    "deviation is 110 or less (about 20 rated games)."));
		} else if (l->n == 0)
			add_line(l, "", "%s", _("  (none)"));
		break;
	}
	return true;
}

bool
session_net_list_error(struct session *s, const struct net_event *e)
{
	struct session_net_list *l = s->net->list;
	char *p;

	if (l == NULL || l->done || e->verb[0] == '\0' ||
	    strcmp(e->verb, l->verb) != 0)
		return false;
	p = strstr(l->title, _(" (asking the server...)"));
	if (p != NULL)
		*p = '\0';
	l->done = true;
	s->dirty = true;
	if (e->code == 404 && strcmp(l->verb, "WHOIS") == 0) {
		snprintf(l->title, sizeof l->title, _("No player named %s"),
		    l->what);
		add_line(l, "", "  %s", _("(the server has no account of that "
		    "name)"));
		session_msg(s, SM_ERROR, _("there is no player named %s"),
		    l->what);
	} else {
		add_line(l, "", "  %s", e->text);
		session_msg(s, SM_ERROR, _("the server refused: %s"),
		    e->text);
	}
	return true;
}

int
session_net_list_record(struct session *s, int i, bool lobby)
{
	struct session_net *u = s->net;
	struct session_net_list *l = u->list;
	const char *tmp;
	char args[40];
	int fd;

	if (l == NULL || i < 0 || i >= l->n || l->games[i][0] == '\0')
		return -1;
	if (u->seat >= 0 && !game_over(&s->game) &&
	    strcmp(u->status, "finished") != 0) {
		session_msg(s, SM_ERROR, "%s", _("your game goes on: a record "
		    "opens once it is over"));
		return -1;
	}
	if (l->rec != NULL)
		return -1;          /* one at a time */
	tmp = getenv("TMPDIR");
	snprintf(l->recpath, sizeof l->recpath, "%s/congo-record-XXXXXX",
	    tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
	fd = mkstemp(l->recpath);
	if (fd < 0 || (l->rec = fdopen(fd, "w")) == NULL) {
		if (fd >= 0)
			close(fd);
		session_msg(s, SM_ERROR, "%s", _("cannot keep the record"));
		return -1;
	}
	snprintf(l->recgame, sizeof l->recgame, "%s", l->games[i]);
	l->reclobby = lobby;
	snprintf(args, sizeof args, "game=%s", l->recgame);
	if (net_client_query(u->c, "RECORD", args) < 0) {
		fclose(l->rec);
		l->rec = NULL;
		unlink(l->recpath);
		session_msg(s, SM_ERROR, "%s", _("not connected to the server"));
		return -1;
	}
	session_msg(s, SM_NORMAL, _("asking for the record of %s..."),
	    l->recgame);
	return 0;
}
