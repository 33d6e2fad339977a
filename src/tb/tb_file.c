/*
 * tb_file.c: a table on disk. A 96-byte header, little-endian:
 *
 *   0  8  magic "CONGO-TB"
 *   8  4  format version (1)
 *  12  4  header size (96)
 *  16  4  variant (0 congo, 1 megapawn)
 *  20  4  pieces beside the lions (0..3)
 *  24  4  their piece codes, ascending, 0-padded
 *  28  4  encoding (0: one byte a position)
 *  32 16  material name ("LZvLP"), NUL-padded
 *  48  8  entries (the index's size)
 *  56 24  wins, draws, losses (positions, for the side to move)
 *  80  4  the longest win or loss, plies
 *  84  4  0
 *  88  8  checksum: 64-bit FNV-1a of bytes 0-87, then of the entries
 *
 * then the entries, one byte each: 0 a draw, 1 + plies to the end (odd
 * plies: the side to move wins), 255 no position. A file is read whole
 * and trusted only when every field agrees with the material it names,
 * its size is exact and the checksum matches.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb/tb_internal.h"
#include "util/util.h"

#define MAGIC "CONGO-TB"
#define TB_FORMAT_VERSION 1
#define HEADER 96
#define CHECKED 88     /* header bytes under the checksum */

uint64_t
tb_fnv64(uint64_t h, const void *p, size_t n)
{
	return util_fnv64(h, p, n);
}

