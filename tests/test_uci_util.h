/*
 * test_uci_util.h: run `congo --engine` (uci_run) on a string of commands
 * through temporary files; shared by test_uci.c and test_ai_uci.c.
 * Include after cmocka.h.
 */
#ifndef CONGO_TEST_UCI_UTIL_H
#define CONGO_TEST_UCI_UTIL_H

#include <stdio.h>
#include <stdlib.h>

#include "uci/uci.h"

/* What the engine wrote to out, from its start (free it); out closed. */
static char *
uci_output(FILE *out)
{
	long n = ftell(out);
	char *buf;

	rewind(out);
	buf = calloc(1, (size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, out), (size_t)n);
	fclose(out);
	return buf;
}

/* The engine's whole output for the commands (free it); uci_run must
 * return 0. */
static char *
run(const char *commands)
{
	FILE *in = tmpfile(), *out = tmpfile();

	assert_non_null(in);
	assert_non_null(out);
	fputs(commands, in);
	rewind(in);
	assert_int_equal(uci_run(in, out), 0);
	fclose(in);
	return uci_output(out);
}

#endif
