/*
 * session_player.h: a game's players (session_player.c), each a struct
 * of ops (a person at the keys, the AI, a network opponent), and the
 * names they are shown and kept by.
 */
#ifndef CONGO_SESSION_PLAYER_H
#define CONGO_SESSION_PLAYER_H

#include <stdbool.h>
#include <stddef.h>

#include "config/config.h"
#include "engine/board.h"

struct session;
struct session_player;

struct session_player_ops {
	const char *kind;           /* "human" "ai" "remote" */
	/* It is this player's turn (the session checks pause and game over). */
	void (*turn_begin)(struct session *, struct session_player *);
	/* Forget the current turn (undo, new game, quit). */
	void (*turn_cancel)(struct session *, struct session_player *);
	/* A move was played by either side. */
	void (*move_played)(struct session *, struct session_player *,
	    move_t m);
	/* A new game or position: forget what was learnt. */
	void (*reset)(struct session *, struct session_player *);
	/* An fd for the loop to watch, or -1, and its handler. */
	int (*pollfd)(struct session_player *);
	void (*readable)(struct session *, struct session_player *);
	/* The player named as records keep it (this program's own in
	 * English, read back by a load: "human", "alphabeta 1s", "AI level
	 * 6 (Club player)"; "bob (network)"). */
	void (*describe)(const struct session_player *, char *buf, size_t n);
	/* As a person reads it, in the language of the messages ("Mensch",
	 * "KI-Stufe 6 (...)"); NULL: as described. */
	void (*label)(const struct session_player *, char *buf, size_t n);
	void (*free)(struct session_player *);
};

struct session_player {
	const struct session_player_ops *ops;
	int color;
	bool human;                 /* moves come from the keys */
	bool thinks;                /* an AI: uses the worker */
	struct player_conf conf;
	void *priv;
};

struct session_player *session_player_new(const struct player_conf *pc,
    int color, char *err, size_t errlen);
void session_player_free(struct session_player *p);
void session_player_describe(const struct session_player *p, char *buf,
    size_t n);
/* As shown to the player (the panel, the plain mode, the messages): as
 * described, in the language of the messages ("Mensch", "KI-Stufe 6
 * (...)"; the records keep "human", "AI level 6 (Club player)"). */
void session_player_label(const struct session_player *p, char *buf,
    size_t n);
/* A level for people named: "AI level 6 (Club player)" as records,
 * settings and the new-game dialog's choices keep it (shown false), or
 * as a person reads it (shown: translated). */
void session_level_text(int level, bool shown, char *buf, size_t n);
/* A player's name as a record or a setting keeps it ("human", "AI level
 * 6 (Club player)") as a person reads it; another name (an account's,
 * "alphabeta 1s") as it is. Cut to n bytes, never inside a character. */
void session_player_name_shown(const char *name, char *buf, size_t n);
/* A shorter label for a narrow panel ("AI level 6"), else the same. */
void session_player_describe_short(const struct session_player *p,
    char *buf, size_t n);
/* "human", "ai", "alphabeta", "negamax", "random" into *pc; -1 if unknown. */
int session_player_type_parse(const char *text, struct player_conf *pc,
    char *err, size_t errlen);
bool session_algorithm_known(const char *name);

#endif
