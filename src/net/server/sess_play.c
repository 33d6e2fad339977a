/*
 * sess_play.c: MOVE, RESIGN and DRAW. The rules engine checks every move;
 * the ply guard makes a resent move harmless; the change is stored before
 * the state changes, the OK goes out, and the event is broadcast.
 */
#include <stdio.h>
#include <string.h>

#include "engine/fen.h"
#include "engine/notation.h"
#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"

/* The checks every seat command shares: a seat here, a game on. */
static int
seated_active(struct sess *s, int conn, const struct cgp_cmd *cmd,
    struct sgame *g)
{
	if (g->holder[0] != conn && g->holder[1] != conn) {
		sess_err(s, conn, cmd->tag, CGP_NOT_YOUR_SEAT,
		    "you hold no seat in this game");
		return -1;
	}
	/* Joined on another server? (-2: the line comes again.) */
	if ((!g->seated[0] || !g->seated[1]) && sess_store_newer(s, conn, g))
		return -2;
	if (g->over) {
		sess_err(s, conn, cmd->tag, CGP_GAME_OVER, "the game is over");
		return -1;
	}
	if (!g->seated[0] || !g->seated[1]) {
		sess_err(s, conn, cmd->tag, CGP_NOT_STARTED,
		    g->seated[0] ? "waiting for black to join" :
		    "waiting for white to join");
		return -1;
	}
	return 0;
}

/*
 * The side to move's time ran out before this command came (the timer had
 * not fired yet in this round): the game ends on time first, and the
 * command is answered 410 (a move then does not count). True if so.
 */
static bool
flag_first(struct sess *s, int conn, const struct cgp_cmd *cmd,
    struct sgame *g)
{
	int side;

	if (!g->timed || (side = clock_flagged(&g->clock, s->now)) < 0)
		return false;
	if (sess_end_game(s, g, -1, NULL, side == WHITE ? RESULT_BLACK_WINS :
	    RESULT_WHITE_WINS, "time") < 0)
		sess_err(s, conn, cmd->tag, CGP_STORAGE_FAILED, "the server "
		    "could not store this; nothing changed");
	else
		sess_err(s, conn, cmd->tag, CGP_GAME_OVER, side == WHITE ?
		    "white's time ran out" : "black's time ran out");
	return true;
}

bool
sess_both_moved(const struct sgame *g)
{
	return (g->moved & 3u) == 3u;
}

/* ply= and move= of a MOVE: its move= (ply into *ply), or NULL after
 * answering 400. */
static const char *
want_move(struct sess *s, int conn, const struct cgp_cmd *cmd, long *ply)
{
	const char *pv = cgp_get(cmd, "ply"), *mv = cgp_get(cmd, "move");
	char msg[200];

	if (pv == NULL || mv == NULL) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, pv == NULL ?
		    "ply= is missing" : "move= is missing");
		return NULL;
	}
	if ((*ply = cgp_parse_num(pv, 1000000L)) < 0) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX,
		    "ply= must be a number");
		return NULL;
	}
	if (!cgp_valid_move(mv)) {
		snprintf(msg, sizeof msg, "'%.40s' is not move text (squares "
		    "such as c2c3 or b1d3f5)", mv);
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, msg);
		return NULL;
	}
	return mv;
}

/* The change of side's move m in g (its MOVE, and the RESULT it ends the
 * game with), worked out on a copy before anything changes: its events'
 * bodies in body. */
static void
move_change(struct sess *s, struct sgame *g, move_t m, int side,
    char body[2][256], struct store_change *ch)
{
	char text[MOVE_TEXT_MAX], fen[FEN_MAX], wire[FEN_MAX];
	struct game_clock clock;
	struct move_effects fx;
	enum game_reason why;
	enum game_result res;
	struct board next;

	next = *game_board(&g->g);
	board_make(&next, m, &fx);
	res = game_status(&next, g->g.pos, g->g.nply + 1, fx.lion_captured,
	    &g->g.rules, &why);
	notation_write(m, text, sizeof text);
	fen_write(&next, fen, sizeof fen);
	cgp_fen_to_wire(fen, wire, sizeof wire);
	snprintf(body[0], sizeof body[0], "ply=%d side=%s move=%s fen=%s",
	    g->g.nply, cgp_seat_name(side), text, wire);
	clock = g->clock;
	if (g->timed) {
		/* The mover's time is taken as the server receives the move,
		 * its increment added; stored with the move. A side's first
		 * move is not timed and earns no increment (RULES.md "Time":
		 * its clock has not run). */
		if (sess_both_moved(g))
			clock_press(&clock, s->now);
		snprintf(body[0] + strlen(body[0]), sizeof body[0] -
		    strlen(body[0]), " wclock=%lld bclock=%lld",
		    (long long)clock_left(&clock, WHITE, s->now),
		    (long long)clock_left(&clock, BLACK, s->now));
	}
	if (s->hooked[g->what] & SESS_H_TURN_BODY)
		sess_features_turn_body(s, g, body[0], sizeof body[0]);
	sess_event_change(ch, g, "MOVE", body[0]);
	if (res != RESULT_NONE) {
		sess_result_body(body[1], sizeof body[1], res,
		    game_reason_name(why));
		ch->nev = 2;
		ch->seq[1] = g->seq + 2;
		ch->kind[1] = "RESULT";
		ch->body[1] = body[1];
	}
}

