/*
 * test_pg_redact.c: what the PostgreSQL store says of a connection string
 * (store_pg_redact.c): the database by name, host and port, never a
 * password, in a URI (user:password@, ?password=) or a key=value string
 * (password=, quoted or not), percent-encoded or not, nor in a libpq
 * message that quotes it; messages made one line. Skipped without libpq.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#ifdef HAVE_LIBPQ
#include "net/store/store_pg.h"

static void
test_name(void **state)
{
	char out[400];

	(void)state;
	pg_name("postgresql://alice:S3cret@db.example:5433/congo", out,
	    sizeof out);
	assert_string_equal(out, "PostgreSQL database congo on host "
	    "db.example port 5433");
	pg_name("host=/run/postgresql dbname=games user=bob password=S3cret",
	    out, sizeof out);
	assert_string_equal(out, "PostgreSQL database games on host "
	    "/run/postgresql");
	pg_name("postgresql:///congo?password=S3cret", out, sizeof out);
	assert_string_equal(out, "PostgreSQL database congo on libpq's "
	    "default host");
	pg_name("postgresql://a:S3cret@h/congo?nosuch=1", out, sizeof out);
	assert_null(strstr(out, "S3cret"));
}

/* msg redacted for conninfo: what is left. */
static const char *
redact(const char *conninfo, const char *msg)
{
	static char buf[600];

	snprintf(buf, sizeof buf, "%s", msg);
	pg_redact(conninfo, buf, sizeof buf);
	return buf;
}

static void
test_redact(void **state)
{
	(void)state;
	/* A URI's user:password@, as written and as libpq reads it. */
	assert_string_equal(redact("postgresql://alice:p%40ss%20word@h/db",
	    "bad \"postgresql://alice:p%40ss%20word@h/db\" or p@ss word\n"),
	    "bad \"postgresql://alice:***@h/db\" or ***");
	/* ?password=, and a key=value string's password=, quoted too. */
	assert_string_equal(redact("postgresql:///db?password=Qu3ry&host=/x",
	    "Qu3ry here"), "*** here");
	assert_string_equal(redact("host=h password='two words' dbname=d",
	    "said: two words,\n\tand more"), "said: ***, and more");
	assert_string_equal(redact("host=h password = K3yw0rd dbname=d",
	    "K3yw0rd"), "***");
	/* A string libpq cannot read: its password found by hand, and what
	 * libpq quotes of it left out. */
	assert_string_equal(redact("postgresql://a:B%zzad@h/db",
	    "invalid percent-encoded token: \"B%zzad\"\n"),
	    "invalid percent-encoded token: \"...\"");
	assert_null(strstr(redact("host=h password=Unread 'dbname=d",
	    "Unread and \"Unread\""), "Unread"));
	/* A short password: still taken out. */
	assert_string_equal(redact("postgresql://a:x@h/db", "x y"),
	    "*** y");
	/* No conninfo: one line only. */
	assert_string_equal(redact(NULL, "FATAL:  a\nHINT:  b\n"),
	    "FATAL: a HINT: b");
}
#endif

int
main(void)
{
#ifdef HAVE_LIBPQ
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_name),
		cmocka_unit_test(test_redact),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
#else
	printf("test_pg_redact: SKIP: built without libpq\n");
	return 77;
#endif
}
