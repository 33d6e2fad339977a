/*
 * record.h: game records, a small PGN-like text format. No curses, no sockets.
 *
 *   [Event "Casual game"]
 *   [Date "2026.11.21"]
 *   [White "human"]
 *   [Black "alphabeta 1000ms"]
 *   [Variant "Congo"]
 *   [FEN "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0 1"]   (only when not the start)
 *   [Result "1-0"]                                         ("1-0" "0-1" "1/2-1/2" "*")
 *   [Termination "lion-captured"]                          (when over)
 *
 *   1. d2d3 d6d5 2. b1d3f5 ... 1-0
 *
 * Comments in braces {...} and ; to end of line are skipped when reading.
 */
#ifndef CONGO_RECORD_H
#define CONGO_RECORD_H

#include <stddef.h>
#include <stdio.h>

#include "engine/game.h"

#define RECORD_TAG_MAX 16
#define RECORD_TAG_LEN 128

struct record_tags {
	int n;
	char name[RECORD_TAG_MAX][32];
	char value[RECORD_TAG_MAX][RECORD_TAG_LEN];
};

/* Set (or replace) a tag. */
void record_tag_set(struct record_tags *t, const char *name, const char *value);
const char *record_tag_get(const struct record_tags *t, const char *name);

/* Write g with the tags (Result, FEN, Variant, Termination filled in from g). */
int record_write(FILE *f, const struct game *g, const struct record_tags *tags);
int record_save(const char *path, const struct game *g,
    const struct record_tags *tags, char *err, size_t errlen);

/*
 * Read a record into a fresh game (game_init'd inside with rules). Every move
 * is checked by the rules engine. Returns 0, or -1 with "FILE:LINE: message"
 * in err (name is the file name used in messages).
 */
int record_read(FILE *f, const char *name, struct game *g,
    struct record_tags *tags, const struct game_rules *rules,
    char *err, size_t errlen);
int record_load(const char *path, struct game *g, struct record_tags *tags,
    const struct game_rules *rules, char *err, size_t errlen);

#endif