void
sess_cmd_move(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	char err[128], msg[200], body[2][256];
	struct store_change ch;
	struct cgp_out o;
	struct sgame *g;
	const char *mv;
	move_t m;
	long ply;
	int side;

	if ((g = sess_want_game_w(s, conn, cmd)) == NULL ||
	    (mv = want_move(s, conn, cmd, &ply)) == NULL)
		return;
	/* A ply ahead of ours: stored on another server an instant ago? */
	if (ply > g->g.nply && sess_store_newer(s, conn, g))
		return;
	if (seated_active(s, conn, cmd, g) < 0)
		return;
	if (ply != g->g.nply) {
		cgp_out_err(&o, cmd->tag, CGP_WRONG_PLY);
		cgp_out_kvi(&o, "current", g->g.nply);
		snprintf(msg, sizeof msg, "this game is at ply %d", g->g.nply);
		cgp_out_text(&o, msg);
		sess_emit(s, conn, &o);
		return;
	}
	side = game_board(&g->g)->side;
	if (g->holder[side] != conn) {
		sess_err(s, conn, cmd->tag, CGP_NOT_YOUR_TURN, side == 0 ?
		    "it is white's turn" : "it is black's turn");
		return;
	}
	if (flag_first(s, conn, cmd, g))
		return;
	if (notation_read(game_board(&g->g), mv, &m, err, sizeof err) < 0) {
		sess_err(s, conn, cmd->tag, CGP_ILLEGAL_MOVE, err);
		return;
	}
	move_change(s, g, m, side, body, &ch);
	/* A stored move does not count against the command rate: the
	 * opponent paces those (two programs may play at full speed). */
	if (s->conns[conn].cmds > 0)   /* (the line's connection) */
		s->conns[conn].cmds--;
	cgp_out_ok(&o, cmd->tag, "MOVE");
	cgp_out_kv(&o, "game", g->id);
	cgp_out_kvi(&o, "ply", g->g.nply + 1);
	cgp_out_kvi(&o, "seq", ch.seq[0]);
	sess_submit_to(s, g, conn, cmd, &ch, &o, false, false);
}

void
sess_cmd_end(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	const char *act = cgp_get(cmd, "action"), *sv = cgp_get(cmd, "seat");
	struct cgp_out o;
	struct sgame *g;
	enum game_result res;
	int seat, want = -1;

	if ((g = sess_want_game_w(s, conn, cmd)) == NULL)
		return;
	if (sv != NULL && (want = cgp_seat_parse(sv)) < 0) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX,
		    "seat= is white or black");
		return;
	}
	if (cmd->verb == CGP_V_DRAW && (act == NULL ||
	    (strcmp(act, "offer") != 0 && strcmp(act, "accept") != 0 &&
	    strcmp(act, "decline") != 0))) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX,
		    "action= is offer, accept or decline");
		return;
	}
	if (seated_active(s, conn, cmd, g) < 0 || flag_first(s, conn, cmd, g))
		return;
	/* One holding both seats answers an offer for the other side. */
	if (want < 0 && cmd->verb == CGP_V_DRAW && strcmp(act, "offer") != 0 &&
	    g->holder[0] == conn && g->holder[1] == conn && g->offer >= 0)
		want = 1 - g->offer;
	if ((seat = sess_seat_of(g, conn, want)) < 0) {
		sess_err(s, conn, cmd->tag, CGP_NOT_YOUR_SEAT,
		    "you do not hold that seat");
		return;
	}
	if (cmd->verb == CGP_V_RESIGN) {
		/* (An abort before both sides have moved.) */
		res = seat == WHITE ? RESULT_BLACK_WINS : RESULT_WHITE_WINS;
		sess_end_game(s, g, conn, cmd, res,
		    game_reason_name(REASON_RESIGN));
		return;
	}
	if (strcmp(act, "offer") == 0 && g->offer == seat) {
		/* Offered already: nothing new to store or tell. */
		cgp_out_ok(&o, cmd->tag, "DRAW");
		cgp_out_kv(&o, "game", g->id);
		cgp_out_kvi(&o, "seq", g->seq);
		sess_emit(s, conn, &o);
		return;
	}
	if (strcmp(act, "offer") == 0 && g->offer < 0) {
		sess_submit_offer(s, g, conn, cmd, "DRAW", "offer", seat);
		return;
	}
	if (g->offer != 1 - seat) {
		sess_err(s, conn, cmd->tag, CGP_ILLEGAL_MOVE,
		    "there is no draw offer to answer");
		return;
	}
	if (strcmp(act, "decline") == 0) {
		sess_submit_offer(s, g, conn, cmd, "DRAW", "decline", seat);
		return;
	}
	/* accept, or an offer that meets the opponent's (an abort before
	 * both sides have moved: a game never begun is not drawn). */
	sess_end_game(s, g, conn, cmd, RESULT_DRAW,
	    game_reason_name(REASON_AGREEMENT));
}
