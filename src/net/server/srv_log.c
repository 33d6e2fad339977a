/*
 * srv_log.c: congo-server's log (one line a message, UTC time and level,
 * to --log's file or stderr, up to --log-level) and its options'
 * defaults: apart from the event loop (srv_loop.c), which uses them.
 */
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

#include "net/server/srv_int.h"

void
srv_defaults(struct srv_opts *o)
{
	*o = (struct srv_opts){
		.port = NET_DEFAULT_PORT,
		.db_create = false,     /* a lost database is an error */
		.db_upgrade = false,    /* an older one too, until --upgrade */
		.lim = {
			.max_connections = CONF_SERVER_MAX_CONNECTIONS,
			.max_per_address = CONF_SERVER_MAX_PER_ADDRESS,
			.games_per_minute = CONF_SERVER_GAMES_PER_MINUTE,
			.max_observers = CONF_SERVER_MAX_OBSERVERS,
			.max_failed_rejoins = 10,
			.commands_per_second = 20,
			.abandon_ms = CONF_SERVER_ABANDON_AFTER * 1000LL,
			.expire_ms = CONF_SERVER_EXPIRE_AFTER * 1000LL,
			.first_move_ms = CONF_SERVER_FIRST_MOVE * 1000LL,
			.day_ms = 86400 * 1000LL,
		},
		.ping_after_ms = 30000,
		.out_cap = 256 * 1024,
		.rules = GAME_RULES_DEFAULT,
		.log_level = NET_LOG_INFO,
	};
}

static void
vlog(const struct srv_opts *o, int level, const char *fmt, va_list ap)
{
	static const char *const names[] = { "error", "warn", "info",
		"debug" };
	char when[40], msg[600];
	struct timespec ts;
	struct tm tm;

	if (level > o->log_level)
		return;
	vsnprintf(msg, sizeof msg, fmt, ap);
	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%S", &tm);
	fprintf(o->log != NULL ? o->log : stderr,
	    "%s.%03ldZ congo-server: %s: %s\n", when, ts.tv_nsec / 1000000,
	    names[level < 0 ? 0 : level > 3 ? 3 : level], msg);
	fflush(o->log != NULL ? o->log : stderr);
}

void
srv_log(struct srv *sv, int level, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(&sv->o, level, fmt, ap);
	va_end(ap);
}

void
srv_log_opts(const struct srv_opts *o, int level, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(o, level, fmt, ap);
	va_end(ap);
}

void
srv_log_cb(void *ctx, int level, const char *msg)
{
	srv_log(ctx, level, "%s", msg);
}
