/*
 * config.h: settings (congo.conf, libconfig syntax). No curses, no sockets.
 * The command line overrides the file: callers load the file, then apply
 * their options on top of struct congo_conf.
 */
#ifndef CONGO_CONFIG_H
#define CONGO_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/game.h"
#include "util/port.h"

#define CONF_NAME_MAX 32
#define CONF_PATH_MAX 1024

/*
 * The server's defaults, the one table of them: congo.conf's `server` group
 * (config_defaults.c) and the network module's srv_defaults (the game's own
 * server, `congo --host`) both start from these. congo.conf(5) and
 * congo-server(6) list the same values.
 */
#define CONF_SERVER_PORT CONGO_DEFAULT_PORT
#define CONF_SERVER_MAX_CONNECTIONS 1000
#define CONF_SERVER_MAX_PER_ADDRESS 16
#define CONF_SERVER_GAMES_PER_MINUTE 10
#define CONF_SERVER_MAX_OBSERVERS 50
#define CONF_SERVER_ABANDON_AFTER 120     /* s */
#define CONF_SERVER_EXPIRE_AFTER 86400    /* s: a day */
#define CONF_SERVER_FIRST_MOVE 60         /* s: a first move, else aborted */

struct player_conf {
	char type[8];                /* "human" or "ai" */
	char algorithm[16];          /* "alphabeta" | "negamax" | "random" (when ai) */
	char advisor[16];            /* algorithm used for hints (`a`) */
	int depth;                   /* 0: no depth cap (0..64) */
	int level;                   /* alphabeta's level 1..10, 0 full strength */
	int movetime_ms;             /* time per move (0..3600000; 0: no limit) */
	long nodes;                  /* node limit, 0: none */
	int threads;                 /* 1..64 */
	int hash_mb;                 /* 1..4096 (16: the search's default) */
	unsigned long seed;
};

struct ui_conf {
	bool color;
	bool unicode;
	bool flip;
	int ai_delay_ms;             /* delay between moves in AI-vs-AI (0..60000) */
	bool mouse;
	char save_dir[CONF_PATH_MAX]; /* "" means $XDG_DATA_HOME/congo */
	bool warn;                   /* safety aids for human players */
	bool bell;                   /* a bell when the opponent of a
					network game moves (true) */
	int analysis_lines;          /* lines of :analyze (1..5, 3) */
	char mode[8];                /* "screen" or "plain" (congo --plain) */
	char language[8];            /* "" the environment's, "en", "nl",
					"de", "fr" (util/i18n.h) */
};

struct network_conf {
	char host[256];              /* HOST[:PORT], tls://HOST[:PORT]; "" none:
					network play needs --connect */
	int port;                    /* a plain HOST's port (7153) */
	char name[CONF_NAME_MAX];    /* the player's name ($USER) */
	char account[CONF_NAME_MAX]; /* the account to LOGIN as on host's
					server (its key kept); "" the last
					one kept there, if any */
};

/* A tournament the server makes every day (server.tournaments; issue 60):
 * at UTC minutes after midnight, created an hour before. */
#define CONF_TSCHED_MAX 8
struct tsched_conf {
	char kind[8];                /* "arena" "swiss" */
	char name[41];
	int at;                      /* minutes after 00:00 UTC */
	int minutes;                 /* an arena's */
	int rounds;                  /* a Swiss's */
	char clock[16];              /* "M+S": minutes + seconds */
	char variant[16];
	bool rated;
	int minrated;
};

struct server_conf {
	char bind[256];              /* "" = all addresses */
	char http[256];              /* the web pages' ADDR:PORT, "" none */
	int port;                    /* 7153 */
	char db[CONF_PATH_MAX];      /* "" = $XDG_STATE_HOME/congo/congo-server.db */
	int max_connections;
	int max_per_address;
	int games_per_minute;        /* per address */
	int max_observers;           /* per game */
	int abandon_after;           /* s: CLAIM after the opponent is gone */
	int expire_after;            /* s: an open game nobody joins ends */
	int first_move;              /* s: a timed game whose side to move
					makes no first move is aborted */
	bool rated_same_network;     /* rated games between two players of
					one network (false: refused) */
	char log_level[16];          /* "error" "warn" "info" "debug" */
	int ntsched;                 /* tournaments: the daily ones */
	struct tsched_conf tsched[CONF_TSCHED_MAX];
};

/* congo --bot (congo(6) BOTS): its options as settings; "" or 0 unset,
 * the command line's options (or their defaults) then apply. */
struct bot_conf {
	char connect[300];           /* [tls://]HOST[:PORT] */
	char account[CONF_NAME_MAX];
	int level;                   /* 1..10 */
	bool full;                   /* full strength */
	char variants[32];           /* "congo,megapawn" */
	char clocks[128];            /* "3+2,5+3" */
	char days[32];               /* "1,3": correspondence days a move */
	int games_at_once;           /* 1..32 */
	char rated[8];               /* "yes" "no" "both" */
	char on_stop[8];             /* "finish" "resign" */
	char greeting[201];
	char tournaments[140];       /* "ID,ID": joined at each login */
};

/* The endgame tables (congo(6) TABLEBASES). */
struct tablebases_conf {
	char path[CONF_PATH_MAX];    /* "" = the default folders */
};

struct congo_conf {
	struct player_conf white, black;
	struct game_rules rules;
	char variant[16];            /* rules.variant: "congo" or "megapawn" */
	struct ui_conf ui;
	struct network_conf network;
	struct server_conf server;
	struct tablebases_conf tablebases;
	struct bot_conf bot;
	char clock[16];              /* local games' clock "M+S", "" none */
	char source[CONF_PATH_MAX];  /* the file read, "" for built-in defaults */
};

/* Built-in defaults. */
void config_defaults(struct congo_conf *c);

/*
 * Read one file on top of *c. Returns 0, or -1 with "FILE:LINE: message"
 * in err (e.g. "congo.conf:3: white.depth must be 0..64"). Unknown settings
 * are warnings, passed to warn (may be NULL) as "FILE:LINE: unknown setting 'x'".
 */
int config_load_file(struct congo_conf *c, const char *path,
    void (*warn)(const char *msg), char *err, size_t errlen);

/*
 * The search order: explicit (--config) if not NULL, else
 * $XDG_CONFIG_HOME/congo/congo.conf (~/.config/congo/congo.conf), else
 * SYSCONFDIR/congo.conf, else the defaults. A missing explicit file is an error;
 * missing default files are not.
 * (Added) config_load starts from config_defaults(c): only the first file
 * found is read, on top of the defaults; c->source names it ("" if none).
 */
int config_load(struct congo_conf *c, const char *explicit_path,
    void (*warn)(const char *msg), char *err, size_t errlen);

/* (Added) config_load with the system folder given (tests use it). */
int config_load_from(struct congo_conf *c, const char *explicit_path,
    const char *sysconfdir, void (*warn)(const char *msg), char *err,
    size_t errlen);

/* (Added) The per-user file: $XDG_CONFIG_HOME/congo/congo.conf, or
 * $HOME/.config/congo/congo.conf. -1 if neither variable is usable. */
int config_user_path(char *out, size_t n);

/* (Added) Checks shared with the command line. A player name is 1..31
 * letters, digits, '-', '_' or '.'; an algorithm is "alphabeta", "negamax"
 * or "random". */
bool config_name_valid(const char *s);
/* (Added) network.host: "" (none), HOST, HOST:PORT, [V6]:PORT, a bare IPv6
 * address, or any of them after "tls://" (congo --connect's syntax). */
bool config_server_valid(const char *s);
bool config_algorithm_valid(const char *s);

#endif
