/*
 * session_net.h: the network game of the session model (session_net*.c,
 * session_seek.c): the remote player and the server's events applied to
 * the game, the commands sent, takebacks, seeking, the lobby, the
 * server's lists and the connection's state. Part of the session module
 * (session.h), kept in a header of its own for its size; its users are
 * the network view (src/ui/ui_net*) and its tests.
 */
#ifndef CONGO_SESSION_NET_H
#define CONGO_SESSION_NET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "session/session.h"
#include "session/session_host.h"

/* ---- the network game (session_net.c, session_net_cmd.c) ---- */

/*
 * A game played over CGP/1 through the net client (src/net): the remote
 * side is a session player like the local AI, whose moves arrive from the
 * server's events; our own moves, draw offers, resignations and chat go
 * to it. No sockets here: only the net client's API. Inert (s->net NULL)
 * outside network play. The view (src/ui/ui_net*.c) sets up the
 * connection, the lobby, accounts and `congo --host`, and sees every
 * event first through the hooks.
 */
struct net_client;
struct net_event;

#define SESSION_CHAT_MAX 4
#define SESSION_NET_CLK_MAX 1024
#define SESSION_ADDRS_MAX 8
/* The server's default abandonment time (PROTOCOL.md CLAIM): when the
 * game offers :claim; the server's 428 says when a claim is early. */
#define SESSION_CLAIM_AFTER_MS 120000

/* Seeking a game (session_seek.c): the seek dialog's fields, the lobby's
 * list of others' seeks, ours while it waits. */
enum session_seek_field { SF_VARIANT = 0, SF_CLOCK, SF_RATED, SF_COLOR,
	SF_RANGE, SF_NFIELDS };

struct session_seek_form {
	bool open;
	bool used;                /* its defaults set */
	int field;                /* enum session_seek_field */
	int variant, clock, rated, color; /* indices of their choices */
	char range[16];           /* "1400-1700", "" any */
};

#define SESSION_SEEKS_MAX 20
#define SESSION_SEEKS_SHOWN 6     /* the lobby's rows of them */

struct session_lobby_seek {
	char id[16], name[32], rating[8], variant[16], clock[16], color[8];
	bool rated;
	bool bot;                 /* title=BOT: a computer player's */
};

struct session_seeks {
	struct session_lobby_seek list[SESSION_SEEKS_MAX];
	int n;
	int sel;                  /* the seek chosen, -1: the lobby's games */
	long long at;             /* when to ask the server again */
	bool asking;
	struct session_seek_form form;
	char desc[64];            /* "5+3 rated congo" while seeking */
	bool quit;                /* --seek: withdrawing it quits */
	char mine[16];            /* our seek's id (the server's), "" none */
};

/* The lobby's "Play the computer" screen (session_bots.c): open, the
 * computer player chosen (its name: the list is asked again every few
 * seconds), and the speed chosen of its seeks. */
struct session_bots_pick {
	bool open;
	char name[32];            /* "" the first listed */
	int speed;
};

/* The lobby's games (session_net_lobby.c): a LIST of the server's. */
#define SESSION_LOBBY_MAX 100

struct session_lobby_game {
	char game[16];
	char white[32], black[32];
	char status[12];
	char result[8];
	char variant[16];         /* "congo", "megapawn" */
	char clock[16];           /* "5+3" (minutes), "3d" (days), "-" */
	int ply;
	bool guest[2];            /* its seats are guests' (net_event's) */
	int mine;                 /* the seat whose token is kept here, -1 */
};

struct session_lobby {
	struct session_lobby_game games[SESSION_LOBBY_MAX];
	int n, sel;
	bool listing, listed;     /* asked; all of it came */
};

/* The account's games and challenges (session_net_mine.c): "Your
 * games" (GAMES mine=yes: those not over, the account's turn first, each
 * with its deadline or clocks and its time control) and the challenges to it and from it
 * (CHALLENGES), asked while the lobby shows and the player is logged in. */
#define SESSION_MINE_MAX 50
#define SESSION_CHAL_MAX 20

