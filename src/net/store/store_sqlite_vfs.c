/*
 * store_sqlite_vfs.c: the store thread's SQLite files, through the system's
 * own VFS with one difference: what SQLite writes to the write-ahead log
 * goes out in few writes when it syncs (a commit), not one write for
 * each frame's header and another for its page (2 a page, some 150 a
 * group commit of 50 moves; now one for 31 pages). A write that does not
 * follow the ones held, a read, a truncation, a size asked, a close: what
 * is held is written first. Nothing is held across a sync, so a commit is
 * on disk as before when it returns, and a failed write fails the commit
 * as before. Readers (the event loop's connection, another program) see
 * only frames a commit has published in the shared index, which SQLite
 * does after that sync: the store must keep synchronous=FULL (setup()).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "net/store/store_sqlite.h"

/* Bytes held at most: the system VFS writes less than 128 KiB a call
 * (it masks a larger count to 17 bits), so 31 frames of 4 KiB a write. */
#define HOLD_MAX 0x1ffff

struct vfile {
	sqlite3_file base;
	sqlite3_file *real;      /* the system VFS's file, after this */
	bool wal;                /* a write-ahead log: writes held */
	char *buf;
	size_t len, cap;
	sqlite3_int64 off;       /* where buf[0] goes */
};

static sqlite3_vfs vfs;
static sqlite3_vfs *sys;
static pthread_once_t once = PTHREAD_ONCE_INIT;

#define REAL(f) (((struct vfile *)(f))->real)
#define ALIGNED(n) (((n) + 7) & ~(size_t)7)

static int
put_out(struct vfile *f)
{
	int rc = SQLITE_OK;

	if (f->len > 0)
		rc = f->real->pMethods->xWrite(f->real, f->buf, (int)f->len,
		    f->off);
	f->len = 0;
	return rc;
}

static int
v_close(sqlite3_file *file)
{
	struct vfile *f = (struct vfile *)file;
	int rc = put_out(f), rc2;

	rc2 = f->real->pMethods->xClose(f->real);
	free(f->buf);
	f->buf = NULL;
	f->cap = 0;
	return rc != SQLITE_OK ? rc : rc2;
}

static int
v_read(sqlite3_file *file, void *p, int n, sqlite3_int64 off)
{
	struct vfile *f = (struct vfile *)file;
	int rc = put_out(f);

	return rc != SQLITE_OK ? rc : f->real->pMethods->xRead(f->real, p, n,
	    off);
}

static int
v_write(sqlite3_file *file, const void *p, int n, sqlite3_int64 off)
{
	struct vfile *f = (struct vfile *)file;
	int rc;

	if (!f->wal || n <= 0 || n > HOLD_MAX)
		goto through;
	if (f->len > 0 && (off != f->off + (sqlite3_int64)f->len ||
	    f->len + (size_t)n > HOLD_MAX) && (rc = put_out(f)) != SQLITE_OK)
		return rc;
	if (f->len == 0)
		f->off = off;
	if (f->len + (size_t)n > f->cap) {
		f->buf = xrealloc(f->buf, HOLD_MAX);
		f->cap = HOLD_MAX;
	}
	memcpy(f->buf + f->len, p, (size_t)n);
	f->len += (size_t)n;
	return SQLITE_OK;
through:
	if ((rc = put_out(f)) != SQLITE_OK)
		return rc;
	return f->real->pMethods->xWrite(f->real, p, n, off);
}

static int
v_truncate(sqlite3_file *file, sqlite3_int64 size)
{
	struct vfile *f = (struct vfile *)file;
	int rc = put_out(f);

	return rc != SQLITE_OK ? rc : f->real->pMethods->xTruncate(f->real,
	    size);
}

static int
v_sync(sqlite3_file *file, int flags)
{
	struct vfile *f = (struct vfile *)file;
	int rc = put_out(f);

	return rc != SQLITE_OK ? rc : f->real->pMethods->xSync(f->real, flags);
}

