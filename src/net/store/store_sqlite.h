/*
 * store_sqlite.h: inside the SQLite store (store_sqlite.c opens, checks and
 * migrates; store_sqlite_rw.c writes from the store thread and reads from the
 * event loop, each through a connection of its own).
 */
#ifndef CONGO_NET_STORE_SQLITE_H
#define CONGO_NET_STORE_SQLITE_H

#include <sqlite3.h>

#include "net/store/store_acct.h"

struct store {
	sqlite3 *db;                   /* writes (the store thread) */
	sqlite3 *rdb;                  /* reads (the event loop) */
	int lockfd;                    /* flock: one server a file */
	sqlite3_stmt *ins_game, *ins_seat, *ins_event;
	sqlite3_stmt *up_seated, *up_ply, *up_result;
	sqlite3_stmt *rd_game, *rd_seats, *rd_events, *rd_list[2];
	int fail_next;
	/* Another program's write lock: the store thread waits for it
	 * until busy_until (ms); locked while the last wait ran out (the
	 * next batches then wait STORE_RELOCK_MS); a commit clears it. */
	long long busy_until;
	bool locked;
	long long size;                /* bytes, when opened */
	char note[1200];               /* something to log, or "" */
	char path[1024];
};

/* How long a commit waits for another program's write lock, and each
 * batch after one whose wait ran out: a command waits at most their sum
 * (2 s) for a lock before it is refused. */
#define STORE_LOCK_WAIT_MS 1900
#define STORE_RELOCK_MS 100

/* "<path>: what: sqlite's message (what it means: a full disk, a read-only
 * file, another program's lock)"; returns -1. */
int store_fail(struct store *st, char *err, size_t errlen, const char *what);
/* The file opened read-only (SQLite falls back to reading when it may not
 * write): -1 with err saying so (store_sqlite_guard.c). */
int store_writable(struct store *st, char *err, size_t errlen);
/* The store thread's connection waits a bounded time for a lock. */
void store_guard(struct store *st);
/* What the last failure on st->db means for an operator, or "". */
const char *store_explain(const struct store *st);
/* The statements: writes on db, reads on rdb; -1 if one does not prepare. */
int store_prepare(struct store *st);
int store_prepare_reads(struct store *st);
void store_finalize(struct store *st);
/* ch's typed writes (store_sqlite_op.c), in its transaction: 0, or -1
 * with the database's error. */
int store_sqlite_ops_put(struct store *st, const struct store_change *ch);
/* Accounts and ratings (store_sqlite_acct.c): store_ops' reads. */
STORE_ACCT_DECLARE(store_sqlite);

#endif
