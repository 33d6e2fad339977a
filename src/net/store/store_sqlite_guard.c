/*
 * store_sqlite_guard.c: the SQLite store under faults of its file. Another
 * program holding a write transaction: the store thread waits for it at
 * most STORE_LOCK_WAIT_MS, then the batch is refused (507), and while the
 * lock stays the next batches wait only STORE_RELOCK_MS each, so that no
 * command waits more than their sum. A failure is named for the operator:
 * a full disk, a read-only file, a lock, an I/O error.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "net/store/store_sqlite.h"

/* Can this process write to path? 0, or why not (an errno). */
static int
unwritable(const char *path)
{
	return access(path, W_OK) < 0 && errno != ENOENT ? errno : 0;
}

/* SQLite's busy handler on the store thread's connection: true to try
 * again (after a short sleep), false to give up with SQLITE_BUSY. */
static int
store_busy(void *arg, int count)
{
	struct store *st = arg;
	long long now = util_now_ms(), left;

	if (count == 0)
		st->busy_until = now + (st->locked ? STORE_RELOCK_MS :
		    STORE_LOCK_WAIT_MS);
	left = st->busy_until - now;
	if (left <= 0) {
		st->locked = true;
		return 0;
	}
	usleep((useconds_t)(left < 5 ? left : 5) * 1000);
	return 1;
}

/* A transaction commits: whatever held the lock has let it go. */
static int
store_committed(void *arg)
{
	struct store *st = arg;

	st->locked = false;
	return 0;
}

int
store_writable(struct store *st, char *err, size_t errlen)
{
	int e;

	if (sqlite3_db_readonly(st->db, "main") != 1)
		return 0;
	e = unwritable(st->path);
	snprintf(err, errlen, "%s: read-only (%s): congo-server must write to "
	    "its database (check the file's owner, mode and attributes "
	    "(lsattr), and that its file system is mounted read-write)",
	    st->path, e != 0 ? strerror(e) : "opened for reading only");
	return -1;
}

void
store_guard(struct store *st)
{
	sqlite3_busy_handler(st->db, store_busy, st);
	sqlite3_commit_hook(st->db, store_committed, st);
}


const char *
store_explain(const struct store *st)
{
	int code = sqlite3_errcode(st->db) & 0xff, e;
	char wal[sizeof st->path + 8];
	struct statvfs vfs;

	if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
		return " (locked: another program holds a write transaction on "
		    "the database)";
	if (code == SQLITE_FULL)
		return " (the disk is full)";
	if (code != SQLITE_IOERR && code != SQLITE_CANTOPEN &&
	    code != SQLITE_READONLY)
		return "";
	/* SQLite's codes do not say why a write failed: ask the system. */
	snprintf(wal, sizeof wal, "%s-wal", st->path);
	if ((e = unwritable(st->path)) == 0)
		e = unwritable(wal);
	if (e == EROFS || e == EPERM || e == EACCES || code == SQLITE_READONLY)
		return " (the file or its file system is read-only)";
	if (statvfs(st->path, &vfs) == 0 && vfs.f_bavail == 0)
		return " (the disk is full)";
	return " (an input/output error: is the disk failing?)";
}