struct session_mine_game {
	char game[16], variant[16], white[32], black[32];
	char status[12];          /* open, active */
	int turn;                 /* the side to move */
	bool yourturn;
	long long deadline;       /* correspondence: Unix ms (UTC), 0 none */
	bool timed;               /* a clock: each side's ms when listed */
	long long clock[2];
	char control[16];         /* "5+3" (minutes), "3d" (days), "-" */
};

struct session_challenge {
	char game[16], from[32], to[32], variant[16];
	char control[16];         /* "5+3" (minutes), "3d" (days), "-" */
	bool rated;
	bool to_me;               /* to the account (else from it) */
	long long expires;        /* Unix ms, 0 unknown */
};

struct session_mine {
	struct session_mine_game games[SESSION_MINE_MAX];
	int n, sel;               /* sel: the game highlighted, -1 none */
	struct session_challenge chal[SESSION_CHAL_MAX];
	int nchal, chal_sel;      /* chal_sel: likewise */
	bool asking, chal_asking; /* asked, not all come yet */
	bool again, chal_again;   /* asked while asking: again once it has
	                             come (a withdrawal between, say) */
	bool failed, chal_failed; /* the last answer was an error */
	bool wait, chal_wait;     /* asked while the connection was being
	                             made: asked once it is online */
	bool listed;              /* the games came once */
	long long at;             /* when to ask again (0: now) */
	long long soon_at;        /* your games alone, while one waits for
	                             the other side */
	char told[8][16];         /* the challenges said (EV CHALLENGED
	                             comes at each LOGIN), a ring */
	int ntold;
};

/* A list of the server's (:whois, :top, :games): session_net_list.h. */
struct session_net_list;

/*
 * A game of a :games list reviewed (session_net_record.c): the board, the
 * players, the result, the moves and clocks are its record's while the
 * game one was in (watched, one's own over, or none in the lobby) goes on
 * at the server: its events are noted (the client's mirror, the state
 * here) but not played on the board. What that game had of the session's
 * own (its tags, its result's reason, its start) waits here.
 */
struct session_net_record {
	bool on;
	bool lobby;               /* opened from the lobby: back there */
	char game[16];            /* the record's game */
	struct record_tags tags;  /* the game's, while the record shows */
	char result_why[48];
	struct board start;
};

struct session_net_hooks {
	void *ctx;
	/* An event before the game's handling: true when taken there (the
	 * connection's state, the lobby, accounts). May be NULL. */
	bool (*event)(void *ctx, const struct net_event *e);
	/* After the game handled it (the board screen once seated, a rated
	 * result's changes). May be NULL. */
	void (*after)(void *ctx, const struct net_event *e);
	/* After a batch of events. May be NULL. */
	void (*done)(void *ctx);
};

