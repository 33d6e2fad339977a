/*
 * client_int.h: inside the client (src/net/client's own files).
 */
#ifndef CONGO_NET_CLIENT_INT_H
#define CONGO_NET_CLIENT_INT_H

#include <netdb.h>
#include <stdio.h>
#include <sys/types.h>

#include "clock/clock.h"
#include "net/client/client.h"
#include "util/util.h"

enum cli_role {
	ROLE_NONE = 0,        /* lobby: nothing to re-establish */
	ROLE_CREATE,          /* CREATE to send */
	ROLE_JOIN,            /* JOIN to send */
	ROLE_SEAT,            /* we hold a seat: REJOIN on reconnection */
	ROLE_OBSERVE,         /* OBSERVE on reconnection */
	ROLE_SEEK,            /* SEEK (again after a reconnection) */
	ROLE_CHALLENGE        /* CHALLENGE to send */
};

#define CLI_BACKOFF_MIN 500
#define CLI_BACKOFF_MAX 15000
#define CLI_QUIET_PING 40000    /* ms without a line: we PING */
#define CLI_QUIET_DEAD 60000    /* ms without a line: the link is dead */

struct net_client {
	struct net_client_opts o;
	enum net_state st;
	int fd;
	bool connected;           /* TCP is up (HELLO may be under way) */
	struct net_resolve *res;  /* the host's name being looked up */
	struct addrinfo *ai, *ai_next;
	char in[CGP_SLINE_MAX + 1];
	size_t inlen;
	char *out;
	size_t outlen, outcap;
	long long retry_at, last_rx, ping_at;
	int backoff;
	bool accounts;            /* the server keeps accounts (HELLO) */
	char why[512];
	/* TLS (client_tls.c): the connection, its handshake under way, a
	 * read that waits to write, a write that waits to read; checked
	 * against the authorities, their chain alone (CLI_TLS_VOUCH) or
	 * (CLI_TLS_PIN) against the pin; the first check's failure, and
	 * the certificate the player is asked about (NEV_TRUST, "" none). */
	struct tls *tls;
	bool tls_hs, tls_rd_out, tls_wr_in;
	int tls_try;
	char tls_first[400];
	char tls_ask[80];

	enum cli_role role;
	char game[16];
	int seat;                 /* the seat held or wanted, -1 none */
	bool join_any;            /* JOIN the free seat: white, then black */
	char token[CGP_TOKEN_LEN + 1];
	char fen[CGP_FEN_MAX];    /* CREATE fen=, wire form, "" none */
	long seq;                 /* the last event seen */
	bool catchup;             /* a REJOIN or OBSERVE since= without the
	                             game here: until the STATE after it,
	                             the events only counted (client_catchup.c) */
	struct vec held;          /* their chat (struct net_event, NEV_SAID),
	                             given after that STATE, */
	long seen_upto;           /* seen up to this event (the player's own
	                             last act, or left_seq) */
	char left_game[16];       /* the game left for the lobby, and the */
	long left_seq;            /* last event seen of it then */
	unsigned tagn;

	bool pending;             /* a MOVE not answered yet */
	int pending_ply;
	char pending_move[CGP_MOVE_MAX];

	struct game mirror;
	bool have_mirror;
	bool syncing;             /* HISTORY pages under way */
	int hist_left;            /* ITEMs still to come in this page */
	int hist_total;           /* plies the server has */
	char state_fen[CGP_FEN_MAX];
	char late_result[8];      /* a result heard while syncing */
	char late_reason[24];
	int list_left;            /* LIST ITEMs still to come */
	char variant[CGP_VARIANT_MAX]; /* CREATE variant=, "" none */
	char clockspec[16];       /* CREATE clock=, "" none */
	int create_days;          /* CREATE days=, 0 none */
	char state_variant[CGP_VARIANT_MAX]; /* the game's, from STATE */
	int days;                 /* a correspondence game's days a move, */
	long long deadline;       /* its side to move's deadline (Unix ms) */
	char chal_args[160];      /* CHALLENGE's key=value words */
	bool timed;               /* the game has a clock: */
	struct game_clock clock;  /* as the server last told it */

