/*
 * ui_net_play.c: the remote side as a player, the server's events applied
 * to the game on screen, and the commands that go to the server (resign,
 * draw) or make no sense in a network game (undo, new, load).
 */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/notation.h"
#include "net/client/client.h"
#include "ui/ui_net.h"
#include "util/util.h"

static const char *const side_name[2] = { "White", "Black" };

/* ---- the remote player ---- */

static void
remote_move_played(struct session *s, struct session_player *p, move_t m)
{
	struct ui_net *u = p->priv;
	char text[MOVE_TEXT_MAX], err[160];
	int ply = s->game.nply - 1, mover;

	if (u->applying || ply < 0)
		return;
	mover = s->game.pos[ply].side;
	/* Only a move of our own seat goes to the server, once. */
	if (mover == p->color || mover != u->seat)
		return;
	notation_write(m, text, sizeof text);
	if (net_client_move(u->c, ply, text, err, sizeof err) < 0)
		session_msg(s, SM_ERROR, "%s", err);
}

static int
remote_pollfd(struct session_player *p)
{
	struct ui_net *u = p->priv;

	return u->c != NULL ? net_client_fd(u->c) : -1;
}

static void
remote_readable(struct session *s, struct session_player *p)
{
	struct ui_net *u = p->priv;

	(void)s;
	if (u->c == NULL)
		return;
	net_client_io(u->c, POLLIN | POLLHUP, util_now_ms());
	ui_net_events(u->app);
}

static void
remote_describe(const struct session_player *p, char *buf, size_t n)
{
	const struct ui_net *u = p->priv;
	int c = p->color;

	if (!u->seated[c])
		snprintf(buf, n, "(free seat)");
	else
		snprintf(buf, n, "%s (%s)", u->names[c], !u->present[c] ?
		    "away" : u->seat >= 0 ? "network" : "playing");
}

static const struct session_player_ops remote_ops = {
	.kind = "remote",
	.move_played = remote_move_played,
	.pollfd = remote_pollfd,
	.readable = remote_readable,
	.describe = remote_describe,
};

struct session_player *
ui_net_remote_new(struct ui_net *u, int color)
{
	struct session_player *p = xcalloc(1, sizeof *p);

	p->ops = &remote_ops;
	p->color = color;
	p->priv = u;
	return p;
}

/* The local seat keeps the configured player (a human unless --white or
 * --black said otherwise); the other seat, or both when watching, remote. */
void
ui_net_install(struct ui_app *a, int seat)
{
	struct ui_net *u = a->net;
	struct session_player *p;
	char err[160];
	int c;

	if (u->installed == seat)
		return;
	for (c = 0; c < 2; c++) {
		if (c == seat) {
			struct player_conf pc = c == WHITE ? a->s.conf.white :
			    a->s.conf.black;
			if (!u->local_given[c])
				snprintf(pc.type, sizeof pc.type, "human");
			p = session_player_new(&pc, c, err, sizeof err);
		} else
			p = ui_net_remote_new(u, c);
		if (p == NULL)
			continue;
		session_install_player(&a->s, c, p);
	}
	u->installed = seat;
	u->seat = seat;
	/* A local AI waits until the game has begun. */
	u->waiting_ai = seat >= 0 && a->s.player[seat]->thinks;
	if (u->waiting_ai)
		a->s.paused = true;
	app_set_flip_default(a);
	a->s.dirty = true;
}

/* The game on screen becomes the server's (the mirror). */
void
ui_net_adopt(struct ui_app *a)
{
	const struct game *m = net_client_game(a->net->c);
	char err[160];
	int i, c;

	if (m == NULL)
		return;
	session_cancel_turns(&a->s);
	if (a->s.have_game)
		game_free(&a->s.game);
	/* The server decides draws: its rules, not ours. */
	game_init(&a->s.game, &m->pos[0], &m->rules);
	a->s.have_game = true;
	for (i = 0; i < m->nply; i++)
		if (game_play(&a->s.game, m->moves[i], err, sizeof err) < 0)
			break;
	a->s.game.result = m->result;
	a->s.game.reason = m->reason;
	a->s.start = m->pos[0];
	for (c = 0; c < 2; c++)
		if (a->s.player[c]->ops->reset != NULL)
			a->s.player[c]->ops->reset(&a->s, a->s.player[c]);
	a->s.review = -1;
	a->s.serial++;
	a->s.reset_serial++;
	a->s.held = MOVE_NONE;
	a->s.last_move_at = util_now_ms();
	a->s.result_why[0] = '\0';
	a->net->synced = true;
	a->s.dirty = true;
}

