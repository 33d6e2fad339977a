/*
 * fuzz_util.h: what the libFuzzer harnesses share. A broken promise is a
 * crash with a message, so libFuzzer keeps the input that showed it.
 */
#ifndef CONGO_FUZZ_UTIL_H
#define CONGO_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define FUZZ_CHECK(cond, ...) do {					\
	if (!(cond)) {							\
		fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__,	\
		    __LINE__, #cond);					\
		fprintf(stderr, __VA_ARGS__);				\
		fputc('\n', stderr);					\
		abort();						\
	}								\
} while (0)

/* An LLVMFuzzerInitialize that sets up the board's tables and nothing
 * else (the harness includes engine/board.h). */
#define FUZZ_INIT_BOARD()						\
int									\
LLVMFuzzerInitialize(int *argc, char ***argv)				\
{									\
	(void)argc;							\
	(void)argv;							\
	board_init();							\
	return 0;							\
}

/* Inputs and bytes tried, printed at exit ("fuzz-bytes: ..."). */
static unsigned long long fuzz_inputs, fuzz_bytes;

static void
fuzz_report(void)
{
	fprintf(stderr, "fuzz-bytes: %llu inputs, %llu bytes\n", fuzz_inputs,
	    fuzz_bytes);
}

static inline void
fuzz_count(size_t size)
{
	if (fuzz_inputs++ == 0)
		atexit(fuzz_report);
	fuzz_bytes += size;
}

/* A NUL-terminated copy of the input (freed by the caller). */
static inline char *
fuzz_strndup(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (s == NULL)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* An error message must be set, end in NUL within its buffer, and name
 * something (not be empty). */
static inline void
fuzz_check_err(const char *err, size_t n)
{
	FUZZ_CHECK(memchr(err, '\0', n) != NULL, "error message not ended");
	FUZZ_CHECK(err[0] != '\0', "empty error message");
}

#endif
