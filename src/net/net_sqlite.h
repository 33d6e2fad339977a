/*
 * net_sqlite.h: inside the SQLite store (net_store.c opens, checks and
 * migrates; net_store_rw.c writes from the store thread and reads from the
 * event loop, each through a connection of its own).
 */
#ifndef CONGO_NET_SQLITE_H
#define CONGO_NET_SQLITE_H

#include <sqlite3.h>

#include "net/net_internal.h"

struct store {
	sqlite3 *db;                   /* writes (the store thread) */
	sqlite3 *rdb;                  /* reads (the event loop) */
	int lockfd;                    /* flock: one server a file */
	sqlite3_stmt *ins_game, *ins_seat, *ins_event;
	sqlite3_stmt *up_seated, *up_ply, *up_result;
	sqlite3_stmt *rd_game, *rd_seats, *rd_events, *rd_list[2];
	int fail_next;
	long long size;                /* bytes, when opened */
	char note[1200];               /* something to log, or "" */
	char path[1024];
};

/* "<path>: what: sqlite's message"; returns -1. */
int store_fail(struct store *st, char *err, size_t errlen, const char *what);
/* The statements: writes on db, reads on rdb; -1 if one does not prepare. */
int store_prepare(struct store *st);
int store_prepare_reads(struct store *st);
void store_finalize(struct store *st);

#endif
