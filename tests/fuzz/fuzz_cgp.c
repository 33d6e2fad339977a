/*
 * fuzz_cgp.c: the CGP/1 line parsers and the server's session logic (no
 * sockets) driven by a random stream of connections, lines, clock steps
 * and storage failures. Beside crashes and leaks, the harness keeps its own
 * model of every game (from what the store acknowledged) and checks after
 * each command that:
 *  - no seat is handed out without its token: OK CREATE seat= and OK JOIN
 *    carry a fresh valid token, a seat is joined once, OK REJOIN only for
 *    the exact token of that seat, and tokens never appear in any other line
 *    or in the log;
 *  - no acknowledged move is lost: a move, seat or result is stored before
 *    its OK, and a session rebuilt from the store holds every game exactly
 *    as the live one does;
 *  - no illegal move is accepted: an OK MOVE is legal in the model's
 *    position, at the model's ply, from the connection holding the side to
 *    move, in a game not over;
 *  - an ERR changes nothing (no commit, same games), every server line
 *    parses, is printable and ends in LF.
 *
 * Input: lines, each an operation:
 *   <0-7>TEXT   connection n sends TEXT (opened first if needed)
 *   o<n><a>     open connection n from address a (0-2)
 *   x<n>        connection n goes away
 *   L<n>        connection n sent an over-long line
 *   t<digits>   the clock moves on that many seconds
 *   f<n>        the next n commits fail (the disk is full)
 *   r           rebuild a session from the store now and compare (twice
 *               an input at most; it is always done at the end)
 *   M<c><k>...  game c: whoever holds the side to move plays legal move
 *               k (modulo their number), once per byte k: long games
 * In TEXT: $g<c> a known game id, $t<c> a known token, $p<c> the ply of a
 * game, $m<c><k> a legal move of a game, $w a well-formed wrong token (c
 * and k are any bytes, taken modulo the count).
 */

#include <ctype.h>
#include <stdarg.h>
#include <strings.h>

#include "engine/board.h"
#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/notation.h"

#include "fuzz_cgp.h"

/* What was checked, printed at exit when FUZZ_CGP_STATS is set. */
static unsigned long long st_lines, st_ok, st_err, st_moves, st_seats,
    st_rejoins, st_ends, st_507;
unsigned long long st_rebuilds;

static void
print_stats(void)
{
	fprintf(stderr, "fuzz_cgp: %llu lines, %llu OK, %llu ERR (%llu 507); "
	    "checked %llu moves, %llu seats, %llu rejoins, %llu ends, "
	    "%llu rebuilds\n", st_lines, st_ok, st_err, st_507, st_moves,
	    st_seats, st_rejoins, st_ends, st_rebuilds);
}

static const char *const addrs[3] = { "10.0.0.1", "10.0.0.2", "2001:db8::7" };

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	board_init();
	if (getenv("FUZZ_CGP_STATS") != NULL)
		atexit(print_stats);
	return 0;
}

static struct mgame *
model_find(struct h *h, const char *id)
{
	for (int i = 0; i < h->ngames; i++)
		if (strcmp(h->games[i].id, id) == 0)
			return &h->games[i];
	return NULL;
}

/* Play the stored result of an event onto the model. */
static void
model_result(struct mgame *mg, const struct rec *r)
{
	enum game_result res;

	mg->over = true;
	if (body_has(r->body, "reason=cancelled")) {
		FUZZ_CHECK(body_has(r->body, "result=-"), "%s", r->body);
		return;
	}
	if (body_has(r->body, "reason=resign") ||
	    body_has(r->body, "reason=time") ||
	    body_has(r->body, "reason=abandoned")) {
		res = body_has(r->body, "result=1-0") ? RESULT_WHITE_WINS :
		    RESULT_BLACK_WINS;
		game_resign(&mg->g, res == RESULT_WHITE_WINS ? BLACK : WHITE);
	} else if (body_has(r->body, "reason=agreement")) {
		game_agree_draw(&mg->g);
	} else {
		FUZZ_CHECK(game_over(&mg->g), "game %s: RESULT %s stored, but "
		    "the rules did not end it", mg->id, r->body);
	}
}

