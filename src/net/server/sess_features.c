/*
 * sess_features.c: the table of the session's features (sess_feature.h)
 * and the core's calls of their hooks, in the table's order. A new feature
 * is a file and a row here.
 */
#include <stddef.h>

#include "net/server/sess_feature.h"

const struct sess_feature *const sess_features[] = {
	&sess_feature_rate,
	&sess_feature_rematch,
	&sess_feature_seek,
	&sess_feature_challenge,
	&sess_feature_block,
	&sess_feature_forget,
	&sess_feature_notify,
	NULL
};

#define EACH(f) for (const struct sess_feature *const *f = sess_features; \
	*f != NULL; f++)

void
sess_features_spend(struct sess *s, struct spend *p)
{
	EACH(f)
		if ((*f)->on_spend != NULL)
			(*f)->on_spend(s, p);
}

int
sess_features_commit(struct spend *p, const struct store_ops *ops, void *ctx)
{
	EACH(f)
		if ((*f)->before_commit != NULL &&
		    (*f)->before_commit(p, ops, ctx) < 0)
			return -1;
	return 0;
}

void
sess_features_stored(struct sess *s, struct spend *p, struct sgame *g)
{
	EACH(f)
		if ((*f)->on_stored != NULL)
			(*f)->on_stored(s, p, g);
}

void
sess_features_seated(struct sess *s, struct sgame *g,
    const struct store_change *ch)
{
	EACH(f)
		if ((*f)->on_seated != NULL)
			(*f)->on_seated(s, g, ch);
}

void
sess_features_applied(struct sess *s, struct sgame *g,
    const struct store_change *ch)
{
	EACH(f)
		if ((*f)->on_applied != NULL)
			(*f)->on_applied(s, g, ch);
}

void
sess_features_refused(struct sess *s, const struct store_change *ch,
    bool conflict)
{
	EACH(f)
		if ((*f)->on_refused != NULL)
			(*f)->on_refused(s, ch, conflict);
}

void
sess_features_dropped(struct sess *s, const struct store_change *ch)
{
	EACH(f)
		if ((*f)->on_dropped != NULL)
			(*f)->on_dropped(s, ch);
}

void
sess_features_done(struct sess *s, struct sgame *g)
{
	EACH(f)
		if ((*f)->on_done != NULL)
			(*f)->on_done(s, g);
}

void
sess_features_remote(struct sess *s, struct sgame *g)
{
	EACH(f)
		if ((*f)->on_remote != NULL)
			(*f)->on_remote(s, g);
}

void
(*sess_features_verb(enum cgp_verb v))(struct sess *, int,
    const struct cgp_cmd *)
{
	const enum cgp_verb *w;

	EACH(f)
		for (w = (*f)->verbs; w != NULL && *w != CGP_V_UNKNOWN; w++)
			if (*w == v)
				return (*f)->on_verb;
	return NULL;
}

void
sess_features_init(struct sess *s)
{
	EACH(f)
		if ((*f)->on_init != NULL)
			(*f)->on_init(s);
}

void
sess_features_free(struct sess *s)
{
	EACH(f)
		if ((*f)->on_free != NULL)
			(*f)->on_free(s);
}

void
sess_features_conn_closed(struct sess *s, int conn)
{
	EACH(f)
		if ((*f)->on_conn_closed != NULL)
			(*f)->on_conn_closed(s, conn);
}

void
sess_features_state_kv(struct sess *s, struct sgame *g, struct cgp_out *o)
{
	EACH(f)
		if ((*f)->state_kv != NULL)
			(*f)->state_kv(s, g, o);
}

void
sess_features_created(struct sess *s, struct sgame *g)
{
	EACH(f)
		if ((*f)->on_created != NULL)
			(*f)->on_created(s, g);
}

bool
sess_features_own_done(struct sess *s, const struct spend *p)
{
	EACH(f)
		if ((*f)->own_done != NULL && (*f)->own_done(s, p))
			return true;
	return false;
}

void
sess_features_unknown(struct sess *s, const struct spend *p)
{
	EACH(f)
		if ((*f)->on_unknown != NULL)
			(*f)->on_unknown(s, p);
}

int
sess_features_login_read(struct sess *s, int conn, const char *name)
{
	int rc;

	EACH(f)
		if ((*f)->login_read != NULL &&
		    (rc = (*f)->login_read(s, conn, name)) != 0)
			return rc;
	return 0;
}

void
sess_features_login(struct sess *s, int conn)
{
	EACH(f)
		if ((*f)->on_login != NULL)
			(*f)->on_login(s, conn);
}