static int
v_size(sqlite3_file *file, sqlite3_int64 *size)
{
	struct vfile *f = (struct vfile *)file;
	int rc = put_out(f);

	return rc != SQLITE_OK ? rc : f->real->pMethods->xFileSize(f->real,
	    size);
}

/* The rest as the system's. */
static int
v_lock(sqlite3_file *f, int l)
{
	return REAL(f)->pMethods->xLock(REAL(f), l);
}

static int
v_unlock(sqlite3_file *f, int l)
{
	return REAL(f)->pMethods->xUnlock(REAL(f), l);
}

static int
v_check(sqlite3_file *f, int *out)
{
	return REAL(f)->pMethods->xCheckReservedLock(REAL(f), out);
}

static int
v_control(sqlite3_file *f, int op, void *arg)
{
	return REAL(f)->pMethods->xFileControl(REAL(f), op, arg);
}

static int
v_sector(sqlite3_file *f)
{
	return REAL(f)->pMethods->xSectorSize(REAL(f));
}

static int
v_chars(sqlite3_file *f)
{
	return REAL(f)->pMethods->xDeviceCharacteristics(REAL(f));
}

static int
v_shm_map(sqlite3_file *f, int pg, int sz, int extend, void volatile **pp)
{
	return REAL(f)->pMethods->xShmMap(REAL(f), pg, sz, extend, pp);
}

static int
v_shm_lock(sqlite3_file *f, int off, int n, int flags)
{
	return REAL(f)->pMethods->xShmLock(REAL(f), off, n, flags);
}

static void
v_shm_barrier(sqlite3_file *f)
{
	REAL(f)->pMethods->xShmBarrier(REAL(f));
}

static int
v_shm_unmap(sqlite3_file *f, int del)
{
	return REAL(f)->pMethods->xShmUnmap(REAL(f), del);
}

static int
v_fetch(sqlite3_file *file, sqlite3_int64 off, int n, void **pp)
{
	struct vfile *f = (struct vfile *)file;
	int rc = put_out(f);

	return rc != SQLITE_OK ? rc : f->real->pMethods->xFetch(f->real, off,
	    n, pp);
}

static int
v_unfetch(sqlite3_file *f, sqlite3_int64 off, void *p)
{
	return REAL(f)->pMethods->xUnfetch(REAL(f), off, p);
}

static const sqlite3_io_methods methods = {
	3, v_close, v_read, v_write, v_truncate, v_sync, v_size, v_lock,
	v_unlock, v_check, v_control, v_sector, v_chars, v_shm_map,
	v_shm_lock, v_shm_barrier, v_shm_unmap, v_fetch, v_unfetch,
};

static int
v_open(sqlite3_vfs *v, const char *name, sqlite3_file *file, int flags,
    int *out)
{
	struct vfile *f = (struct vfile *)file;
	int rc;

	(void)v;
	memset(f, 0, sizeof *f);
	f->real = (sqlite3_file *)((char *)f + ALIGNED(sizeof *f));
	rc = sys->xOpen(sys, name, f->real, flags, out);
	/* Version 3 methods are passed on; an older system's are not. */
	if (f->real->pMethods == NULL || f->real->pMethods->iVersion < 3) {
		if (f->real->pMethods != NULL)
			f->real->pMethods->xClose(f->real);
		f->base.pMethods = NULL;
		return rc != SQLITE_OK ? rc : SQLITE_CANTOPEN;
	}
	f->wal = (flags & SQLITE_OPEN_WAL) != 0;
	f->base.pMethods = &methods;
	return rc;
}

static void
vfs_init(void)
{
	sys = sqlite3_vfs_find(NULL);
	if (sys == NULL)
		return;
	vfs = *sys;
	vfs.zName = "congo-wal";
	vfs.szOsFile = (int)(ALIGNED(sizeof(struct vfile)) +
	    (size_t)sys->szOsFile);
	vfs.xOpen = v_open;
	vfs.pNext = NULL;
	if (sqlite3_vfs_register(&vfs, 0) != SQLITE_OK)
		sys = NULL;
}

const char *
store_vfs(void)
{
	pthread_once(&once, vfs_init);
	return sys != NULL ? vfs.zName : NULL;
}