static bool
game_on(const struct ui_net *u)
{
	return strcmp(u->status, "active") == 0 && u->synced;
}

/* A local AI that waited for the opponent may start. */
static void
maybe_start(struct ui_app *a)
{
	struct ui_net *u = a->net;

	if (u->waiting_ai && game_on(u)) {
		u->waiting_ai = false;
		a->s.paused = false;
	}
	session_turn(&a->s);
}

/* A move the server sent: play it here unless we have it. */
static void
remote_move(struct ui_app *a, const struct net_event *e)
{
	char err[160], mine[MOVE_TEXT_MAX];
	move_t m;

	if (e->ply < a->s.game.nply) {
		/* Ours, echoed: it must be the same, else take the server's. */
		notation_write(a->s.game.moves[e->ply], mine, sizeof mine);
		if (strcmp(mine, e->move) != 0)
			ui_net_adopt(a);
		return;
	}
	if (e->ply > a->s.game.nply ||
	    notation_read(game_board(&a->s.game), e->move, &m, err,
	    sizeof err) < 0) {
		ui_net_adopt(a);
		session_turn(&a->s);
		return;
	}
	a->net->applying = true;
	session_play(&a->s, m, true);
	a->net->applying = false;
}

/* The game ended (e: the RESULT, with the server's reason; NULL: a game
 * found over when synchronised). */
static void
result(struct ui_app *a, const struct net_event *e)
{
	const struct game *m = net_client_game(a->net->c);
	char text[96];

	if (e != NULL && strcmp(e->reason, "cancelled") == 0) {
		session_cancel_turns(&a->s);
		snprintf(a->net->status, sizeof a->net->status, "finished");
		a->net->cancelled = true;
		snprintf(a->s.result_why, sizeof a->s.result_why,
		    "Game cancelled");
		session_msg(&a->s, SM_GOOD, "the game is cancelled (q quits)");
		return;
	}
	if (m == NULL || m->result == RESULT_NONE)
		return;
	if (a->s.game.nply != m->nply)
		ui_net_adopt(a);
	session_cancel_turns(&a->s);
	a->s.game.result = m->result;
	a->s.game.reason = m->reason;
	/* reasons of the server's that the rules do not have */
	if (e != NULL && (strcmp(e->reason, "time") == 0 ||
	    strcmp(e->reason, "abandoned") == 0) &&
	    m->result != RESULT_DRAW)
		snprintf(a->s.result_why, sizeof a->s.result_why, "%s %s",
		    side_name[m->result == RESULT_WHITE_WINS],
		    e->reason[0] == 't' ? "lost on time" :
		    "abandoned the game");
	snprintf(a->net->status, sizeof a->net->status, "finished");
	a->net->offer = -1;
	a->net->gone_at = 0;
	session_result_text(&a->s, text, sizeof text);
	session_msg(&a->s, SM_GOOD, "%s (%sq quits)", text,
	    a->net->seat >= 0 ? "r or :rematch asks for another game, " : "");
}

static void
on_status(struct ui_app *a, const struct net_event *e)
{
	static const char *const names[] = { "offline", "connecting",
		"online", "reconnecting", "offline" };

	bool again = strcmp(a->net->conn, "reconnecting") == 0 ||
	    strcmp(a->net->conn, "connecting") == 0;

	snprintf(a->net->conn, sizeof a->net->conn, "%s",
	    names[e->state >= 0 && e->state <= NET_CLOSED ? e->state : 0]);
	if (e->state == NET_ONLINE) {
		a->net->reached = true;
		if (a->net->leaving) {
			a->net->leaving = false;
			a->net->listed = false;
			a->net->listing = false;
			return;
		}
	}
	if (a->net->leaving && e->state == NET_RETRY)
		return;         /* the new connection on its way */
	if ((e->state == NET_RETRY || e->state == NET_CLOSED) &&
	    !a->net->reached && !a->net->thread) {
		/* Never reached: a wrong address or a server that is not
		 * running; waiting for ever would be a dead end. */
		const char *why = net_client_why(a->net->c);
		if (why[0] != '\0')
			snprintf(a->exit_msg, sizeof a->exit_msg, "%.200s",
			    why);
		else
			snprintf(a->exit_msg, sizeof a->exit_msg, "cannot "
			    "reach %.100s port %d", a->net->host,
			    a->net->port);
		a->exit_status = 1;
		a->s.quit = true;
		return;
	}
	if (e->state == NET_RETRY || e->state == NET_CLOSED)
		session_msg(&a->s, SM_ERROR, "%s", e->text);
	else if (e->state == NET_ONLINE && again && a->s.msg.tone == SM_ERROR)
		session_msg(&a->s, SM_GOOD, "%s", e->text);
	else if (e->state == NET_ONLINE && a->screen == SCR_LOBBY) {
		a->net->listed = false;
		a->net->listing = false;
	}
}

