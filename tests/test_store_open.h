/*
 * test_store_open.h: what the tests of the store's typed writes share
 * (test_store_ops.c, test_store_tourn.c): the store CONGO_STORE_DB names
 * (a PostgreSQL URI from the test's script) or else a fresh SQLite file,
 * opened by setup and closed, its files removed, by teardown; commit of a
 * change. Define TEST_STORE_NAME (the program's name, for its error and
 * its file's) before including it.
 */
#ifndef CONGO_TEST_STORE_OPEN_H
#define CONGO_TEST_STORE_OPEN_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "net/store/store.h"

static const struct store_ops *ops;
static void *ctx;
static char dbfile[64];
static char err[1200];

static void
quiet_log(struct sess *s, int level, const char *msg)
{
	(void)s;
	(void)level;
	(void)msg;
}

static int
setup(void **state)
{
	static const struct store_up up = { .log = quiet_log };
	const char *db = getenv("CONGO_STORE_DB");
	int fd;

	(void)state;
	store_bind(&up);
	if (db == NULL || db[0] == '\0') {
		snprintf(dbfile, sizeof dbfile, "%s/" TEST_STORE_NAME ".XXXXXX",
		    getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/tmp");
		if ((fd = mkstemp(dbfile)) < 0)
			return -1;
		close(fd);
		unlink(dbfile);
		db = dbfile;
	}
	if (store_open_any(db, STORE_CREATE, &ops, &ctx, err,
	    sizeof err) < 0) {
		fprintf(stderr, TEST_STORE_NAME ": %s\n", err);
		return -1;
	}
	return 0;
}

static int
teardown(void **state)
{
	char side[80];

	(void)state;
	ops->close(ctx);
	if (dbfile[0] != '\0') {
		unlink(dbfile);
		snprintf(side, sizeof side, "%s-wal", dbfile);
		unlink(side);
		snprintf(side, sizeof side, "%s-shm", dbfile);
		unlink(side);
	}
	return 0;
}

/* ch committed: 0, or -1 (a conflict or a failure). */
static int
commit(const struct store_change *ch)
{
	return ops->commit(ctx, ch, err, sizeof err);
}

#endif
