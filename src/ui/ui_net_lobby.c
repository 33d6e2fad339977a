/*
 * ui_net_lobby.c: the lobby, drawn, and its keys: the challenges to you
 * and yours (accept, decline, withdraw), your games (back to one, from any
 * machine), the seeks, and the games on the server (LIST), to join a free
 * seat, watch, or create a game. Shown by `congo --connect HOST` when no
 * game is named. What it holds and asks is the session's
 * (session_net_lobby.c, session_net_mine.c, session_seek.c).
 */

#include <stdio.h>
#include <string.h>

#include "session/session_bots.h"
#include "session/session_net_mine.h"
#include "session/session_seek.h"
#include "session/session_tourney.h"
#include "ui/ui_net.h"
#include "util/util.h"
#include "util/i18n.h"

/* Rows of a part of the lobby from y, at most max, the chosen one (sel,
 * -1 none) in view; the next free row. */
static int
draw_rows(struct ui_app *a, int y, int max, int n, int sel,
    void (*line)(const struct ui_app *, int, char *, size_t))
{
	char text[200], row[220];
	int i, first = sel >= max ? sel - max + 1 : 0;

	for (i = first; i < n && i < first + max; i++, y++) {
		line(a, i, text, sizeof text);
		snprintf(row, sizeof row, " %c  %s", i == sel ? '>' : ' ', text);
		term_putw_words(y, 0, a->lay.cols, i == sel ? ST_CURSOR : ST_NORMAL,
		    0, row);
	}
	return y;
}

/* (the players' names fitted to their columns, 12 wide: a long one cut
 * with an ellipsis, the columns after it in place) */
static void
chal_line(const struct ui_app *a, int i, char *buf, size_t n)
{
	struct session_challenge c = a->s.net->mine.chal[i];

	term_cell(c.from, sizeof c.from, a->s.net->mine.chal[i].from, "", 12);
	term_cell(c.to, sizeof c.to, a->s.net->mine.chal[i].to, "", 12);
	session_challenge_line(&c, util_wall_ms(), buf, n);
}

static void
mine_line(const struct ui_app *a, int i, char *buf, size_t n)
{
	struct session_mine_game g = a->s.net->mine.games[i];

	term_cell(g.white, sizeof g.white, a->s.net->mine.games[i].white, "",
	    12);
	term_cell(g.black, sizeof g.black, a->s.net->mine.games[i].black, "",
	    12);
	session_mine_line(&g, util_wall_ms(), buf, n, true);
}

/* The challenges (when there are some) and your games (when logged in);
 * the next free row. */
static int
draw_mine(struct ui_app *a, int y)
{
	const struct session_net *g = a->s.net;
	const struct session_mine *m = &g->mine;
	char line[200];
	int cols = a->lay.cols, most = (a->lay.rows - 14) / 2;

	/* rows enough left for the seeks and the games below */
	if (most < 1)
		most = 1;

	if (m->nchal > 0) {
		/* (padded to display widths: "Défis" is 5 columns, 6
		 * bytes; Rated as wide as its column, session_rated_width) */
		snprintf(line, sizeof line, "   %-*s %-4s %-*s  %-*s  %-*s  "
		    "%-*s  %s", util_pad(_("Challenges"), 10), _("Challenges"),
		    "", util_pad(_("Player"), 12), _("Player"),
		    util_pad(_("Variant"), 8), _("Variant"),
		    util_pad(_("Clock"), 5), _("Clock"),
		    util_pad(_("Rated"), session_rated_width()), _("Rated"),
		    _("Stands"));
		term_putw_words(y++, 0, cols, ST_HEAD, 0, line);
		y = draw_rows(a, y, most < 4 ? most : 4, m->nchal,
		    m->chal_sel, chal_line);
	}
	if (g->account[0] == '\0')
		return y > 2 ? y + 1 : y;
	snprintf(line, sizeof line, "   %-*s %-*s  %-*s  %-*s  %-*s  %-*s  "
	    "%s",
	    /* TRANSLATORS: the lobby's column heads: at most as many
	     * letters as their columns hold (Your games, Turn: 10; Variant,
	     * Left: 8; White, Black: 12) */
	    util_pad(_("Your games"), 10), _("Your games"),
	    util_pad(_("Turn"), session_turn_width()), _("Turn"),
	    util_pad(_("Variant"), 8), _("Variant"),
	    util_pad(_("White"), 12), _("White"),
	    util_pad(_("Black"), 12), _("Black"),
	    util_pad(_("Left"), 8), _("Left"), _("Clock"));
	term_putw_words(y++, 0, cols, ST_HEAD, 0, line);
	if (m->n == 0)
		term_putw_words(y++, 0, cols, ST_DIM, 0, m->listed ?
		    _("   (none going on: s seeks a game, c creates one)") :
		    _("   (asking the server...)"));
	return draw_rows(a, y, most < 5 ? most : 5, m->n, m->sel,
	    mine_line) + 1;
}

