/*
 * sess_features.c: the table of the session's features (sess_feature.h),
 * in the order their hooks run, and sess_new, which gives it to the core
 * (sess_hooks.c calls the hooks; the core names no feature). A new feature
 * is a file and a row here.
 */
#include <stddef.h>

#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"

static const struct sess_feature *const table[] = {
	&sess_feature_rate,
	&sess_feature_rematch,
	&sess_feature_forget,
	&sess_feature_seek,
	&sess_feature_challenge,
	&sess_feature_block,
	&sess_feature_notify,
	&sess_feature_takeback,
	&sess_feature_corr,
	&sess_feature_tourney,
	&sess_feature_bot,
	&sess_feature_spectator,
	NULL
};

struct sess *
sess_new(const struct sess_io *io, const struct sess_limits *lim,
    const struct game_rules *rules, const char *server_name)
{
	return sess_new_with(io, lim, rules, server_name, table);
}
