/*
 * store_up.c: the session's functions every store hands the games it
 * reads and another server's news to (store_bind), and its log.
 */
#include <stdarg.h>
#include <stdio.h>

#include "net/store/store.h"
#include "util/util.h"

static const struct store_up *bound;
static _Thread_local const struct store_up *bound_here;

void
store_bind(const struct store_up *up)
{
	bound = up;
}

void
store_bind_thread(const struct store_up *up)
{
	bound_here = up;
}

const struct store_up *
store_sess(void)
{
	if (bound_here != NULL)
		return bound_here;
	if (bound == NULL)
		fatal("a store was read before a session was bound to it "
		    "(store_bind)");
	return bound;
}

void
store_log(struct sess *s, int level, const char *fmt, ...)
{
	char msg[600];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	store_sess()->log(s, level, msg);
}
