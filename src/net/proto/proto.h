/*
 * proto.h: CGP/1 (../shared/PROTOCOL.md), what the server and the client
 * share, as pure functions: the parser of client lines and of server
 * lines, the formatter of server lines, the checks of values, ids and
 * tokens (getrandom, constant-time compare, hashes), the variants a game
 * is created in, and the folder network play keeps its files in. No
 * sockets, no state; nothing else of src/net.
 */
#ifndef CONGO_NET_PROTO_H
#define CONGO_NET_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/game.h"
#include "util/port.h"
#include "util/util.h"

/* CGP/1's port unless told another (congo.conf's default too). */
#define NET_DEFAULT_PORT CONGO_DEFAULT_PORT
#define NET_DEFAULT_TLS_PORT CONGO_DEFAULT_TLS_PORT

#define CGP_VERSION "CGP/1"
#define CGP_LINE_MAX 512       /* a client line with its LF */
#define CGP_SLINE_MAX 2048     /* a server line with its LF (we send < 1024) */
#define CGP_TAG_MAX 16         /* letters after '#' */
#define CGP_MAX_KV 32          /* key=value pairs in one line */
#define CGP_MAX_ARGS 4         /* positional words after the verb */
#define CGP_ID_LEN 8           /* game id */
#define CGP_TOKEN_LEN 26       /* seat token */
#define CGP_HASH_LEN 64        /* a token's SHA-256 in hex, as stored */
#define CGP_NAME_MAX 31        /* player name */
#define CGP_MOVE_MAX 32        /* move text with its NUL */
#define CGP_FEN_MAX 96         /* FEN with its NUL */
#define CGP_SAY_MAX 200        /* a SAY text */
#define CGP_VARIANT_MAX 16     /* a variant name with its NUL */

enum cgp_code {
	CGP_BAD_SYNTAX = 400,
	CGP_BAD_TOKEN = 401,
	CGP_NOT_YOUR_SEAT = 403,
	CGP_NO_SUCH_GAME = 404,
	CGP_UNKNOWN_COMMAND = 405,
	CGP_SEAT_TAKEN = 409,
	CGP_GAME_OVER = 410,
	CGP_WRONG_PLY = 412,
	CGP_LINE_TOO_LONG = 413,
	CGP_NOT_YOUR_TURN = 420,
	CGP_ILLEGAL_MOVE = 422,
	CGP_NOT_STARTED = 425,
	CGP_HELLO_REQUIRED = 426,
	CGP_CLAIM_TOO_EARLY = 428,
	CGP_RATE_LIMITED = 429,
	CGP_INTERNAL = 500,
	CGP_BUSY = 503,
	CGP_VERSION_UNSUPPORTED = 505,
	CGP_STORAGE_FAILED = 507,
	/* Codes that share a number with another and have a name of their
	 * own: the number is code % 1000 (cgp_code_number). */
	CGP_BAD_KEY = 1401,
	CGP_NO_SUCH_SEEK = 1404,
	CGP_NO_SUCH_PLAYER = 2404,
	CGP_NAME_TAKEN = 1409,
	CGP_NOTHING_TO_TAKE_BACK = 2409,
	CGP_SAME_NETWORK = 7409,
	CGP_ALREADY_LOGGED_IN = 3409,
	CGP_SAME_PLAYER = 4409,
	CGP_NOT_A_BOT_NOW = 5409,      /* LOGIN bot=yes after rated games */
	CGP_LOGIN_REQUIRED = 2401,     /* a command that needs LOGIN */
	CGP_BLOCKED = 1403,            /* a CHALLENGE to an account that
					  blocks its sender */
	CGP_NO_SUCH_TOURNEY = 3404
};

/* The number a code is written with (409 for CGP_NAME_TAKEN). */
int cgp_code_number(int code);

/* The NAME of a code ("BAD_SYNTAX"), NULL for a code CGP/1 does not have. */
const char *cgp_code_name(int code);

