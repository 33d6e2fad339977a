/*
 * sess_hooks.c: the core's calls of the features' hooks (sess_feature.h),
 * each of every row of the session's table in the table's order (a hook
 * left NULL skipped). The core knows the table only as the session's
 * (s->features, given by sess_new: sess_features.c): it names no feature.
 */
#include <stddef.h>
#include <string.h>

#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"

#define EACH(t, f) for (const struct sess_feature *const *f = (t); \
	f != NULL && *f != NULL; f++)
/* The same, of the features that want a change of what w is. */
#define EACH_OF(t, f, w) EACH(t, f) \
	if ((*f)->wants == 0 || ((*f)->wants & (w)) != 0)

void
sess_features_spend(struct sess *s, struct spend *p)
{
	EACH_OF(s->features, f, p->what)
		if ((*f)->on_spend != NULL)
			(*f)->on_spend(s, p);
}

int
sess_features_commit(struct spend *p, const struct store_ops *ops, void *ctx)
{
	EACH_OF(p->features, f, p->what)
		if ((*f)->before_commit != NULL &&
		    (*f)->before_commit(p, ops, ctx) < 0)
			return -1;
	return 0;
}

void
sess_features_stored(struct sess *s, struct spend *p, struct sgame *g)
{
	EACH_OF(s->features, f, p->what)
		if ((*f)->on_stored != NULL)
			(*f)->on_stored(s, p, g);
}

void
sess_features_seated(struct sess *s, struct sgame *g,
    const struct store_change *ch)
{
	EACH(s->features, f)
		if ((*f)->on_seated != NULL)
			(*f)->on_seated(s, g, ch);
}

void
sess_features_applied(struct sess *s, struct sgame *g,
    const struct store_change *ch, unsigned what)
{
	EACH_OF(s->features, f, what)
		if ((*f)->on_applied != NULL)
			(*f)->on_applied(s, g, ch);
}

void
sess_features_refused(struct sess *s, const struct store_change *ch,
    bool conflict)
{
	EACH(s->features, f)
		if ((*f)->on_refused != NULL)
			(*f)->on_refused(s, ch, conflict);
}

void
sess_features_dropped(struct sess *s, const struct store_change *ch)
{
	EACH(s->features, f)
		if ((*f)->on_dropped != NULL)
			(*f)->on_dropped(s, ch);
}

void
sess_features_done(struct sess *s, struct sgame *g, unsigned what)
{
	EACH_OF(s->features, f, what)
		if ((*f)->on_done != NULL)
			(*f)->on_done(s, g);
}

void
sess_features_remote(struct sess *s, struct sgame *g)
{
	EACH(s->features, f)
		if ((*f)->on_remote != NULL)
			(*f)->on_remote(s, g);
}

/* The path's hooks f has (SESS_H_*). */
static unsigned
path_hooks(const struct sess_feature *f)
{
	return (f->on_spend != NULL ? SESS_H_SPEND : 0) |
	    (f->before_commit != NULL ? SESS_H_COMMIT : 0) |
	    (f->on_stored != NULL ? SESS_H_STORED : 0) |
	    (f->on_applied != NULL ? SESS_H_APPLIED : 0) |
	    (f->on_done != NULL ? SESS_H_DONE : 0) |
	    (f->hides != NULL ? SESS_H_HIDES : 0) |
	    (f->turn_body != NULL ? SESS_H_TURN_BODY : 0) |
	    (f->on_event != NULL ? SESS_H_EVENT : 0) |
	    (f->state_kv_last != NULL ? SESS_H_STATE_LAST : 0);
}

