/*
 * client.h: the game's side of CGP/1 (src/net/client): one connection to a
 * server, the events it gives, and the files it keeps (seat tokens,
 * account keys). It includes CGP/1 (net/proto) and nothing else of
 * src/net; client_int.h is the inside of this part.
 */
#ifndef CONGO_NET_CLIENT_H
#define CONGO_NET_CLIENT_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/game.h"
#include "net/proto/proto.h"

/*
 * The client: one connection to a server, non-blocking, with an fd to poll.
 * It says HELLO, takes or creates a seat (or observes), keeps a mirror of
 * the game as the server has it, reconnects by itself with backoff and
 * REJOIN since=, and resends a move whose answer was lost (the ply guard
 * makes that harmless). What happens comes out as events.
 */
enum net_state {
	NET_OFFLINE = 0,      /* nothing asked yet */
	NET_CONNECTING,       /* TCP connect and HELLO under way */
	NET_ONLINE,           /* HELLO done */
	NET_RETRY,            /* lost; trying again after a pause */
	NET_CLOSED            /* given up (net_client_why says why) */
};

enum net_ev_kind {
	NEV_STATUS = 1,       /* the connection's state changed: state, text */
	NEV_SEATED,           /* we hold seat in game (token known) */
	NEV_OBSERVING,        /* we watch game */
	NEV_SYNC,             /* the mirror is the server's game: copy it */
	NEV_STATE,            /* names, presence, draw offer (after a STATE) */
	NEV_MOVE,             /* ply, side, move: a move the mirror took */
	NEV_MOVE_OK,          /* our move of ply was stored */
	NEV_RESULT,           /* result, reason */
	NEV_DRAW,             /* action (offer, decline), side */
	NEV_JOINED,           /* seat, name */
	NEV_PRESENCE,         /* seat, presence (gone, back, replaced) */
	NEV_LIST,             /* one game of a LIST: game, status, names, ply */
	NEV_LIST_END,         /* the LIST is complete */
	NEV_ERROR,            /* an ERR: code, name, text, verb (left) */
	NEV_SAID,             /* side said text */
	NEV_REMATCH,          /* side asks for a rematch */
	NEV_REMATCHED,        /* we play game now, in seat (a rematch) */
	NEV_ACCOUNT,          /* logged in as name (text: "registered" when
				 REGISTER made it first) */
	NEV_SEEKING,          /* our seek is on the server: name (its id) */
	NEV_TAKEBACK,         /* action (offer, decline), side */
	NEV_UNDO,             /* a takeback accepted: back to ply (a SYNC
				 follows with the game as it is now) */
	NEV_ITEMS,            /* a reply of ITEMs begins: verb (SEEKS, WHOIS,
				 TOP, GAMES, RECORD), text its OK's keys */
	NEV_ITEM,             /* one ITEM: verb, text its keys (RECORD: the
				 line) */
	NEV_ITEMS_END,        /* the ITEMs of verb are all there */
	NEV_NOTICE,           /* text for the player (a certificate pinned) */
	NEV_CHALLENGED,       /* a challenge to our account: game, name (who
				 from), variant, clock or days, rated, seat
				 (the one it offers us) */
	NEV_TOURNEY,          /* a tournament's (issue 60): tourney its id;
				 the server's EV TOURNEY: action its state=
				 (started, round, bye, finished), ply its n=;
				 or our TJOIN, TLEAVE, TPAUSE, BERSERK taken:
				 verb that verb */
	NEV_BERSERK,          /* side berserked in our game: wclock, bclock */
	NEV_TRUST             /* NET_TRUST_ASK: no authority vouches for the
				 server's certificate and no pin is kept:
				 text its SHA-256 ("SHA256:<hex>"). Nothing
				 was sent; the connection is closed until
				 net_client_trust answers */
};