/* The keys of the highlighted row, above the lobby's others. */
static const char *
row_keys(const struct ui_app *a)
{
	const struct session_mine *m = &a->s.net->mine;

	switch (session_lobby_part(&a->s)) {
	case LOBBY_CHAL:
		return m->chal[m->chal_sel].to_me ?
		    _(" Enter: accept the challenge   d: decline it") :
		    _(" Enter: wait in it for the answer   w: withdraw it");
	case LOBBY_MINE:
		return _(" Enter: back to this game (your account's seat, "
		    "from any machine)");
	default:
		return _(" Enter: accept the seek, take the free seat, back "
		    "to yours, or watch   o: watch");
	}
}

void
ui_lobby_draw(struct ui_app *a)
{
	struct ui_net *u = a->net;
	const struct session_lobby *l = &u->g->lobby;
	char line[256];
	int rows = a->lay.rows, cols = a->lay.cols, y, i, first, room, top;
	bool games = session_lobby_part(&a->s) == LOBBY_GAMES;

	snprintf(line, sizeof line, _(" Congo games on %.100s port %d  "
	    "(%.60s)"), u->g->host, u->g->port,
	    _(u->g->conn[0] != '\0' ? u->g->conn : "offline"));
	term_putw_words(0, 0, cols, ST_STATUS, 0, line);
	/* (too long, its key in parentheses goes whole, never a part) */
	if (session_seek_line(&a->s, util_now_ms(), line, sizeof line))
		term_putw_title(1, 0, cols, ST_HEAD, TA_BOLD, line);
	if (u->g->tourney != NULL && u->g->tourney->open) {
		ui_lobby_tourney_draw(a, 2);
		ui_message_put(rows - 1, cols, a->s.msg.text, a->s.msg.text[0] !=
		    '\0' ? a->s.msg.tone : ST_DIM);
		return;
	}
	if (u->g->bots.open) {
		ui_lobby_bots_draw(a, 2);
		ui_message_put(rows - 1, cols, a->s.msg.text, a->s.msg.text[0] !=
		    '\0' ? a->s.msg.tone : ST_DIM);
		return;
	}
	y = u->g->seek.form.open ? 2 : draw_mine(a, 2);
	y = ui_lobby_seeks_draw(a, y);
	if (y >= rows - 1) {
		/* the seek dialog */
		ui_message_put(rows - 1, cols, a->s.msg.text, a->s.msg.text[0] !=
		    '\0' ? a->s.msg.tone : ST_DIM);
		return;
	}
	term_putw_words(y++, 0, cols, ST_HEAD, 0,
	    /* TRANSLATORS: the lobby's column heads over " %-8s  %-8.8s
	     * %-6.6s  %-16.16s %-16.16s %4d  %s": keep each over its column */
	    _("   Game      Variant   Clock   White            Black"
	    "            Ply  Status"));
	room = rows - 4 - y;
	if (room < 1)
		room = 1;
	first = l->sel >= room ? l->sel - room + 1 : 0;
	top = y;
	if (l->n == 0)
		term_putw_words(y, 0, cols, ST_DIM, 0, l->listing ?
		    _("   (asking the server...)") : l->listed ?
		    _("   (no games yet: c creates one)") :
		    _("   (not connected)"));
	for (i = first; i < l->n && y < top + room; i++, y++) {
		const struct session_lobby_game *it = &l->games[i];
		char wn[80], bn[80];
		/* Guests marked as such: name(guest); a long name cut with
		 * an ellipsis, never its mark. */
		term_cell(wn, sizeof wn, it->white, it->guest[0] &&
		    strcmp(it->white, "-") != 0 ? _("(guest)") : "", 16);
		term_cell(bn, sizeof bn, it->black, it->guest[1] &&
		    strcmp(it->black, "-") != 0 ? _("(guest)") : "", 16);
		snprintf(line, sizeof line, " %c %-8s  %-8.8s  %-6.6s  "
		    "%s %s %4d  %s%s%s%s", i == l->sel &&
		    games ? '>' : ' ',
		    it->game, it->variant, it->clock, wn, bn,
		    it->ply, session_status_shown(it->status),
		    it->result[0] != '\0' ? " " : "",
		    it->result, it->mine == WHITE ? _("  (yours, White)") :
		    it->mine == BLACK ? _("  (yours, Black)") : "");
		term_putw_words(y, 0, cols, i == l->sel && games ? ST_CURSOR :
		    ST_NORMAL, 0, line);
	}
	term_putw_items(rows - 3, 0, cols, ST_DIM, 0, row_keys(a));
	term_putw_items(rows - 2, 0, cols, ST_DIM, 0,
	    _(" s: seek  b: the computer  T: tournaments  c: create  C: as "
	    "Black  t: best  g: games played  r: refresh  : command  ?: help  "
	    "q: quit"));
	if (a->in.cmdline)
		ui_message_line(a);
	else
		ui_message_put(rows - 1, cols, a->s.msg.text, a->s.msg.text[0] !=
		    '\0' ? a->s.msg.tone : ST_DIM);
}

