/*
 * test_util_vec.c: the growable array and the allocators' contracts.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "util/util.h"
#include "test_main.h"

static void
test_push_grow_remove(void **state)
{
	struct vec v = VEC_INIT(sizeof(int));
	size_t i;

	(void)state;
	for (i = 0; i < 1000; i++)
		*(int *)vec_push(&v) = (int)i;
	assert_int_equal(v.len, 1000);
	assert_true(v.cap >= 1000);
	assert_int_equal(*(int *)vec_at(&v, 999), 999);
	vec_remove(&v, 0);
	assert_int_equal(v.len, 999);
	assert_int_equal(*(int *)vec_at(&v, 0), 1);
	assert_int_equal(*(int *)vec_at(&v, 998), 999);
	vec_clear(&v);
	assert_int_equal(v.len, 0);
	assert_int_equal(*(int *)vec_push(&v), 0); /* zeroed */
	vec_free(&v);
	assert_null(v.data);
	assert_int_equal(v.size, sizeof(int));
}

static void
test_strings(void **state)
{
	char *s;

	(void)state;
	s = xstrndup("abcdef", 3);
	assert_string_equal(s, "abc");
	free(s);
	assert_int_equal(xasprintf(&s, "%s-%d", "x", 42), 4);
	assert_string_equal(s, "x-42");
	free(s);
	s = xstrdup("");
	assert_string_equal(s, "");
	free(s);
}

static void
test_time_is_monotonic(void **state)
{
	int64_t a, b;

	(void)state;
	a = util_now_ms();
	b = util_now_ms();
	assert_true(b >= a);
	assert_true(util_wall_ms() > 1500000000000LL);
}

/* Run fn in a child; its exit status and what it wrote to stderr. */
static int
in_child(void (*fn)(void), char *err, size_t errlen)
{
	int fd[2], status;
	ssize_t n;
	size_t len = 0;
	pid_t pid;

	assert_int_equal(pipe(fd), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(fd[0]);
		dup2(fd[1], 2);
		fn();
		_exit(0);
	}
	close(fd[1]);
	while (len + 1 < errlen &&
	    (n = read(fd[0], err + len, errlen - 1 - len)) > 0)
		len += (size_t)n;
	err[len] = '\0';
	close(fd[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

static int hook_calls;

/* The hook runs once, and a fatal error inside it does not recurse. */
static void
hook(void)
{
	hook_calls++;
	fprintf(stderr, "hook %d\n", hook_calls);
	if (hook_calls == 1)
		fatal("inside the hook");
}

static void
die_with_hook(void)
{
	util_set_progname("tester");
	util_set_fatal_hook(hook);
	fatal("the %s is %d", "answer", 42);
}

static void
die_array(void)
{
	util_set_progname("tester");
	(void)xreallocarray(NULL, SIZE_MAX / 2, 4);
}

static void
test_fatal(void **state)
{
	char err[512];

	(void)state;
	/* the hook (restoring a terminal, say) first, once, then the
	 * message named by the program, status 1 */
	assert_int_equal(in_child(die_with_hook, err, sizeof err), 1);
	assert_string_equal(err, "hook 1\ntester: inside the hook\n");
	assert_int_equal(in_child(die_array, err, sizeof err), 1);
	assert_non_null(strstr(err, "tester: array too large"));
	util_set_progname("test_util_vec");
	assert_string_equal(util_progname(), "test_util_vec");
}

static void
test_sizes(void **state)
{
	int *a;
	char *c;

	(void)state;
	/* zero sizes give a pointer that can be freed and grown */
	a = xcalloc(0, sizeof *a);
	assert_non_null(a);
	a = xreallocarray(a, 10, sizeof *a);
	a[9] = 7;
	a = xrealloc(a, 0);
	assert_non_null(a);
	free(a);
	c = xmalloc(0);
	assert_non_null(c);
	free(c);
	a = xcalloc(4, sizeof *a);
	assert_int_equal(a[0] | a[1] | a[2] | a[3], 0);
	free(a);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_push_grow_remove),
	cmocka_unit_test(test_strings),
	cmocka_unit_test(test_time_is_monotonic),
	cmocka_unit_test(test_fatal),
	cmocka_unit_test(test_sizes))