/* The model's game from its stored row: the variant's start and rules. */
static void
model_start(struct mgame *mg, const struct rec *r)
{
	struct game_rules base = { r->rep != 0, r->quiet }, rules;
	char wire[CGP_FEN_MAX], e[200];
	struct board b;

	FUZZ_CHECK(cgp_variant_start(r->variant[0] != '\0' ? r->variant :
	    "congo", r->start, &base, &b, &rules, wire, e, sizeof e) == 0 &&
	    strcmp(wire, r->start) == 0, "stored start '%s': %s", r->start,
	    e);
	game_init(&mg->g, &b, &rules);
}

static struct mgame *
model_add(struct h *h, const char *id)
{
	struct mgame *mg;

	FUZZ_CHECK(model_find(h, id) == NULL, "game %s created twice", id);
	if (h->ngames == h->gamecap) {
		h->gamecap = h->gamecap ? h->gamecap * 2 : 16;
		h->games = realloc(h->games, sizeof *h->games *
		    (size_t)h->gamecap);
		if (h->games == NULL)
			abort();
	}
	mg = &h->games[h->ngames++];
	memset(mg, 0, sizeof *mg);
	snprintf(mg->id, sizeof mg->id, "%s", id);
	mg->holder[0] = mg->holder[1] = -1;
	return mg;
}

static void
on_create(struct h *h, int conn, const char *reply, int nrec0, int at)
{
	char id[32], seat[16], tok[64], hash[CGP_HASH_LEN + 1];
	struct mgame *mg;
	struct rec *ev[4];
	int i, side = -1;

	FUZZ_CHECK(msg_val(reply, "game", id, sizeof id) != NULL &&
	    cgp_valid_game(id), "OK CREATE without a game id: %s", reply);
	mg = model_add(h, id);
	for (i = nrec0; i < at; i++)
		if (h->recs[i].kind == 0 && strcmp(h->recs[i].game, id) == 0)
			break;
	FUZZ_CHECK(i < at, "OK CREATE %s before the game was stored", id);
	model_start(mg, &h->recs[i]);
	FUZZ_CHECK(!game_over(&mg->g), "a game created already over");
	if (msg_val(reply, "seat", seat, sizeof seat) != NULL) {
		side = cgp_seat_parse(seat);
		FUZZ_CHECK(side >= 0, "seat=%s", seat);
		FUZZ_CHECK(msg_val(reply, "token", tok, sizeof tok) != NULL &&
		    cgp_valid_token(tok), "a seat without its token: %s", reply);
		for (i = nrec0; i < at; i++)
			if (h->recs[i].kind == 1 &&
			    strcmp(h->recs[i].game, id) == 0)
				break;
		net_token_hash(tok, hash);
		FUZZ_CHECK(i < at && h->recs[i].seat == side &&
		    strcmp(h->recs[i].token, hash) == 0,
		    "seat handed out before it was stored: %s", reply);
		snprintf(mg->token[side], sizeof mg->token[side], "%s", hash);
		mg->holder[side] = conn;
		if (h->ntokens < MAXTOK)
			snprintf(h->tokens[h->ntokens++], CGP_TOKEN_LEN + 1,
			    "%s", tok);
	} else {
		FUZZ_CHECK(strstr(reply, "token=") == NULL, "token, no seat");
	}
	mg->seq = new_events(h, id, nrec0, at, ev, 4) > 0 ? ev[0]->seq : 0;
	FUZZ_CHECK(mg->seq == (side >= 0 ? 1 : 0), "seq after CREATE");
}

