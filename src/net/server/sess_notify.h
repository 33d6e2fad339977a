/*
 * sess_notify.h: the notices to players away (sess_notify.c)
 * (split from sess_int.h: only the feature's own files call these).
 */
#ifndef CONGO_NET_SERVER_SESS_NOTIFY_H
#define CONGO_NET_SERVER_SESS_NOTIFY_H

#include "net/server/sess_int.h"

/* Notices to players away (sess_notify.c; sess_notify is in sess.h): a
 * stored change of ours applied to g tells the side to move its turn (a
 * MOVE, a TAKEBACK, the JOINED that starts it) or both players the
 * RESULT, if away. */
void sess_notify_init(struct sess *s);
void sess_notify_change(struct sess *s, struct sgame *g,
    const struct store_change *ch);

#endif
