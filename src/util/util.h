/*
 * util.h: what every module shares: one out-of-memory policy (xmalloc and
 * friends print "<program>: out of memory" and exit), fatal errors, a
 * growable array, and monotonic time. No curses, no sockets.
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
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
int xasprintf(char **out, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int xvasprintf(char **out, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

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

/* Milliseconds of CLOCK_MONOTONIC (never jumps with the wall clock). */
int64_t util_now_ms(void);
/* Milliseconds of CLOCK_REALTIME since the epoch. */
int64_t util_wall_ms(void);

#endif
