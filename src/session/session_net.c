/*
 * session_net.c: the network game in the session: the remote side as a
 * player (beside the local AI), and the server's events, read through the
 * net client, applied to the game. The commands that go to the server are
 * in session_net_cmd.c.
 */

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/notation.h"
#include "net/client/client.h"
#include "session/session_bots.h"
#include "session/session_net.h"
#include "session/session_net_corr.h"
#include "session/session_net_list.h"
#include "session/session_net_mine.h"
#include "session/session_player.h"
#include "session/session_seek.h"
#include "session/session_tourney.h"
#include "util/util.h"
#include "util/i18n.h"

static const char *const side_name[2] = { N_("White"), N_("Black") };

/* ---- the remote player ---- */

static void
remote_move_played(struct session *s, struct session_player *p, move_t m)
{
	struct session_net *u = s->net;
	char text[MOVE_TEXT_MAX], err[160];
	int ply = s->game.nply - 1, mover;

	(void)p;
	if (u == NULL || u->applying || ply < 0)
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
	struct session *s = p->priv;

	return s->net != NULL && s->net->c != NULL ?
	    net_client_fd(s->net->c) : -1;
}

static void
remote_readable(struct session *s, struct session_player *p)
{
	(void)p;
	if (s->net == NULL || s->net->c == NULL)
		return;
	net_client_io(s->net->c, POLLIN | POLLHUP, util_now_ms());
	session_net_events(s);
}

const char *
session_net_shown(const char *name, bool guest, char *buf, size_t n)
{
	const char *mark = _("(guest)");
	size_t len = strlen(name), m = strlen(mark);

	if (!guest || name[0] == '\0' || strcmp(name, "-") == 0 ||
	    (len > m && strcmp(name + len - m, mark) == 0))
		return name;
	snprintf(buf, n, "%s%s", name, mark);
	return buf;
}

/* Seat c's name as a record keeps it: no words of a language ("?" a
 * free seat). */
static void
seat_name(const struct session_net *u, int c, char *buf, size_t n)
{
	snprintf(buf, n, "%s", u != NULL && u->seated[c] &&
	    u->names[c][0] != '\0' ? u->names[c] : "?");
}

bool
session_net_own_name(const struct session *s, int c, char *buf, size_t n)
{
	const struct session_net *u = s->net;
	char shown[64];

	if (u == NULL || !u->on || u->rec.on || u->seat != c ||
	    c < 0 || c > 1 || !u->seated[c] || u->names[c][0] == '\0' ||
	    strcmp(u->names[c], "-") == 0)
		return false;
	snprintf(buf, n, "%s", session_net_shown(u->names[c], u->guest[c],
	    shown, sizeof shown));
	return true;
}

bool
session_net_record_names(const struct session *s, char *white,
    char *black, size_t n)
{
	const struct session_net *u = s->net;

	if (u == NULL || !u->on || u->rec.on)
		return false;
	seat_name(u, WHITE, white, n);
	seat_name(u, BLACK, black, n);
	return true;
}

static void
remote_describe(const struct session_player *p, char *buf, size_t n)
{
	const struct session *s = p->priv;

	seat_name(s->net, p->color, buf, n);
}

/* As the panel shows it: with the seat's state, in the user's language. */
static void
remote_label(const struct session_player *p, char *buf, size_t n)
{
	const struct session *s = p->priv;
	const struct session_net *u = s->net;
	char shown[48];
	int c = p->color;

	if (u == NULL || !u->seated[c])
		snprintf(buf, n, "%s", _("(free seat)"));
	else
		/* A bot's title after its name (not translated: as
		 * lichess; issue 59). */
		snprintf(buf, n, "%s%s (%s)", session_net_shown(u->names[c],
		    u->guest[c], shown, sizeof shown), u->bot[c] ? " BOT" : "",
		    !u->present[c] ?
		    _("away") : u->seat >= 0 ? _("network") : _("playing"));
}

static const struct session_player_ops remote_ops = {
	.kind = "remote",
	.move_played = remote_move_played,
	.pollfd = remote_pollfd,
	.readable = remote_readable,
	.describe = remote_describe,
	.label = remote_label,
};

struct session_player *
session_net_remote_new(struct session *s, int color)
{
	struct session_player *p = xcalloc(1, sizeof *p);

	p->ops = &remote_ops;
	p->color = color;
	p->priv = s;
	return p;
}