void
sess_features_init(struct sess *s)
{
	unsigned w;

	const enum cgp_verb *v;

	for (w = 0; w < SESS_CH_KINDS; w++) {
		s->hooked[w] = s->hooked_quiet[w] = 0;
		EACH_OF(s->features, f, w) {
			s->hooked[w] |= path_hooks(*f);
			if (!(*f)->needs_notify)
				s->hooked_quiet[w] |= path_hooks(*f);
		}
	}
	EACH(s->features, f)
		for (v = (*f)->verbs; v != NULL && *v != CGP_V_UNKNOWN; v++)
			if (*v > CGP_V_UNKNOWN && *v < CGP_NVERBS &&
			    s->verb[*v] == NULL)
				s->verb[*v] = (*f)->on_verb;
	EACH(s->features, f)
		if ((*f)->on_init != NULL)
			(*f)->on_init(s);
}

void
sess_features_free(struct sess *s)
{
	EACH(s->features, f)
		if ((*f)->on_free != NULL)
			(*f)->on_free(s);
}

void
sess_features_conn_closed(struct sess *s, int conn)
{
	EACH(s->features, f)
		if ((*f)->on_conn_closed != NULL)
			(*f)->on_conn_closed(s, conn);
}

void
sess_features_state_kv(struct sess *s, struct sgame *g, struct cgp_out *o)
{
	EACH(s->features, f)
		if ((*f)->state_kv != NULL && ((*f)->state_wants == 0 ||
		    ((*f)->state_wants & g->what) != 0))
			(*f)->state_kv(s, g, o);
}

void
sess_features_state_kv_last(struct sess *s, struct sgame *g,
    struct cgp_out *o)
{
	EACH_OF(s->features, f, g->what)
		if ((*f)->state_kv_last != NULL)
			(*f)->state_kv_last(s, g, o);
}

void
sess_features_created(struct sess *s, struct sgame *g)
{
	EACH(s->features, f)
		if ((*f)->on_created != NULL)
			(*f)->on_created(s, g);
}

bool
sess_features_own_done(struct sess *s, const struct spend *p)
{
	EACH(s->features, f)
		if ((*f)->own_done != NULL && (*f)->own_done(s, p))
			return true;
	return false;
}

void
sess_features_unknown(struct sess *s, const struct spend *p)
{
	EACH(s->features, f)
		if ((*f)->on_unknown != NULL)
			(*f)->on_unknown(s, p);
}

int
sess_features_login_read(struct sess *s, int conn, const char *name)
{
	int rc;

	EACH(s->features, f)
		if ((*f)->login_read != NULL &&
		    (rc = (*f)->login_read(s, conn, name)) != 0)
			return rc;
	return 0;
}

void
sess_features_login(struct sess *s, int conn)
{
	EACH(s->features, f)
		if ((*f)->on_login != NULL)
			(*f)->on_login(s, conn);
}

void
sess_features_turn_body(struct sess *s, const struct sgame *g, char *body,
    size_t n)
{
	EACH_OF(s->features, f, g->what)
		if ((*f)->turn_body != NULL)
			(*f)->turn_body(s, g, body, n);
}

void
sess_features_new_game(struct sess *s, struct store_change *ch,
    struct sess_new_game *keep)
{
	EACH(s->features, f)
		if ((*f)->new_game != NULL)
			(*f)->new_game(s, ch, keep);
}

int
sess_features_replay(struct sess *s, struct sgame *g, const char *kind,
    const struct cgp_msg *m, const char **why)
{
	int rc;

	EACH(s->features, f)
		if ((*f)->replay_event != NULL &&
		    (rc = (*f)->replay_event(g, kind, m, why)) != 1)
			return rc;
	return 1;
}

void
sess_features_event(struct sess *s, struct sgame *g, const char *kind,
    const char *body)
{
	EACH_OF(s->features, f, g->what)
		if ((*f)->on_event != NULL)
			(*f)->on_event(s, g, kind, body);
}

void
sess_features_loaded(struct sess *s, struct sgame *g)
{
	EACH(s->features, f)
		if ((*f)->on_loaded != NULL)
			(*f)->on_loaded(s, g);
}

long long
sess_features_due(struct sess *s, const struct sgame *g)
{
	long long d;

	EACH(s->features, f)
		if ((*f)->due != NULL && (d = (*f)->due(s, g)) >= 0)
			return d;
	return -1;
}