struct net_event {
	enum net_ev_kind kind;
	int state;            /* NEV_STATUS: enum net_state */
	char game[16];
	long seq;
	int seat;             /* 0 white, 1 black, -1 none */
	int ply;
	int side;
	char move[32];
	char status[12];      /* open active finished */
	char result[8];       /* 1-0 0-1 1/2 */
	char reason[24];
	char white[32], black[32];
	bool wpresent, bpresent;
	int draw;             /* the side offering a draw, -1 none */
	char action[12];
	char presence[12];
	int code;
	char name[32];
	char verb[16];        /* NEV_ERROR: the command it answers */
	char text[256];       /* NEV_ERROR, NEV_SAID */
	bool seen;            /* NEV_SAID: a line caught up after the game
	                         was away (client_catchup.c) that the player
	                         saw already (said before its own last act
	                         in the game, or before the program left it) */
	char variant[16];     /* NEV_STATE, NEV_LIST: "congo", "megapawn" */
	bool timed;           /* NEV_STATE, NEV_MOVE: wclock, bclock are set */
	char clock[16];       /* NEV_STATE, NEV_LIST: the control, "300+5" */
	long long wclock;     /* ms left on each side's clock when it came */
	long long bclock;
	long left;            /* NEV_ERROR 428: seconds until CLAIM works */
	bool rated;           /* NEV_STATE, NEV_RESULT: a rated game; */
	int rating[2];        /* the ratings (STATE: before, RESULT: after), */
	int rd[2];            /* STATE: their deviations (-1 unknown), */
	int diff[2];          /* RESULT: the changes */
	int days;             /* NEV_STATE, NEV_CHALLENGED, NEV_LIST: a
				 correspondence game's days a move, 0 none */
	long long deadline;   /* NEV_STATE, NEV_MOVE, NEV_JOINED: the side to
				 move's deadline, Unix ms (UTC), 0 none */
	bool guest[2];        /* NEV_STATE, NEV_LIST, NEV_JOINED (its seat):
	                         a guest's seat on a server with accounts
	                         (HELLO accounts=yes) whose line did not
	                         say waccount=1, baccount=1 or account=1 (nor
	                         rated=1) */
	bool bot[2];          /* NEV_STATE: wtitle=BOT, btitle=BOT: a bot
	                         account's seat (issue 59) */
	char tourney[16];     /* NEV_STATE, NEV_SEATED (a PAIRED's),
	                         NEV_TOURNEY: the game's tournament, "" */
};

struct net_client_opts {
	char host[256];
	int port;
	char name[32];        /* our player name */
	bool remember;        /* keep tokens in $XDG_STATE_HOME/congo/tokens */
	char login[32];       /* the account to LOGIN as ("": the last one
				 kept for this server in the keys file, if
				 any) */
	bool register_first;  /* REGISTER login first and keep its key */
	bool tls;             /* CGP/1 over TLS (tls://HOST[:PORT]) */
	char tls_ca[1024];    /* trust only this file's authorities ("":
				 the system's, or a pin for a self-signed
				 certificate) */
	int trust;            /* a certificate no authority vouches for, of
				 a server with no pin (client_tls.c):
				 NET_TRUST_REFUSE (0), NET_TRUST_ASK (the
				 player is asked: NEV_TRUST), NET_TRUST_NEW
				 (pinned on first use, a NEV_NOTICE) */
	bool pair_tourney_told;   /* a tournament's PAIRED only told
				     (NEV_TOURNEY paired, its token kept),
				     never taken: a program with several
				     connections of one account (congo
				     --bot) has one of them take it */
};

enum { NET_TRUST_REFUSE = 0, NET_TRUST_ASK, NET_TRUST_NEW };

struct net_client;

struct net_client *net_client_new(const struct net_client_opts *o);
void net_client_free(struct net_client *c);

/* What to do once connected (and again after each reconnection). */
void net_client_create(struct net_client *c, int seat, const char *fen);
/* The same in a variant ("congo", "megapawn"; NULL: the server's default)
 * with a clock ("300+5": seconds and increment; NULL: none) or, days > 0,
 * as a correspondence game of that many days a move (days=). */
void net_client_create_game(struct net_client *c, int seat, const char *fen,
    const char *variant, const char *clock, int days);
void net_client_join(struct net_client *c, const char *game, int seat);
/* The token remembered for game on this server (for seat, or the last
 * remembered when seat is -1), or an explicit one. */
int net_client_rejoin(struct net_client *c, const char *game, int seat,
    const char *token, char *err, size_t errlen);
void net_client_observe(struct net_client *c, const char *game);
/* Connect (or reconnect now). */
void net_client_start(struct net_client *c, long long now_ms);
/* The answer to NEV_TRUST: yes pins the certificate asked about and
 * connects again (the pin checked before anything is sent); no closes
 * for good (NET_CLOSED, net_client_why says so). Nothing when no
 * question waits. */
void net_client_trust(struct net_client *c, bool yes, long long now_ms);

/* Commands in the game. -1 with err when they cannot be sent. */
int net_client_move(struct net_client *c, int ply, const char *text,
    char *err, size_t errlen);
int net_client_resign(struct net_client *c, char *err, size_t errlen);
int net_client_draw(struct net_client *c, const char *action, char *err,
    size_t errlen);