static void
on_join(struct h *h, int conn, const char *reply, int nrec0, int at)
{
	char id[32], seat[16], tok[64], hash[CGP_HASH_LEN + 1];
	struct mgame *mg;
	struct rec *ev[4];
	int i, side;

	FUZZ_CHECK(msg_val(reply, "game", id, sizeof id) != NULL &&
	    (mg = model_find(h, id)) != NULL, "OK JOIN of an unknown game");
	FUZZ_CHECK(msg_val(reply, "seat", seat, sizeof seat) != NULL &&
	    (side = cgp_seat_parse(seat)) >= 0, "OK JOIN without seat=");
	FUZZ_CHECK(msg_val(reply, "token", tok, sizeof tok) != NULL &&
	    cgp_valid_token(tok), "a seat without its token: %s", reply);
	FUZZ_CHECK(mg->token[side][0] == '\0', "seat %s of %s handed out "
	    "twice", seat, id);
	FUZZ_CHECK(!mg->over, "joined a finished game");
	for (i = nrec0; i < at; i++)
		if (h->recs[i].kind == 1 && strcmp(h->recs[i].game, id) == 0)
			break;
	net_token_hash(tok, hash);
	FUZZ_CHECK(i < at && h->recs[i].seat == side &&
	    strcmp(h->recs[i].token, hash) == 0,
	    "seat handed out before it was stored: %s", reply);
	FUZZ_CHECK(new_events(h, id, nrec0, at, ev, 4) == 1 &&
	    strcmp(ev[0]->ekind, "JOINED") == 0, "JOINED not stored");
	mg->seq = ev[0]->seq;
	snprintf(mg->token[side], sizeof mg->token[side], "%s", hash);
	mg->holder[side] = conn;
	if (h->ntokens < MAXTOK)
		snprintf(h->tokens[h->ntokens++], CGP_TOKEN_LEN + 1, "%s", tok);
	st_seats++;
}

static void
on_rejoin(struct h *h, int conn, const char *reply, const char *cmd_token)
{
	char id[32], seat[16], tok[CGP_TOKEN_LEN + 1], hash[CGP_HASH_LEN + 1];
	struct mgame *mg;
	int side;

	FUZZ_CHECK(msg_val(reply, "game", id, sizeof id) != NULL &&
	    (mg = model_find(h, id)) != NULL, "OK REJOIN of an unknown game");
	FUZZ_CHECK(msg_val(reply, "seat", seat, sizeof seat) != NULL &&
	    (side = cgp_seat_parse(seat)) >= 0, "OK REJOIN without seat=");
	FUZZ_CHECK(cmd_token != NULL && strlen(cmd_token) == CGP_TOKEN_LEN,
	    "OK REJOIN without a token");
	memcpy(tok, cmd_token, sizeof tok);
	cgp_upcase(tok);
	net_token_hash(tok, hash);
	FUZZ_CHECK(mg->token[side][0] != '\0' &&
	    strcmp(hash, mg->token[side]) == 0, "seat %s of %s handed to a "
	    "REJOIN without its token", seat, id);
	mg->holder[side] = conn;
	st_rejoins++;
}