enum cgp_verb {
	CGP_V_UNKNOWN = 0,
	CGP_V_HELLO,
	CGP_V_CREATE,
	CGP_V_JOIN,
	CGP_V_REJOIN,
	CGP_V_MOVE,
	CGP_V_RESIGN,
	CGP_V_DRAW,
	CGP_V_OBSERVE,
	CGP_V_STATE,
	CGP_V_LIST,
	CGP_V_HISTORY,
	CGP_V_PING,
	CGP_V_PONG,
	CGP_V_QUIT,
	CGP_V_CANCEL,
	CGP_V_CLAIM,
	CGP_V_REMATCH,
	CGP_V_SAY,
	CGP_V_TAKEBACK,
	CGP_V_REGISTER,
	CGP_V_LOGIN,
	CGP_V_WHOIS,
	CGP_V_TOP,
	CGP_V_GAMES,
	CGP_V_RECORD,
	CGP_V_SEEK,
	CGP_V_UNSEEK,
	CGP_V_SEEKS,
	CGP_V_CHALLENGE,
	CGP_V_CHALLENGES,
	CGP_V_BLOCK,
	CGP_V_UNBLOCK,
	CGP_V_BLOCKS,
	/* Tournaments (issue 60). */
	CGP_V_TOURNEY,
	CGP_V_TJOIN,
	CGP_V_TLEAVE,
	CGP_V_TPAUSE,
	CGP_V_TOURNEYS,
	CGP_V_STANDINGS,
	CGP_V_BERSERK,
	CGP_NVERBS
};

/* "MOVE" for CGP_V_MOVE; lookup is case-insensitive, CGP_V_UNKNOWN if none. */
const char *cgp_verb_name(enum cgp_verb v);
enum cgp_verb cgp_verb_lookup(const char *s);

/* A client line, cut into words in place. */
struct cgp_cmd {
	char buf[CGP_LINE_MAX + 1];
	char tag[CGP_TAG_MAX + 2];      /* "#t1", or "*" without a tag */
	enum cgp_verb verb;
	const char *verb_text;          /* as written, "" if none */
	int nargs;                      /* words without '=' after the verb */
	const char *args[CGP_MAX_ARGS];
	int nkv;
	const char *key[CGP_MAX_KV];
	const char *val[CGP_MAX_KV];
	const char *text;               /* after " :" (SAY), NULL if none */
};

/*
 * Parse one client line: len bytes without the LF (a CR before it already
 * dropped). Returns 0, or the error code to answer (400 BAD_SYNTAX, 405
 * UNKNOWN_COMMAND, 413 LINE_TOO_LONG) with a reason in err. cmd->tag is
 * filled whenever the tag could be read, so the error can echo it. An empty
 * line returns 0 with cmd->verb == CGP_V_UNKNOWN and verb_text "": ignore it.
 */
int cgp_parse(const char *line, size_t len, struct cgp_cmd *cmd, char *err,
    size_t errlen);

/* The value of key in a parsed line, NULL if absent. */
const char *cgp_get(const struct cgp_cmd *cmd, const char *key);

/* A line from the server, cut into words in place (the client's side). */
enum cgp_msg_type {
	CGP_M_OK = 1,    /* OK <tag> <VERB> kv... */
	CGP_M_ERR,       /* ERR <tag> <code> <NAME> kv... [:text] */
	CGP_M_EV,        /* EV <game> <seq> <EVENT> kv... */
	CGP_M_ITEM,      /* ITEM <tag> kv... */
	CGP_M_PING,      /* PING <word> */
	CGP_M_PONG,      /* PONG <word> */
	CGP_M_HELLO      /* HELLO CGP/1 server=... */
};

struct cgp_msg {
	char buf[CGP_SLINE_MAX + 1];
	enum cgp_msg_type type;
	const char *tag;      /* OK ERR ITEM */
	const char *verb;     /* OK: the verb; EV: the event; HELLO: version */
	int code;             /* ERR */
	const char *name;     /* ERR */
	const char *text;     /* ERR: after ':', "" if none */
	const char *game;     /* EV */
	long seq;             /* EV */
	const char *word;     /* PING PONG */
	int nkv;
	const char *key[CGP_MAX_KV];
	const char *val[CGP_MAX_KV];
};

/* Parse one server line (without its LF). Returns 0 or -1 with err. */
int cgp_parse_msg(const char *line, size_t len, struct cgp_msg *m, char *err,
    size_t errlen);
const char *cgp_msg_get(const struct cgp_msg *m, const char *key);