struct session_net *
session_net_begin(struct session *s, struct net_client *c)
{
	struct session_net *u = s->net;

	if (u == NULL)
		u = s->net = xcalloc(1, sizeof *u);
	else {
		free(u->tourney);
		memset(u, 0, sizeof *u);
	}
	u->on = true;
	u->c = c;
	u->seat = -1;
	u->seek.sel = -1;
	u->mine.sel = u->mine.chal_sel = -1;
	u->installed = -2;
	u->offer = -1;
	/* The server keeps a network game's clock: the session's own would
	 * flag a side the server has not. */
	s->clocked = false;
	return u;
}

void
session_net_end(struct session *s)
{
	session_net_list_free(s);
	if (s->net != NULL)
		free(s->net->tourney);
	free(s->net);
	s->net = NULL;
}

void
session_net_install(struct session *s, int seat)
{
	struct session_net *u = s->net;
	struct session_player *p;
	char err[160];
	int c;

	if (u->installed == seat)
		return;
	/* another seat (a rematch, a game taken): a record reviewed gives
	 * way to it */
	if (u->rec.on)
		session_net_record_end(s);
	for (c = 0; c < 2; c++) {
		if (c == seat) {
			struct player_conf pc = c == WHITE ? s->conf.white :
			    s->conf.black;
			if (!u->local_given[c])
				snprintf(pc.type, sizeof pc.type, "human");
			p = session_player_new(&pc, c, err, sizeof err);
			/* a person here: the panel names the account */
			if (p != NULL && p->human && !p->thinks)
				p->priv = s;
		} else
			p = session_net_remote_new(s, c);
		if (p == NULL)
			continue;
		session_install_player(s, c, p);
	}
	u->installed = seat;
	u->seat = seat;
	/* A local AI waits until the game has begun. */
	u->waiting_ai = seat >= 0 && s->player[seat]->thinks;
	if (u->waiting_ai)
		s->paused = true;
	u->view_serial++;
	s->dirty = true;
}

/* A move's question (its piece left to drown, its lion hung) waiting
 * when the game it was for ends, or another position comes (a
 * tournament's next pairing): dropped, else it would hold the turns of
 * the game after. m: the server's game (NULL: the game ended). */
static void
drop_move_question(struct session *s, const struct game *m)
{
	if (m != NULL && s->have_game && m->result == RESULT_NONE &&
	    game_board(m)->hash == game_board(&s->game)->hash)
		return;                 /* the same position: still asked */
	if (s->asking && s->answer_cmd.type == CMD_MOVE_NOW) {
		s->asking = false;
		s->dirty = true;
	}
}

void
session_net_adopt(struct session *s)
{
	const struct game *m = net_client_game(s->net->c);
	char err[160];
	int i, c;

	if (m == NULL)
		return;
	session_cancel_turns(s);
	drop_move_question(s, m);
	if (s->have_game)
		game_free(&s->game);
	/* The server decides draws: its rules, not ours. */
	game_init(&s->game, &m->pos[0], &m->rules);
	s->have_game = true;
	for (i = 0; i < m->nply; i++)
		if (game_play(&s->game, m->moves[i], err, sizeof err) < 0)
			break;
	s->game.result = m->result;
	s->game.reason = m->reason;
	s->start = m->pos[0];
	for (c = 0; c < 2; c++)
		if (s->player[c]->ops->reset != NULL)
			s->player[c]->ops->reset(s, s->player[c]);
	s->review = -1;
	s->serial++;
	s->reset_serial++;
	s->held = MOVE_NONE;
	s->last_move_at = s->now();
	s->result_why[0] = '\0';
	s->net->synced = true;
	s->dirty = true;
}

static bool
game_on(const struct session_net *u)
{
	return strcmp(u->status, "active") == 0 && u->synced;
}

/* A local AI that waited for the opponent may start. */
static void
maybe_start(struct session *s)
{
	struct session_net *u = s->net;

	/* a rated game: never the computer at the player's seat */
	session_net_fair_seat(s);
	if (u->waiting_ai && game_on(u)) {
		u->waiting_ai = false;
		s->paused = false;
	}
	session_turn(s);
}