static void
on_move(struct h *h, int conn, const char *reply, const struct cgp_cmd *c,
    int nrec0, int at)
{
	const char *pv = cgp_get(c, "ply"), *mv = cgp_get(c, "move");
	char id[32], num[32], text[MOVE_TEXT_MAX], kv[64], e[160];
	struct mgame *mg;
	struct rec *ev[4];
	move_t m;
	int side, nev;

	FUZZ_CHECK(msg_val(reply, "game", id, sizeof id) != NULL &&
	    (mg = model_find(h, id)) != NULL, "OK MOVE of an unknown game");
	FUZZ_CHECK(!mg->over, "a move accepted in game %s after its end", id);
	FUZZ_CHECK(mg->token[0][0] != '\0' && mg->token[1][0] != '\0',
	    "a move accepted before both seats were taken");
	FUZZ_CHECK(pv != NULL && mv != NULL, "OK MOVE without ply/move");
	FUZZ_CHECK(cgp_parse_num(pv, 1000000L) == mg->g.nply,
	    "a move for ply %s accepted at ply %d", pv, mg->g.nply);
	side = game_board(&mg->g)->side;
	FUZZ_CHECK(mg->holder[side] == conn, "connection %d moved for %s, "
	    "held by %d", conn, side ? "black" : "white", mg->holder[side]);
	FUZZ_CHECK(notation_read(game_board(&mg->g), mv, &m, e,
	    sizeof e) == 0, "an illegal move accepted: %s (%s)", mv, e);
	nev = new_events(h, id, nrec0, at, ev, 4);
	FUZZ_CHECK(nev >= 1 && strcmp(ev[0]->ekind, "MOVE") == 0,
	    "OK MOVE before the move was stored");
	notation_write(m, text, sizeof text);
	snprintf(kv, sizeof kv, "move=%s", text);
	FUZZ_CHECK(body_has(ev[0]->body, kv), "stored %s, played %s",
	    ev[0]->body, text);
	FUZZ_CHECK(game_play(&mg->g, m, e, sizeof e) == 0, "model: %s", e);
	st_moves++;
	mg->seq = ev[0]->seq;
	FUZZ_CHECK(game_over(&mg->g) == (nev == 2), "game %s: the rules %s "
	    "the game, the store has %d events", id, game_over(&mg->g) ?
	    "ended" : "did not end", nev);
	if (nev == 2) {
		FUZZ_CHECK(strcmp(ev[1]->ekind, "RESULT") == 0, "RESULT");
		model_result(mg, ev[1]);
		mg->seq = ev[1]->seq;
	}
	FUZZ_CHECK(msg_val(reply, "ply", num, sizeof num) != NULL &&
	    atol(num) == mg->g.nply, "OK MOVE ply=%s, model %d", num,
	    mg->g.nply);
}

/* RESIGN, DRAW, CLAIM or CANCEL: the seat it speaks for must be held by
 * conn (a CANCEL may come from the connection that made a game without a
 * seat). */
static void
on_end(struct h *h, int conn, const char *reply, int nrec0, int at)
{
	char id[32];
	struct mgame *mg;
	struct rec *ev[4];
	int nev, side = -1;

	FUZZ_CHECK(msg_val(reply, "game", id, sizeof id) != NULL &&
	    (mg = model_find(h, id)) != NULL, "OK of an unknown game");
	FUZZ_CHECK(mg->holder[0] == conn || mg->holder[1] == conn ||
	    strstr(reply, " CANCEL ") != NULL,
	    "connection %d ended or offered in %s without a seat", conn, id);
	nev = new_events(h, id, nrec0, at, ev, 4);
	if (nev == 0) {
		FUZZ_CHECK(strncmp(reply, "OK ", 3) == 0 &&
		    strstr(reply, " DRAW ") != NULL, "RESIGN not stored");
		return;
	}
	FUZZ_CHECK(nev == 1 && !mg->over, "an end or offer after the end");
	if (body_has(ev[0]->body, "side=white") ||
	    (body_has(ev[0]->body, "reason=resign") &&
	    body_has(ev[0]->body, "result=0-1")))
		side = WHITE;
	else if (body_has(ev[0]->body, "side=black") ||
	    body_has(ev[0]->body, "reason=resign"))
		side = BLACK;
	if (side >= 0)
		FUZZ_CHECK(mg->holder[side] == conn, "connection %d spoke for "
		    "%s in %s: %s", conn, side ? "black" : "white", id,
		    ev[0]->body);
	if (strcmp(ev[0]->ekind, "RESULT") == 0)
		model_result(mg, ev[0]);
	st_ends++;
	mg->seq = ev[0]->seq;
}

