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
