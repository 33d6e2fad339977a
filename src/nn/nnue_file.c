/*
 * nnue_file.c: a network on disk, and the networks in use.
 *
 * The file, little-endian: a 128-byte header
 *   0   NNUE_MAGIC "CONGONN1"
 *   8   format version (NNUE_FORMAT_VERSION), u32
 *   12  variant, u32 (enum variant)
 *   16  buckets, features per bucket, hidden, layer 1, u32 each
 *   32  payload bytes, u32
 *   36  reserved, u32 (0)
 *   40  FNV-1a 64 of the payload, u64
 *   48  a description, 80 bytes, NUL-padded
 * then the payload: the feature weights (int16, input-major) and biases
 * (int16), layer 1's weights (int8, output-major) and biases (int32),
 * the output's weights (int16) and bias (int32).
 */

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nn/nnue.h"
#include "util/util.h"
#include "util/datadir.h"

#define HEADER 128
#define PAYLOAD ((size_t)NNUE_INPUTS * NNUE_HIDDEN * 2 + NNUE_HIDDEN * 2 + \
	(size_t)NNUE_L1 * 2 * NNUE_HIDDEN + NNUE_L1 * 4 + NNUE_L1 * 2 + 4)

static void
put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t
get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

static uint8_t *
pack(const struct nnue_net *n)
{
	uint8_t *buf = xmalloc(PAYLOAD), *p = buf;

#define P16(v) do { uint16_t u_ = (uint16_t)(v); *p++ = (uint8_t)u_; \
	*p++ = (uint8_t)(u_ >> 8); } while (0)
#define P32(v) do { put32(p, (uint32_t)(v)); p += 4; } while (0)
	for (int i = 0; i < NNUE_INPUTS; i++)
		for (int j = 0; j < NNUE_HIDDEN; j++)
			P16(n->ft_w[i][j]);
	for (int j = 0; j < NNUE_HIDDEN; j++)
		P16(n->ft_b[j]);
	for (int o = 0; o < NNUE_L1; o++)
		for (int j = 0; j < 2 * NNUE_HIDDEN; j++)
			*p++ = (uint8_t)(int8_t)n->l1_w[o][j];
	for (int o = 0; o < NNUE_L1; o++)
		P32(n->l1_b[o]);
	for (int o = 0; o < NNUE_L1; o++)
		P16(n->l2_w[o]);
	P32(n->l2_b);
#undef P16
#undef P32
	return buf;
}

static void
unpack(struct nnue_net *n, const uint8_t *p)
{
#define G16(dst) do { dst = (int16_t)(uint16_t)(p[0] | p[1] << 8); p += 2; \
	} while (0)
#define G32(dst) do { dst = (int32_t)get32(p); p += 4; } while (0)
	for (int i = 0; i < NNUE_INPUTS; i++)
		for (int j = 0; j < NNUE_HIDDEN; j++)
			G16(n->ft_w[i][j]);
	for (int j = 0; j < NNUE_HIDDEN; j++)
		G16(n->ft_b[j]);
	for (int o = 0; o < NNUE_L1; o++)
		for (int j = 0; j < 2 * NNUE_HIDDEN; j++)
			n->l1_w[o][j] = (int8_t)*p++;
	for (int o = 0; o < NNUE_L1; o++)
		G32(n->l1_b[o]);
	for (int o = 0; o < NNUE_L1; o++)
		G16(n->l2_w[o]);
	G32(n->l2_b);
#undef G16
#undef G32
}

int
nnue_write(const struct nnue_net *n, const char *path, char *err,
    size_t errlen)
{
	uint8_t head[HEADER], *payload = pack(n);
	char tmp[PATH_MAX];
	struct stat st;
	bool inplace;
	FILE *f;
	uint64_t sum = util_fnv64(UTIL_FNV_INIT, payload, PAYLOAD);
	bool ok;

	memset(head, 0, sizeof head);
	memcpy(head, NNUE_MAGIC, 8);
	put32(head + 8, NNUE_FORMAT_VERSION);
	put32(head + 12, (uint32_t)n->variant);
	put32(head + 16, NNUE_BUCKETS);
	put32(head + 20, NNUE_PSQ);
	put32(head + 24, NNUE_HIDDEN);
	put32(head + 28, NNUE_L1);
	put32(head + 32, (uint32_t)PAYLOAD);
	put32(head + 40, (uint32_t)sum);
	put32(head + 44, (uint32_t)(sum >> 32));
	snprintf((char *)head + 48, 80, "%s", n->desc);
	/* a file is written aside and renamed, so that a reader never sees
	 * half of it; anything else that exists (a device, a pipe) is
	 * written as it is, never replaced */
	inplace = stat(path, &st) == 0 && !S_ISREG(st.st_mode);
	/* a path whose temporary name does not fit is refused: cut short,
	 * that name would be another file's, written and renamed over path */
	if ((size_t)snprintf(tmp, sizeof tmp, "%s%s", path, inplace ? "" :
	    ".tmp") >= sizeof tmp) {
		free(payload);
		return util_error(err, errlen, "%.60s...: the path is too long "
		    "(%zu bytes, at most %zu)", path, strlen(path),
		    sizeof tmp - 1 - (inplace ? 0 : strlen(".tmp")));
	}
	if ((f = fopen(tmp, "wb")) == NULL) {
		free(payload);
		return util_error(err, errlen, "%s: %s", tmp, strerror(errno));
	}
	ok = fwrite(head, sizeof head, 1, f) == 1 &&
	    fwrite(payload, PAYLOAD, 1, f) == 1;
	ok = fclose(f) == 0 && ok;
	free(payload);
	if (!ok || (!inplace && rename(tmp, path) != 0)) {
		if (!inplace)
			unlink(tmp);
		return util_error(err, errlen, "%s: cannot write it", path);
	}
	return 0;
}

