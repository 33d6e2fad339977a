/*
 * sess_limit.c: the session's limits. Connections and new games count per
 * network (an IPv4 /24, an IPv6 /64: one household or one host's addresses
 * cannot fill the server, and one address is no unit an attacker lacks);
 * wrong tokens per network and game; commands and SAYs per connection. What
 * a limit refuses is logged at a bounded rate: one line, then a summary a
 * second while refusals go on.
 */
#include <arpa/inet.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "net/server/sess_int.h"

#define MINUTE_MS 60000LL
#define SECOND_MS 1000LL
#define SAY_WINDOW_MS 10000LL
#define SAY_MAX 5

void
sess_net_of(const char *addr, char *out, size_t n)
{
	unsigned char a[16];
	char text[INET6_ADDRSTRLEN];

	if (inet_pton(AF_INET, addr, a) == 1) {
		snprintf(out, n, "%u.%u.%u.0/24", a[0], a[1], a[2]);
		return;
	}
	if (inet_pton(AF_INET6, addr, a) == 1) {
		static const unsigned char v4mapped[12] = { 0, 0, 0, 0, 0, 0,
			0, 0, 0, 0, 0xff, 0xff };
		if (memcmp(a, v4mapped, sizeof v4mapped) == 0) {
			snprintf(out, n, "%u.%u.%u.0/24", a[12], a[13], a[14]);
			return;
		}
		memset(a + 8, 0, 8);
		inet_ntop(AF_INET6, a, text, sizeof text);
		snprintf(out, n, "%s/64", text);
		return;
	}
	snprintf(out, n, "%s", addr);
}

bool
sess_same_network(struct sess *s, const struct sgame *g, int conn, int seat,
    const char *tag)
{
	int other = g->holder[1 - seat];
	char msg[160], net[64] = "";

	if (!g->rated || s->lim.rated_same_network || other == conn)
		return false;
	if (other >= 0 && s->conns[other].used)
		snprintf(net, sizeof net, "%s", s->conns[other].net);
	else if (other < 0 && s->io.store != NULL &&
	    s->io.store->remote_net != NULL)   /* held on another server */
		s->io.store->remote_net(s->io.store_ctx, g->id, 1 - seat, net,
		    sizeof net);
	if (net[0] == '\0' || strcmp(net, s->conns[conn].net) != 0)
		return false;
	snprintf(msg, sizeof msg, "%s plays from your network (%s): a rated "
	    "game is between two networks", cgp_seat_name(1 - seat),
	    s->conns[conn].net);
	sess_err(s, conn, tag, CGP_SAME_NETWORK, msg);
	return true;
}

/* A new entry of v: spare (one whose time is over) cleared, else one
 * more. */
static void *
fresh(struct vec *v, void *spare)
{
	if (spare == NULL)
		return vec_push(v);     /* zeroed */
	memset(spare, 0, v->size);
	return spare;
}

/* A count by the minute: a minute after *start, *count starts again at
 * now. */
static void
minute_roll(long long *start, int *count, long long now)
{
	if (now - *start >= MINUTE_MS) {
		*start = now;
		*count = 0;
	}
}

struct saddr *
sess_addr(struct sess *s, const char *net, long long now_ms)
{
	struct saddr *a = NULL, *spare = NULL;
	size_t i;

	for (i = 0; i < s->addrs.len; i++) {
		struct saddr *x = vec_at(&s->addrs, i);
		if (strcmp(x->addr, net) == 0) {
			a = x;
			break;
		}
		/* (a network's registrations count for an hour) */
		if (spare == NULL && x->nconn == 0 &&
		    now_ms - x->win_start >= MINUTE_MS &&
		    (x->regs == 0 || now_ms - x->reg_start >= 3600000LL))
			spare = x;
	}
	if (a == NULL) {
		a = fresh(&s->addrs, spare);
		snprintf(a->addr, sizeof a->addr, "%s", net);
		a->win_start = now_ms;
	}
	minute_roll(&a->win_start, &a->creates, now_ms);
	return a;
}

int
sess_shared_count(struct sess *s, int conn, const char *key, int local)
{
	return sess_shared_count_in(s, conn, key, local,
	    (long long)time(NULL) / 60);
}

int
sess_shared_count_in(struct sess *s, int conn, const char *key, int local,
    long long win)
{
	const struct sread *r;
	struct sread q;

	if (s->io.store == NULL || s->io.store->count == NULL)
		return local;
	memset(&q, 0, sizeof q);
	q.kind = SREAD_COUNT;
	snprintf(q.key, sizeof q.key, "%s", key);
	q.win = win;
	if ((r = sess_read(s, conn, &q)) == NULL)
		return SESS_READ_LATER;
	/* (A failure was logged as a refusal: this server's count holds.) */
	return r->rc > local ? r->rc : local;
}