/* A move the server sent: play it here unless we have it. */
static void
remote_move(struct session *s, const struct net_event *e)
{
	char err[160], mine[MOVE_TEXT_MAX];
	move_t m;

	if (strcmp(s->net->clk_game, e->game) != 0) {
		memset(s->net->clk1, 0, sizeof s->net->clk1);
		snprintf(s->net->clk_game, sizeof s->net->clk_game, "%s",
		    e->game);
	}
	if (e->timed && e->ply >= 0 && e->ply < SESSION_NET_CLK_MAX)
		s->net->clk1[e->ply] = (e->side == BLACK ? e->bclock :
		    e->wclock) + 1;
	if (e->ply < s->game.nply) {
		/* Ours, echoed: it must be the same, else take the server's. */
		notation_write(s->game.moves[e->ply], mine, sizeof mine);
		if (strcmp(mine, e->move) != 0)
			session_net_adopt(s);
		return;
	}
	if (e->ply > s->game.nply ||
	    notation_read(game_board(&s->game), e->move, &m, err,
	    sizeof err) < 0) {
		session_net_adopt(s);
		session_turn(s);
		return;
	}
	s->net->applying = true;
	session_play(s, m, true);
	s->net->applying = false;
}

/* The seat of our opponent, -1 when we watch. */
static int
opponent(const struct session *s)
{
	return s->net->seat >= 0 ? 1 - s->net->seat : -1;
}

void
session_net_result_why(char *buf, size_t n, enum game_result r,
    const char *reason)
{
	bool time = strcmp(reason, "time") == 0;

	buf[0] = '\0';
	if ((!time && strcmp(reason, "abandoned") != 0) ||
	    (r != RESULT_WHITE_WINS && r != RESULT_BLACK_WINS))
		return;
	snprintf(buf, n, "%s", r == RESULT_WHITE_WINS ? (time ?
	    _("Black lost on time") : _("Black abandoned the game")) : time ?
	    _("White lost on time") : _("White abandoned the game"));
}

/* An ending of the server's that the rules do not make, as the game
 * keeps it (its record's Termination). */
static enum game_reason
server_reason(const char *why)
{
	if (strcmp(why, "time") == 0)
		return REASON_TIME;
	if (strcmp(why, "abandoned") == 0)
		return REASON_ABANDONED;
	if (strcmp(why, "resign") == 0)
		return REASON_RESIGN;
	if (strcmp(why, "agreement") == 0)
		return REASON_AGREEMENT;
	return REASON_NONE;
}

/* The game ended, for the reason the server gave (u->reason: its
 * RESULT's, or the STATE's of a game found over when synchronised): the
 * same words whichever brought it. While a record is reviewed the board
 * is the record's: the game's end waits in the mirror, its reason with
 * the record's state (session_net_record_back shows them). */
static void
ended(struct session *s)
{
	struct session_net *u = s->net;
	const struct game *m = net_client_game(u->c);
	const char *why = u->reason;
	char text[96], *out = u->rec.on ? u->rec.result_why : s->result_why;
	size_t outlen = u->rec.on ? sizeof u->rec.result_why :
	    sizeof s->result_why;

	drop_move_question(s, NULL);
	if (strcmp(why, "cancelled") == 0 || strcmp(why, "declined") == 0) {
		bool declined = why[0] == 'd';
		session_cancel_turns(s);
		snprintf(u->status, sizeof u->status, "finished");
		u->cancelled = true;
		snprintf(s->result_why, sizeof s->result_why, "%s",
		    declined ? _("Challenge declined") : _("Game cancelled"));
		/* (the plain mode's words are its commands, issue 62) */
		if (declined && u->challenged[0] != '\0')
			session_msg(s, SM_GOOD, s->typed ? _("%s declines the "
			    "challenge (quit leaves)") : _("%s declines the "
			    "challenge (q quits)"), u->challenged);
		else if (declined)
			session_msg(s, SM_GOOD, "%s", s->typed ? _("your "
			    "opponent declines the challenge (quit leaves)") :
			    _("your opponent declines the challenge (q "
			    "quits)"));
		else if (!u->cancel_sent && u->seat >= 0 && s->game.nply < 2 &&
		    u->names[1 - u->seat][0] != '\0' &&
		    strcmp(u->names[1 - u->seat], "-") != 0)
			/* not by us: the first-move rule, or the other
			 * player called it off before both had moved */
			session_msg(s, SM_GOOD, "%s", s->typed ? (s->game.nply ==
			    0 ? _("the game is cancelled: White did not make a "
			    "first move in time, or the opponent called it off "
			    "(quit leaves)") : _("the game is cancelled: Black "
			    "did not make a first move in time, or the opponent "
			    "called it off (quit leaves)")) : s->game.nply == 0 ?
			    _("the game is cancelled: White did not make a first "
			    "move in time, or the opponent called it off (q "
			    "quits)") : _("the game is cancelled: Black did not "
			    "make a first move in time, or the opponent called "
			    "it off (q quits)"));
		else
			session_msg(s, SM_GOOD, "%s", s->typed ? _("the game is "
			    "cancelled (quit leaves)") : _("the game is "
			    "cancelled (q quits)"));
		return;
	}
	if (m == NULL || m->result == RESULT_NONE)
		return;
	if (!u->rec.on) {
		if (s->game.nply != m->nply)
			session_net_adopt(s);
		session_cancel_turns(s);
		s->game.result = m->result;
		s->game.reason = m->reason != REASON_NONE ? m->reason :
		    server_reason(why);
	}
	/* reasons of the server's that the rules do not have */
	session_net_result_why(out, outlen, m->result, why);
	snprintf(u->status, sizeof u->status, "finished");
	u->offer = -1;
	u->gone_at = 0;
	session_result_words(m, -1, out, text, sizeof text);
	if (u->seat >= 0 && s->typed)
		session_msg(s, SM_GOOD, _("%s (rematch asks for another game, "
		    "quit leaves)"), text);
	else if (u->seat >= 0)
		session_msg(s, SM_GOOD, _("%s (r or :rematch asks for another "
		    "game, q quits)"), text);
	else
		session_msg(s, SM_GOOD, s->typed ? _("%s (quit leaves)") :
		    _("%s (q quits)"), text);
}