static void
on_seated(struct ui_app *a, const struct net_event *e)
{
	struct ui_net *u = a->net;
	bool first = strcmp(u->announced, e->game) != 0;

	ui_net_install(a, e->seat);
	a->screen = SCR_BOARD;
	if (!first)
		return;
	snprintf(u->announced, sizeof u->announced, "%s", e->game);
	if (u->thread) {
		char cmd[160];
		ui_net_friend_command(u, 0, e->game, cmd, sizeof cmd);
		/* the whole command on the message line (the panel has the
		 * game and the colours); :info lists every address */
		session_msg(&a->s, SM_GOOD, "Your friend runs: %s%s", cmd,
		    u->naddrs > 1 ? "  (:info)" : "");
	} else
		session_msg(&a->s, SM_GOOD, "Game %s on %s: you play %s", e->game,
		    u->host, e->seat == WHITE ? "White" : "Black");
}

static void
on_state(struct ui_app *a, const struct net_event *e)
{
	struct ui_net *u = a->net;

	snprintf(u->names[WHITE], sizeof u->names[WHITE], "%s", e->white);
	snprintf(u->names[BLACK], sizeof u->names[BLACK], "%s", e->black);
	u->seated[WHITE] = strcmp(e->white, "-") != 0;
	u->seated[BLACK] = strcmp(e->black, "-") != 0;
	u->present[WHITE] = e->wpresent;
	u->present[BLACK] = e->bpresent;
	if (u->seat >= 0 && u->present[1 - u->seat])
		u->gone_at = 0;
	else if (u->seat >= 0 && u->seated[1 - u->seat] && u->gone_at == 0)
		u->gone_at = util_now_ms();
	u->offer = e->draw;
	snprintf(u->status, sizeof u->status, "%s", e->status);
	a->s.dirty = true;
}

static void
on_draw(struct ui_app *a, const struct net_event *e, int opp)
{
	struct ui_net *u = a->net;

	if (strcmp(e->action, "offer") == 0) {
		u->offer = e->side;
		if (e->side == opp)
			session_msg(&a->s, SM_GOOD, "%s offers a draw: :draw "
			    "accepts, a move declines", side_name[e->side]);
		return;
	}
	u->offer = -1;
	if (e->side == opp)
		session_msg(&a->s, SM_NORMAL, "%s declines the draw",
		    side_name[e->side]);
}

static void
on_joined(struct ui_app *a, const struct net_event *e, int opp)
{
	struct ui_net *u = a->net;

	if (e->seat < 0)
		return;
	u->seated[e->seat] = true;
	u->present[e->seat] = true;
	snprintf(u->names[e->seat], sizeof u->names[e->seat], "%s", e->name);
	if (e->seat != opp)
		return;
	snprintf(u->status, sizeof u->status, "active");
	session_msg(&a->s, SM_GOOD, "%s joins as %s", e->name,
	    side_name[e->seat]);
	maybe_start(a);
}

static void
on_presence(struct ui_app *a, const struct net_event *e, int opp)
{
	struct ui_net *u = a->net;

	if (e->seat < 0)
		return;
	u->present[e->seat] = strcmp(e->presence, "gone") != 0;
	if (e->seat == opp) {
		u->gone_at = u->present[opp] ? 0 : util_now_ms();
		u->claim_told = false;
	}
	if (e->seat == u->seat && strcmp(e->presence, "replaced") == 0)
		session_msg(&a->s, SM_ERROR, "your seat was taken over from "
		    "elsewhere");
	else if (e->seat == opp)
		session_msg(&a->s, SM_NORMAL, "opponent %s",
		    u->present[e->seat] ? "is back" : "disconnected");
}

