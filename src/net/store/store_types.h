/*
 * store_types.h: the records a store and the server's session exchange
 * (src/net/store): one command's changes (struct store_change) with its
 * typed writes of accounts, ratings, blocks and seeks (struct store_op,
 * built by the calls below, run by each store: values bound by both,
 * never pasted into a statement's text), and
 * what the reads hand back (LIST's lines, accounts, ratings, games). No
 * SQL here: the statements are the stores' own (store_sql.h, store_op.c).
 */
#ifndef CONGO_NET_STORE_TYPES_H
#define CONGO_NET_STORE_TYPES_H

#include <stdbool.h>
#include <stddef.h>

#include "net/proto/proto.h"
#include "rating/rating.h"
#include "net/store/store_tourn.h"

enum net_log_level { NET_LOG_ERROR = 0, NET_LOG_WARN, NET_LOG_INFO,
	NET_LOG_DEBUG };

/* A seat's taking on a store several servers share (STORE_TAKING_LEN
 * characters of A-Z2-7, random): REJOIN writes its own before its OK. */
#define STORE_TAKING_LEN 16

/*
 * A write of the accounts' and seeks' tables, typed: its kind and its
 * values, run by the store in the transaction of the change that carries
 * it (store_op.c has the statements, ? for each value; store_sqlite_op.c
 * binds them; store_pg_put.c gives them to congo_put as $1[k] of its
 * bound values, as it binds every other value there). A duplicate key
 * is a conflict, as another server's ply is.
 */
enum store_op_kind {
	STORE_OP_NONE = 0,
	STORE_OP_ACCOUNT_ADD,      /* lname, name (as registered), keyhash,
				      at (created) */
	STORE_OP_ACCOUNT_REKEY,    /* lname, keyhash: its new key's */
	STORE_OP_ACCOUNT_FORGET,   /* lname, keyhash: that account deleted */
	STORE_OP_BLOCK_ADD,        /* lname blocks other */
	STORE_OP_BLOCK_REMOVE,     /* lname no longer blocks other */
	STORE_OP_GAME_RATED,       /* game: its rated flag set */
	STORE_OP_RATING_PUT,       /* lname's rating in (variant, speed)
				      after game: rating, rd, vol, its
				      games (n of its history), at */
	STORE_OP_SEEK_CLAIMS,      /* claim[0..3] claimed, in that order */
	STORE_OP_SEEK_LIVE,        /* claim[0] claimed again (a conflict)
				      when server gave no sign of life
				      within STORE_SERVER_LIVE_MS */
	STORE_OP_SEEK_UNBLOCKED,   /* claim[0] claimed again (a conflict)
				      when lname blocks other or other
				      blocks lname */
	/* Tournaments (store_tourn.h; values in t, the lease's server
	 * and its end in server and at). */
	STORE_OP_TOURNEY_ADD, STORE_OP_TOURNEY_STATE, STORE_OP_TMEMBER_PUT,
	STORE_OP_TMEMBER_REMOVE, STORE_OP_TMEMBER_SCORE, STORE_OP_TPAIR_ADD,
	STORE_OP_TBERSERK, STORE_OP_TLEASE,
	STORE_OP_ACCOUNT_BOT       /* lname made a bot account (issue 59) */
};
#define STORE_OP_MAX 6
#define STORE_CLAIM_LEN 40
struct store_op {
	enum store_op_kind kind;
	char lname[CGP_NAME_MAX + 1];  /* an account's name in lower case */
	char name[CGP_NAME_MAX + 1];   /* ACCOUNT_ADD: as registered */
	char other[CGP_NAME_MAX + 1];  /* another account, lower case */
	char keyhash[CGP_HASH_LEN + 1];
	char game[CGP_ID_LEN + 1];
	char claim[4][STORE_CLAIM_LEN];
	char server[CGP_ID_LEN + 1];
	char variant[CGP_VARIANT_MAX];
	char speed[RATING_SPEED_MAX];
	double rating, rd, vol;
	int games;
	long long at;                  /* Unix time */
	struct store_tourn_op t;       /* tournaments' (store_tourn.h) */
};

/* One command's changes, stored in one transaction (all or nothing). */
struct store_change {
	const char *game;          /* the game id */
	bool new_game;             /* CREATE: a new game row */
	const char *start_fen;     /* with new_game: its start, wire form */
	int repetition;            /* with new_game: its rules */
	int quiet_plies;
	long long created;         /* with new_game: Unix time */
	int seat;                  /* a seat taken (0 white, 1 black), or -1 */
	const char *name;          /* with seat */
	const char *token;         /* with seat: the token's hash (hex) */
	int nev;                   /* events: MOVE may bring its RESULT */
	long seq[2];
	const char *kind[2];       /* "JOINED" "MOVE" "DRAW" "RESULT" */
	const char *body[2];       /* its key=value words */
	/* With new_game (all may be NULL or -1 for the defaults): */
	const char *variant;       /* "congo" (NULL) or "megapawn" */
	const char *clock;         /* "300+5", NULL for an untimed game */
	int creator;               /* the seat its creator took, -1 none */
	const char *rematch_of;    /* the game it is a rematch of, or NULL */
	bool rated;                /* a rated game (its seats: accounts) */
	/* A rematch takes both seats at once: seat is 0 (name, token) and
	 * seat 1 is name2, token2, in the same transaction. */
	bool both_seats;
	const char *name2, *token2;
	/* Writes of accounts, ratings, blocks and seeks (store_op) in the
	 * same transaction (an account, a rated game's flag, the ratings a
	 * result changes, a pairing's claims): a duplicate key is a
	 * conflict, as another server's ply is. With no game (game ""), a
	 * change of accounts only. A change of no game whose first op is
	 * an ACCOUNT_ADD is told stored, when a commit's answer is lost
	 * with its connection (store_pg_lost.c), by that account with its
	 * key's hash: a REGISTER stored then is answered with its key. */
	int nop;
	struct store_op op[STORE_OP_MAX];
	/* A write that undoes this change (kind STORE_OP_NONE: none), run
	 * once the database answers again when whether it was stored is
	 * not known (sess_forget.c). */
	struct store_op forget;
	/* A game made for two seeks (both_seats): their ids. */
	const char *seek[2];
	/* Several servers on one store (ignored by a store of one): a
	 * REJOIN's taking of seat hold_seat, written as the seat's holder
	 * (a change of nothing else); a command of the holder of seat k
	 * (by[k]: the connection holds it here) is refused as replaced
	 * when the store's holder of k is not by_taking[k] ("" for a
	 * seat taken by CREATE, JOIN or a pairing, which write none). */
	char hold[STORE_TAKING_LEN + 1];
	int hold_seat;
	bool by[2];
	char by_taking[2][STORE_TAKING_LEN + 1];
};