struct session_net {
	bool on;
	struct net_client *c;
	char host[256];           /* the server, as the player named it */
	char control[16];         /* the game's time control as STATE said
				   it ("300+5": seconds), "" none */
	int port;
	char account[32];         /* logged in as, "" none */
	/* the connection (session_net_status.c) */
	char conn[160];           /* its state for the status bar */
	bool reached;             /* online once: from then on, retry */
	bool leaving;             /* back to the lobby: a new connection */
	bool tls;                 /* --connect tls://... */
	bool hosted;              /* served by this program (--host) */
	struct session_host server; /* --host's congo-server */
	char addrs[SESSION_ADDRS_MAX][64]; /* --host: this machine's,
	                             "IP:PORT", as a friend reaches it */
	int naddrs;
	bool join_once;           /* --join sent, no answer yet: a refusal
	                             ends the program, no dead end */
	bool create_once;         /* --create (--host) sent, no seat yet:
	                             so does a refusal */
	bool login_once;          /* --register or --login: so does a
	                             refusal */
	bool chal_once;           /* --challenge sent, not taken yet: a
	                             refusal ends the program too */
	bool chal_typed;          /* ... but typed in the lobby: a refusal
	                             is said, and the lobby stays */
	char challenged[32];      /* the account our open game waits for
	                             (a challenge), "" none */
	bool lobby_keys;          /* the view's lobby accepts and declines a
	                             challenge (the full-screen one's) */
	char fatal[512];          /* why the program ended (s->quit), "" */
	int seat;                 /* ours; -1 while observing or in the lobby */
	int installed;            /* the seat the players are set up for */
	bool local_given[2];      /* --white / --black chose the local player */
	bool waiting_ai;          /* a local AI waits for the opponent */
	char names[2][32];
	bool cancel_sent;         /* we sent CANCEL for this game */
	bool guest[2];            /* a guest's seat (net_event's guest) */
	bool bot[2];              /* a bot account's seat (STATE's title) */
	bool seated[2], present[2];
	char status[12];          /* open active finished */
	char reason[24];          /* the server's reason= of the end (its
	                             RESULT's or a finished game's STATE's) */
	int offer;                /* the side offering a draw, -1 */
	bool applying;            /* playing a move the server sent */
	bool synced;
	char announced[16];       /* the game whose id was shown */
	bool fresh;               /* seated in a game not announced yet */
	bool cancelled;           /* the game was cancelled (no result) */
	long long gone_at;        /* when the opponent's connection went, 0 */
	bool claim_told;          /* "you may :claim" said for this absence */
	char chat[SESSION_CHAT_MAX][160]; /* the last SAID lines, oldest first */
	/* Each ply's mover's clock as its MOVE said it (wclock=/bclock=),
	 * +1 (0: not known, a ply caught up by HISTORY), for the record
	 * :save and :pgn write (issue 62). */
	int64_t clk1[SESSION_NET_CLK_MAX];
	char clk_game[16];        /* the game they are of */
	int nchat;
	/* takebacks (session_net_takeback.c) */
	bool tb_asked;            /* the opponent's takeback question is up */
	bool tb_offered;          /* ours waits for the answer */
	/* a rated game: the ratings and deviations (-1 unknown) from its
	 * STATE; after its RESULT the new ratings and the changes */
	bool rated, rated_over;
	int rating[2], rd[2], diff[2];
	/* seeking (session_seek.c); the view shows the lobby once a seek
	 * is sent (want_lobby, with view_serial) */
	struct session_seeks seek;
	struct session_bots_pick bots;
	/* tournaments (session_tourney.h), made when first used */
	struct session_tourneys *tourney;
	bool want_lobby;
	struct session_net_list *list; /* the last list asked, or NULL */
	struct session_net_record rec; /* a record of the list reviewed */
	struct session_lobby lobby;
	struct session_mine mine; /* the account's games and challenges */
	bool from_lobby;          /* watching a game chosen in the lobby (q
	                             goes back to it) */
	/* Grows when the sides' players changed (the board's default side
	 * may change with them). */
	unsigned view_serial;
	struct session_net_hooks hooks;
};

/* Network play on: s->net made for the client c (the session does not
 * own it), no seat yet. */
struct session_net *session_net_begin(struct session *s,
    struct net_client *c);
void session_net_end(struct session *s);
/* The local seat keeps the configured player (a human unless
 * local_given), the other seat, or both when watching (-1), is remote. */
void session_net_install(struct session *s, int seat);
/* The remote player of a side. */
struct session_player *session_net_remote_new(struct session *s,
    int color);
/* The game becomes the server's (the client's mirror). */
void session_net_adopt(struct session *s);
/* A game's reason for result r that the rules do not have, from the
 * server's reason ("time": "Black lost on time", "abandoned"), into buf;
 * "" for another reason. */
void session_net_result_why(char *buf, size_t n, enum game_result r,
    const char *reason);
/* Every event the client has: the hooks', then the game's. */
void session_net_events(struct session *s);
/* One event applied to the game. */
void session_net_event(struct session *s, const struct net_event *e);
/* A command of a network game: sent to the server, or refused; true when
 * handled. */
bool session_net_command(struct session *s, const struct session_cmd *cmd);
/* Why the side to move cannot move now, why analysis is refused (one's
 * own game, not over); NULL when it can. */
const char *session_net_nomove(const struct session *s);
/* A player's name as shown: a guest's with "(guest)" after it, as
 * congo-server's lists show a guest under an account's name (one marked
 * so already, "-" and "" as they are). */