static void
on_list(struct ui_net *u, const struct net_event *e)
{
	struct ui_lobby_item *it;

	if (u->nitems >= UI_LOBBY_MAX)
		return;
	it = &u->items[u->nitems++];
	snprintf(it->game, sizeof it->game, "%s", e->game);
	snprintf(it->white, sizeof it->white, "%s", e->white);
	snprintf(it->black, sizeof it->black, "%s", e->black);
	snprintf(it->status, sizeof it->status, "%s", e->status);
	snprintf(it->result, sizeof it->result, "%s", e->result);
	snprintf(it->variant, sizeof it->variant, "%s",
	    e->variant[0] != '\0' ? e->variant : "congo");
	snprintf(it->clock, sizeof it->clock, "%s",
	    e->clock[0] != '\0' ? e->clock : "-");
	it->ply = e->ply;
}

/* A chat line: kept for the panel, shown on the message line. */
static void
on_said(struct ui_app *a, const struct net_event *e)
{
	struct ui_net *u = a->net;
	const char *who = e->side >= 0 && u->names[e->side][0] != '\0' ?
	    u->names[e->side] : side_name[e->side == BLACK];

	if (u->nchat == UI_CHAT_MAX) {
		memmove(u->chat[0], u->chat[1], sizeof u->chat[0] *
		    (UI_CHAT_MAX - 1));
		u->nchat--;
	}
	snprintf(u->chat[u->nchat++], sizeof u->chat[0], "%.31s: %.120s",
	    who, e->text);
	/* One's own line came back: "you say: ..." is in the log already. */
	if (u->seat >= 0 && e->side == u->seat)
		return;
	session_msg(&a->s, SM_GOOD, "%s says: %s", who, e->text);
}

/* Both asked for a rematch: the new game, colours swapped; its STATE and
 * history follow (NEV_SYNC adopts them). */
static void
on_rematched(struct ui_app *a, const struct net_event *e)
{
	struct ui_net *u = a->net;
	const char *id = net_client_game_id(u->c);

	snprintf(u->status, sizeof u->status, "active");
	u->offer = -1;
	u->cancelled = false;
	u->gone_at = 0;
	u->claim_told = false;
	u->synced = false;
	u->installed = -2;        /* the seat may be the other colour */
	ui_net_install(a, e->seat);
	snprintf(u->announced, sizeof u->announced, "%s", id);
	a->s.game.result = RESULT_NONE;
	session_msg(&a->s, SM_GOOD, "rematch: game %s, you play %s", id,
	    e->seat == BLACK ? "Black" : "White");
}

/* One event of the server applied to the game on screen. */
static void
on_event(struct ui_app *a, const struct net_event *e)
{
	struct ui_net *u = a->net;
	int opp = u->seat >= 0 ? 1 - u->seat : -1;

	if (ui_net_acct_event(a, e))
		return;
	switch (e->kind) {
	case NEV_STATUS:
		on_status(a, e);
		break;
	case NEV_SEATED:
		on_seated(a, e);
		break;
	case NEV_OBSERVING:
		ui_net_install(a, -1);
		a->screen = SCR_BOARD;
		session_msg(&a->s, SM_GOOD, "watching game %s", e->game);
		break;
	case NEV_SYNC:
		ui_net_adopt(a);
		if (game_over(&a->s.game))
			result(a, NULL);
		maybe_start(a);
		break;
	case NEV_STATE:
		u->cli_join = false;  /* joined: a later refusal is a message */
		on_state(a, e);
		maybe_start(a);
		break;
	case NEV_MOVE: {
		/* A move declines the draw the other side offered: the
		 * offerer is told (no DRAW decline comes then), after what
		 * the move did. */
		bool declined = u->offer >= 0 && u->offer == u->seat &&
		    e->side == opp;
		u->offer = u->offer == e->side ? u->offer : -1;
		remote_move(a, e);
		if (declined)
			session_msg(&a->s, SM_NORMAL, "%s declines the draw "
			    "(a move instead)", side_name[e->side]);
		break;
	}
	case NEV_MOVE_OK:
		break;
	case NEV_RESULT:
		result(a, e);
		ui_net_rating_change(a, e);
		break;
	case NEV_DRAW:
		on_draw(a, e, opp);
		break;
	case NEV_JOINED:
		on_joined(a, e, opp);
		break;
	case NEV_PRESENCE:
		on_presence(a, e, opp);
		break;
	case NEV_LIST:
		on_list(u, e);
		break;
	case NEV_LIST_END:
		u->listing = false;
		u->listed = true;
		if (u->sel >= u->nitems)
			u->sel = u->nitems > 0 ? u->nitems - 1 : 0;
		break;
	case NEV_ERROR:
		if (u->cli_join && strcmp(e->verb, "JOIN") == 0) {
			/* A game never joined: nothing to wait for. */
			snprintf(a->exit_msg, sizeof a->exit_msg,
			    "cannot join: %.200s", e->text);
			a->exit_status = 1;
			a->s.quit = true;
			break;
		}
		if (e->code == 428) {
			session_msg(&a->s, SM_ERROR, "too early to claim: the "
			    "server allows it in %ld s", e->left);
			break;
		}
		session_msg(&a->s, SM_ERROR, "%s%s%s", e->verb,
		    e->verb[0] != '\0' ? ": " : "", e->text);
		break;
	case NEV_SAID:
		on_said(a, e);
		break;
	case NEV_REMATCH:
		if (e->side != u->seat)
			session_msg(&a->s, SM_GOOD, "%s asks for a rematch: r "
			    "or :rematch accepts", side_name[e->side == BLACK]);
		break;
	case NEV_REMATCHED:
		on_rematched(a, e);
		break;
	default:                /* ui_net_acct.c's */
		break;
	}
}

