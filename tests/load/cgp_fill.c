/*
 * cgp_fill.c: fill a congo-server database with games, through the store's
 * own commit (the rows, the events and each game's summary exactly as the
 * server writes them): finished games of random legal moves ended by a
 * resignation or the rules, and games still being played. For measuring
 * memory and start-up against a long history (tests/load/cgp_scale.sh).
 *
 *   cgp_fill --db FILE [--finished N] [--active M] [--seed S]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/board.h"
#include "engine/fen.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "net/server/sess_int.h"
#include "net/store/store_sqlite.h"

#define BATCH 512
#define MAXEV 400

static unsigned rng = 12345;

static unsigned
rnd(void)
{
	rng = rng * 1103515245u + 12345u;
	return rng >> 8;
}

/* One game's changes, as the server would have stored them. */
struct fgame {
	struct store_change ch[MAXEV];
	char body[MAXEV][2][160];
	char id[CGP_ID_LEN + 1], hash[2][CGP_HASH_LEN + 1];
	int n;
};

static void
make_game(struct fgame *f, bool finish)
{
	static const char start[] = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ_w_0_1";
	char token[CGP_TOKEN_LEN + 1], err[80], fen[FEN_MAX], text[16];
	struct movelist ml;
	struct board b;
	struct game g;
	int plies = 10 + (int)(rnd() % 60), k;
	long seq = 0;

	fen_read(&b, FEN_START, err, sizeof err);
	game_init(&g, &b, NULL);
	net_new_game_id(f->id);
	memset(f->ch, 0, sizeof f->ch[0] * 3);
	f->n = 0;
	for (k = 0; k < 2; k++) {
		struct store_change *c = &f->ch[f->n++];
		memset(c, 0, sizeof *c);
		net_new_token(token);
		net_token_hash(token, f->hash[k]);
		c->game = f->id;
		c->new_game = k == 0;
		c->start_fen = start;
		c->repetition = 1;
		c->quiet_plies = 200;
		c->created = (long long)time(NULL);
		c->seat = k;
		c->name = k == 0 ? "fill-w" : "fill-b";
		c->token = f->hash[k];
		c->nev = 1;
		c->seq[0] = ++seq;
		c->kind[0] = "JOINED";
		snprintf(f->body[f->n - 1][0], sizeof f->body[0][0],
		    "seat=%s name=%s", k == 0 ? "white" : "black", c->name);
		c->body[0] = f->body[f->n - 1][0];
	}
	while (!game_over(&g) && g.nply < plies && f->n < MAXEV - 1) {
		struct store_change *c = &f->ch[f->n];
		int side = game_board(&g)->side;
		if (movegen_legal(game_board(&g), &ml) == 0)
			break;
		notation_write(ml.moves[rnd() % (unsigned)ml.n], text,
		    sizeof text);
		if (game_play_text(&g, text, err, sizeof err) < 0)
			break;
		fen_write(game_board(&g), fen, sizeof fen);
		memset(c, 0, sizeof *c);
		c->game = f->id;
		c->seat = -1;
		c->nev = 1;
		c->seq[0] = ++seq;
		c->kind[0] = "MOVE";
		snprintf(f->body[f->n][0], sizeof f->body[0][0],
		    "ply=%d side=%s move=%s fen=", g.nply - 1,
		    side == 0 ? "white" : "black", text);
		cgp_fen_to_wire(fen, f->body[f->n][0] +
		    strlen(f->body[f->n][0]), 96);
		c->body[0] = f->body[f->n][0];
		if (game_over(&g)) {
			c->nev = 2;
			c->seq[1] = ++seq;
			c->kind[1] = "RESULT";
			snprintf(f->body[f->n][1], sizeof f->body[0][1],
			    "result=%s reason=%s", sess_result_text(g.result),
			    game_reason_name(g.reason));
			c->body[1] = f->body[f->n][1];
		}
		f->n++;
	}
	if (finish && !game_over(&g)) {
		struct store_change *c = &f->ch[f->n++];
		int loser = game_board(&g)->side;
		memset(c, 0, sizeof *c);
		c->game = f->id;
		c->seat = -1;
		c->nev = 1;
		c->seq[0] = ++seq;
		c->kind[0] = "RESULT";
		snprintf(f->body[f->n - 1][0], sizeof f->body[0][0],
		    "result=%s reason=resign", loser == 0 ? "0-1" : "1-0");
		c->body[0] = f->body[f->n - 1][0];
	}
	game_free(&g);
}

int
main(int argc, char **argv)
{
	const struct store_change *batch[BATCH];
	bool ok[BATCH], conflict[BATCH], replaced[BATCH];
	const char *path = NULL;
	long finished = 0, active = 0, i, total, rows = 0;
	struct fgame *f = malloc(sizeof *f);
	struct store *st;
	char err[512];
	int k, n;
	time_t t0 = time(NULL);

	for (k = 1; k < argc; k++) {
		if (k + 1 < argc && strcmp(argv[k], "--db") == 0)
			path = argv[++k];
		else if (k + 1 < argc && strcmp(argv[k], "--finished") == 0)
			finished = atol(argv[++k]);
		else if (k + 1 < argc && strcmp(argv[k], "--active") == 0)
			active = atol(argv[++k]);
		else if (k + 1 < argc && strcmp(argv[k], "--seed") == 0)
			rng = (unsigned)atol(argv[++k]);
		else {
			fprintf(stderr, "usage: cgp_fill --db FILE [--finished "
			    "N] [--active M] [--seed S]\n");
			return 2;
		}
	}
	if (path == NULL || f == NULL)
		return 2;
	board_init();
	st = store_open(path, STORE_CREATE, err, sizeof err);
	if (st == NULL) {
		fprintf(stderr, "cgp_fill: %s\n", err);
		return 1;
	}
	/* Filling, not serving: no sync a game (the file is synced once the
	 * store closes). */
	sqlite3_exec(st->db, "PRAGMA synchronous=OFF", NULL, NULL, NULL);
	total = finished + active;
	n = 0;
	for (i = 0; i < total; i++) {
		make_game(f, i < finished);
		for (k = 0; k < f->n; k += BATCH) {
			int m = f->n - k < BATCH ? f->n - k : BATCH, j;
			for (j = 0; j < m; j++)
				batch[j] = &f->ch[k + j];
			if (store_sqlite_ops.commit_batch(st, batch, m, ok,
			    conflict, replaced, err, sizeof err) < 0 || !ok[0] ||
			    !ok[m - 1]) {
				fprintf(stderr, "cgp_fill: %s\n", err);
				return 1;
			}
			rows += m;
		}
		if (++n % 10000 == 0)
			fprintf(stderr, "cgp_fill: %ld games, %ld changes, "
			    "%ld s\n", i + 1, rows, (long)(time(NULL) - t0));
	}
	store_close(st);
	printf("cgp_fill: %ld finished and %ld active games (%ld changes) "
	    "added to %s in %ld s\n", finished, active, rows, path,
	    (long)(time(NULL) - t0));
	free(f);
	return 0;
}
