/*
 * record_int.h: between the files of the record module (not for its users).
 */
#ifndef CONGO_RECORD_INT_H
#define CONGO_RECORD_INT_H

#include "record/record.h"

/*
 * The body of one comment (between '{' and '}', len bytes) into n: its
 * [%clk H:MM:SS] and [%eval 0.35] / [%eval #-3] set clk_ms and the eval,
 * other [%...] commands and the text around them are appended to n->text
 * (white space runs read as one space). -1 with the reason in why when a
 * %clk or %eval is malformed or the text too long.
 */
int record_comment_parse(struct record_note *n, const char *s, size_t len,
    char *why, size_t whylen);

/* A checked "H:MM:SS" or "H:MM:SS.fff" (hours 0..99999) in ms; -1 if not. */
int record_clock_parse(const char *s, size_t len, int64_t *ms);

/* The comment body of n as written ("[%eval 0.35] [%clk 0:04:58] text"),
 * "" when it has nothing for a comment; malloc'd. */
char *record_comment_text(const struct record_note *n);

#endif
