/*
 * test_net_acct.h: what the tests of accounts on an SQLite store share
 * (test_net_accounts.c, test_net_identity.c) besides test_net_util.h's
 * database of a test's own (t_db_setup, t_db_open): REGISTER through the
 * session.
 */
#ifndef TEST_NET_ACCT_H
#define TEST_NET_ACCT_H

#include <unistd.h>

#include "test_net_util.h"

/* REGISTER name on conn: its key into key. */
static __attribute__((unused)) void
reg(struct t_fake *f, int conn, const char *name, char *key)
{
	const char *l;

	l = t_ask(f, conn, "OK #r REGISTER name=", "#r REGISTER name=%s",
	    name);
	t_val(l, "key", key, 40);
	assert_int_equal(strlen(key), 26);
}
#endif