	char account[CGP_NAME_MAX + 1]; /* logged in as, "" none */
	bool registered;          /* REGISTER made it on this run */
	char seek_args[160];      /* SEEK's key=value words */
	char seek_id[16];         /* the server's id of it, "" none yet */
	char pair_tourney[16];    /* the PAIRED being taken's tournament */
	bool finished;            /* our game is over (RESULT, or a STATE
	                             finished: a cancelled one too) */
	long long seek_since;     /* when it was asked (util_now_ms) */
	bool seek_bots;           /* the next seek says bots=yes */
	char items_verb[16];      /* the list whose ITEMs come, "" none */
	int items_left;

	struct net_event *q;      /* events not yet taken */
	int qhead, qlen, qcap;
};

/*
 * A host name looked up in a thread of its own (client_resolve.c): start,
 * poll the fd (readable when done), take the answer (false: not yet; then
 * r is freed and *ai is the caller's), or cancel (frees r, now or later).
 */
struct net_resolve;
struct net_resolve *net_resolve_start(const char *host, const char *port);
int net_resolve_fd(const struct net_resolve *r);
bool net_resolve_take(struct net_resolve *r, struct addrinfo **ai, int *rc);
void net_resolve_cancel(struct net_resolve *r);

struct net_event *cli_event(struct net_client *c, enum net_ev_kind kind);
/* An NEV_ERROR of the refusal m of our command verb (its code, name and
 * text; the seconds left of a CLAIM_TOO_EARLY). */
void cli_error_event(struct net_client *c, const struct cgp_msg *m,
    const char *verb);