int
sess_features_fire(struct sess *s, struct sgame *g, long long now)
{
	int rc;

	EACH(s->features, f)
		if ((*f)->fire != NULL && (rc = (*f)->fire(s, g, now)) != 1)
			return rc;
	return 1;
}

bool
sess_features_before_show(struct sess *s, struct sgame *g)
{
	EACH(s->features, f)
		if ((*f)->before_show != NULL && (*f)->before_show(s, g))
			return true;
	return false;
}

void
sess_features_tick(struct sess *s, long long now_ms)
{
	long long due;

	EACH(s->features, f) {
		if ((*f)->on_tick == NULL)
			continue;
		due = (*f)->tick_due != NULL ? (*f)->tick_due(s) : now_ms;
		if (due >= 0 && due <= now_ms)
			(*f)->on_tick(s, now_ms);
	}
}

long long
sess_features_tick_due(const struct sess *s)
{
	long long due, first = -1;

	EACH(s->features, f) {
		if ((*f)->on_tick == NULL || (*f)->tick_due == NULL)
			continue;
		due = (*f)->tick_due(s);
		if (due >= 0 && (first < 0 || due < first))
			first = due;
	}
	return first;
}

bool
sess_features_hides(struct sess *s, int conn, const struct sgame *g,
    const char *kind, const char *body)
{
	unsigned what = strcmp(kind, "SAID") == 0 ? SESS_CH_SAID : 0;

	EACH_OF(s->features, f, what)
		if ((*f)->hides != NULL && (*f)->hides(s, conn, g, kind, body))
			return true;
	return false;
}

long long
sess_features_open_life(const struct sess *s, const struct sgame *g,
    long long day)
{
	long long d;

	EACH(s->features, f)
		if ((*f)->open_life != NULL &&
		    (d = (*f)->open_life(s, g, day)) >= 0)
			return d;
	return day;
}

bool
sess_features_join_refused(struct sess *s, int conn,
    const struct cgp_cmd *cmd, const struct sgame *g)
{
	EACH(s->features, f)
		if ((*f)->join_refused != NULL &&
		    (*f)->join_refused(s, conn, cmd, g))
			return true;
	return false;
}

bool
sess_features_cancel(struct sess *s, int conn, const struct cgp_cmd *cmd,
    struct sgame *g)
{
	EACH(s->features, f)
		if ((*f)->on_cancel != NULL && (*f)->on_cancel(s, conn, cmd, g))
			return true;
	return false;
}

void
sess_features_rejoined(struct sess *s, int conn, struct sgame *g, int seat)
{
	EACH(s->features, f)
		if ((*f)->on_rejoin != NULL)
			(*f)->on_rejoin(s, conn, g, seat);
}

void
sess_features_notice(struct sess *s, const char *server, char **w, int nw)
{
	EACH(s->features, f)
		if ((*f)->on_notice != NULL && (*f)->on_notice(s, server, w, nw))
			return;
}

void
sess_features_server_gone(struct sess *s, const char *server)
{
	EACH(s->features, f)
		if ((*f)->on_server_gone != NULL)
			(*f)->on_server_gone(s, server);
}

void
sess_features_tell_all(struct sess *s)
{
	EACH(s->features, f)
		if ((*f)->on_tell_all != NULL)
			(*f)->on_tell_all(s);
}

void
sess_features_game_read(const struct sess_feature *const *t,
    const struct store_ops *ops, void *ctx, struct sread *q)
{
	EACH(t, f)
		if ((*f)->on_game_read != NULL)
			(*f)->on_game_read(ops, ctx, q);
}

void
sess_features_away(struct sess *s, const char *event, const char *game,
    const char *player)
{
	EACH(s->features, f)
		if ((*f)->on_away != NULL)
			(*f)->on_away(s, event, game, player);
}

void
sess_features_load(struct sess *s)
{
	EACH(s->features, f)
		if ((*f)->on_load != NULL)
			(*f)->on_load(s);
}
