/*
 * bot.h: congo --bot (issue 59): a computer player on a CGP/1 server, as
 * lichess-bot is on lichess. No screen: a log line per game and decision
 * on stderr, so that it runs under systemd. bot_main.c reads the options
 * and runs the loop; bot_slot.c is one game at a time of it (a connection
 * of the account, its seek, its game and the thread that searches).
 */
#ifndef CONGO_BOT_H
#define CONGO_BOT_H

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

#include "ai/search.h"
#include "net/client/client.h"

#define BOT_SLOTS_MAX 32
#define BOT_CLOCKS_MAX 8
#define BOT_TOURNEYS_MAX 8
/* An upcoming tournament keeps a connection free from this many seconds
 * before its start. */
#define BOT_TOURNEY_AHEAD 300
#define BOT_TOURNEY_SCAN 60
/* A draw offer is accepted when the bot's last score is within this many
 * centipawns of level and the game has gone this many plies (as
 * lichess-bot's draw settings); otherwise declined. */
#define BOT_DRAW_MARGIN 25
#define BOT_DRAW_MIN_PLY 30

/* Exit statuses (congo(6)). */
enum { BOT_EXIT_OK = 0, BOT_EXIT_NET = 1, BOT_EXIT_USAGE = 2 };

enum bot_rated { BOT_RATED_NO, BOT_RATED_YES, BOT_RATED_BOTH };

struct bot_policy {
	char connect[300];
	char account[32];
	int level;                     /* 1..10, 0 full strength */
	bool variants[2];              /* congo, megapawn */
	char clocks[BOT_CLOCKS_MAX][16];   /* "300+2" (seconds) */
	int nclocks;
	int days[BOT_CLOCKS_MAX];      /* correspondence: days a move */
	int ndays;
	int games;                     /* at once: one connection each */
	enum bot_rated rated;
	bool resign_on_stop;           /* SIGTERM: resign (else finish) */
	char greeting[201];            /* said once a game ("" none) */
	char tourneys[BOT_TOURNEYS_MAX][16];   /* --tourney: joined at
						  each login */
	int ntourneys;
	bool tourney_auto;             /* --tourney auto: every arena that
					  fits the policy joined */
};

/* A tournament the bot is a member of (bot_tourney.c). */
enum bot_tstatus { BOT_T_UNKNOWN, BOT_T_UPCOMING, BOT_T_RUNNING, BOT_T_OVER };
struct bot_tourney {
	char id[16];
	char kind;                     /* 'a' arena, 's' Swiss, 0 unknown */
	enum bot_tstatus status;
	long long start;               /* Unix seconds, 0 unknown */
	bool asked;                    /* its TJOIN not yet answered */
};

/* One game at a time: its connection, seek, game and search. */
struct bot_slot {
	int index;
	const struct bot_policy *pol;
	struct net_client *c;
	struct search_ctx *search;
	bool online, seeking, playing, dead;
	bool resigned;                 /* stopping: its game resigned */
	/* A SEEK refused (429: the server's games at once or seeks a
	 * connection): no seek before seek_after (util_now_ms), the pause
	 * doubling with each refusal in a row (2 s to 60 s), never a loop. */
	long long seek_after;
	int seek_refused;
	int seat;
	char game[16];
	char greeted[16];              /* the last game greeted */
	char game_clock[16];           /* its game's clock ("" none) */
	char tourney[16];              /* its game's tournament ("" none) */
	int game_days;                 /* a correspondence game's days a
					  move (left running on SIGTERM) */
	int games_played;
	/* The search's thread: the ply it searches for, its move. */
	pthread_t thread;
	bool thinking;
	int think_ply;
	volatile int done;             /* set by the thread */
	move_t best;
	int score;                     /* its last search's, centipawns from
					  its side (ply: score_ply, -1 none) */
	int score_ply;
	struct board *hist;            /* positions 0..think_ply */
	/* All the bot's slots (slot 0 hands games to resume to them). */
	struct bot_slot *peers;
	int npeers;
	/* Slot 0: games to resume that found no free connection (one not
	 * yet logged in): the next slot logged in and free takes one. */
	char resume[BOT_SLOTS_MAX][16];
	int nresume;
	/* Slot 0: that list read since it logged in. No slot seeks before
	 * (a seek paired meanwhile would take the connection a game to
	 * resume needs). */
	bool listed;
	/* Slot 0: the tournaments it is a member of (--tourney, and any
	 * whose events come). */
	struct bot_tourney tour[BOT_TOURNEYS_MAX];
	int ntour;
	long long scan_at;             /* --tourney auto: TOURNEYS asked
					  again then (util_now_ms) */
};

