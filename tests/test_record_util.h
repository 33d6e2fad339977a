/*
 * test_record_util.h: what the record's tests share (test_record.c,
 * test_record_notes.c, test_record_tree.c): a record read from a string and
 * a game written to one, through record_read and record_write, or with
 * notes (and variations) through record_read_notes and record_write_notes
 * (record_write_tree). Include after cmocka.h.
 */
#ifndef CONGO_TEST_RECORD_UTIL_H
#define CONGO_TEST_RECORD_UTIL_H

#include <stdio.h>
#include <string.h>

#include "record/record.h"

/* text read as a record named "t.pgn" (its notes into ns: NULL, read by
 * record_read); record_read's value. */
static __attribute__((unused)) int
record_of_text(const char *text, struct game *g, struct record_tags *t,
    struct record_notes *ns, char *err, size_t n)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int rc;

	assert_non_null(f);
	err[0] = '\0';
	if (ns != NULL)
		rc = record_read_notes(f, "t.pgn", 0, g, t, NULL, ns, err, n);
	else
		rc = record_read(f, "t.pgn", g, t, NULL, err, n);
	fclose(f);
	return rc;
}

/* g written to a string (free it): with its variations tree, by
 * record_write_tree; else with its notes ns, by record_write_notes; else
 * by record_write. */
static __attribute__((unused)) char *
text_of_record(const struct game *g, const struct record_tags *t,
    const struct record_notes *ns, const struct record_tree *tree)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(tree != NULL ? record_write_tree(f, g, t, ns, tree) :
	    ns != NULL ? record_write_notes(f, g, t, ns) :
	    record_write(f, g, t), 0);
	assert_int_equal(fclose(f), 0);
	return buf;
}
#endif