struct sfail *
sess_fails(struct sess *s, const char *net, const char *game, long long now)
{
	struct sfail *f = NULL, *spare = NULL;
	size_t i;

	for (i = 0; i < s->fails.len; i++) {
		struct sfail *x = vec_at(&s->fails, i);
		if (strcmp(x->net, net) == 0 && strcmp(x->game, game) == 0) {
			f = x;
			break;
		}
		if (spare == NULL && now - x->win_start >= MINUTE_MS)
			spare = x;
	}
	if (f == NULL) {
		f = fresh(&s->fails, spare);
		snprintf(f->net, sizeof f->net, "%s", net);
		snprintf(f->game, sizeof f->game, "%s", game);
		f->win_start = now;
	}
	minute_roll(&f->win_start, &f->fails, now);
	return f;
}

bool
sess_say_allowed(struct sconn *c, long long now)
{
	/* said[] holds the last SAY_MAX times, the oldest at nsaid % 5. */
	int oldest = c->nsaid % SAY_MAX;

	if (c->nsaid >= SAY_MAX && now - c->said[oldest] < SAY_WINDOW_MS)
		return false;
	c->said[oldest] = now;
	c->nsaid++;
	return true;
}

/* Refusals by limit, told apart by their log line (/metrics). */
static const char *const limit_names[SESS_NLIMITS] = {
	"connections", "per_network", "games_per_minute", "rejoins",
	"logins", "registrations", "says", "commands_per_second",
	"http_per_network"
};
static const char *const limit_words[SESS_NLIMITS] = {
	"connections", "connections from", "new games", "wrong token",
	"wrong key", "accounts an hour", "SAYs", "commands a second", "http "
};

static void
count_refusal(struct sess *s, const char *fmt)
{
	int i, k = -1;

	/* The longest phrase found wins ("connections from" over
	 * "connections"). */
	for (i = 0; i < SESS_NLIMITS; i++)
		if (strstr(fmt, limit_words[i]) != NULL && (k < 0 ||
		    strlen(limit_words[i]) > strlen(limit_words[k])))
			k = i;
	if (strncmp(fmt, "http ", 5) == 0)
		k = SESS_NLIMITS - 1;
	if (k >= 0)
		s->refused_by[k]++;
}

int
sess_refusals(const struct sess *s, const char **names, long long *counts)
{
	int i;

	for (i = 0; i < SESS_NLIMITS; i++) {
		names[i] = limit_names[i];
		counts[i] = s->refused_by[i];
	}
	return SESS_NLIMITS;
}

/*
 * Refusals: the first after a quiet second is logged as it is; those that
 * follow within the second are counted and logged as one summary line when
 * the second is over (sess_tick), and while they go on, only the summaries.
 */
static void refusal_timer(struct sess *s);

/* A refusal counted (by words): false when its line is to be logged. */
static bool
refusal_summed(struct sess *s, const char *words)
{
	count_refusal(s, words);
	sess_refusal_flush(s, s->now);
	if (s->refusal_win != 0 && s->now - s->refusal_win < SECOND_MS) {
		s->refusals++;
		refusal_timer(s);
		return true;
	}
	/* After a second without any: this one is logged as it is. */
	s->refusal_win = s->now;
	refusal_timer(s);
	return false;
}

void
sess_refused(struct sess *s, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	if (refusal_summed(s, fmt))
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	sess_log(s, NET_LOG_WARN, "%s", msg);
}

void
sess_refused_text(struct sess *s, const char *msg)
{
	if (!refusal_summed(s, msg))
		sess_log(s, NET_LOG_WARN, "%s", msg);
}

/* The summary's timer follows sess_refusal_due. */
static void
refusal_timer(struct sess *s)
{
	long long due = sess_refusal_due(s);

	if (due < 0)
		stimer_cancel(&s->timers, &s->refusal_timer);
	else if (due != s->refusal_timer.when)
		stimer_set(&s->timers, &s->refusal_timer, due);
}

long long
sess_refusal_due(const struct sess *s)
{
	if (s->refusal_win == 0 || (s->refusals == 0 && !s->refusal_quiet))
		return -1;
	return s->refusal_win + SECOND_MS;
}

void
sess_refusal_flush(struct sess *s, long long now)
{
	if (s->refusal_win == 0 || now - s->refusal_win < SECOND_MS)
		return;
	if (s->refusals > 0) {
		sess_log(s, NET_LOG_WARN, "%d more request%s refused in a "
		    "second (connections, tokens or commands over the "
		    "limits; not logged one by one)", s->refusals,
		    s->refusals == 1 ? "" : "s");
		s->refusals = 0;
		s->refusal_quiet = true;
		s->refusal_win = now;
		refusal_timer(s);
		return;
	}
	/* A whole second without a refusal: the next one is logged. */
	s->refusal_quiet = false;
	s->refusal_win = 0;
	refusal_timer(s);
}