/* SAY: one SAID, for the seat conn holds. */
static void
on_said(struct h *h, int conn, const char *reply, int nrec0, int at)
{
	char id[32];
	struct mgame *mg;
	struct rec *ev[4];
	int side;

	FUZZ_CHECK(msg_val(reply, "game", id, sizeof id) != NULL &&
	    (mg = model_find(h, id)) != NULL, "OK SAY of an unknown game");
	FUZZ_CHECK(new_events(h, id, nrec0, at, ev, 4) == 1 &&
	    strcmp(ev[0]->ekind, "SAID") == 0, "SAID not stored");
	side = body_has(ev[0]->body, "side=white") ? WHITE : BLACK;
	FUZZ_CHECK(mg->holder[side] == conn, "connection %d spoke for %s",
	    conn, side ? "black" : "white");
	mg->seq = ev[0]->seq;
}

/* REMATCH: an offer stored, and when both asked, a new game with both
 * seats, colours swapped, each token told to its player alone. */
static void
on_rematch(struct h *h, int conn, const char *reply, int nrec0, int at)
{
	char id[32];
	struct mgame *mg, *ng;
	struct rec *ev[4];
	int i, k, nev, got = 0;

	FUZZ_CHECK(msg_val(reply, "game", id, sizeof id) != NULL &&
	    (mg = model_find(h, id)) != NULL, "OK REMATCH of an unknown game");
	FUZZ_CHECK(mg->over, "a rematch of game %s before its end", id);
	FUZZ_CHECK(mg->holder[0] == conn || mg->holder[1] == conn,
	    "connection %d asked a rematch of %s without a seat", conn, id);
	nev = new_events(h, id, nrec0, at, ev, 4);
	FUZZ_CHECK(nev <= 1, "REMATCH stored %d events", nev);
	if (nev == 1) {
		FUZZ_CHECK(strcmp(ev[0]->ekind, "REMATCH") == 0, "REMATCH");
		mg->seq = ev[0]->seq;
	}
	for (i = nrec0; i < at; i++)
		if (h->recs[i].kind == 0)
			break;
	if (i == at)
		return;
	ng = model_add(h, h->recs[i].game);
	model_start(ng, &h->recs[i]);
	for (i = nrec0; i < at; i++)
		if (h->recs[i].kind == 1 && strcmp(h->recs[i].game, ng->id) == 0) {
			k = h->recs[i].seat;
			snprintf(ng->token[k], sizeof ng->token[k], "%s",
			    h->recs[i].token);
			ng->holder[k] = mg->holder[1 - k];
		}
	FUZZ_CHECK(ng->token[0][0] != '\0' && ng->token[1][0] != '\0',
	    "a rematch without both seats");
	ng->seq = stored_seq(h, ng->id);
	FUZZ_CHECK(ng->seq == 2, "rematch seq %ld", ng->seq);
	for (i = 0; i < h->nout; i++) {
		char tok[64];
		if (strstr(h->out[i].line, " REMATCHED ") == NULL)
			continue;
		got++;
		if (msg_val(h->out[i].line, "token", tok, sizeof tok) != NULL &&
		    h->ntokens < MAXTOK)
			snprintf(h->tokens[h->ntokens++], CGP_TOKEN_LEN + 1,
			    "%s", tok);
	}
	FUZZ_CHECK(got == (ng->holder[0] >= 0) + (ng->holder[1] >= 0),
	    "%d REMATCHED for %s", got, ng->id);
}

/* Every REMATCHED goes to the player of the old game's other seat alone,
 * with the new seat's token. */