int net_client_list(struct net_client *c, const char *status);
/* SAY (UTF-8 without control characters, at most 200 bytes), REMATCH after the game, CLAIM
 * a game the opponent abandoned, CANCEL an open game we created. */
int net_client_say(struct net_client *c, const char *text, char *err,
    size_t errlen);
int net_client_rematch(struct net_client *c, char *err, size_t errlen);
int net_client_claim(struct net_client *c, char *err, size_t errlen);
int net_client_cancel(struct net_client *c, char *err, size_t errlen);
/*
 * The game's clock as the server last told it, running for the side to
 * move from when that came: false for a game without one. left[] is in ms
 * at now; *running is the side whose clock runs, -1 when stopped.
 */
bool net_client_clock(const struct net_client *c, long long now,
    long long left[2], int *running);

/* Stop watching (or waiting for) a game: a new connection at once, in
 * the lobby (NEV_STATUS says retry, then online). */
void net_client_leave(struct net_client *c, long long now);

/* Polling: the fd (-1 none), the events it waits for, the I/O, timers. */
int net_client_fd(const struct net_client *c);
short net_client_events(const struct net_client *c);
void net_client_io(struct net_client *c, short revents, long long now_ms);
int net_client_timeout(const struct net_client *c, long long now_ms);
void net_client_tick(struct net_client *c, long long now_ms);
/* The next event: true and *ev filled, false when none. */
bool net_client_next(struct net_client *c, struct net_event *ev);

enum net_state net_client_state(const struct net_client *c);
/* The connection is being made, or made again after a loss (CONNECTING,
 * RETRY): what is asked meanwhile waits for it to be online. */
bool net_client_connecting(const struct net_client *c);
const char *net_client_why(const struct net_client *c);
const char *net_client_game_id(const struct net_client *c);
int net_client_seat(const struct net_client *c);
/* The game as the server has it (valid after NEV_SYNC), or NULL. */
const struct game *net_client_game(const struct net_client *c);
/* Our move sent and not yet answered (its ply), or -1. */
int net_client_pending(const struct net_client *c);

/*
 * Accounts, seeks, takebacks and the lists (client_acct.c). A seek is
 * sent again after a reconnection (the server drops it with the
 * connection); once paired, NEV_SEATED and the game follow. The lists
 * come as NEV_ITEMS, NEV_ITEM..., NEV_ITEMS_END.
 */
/* clock: "300+5" (seconds), or days > 0 (then clock is not sent): a
 * correspondence game's days a move; variant, color, range: NULL for the
 * default. */
void net_client_seek(struct net_client *c, const char *variant,
    const char *clock, int days, bool rated, const char *color,
    const char *range);
/* The next net_client_seek says bots=yes: a bot's seek may be paired
 * with it (PROTOCOL.md "Bots"; "play the computer"). */
void net_client_seek_bots(struct net_client *c, bool yes);
/* Withdraw the seek (UNSEEK): back to the lobby's role. */
void net_client_unseek(struct net_client *c);
/* Seeking: true and since when (ms, the clock of net_client_start's
 * now) the seek was asked. */
bool net_client_seeking(const struct net_client *c, long long *since);
/* The account logged in as, "" none. */
const char *net_client_account(const struct net_client *c);
int net_client_takeback(struct net_client *c, const char *action, char *err,
    size_t errlen);
/* Tournaments (client_tourney.c, PROTOCOL.md "Tournaments"): verb TJOIN,
 * TLEAVE or TPAUSE of tourney (NEV_TOURNEY with that verb once taken, a
 * NEV_ERROR of it else; -1 offline); BERSERK in our game (-1 with err).
 * A PAIRED of a tournament takes its seat (NEV_SEATED, tourney set) as a
 * seek's does, unless we are in a game not over: then its token is kept
 * and a NEV_NOTICE says so. STANDINGS is a list (net_client_query). */
int net_client_tourney(struct net_client *c, const char *verb,
    const char *tourney);
int net_client_berserk(struct net_client *c, char *err, size_t errlen);
/* verb: SEEKS, WHOIS, TOP, GAMES, RECORD, CHALLENGES (the account's
 * challenges, both ways), STANDINGS, TOURNEYS, or MINE (GAMES mine=yes: the account's games
 * not over; its events' verb is MINE); args: its key=value words (may be
 * ""). -1 offline. */
int net_client_query(struct net_client *c, const char *verb,
    const char *args);
