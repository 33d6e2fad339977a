/*
 * util.h: what every module shares: one out-of-memory policy (xmalloc and
 * friends print "<program>: out of memory" and exit), fatal errors, a
 * growable array, monotonic time, one number parser, one error formatter
 * and one small random number generator. No curses, no sockets.
 */
#ifndef CONGO_UTIL_H
#define CONGO_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* The name fatal() and the allocators print ("congo", "congo-server"). */
void util_set_progname(const char *name);
const char *util_progname(void);

/*
 * Called by fatal() before it prints, so a curses program can restore the
 * terminal first. NULL for none.
 */
void util_set_fatal_hook(void (*hook)(void));

/* Print "<program>: <message>" on stderr and exit(1). */
void fatal(const char *fmt, ...)
    __attribute__((format(printf, 1, 2), noreturn));

/* Allocators that never return NULL: out of memory is fatal. */
void *xmalloc(size_t n);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *p, size_t n);
/* n * size bytes, checked for overflow. */
void *xreallocarray(void *p, size_t nmemb, size_t size);
/* An array p of n elements of size bytes with room for one more: when n
 * is its capacity *cap, *cap doubles (first when it was 0). */
void *xgrow(void *p, int n, int *cap, int first, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
int xasprintf(char **out, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int xvasprintf(char **out, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

/*
 * A coverage build's counts written now and then, not only at exit, so a
 * server killed with SIGKILL (the tests' crashes) is counted too
 * (util_coverage.c): its loop calls util_coverage_flush each round and
 * sleeps at most util_coverage_wait_ms (-1: no limit; every other build,
 * where the flush does nothing).
 */
#define UTIL_COVERAGE_MS 250
void util_coverage_flush(int64_t now_ms);
int util_coverage_wait_ms(void);

/*
 * A growable array of elements of one size:
 *   struct vec v = VEC_INIT(sizeof(struct item));
 *   struct item *it = vec_push(&v);   (zeroed, valid until the next push)
 *   ((struct item *)v.data)[i] ... v.len ... vec_free(&v);
 */
struct vec {
	void *data;
	size_t len;   /* elements in use */
	size_t cap;   /* elements allocated */
	size_t size;  /* bytes per element */
};
#define VEC_INIT(elsize) { NULL, 0, 0, (elsize) }
/* Room for at least n elements in all. */
void vec_reserve(struct vec *v, size_t n);
/* Append one zeroed element and return it. */
void *vec_push(struct vec *v);
/* Element i (no bounds check beyond an assert). */
void *vec_at(const struct vec *v, size_t i);
/* Remove element i, keeping the order. */
void vec_remove(struct vec *v, size_t i);
void vec_clear(struct vec *v);  /* length 0, memory kept */
void vec_free(struct vec *v);   /* memory released, element size kept */
/* In a vec of strings (char arrays): the index of the first equal to s,
 * -1 if none is. */
long vec_find_str(const struct vec *v, const char *s);

/* Up to cap bytes of fd into buf, until its end or an error (read again
 * after EINTR); the count read. No terminating NUL is written. */
size_t util_read_all(int fd, char *buf, size_t cap);

/* Milliseconds of CLOCK_MONOTONIC (never jumps with the wall clock). */
int64_t util_now_ms(void);
/* Milliseconds of CLOCK_REALTIME since the epoch. */
int64_t util_wall_ms(void);

/*
 * The one error formatter: format a message into err (if err is not NULL
 * and errlen > 0) and return -1 (util_error) or code (util_error_code).
 */
int util_error(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int util_error_code(int code, char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
int util_verror(int code, char *err, size_t errlen, const char *fmt,
    va_list ap) __attribute__((format(printf, 4, 0)));
/* Bad input s[0..len) shown in a message: printable bytes as they are,
 * others as \xHH, cut with "..." to fit out (n bytes, n >= 12); out. */
const char *util_shown(const char *s, size_t len, char *out, size_t n);

/* The display width of a UTF-8 string (util_width.c); the field width
 * for "%-*s" that pads s to cols columns (its bytes when wider); the
 * widest of a NULL-ended list of strings, at least least: a column that
 * holds each of its translated words. */
int util_width(const char *s);
int util_pad(const char *s, int cols);
int util_width_most(const char *const *s, int least);

/*
 * The one number parser (as OpenBSD's strtonum): all of text, blanks
 * around it allowed, in base 10, within [lo, hi]. 0 and *out set, or -1
 * with a message in err naming the text ("'x' is not a whole number",
 * "99 is out of range (1 to 20)", "a number is missing"); *out is then
 * unchanged. parse_double takes decimal text only (no "inf", "nan", hex).
 * parse_ms reads seconds ("1.5") as milliseconds within [lo_ms, hi_ms].
 */
int parse_long(const char *text, long lo, long hi, long *out, char *err,
    size_t errlen);
int parse_int(const char *text, int lo, int hi, int *out, char *err,
    size_t errlen);
int parse_u64(const char *text, uint64_t lo, uint64_t hi, uint64_t *out,
    char *err, size_t errlen);
int parse_double(const char *text, double lo, double hi, double *out,
    char *err, size_t errlen);
int parse_ms(const char *text, int64_t lo_ms, int64_t hi_ms, int64_t *out,
    char *err, size_t errlen);

/*
 * splitmix64: the next number of the stream *state (which it advances),
 * and the same mixing as a pure hash of x: splitmix64(&s) returns
 * splitmix64_mix(s) for the s before the call.
 */
uint64_t splitmix64(uint64_t *state);
uint64_t splitmix64_mix(uint64_t x);

/* FNV-1a, 64 bits, of the n bytes at p from h (UTIL_FNV_INIT to start):
 * the checksum of the tablebase and network files. */
uint64_t util_fnv64(uint64_t h, const void *p, size_t n);
#define UTIL_FNV_INIT 0xcbf29ce484222325ULL

/* v within [lo, hi]; lo when hi < lo (a list's index: lo 0, hi its length
 * less one, 0 for an empty list). */
static inline int
util_clamp(int v, int lo, int hi)
{
	return v > hi ? (hi < lo ? lo : hi) : v < lo ? lo : v;
}

#endif
