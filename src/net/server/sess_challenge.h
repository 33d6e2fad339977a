/*
 * sess_challenge.h: challenges (sess_challenge.c)
 * (split from sess_int.h: only the feature's own files call these).
 */
#ifndef CONGO_NET_SERVER_SESS_CHALLENGE_H
#define CONGO_NET_SERVER_SESS_CHALLENGE_H

#include "net/server/sess_int.h"

/* Challenges (sess_challenge.c): CHALLENGE and CHALLENGES; the
 * challenges told to a connection that logged in; a challenge stored (its
 * account told). */
sess_verb_fn sess_cmd_challenge;
void sess_challenge_login(struct sess *s, int conn);
void sess_challenge_made(struct sess *s, struct sgame *g);
/* Another server stored challenge id to account to (its notice; to NULL:
 * an older server's, which names nobody): read and told here, when a
 * connection here is logged in as to. */
void sess_challenge_remote(struct sess *s, const char *id, const char *to);

#endif
