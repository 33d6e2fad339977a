/*
 * session_ai.h: the AI's side of the game session (session.h): the worker
 * thread that thinks for a player or the advisor (session_worker.c),
 * continuous analysis (session_analysis.c) and a whole game's analysis
 * with the record's notes (session_analyse.c). Part of the session
 * module, kept in a header of its own for its size; session.h includes
 * it.
 */
#ifndef CONGO_SESSION_AI_H
#define CONGO_SESSION_AI_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config/config.h"
#include "engine/board.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "record/record.h"

struct session;


/* ---- the AI worker thread (session_worker.c) ---- */

enum session_job_kind { JOB_MOVE, JOB_ADVICE, JOB_ANALYSIS, JOB_GAME };

struct session_worker;

struct session_job {
	enum session_job_kind kind;
	int color;                  /* the side it thinks for */
	struct board pos;
	struct board *history;      /* earlier positions, owned by the job */
	int nhistory;
	struct game_rules rules;
	struct player_conf conf;
	void *search;               /* the player's search context */
	/* JOB_GAME: run(w, arg) in the thread, then MSG_DONE (a game's
	 * analysis, session_analyse.c) */
	void (*run)(struct session_worker *w, void *arg);
	void *arg;
};

enum session_job_msg_kind { MSG_INFO, MSG_DONE };

/* Sent through the worker's pipe: small enough to be written atomically. */
struct session_job_msg {
	int kind;
	int job;
	move_t move;
	int depth;
	uint64_t nodes;
	uint64_t nps;
	int time_ms;
	int multipv, nlines;        /* analysis: line multipv of nlines */
	char score[40];
	char pv[160];
};

struct session_worker {
	int rd, wr;                 /* the pipe: worker writes, UI reads */
	pthread_t thread;
	bool running;               /* a thread to join */
	int id;                     /* the current job (messages of others are stale) */
	atomic_bool cancel;
	struct session_job job;
};

/* Both ends of the pipe are non-blocking: a worker never waits on a full
 * pipe while the UI thread joins it (a progress line is then dropped). */
int session_worker_init(struct session_worker *w);
void session_worker_free(struct session_worker *w);
/* Start thinking; job is copied (history ownership passes). */
int session_worker_start(struct session_worker *w, const struct session_job *job);
/* Stop the job (search_stop) and join; no-op when idle. */
void session_worker_stop(struct session_worker *w);
bool session_worker_busy(const struct session_worker *w);
/* (JOB_GAME's run) Post a message of the job, from its thread. */
void session_worker_post(struct session_worker *w, struct session_job_msg *m);
/* Read one message: 1, 0 when none. Joins the thread on MSG_DONE. */
int session_worker_read(struct session_worker *w, struct session_job_msg *m);
/* A new search context for a player's settings, or NULL. */
void *session_search_new(const struct player_conf *pc);
void session_search_free(void *s);
void session_search_clear(void *s);

/* ---- continuous analysis (session_analysis.c) ---- */

/*
 * While on, the position shown (the live one, or the reviewed one) is
 * searched without limit in a worker thread of its own, with its own
 * search context; each completed depth updates the report. It restarts
 * when the position shown changes (a move, a review step, undo, a new
 * game), waits while an AI player or the advisor thinks (their CPU), and
 * is stopped and joined when turned off: no thread runs then.
 */
enum session_analysis_state {
	ANALYSIS_OFF = 0,
	ANALYSIS_RUNNING,           /* the worker searches pos */
	ANALYSIS_WAITING,           /* on, but an AI thinks: resumes after */
	ANALYSIS_DONE               /* the search ended (max depth, no move) */
};

#define SESSION_ANALYSIS_LINES 5    /* SEARCH_MULTIPV_MAX */
#define SESSION_ANALYSIS_DEFAULT 3

struct session_analysis_line {
	int depth;
	char score[40];
	char pv[160];
	move_t best;
};

struct session_analysis {
	bool on;                    /* the user wants it */
	int state;                  /* enum session_analysis_state */
	struct session_worker worker;    /* its own thread and pipe */
	void *search;               /* its own context, made when first on */
	struct board pos;           /* the position analysed */
	int ply;                    /* its ply in the game */
	unsigned reset_serial;      /* of the game it belongs to */
	unsigned starts;            /* searches started so far */
	/* The latest report: depth 0 while none. */
	int depth;
	uint64_t nodes, nps;
	char score[40];             /* White's side: "+0.35", "White wins the
	                             * lion in 3" */
	char pv[160];               /* the best line, in move text */
	move_t best;                /* its first move, MOVE_NONE if none */
	/* MultiPV: lines wanted (1..SESSION_ANALYSIS_LINES, :analyze N,
	 * ui.analysis_lines), and the report's lines, best first (line[0]
	 * is the one above); nlines 0 while none. */
	int lines;
	int nlines;
	struct session_analysis_line line[SESSION_ANALYSIS_LINES];
	/* the lines of a depth as they come, shown once all have */
	struct session_analysis_line pending[SESSION_ANALYSIS_LINES];
};