const char *session_net_shown(const char *name, bool guest, char *buf,
    size_t n);
const char *session_net_noanalysis(const struct session *s);
/* Seat c's account as the panel names our own player ("ann",
 * "sam(guest)"): false unless c is our seat in a network game. */
bool session_net_own_name(const struct session *s, int c, char *buf,
    size_t n);
/* The names a saved record of the network game gives its sides: the
 * seats' as the server has them ("?" a free one). false: not in a
 * network game (or a record of one reviewed: its own tags). */
bool session_net_record_names(const struct session *s, char *white,
    char *black, size_t n);
/* A network game watched (no seat of ours, its game here): nobody here
 * plays the side to move, yet advice for it is allowed (congo(6)). */
bool session_net_watching(const struct session *s);
/* The moment the absent opponent may be claimed: ms until then (-1
 * none), and the message once it has come. */
int session_net_timeout(const struct session *s, long long now);
void session_net_tick(struct session *s, long long now);
/* Why a chat line cannot be sent (CGP/1's SAY is UTF-8 without control
 * characters, at most 200 bytes): the problem named, in buf; NULL when it
 * can. */
const char *session_net_say_refused(const char *text, char *buf, size_t n);
/* session_net_takeback.c: u and :takeback (offer, or the answer): true
 * when taken; the question dismissed without a yes declines (each loop);
 * the takeback's events and the ratings noted (true when taken whole). */
bool session_net_takeback_command(struct session *s,
    const struct session_cmd *cmd);
void session_net_takeback_tick(struct session *s);
bool session_net_takeback_event(struct session *s, const struct net_event *e);

/* Seeking (session_seek.c): session_seek.h. The server's lists
 * (session_net_list.c): session_net_list.h. */


/* session_net_record.c. The record at path (the RECORD of game) reviewed:
 * loaded with its players (named as the record names them), its result
 * (the server's reason, ServerTermination), clocks and moves; the game
 * one was in waits (0, or -1 said). The game of the record reviewed, NULL
 * when none is. Back from it (q): the game one was in again as the server
 * has it, its players and state, or the lobby (*to_lobby) when the record
 * was opened there; false when no record is reviewed. The review ended
 * without a word (a seat taken: the view follows the new game). The
 * ratings of the record (its tags' WhiteElo, BlackElo, *RatingDiff: the
 * rating after the game and the change), false when it has none or none
 * is reviewed. */
int session_net_record_open(struct session *s, const char *path,
    const char *game, bool lobby);
const char *session_net_record_game(const struct session *s);
bool session_net_record_back(struct session *s, bool *to_lobby);
void session_net_record_end(struct session *s);
bool session_net_record_ratings(const struct session *s, int rating[2],
    int diff[2]);

/* session_net_lobby.c: the lobby's LIST asked (once online, while shown),
 * again (refresh), its events (true when taken); the game chosen (delta),
 * its free seat taken, the player's own seat taken back (its token kept
 * here), or watched (watch: watched; -1 with a message when none is
 * chosen); a game created on a seat; a row highlighted (a seek's when
 * there is no game). */
void session_lobby_ask(struct session *s, bool shown);
void session_lobby_refresh(struct session *s);
bool session_lobby_event(struct session *s, const struct net_event *e);
void session_lobby_move(struct session *s, int delta);
int session_lobby_open(struct session *s, bool watch);
void session_lobby_highlight(struct session *s);
void session_lobby_create(struct session *s, int seat);
/* create [white|black] [M+S|Nd] [megapawn] typed (:create, the plain
 * lobby's create): the game made, its seat taken (White unless black);
 * from the lobby; 0, or -1 said. */
int session_lobby_create_typed(struct session *s, const char *arg);

/* The lobby's "Your games" and challenges (session_net_mine.c):
 * session_net_mine.h; correspondence games, challenges and fair play
 * (session_net_corr.c): session_net_corr.h. */

/* session_net_status.c: the connection's state, the account, and the
 * refusals that end the program (fatal and s->quit): true when the event
 * was taken whole. */
bool session_net_status_event(struct session *s, const struct net_event *e);

#endif