/* bot_slot.c */
int bot_slot_init(struct bot_slot *b, int index, const struct bot_policy *p,
    const struct net_client_opts *o);
void bot_slot_free(struct bot_slot *b);
/* Its events handled; stopping: no new seek. */
void bot_slot_events(struct bot_slot *b, bool stopping);
/* A search finished: its move sent. */
void bot_slot_collect(struct bot_slot *b);
/* SIGTERM: the seek withdrawn (bot_slot_events then resigns its game if
 * the policy says so). */
void bot_slot_stop(struct bot_slot *b);
/* bot_resume.c: slot 0 logged in: the account's games asked for; an
 * item of that list: an active game no slot holds rejoined by a free one
 * (logged in), or kept for the next one free. */
void bot_resume_ask(struct bot_slot *b);
void bot_resume_item(struct bot_slot *b, const struct net_event *e);
/* b free and logged in: a game waiting to be resumed taken up by it. */
void bot_resume_take(struct bot_slot *b);
/* The end of a list (NEV_ITEMS_END); whether the slots may seek: the
 * account's games read (or slot 0 gone for good). */
void bot_resume_end(struct bot_slot *b, const struct net_event *e);
bool bot_resume_listed(const struct bot_slot *b);
/* game (of the account) played by a free connection (its seek withdrawn),
 * b itself when free, which is returned (the log says how: "resumed",
 * "taken"), or kept for the next one free (NULL); NULL too when a
 * connection holds it already. */
struct bot_slot *bot_resume_game(struct bot_slot *b, const char *game,
    const char *how);

/* bot_tourney.c (PROTOCOL.md "Tournaments"): slot 0 logged in: TJOIN of
 * each --tourney (a member's TJOIN takes it back from a pause), then
 * TOURNEYS for their state; the events and answers of tournaments; a
 * PAIRED that reached a connection busy in a game handed to a free one.
 * While a tournament runs (or starts within BOT_TOURNEY_AHEAD s) and no
 * game of it is being played, one connection is kept free for its next
 * pairing: bot_tourney_may_take says whether b may seek or take a
 * challenge. SIGTERM: each arena paused (TPAUSE), so that it is not
 * paired again. */
void bot_tourney_init(struct bot_slot *b);
void bot_tourney_login(struct bot_slot *b);
void bot_tourney_item(struct bot_slot *b, const struct net_event *e);
void bot_tourney_event(struct bot_slot *b, const struct net_event *e);
void bot_tourney_error(struct bot_slot *b, const struct net_event *e);
bool bot_tourney_may_take(const struct bot_slot *b);
/* --tourney auto: slot 0 asks TOURNEYS again every BOT_TOURNEY_SCAN s
 * (an arena that fits: its variant in --variants, its clock in --clocks,
 * its rating allowed by --rated; joined while the bot's tournaments not
 * over are fewer than its connections). */
void bot_tourney_scan(struct bot_slot *b);
void bot_tourney_stop(struct bot_slot *b);

/* The value of key in an ITEM's keys ("" when absent). */
void bot_item_val(const char *text, const char *key, char *out, size_t n);

/* A log line (UTC time, the slot, the text). */
void bot_log(const struct bot_slot *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* bot_main.c: an option (its id, its text) applied to the policy: 0, or
 * BOT_EXIT_USAGE with the problem said (bot_usage_error). */
enum { O_CONNECT = 256, O_ACCOUNT, O_LEVEL, O_FULL, O_VARIANTS, O_CLOCKS,
	O_GAMES, O_RATED, O_ON_STOP, O_GREETING, O_CONFIG, O_DAYS, O_TOURNEY };
int bot_opt_apply(struct bot_policy *p, int opt, const char *v);
int bot_usage_error(const char *what);
/* bot_conf.c: congo.conf's bot { } section (the file of --config FILE,
 * else the usual search) applied as options: 0 or BOT_EXIT_USAGE. */
int bot_conf_read(struct bot_policy *p, int argc, char **argv);

/* congo --bot ARGS (argv[0] "--bot" or the program): an exit status. */
int bot_main(int argc, char **argv);

#endif