struct nnue_net *
nnue_read(const char *path, char *err, size_t errlen)
{
	uint8_t head[HEADER], *payload = NULL;
	struct nnue_net *n = NULL;
	char msg[200];
	FILE *f;
	uint64_t sum;
	int c;

	if ((f = fopen(path, "rb")) == NULL) {
		util_error(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if (fread(head, sizeof head, 1, f) != 1 ||
	    memcmp(head, NNUE_MAGIC, 8) != 0) {
		util_error(err, errlen, "%s: not a Congo network file", path);
		goto out;
	}
	if (get32(head + 8) != NNUE_FORMAT_VERSION) {
		util_error(err, errlen, "%s: network format version %u, this "
		    "program reads version %d", path, get32(head + 8),
		    NNUE_FORMAT_VERSION);
		goto out;
	}
	if (get32(head + 12) >= NVARIANTS || get32(head + 16) != NNUE_BUCKETS ||
	    get32(head + 20) != NNUE_PSQ || get32(head + 24) != NNUE_HIDDEN ||
	    get32(head + 28) != NNUE_L1 || get32(head + 32) != PAYLOAD) {
		util_error(err, errlen, "%s: the network's variant or sizes "
		    "are not this program's", path);
		goto out;
	}
	payload = xmalloc(PAYLOAD);
	if (fread(payload, PAYLOAD, 1, f) != 1 || (c = fgetc(f)) != EOF) {
		util_error(err, errlen, "%s: the network is %s", path,
		    feof(f) ? "truncated" : "followed by extra bytes");
		goto out;
	}
	sum = util_fnv64(UTIL_FNV_INIT, payload, PAYLOAD);
	if ((uint32_t)sum != get32(head + 40) ||
	    (uint32_t)(sum >> 32) != get32(head + 44)) {
		util_error(err, errlen, "%s: the network is damaged (checksum "
		    "mismatch)", path);
		goto out;
	}
	n = aligned_alloc(64, (sizeof *n + 63) / 64 * 64);
	if (n == NULL)
		fatal("out of memory");
	memset(n, 0, sizeof *n);
	n->variant = (int)get32(head + 12);
	memcpy(n->desc, head + 48, sizeof n->desc - 1);
	unpack(n, payload);
	if (nnue_check(n, msg, sizeof msg) != 0) {
		util_error(err, errlen, "%s: the network is refused: %s", path,
		    msg);
		free(n);
		n = NULL;
		goto out;
	}
	n->one_bucket = true;
	for (int k = 1; k < NNUE_BUCKETS && n->one_bucket; k++)
		n->one_bucket = memcmp(n->ft_w[k * NNUE_PSQ], n->ft_w[0],
		    sizeof n->ft_w[0] * NNUE_PSQ) == 0;
out:
	free(payload);
	fclose(f);
	return n;
}

void
nnue_default_path(int variant, char *out, size_t n)
{
	const char *data = getenv("CONGO_DATADIR");
	const char *dirs[2] = { PKGDATADIR, SRCDATADIR };
	const char *name = variant_name(variant);

	if (data != NULL && *data != '\0') {
		snprintf(out, n, "%s/%s.nnue", data, name);
		return;
	}
	for (int i = 0; i < 2; i++) {
		snprintf(out, n, "%s/%s.nnue", dirs[i], name);
		if (access(out, R_OK) == 0)
			return;
	}
	if (n > 0)
		out[0] = '\0';
}

/* The networks read so far, by path: kept for the process's life, so
 * that a search holds a plain pointer without counting references. */
#define NNUE_CACHE 16
static struct {
	char path[PATH_MAX];
	struct nnue_net *net;
} cache[NNUE_CACHE];
static int ncache;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

const struct nnue_net *
nnue_get(const char *path, int variant, char *err, size_t errlen)
{
	char def[PATH_MAX];
	struct nnue_net *n = NULL;
	int i;

	if (path == NULL || *path == '\0') {
		nnue_default_path(variant, def, sizeof def);
		if (def[0] == '\0') {
			util_error(err, errlen, "no network installed for %s",
			    variant_name(variant));
			return NULL;
		}
		path = def;
	}
	pthread_mutex_lock(&cache_lock);
	for (i = 0; i < ncache; i++)
		if (strcmp(cache[i].path, path) == 0) {
			n = cache[i].net;
			break;
		}
	if (n == NULL) {
		n = nnue_read(path, err, errlen);
		if (n != NULL) {
			if (ncache == NNUE_CACHE) {
				/* never freed while a search may hold it:
				 * the oldest is forgotten, not released */
				memmove(&cache[0], &cache[1],
				    (NNUE_CACHE - 1) * sizeof cache[0]);
				ncache--;
			}
			snprintf(cache[ncache].path, PATH_MAX, "%s", path);
			cache[ncache++].net = n;
		}
	}
	pthread_mutex_unlock(&cache_lock);
	if (n != NULL && variant >= 0 && n->variant != variant) {
		util_error(err, errlen, "%s: the network is for %s, not %s",
		    path, variant_name(n->variant), variant_name(variant));
		return NULL;
	}
	return n;
}