void
ui_net_events(struct ui_app *a)
{
	struct ui_net *u = a->net;
	struct net_event e;

	while (u->c != NULL && net_client_next(u->c, &e)) {
		a->s.dirty = true;
		on_event(a, &e);
	}
	/* The lobby asks for the list once online. */
	if (u->c != NULL && a->screen == SCR_LOBBY && !u->listing &&
	    !u->listed && net_client_state(u->c) == NET_ONLINE) {
		u->nitems = 0;
		if (net_client_list(u->c, NULL) == 0)
			u->listing = true;
	}
}

/* ---- hooks ---- */

const char *
ui_net_nomove(const struct ui_app *a)
{
	const struct ui_net *u = a->net;
	int side = game_board(&a->s.game)->side;

	if (!u->on || side != u->seat)
		return NULL;
	if (!u->synced)
		return "waiting for the server";
	if (u->cancelled)
		return "the game is cancelled";
	if (strcmp(u->status, "open") == 0)
		return "waiting for an opponent to join";
	if (net_client_pending(u->c) >= 0)
		return "waiting for the server to take your move";
	return NULL;
}

const char *
ui_net_noanalysis(const struct ui_app *a)
{
	const struct ui_net *u = a->net;

	if (u == NULL || !u->on || u->seat < 0 || game_over(&a->s.game))
		return NULL;
	return "not allowed in a network game";
}

/* q while watching a game chosen in the lobby: the lobby again. */
static void
back_to_lobby(struct ui_app *a)
{
	struct ui_net *u = a->net;

	u->from_lobby = false;
	u->leaving = true;
	u->synced = false;
	u->nchat = 0;
	u->offer = -1;
	u->status[0] = '\0';
	u->announced[0] = '\0';
	u->listed = u->listing = false;
	u->nitems = 0;
	net_client_leave(u->c, util_now_ms());
	a->screen = SCR_LOBBY;
	session_msg(&a->s, SM_NORMAL, "back to the lobby");
}

/* Why a seated player's game command cannot go now, or NULL. */
static const char *
not_seated(const struct ui_net *u, const struct ui_app *a, bool over_ok)
{
	if (u->seat < 0)
		return "you are watching";
	if (!over_ok && game_over(&a->s.game))
		return "the game is over";
	return NULL;
}

