/*
 * test_store_vfs.c: the promise of the store's SQLite VFS
 * (store_sqlite_vfs.c): the write-ahead log's writes are held and go out
 * at a sync, a read or a close, and after xSync the file's bytes on disk
 * are those that the system's VFS writes for the same calls; the store's
 * connection keeps synchronous=FULL, on which that promise rests.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include "net/store/store_sqlite.h"
#include "test_net_util.h"
#include "test_tmp.h"

static char vdir[256];

/* The file's bytes on disk, read past SQLite (n: its size). */
static unsigned char *
disk(const char *path, size_t *n)
{
	struct stat sb;
	unsigned char *b;
	int fd = open(path, O_RDONLY);

	assert_true(fd >= 0);
	assert_int_equal(fstat(fd, &sb), 0);
	*n = (size_t)sb.st_size;
	b = malloc(*n + 1);
	assert_non_null(b);
	assert_int_equal(read(fd, b, *n), (ssize_t)*n);
	close(fd);
	return b;
}

/* db's log (db-wal) opened as SQLite opens it, with the name SQLite
 * gives a VFS (sqlite3_create_filename); db is made first. */
static sqlite3_file *
open_wal(sqlite3_vfs *v, const char *db, sqlite3_filename *name)
{
	sqlite3_file *f = calloc(1, (size_t)v->szOsFile);
	char wal[420];
	int out = 0, fd = open(db, O_CREAT | O_WRONLY, 0600);

	assert_true(fd >= 0);
	close(fd);
	snprintf(wal, sizeof wal, "%s-wal", db);
	*name = sqlite3_create_filename(db, "", wal, 0, NULL);
	assert_non_null(f);
	assert_non_null(*name);
	assert_int_equal(v->xOpen(v, sqlite3_filename_wal(*name), f,
	    SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_WAL,
	    &out), SQLITE_OK);
	return f;
}

/* The same writes as SQLite makes to a log (a frame header of 24 bytes,
 * then its page), a rewrite of a frame header, one write that does not
 * follow, on both VFSes; after each xSync the two files are equal. */
static void
test_sync_bytes(void **state)
{
	sqlite3_vfs *mine, *plain = sqlite3_vfs_find(NULL);
	char da[400], db[400], pa[420], pb[420];
	sqlite3_filename na_, nb_;
	unsigned char page[4096], hdr[32];
	sqlite3_file *fa, *fb;
	sqlite3_int64 off = 32;
	int round, i;

	(void)state;
	assert_non_null(store_vfs());
	mine = sqlite3_vfs_find(store_vfs());
	assert_non_null(mine);
	assert_ptr_not_equal(mine, plain);
	snprintf(da, sizeof da, "%s/a", vdir);
	snprintf(db, sizeof db, "%s/b", vdir);
	snprintf(pa, sizeof pa, "%s-wal", da);
	snprintf(pb, sizeof pb, "%s-wal", db);
	fa = open_wal(mine, da, &na_);
	fb = open_wal(plain, db, &nb_);
	memset(hdr, 0x5a, sizeof hdr);
	assert_int_equal(fa->pMethods->xWrite(fa, hdr, 32, 0), SQLITE_OK);
	assert_int_equal(fb->pMethods->xWrite(fb, hdr, 32, 0), SQLITE_OK);
	for (round = 0; round < 4; round++) {
		int frames = round == 2 ? 70 : 3 + round;   /* 70: past HOLD_MAX */
		unsigned char *a, *b;
		size_t na, nb;

		for (i = 0; i < frames; i++) {
			memset(hdr, round * 16 + i, 24);
			memset(page, 0xa0 ^ (round + i), sizeof page);
			page[0] = (unsigned char)i;
			assert_int_equal(fa->pMethods->xWrite(fa, hdr, 24, off),
			    SQLITE_OK);
			assert_int_equal(fb->pMethods->xWrite(fb, hdr, 24, off),
			    SQLITE_OK);
			assert_int_equal(fa->pMethods->xWrite(fa, page, 4096,
			    off + 24), SQLITE_OK);
			assert_int_equal(fb->pMethods->xWrite(fb, page, 4096,
			    off + 24), SQLITE_OK);
			off += 24 + 4096;
		}
		/* A frame written again (not after the ones held) and a
		 * read through the VFS that must see what is held. */
		memset(hdr, 0xee, 24);
		assert_int_equal(fa->pMethods->xWrite(fa, hdr, 24, 32),
		    SQLITE_OK);
		assert_int_equal(fb->pMethods->xWrite(fb, hdr, 24, 32),
		    SQLITE_OK);
		if (round == 1) {
			unsigned char back[24];
			assert_int_equal(fa->pMethods->xRead(fa, back, 24,
			    off - 4096 - 24), SQLITE_OK);
			assert_int_equal(back[0], (unsigned char)(16 +
			    frames - 1));
		}
		assert_int_equal(fa->pMethods->xSync(fa, SQLITE_SYNC_FULL),
		    SQLITE_OK);
		assert_int_equal(fb->pMethods->xSync(fb, SQLITE_SYNC_FULL),
		    SQLITE_OK);
		a = disk(pa, &na);
		b = disk(pb, &nb);
		assert_int_equal(na, nb);
		assert_int_equal(na, (size_t)off);
		assert_memory_equal(a, b, na);
		free(a);
		free(b);
	}
	fa->pMethods->xClose(fa);
	fb->pMethods->xClose(fb);
	free(fa);
	free(fb);
	sqlite3_free_filename(na_);
	sqlite3_free_filename(nb_);
}

/* The store's connection: synchronous=FULL (2), a write-ahead log, and
 * the VFS above. */
static void
test_store_full(void **state)
{
	char path[400], err[512];
	struct store *st;
	sqlite3_stmt *q;
	sqlite3_vfs *v = NULL;

	(void)state;
	snprintf(path, sizeof path, "%s/games.db", vdir);
	st = store_open(path, STORE_CREATE, err, sizeof err);
	assert_non_null(st);
	assert_int_equal(sqlite3_prepare_v2(st->db, "PRAGMA synchronous", -1,
	    &q, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(q), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(q, 0), 2);
	sqlite3_finalize(q);
	assert_int_equal(sqlite3_prepare_v2(st->db, "PRAGMA journal_mode", -1,
	    &q, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(q), SQLITE_ROW);
	assert_string_equal((const char *)sqlite3_column_text(q, 0), "wal");
	sqlite3_finalize(q);
	assert_int_equal(sqlite3_file_control(st->db, "main",
	    SQLITE_FCNTL_VFS_POINTER, &v), SQLITE_OK);
	assert_non_null(v);
	assert_string_equal(v->zName, store_vfs());
	store_close(st);
}

static int
setup(void **state)
{
	(void)state;
	return test_mkdtemp(vdir, sizeof vdir, "congo-vfs") != NULL ? 0 : -1;
}

static int
teardown(void **state)
{
	(void)state;
	return test_rmdir(vdir);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sync_bytes),
		cmocka_unit_test(test_store_full),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