static void
check_rematched(struct h *h)
{
	char old[32], nid[32], seat[16], tok[64], hash[CGP_HASH_LEN + 1];
	struct mgame *mg, *ng;
	int i, k;

	for (i = 0; i < h->nout; i++) {
		if (strncmp(h->out[i].line, "EV ", 3) != 0 ||
		    strstr(h->out[i].line, " REMATCHED ") == NULL)
			continue;
		FUZZ_CHECK(sscanf(h->out[i].line, "EV %31s", old) == 1 &&
		    (mg = model_find(h, old)) != NULL &&
		    msg_val(h->out[i].line, "game", nid, sizeof nid) != NULL &&
		    (ng = model_find(h, nid)) != NULL &&
		    msg_val(h->out[i].line, "seat", seat, sizeof seat) != NULL &&
		    (k = cgp_seat_parse(seat)) >= 0 &&
		    msg_val(h->out[i].line, "token", tok, sizeof tok) != NULL,
		    "a bad REMATCHED: %s", h->out[i].line);
		net_token_hash(tok, hash);
		FUZZ_CHECK(strcmp(hash, ng->token[k]) == 0 &&
		    h->out[i].conn == mg->holder[1 - k], "seat %s of %s told to "
		    "connection %d", seat, nid, h->out[i].conn);
	}
}

static void
do_close(struct h *h, int conn)
{
	if (!h->open[conn])
		return;
	sess_close(h->s, conn, h->now);
	h->open[conn] = false;
	h->closing[conn] = false;
	for (int i = 0; i < h->ngames; i++)
		for (int k = 0; k < 2; k++)
			if (h->games[i].holder[k] == conn)
				h->games[i].holder[k] = -1;
}

static void
do_open(struct h *h, int conn, int addr)
{
	if (h->open[conn])
		return;
	h->open[conn] = true;
	h->closing[conn] = false;
	sess_open(h->s, conn, addrs[addr % 3], h->now);
}

/* After each operation: what the server asked to close goes, the model
 * matches the live session. */
static void
settle(struct h *h)
{
	out_clear(h);
	for (int i = 0; i < NCONN; i++)
		if (h->closing[i])
			do_close(h, i);
	out_clear(h);
	check_live(h);
}

/* The placeholders of a TEXT line. */
static size_t
expand(struct h *h, const char *in, size_t n, char *out, size_t cap)
{
	size_t i = 0, o = 0;
	char tmp[64];

	while (i < n && o + 64 < cap) {
		const char *w = NULL;
		unsigned char c = i + 2 < n ? (unsigned char)in[i + 2] : 0;
		struct mgame *mg = h->ngames > 0 ? &h->games[c % h->ngames] :
		    NULL;

		if (in[i] != '$' || i + 1 >= n) {
			out[o++] = in[i++];
			continue;
		}
		switch (in[i + 1]) {
		case 'g':
			w = mg != NULL ? mg->id : "AAAAAAAA";
			i += 3;
			break;
		case 't':
			w = "AAAAAAAAAAAAAAAAAAAAAAAAAA";
			if (h->ntokens > 0) {
				w = h->tokens[c % h->ntokens];
				/* Shown anywhere but in token=, it is the
				 * client's own text, free to come back. */
				if (o < 7 || memcmp(out + o - 7, " token=", 7)
				    != 0)
					h->published[c % h->ntokens] = true;
			}
			i += 3;
			break;
		case 'w':
			w = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
			i += 2;
			break;
		case 'p':
			snprintf(tmp, sizeof tmp, "%d", mg != NULL ?
			    mg->g.nply : 0);
			w = tmp;
			i += 3;
			break;
		case 'm': {
			static struct movelist ml;
			unsigned char k = i + 3 < n ? (unsigned char)in[i + 3] :
			    0;
			w = "a1a2";
			if (mg != NULL && !game_over(&mg->g)) {
				movegen_legal(game_board(&mg->g), &ml);
				if (ml.n > 0) {
					notation_write(ml.moves[k % ml.n],
					    tmp, sizeof tmp);
					w = tmp;
				}
			}
			i += 4;
			break;
		}
		default:
			out[o++] = in[i++];
			continue;
		}
		while (*w != '\0' && o + 1 < cap)
			out[o++] = *w++;
	}
	return o;
}