/* The commands of a network game: sent to the server, or refused. */
static bool
online_command(struct ui_app *a, const struct session_cmd *cmd)
{
	struct ui_net *u = a->net;
	const char *why = NULL;
	char err[160];
	int rc = 0;

	switch (cmd->type) {
	case CMD_SAY:
		if ((why = not_seated(u, a, true)) == NULL &&
		    (why = ui_net_say_refused(cmd->arg, err, sizeof err)) ==
		    NULL &&
		    (rc = net_client_say(u->c, cmd->arg, err, sizeof err)) == 0)
			session_msg(&a->s, SM_NORMAL, "you say: %s", cmd->arg);
		break;
	case CMD_REMATCH:
		if ((why = not_seated(u, a, true)) == NULL && !game_over(
		    &a->s.game))
			why = "the game is not over";
		else if (why == NULL && (rc = net_client_rematch(u->c, err,
		    sizeof err)) == 0)
			session_msg(&a->s, SM_NORMAL, "rematch asked: the new "
			    "game starts when your opponent asks too");
		break;
	case CMD_CLAIM:
		if ((why = not_seated(u, a, false)) == NULL &&
		    (rc = net_client_claim(u->c, err, sizeof err)) == 0)
			session_msg(&a->s, SM_NORMAL, "claim sent");
		break;
	case CMD_CANCEL:
		/* An open game, or an abort before both sides moved. */
		if ((why = not_seated(u, a, false)) == NULL &&
		    strcmp(u->status, "open") != 0 &&
		    (strcmp(u->status, "active") != 0 || a->s.game.nply >= 2))
			why = "both sides have moved: the game can no longer "
			    "be cancelled (:resign ends it)";
		else if (why == NULL && (rc = net_client_cancel(u->c, err,
		    sizeof err)) == 0)
			session_msg(&a->s, SM_NORMAL, "cancelling the game");
		break;
	case CMD_INFO:
		ui_net_info(a);
		return true;
	default:
		return false;
	}
	if (why != NULL)
		session_msg(&a->s, SM_ERROR, ":%s: %s", cmd->type == CMD_SAY ?
		    "say" : cmd->type == CMD_REMATCH ? "rematch" :
		    cmd->type == CMD_CLAIM ? "claim" : "cancel", why);
	else if (rc < 0)
		session_msg(&a->s, SM_ERROR, "%s", err);
	return true;
}

bool
ui_net_command(struct ui_app *a, const struct session_cmd *cmd)
{
	struct ui_net *u = a->net;
	char err[160];

	if (!u->on)
		return false;
	if (ui_net_acct_command(a, cmd) || online_command(a, cmd))
		return true;
	switch (cmd->type) {
	case CMD_QUIT:
		if (u->from_lobby && u->seat < 0) {
			back_to_lobby(a);
			return true;
		}
		if (!u->thread || u->seat < 0 || !u->seated[1 - u->seat] ||
		    game_over(&a->s.game))
			return false;
		{
			char q[160];
			snprintf(q, sizeof q, "Quit this game? This machine "
			    "serves it: your friend's game stops with it "
			    "(congo --host --game %s resumes it)",
			    u->announced[0] != '\0' ? u->announced : "ID");
			session_ask(&a->s, q, CMD_QUIT_NOW, NULL);
		}
		return true;
	case CMD_UNDO:
	case CMD_REDO:
	case CMD_NEW:
	case CMD_NEW_NOW:
	case CMD_LOAD:
	case CMD_PROMPT_LOAD:
	case CMD_WHITE:
	case CMD_BLACK:
	case CMD_CONTINUE:
	case CMD_CONTINUE_NOW:
	case CMD_LEARN:
	case CMD_PUZZLE:
	case CMD_EDIT:
		session_msg(&a->s, SM_ERROR, "not allowed in a network game");
		return true;
	case CMD_PAUSE:
	case CMD_STEP:
	case CMD_FASTER:
	case CMD_SLOWER:
	case CMD_DELAY:
		/* the moves come when the players make them, and the
		 * server's clock runs on: a pause would only stop us */
		session_msg(&a->s, SM_ERROR, "not allowed in a network game: "
		    "moves are shown as they are played");
		return true;
	case CMD_FEN:
	case CMD_CLOCK:
		if (cmd->arg[0] == '\0')
			return false;
		session_msg(&a->s, SM_ERROR, "not allowed in a network game");
		return true;
	case CMD_RESIGN:
		if (u->seat < 0 || game_over(&a->s.game)) {
			session_msg(&a->s, SM_ERROR, u->seat < 0 ? "you are "
			    "watching" : "the game is over");
			return true;
		}
		session_ask(&a->s, "Resign this game?", CMD_RESIGN_NOW, NULL);
		return true;
	case CMD_RESIGN_NOW:
		if (net_client_resign(u->c, err, sizeof err) < 0)
			session_msg(&a->s, SM_ERROR, "%s", err);
		return true;
	case CMD_DRAW:
		if (u->seat < 0 || game_over(&a->s.game)) {
			session_msg(&a->s, SM_ERROR, u->seat < 0 ? "you are "
			    "watching" : "the game is over");
			return true;
		}
		if (net_client_draw(u->c, u->offer == 1 - u->seat ? "accept" :
		    "offer", err, sizeof err) < 0)
			session_msg(&a->s, SM_ERROR, "%s", err);
		else if (u->offer != 1 - u->seat)
			session_msg(&a->s, SM_NORMAL, "draw offered");
		return true;
	default:
		break;
	}
	return false;
}
