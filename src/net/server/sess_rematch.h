/*
 * sess_rematch.h: a rematch whose players are on two servers sharing the
 * store (sess_rematch.c), for the REMATCH command (sess_online.c), the
 * stored changes (sess_pending.c) and the seeks' notices (sess_seek.c).
 */
#ifndef CONGO_NET_SERVER_SESS_REMATCH_H
#define CONGO_NET_SERVER_SESS_REMATCH_H

#include "net/server/sess_int.h"

/* The token of g's rematch seat k (the player of g's seat 1 - k, held
 * here) drawn once, its hash told to the other servers: -1 without random
 * numbers. */
int sess_rematch_draw(struct sess *s, struct sgame *g, int k);
/* Can this server make g's rematch now: both seats' hashes known (a
 * token drawn here for a player here, or with one server only)? */
bool sess_rematch_ready(struct sess *s, struct sgame *g);
/* Made now if this server makes it, both offers are stored and it is
 * ready (a hash told late, or its own offer stored). */
void sess_rematch_due(struct sess *s, struct sgame *g);
/* The rematch of g made (cmd NULL: for nobody's command, conn -1). */
void sess_rematch_make(struct sess *s, int conn, const struct cgp_cmd *cmd,
    struct sgame *g, const char *offer_body);
/* Our g's rematch ng stored: its seat k, whose player another server
 * holds, told to that server ("rematched"). */
void sess_rematch_tell_made(struct sess *s, struct sgame *g, int k);
/* Another server's "rematch OLD K HASH" or "rematched OLD NEW K" notice
 * (w: its words, n of them). */
void sess_rematch_remote(struct sess *s, char **w, int n);
/* REMATCH (sess_rematch_cmd.c); the on_rejoin hook: a player back in a
 * finished game gets its seat in the rematch made. */
void sess_cmd_rematch(struct sess *s, int conn, const struct cgp_cmd *c);
void sess_rematch_rejoined(struct sess *s, int conn, struct sgame *g,
    int seat);
/* The rematch ng of game old_id is stored: its players are seated and
 * told (REMATCHED); or it was refused, and REMATCH may try again. */
void sess_rematch_made(struct sess *s, struct sgame *ng, const char *old_id);
void sess_rematch_refused(struct sess *s, const char *old_id);
/* EV <g> <seq> REMATCHED game= seat=k token= to conn alone. */
void sess_rematched_send(struct sess *s, int conn, struct sgame *g, int k);

#endif
