/*
 * sess_spectator.h: the watchers' own chat (issue 62), an extension of
 * CGP/1 (congo-server(6) "Spectators' chat").
 */
#ifndef SESS_SPECTATOR_H
#define SESS_SPECTATOR_H

#include <stdbool.h>

struct sess;
struct sgame;
struct cgp_cmd;

/* A SAY of conn, which holds no seat in g: true when conn watches g (said
 * to the watchers, or refused with its error), false when it does not
 * (the caller's 403). */
bool sess_spectator_say(struct sess *s, int conn, const struct cgp_cmd *cmd,
    struct sgame *g);

#endif
