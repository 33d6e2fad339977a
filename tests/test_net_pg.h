/*
 * test_net_pg.h: what the files of tests/test_net_pg share (the servers'
 * ports, the game the first tests make, the helpers that wait for lines)
 * and the tests each of them holds; main() is in test_net_pg.c.
 */
#ifndef CONGO_TEST_NET_PG_H
#define CONGO_TEST_NET_PG_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_net_tclient.h"

#define T TC_ANSWER_MS

extern int port_a, port_b, port_c;     /* C: 0 when there is none */
extern int port_d;     /* D, without --rated-same-network (0: none) */
extern pid_t pid_a;
extern char game[16], tokw[40], tokb[40];

/* An event of game id (ev: of game) on c containing text, within T. */
const char *ev2(struct tc *c, const char *id, const char *text);
const char *ev(struct tc *c, const char *text);
/* The test skipped without $CONGO_PG_CTL (test_net_pg.sh's control of its
 * cluster: start, stop, crash, lock N, sql TEXT, tidy...); pg_ctl runs it with the
 * words fmt makes, its exit status returned. */
void pg_ctl_needed(void);
int pg_ctl(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A test's teardown after it stops, locks or slows the database: the
 * cluster running, no lock or held commit left (pgctl.sh tidy), even when
 * the test failed midway. */
int pg_tidy(void **state);
/* A connection past HELLO to port from 127.0.net.1 (net 0: the usual
 * address); the test fails without one. */
struct tc *hello_from(int port, unsigned net);
/* A game made on w's server (White, wname, with CREATE's extra words)
 * and joined on b's (Black, bname): its id into id; new_game_tok also
 * gives the seats' tokens (into tw, tb where not NULL). */
void new_game(struct tc *w, const char *wname, struct tc *b,
    const char *bname, const char *extra, char *id);
void new_game_tok(struct tc *w, const char *wname, struct tc *b,
    const char *bname, const char *extra, char *id, char *tw, char *tb);
/* STATE of game id asked on c: its EV line (c->line), NULL after T. */
const char *state_of(struct tc *c, const char *id);
/* A STATE of game id on c until it shows kv (" wpresent=1 "), within T. */
bool state_shows(struct tc *c, const char *id, const char *kv);
/* A MOVE sent until it is answered OK, through an outage of the
 * database: every answer comes within T (never a hang), each refusal is
 * 503 BUSY or 507 STORAGE_FAILED (nothing else), and the OK comes within
 * 30 s. */
void move_through(struct tc *c, const char *id, int ply, const char *mv);
/* Register name on c (a new account), LOGIN there; its key into key. */
void account(struct tc *c, const char *name, char *key);
/* Does the file at path (a server's log) say text within ms? */
bool log_says(const char *path, const char *text, long long ms);
/* The reply to the command tagged tag (OK or ERR), events passed over. */
const char *reply(struct tc *c, const char *tag);
/* The same, waiting up to ms (a reply that waits on a lock by design). */
const char *reply_within(struct tc *c, const char *tag, int ms);
/* The reply to tag on c must be OK (else the test fails, saying it). */
void ok(struct tc *c, const char *tag);
/* Send the command fmt makes (its first word its tag): its reply must be
 * OK (tc_send, then ok). */
void send_ok(struct tc *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* test_net_pg_text.c: a SAY's hostile words unchanged through the store. */
void test_text_across(void **state);
/* test_net_pg_spect.c: the watchers' own chat across servers. */
void test_spectators_across(void **state);
/* test_net_pg_corr.c: a correspondence deadline fires once. */
void test_corr_across(void **state);
void test_clock_read_across(void **state);
/* test_net_pg_rejoin.c: REJOIN since= ahead of the server. */
void test_rejoin_ahead(void **state);
/* ...and the connection a REJOIN replaced, acting at once. */
void test_replaced_acts(void **state);
/* ...and another server's notice of a taking, older than the REJOIN. */
void test_stale_claim(void **state);

/* test_net_pg_seek.c: seeks and rated games across the servers. */
void test_seek_across(void **state);
/* test_net_pg_bots.c: bots' seeks across the servers (issue 59). */
void test_bots_across(void **state);
void test_seek_freed(void **state);
void test_seek_race(void **state);
void test_seek_stale(void **state);
void test_seek_reconnect(void **state);
void test_rated_across(void **state);
void test_seek_dead_server(void **state);
/* The seek id of an OK #s SEEK line into out; does c's server list seek
 * id (SEEKS) within T; c's (who's) PAIRED event within T, its game's id
 * into game. */
void seek_of(struct tc *c, char *out, size_t n);
bool seek_listed(struct tc *c, const char *id);
void paired_into(struct tc *c, const char *who, char *game);
/* A seek on A before it is killed (its connection into *c, its id into
 * id); after the kill (at killed, tc_ms), gone from B's SEEKS within 3 s
 * and never paired. */
void ghost_seek_before(struct tc **c, char *id);
void ghost_seek_after(long long killed, const char *id);
/* test_net_pg_rematch.c: a rematch with its players on two servers. */
void test_rematch_across(void **state);
/* test_net_pg_lock.c: the database locked, news read late, idle games,
 * a seat handed over while notifying commits wait for their lock. */
void test_tables_locked(void **state);
void test_news_off_loop(void **state);
void test_idle_game_leaves(void **state);
void test_presence_notify_lock(void **state);
/* A commit's outcome not known: the connection closed, no ERR. */
void test_commit_unknown(void **state);
void test_register_lost(void **state);
void test_register_forgotten(void **state);
/* test_net_pg_ident.c: names that belong to accounts, across servers. */
void test_identity_across(void **state);
void test_same_network_across(void **state);
/* test_net_pg_chal.c: challenges across servers (issue 36). */
void test_challenge_across(void **state);
/* test_net_pg_mine.c: an account's games and challenges made on another
 * server; blocks and seeks across servers (issue 36). */
void test_mine_across(void **state);
void test_block_seek_across(void **state);
void test_block_seek_late(void **state);

#endif