/* :analyze: on when off, off when on (refused with a message when the
 * hooks say so, e.g. in a network game). */
void session_analysis_toggle(struct session *s);
/* :analyze N: on with N lines (1..SESSION_ANALYSIS_LINES), from now on;
 * -1 with a message naming a bad N. "" toggles. */
int session_analysis_command(struct session *s, const char *arg);
/* Line k (0-based) of the panel: "2) -0.15 d12  e6e5 c3c4 ...", "" when
 * the report has no such line. */
void session_analysis_line_text(const struct session *s, int k, char *buf,
    size_t n);
/* Start, restart, pause or stop the search to match the session; cheap,
 * called after every command, move, worker message and tick. */
void session_analysis_sync(struct session *s);
/* A message of the analysis worker's pipe. */
void session_analysis_msg(struct session *s, const struct session_job_msg *m);
/* Off, the thread joined (quit). */
void session_analysis_stop(struct session *s);
/* The panel's lines: the head ("Analysis +0.08  depth 14", or the
 * state: "Analysis: thinking...") and the figures ("2.6M n/s  12.1M
 * nodes", "" when none); the best line is analysis.pv. */
void session_analysis_head(const struct session *s, char *head, size_t n,
    char *stats, size_t m);

/* ---- a whole game's analysis, the record's notes (session_analyse.c) ---- */

/*
 * :analyse searches every position of the game on a worker thread of its
 * own (the screen stays live; :analyse again, or :analyse stop, cancels)
 * and notes each move's evaluation, mark (?! ? ??, as NAGs) and better
 * move in the game's notes. The notes also come from a loaded record and
 * go into a saved one; they hold for the plies whose moves are those they
 * were made for. NULL (s->ga) until first used.
 */
struct session_game_analyse;
struct analyse_result;

void session_analyse_command(struct session *s, const char *arg);
void session_analyse_free(struct session *s);
/* Its worker's pipe (-1 none) and its messages read. */
int session_analyse_fd(const struct session *s);
void session_analyse_poll(struct session *s);
/* While it runs: positions done of total, and ms left (-1 not known). */
bool session_analyse_progress(const struct session *s, int *done,
    int *total, int64_t *left_ms);
/* The note of ply i, if it holds for this game; its mark (MARK_*). */
const struct record_note *session_note(const struct session *s, int ply);
int session_analyse_mark(const struct session *s, int ply);
/* White's score after ply i (lichess centipawns): false when none. */
bool session_analyse_eval(const struct session *s, int ply, int *white_cp);
/* That score as the record writes it, White's side: "+0.35", "-2.42",
 * "#3" (White takes the lion on its 3rd move), "#-3"; false (buf "")
 * when none. */
bool session_analyse_eval_text(const struct session *s, int ply, char *buf,
    size_t n);
/* White's score of the game's first position, lichess cp: the one its
 * analysis found (a forced win as the ceiling), else ANALYSE_CP_INITIAL. */
int session_analyse_start_eval(const struct session *s);
/* "White 87% 1?! 0? 2??  Black 64% ...", "" without evaluations. */
void session_analyse_summary(const struct session *s, char *buf, size_t n);
/* The next (dir 1) or previous (-1) marked move, shown. */
void session_analyse_jump(struct session *s, int dir);
/* The shown move's glyph from its notes (NAG $1..$6: ! ? !! ?? !? ?!),
 * "" none (session_notes.c). */
const char *session_move_glyph(const struct session *s, int ply);
/* The better move an analysis named for ply ("Better was f3e5." in its
 * comment), legal in the position before it: true with *m. */
bool session_better_move(const struct session *s, int ply, move_t *m);
/* The shown move's comment on the message line, when it has one. */
void session_analyse_say(struct session *s);
/* Show the position after `ply` plies (review; the end: live). */
void session_review_to(struct session *s, int ply);
/* The endgame tables of the variant read now, and what is wrong with
 * them said in the message log: a tablebases.path that is not a folder,
 * one without the variant's tables, a table refused (session_tables.c). */
void session_tables_check(struct session *s, int variant);
/* congo.conf's tablebases.path, when it names one: where the tables are
 * looked for (the default otherwise). */
void session_tables_path(const char *path);
/* :go N (N... for Black's): review the position after that move, 0 the
 * start; a message when the game has no such move. */
void session_review_go(struct session *s, const char *arg);
/* The notes of a loaded record (taken over), and those to save (the
 * caller frees them with record_notes_free). */
void session_notes_set(struct session *s, struct record_notes *ns);
void session_notes_get(const struct session *s, struct record_notes *out);
/* An analysis as notes of g: evals, NAGs, "Blunder. Better was d6d5."
 * (kept notes' clocks and other text stay). */
void session_analyse_notes(const struct analyse_result *r,
    const struct game *g, struct record_notes *ns);
/* congo --analyse FILE ... (session_analyse_main.c): the exit status. */
int session_analyse_main(int argc, char **argv);

#endif
