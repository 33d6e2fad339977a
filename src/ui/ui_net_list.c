/*
 * ui_net_list.c: the server's lists in the game: :whois NAME (a player's
 * ratings), :top [VARIANT] [SPEED] (the best), :games [NAME] (the games
 * played, newest first). A list opens over the screen and fills as its
 * lines come; Enter on a game asks its RECORD, which opens for review.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "net/client/client.h"
#include "ui/ui_net.h"
#include "util/util.h"

#define LIST_MAX 100

struct ui_net_list {
	char verb[16];              /* WHOIS, TOP, GAMES */
	char title[160];
	char lines[LIST_MAX][160];
	char games[LIST_MAX][16];   /* GAMES: each line's game */
	int n, sel;
	bool done;
	enum ui_screen_id back;     /* the screen it was opened over */
	FILE *rec;                  /* a RECORD being gathered */
	char recpath[64];
	char recgame[16];
};

static struct ui_net_list *
list_of(struct ui_net *u)
{
	if (u->list == NULL)
		u->list = xcalloc(1, sizeof *u->list);
	return u->list;
}

void
ui_net_list_free(struct ui_net *u)
{
	if (u->list == NULL)
		return;
	if (u->list->rec != NULL) {
		fclose(u->list->rec);
		unlink(u->list->recpath);
	}
	free(u->list);
	u->list = NULL;
}

void
ui_net_list_open(struct ui_app *a, const struct session_cmd *cmd)
{
	struct ui_net *u = a->net;
	struct ui_net_list *l;
	char args[200], w1[64] = "", w2[64] = "";
	const char *verb, *me = net_client_account(u->c);

	sscanf(cmd->arg, "%63s %63s", w1, w2);
	args[0] = '\0';
	if (cmd->type == CMD_WHOIS) {
		verb = "WHOIS";
		snprintf(args, sizeof args, "name=%s", w1);
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
		snprintf(w1, sizeof w1, "%.30s %.20s", v, sp);
	} else {
		verb = "GAMES";
		if (w1[0] == '\0' && me[0] == '\0') {
			session_msg(&a->s, SM_ERROR, ":games: whose? :games "
			    "NAME (or log in: --login NAME)");
			return;
		}
		if (w1[0] == '\0')
			snprintf(w1, sizeof w1, "%s", me);
		snprintf(args, sizeof args, "player=%s limit=100", w1);
	}
	if (strpbrk(args, "=") == NULL || net_client_query(u->c, verb,
	    args) < 0) {
		session_msg(&a->s, SM_ERROR, ":%s: not connected to the "
		    "server", cmd->type == CMD_WHOIS ? "whois" :
		    cmd->type == CMD_TOP ? "top" : "games");
		return;
	}
	l = list_of(u);
	snprintf(l->verb, sizeof l->verb, "%s", verb);
	snprintf(l->title, sizeof l->title, "%s %s (asking the server...)",
	    verb[0] == 'W' ? "Player" : verb[0] == 'T' ? "Best players," :
	    "Games of", w1);
	l->n = l->sel = 0;
	l->done = false;
	if (a->screen != SCR_NETLIST)
		l->back = a->screen;
	a->screen = SCR_NETLIST;
}

