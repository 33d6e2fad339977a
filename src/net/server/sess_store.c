/*
 * sess_store.c: the session's side of the store (net/store): the
 * functions a store hands the games it reads and another server's news
 * to, bound by sess_new (store_bind), so that the store includes nothing
 * of the server.
 */
#include <stdio.h>
#include <string.h>

#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"

static long
game_seq(struct sess *s, const char *id, bool *busy)
{
	struct sgame *g = sess_find(s, id);

	*busy = g != NULL && g->busy > 0;
	return g != NULL ? g->seq : -1;
}

static void
log_line(struct sess *s, int level, const char *msg)
{
	sess_log(s, level, "%s", msg);
}

/* Another server's notice (the store's seek notices carry every
 * feature's): cut into words, to the first feature whose it is. */
void
sess_seek_remote(struct sess *s, const char *server, const char *text)
{
	char buf[512], *w[20], *save = NULL, *t;
	int nw = 0;

	/* (20: a seek's notice has 20 words since its provisional flag.) */
	snprintf(buf, sizeof buf, "%s", text);
	for (t = strtok_r(buf, " ", &save); t != NULL && nw < 20;
	    t = strtok_r(NULL, " ", &save))
		w[nw++] = t;
	sess_features_notice(s, server, w, nw);
}

const struct store_up sess_store_up = {
	.load_game = sess_load_game,
	.load_seat = sess_load_seat,
	.load_event = sess_load_event,
	.refuse_game = sess_refuse_game,
	.game_seq = game_seq,
	.remote = sess_remote,
	.remote_event = sess_remote_event,
	.catch_up_all = sess_catch_up_all,
	.remote_presence = sess_remote_presence,
	.seek_remote = sess_seek_remote,
	.seek_server_gone = sess_features_server_gone,
	.seek_tell_all = sess_features_tell_all,
	.log = log_line,
};
