/*
 * session_tourney.h: tournaments in the game (issue 60, session_tourney.c,
 * session_tourney_say.c; PROTOCOL.md "Tournaments"): the server's list
 * (TOURNEYS) and one's standings (STANDINGS) for the lobby's
 * "Tournaments" screen and plain mode's tournaments and standings;
 * joining, withdrawing and pausing (TJOIN, TLEAVE, TPAUSE); in a game of
 * a tournament its live standings beside the board, asked again when a
 * game ends; BERSERK before one's first move in an arena's game; the
 * pairings said ("Round 2: you play White against Ann"). No curses: the
 * view is src/ui/ui_net_tourney.c, and src/plain's tournaments.
 */
#ifndef CONGO_SESSION_TOURNEY_H
#define CONGO_SESSION_TOURNEY_H

#include <stdbool.h>
#include <stddef.h>

#include "session/session_net.h"

#define SESSION_TOURNEYS_MAX 40
#define SESSION_STANDINGS_MAX 64

/* A tournament as TOURNEYS lists it. */
struct session_tourney {
	char id[16], kind[8], name[48], status[12], start[24];
	char clock[16], variant[16];
	int minutes;              /* an arena's */
	int rounds, round;        /* a Swiss's: of them, the one now */
	int days;                 /* a correspondence Swiss's, 0 none */
	int players;
	bool rated;
};

/* A line of STANDINGS. */
struct session_standing {
	int rank, games;
	char name[32], points[12];
	bool fire;                /* an arena's: on fire (scores double) */
	/* a Swiss's tie-breaks as the server writes them ("" an arena's) */
	char buchholz[12], sb[12];
	bool bot;                 /* a computer player (title=BOT) */
};

struct session_tourneys {
	struct session_tourney list[SESSION_TOURNEYS_MAX];
	int n, sel;
	char chosen[16];          /* sel's id (the list comes again) */
	bool open;                /* the lobby's Tournaments screen */
	bool detail;              /* ... showing sel's standings */
	bool asking, listed;      /* TOURNEYS asked; it came once */
	long long at;             /* when to ask again (0: now) */
	/* The standings of one tournament (sid). */
	char sid[16];
	struct session_standing st[SESSION_STANDINGS_MAX];
	int nst;
	char st_status[12];
	bool st_asking, st_listed;
	long long st_at;
	int heard;                /* the items of the answer coming */
	/* The game's tournament (STATE's tourney=, PAIRED's), "" none; its
	 * kind as listed ("" not known yet); the berserks seen. */
	char game[16], game_id[16], kind[8];
	bool berserk[2];
	/* A pairing to say once the names are known (the STATE after it). */
	bool pair_say;
	int round;                /* the last round a Swiss said (n=) */
	char joined[16];          /* the tournament last joined here */
	bool once;                /* the list asked once (plain mode) */
	unsigned list_serial, st_serial; /* grow as each answer comes */
};

/* Text of TOURNEYS' and STANDINGS' ITEM lines (a line's keys) into an
 * entry: false when a key it needs is missing. */
bool session_tourney_parse(const char *text, struct session_tourney *t);
bool session_standing_parse(const char *text, struct session_standing *st);

/* The screen opened (the list asked at once), closed; Up/Down; Enter:
 * its standings (asked), Esc back to the list. */
void session_tourney_open(struct session *s);
void session_tourney_close(struct session *s);
void session_tourney_step(struct session *s, int delta);
void session_tourney_detail(struct session *s, bool on);
/* The tournament chosen on the screen, or NULL. */
const struct session_tourney *session_tourney_chosen(const struct session *s);
/* A tournament by its id or name (case does not matter), as listed;
 * NULL when none is. */
const struct session_tourney *session_tourney_find(const struct session *s,
    const char *word);
/* TJOIN, TLEAVE, TPAUSE of the tournament id (NULL: the one chosen on
 * the screen; for TLEAVE and TPAUSE the one joined here first): 0 sent,
 * -1 said why not. The list asked once now (plain mode's tournaments). */
int session_tourney_send(struct session *s, const char *verb,
    const char *id);
void session_tourney_ask(struct session *s);
/* The standings of id asked (now), and said once come (plain). */
void session_tourney_standings(struct session *s, const char *id);

/* The game is a tournament's: its id, or NULL. */
const char *session_tourney_of_game(const struct session *s);
/* BERSERK can be sent now: a seat of ours in an arena's game not over,
 * before our first move, not berserked yet. */
bool session_tourney_can_berserk(const struct session *s);
/* B, :berserk: sent (0), or -1 with the reason said. */
int session_tourney_berserk(struct session *s);

/* The events (true when taken whole): the lists, the tournaments', the
 * berserks; a game's STATE, seat and result noted (not taken). */
bool session_tourney_event(struct session *s, const struct net_event *e);
/* Asked again every few seconds while shown; ms until due (-1 none). */
void session_tourney_tick(struct session *s, long long now);
int session_tourney_timeout(const struct session *s, long long now);

/* Words (session_tourney_say.c): a tournament's line of the list
 * ("arena Friday, 3+2 congo, rated, starts 2030-01-01 20:00 UTC, 60
 * minutes, 4 players, upcoming"), a standing as a sentence ("1. ann, 6
 * points in 3 games, on fire"), and the panel's short line ("1 ann 6
 * *"). A computer player's name is followed by its title ("robo BOT",
 * "robo (BOT)" in a sentence): session_standing_name gives it in at
 * most width columns, the title kept. */
void session_tourney_line(const struct session_tourney *t, char *buf,
    size_t n);
void session_standing_sentence(const struct session_standing *st,
    char *buf, size_t n);
void session_standing_short(const struct session_standing *st, char *buf,
    size_t n);
void session_standing_name(const struct session_standing *st, int width,
    char *buf, size_t n);

#endif