/* The RESULT: the game ended (or, while the game is brought again, will
 * be found over with the sync: on_sync). */
static void
on_result(struct session *s, const struct net_event *e)
{
	snprintf(s->net->reason, sizeof s->net->reason, "%s", e->reason);
	ended(s);
}

/* A new game to play (seated in another, a rematch): nothing of the
 * last one's end holds (a draw offer, a cancel, the opponent's absence,
 * a claim said). */
static void
forget_end(struct session_net *u)
{
	u->offer = -1;
	u->cancelled = false;
	u->cancel_sent = false;
	u->gone_at = 0;
	u->claim_told = false;
}

static void
on_seated(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;

	session_net_install(s, e->seat);
	if (strcmp(u->announced, e->game) == 0)
		return;
	/* Another game (a seek's or a tournament's pairing): its
	 * "cancelled" refused every move of the next. */
	forget_end(u);
	/* The view announces it (how a friend joins, or the game's id). */
	snprintf(u->announced, sizeof u->announced, "%s", e->game);
	u->fresh = true;
}

static void
on_state(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;

	snprintf(u->names[WHITE], sizeof u->names[WHITE], "%s", e->white);
	snprintf(u->names[BLACK], sizeof u->names[BLACK], "%s", e->black);
	u->seated[WHITE] = strcmp(e->white, "-") != 0;
	u->seated[BLACK] = strcmp(e->black, "-") != 0;
	u->guest[WHITE] = e->guest[WHITE];
	u->guest[BLACK] = e->guest[BLACK];
	u->bot[WHITE] = e->bot[WHITE];
	u->bot[BLACK] = e->bot[BLACK];
	u->present[WHITE] = e->wpresent;
	u->present[BLACK] = e->bpresent;
	if (u->seat >= 0 && u->present[1 - u->seat])
		u->gone_at = 0;
	else if (u->seat >= 0 && u->seated[1 - u->seat] && u->gone_at == 0)
		u->gone_at = s->now();
	u->offer = e->draw;
	snprintf(u->status, sizeof u->status, "%s", e->status);
	/* a game over: why, for the sync that follows (on_sync) */
	snprintf(u->reason, sizeof u->reason, "%s", e->reason);
	s->dirty = true;
	maybe_start(s);
}

static void
on_draw(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;
	int opp = opponent(s);

	if (strcmp(e->action, "offer") == 0) {
		u->offer = e->side;
		if (e->side == opp)
			session_msg(s, SM_GOOD, _("%s offers a draw: :draw "
			    "accepts, a move declines"), _(side_name[e->side]));
		return;
	}
	u->offer = -1;
	if (e->side == opp)
		session_msg(s, SM_NORMAL, _("%s declines the draw"),
		    _(side_name[e->side]));
}