static void
do_line(struct h *h, int conn, const char *text, size_t n)
{
	char line[LINE_BUF], reply[LINE_BUF], verb[16];
	struct mgame *mg;
	struct cgp_cmd c;
	int nrec0 = h->nrec, at = -1, i;
	size_t len;
	bool parsed;

	if (!h->open[conn])
		do_open(h, conn, conn);
	if (h->closing[conn])
		return;
	out_clear(h);
	len = expand(h, text, n, line, sizeof line);
	parsed = len < CGP_LINE_MAX && memchr(line, '\0', len) == NULL &&
	    cgp_parse(line, len, &c, NULL, 0) == 0;
	h->cmd_token = parsed ? cgp_get(&c, "token") : NULL;
	sess_line(h->s, conn, line, len, h->now);
	h->cmd_token = NULL;
	st_lines++;

	reply[0] = '\0';
	for (i = 0; i < h->nout; i++)
		if (h->out[i].conn == conn &&
		    (strncmp(h->out[i].line, "OK ", 3) == 0 ||
		    strncmp(h->out[i].line, "ERR ", 4) == 0)) {
			snprintf(reply, sizeof reply, "%s", h->out[i].line);
			at = h->out[i].nrec;
			break;
		}
	if (reply[0] == '\0' || strncmp(reply, "ERR ", 4) == 0) {
		/* Nothing changed on the server. */
		if (reply[0] != '\0')
			st_err++;
		if (strncmp(reply, "ERR * 507", 9) == 0 ||
		    strstr(reply, " 507 STORAGE_FAILED") != NULL)
			st_507++;
		if (h->nrec == nrec0 + 1 && h->recs[nrec0].kind == 2 &&
		    body_has(h->recs[nrec0].body, "reason=time") &&
		    strstr(reply, " 410 GAME_OVER") != NULL &&
		    (mg = model_find(h, h->recs[nrec0].game)) != NULL) {
			/* The mover's time ran out before its move came: the
			 * game ended on time, the move did not count. */
			model_result(mg, &h->recs[nrec0]);
			mg->seq = h->recs[nrec0].seq;
			nrec0 = h->nrec;
		}
		FUZZ_CHECK(h->nrec == nrec0, "something was stored for a "
		    "command answered '%s'", reply);
		settle(h);
		return;
	}
	FUZZ_CHECK(parsed, "OK to a line the parser refuses: %.*s", (int)len,
	    line);
	if (sscanf(reply, "OK %*s %15s", verb) != 1)
		verb[0] = '\0';
	st_ok++;
	if (strcmp(verb, "CREATE") == 0)
		on_create(h, conn, reply, nrec0, at);
	else if (strcmp(verb, "JOIN") == 0)
		on_join(h, conn, reply, nrec0, at);
	else if (strcmp(verb, "REJOIN") == 0)
		on_rejoin(h, conn, reply, cgp_get(&c, "token"));
	else if (strcmp(verb, "MOVE") == 0)
		on_move(h, conn, reply, &c, nrec0, at);
	else if (strcmp(verb, "RESIGN") == 0 || strcmp(verb, "DRAW") == 0 ||
	    strcmp(verb, "CLAIM") == 0 || strcmp(verb, "CANCEL") == 0)
		on_end(h, conn, reply, nrec0, at);
	else if (strcmp(verb, "SAY") == 0)
		on_said(h, conn, reply, nrec0, at);
	else if (strcmp(verb, "REMATCH") == 0) {
		/* The new game's seats are stored after the asker's OK (each
		 * "answered" with its REMATCHED to its player). */
		at = h->nrec;
		on_rematch(h, conn, reply, nrec0, at);
	}
	else
		FUZZ_CHECK(h->nrec == nrec0, "%s stored something", verb);
	/* Whatever was stored belongs to the command answered OK. */
	FUZZ_CHECK(at == h->nrec, "stored after the OK: %s", reply);
	check_rematched(h);
	/* A REJOIN replaces the old holder: the model follows. */
	settle(h);
}