/* An UNDO event's body ("ply=N fen=..."): N, the game's ply after it, for
 * the games' summary (LIST's ply=); -1 for any other event. */
long store_undo_ply(const char *kind, const char *body);

/*
 * The typed writes (store_op.c): each appends its op to ch (0), or -1 when
 * ch has no room left (STORE_OP_MAX) or a value does not fit. Names are
 * given in lower case where the op says lname or other.
 */
/* ch made a change of the accounts only (no game, no seat, no op yet). */
void store_change_accounts(struct store_change *ch);
int store_account_add(struct store_change *ch, const char *lname,
    const char *name, const char *keyhash, long long created);
int store_account_rekey(struct store_change *ch, const char *lname,
    const char *keyhash);
/* lname becomes a bot account (PROTOCOL.md "Bots"). */
int store_account_bot(struct store_change *ch, const char *lname);
/* (into op, not appended: a change's forget) */
int store_account_forget(struct store_op *op, const char *lname,
    const char *keyhash);
int store_block_add(struct store_change *ch, const char *lname,
    const char *other);
int store_block_remove(struct store_change *ch, const char *lname,
    const char *other);
int store_game_rated(struct store_change *ch, const char *game);
int store_rating_put(struct store_change *ch, const char *lname,
    const char *variant, const char *speed, const char *game,
    double rating, double rd, double vol, int games, long long at);
int store_seek_claims(struct store_change *ch, const char *const claim[4]);
int store_seek_claim_live(struct store_change *ch, const char *claim,
    const char *server);
int store_seek_claim_unblocked(struct store_change *ch, const char *claim,
    const char *lname, const char *other);
/* op appended to ch as it is (sess_forget.c's retry). */
int store_change_op(struct store_change *ch, const struct store_op *op);

/* A line of LIST, as the store keeps it. */
struct store_item {
	char id[CGP_ID_LEN + 1];
	int status, ply;
	char result[8];
	char white[CGP_NAME_MAX + 1], black[CGP_NAME_MAX + 1];
	char variant[CGP_VARIANT_MAX];
	char clock[16];            /* "300+5", "" without one */
	bool account[2];           /* the seat is an account's */
	/* A game not finished as of its last stored move (STORE_TIMING,
	 * store_timing_parse): the side to move ("white", "black", "" not
	 * known), a correspondence game's deadline for it (Unix ms, 0
	 * none). */
	char turn[8];
	long long deadline;
};
/* That column's text into it's turn and deadline (store_timing.c; nothing
 * there a store could refuse: what does not read is unknown). */
void store_timing_parse(const char *text, struct store_item *it);

/* An account, a rating, a finished game: what WHOIS, TOP, GAMES read. */
struct store_account {
	char name[CGP_NAME_MAX + 1];   /* as registered */
	char keyhash[CGP_HASH_LEN + 1];
	long long created;             /* Unix time */
	int games;                     /* rated games played (not
					  aborted) */
	int wins, draws, losses;       /* of its finished games */
	bool bot;                      /* a bot account (issue 59) */
};

struct store_rating {
	char name[CGP_NAME_MAX + 1];
	char variant[CGP_VARIANT_MAX];
	char speed[RATING_SPEED_MAX];
	double rating, rd, vol;
	int games;
};

struct store_game_item {
	char id[CGP_ID_LEN + 1];
	char variant[CGP_VARIANT_MAX];
	char white[CGP_NAME_MAX + 1], black[CGP_NAME_MAX + 1];
	char result[8], reason[24];
	int rated;
	long long ended;               /* Unix time in ms (the order of GAMES) */
	char clock[16];                /* "300+5", "" without one */
	bool account[2];               /* the seat is an account's */
};

/* Shown after a guest's name where it is an account's (store_sql.h). */
#define STORE_GUEST_MARK "(guest)"

/* A server not heard of for this long (a crash, kill -9, cut off) has its
 * seeks neither listed nor paired (PROTOCOL.md SEEK); the servers say they
 * are alive more often (store_pg_presence.c), in notices and in the
 * database (congo_servers), where a pairing checks it in its
 * transaction. */
#define STORE_SERVER_LIVE_MS 3000

struct store_game_row {          /* one game as storage holds it */
	const char *id;
	const char *start;         /* wire form */
	const char *variant;       /* NULL: "congo" */
	const char *clock;         /* "300+5", NULL: untimed */
	const char *rematch_of;    /* NULL: none */
	int repetition, quiet_plies;
	int creator;               /* the seat its creator took, -1 none */
	long long created;         /* Unix time */
	bool rated;
};

#endif