static void
add_line(struct ui_net_list *l, const char *game, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
add_line(struct ui_net_list *l, const char *game, const char *fmt, ...)
{
	va_list ap;

	if (l->n >= LIST_MAX)
		return;
	va_start(ap, fmt);
	vsnprintf(l->lines[l->n], sizeof l->lines[0], fmt, ap);
	va_end(ap);
	snprintf(l->games[l->n], sizeof l->games[0], "%s", game);
	l->n++;
}

static void
item(struct ui_net_list *l, const char *t)
{
	char a[32], b[32], c[32], d[32], e[32], f[32], g[32], h[32];

	if (strcmp(l->verb, "WHOIS") == 0) {
		net_kv_get(t, "variant", a, sizeof a);
		net_kv_get(t, "speed", b, sizeof b);
		net_kv_get(t, "rating", c, sizeof c);
		net_kv_get(t, "rd", d, sizeof d);
		net_kv_get(t, "games", e, sizeof e);
		net_kv_get(t, "provisional", f, sizeof f);
		add_line(l, "", "  %-9s %-10s %5s%s  rd %-4s %5s games", a, b,
		    c, strcmp(f, "1") == 0 ? "?" : " ", d, e);
	} else if (strcmp(l->verb, "TOP") == 0) {
		net_kv_get(t, "rank", a, sizeof a);
		net_kv_get(t, "name", b, sizeof b);
		net_kv_get(t, "rating", c, sizeof c);
		net_kv_get(t, "rd", d, sizeof d);
		net_kv_get(t, "games", e, sizeof e);
		add_line(l, "", "  %4s. %-20s %5s  rd %-4s %5s games", a, b, c,
		    d, e);
	} else {
		net_kv_get(t, "game", a, sizeof a);
		net_kv_get(t, "variant", b, sizeof b);
		net_kv_get(t, "white", c, sizeof c);
		net_kv_get(t, "black", d, sizeof d);
		net_kv_get(t, "result", e, sizeof e);
		net_kv_get(t, "reason", f, sizeof f);
		net_kv_get(t, "rated", g, sizeof g);
		net_kv_get(t, "ended", h, sizeof h);
		add_line(l, a, "  %-8s  %-8s %-14.14s %-14.14s %-3s %-14.14s "
		    "%-6s %.10s", a, b, c, d, e, f, strcmp(g, "1") == 0 ?
		    "rated" : "casual", h);
	}
}

/* The RECORD gathered: open it for review. */
static void
record_done(struct ui_app *a, struct ui_net_list *l)
{
	struct ui_net *u = a->net;
	bool ok;

	if (l->rec == NULL)
		return;
	ok = fclose(l->rec) == 0;
	l->rec = NULL;
	if (ok && session_load(&a->s, l->recpath, 0) == 0) {
		if (a->screen == SCR_LOBBY || l->back == SCR_LOBBY)
			u->from_lobby = true;  /* q: the lobby again */
		a->screen = SCR_BOARD;
		session_msg(&a->s, SM_GOOD, "game %s, its record: [ and ] "
		    "step through it, { to its start", l->recgame);
	}
	unlink(l->recpath);
}

void
ui_net_list_event(struct ui_app *a, const struct net_event *e)
{
	struct ui_net *u = a->net;
	struct ui_net_list *l = u->list;
	char name[40], n[16], created[16], games[16];

	if (strcmp(e->verb, "SEEKS") == 0) {
		session_seeks_event(&a->s, e);
		return;
	}
	if (l == NULL)
		return;
	a->s.dirty = true;
	if (strcmp(e->verb, "RECORD") == 0) {
		if (e->kind == NEV_ITEM && l->rec != NULL)
			fprintf(l->rec, "%s\n", e->text);
		else if (e->kind == NEV_ITEMS_END)
			record_done(a, l);
		return;
	}
	if (strcmp(e->verb, l->verb) != 0)
		return;
	switch (e->kind) {
	case NEV_ITEMS:
		if (strcmp(l->verb, "WHOIS") == 0) {
			net_kv_get(e->text, "name", name, sizeof name);
			net_kv_get(e->text, "created", created,
			    sizeof created);
			net_kv_get(e->text, "games", games, sizeof games);
			snprintf(l->title, sizeof l->title, "Player %s: %s "
			    "games, since %.10s", name, games, created);
		} else {
			char *p = strstr(l->title, " (asking");
			if (p != NULL)
				*p = '\0';
		}
		net_kv_get(e->text, "n", n, sizeof n);
		break;
	case NEV_ITEM:
		item(l, e->text);
		break;
	default:
		l->done = true;
		if (l->n == 0)
			add_line(l, "", "  (none)");
		break;
	}
}

void
ui_net_list_draw(struct ui_app *a)
{
	struct ui_net_list *l = a->net->list;
	int rows = a->lay.rows, cols = a->lay.cols, room = rows - 4, first, y,
	    i;

	if (l == NULL)
		return;
	term_putw(0, 0, cols, ST_STATUS, 0, l->title);
	if (strcmp(l->verb, "GAMES") == 0)
		term_putw(1, 0, cols, ST_HEAD, 0, "   Game      Variant  "
		    "White          Black          Res Reason         Rated  "
		    "Ended");
	if (room < 1)
		room = 1;
	first = l->sel >= room ? l->sel - room + 1 : 0;
	for (i = first, y = 2; i < l->n && y < 2 + room; i++, y++) {
		char line[200];
		snprintf(line, sizeof line, "%c%s", i == l->sel &&
		    l->games[i][0] != '\0' ? '>' : ' ', l->lines[i]);
		term_putw(y, 0, cols, i == l->sel && l->games[i][0] != '\0' ?
		    ST_CURSOR : ST_NORMAL, 0, line);
	}
	term_putw(rows - 2, 0, cols, ST_DIM, 0, strcmp(l->verb, "GAMES") == 0 ?
	    " Enter: the game's record, for review   Esc or q: close" :
	    " Esc or q: close");
	term_putw(rows - 1, 0, cols, a->s.msg.text[0] != '\0' ? a->s.msg.tone :
	    ST_DIM, 0, a->s.msg.text);
}

/* Enter on a game: its RECORD, gathered in a file session_load reads. */
static void
open_record(struct ui_app *a, struct ui_net_list *l)
{
	struct ui_net *u = a->net;
	char args[40];
	int fd;

	if (u->g->seat >= 0 && !game_over(&a->s.game) &&
	    strcmp(u->g->status, "finished") != 0) {
		session_msg(&a->s, SM_ERROR, "your game goes on: a record "
		    "opens once it is over");
		return;
	}
	if (l->rec != NULL)
		return;             /* one at a time */
	snprintf(l->recpath, sizeof l->recpath, "/tmp/congo-record-XXXXXX");
	fd = mkstemp(l->recpath);
	if (fd < 0 || (l->rec = fdopen(fd, "w")) == NULL) {
		if (fd >= 0)
			close(fd);
		session_msg(&a->s, SM_ERROR, "cannot keep the record");
		return;
	}
	snprintf(l->recgame, sizeof l->recgame, "%s", l->games[l->sel]);
	snprintf(args, sizeof args, "game=%s", l->recgame);
	if (net_client_query(u->c, "RECORD", args) < 0) {
		fclose(l->rec);
		l->rec = NULL;
		unlink(l->recpath);
		session_msg(&a->s, SM_ERROR, "not connected to the server");
		return;
	}
	session_msg(&a->s, SM_NORMAL, "asking for the record of %s...",
	    l->recgame);
}

void
ui_net_list_key(struct ui_app *a, const struct ui_event *ev)
{
	struct ui_net_list *l = a->net->list;

	a->s.dirty = true;
	if (l == NULL) {
		a->screen = SCR_BOARD;
		return;
	}
	switch (ev->key) {
	case UK_UP:
	case 'k':
		if (l->sel > 0)
			l->sel--;
		break;
	case UK_DOWN:
	case 'j':
		if (l->sel + 1 < l->n)
			l->sel++;
		break;
	case UK_ENTER:
		if (l->sel < l->n && l->games[l->sel][0] != '\0')
			open_record(a, l);
		break;
	case 'q':
	case UK_ESC:
		a->screen = l->back;
		break;
	default:
		break;
	}
	ui_net_events(a);
}