/* Legal moves sent by the seat holders, one per selector byte. */
static void
do_play(struct h *h, const char *sel, size_t n)
{
	static struct movelist ml;
	char line[256], text[MOVE_TEXT_MAX];
	struct mgame *mg;
	size_t i;
	int conn;

	if (h->ngames == 0 || n == 0)
		return;
	mg = &h->games[(unsigned char)sel[0] % h->ngames];
	for (i = 1; i < n; i++) {
		if (mg->over)
			return;
		conn = mg->holder[game_board(&mg->g)->side];
		movegen_legal(game_board(&mg->g), &ml);
		if (conn < 0 || ml.n == 0)
			return;
		notation_write(ml.moves[(unsigned char)sel[i] % ml.n], text,
		    sizeof text);
		snprintf(line, sizeof line, "MOVE game=%s ply=%d move=%s",
		    mg->id, mg->g.nply, text);
		do_line(h, conn, line, strlen(line));
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct sess_limits lim = { 6, 4, 5, 2, 3, 0, 0, 0, 0, false,
	    0, 0, NULL, 0 };
	struct h *h;
	struct sess_io io;
	size_t i = 0;

	fuzz_count(size);

	if (size > 16384)
		return 0;
	h = calloc(1, sizeof *h);
	if (h == NULL)
		abort();
	h->now = 1000000;
	memset(&io, 0, sizeof io);
	io.ctx = h;
	io.send = cb_send;
	io.close = cb_close;
	io.store = &fake_store;
	io.store_ctx = h;
	io.log = cb_log;
	h->s = sess_new(&io, &lim, NULL, "congo-server/fuzz");

	while (i < size) {
		const uint8_t *nl = memchr(data + i, '\n', size - i);
		size_t end = nl != NULL ? (size_t)(nl - data) : size;
		const char *p = (const char *)data + i;
		size_t n = end - i;
		int a = n > 1 ? (p[1] & 0xff) % NCONN : 0;

		i = end + 1;
		if (n == 0)
			continue;
		switch (p[0]) {
		case '0': case '1': case '2': case '3':
		case '4': case '5': case '6': case '7':
			do_line(h, p[0] - '0', p + 1, n - 1);
			break;
		case 'o':
			out_clear(h);
			do_open(h, a, n > 2 ? p[2] & 0xff : 0);
			settle(h);
			break;
		case 'x':
			out_clear(h);
			do_close(h, a);
			settle(h);
			break;
		case 'L':
			if (h->open[a] && !h->closing[a]) {
				out_clear(h);
				sess_line_too_long(h->s, a);
				settle(h);
			}
			break;
		case 't': {
			char num[8];
			size_t k = n - 1 < sizeof num - 1 ? n - 1 :
			    sizeof num - 1;
			memcpy(num, p + 1, k);
			num[k] = '\0';
			h->now += labs(strtol(num, NULL, 10)) * 1000LL;
			break;
		}
		case 'f':
			h->fail = n > 1 ? (p[1] & 0xff) % 4 : 1;
			break;
		case 'r':
			if (h->rebuilds++ < 2)
				check_rebuild(h);
			break;
		case 'M':
			do_play(h, p + 1, n - 1);
			break;
		default:
			break;
		}
	}
	check_rebuild(h);
	for (i = 0; i < NCONN; i++)
		do_close(h, (int)i);
	out_clear(h);
	FUZZ_CHECK(sess_nconns(h->s) == 0, "%d connections left",
	    sess_nconns(h->s));
	sess_free(h->s);
	for (i = 0; i < (size_t)h->ngames; i++)
		game_free(&h->games[i].g);
	free(h->games);
	free(h->recs);
	free(h->out);
	free(h);
	return 0;
}