static void
on_joined(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;
	int opp = opponent(s);
	char shown[48];

	if (e->seat < 0)
		return;
	u->seated[e->seat] = true;
	u->present[e->seat] = true;
	u->guest[e->seat] = e->guest[e->seat];
	/* (JOINED has no title: a bot the lobby listed is one) */
	u->bot[e->seat] = session_bots_named(s, e->name);
	snprintf(u->names[e->seat], sizeof u->names[e->seat], "%s", e->name);
	if (e->seat != opp)
		return;
	snprintf(u->status, sizeof u->status, "active");
	session_msg(s, SM_GOOD, _("%s joins as %s"), session_net_shown(e->name,
	    e->guest[e->seat], shown, sizeof shown), _(side_name[e->seat]));
	maybe_start(s);
}

static void
on_presence(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;
	int opp = opponent(s);

	if (e->seat < 0)
		return;
	u->present[e->seat] = strcmp(e->presence, "gone") != 0;
	if (e->seat == opp) {
		u->gone_at = u->present[opp] ? 0 : s->now();
		u->claim_told = false;
	}
	if (e->seat == u->seat && strcmp(e->presence, "replaced") == 0)
		session_msg(s, SM_ERROR, "%s", _("your seat was taken over "
		    "from elsewhere"));
	else if (e->seat == opp)
		session_msg(s, SM_NORMAL, "%s", u->present[e->seat] ?
		    _("opponent is back") : _("opponent disconnected"));
}

/* A chat line: kept for the panel, shown on the message line. */
static void
on_said(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;
	char shown[48];
	const char *who = e->side >= 0 && u->names[e->side][0] != '\0' ?
	    session_net_shown(u->names[e->side], u->guest[e->side], shown,
	    sizeof shown) : _(side_name[e->side == BLACK]);

	if (e->side < 0) {
		/* a watcher's, to the watchers (the spectators' chat) */
		snprintf(shown, sizeof shown, _("%.30s (watching)"), e->name);
		who = shown;
	}

	if (u->nchat == SESSION_CHAT_MAX) {
		memmove(u->chat[0], u->chat[1], sizeof u->chat[0] *
		    (SESSION_CHAT_MAX - 1));
		u->nchat--;
	}
	snprintf(u->chat[u->nchat++], sizeof u->chat[0], "%.31s: %.120s",
	    who, e->text);
	/* One's own line came back ("you say: ..." is in the log already),
	 * or one caught up that the player saw before: the panel's only. */
	if ((u->seat >= 0 && e->side == u->seat) || e->seen ||
	    (e->side < 0 && u->account[0] != '\0' &&
	    strcasecmp(e->name, u->account) == 0))
		return;
	session_msg(s, SM_GOOD, _("%s says: %s"), who, e->text);
}

/* Both asked for a rematch: the new game, colours swapped; its STATE and
 * history follow (NEV_SYNC adopts them). */
static void
on_rematched(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;
	const char *id = net_client_game_id(u->c);

	snprintf(u->status, sizeof u->status, "active");
	forget_end(u);
	u->synced = false;
	u->installed = -2;        /* the seat may be the other colour */
	session_net_install(s, e->seat);
	snprintf(u->announced, sizeof u->announced, "%s", id);
	s->game.result = RESULT_NONE;
	session_msg(s, SM_GOOD, _("rematch: game %s, you play %s"), id,
	    _(side_name[e->seat == BLACK]));
}

/* A move: played, and the draw the mover's opponent offered declined (the
 * offerer is told, after what the move did: no DRAW decline comes then). */
static void
on_move(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;
	int opp = opponent(s);
	bool declined = u->offer >= 0 && u->offer == u->seat &&
	    e->side == opp;

	u->offer = u->offer == e->side ? u->offer : -1;
	/* (a record reviewed: the mirror has it, back shows it) */
	if (!u->rec.on)
		remote_move(s, e);
	if (declined)
		session_msg(s, SM_NORMAL, _("%s declines the draw (a move "
		    "instead)"), _(side_name[e->side]));
}

