/*
 * web.h: congo-server's read-only web pages (issue 23).
 *
 * 1. Rendering (web_buf.c, web_board.c, web_pages.c, web_player.c): HTML
 *    and SVG from plain data, every text a player wrote escaped. No
 *    sockets, no session: the unit tests link only this.
 * 2. The HTTP side (web_host.h; web_http.c, web_sse.c, web_defer.c...):
 *    GNU libmicrohttpd on the server's own event loop (its epoll
 *    descriptor in the loop's set), the pages filled with what the server
 *    gives through struct web_host, Server-Sent Events pushed when a
 *    game's events are broadcast.
 */
#ifndef CONGO_WEB_H
#define CONGO_WEB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rating/rating.h"

/* A growable text. */
struct wbuf {
	char *s;
	size_t len, cap;
};

void wbuf_init(struct wbuf *b);
void wbuf_free(struct wbuf *b);
void wbuf_add(struct wbuf *b, const char *s, size_t n);
void wbuf_puts(struct wbuf *b, const char *s);
void wbuf_printf(struct wbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* s with & < > " ' as entities (for text and attribute values). */
void wbuf_html(struct wbuf *b, const char *s);
/* s as the inside of a JSON string. */
void wbuf_json(struct wbuf *b, const char *s);
/* Is s made of the characters of a game id / a player name (the paths)? */
bool web_valid_id(const char *s);
bool web_valid_name(const char *s);

/* The board of a FEN (its first field) as inline SVG: the land's
 * checkerboard, the river, the castles, the variant's islands (a bit a
 * square, rank * 7 + file; the same colours as the terminal's 256-colour
 * board), pieces as letters. Every square a group with id "sq<N>"
 * (N = rank * 7 + file) whose <text> the page's script rewrites. -1 when
 * the FEN is not a board. */
int web_board_svg(struct wbuf *b, const char *fen, uint64_t islands);

/* What the pages show, as plain data. */
#define WEB_NAME_MAX 32
/* After a guest's name ("carol(guest)"): the store's mark (the server
 * checks they agree: srv_web.c); such a name links to no page. */
#define WEB_GUEST_MARK "(guest)"
struct web_game_row {
	char id[16];
	char variant[16];
	char white[WEB_NAME_MAX], black[WEB_NAME_MAX];
	int wrating, brating;        /* 0: none */
	char clock[16];              /* "300+5" (seconds), "" untimed;
				      * shown as the terminal does, "5+5" */
	int ply;
	int status;                  /* 0 open, 1 active, 2 finished */
	char result[8];              /* "1-0"..., "" none */
	char reason[24];
	bool rated;
	bool wprov, bprov;           /* the rating is provisional ("1523?") */
	bool wbot, bbot;             /* a bot account's seat: "BOT" beside
				      * its name (issue 59) */
	/* After a rated game: the new ratings and their changes ("+12"),
	 * "" before. */
	char wafter[8], bafter[8], wdiff[8], bdiff[8];
	long long ended;             /* Unix time, 0 unknown */
	/* Not finished: a correspondence game's days a move (0 another
	 * kind: its clock "3d" as the store keeps it), the side to move
	 * ("white", "black", "" not known), its deadline (Unix ms, 0 none),
	 * a timed game's clocks (ms left; with clocks). */
	int days;
	char turn[8];
	long long deadline;
	bool clocks;
	long long wclock, bclock;
};

struct web_seek_row {
	char name[WEB_NAME_MAX];
	int rating;                  /* 0: none */
	char variant[16];
	char clock[16];
	bool rated;
	char colour[8];
	bool bot;                    /* a bot account's: "BOT" beside it */
};

struct web_rating_row {
	char name[WEB_NAME_MAX];
	char variant[16];
	char speed[RATING_SPEED_MAX];
	double rating, rd;
	int games;
};

/* A tournament as the pages show it (issue 60): its list's row. */
struct web_tourney_row {
	char id[16];
	char kind[8];                /* "arena" "swiss" */
	char name[48];
	int status;                  /* 0 upcoming, 1 running, 2 finished */
	long long start;             /* Unix time */
	int minutes;                 /* an arena's */
	int rounds, round;           /* a Swiss's, and its rounds paired */
	char clock[16];              /* "180+2" (seconds), "" with days */
	int days;                    /* a correspondence Swiss's */
	char variant[16];
	bool rated;
	int players;
};

/* A line of a tournament's standings, best first. */
struct web_standing {
	char name[WEB_NAME_MAX];
	bool bot;                    /* "BOT" beside it */
	bool fire;                   /* an arena's streak: on fire */
	bool withdrawn, paused;
	char points[16];             /* "4", "2.5" */
	int games;
	int perf;                    /* an arena's performance rating */
	char buchholz[16], sb[16];   /* a Swiss's tie-breaks ("7.5") */
};

/* A tournament's game (a Swiss's bye: game "" and black ""). */
struct web_tpair_row {
	int round;                   /* a Swiss's round (an arena's 0) */
	char game[16];
	char white[WEB_NAME_MAX], black[WEB_NAME_MAX];
	bool wbot, bbot;
	bool berserk[2];
	char result[8];              /* "" while it is played */
	char reason[24];
};

struct web_tourney {
	struct web_tourney_row t;
	const struct web_standing *st;
	int nst;
	const struct web_tpair_row *p;       /* newest first */
	int np;
	int ngames;                  /* its games and byes in all (np: the
				      * newest of them shown) */
};

#define WEB_MAX_CATEGORIES 12
struct web_index {
	const struct web_game_row *live;
	int nlive;
	const struct web_seek_row *seeks;
	int nseeks;
	const struct web_game_row *recent;
	int nrecent;
	int ncat;
	const char *cat[WEB_MAX_CATEGORIES];     /* "congo blitz" */
	const struct web_rating_row *top[WEB_MAX_CATEGORIES];
	int ntop[WEB_MAX_CATEGORIES];
	const char *server;                      /* "congo-server/0.1.0" */
	long long now;               /* Unix ms at its making (0: no time
				      * left is shown) */
	/* The tournaments: running, upcoming, then finished (the newest
	 * first; the page shows a few of those). */
	const struct web_tourney_row *tourneys;
	int ntourneys;
};

struct web_game {
	struct web_game_row row;
	bool timed;
	long long wclock, bclock;    /* ms left at the page's making */
	int running;                 /* the side whose clock runs, -1 none */
	int nply;
	const char *const *fens;     /* nply + 1 positions */
	const char *const *moves;    /* nply moves */
	uint64_t islands;            /* the variant's islands, a bit a square
				      * (rank * 7 + file): megapawn's a4 b4 f4 g4 */
	long long now;               /* Unix ms at its making (the time left
				      * to a deadline, row.deadline) */
	/* A tournament's game: the tournament's id and name ("" none). */
	char tourney[16], tourney_name[48];
};

struct web_point {
	long long at;                /* Unix time */
	double rating;
};

struct web_player {
	char name[WEB_NAME_MAX];
	bool bot;                    /* a bot account: "BOT" beside it */
	long long created;
	int ngames_total;
	int wins, draws, losses;
	const struct web_rating_row *ratings;
	int nratings;
	/* The history of each rating (ratings[i]): points, oldest first. */
	const struct web_point *const *hist;
	const int *nhist;
	const struct web_game_row *games;
	int ngames;
	const char *next_before;     /* the page after this one, or NULL */
	/* Its games not finished (open challenges too), with their
	 * deadlines or clocks. */
	const struct web_game_row *live;
	int nlive;
	long long now;               /* Unix ms at its making */
};

/* The pages, whole (a <!doctype html> document). */
void web_page_index(struct wbuf *b, const struct web_index *x);
void web_page_game(struct wbuf *b, const struct web_game *g);
void web_page_player(struct wbuf *b, const struct web_player *p);
/* The tournaments (/tournaments: all of them, as the front page's list)
 * and one (/tournament/<id>: its standings and games; its script keeps
 * them live). */
void web_page_tourneys(struct wbuf *b, const struct web_tourney_row *t,
    int n);
void web_page_tourney(struct wbuf *b, const struct web_tourney *t);
/* The tournaments' table (web_tourney.c), at most max finished ones
 * (-1: all); what the pages share with it (web_pages.c): a page's head
 * and foot, a player's link, a clock as the terminal shows it, a bot's
 * title. */
void web_tourneys_table(struct wbuf *b, const struct web_tourney_row *t,
    int n, int max);
void web_head(struct wbuf *b, const char *title, int refresh, bool script);
void web_foot(struct wbuf *b);
void web_player_link(struct wbuf *b, const char *name, int rating,
    bool prov);
void web_clock_text(struct wbuf *b, const char *clock);
void web_bot_title(struct wbuf *b, bool bot);
/* An error's page: text is an English message marked N_(), shown in the
 * server's language. */
void web_page_error(struct wbuf *b, int code, const char *text);
/* Time in words (web_when.c): a correspondence game's control ("3 days a
 * move" without the words after days: "3 days"); the time left ms as the
 * terminal shows it ("2 d 14 h", "5 h 03 min", "4 min 09 s"); a game's
 * side to move and its deadline, or its clocks ("white to move by
 * 2026-11-28 17:17 UTC, 2 d 14 h left"; "white to move, white 4:58, black
 * 5:00"; "waiting for a player"; nothing when finished), now (Unix ms; 0:
 * no time left). */
void web_days_text(struct wbuf *b, int days);
/* The day of Unix time t (seconds), "2026-11-28", with minute its time
 * too, "2026-11-28 17:17 UTC" ("?" out of range). */
void web_utc_text(struct wbuf *b, long long t, bool minute);
void web_left_text(struct wbuf *b, long long ms);
void web_turn_text(struct wbuf *b, const struct web_game_row *r,
    long long now);
/* The pages' words in the server's language (web_words.c): the language
 * of the catalogue in use as an HTML lang value ("de"; "en" without one)
 * in buf; a game's end's reason (the protocol's word, "resign") in words,
 * an unknown one as it is; the words the game page's script writes, as a
 * JSON block (id "words") of the page. */
const char *web_lang(char buf[16]);
const char *web_reason_word(const char *reason);
void web_script_words(struct wbuf *b);
/* A rating's history as an SVG line chart. */
void web_chart_svg(struct wbuf *b, const struct web_point *pt, int n);
/* An SSE message with the game's state from ply `from` on: positions
 * from..nply, moves from..nply-1, clocks and result (JSON in one data:
 * line). */
void web_sse_state(struct wbuf *b, const struct web_game *g, int from);
/* The page's script (/static/congo.js) and style (/static/congo.css). */
extern const char web_script[];
/* The shared worker (/static/congo-worker.js) that holds one event stream
 * (/events) for all of a browser's game pages. */
extern const char web_worker[];
extern const char web_style[];

#endif
