/*
 * plain_int.h: the inside of `congo --plain`: the loop (plain_main.c),
 * what the session did said as it happens (plain_follow.c), the lines
 * typed turned into commands (plain_cmd.c), and the sentences
 * (plain_say.c, plain_say.h).
 */
#ifndef CONGO_PLAIN_INT_H
#define CONGO_PLAIN_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "plain/plain.h"
#include "engine/notation.h"
#include "plain/plain_say.h"
#include "session/session.h"
#include "session/session_net.h"

#define PLAIN_LINE_MAX 1024

struct plain {
	struct session *s;
	int exit_status;            /* the program's status when it quits */
	char exit_msg[512];         /* said last */
	/* What has been said of the session. */
	unsigned seen_reset;        /* its reset_serial */
	int said_ply;               /* plies of the live game said */
	int turn_said;              /* the ply whose turn was said, -1 */
	char turn[SESSION_MSG_MAX + 128]; /* and how */
	int review_said;            /* the reviewed ply said, -1 live */
	bool over_said;
	bool asked;                 /* the question waiting was said */
	bool pick_said;
	char advice_said[SESSION_MSG_MAX]; /* the advice last said */
	int log_nlog, log_head;     /* the message log as last read */
	/* lessons and puzzles */
	unsigned learn_seen;
	int lesson_said, step_said, puzzle_said;
	bool waiting_said;
	int list_said;              /* network lists: lines said, -1 none */
	int warned[2];              /* clock: 1 at 30 s said, 2 at 10 s */
	/* new's questions (plain_new.c): the one waiting (-1 none), and
	 * whether "leave this game?" was asked after them */
	int ng_step;
	bool ng_confirm;
	/* a game's analysis running: the tenths done said, and when */
	bool analysing;
	int analyse_tenth;
	int64_t analyse_said_at;
	/* moves said, whose session message would say them again */
	char skip[4][MOVE_TEXT_MAX + 16];
	int nskip;
	/* network play (plain_net.c) */
	bool lobby;                 /* in the lobby (no game of one's own) */
	bool list_lobby;            /* a list (games NAME) asked there */
	unsigned seen_view;         /* the network game's view_serial */
	bool want_mine, want_chal;  /* games, challenges typed: said when
	                               the server's lists have come */
	bool want_list;             /* list typed: said once it has come */
	/* the lobby's list said (plain_lobby.c): open N and watch N are
	 * its games, by id (list_heard of them; -1 none said) */
	int list_heard;
	char heard[SESSION_LOBBY_MAX][16];
	/* tournaments (plain_tourney.c): typed for, said once come (the
	 * session's answers' serials seen); join NAME before the list */
	bool want_tourneys, want_standings;
	unsigned tourneys_seen, standings_seen;
	char tjoin[48];
	/* input */
	char in[PLAIN_LINE_MAX * 4];
	size_t inlen;
};

/* One line out (plain_main.c): cleaned (plain_clean), a newline, flushed. */
void plain_out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* plain_follow.c: say what changed since the last call. */
void plain_follow(struct plain *p);
/* The turn (and move number) now, and the clocks. */
void plain_say_turn(struct plain *p);
void plain_say_clock(struct plain *p);
/* ms until a clock warning is due, -1 none. */
int plain_clock_timeout(struct plain *p);
/* ms until an analysis's progress is due (10 s since the last), -1 none. */
int plain_analyse_timeout(struct plain *p);

/* plain_net.c: network play over the session's connection
 * (session_link.h), and the session's hooks (network commands, moves
 * and analysis refused). */
struct session_net_opts;
struct session_net_game;
void plain_net_hooks(struct plain *p);
int plain_net_start(struct plain *p, const struct session_net_opts *no,
    const struct session_net_game *ng, char *err, size_t errlen);
int plain_net_timeout(struct plain *p);
void plain_net_tick(struct plain *p);
/* The account's own commands of a network session (issue 36): games
 * (yours not over, as the lobby lists them), challenges, accept GAME,
 * decline GAME, withdraw GAME; true when line's word was one of them
 * (games NAME is the session's :games). Their help lines. */
bool plain_net_input(struct plain *p, const char *word, const char *arg);
void plain_net_help(const struct plain *p);

/* plain_lobby.c: the lobby's commands (list, open N, watch N, create
 * [black], seek, unseek, challenge): true when line's word was one of
 * them; what the lobby's list says once it has come; their help lines. */
bool plain_lobby_input(struct plain *p, const char *word, const char *arg);
void plain_lobby_follow(struct plain *p);
void plain_lobby_help(const struct plain *p);

/* plain_tourney.c: tournaments, join NAME, withdraw [NAME], pause
 * [NAME], standings [NAME]: true when line's word was one of them; what
 * they asked for said once it has come; their help lines. */
bool plain_tourney_input(struct plain *p, const char *word, const char *arg);
void plain_tourney_follow(struct plain *p);
void plain_tourney_help(const struct plain *p);

/* plain_new.c: new asks the new-game dialog's questions: begun, a line
 * for them (true when it was theirs), the "leave this game?" answered;
 * asking while a question of theirs waits. */
void plain_new_begin(struct plain *p);
bool plain_new_input(struct plain *p, const char *line);
void plain_new_answered(struct plain *p, bool yes);
bool plain_new_asking(const struct plain *p);

/* plain_cmd.c: one line typed. */
void plain_input(struct plain *p, const char *line);
void plain_help(const struct plain *p);

#endif
