/*
 * sess_core.h: the calls the session's feature files (sess_*.c: the
 * commands, seeks, accounts, ratings, correspondence...) make into its
 * core: its games in memory (sess_table.c), what a connection is sent and
 * a game told (sess_core.c), a command's game= and since=, and a change
 * stored (sess_pending.c). What they read of the store is sess_read
 * (sess.h). Included by sess_int.h, after the structs these name.
 */
#ifndef CONGO_NET_SERVER_SESS_CORE_H
#define CONGO_NET_SERVER_SESS_CORE_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/game.h"
#include "net/server/sess.h"

struct sgame;
struct sconn;

void sess_log(struct sess *s, int level, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The games in memory (sess_table.c). */
struct sgame *sess_find(struct sess *s, const char *id);
struct sgame *sess_add_game(struct sess *s, const char *id);
/* A game leaves memory whatever its state (one that could not be read
 * whole); nothing happens when there is none. */
void sess_drop_game(struct sess *s, const char *id);
/* Start-up: a stored game that does not add up is refused (logged with
 * err, dropped from memory, left in the store as it is), and the rest are
 * served: one bad game never stops a start. */
void sess_refuse_game(struct sess *s, const char *id, const char *err);
void sess_free_game(struct sgame *g);

/* A connection of this number (NULL when none is open). */
struct sconn *sess_conn(struct sess *s, int conn);

/* Sending and telling (sess_core.c). */
/* Finish o and queue it for conn. */
void sess_emit(struct sess *s, int conn, struct cgp_out *o);
void sess_err(struct sess *s, int conn, const char *tag, int code,
    const char *text);
/* To every connection in the game but except (-1: none). */
void sess_broadcast(struct sess *s, struct sgame *g, struct cgp_out *o,
    int except);
void sess_state(struct sess *s, struct sgame *g, struct cgp_out *o);
/* The stored events after since, or one STATE when since < 0 or too far. */
void sess_catch_up(struct sess *s, int conn, struct sgame *g, long since);
void sess_member_add(struct sess *s, int conn, struct sgame *g);
void sess_member_check(struct sess *s, int conn, struct sgame *g);
/* Several servers on the store, which tell each other (a seek's, a
 * rematch's, a challenge's notices: store_ops.seek_notice)? text told to
 * them (nothing with one server). */
bool sess_several(const struct sess *s);
void sess_tell_servers(struct sess *s, const char *text);
int sess_status(const struct sgame *g);   /* 0 open 1 active 2 finished */
const char *sess_status_name(int st);
const char *sess_result_text(enum game_result r);   /* 1-0 0-1 1/2 */
void sess_add_event(struct sgame *g, long seq, const char *kind,
    const char *body);

/* A command's game= (sess_core.c) and since=, the seat its
 * connection holds. */
/* sess_want_game for a command that writes: NULL and nothing said when a
 * change of the game is being stored (the line is given again later). */
struct sgame *sess_want_game_w(struct sess *s, int conn,
    const struct cgp_cmd *cmd);
/* game=: the game, or NULL after answering 400 or 404. */
struct sgame *sess_want_game(struct sess *s, int conn,
    const struct cgp_cmd *cmd);
long sess_want_since(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const char *key);
int sess_seat_of(const struct sgame *g, int conn, int want);

/* Changes on their way to storage (sess_pending.c, sess_game.c). */
/* A new game's store change, built once (CREATE, a seek pairing, a
 * rematch): the game (id, its start position in wire form, its rules, its
 * variant, clock NULL for an untimed game, rated: its flag set with it),
 * no seat yet, nobody its creator. keep must live as long as ch (until
 * it is submitted: sess_spend_new copies it). */
struct sess_new_game {
	char body[2][128];
};
void sess_new_game_change(struct store_change *ch, struct sess_new_game *keep,
    const char *id, const char *wire, const struct game_rules *rules,
    const char *variant, const char *clock, bool rated);
/* Its next seat taken (the first: seat 0 or 1; a second: seat 1, both
 * taken at once) by name, an account's or not, hash its token's hash: a
 * JOINED event each, seq 1 and 2. */
void sess_new_game_seat(struct store_change *ch, struct sess_new_game *keep,
    int seat, const char *name, bool account, const char *hash);
/* g's next event (kind, body: kept by the caller until it is submitted)
 * as a store change, built once; a seat or a second event may be added. */
void sess_event_change(struct store_change *ch, const struct sgame *g,
    const char *kind, const char *body);
/* Store a change (ok: its OK line), then apply it and answer (sess_done):
 * at once without io.submit, else once the store has it. */
void sess_submit(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const struct store_change *ch, struct cgp_out *ok, bool state_to_origin,
    bool quiet);
/* The same of g, ch's game in memory (found already by the caller). */
void sess_submit_to(struct sess *s, struct sgame *g, int conn,
    const struct cgp_cmd *cmd, const struct store_change *ch,
    struct cgp_out *ok, bool state_to_origin, bool quiet);
/* The same in two steps, for a chain of changes (p->then): a change made
 * ready (ok may be NULL: nothing to answer), then submitted. */
struct spend *sess_spend_new(struct sess *s, int conn,
    const struct cgp_cmd *cmd, const struct store_change *ch,
    struct cgp_out *ok, bool state_to_origin, bool quiet);
void sess_spend_submit(struct sess *s, struct spend *p);
/* One event of g stored (its OK to cmd's connection first; cmd NULL: a
 * timer's), then applied and told to all (sess_online.c). */
void sess_submit_event(struct sess *s, struct sgame *g, int conn,
    const struct cgp_cmd *cmd, const char *kind, const char *body);
/* The same of an offer's event (DRAW, TAKEBACK): "action=<action>
 * side=<seat's>". */
void sess_submit_offer(struct sess *s, struct sgame *g, int conn,
    const struct cgp_cmd *cmd, const char *kind, const char *action,
    int seat);

#endif
