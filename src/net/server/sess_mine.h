/*
 * sess_mine.h: GAMES mine=yes and the account's games read into memory (sess_mine.c, sess_mine_store.c)
 * (split from sess_int.h, which the core's files include).
 */
#ifndef SESS_MINE_H
#define SESS_MINE_H

#include <stdbool.h>
#include <stdint.h>

struct sess;
struct cgp_cmd;

/* GAMES mine=yes (sess_mine.c): the account's games not finished, its
 * turn first. */
void sess_cmd_mine(struct sess *s, int conn, const struct cgp_cmd *cmd);
/* The games of account acct not finished that the store holds and memory
 * does not (another server's), read into memory first (sess_mine_store.c):
 * 0 when all are here, SESS_READ_LATER, -1 the store cannot say now
 * (logged). At most SESS_MINE_MAX of them. */
#define SESS_MINE_MAX 200
int sess_mine_load(struct sess *s, int conn, const char *acct);
/* The same for cmd: true when all are here; false when its line comes
 * again or after a 503 "cannot <what> now: try again". */
bool sess_mine_ready(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const char *acct, const char *what);

#endif