/* Queue a line (printf-style, the LF added). */
void cli_send(struct net_client *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Lost the link: close, and retry later (or give up with why). */
void cli_lost(struct net_client *c, const char *why, bool retry,
    long long now);
void cli_handle(struct net_client *c, const struct cgp_msg *m,
    long long now);
void cli_drop_sync(struct net_client *c);
/* After HELLO: take the seat again, observe, create or join. */
void cli_establish(struct net_client *c);
/* Ask for the whole game again (STATE, then HISTORY pages). */
void cli_resync(struct net_client *c);
void cli_set_state(struct net_client *c, enum net_state st,
    const char *text);
/* wclock= bclock= of a line into e and the clock kept (now: its arrival;
 * side: the side to move then, -1 when the game is over; nply: the plies
 * played then: the side to move's clock stands for its first move). */
void cli_clock_keys(struct net_client *c, const struct cgp_msg *m,
    struct net_event *e, int side, long nply, long long now);
/* EV .. REMATCHED: the new game is ours. */
void cli_rematched(struct net_client *c, const struct cgp_msg *m);
/* The seat of a new game taken (PAIRED, REMATCHED): nothing of the old
 * game kept, the event kind told with the seat, the token remembered when
 * the options ask (an NEV_ERROR when it cannot be), and the game asked for
 * (cli_resync). */
void cli_take_seat(struct net_client *c, const char *game, const char *tok,
    int seat, enum net_ev_kind kind);
/* Nothing of the game c played holds any more (another is taken): its
 * mirror, sync, pending move, clock, seq (the new game's events, from 1,
 * would be taken for seen), end and deadline. */
void cli_forget_game(struct net_client *c);
/* 0 when c holds a seat and is online, else -1 with err saying which. */
int cli_seated_online(struct net_client *c, char *err, size_t errlen);
/* The line fmt makes (a command of the seat's game) sent when c holds a
 * seat and is online: 0; else -1 with err (cli_seated_online). */
int cli_seat_send(struct net_client *c, char *err, size_t errlen,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* client_catchup.c: the REJOIN or OBSERVE (cmd: its tag and verb; who:
 * its seat's words, "" none) sent after each connection, since the last
 * event seen (seat: from the first in a new run; a watcher new to the game
 * asks for its STATE alone), then a STATE; a stored event m of the
 * catch-up taken (true: not applied; said: the SAID just queued, held);
 * the catch-up ended by its STATE (or its refusal), the chat held given
 * (give, each marked seen or not) or not; the game left (for the lobby,
 * or the program's end): the last event seen noted (and kept with the
 * seat's token). */
void cli_catchup_send(struct net_client *c, const char *cmd, const char *who,
    bool seat);
void cli_catchup_leave(struct net_client *c);
bool cli_catchup_take(struct net_client *c, const struct cgp_msg *m,
    bool said);
void cli_catchup_end(struct net_client *c, bool give);

/* client_tls.c: TLS over c->fd once TCP is up (-1 with err); its
 * handshake (0 done, 1 under way, -1 the connection lost or made again);
 * tls_read and tls_write (bytes, 0 the end, -1 an error, CLI_TLS_AGAIN);
 * the last error; the context freed. */
#define CLI_TLS_VERIFY 0
#define CLI_TLS_PIN 1
#define CLI_TLS_VOUCH 2
#define CLI_TLS_AGAIN (-2)
int cli_tls_start(struct net_client *c, char *err, size_t errlen);
int cli_tls_handshake(struct net_client *c, long long now);
ssize_t cli_tls_read(struct net_client *c, void *buf, size_t len);
ssize_t cli_tls_write(struct net_client *c, const void *buf, size_t len);
const char *cli_tls_error(struct net_client *c);
void cli_tls_free(struct net_client *c);
/* The connection made again at once, to the first address (why: the
 * failure, should none answer). */
void cli_redial(struct net_client *c, const char *why, long long now);
/* The connection closed (nothing sent), no state changed and no retry:
 * a question to the player waits (net_client_trust). */
void cli_hold(struct net_client *c);

/* client_acct.c: after HELLO (REGISTER, LOGIN, then establish),
 * the replies and events of accounts, seeks, takebacks and lists (true
 * when the line was theirs), and the ratings of a STATE or RESULT. */
void cli_after_hello(struct net_client *c);
void cli_seek_send(struct net_client *c);
bool cli_acct_ok(struct net_client *c, const struct cgp_msg *m);
bool cli_acct_err(struct net_client *c, const struct cgp_msg *m);
bool cli_acct_item(struct net_client *c, const struct cgp_msg *m);
void cli_paired(struct net_client *c, const struct cgp_msg *m);
void cli_rating_keys(const struct cgp_msg *m, struct net_event *e);
/* waccount=1, baccount=1 (and rated=1) of a STATE or LIST item: which
 * seats are accounts'. */
void cli_account_keys(const struct net_client *c, const struct cgp_msg *m,
    struct net_event *e);

/* client_tourney.c: the verb of a tournament command's tag letter (NULL
 * none); its OK (true when the line was one); EV TOURNEY, EV BERSERK;
 * a tournament's PAIRED (true when it was one: taken or kept). */
const char *cli_tourney_verb(char tag);
bool cli_tourney_ok(struct net_client *c, const struct cgp_msg *m);
void cli_tourney_ev(struct net_client *c, const struct cgp_msg *m);
void cli_berserk_ev(struct net_client *c, const struct cgp_msg *m,
    long long now);
bool cli_tourney_paired(struct net_client *c, const struct cgp_msg *m);

/* client_corr.c: CHALLENGE sent (again after a reconnection until the
 * server has it), EV CHALLENGED, a correspondence game's days and
 * deadline (days=, deadline= of a STATE: state true; of a MOVE or
 * JOINED: deadline= alone), and its errors (true when the line was
 * theirs). */
void cli_challenge_send(struct net_client *c);
void cli_challenged(struct net_client *c, const struct cgp_msg *m);
void cli_corr_keys(struct net_client *c, const struct cgp_msg *m,
    struct net_event *e, bool state);
bool cli_corr_err(struct net_client *c, const struct cgp_msg *m);

/* client_file.c: the tokens' and keys' files rewritten whole. lock: the
 * lock file PATH.lock held (its fd, to close when done; -1 with err);
 * begin: PATH.new opened for writing, mode 0600 (its name in tmp; NULL
 * with err); end: flushed, synced and renamed over PATH (0, or -1 with
 * err and PATH.new gone). */
int client_file_lock(const char *path, char *err, size_t errlen);
FILE *client_file_begin(const char *path, char *tmp, size_t tmpn, char *err,
    size_t errlen);
int client_file_end(FILE *out, const char *tmp, const char *path, char *err,
    size_t errlen);
/* keep: up to max - 1 lines, each stride bytes apart, *n of them; line
 * added at the end (the oldest dropped when they are max - 1). write: PATH
 * rewritten (begin, end) with the n lines of keep and then last. */
void client_file_keep(char *keep, size_t stride, int *n, int max,
    const char *line);
int client_file_write(const char *path, const char *keep, size_t stride,
    int n, const char *last, char *err, size_t errlen);
/* read: the client's file name (in its state folder: net_default_db)
 * opened for reading, its lines' server host:port into where; NULL when it
 * is not there (or cannot be read). */
FILE *client_file_read(const char *name, const char *host, int port,
    char *where, size_t wn);

#endif