/* v little-endian in the n bytes at p, and back. */
static void
put_le(unsigned char *p, uint64_t v, int n)
{
	for (int i = 0; i < n; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t
get_le(const unsigned char *p, int n)
{
	uint64_t v = 0;

	for (int i = n - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

#define put32(p, v) put_le(p, v, 4)
#define put64(p, v) put_le(p, v, 8)
#define get32(p) ((uint32_t)get_le(p, 4))
#define get64(p) get_le(p, 8)

void
tb_table_free(struct tb_table *t)
{
	if (t == NULL)
		return;
	free(t->data);
	free(t);
}

static void
make_header(const struct tb_table *t, unsigned char h[HEADER])
{
	const struct tb_material *m = &t->mat;
	uint64_t sum;

	memset(h, 0, HEADER);
	memcpy(h, MAGIC, 8);
	put32(h + 8, TB_FORMAT_VERSION);
	put32(h + 12, HEADER);
	put32(h + 16, (uint32_t)m->variant);
	put32(h + 20, (uint32_t)m->n);
	memcpy(h + 24, m->piece, (size_t)m->n);
	put32(h + 28, 0);
	memcpy(h + 32, m->name, strlen(m->name));
	put64(h + 48, m->entries);
	put64(h + 56, t->wins);
	put64(h + 64, t->draws);
	put64(h + 72, t->losses);
	put32(h + 80, (uint32_t)t->max_plies);
	sum = tb_fnv64(TB_FNV_INIT, h, CHECKED);
	sum = tb_fnv64(sum, t->data, m->entries);
	put64(h + 88, sum);
}

int
tb_file_write(const struct tb_table *t, const char *path, uint64_t *bytes,
    char *err, size_t errlen)
{
	unsigned char h[HEADER];
	char *tmp;
	FILE *f;
	bool ok;

	make_header(t, h);
	xasprintf(&tmp, "%s.tmp", path);
	if ((f = fopen(tmp, "wb")) == NULL) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	ok = fwrite(h, 1, HEADER, f) == HEADER &&
	    fwrite(t->data, 1, t->mat.entries, f) == t->mat.entries;
	if (fclose(f) != 0)
		ok = false;
	if (!ok || rename(tmp, path) != 0) {
		snprintf(err, errlen, "%s: %s", ok ? path : tmp,
		    errno != 0 ? strerror(errno) : "write failed");
		remove(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	if (bytes != NULL)
		*bytes = HEADER + t->mat.entries;
	return 0;
}

/* The header's fields against the material they name: NULL when they
 * agree, else the reason. */
static const char *
check_header(const unsigned char *h, int variant, struct tb_material *m)
{
	char name[17];
	uint32_t n = get32(h + 20);
	uint8_t codes[TB_MAX_PIECES];

	if (memcmp(h, MAGIC, 8) != 0)
		return "not a Congo tablebase (bad magic)";
	if (get32(h + 8) != TB_FORMAT_VERSION)
		return "unknown format version";
	if (get32(h + 12) != HEADER || get32(h + 28) != 0)
		return "unknown header size or encoding";
	if (get32(h + 16) != (uint32_t)variant)
		return "a table of another variant";
	if (n > TB_MAX_PIECES)
		return "too many pieces";
	for (uint32_t i = 0; i < n; i++) {
		codes[i] = h[24 + i];
		if (codes[i] == PIECE_NONE || codes[i] >= PIECE_NCODES ||
		    PIECE_TYPE(codes[i]) == LION ||
		    PIECE_TYPE(codes[i]) >= NPIECE_TYPES ||
		    !variant_has_piece(variant, PIECE_TYPE(codes[i])) ||
		    (i > 0 && codes[i] < codes[i - 1]))
			return "bad piece codes";
	}
	tb_material_make(m, variant, (int)n, codes);
	memset(name, 0, sizeof name);
	memcpy(name, m->name, strlen(m->name));
	if (memcmp(name, h + 32, 16) != 0 || !tb_material_canonical(m))
		return "the material's name does not match its pieces";
	if (get64(h + 48) != m->entries)
		return "wrong number of entries for its material";
	return NULL;
}

struct tb_table *
tb_file_read(const char *path, int variant, char *err, size_t errlen)
{
	unsigned char h[HEADER];
	struct tb_table *t;
	const char *why;
	uint64_t sum, w = 0, d = 0, l = 0;
	int maxp = 0, c;
	FILE *f;

	if ((f = fopen(path, "rb")) == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if (fread(h, 1, HEADER, f) != HEADER) {
		fclose(f);
		snprintf(err, errlen, "%s: truncated (no complete header)",
		    path);
		return NULL;
	}
	t = xcalloc(1, sizeof *t);
	if ((why = check_header(h, variant, &t->mat)) != NULL) {
		fclose(f);
		snprintf(err, errlen, "%s: %s", path, why);
		free(t);
		return NULL;
	}
	t->data = xmalloc(t->mat.entries);
	if (fread(t->data, 1, t->mat.entries, f) != t->mat.entries) {
		fclose(f);
		snprintf(err, errlen, "%s: truncated (fewer than the %llu "
		    "entries of %s)", path,
		    (unsigned long long)t->mat.entries, t->mat.name);
		tb_table_free(t);
		return NULL;
	}
	c = getc(f);
	fclose(f);
	if (c != EOF) {
		snprintf(err, errlen, "%s: longer than its %llu entries", path,
		    (unsigned long long)t->mat.entries);
		tb_table_free(t);
		return NULL;
	}
	sum = tb_fnv64(TB_FNV_INIT, h, CHECKED);
	sum = tb_fnv64(sum, t->data, t->mat.entries);
	if (sum != get64(h + 88)) {
		snprintf(err, errlen, "%s: checksum mismatch (corrupt)", path);
		tb_table_free(t);
		return NULL;
	}
	for (uint64_t i = 0; i < t->mat.entries; i++) {
		int e = t->data[i];

		if (e == TB_INVALID)
			continue;
		if (e == 0)
			d++;
		else if ((e - 1) & 1)
			w++;
		else
			l++;
		if (e - 1 > maxp)
			maxp = e - 1;
	}
	t->wins = w;
	t->draws = d;
	t->losses = l;
	t->max_plies = maxp;
	if (w != get64(h + 56) || d != get64(h + 64) || l != get64(h + 72) ||
	    (uint32_t)maxp != get32(h + 80)) {
		snprintf(err, errlen, "%s: its counts disagree with its "
		    "entries", path);
		tb_table_free(t);
		return NULL;
	}
	return t;
}