/* The commands of the lobby's command line: the lists, a challenge, the
 * help, the log, the screen's own, and quit. */
static bool
lobby_command(enum session_cmd_type t)
{
	switch (t) {
	case CMD_WHOIS:
	case CMD_TOP:
	case CMD_GAMES:
	case CMD_CHALLENGE:
	case CMD_CREATE:
	case CMD_HELP:
	case CMD_LOG:
	case CMD_REDRAW:
	case CMD_UNICODE:
	case CMD_QUIT_NOW:
		return true;
	default:
		return false;
	}
}

/* The command line, as on the board, with the lobby's commands. */
static void
cmdline_key(struct ui_app *a, const struct ui_event *ev)
{
	const char *nomove = _("this is the lobby: a game's moves are played "
	    "in its game");
	const struct session_cmd_entry *e;
	struct session_cmd cmd;

	if (!app_cmdline_key(a, ev, game_board(&a->s.game), nomove, &cmd))
		return;
	if (cmd.type == CMD_MOVE || cmd.type == CMD_MOVE_NOW) {
		session_msg(&a->s, SM_ERROR, "%s", nomove);
		return;
	}
	if (!lobby_command(cmd.type)) {
		e = session_cmd_entry(cmd.type);
		session_msg(&a->s, SM_ERROR, _(":%s: not in the lobby (here: "
		    ":create, :challenge, :whois, :top, :games, :help, :log, :quit)"),
		    e != NULL && e->name != NULL ? e->name : "?");
		return;
	}
	app_command(a, &cmd);
}

void
ui_lobby_key(struct ui_app *a, const struct ui_event *ev)
{
	enum session_lobby_part part = session_lobby_part(&a->s);

	a->s.dirty = true;
	if (a->in.cmdline) {
		cmdline_key(a, ev);
		session_net_events(&a->s);
		return;
	}
	a->s.msg.text[0] = '\0';
	if (a->s.net->bots.open) {
		ui_lobby_bots_key(a, ev);
		session_net_events(&a->s);
		return;
	}
	if (a->s.net->tourney != NULL && a->s.net->tourney->open) {
		ui_lobby_tourney_key(a, ev);
		session_net_events(&a->s);
		return;
	}
	if (!a->s.net->seek.form.open) {
		/* Up and Down over every part; a challenge's and your games'
		 * own keys */
		switch (ev->key) {
		case UK_UP:
		case 'k':
		case UK_DOWN:
		case 'j':
			session_lobby_step(&a->s, ev->key == UK_UP ||
			    ev->key == 'k' ? -1 : 1);
			return;
		case 'd':
		case 'w':
			session_mine_decline(&a->s, ev->key == 'w');
			session_net_events(&a->s);
			return;
		case UK_ENTER:
		case ' ':
			if (part != LOBBY_CHAL && part != LOBBY_MINE)
				break;
			session_mine_open(&a->s);
			session_net_events(&a->s);
			return;
		case ':':
			ui_input_cmdline_open(&a->in, "", false);
			return;
		case '?':
			app_screen_over(a, SCR_HELP);
			return;
		case 'm':       /* the log: a message cut "... (m)" whole */
			app_screen_over(a, SCR_LOG);
			return;
		default:
			break;
		}
	}
	if (ui_lobby_seeks_key(a, ev)) {
		session_net_events(&a->s);
		return;
	}
	switch (ev->key) {
	case 'r':
		session_lobby_refresh(&a->s);
		break;
	case 'b':       /* play the computer: its screen (ui_net_bots.c) */
		session_bots_open(&a->s);
		break;
	case 'T':       /* the tournaments: their screen (ui_net_tourney.c) */
		session_tourney_open(&a->s);
		break;
	case 'c':
	case 'C':
		session_lobby_create(&a->s, ev->key == 'c' ? WHITE : BLACK);
		break;
	case UK_ENTER:
	case ' ':
	case 'o':
		session_lobby_open(&a->s, ev->key == 'o');
		break;
	case 'q':
	case UK_ESC:
		if (session_seek_cancel(&a->s, ev->key == 'q'))
			break;
		a->s.quit = true;
		break;
	default:
		break;
	}
	session_net_events(&a->s);
}
