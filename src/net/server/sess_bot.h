/*
 * sess_bot.h: bot accounts as the session knows them (issue 59,
 * PROTOCOL.md "Bots"): which connections play as a bot, how many games a
 * bot plays at once, and which seeks may be paired with a bot's.
 */
#ifndef CONGO_NET_SERVER_SESS_BOT_H
#define CONGO_NET_SERVER_SESS_BOT_H

#include <stdbool.h>

#include "net/server/sess_int.h"

/* A bot's games at once unless --bot-games says otherwise. */
#define SESS_BOT_GAMES 8

/* Is conn logged in as a bot account? */
bool sess_bot_conn(struct sess *s, int conn);
/* Is the account name (as registered) a bot, as this server knows it (a
 * connection of it logged in here, now or before)? */
bool sess_bot_named(struct sess *s, const char *name);
/* conn logged in as a bot: remembered by name (sess_bot_named). */
void sess_bot_login(struct sess *s, int conn);
/* The games not over that conn's account plays, as this server has them
 * in memory (every connection of the account, and a seat whose
 * connection is gone meanwhile: --bot-games is an account's limit). */
int sess_bot_games(struct sess *s, int conn);
/* The same for an account by name ("" or NULL: 0). */
int sess_bot_account_games(const struct sess *s, const char *account);
/* How many games at once a bot may play on this server. */
int sess_bot_limit(const struct sess *s);
/* May a seek of a seeker (bot: a bot's; bots_ok: it said bots=yes) be
 * paired with another's: never two bots, a bot only with bots=yes. */
bool sess_bot_pairable(bool bot_a, bool ok_a, bool bot_b, bool ok_b);
/* Challenges a human may send one bot account in an hour (this
 * server's count; more get 429). */
#define SESS_BOT_CHALLENGES_HOUR 10
/* May human challenge bot now (counted when true)? */
bool sess_bot_challenge_ok(struct sess *s, const char *bot,
    const char *human, long long now_ms);

/* A decline's word (CANCEL game= why=, PROTOCOL.md "Bots"), as
 * lichess's decline reasons: absent or one of these. */
#define SESS_BOT_WHY "variant, clock, rated, busy, generic"
bool sess_bot_why_ok(const char *why);

#endif
