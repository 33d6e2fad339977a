/*
 * test_net_acct.h: what the tests of accounts on an SQLite store share
 * (test_net_accounts.c, test_net_identity.c): a fresh database in a
 * temporary folder for each test, opened or failing the test, and
 * REGISTER through the session.
 */
#ifndef TEST_NET_ACCT_H
#define TEST_NET_ACCT_H

#include <unistd.h>

#include "test_net_util.h"

static char dir[256];
static char dbpath[300];

static __attribute__((unused)) int
setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/congo-acct-XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(dbpath, sizeof dbpath, "%s/games.db", dir);
	return 0;
}

static __attribute__((unused)) int
teardown(void **state)
{
	char cmd[400];

	(void)state;
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static __attribute__((unused)) struct store *
open_ok(int how)
{
	char err[512];
	struct store *st = store_open(dbpath, how, err, sizeof err);

	if (st == NULL)
		print_error("%s\n", err);
	assert_non_null(st);
	return st;
}

/* REGISTER name on conn: its key into key. */
static __attribute__((unused)) void
reg(struct t_fake *f, int conn, const char *name, char *key)
{
	const char *l;

	t_say(f, conn, "#r REGISTER name=%s", name);
	l = t_expect(f, conn, "OK #r REGISTER name=");
	t_val(l, "key", key, 40);
	assert_int_equal(strlen(key), 26);
}
#endif
