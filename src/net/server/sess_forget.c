/*
 * sess_forget.c: changes whose outcome is not known, undone once the
 * database answers again. When a commit's answer is lost with its
 * connection and the database is not back in time (store_pg_lost.c),
 * nobody can say whether it was stored, so its asker is told nothing and
 * its connection is closed. For most commands that is harmless: the
 * client sends them again, and a ply, a seq or a name makes that safe. A
 * REGISTER is not: stored, its account's key reached nobody, and the name
 * would be taken for good. Such a change carries a write that undoes it
 * (store_change's forget: that account, found by its key's hash, deleted;
 * nobody could have logged in to it). It is run once a second, one at a
 * time, until it is stored.
 */

#include <stdio.h>
#include <string.h>

#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"

#define FORGET_RETRY_MS 1000

void
sess_forget_add(struct sess *s, const struct store_op *op, const char *what,
    size_t whatlen)
{
	struct sforget *f = vec_push(&s->forget);

	f->op = *op;
	/* The command's line, its end of line left out. */
	while (whatlen > 0 && (what[whatlen - 1] == '\n' ||
	    what[whatlen - 1] == '\r'))
		whatlen--;
	snprintf(f->what, sizeof f->what, "%.*s", (int)whatlen, what);
	if (s->forget_next < s->now + FORGET_RETRY_MS)
		s->forget_next = s->now + FORGET_RETRY_MS;
	if (!s->forget_busy)
		sess_tick_at(s, s->forget_next);
}

void
sess_forget_retry(struct sess *s, long long now_ms)
{
	struct store_change ch;
	struct sforget *f;
	struct spend *p;

	if (s->forget.len == 0 || s->forget_busy || now_ms < s->forget_next)
		return;
	s->forget_next = now_ms + FORGET_RETRY_MS;
	f = vec_at(&s->forget, 0);
	store_change_accounts(&ch);
	store_change_op(&ch, &f->op);
	p = sess_spend_new(s, -1, NULL, &ch, NULL, false, true);
	p->forgetting = true;
	p->linelen = 0;         /* never run again as a command */
	snprintf(p->line, sizeof p->line, "%s", f->what);
	vec_remove(&s->forget, 0);
	s->forget_busy = true;
	sess_spend_submit(s, p);
}

void
sess_forget_done(struct sess *s, const struct spend *p)
{
	s->forget_busy = false;
	if (p->failed) {
		/* Not yet (or not known again): at the back, tried again. */
		sess_forget_add(s, &p->ch.op[0], p->line, strlen(p->line));
		return;
	}
	if (s->forget.len > 0)
		sess_tick_at(s, s->forget_next);
	sess_log(s, NET_LOG_WARN, "not kept: %s, whose answer was lost with "
	    "the database (stored or not, nobody was told: that is undone)",
	    p->line);
}

/* A forgetting of ours back from storage. */
static bool
forget_own_done(struct sess *s, const struct spend *p)
{
	if (!p->forgetting)
		return false;
	sess_forget_done(s, p);
	return true;
}

/* A change whose storing nobody knows, that would have to be undone: kept
 * to be forgotten (its forget). */
static void
forget_unknown(struct sess *s, const struct spend *p)
{
	if (p->ch.forget.kind != STORE_OP_NONE)
		sess_forget_add(s, &p->ch.forget, p->line, p->linelen);
}

/* When the next forgetting is tried, -1 none waiting. */
static long long
forget_due(const struct sess *s)
{
	if (s->forget.len == 0 || s->forget_busy)
		return -1;
	return s->forget_next;
}

/* Forgetting as a feature of the session (sess_feature.h). */
const struct sess_feature sess_feature_forget = {
	.name = "forget",
	.own_done = forget_own_done,
	.on_unknown = forget_unknown,
	.on_tick = sess_forget_retry,
	.tick_due = forget_due,
};