/* Building a server line: begin, add, end. Never overflows (truncates). */
struct cgp_out {
	char buf[CGP_SLINE_MAX];
	size_t len;
};

void cgp_out_ok(struct cgp_out *o, const char *tag, const char *verb);
void cgp_out_err(struct cgp_out *o, const char *tag, int code);
void cgp_out_ev(struct cgp_out *o, const char *game, long seq,
    const char *event);
void cgp_out_item(struct cgp_out *o, const char *tag);
void cgp_out_begin(struct cgp_out *o, const char *first);
void cgp_out_word(struct cgp_out *o, const char *w);
void cgp_out_kv(struct cgp_out *o, const char *key, const char *val);
void cgp_out_kvi(struct cgp_out *o, const char *key, long val);
/* ":text", other bytes than printable ASCII shown as '?'. */
void cgp_out_text(struct cgp_out *o, const char *text);
/* Append the LF; returns the line (o->len counts the LF). */
const char *cgp_out_end(struct cgp_out *o);

/* A SAY's or SAID's text of n bytes (proto_text.c, PROTOCOL.md SAY):
 * UTF-8 without control characters (C0, DEL, C1), at most CGP_SAY_MAX
 * bytes. 0, or CGP_BAD_SYNTAX with the problem named in err. */
int cgp_text_check(const char *text, size_t n, char *err, size_t errlen);

/* Values. */
bool cgp_valid_game(const char *s);
bool cgp_valid_token(const char *s);
bool cgp_valid_name(const char *s);
bool cgp_valid_move(const char *s);     /* 2-15 squares a1..g7, either case */
bool cgp_valid_tag(const char *s);      /* "#..." */
/* "white" 0, "black" 1, else -1. */
int cgp_seat_parse(const char *s);
const char *cgp_seat_name(int color);
/* A decimal number 0..max; -1 if it is not one. */
long cgp_parse_num(const char *s, long max);
/* A FEN as written on the wire (`_` for spaces) into out, spaces restored.
 * Checks the characters only; the engine checks the position. -1 if bad. */
int cgp_fen_from_wire(const char *s, char *out, size_t n);
void cgp_fen_to_wire(const char *fen, char *out, size_t n);
/* Upper-case a game id or token in place (readers accept either case). */
void cgp_upcase(char *s);

/* 2. Ids and tokens. */
int net_random(void *buf, size_t n);             /* getrandom; -1 on failure */
int net_new_token(char out[CGP_TOKEN_LEN + 1]);  /* 128 random bits */
int net_new_game_id(char out[CGP_ID_LEN + 1]);   /* 40 random bits */
/* Same 26-character token? Takes the same time whatever the contents. */
bool net_token_equal(const char *a, const char *b);
/* SHA-256 (libsodium; proto_hash.c), and in lower-case hex. */
void net_sha256(const void *data, size_t n, unsigned char out[32]);
void net_sha256_hex(const void *data, size_t n, char out[65]);
/* A seat token as it is stored and kept: its SHA-256 in hex. */
void net_token_hash(const char *token, char out[CGP_HASH_LEN + 1]);
/* An account's key as it is stored: its BLAKE2b-256 in hex. */
void net_key_hash(const char *key, char out[CGP_HASH_LEN + 1]);
bool net_valid_hash(const char *s);
/* Same hash? In the same time whatever the contents. */
bool net_hash_equal(const char *a, const char *b);

/* Variants (proto_variant.c, RULES.md "Variants"): a variant's game set
 * up from fen= (wire form, NULL: its start): board, rules, and the start
 * in wire form. -1 with err naming the problem. */
int cgp_variant_start(const char *variant, const char *fen_wire,
    const struct game_rules *base, struct board *b, struct game_rules *rules,
    char wire[CGP_FEN_MAX], char *err, size_t errlen);
bool cgp_variant_known(const char *variant);

/* The default file of network play (proto_paths.c): $XDG_STATE_HOME/congo/
 * FILE (or ~/.local/state/...), creating the folder (mode 0700). -1 with
 * err if impossible. */
int net_default_db(char *out, size_t n, const char *file, char *err,
    size_t errlen);
/* The same under $XDG_DATA_HOME/congo (~/.local/share/congo). */
int net_data_file(char *out, size_t n, const char *file, char *err,
    size_t errlen);

#endif
