/*
 * fuzz_cgp.h: what the two files of the CGP/1 harness share: its model of
 * the games and of the store (fuzz_cgp.c drives the session and checks its
 * answers; fuzz_cgp_store.c is the session's callbacks, the fake store and
 * the checks of the live and rebuilt sessions against the model).
 */
#ifndef CONGO_FUZZ_CGP_H
#define CONGO_FUZZ_CGP_H

#include "engine/game.h"
#include "net/server/sess_int.h"

#include "fuzz_util.h"

#define NCONN 8
#define MAXTOK 256
#define LINE_BUF 2048

struct rec {
	int kind;                    /* 0 game, 1 seat, 2 event */
	char game[CGP_ID_LEN + 1];
	char start[CGP_FEN_MAX];
	int rep, quiet;
	int seat;
	char name[CGP_NAME_MAX + 1];
	char token[CGP_HASH_LEN + 1];
	long seq;
	char ekind[16];
	char body[300];
	char variant[16], clock[32];
};

struct mgame {
	char id[CGP_ID_LEN + 1];
	struct game g;               /* stored start + acknowledged moves */
	bool over;                   /* a RESULT is stored */
	char token[2][CGP_HASH_LEN + 1];   /* as the server keeps them */
	int holder[2];
	long seq;                    /* stored events */
};

struct sent {
	int conn;
	char *line;
	int nrec;                    /* records stored when it was sent */
};

struct h {
	struct sess *s;
	long long now;
	bool open[NCONN], closing[NCONN];
	struct mgame *games;
	int ngames, gamecap;
	char tokens[MAXTOK][CGP_TOKEN_LEN + 1];
	bool published[MAXTOK];      /* put by the harness outside token= */
	int ntokens;
	struct rec *recs;
	int nrec, reccap;
	int fail;
	struct sent *out;
	int nout, outcap;
	const char *cmd_token;       /* token= of the command being run */
	int rebuilds;
};

/* Sessions rebuilt from the store (check_rebuild); fuzz_cgp.c prints it
 * with its own counts. */
extern unsigned long long st_rebuilds;

/* fuzz_cgp_store.c */
extern const struct store_ops fake_store;
void cb_send(void *ctx, int conn, const char *line, size_t len);
void cb_close(void *ctx, int conn);
void cb_log(void *ctx, int level, const char *msg);
long stored_seq(struct h *h, const char *game);
void out_clear(struct h *h);
const char *msg_val(const char *line, const char *key, char *buf, size_t n);
bool body_has(const char *body, const char *kv);
int new_events(struct h *h, const char *id, int from, int upto, struct rec **ev,
    int max);
void check_live(struct h *h);
void check_rebuild(struct h *h);

#endif
