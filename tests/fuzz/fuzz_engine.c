/*
 * fuzz_engine.c: `congo --engine` (uci_run) fed any bytes as its input.
 * It must answer every line (an `error ...` for a bad one) and never crash
 * or hang. So that an input cannot legitimately run for hours, the harness
 * bounds what the user may ask for: every `go` line gets `depth 1`
 * appended and its perft depth capped at 2 (from the fifth `go` of an
 * input on, `go perft 1` runs instead), and Hash/Threads values are
 * capped at 2. Everything else reaches the engine byte for byte.
 *
 * The search's start-up table is 1 MB here instead of 16, and its threads
 * get 4 MB stacks instead of 16: the harness is linked with
 * -Wl,--wrap=search_new,--wrap=pthread_attr_setstacksize (fuzz.am), as
 * AddressSanitizer clears the shadow of every such block, which cost more
 * than the rest of the run. (The search keeps its move lists on the heap;
 * 4 MB is half the default stack of a thread.) For the same reason the
 * search context (4 MB of move lists per thread) is not freed at the end of
 * an input but kept for the next one, which gets it with its options set
 * afresh and its tables cleared (--wrap=search_free): everything else of
 * `congo --engine` is built and torn down for every input.
 */

#include <errno.h>
#include <pthread.h>
#include <strings.h>

#include "ai/search.h"
#include "engine/board.h"
#include "uci/uci.h"

#include "fuzz_util.h"

static FILE *sink;

int __real_pthread_attr_setstacksize(pthread_attr_t *a, size_t n);
int __wrap_pthread_attr_setstacksize(pthread_attr_t *a, size_t n);

int
__wrap_pthread_attr_setstacksize(pthread_attr_t *a, size_t n)
{
	return __real_pthread_attr_setstacksize(a, n > (4u << 20) ?
	    (4u << 20) : n);
}

struct search_ctx *__real_search_new(const struct search_options *o);
struct search_ctx *__wrap_search_new(const struct search_options *o);

void __real_search_free(struct search_ctx *ctx);
void __wrap_search_free(struct search_ctx *ctx);

/* The context the last input freed, kept for the next (see the top). */
static struct search_ctx *spare;

struct search_ctx *
__wrap_search_new(const struct search_options *o)
{
	struct search_options small;
	struct search_ctx *ctx;

	if (o == NULL) {
		search_options_default(&small);
	} else {
		small = *o;
	}
	if (small.hash_mb > 1)
		small.hash_mb = 1;
	if (spare == NULL)
		return __real_search_new(&small);
	ctx = spare;
	spare = NULL;
	if (search_set_options(ctx, &small) != 0) {
		__real_search_free(ctx);
		return __real_search_new(&small);
	}
	search_clear(ctx);
	return ctx;
}

void
__wrap_search_free(struct search_ctx *ctx)
{
	if (ctx != NULL && spare == NULL) {
		spare = ctx;
		return;
	}
	__real_search_free(ctx);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	board_init();
	sink = fopen("/dev/null", "w");
	if (sink == NULL)
		abort();
	return 0;
}

struct buf {
	char *p;
	size_t n, cap;
};

static void
put(struct buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		b->cap = (b->n + n + 1) * 2;
		b->p = realloc(b->p, b->cap);
		if (b->p == NULL)
			abort();
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
}

static void
puts_(struct buf *b, const char *s)
{
	put(b, s, strlen(s));
}

/* Is the first word of line w? */
static bool
first_word(const char *line, const char *w)
{
	size_t n = strlen(w);

	while (*line == ' ' || *line == '\t')
		line++;
	return strncmp(line, w, n) == 0 &&
	    (line[n] == '\0' || line[n] == ' ' || line[n] == '\t');
}

/*
 * Write s with its leading number (as strtoll reads it: white space and a
 * sign first) made max when it is larger; true if it was.
 */
static bool
cap_number(struct buf *out, const char *s, long long max)
{
	char *end, num[24];
	long long v;

	errno = 0;
	v = strtoll(s, &end, 10);
	if (end == s || (v <= max && errno == 0))
		return false;
	snprintf(num, sizeof num, "%lld", max);
	puts_(out, num);
	puts_(out, end);
	return true;
}

/* `go ...` rebuilt with spaces: a perft depth over 2 becomes 2, any
 * other search gets depth 1. The depth is read as the engine reads it:
 * the rest of the line after "perft", white space of any kind first
 * ("go perft \r\r 10" ran a perft of 10, a harness timeout). */
static void
rewrite_go(struct buf *out, char *line)
{
	char *save = NULL, *tok, *p = line + strspn(line, " \t");

	p += strcspn(p, " \t");             /* "go" */
	p += strspn(p, " \t");
	if (strncmp(p, "perft", 5) == 0 && (p[5] == '\0' || p[5] == ' ' ||
	    p[5] == '\t')) {
		puts_(out, "go perft");
		if (!cap_number(out, p + 5, 2))
			puts_(out, p + 5);
		return;
	}
	strtok_r(line, " \t", &save);      /* "go" */
	puts_(out, "go");
	while ((tok = strtok_r(NULL, " \t", &save)) != NULL) {
		puts_(out, " ");
		puts_(out, tok);
	}
	puts_(out, " depth 1");
}

/* setoption Hash/Threads: a value over 2 becomes 2. */
static void
rewrite_setoption(struct buf *out, const char *line)
{
	const char *v = strstr(line, " value ");

	if (v != NULL && (strcasestr(line, "hash") != NULL ||
	    strcasestr(line, "threads") != NULL)) {
		const char *x = v + 7;

		while (*x == ' ')
			x++;
		put(out, line, (size_t)(x - line));
		if (!cap_number(out, x, 2))
			puts_(out, x);
		return;
	}
	puts_(out, line);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct buf out = { NULL, 0, 0 };
	size_t i = 0;
	int searches = 0;
	FILE *in;

	fuzz_count(size);

	if (size > 8192)
		return 0;
	while (i < size) {
		const uint8_t *nl = memchr(data + i, '\n', size - i);
		size_t end = nl != NULL ? (size_t)(nl - data) : size;
		char *line = fuzz_strndup(data + i, end - i);
		size_t n = strlen(line);

		/* The engine drops CRs and LFs at the end, as here. */
		while (n > 0 && (line[n - 1] == '\r' || line[n - 1] == '\n'))
			line[--n] = '\0';

		/* A NUL ends what the engine sees of a line (fgets/strlen):
		 * check the words the same way. */
		if (first_word(line, "go") && ++searches > 4)
			puts_(&out, "go perft 1");
		else if (first_word(line, "go"))
			rewrite_go(&out, line);
		else if (first_word(line, "setoption"))
			rewrite_setoption(&out, line);
		else
			put(&out, (const char *)data + i, end - i);
		if (nl != NULL)
			puts_(&out, "\n");
		free(line);
		i = end + 1;
	}
	if (out.n == 0)
		puts_(&out, "\n");
	in = fmemopen(out.p, out.n, "r");
	if (in == NULL)
		abort();
	FUZZ_CHECK(uci_run(in, sink) == 0, "uci_run failed");
	fclose(in);
	free(out.p);
	return 0;
}