/*
 * Correspondence and challenges (client_corr.c, PROTOCOL.md CHALLENGE and
 * "Correspondence"). A challenge to the account name (needs LOGIN): clock
 * "300+5" (seconds) or days (1, 2, 3, 5, 7, 10, 14) or neither, variant
 * and color NULL for the defaults; once the server has it we hold our
 * seat of its open game (NEV_SEATED), as after CREATE, and wait there.
 * A challenge to us comes as NEV_CHALLENGED (also after each LOGIN while
 * it stands): accepted by net_client_join, declined (or ours withdrawn) by
 * net_client_cancel_game. The seat of a game of our account taken back
 * without a token (another machine: REJOIN by account; seat -1 lets the
 * server choose). The deadline of the game's side to move (Unix ms, 0
 * none) and its days a move: false when the game has none.
 */
void net_client_challenge(struct net_client *c, const char *name,
    const char *variant, const char *clock, int days, bool rated,
    const char *color);
int net_client_cancel_game(struct net_client *c, const char *game,
    char *err, size_t errlen);
/* A challenge to us declined with a word said to the challenger (CANCEL
 * game= why=: variant, clock, rated, busy or generic). */
int net_client_decline(struct net_client *c, const char *game,
    const char *why, char *err, size_t errlen);
int net_client_rejoin_account(struct net_client *c, const char *game,
    int seat, char *err, size_t errlen);
bool net_client_deadline(const struct net_client *c, long long *deadline,
    int *days);
/* "key=value ..." text: the value of key into out; false if absent. */
bool net_kv_get(const char *text, const char *key, char *out, size_t n);

/* Account keys remembered for HOST:PORT (client_keys.c), one line each in
 * $XDG_STATE_HOME/congo/keys (mode 0600, locked while rewritten). A name
 * saved again replaces its key. */
int net_keys_save(const char *host, int port, const char *name,
    const char *key, char *err, size_t errlen);
/* name: the account wanted (case does not matter), or NULL or "" for
 * the last one saved for that server; its name as saved into
 * name_out. -1 when none. */
int net_keys_find(const char *host, int port, const char *name,
    char *name_out, size_t nn, char *key, size_t kn);

/* The addresses a friend can reach this machine at (client_addrs.c):
 * every address but the loopback and IPv6 link-local ones, IPv4 first,
 * "IP:PORT" or "[IP]:PORT"; how many were written (at most max). */
#define NET_ADDR_MAX 64
int net_local_addresses(int port, char (*out)[NET_ADDR_MAX], int max);
/* For `congo --host`'s server (client_addrs.c): a TCP port free on every
 * IPv4 address now (the kernel's pick), or -1; and whether something
 * accepts connections on the loopback's port now. */
int net_free_port(void);
bool net_port_listening(int port);
/* "HOST", "HOST:PORT", "[V6]:PORT" into host and *port. -1 with err. */
int net_parse_address(const char *text, char *host, size_t n, int *port,
    char *err, size_t errlen);
/* "tls://HOST[:PORT]" too: *tls set, and the port NET_DEFAULT_TLS_PORT
 * unless it says one; anything else is net_parse_address's. */
int net_parse_server(const char *text, char *host, size_t n, int *port,
    bool *tls, char *err, size_t errlen);
/* The certificates pinned on first use (client_known.c), one
 * `HOST:PORT SHA256:<hex>` a line in $XDG_DATA_HOME/congo/known_servers:
 * its path; is hash the pin of HOST:PORT (NET_PIN_SAME), another
 * (NET_PIN_CHANGED, *line the pin's line), or none (hash NULL: is there a
 * pin); a pin added (*line its line). -1 with err. */
enum { NET_PIN_NONE = 0, NET_PIN_SAME, NET_PIN_CHANGED };
int net_known_path(char *out, size_t n, char *err, size_t errlen);
int net_known_check(const char *path, const char *host, int port,
    const char *hash, int *line);
int net_known_add(const char *path, const char *host, int port,
    const char *hash, int *line, char *err, size_t errlen);
/* Tokens remembered for HOST:PORT and a game, file mode 0600. */
int net_tokens_save(const char *host, int port, const char *game, int seat,
    const char *token, char *err, size_t errlen);
/* *seat: the seat wanted, or -1 for the last one remembered. */
int net_tokens_find(const char *host, int port, const char *game, int *seat,
    char *token, size_t n);
/* The last event of the game seen at a seat remembered (a fifth word of
 * its line, kept when the program leaves the game): marked (0, also when
 * no token is kept for it; -1 with err), and read (0 none). */
int net_tokens_mark(const char *host, int port, const char *game, int seat,
    long seq, char *err, size_t errlen);
long net_tokens_seen(const char *host, int port, const char *game, int seat);

#endif