static void
on_error(struct session *s, const struct net_event *e)
{
	if (session_net_list_error(s, e))
		return;
	if (e->code == 428) {
		session_msg(s, SM_ERROR, _("too early to claim: the server "
		    "allows it in %ld s"), e->left);
		return;
	}
	if (strcmp(e->verb, "SEEK") == 0) {
		session_msg(s, SM_ERROR, _("cannot seek: %.200s"),
		    session_seek_refusal(e));
		return;
	}
	session_msg(s, SM_ERROR, "%s%s%s", e->verb, e->verb[0] != '\0' ?
	    ": " : "", e->text);
}

static void
on_observing(struct session *s, const struct net_event *e)
{
	session_net_install(s, -1);
	session_msg(s, SM_GOOD, _("watching game %s"), e->game);
}

/* The mirror is the server's game: ours too (once back from a record
 * reviewed). */
static void
on_sync(struct session *s, const struct net_event *e)
{
	(void)e;
	if (s->net->rec.on)
		return;
	session_net_adopt(s);
	/* over: a result, or none (cancelled, declined) */
	if (game_over(&s->game) || strcmp(s->net->status, "finished") == 0)
		ended(s);
	maybe_start(s);
}

static void
on_rematch(struct session *s, const struct net_event *e)
{
	if (e->side != s->net->seat)
		session_msg(s, SM_GOOD, s->typed ? _("%s asks for a "
		    "rematch: rematch accepts") : _("%s asks for a rematch: r "
		    "or :rematch accepts"), _(side_name[e->side == BLACK]));
}

/* The game's events; the connection's, the lobby's and the accounts' are
 * the other files' (session_net_event). */
static void (*const event_handler[])(struct session *s,
    const struct net_event *e) = {
	[NEV_SEATED] = on_seated, [NEV_OBSERVING] = on_observing,
	[NEV_SYNC] = on_sync, [NEV_STATE] = on_state,
	[NEV_MOVE] = on_move, [NEV_RESULT] = on_result,
	[NEV_DRAW] = on_draw, [NEV_JOINED] = on_joined,
	[NEV_PRESENCE] = on_presence, [NEV_ERROR] = on_error,
	[NEV_SAID] = on_said, [NEV_REMATCH] = on_rematch,
	[NEV_REMATCHED] = on_rematched,
	[NEV_CHALLENGED] = session_corr_challenged,
};

/* The opponent's new move (before it is played): said on the message
 * line ("Black: monkey c6c4e4") and a bell asked of the view, so that a
 * player looking elsewhere knows. Said first: what the move does to an
 * offer (it lapsed, it declined) is said after it, over it. */
static void
say_opponent_move(struct session *s, const struct net_event *e)
{
	const struct board *b = game_board(&s->game);
	char err[160];
	move_t m;

	if (s->net == NULL || s->net->seat < 0 || e->side == s->net->seat ||
	    s->net->rec.on || e->ply != s->game.nply || game_over(&s->game) ||
	    notation_read(b, e->move, &m, err, sizeof err) < 0)
		return;
	s->bell = true;
	if (s->typed)
		return;         /* the plain mode says every move in words */
	session_msg(s, SM_NORMAL, _("%1$s: %2$s %3$s"),
	    _(side_name[e->side]),
	    game_piece_word(PIECE_TYPE(b->sq[MOVE_FROM(m)])), e->move);
	snprintf(s->heard, sizeof s->heard, "%.*s", (int)sizeof s->heard - 1,
	    s->msg.text);
}

void
session_net_event(struct session *s, const struct net_event *e)
{
	if (e->kind == NEV_MOVE)
		say_opponent_move(s, e);
	if (session_tourney_event(s, e) || session_net_status_event(s, e) ||
	    session_net_takeback_event(s, e) || session_mine_event(s, e) ||
	    session_net_list_event(s, e) ||
	    session_lobby_event(s, e))
		return;
	if ((size_t)e->kind < sizeof event_handler / sizeof event_handler[0] &&
	    event_handler[e->kind] != NULL)
		event_handler[e->kind](s, e);
}

void
session_net_events(struct session *s)
{
	struct session_net *u = s->net;
	struct net_event e;

	while (u != NULL && u->c != NULL && net_client_next(u->c, &e)) {
		s->dirty = true;
		if (u->hooks.event != NULL && u->hooks.event(u->hooks.ctx, &e))
			continue;
		session_net_event(s, &e);
		if (u->hooks.after != NULL)
			u->hooks.after(u->hooks.ctx, &e);
		u = s->net;     /* a hook may have ended network play */
	}
	if (u != NULL && u->hooks.done != NULL)
		u->hooks.done(u->hooks.ctx);
}
