/*
 * sess_ident.h: whose names they are (sess_ident.c): a name an account
 * holds, seats that are accounts', guests shown as guests. Used by the
 * commands that seat a player or list them, and by the web pages.
 */
#ifndef CONGO_NET_SERVER_SESS_IDENT_H
#define CONGO_NET_SERVER_SESS_IDENT_H

#include "net/server/sess_int.h"

/* The name of a guest without name=, which no account may take. */
#define SESS_GUEST_NAME "anonymous"
/* Is seat of g an account's (taken by a connection logged in as it;
 * every seat of a rated game)? */
bool sess_seat_account(const struct sgame *g, int seat);
/* May conn (a guest) play under name (cmd's name=)? 0 yes (logged in, or
 * no account has it); -1 after answering 409 NAME_TAKEN (or 503: the
 * accounts cannot be read); SESS_READ_LATER (a read, see sess_read). */
int sess_guest_name(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const char *name);
/* Does conn, or conn's account, hold seat of g? */
bool sess_same_player(struct sess *s, int conn, const struct sgame *g,
    int seat);
/* A JOINED event's body: "seat=white name=ann", with " account=1" for a
 * seat an account takes. */
void sess_joined_body(char *buf, size_t n, int seat, const char *name,
    bool account);
/* The seat of g that conn's account holds (want: that seat only, or -1
 * either), or -1: REJOIN without a token. */
int sess_account_seat(struct sess *s, int conn, const struct sgame *g,
    int want);
/* Seat's name as the web pages and records show it ("" nobody's): a
 * guest's that an account could have (3-20 of A-Za-z0-9_-) with
 * STORE_GUEST_MARK after it, in buf (n: CGP_NAME_MAX + 1 is room). */
const char *sess_seat_shown(const struct sgame *g, int seat, char *buf,
    size_t n);
/* The same of a name, an account's or not. */
const char *sess_name_shown(const char *name, bool account, char *buf,
    size_t n);
/* waccount=1 and baccount=1 of g's seats that are accounts' (STATE, LIST
 * items). */
void sess_account_kv(const struct sgame *g, struct cgp_out *o);
/* The same of seats the store says are accounts' (stored LIST, GAMES). */
void sess_accounts_kv(const bool account[2], struct cgp_out *o);

#endif
