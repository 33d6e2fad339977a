/*
 * sess_seek.h: the seeks' list, shared by the pairing (sess_seek.c) and
 * the commands SEEK, UNSEEK and SEEKS (sess_seek_cmd.c); nothing else in
 * the server sees it (sess_int.h has the session's side).
 */
#ifndef CONGO_NET_SERVER_SESS_SEEK_H
#define CONGO_NET_SERVER_SESS_SEEK_H

#include "net/server/sess_int.h"

#define SEEKS_PER_CONN 3
#define SEEKS_MAX 4096

struct sseek {
	char id[CGP_ID_LEN + 1];
	char server[CGP_ID_LEN + 1];   /* "" ours */
	int conn;                      /* ours: the seeker */
	unsigned gen;
	char name[CGP_NAME_MAX + 1];   /* account or name= */
	bool account;
	uint64_t owner;
	int round;                     /* its owner's games paired before */
	char variant[CGP_VARIANT_MAX];
	int64_t base_ms, inc_ms;
	bool rated;
	int colour;                    /* enum rating_colour */
	bool has_range;
	int rmin, rmax;
	bool has_rating;
	double rating;
	bool provisional;              /* an account's, RD above 110 (or none
	                                  yet): SEEKS says provisional=1 */
	long long created;             /* wall ms */
	char token[CGP_TOKEN_LEN + 1]; /* ours: shown when paired */
	char hash[CGP_HASH_LEN + 1];
	char net[64];                  /* its seeker's network (an IPv4 /24,
	                                  an IPv6 /64; "" unknown): rated
	                                  seeks of one are not paired */
	bool bot;                      /* its seeker a bot account */
	bool bots_ok;                  /* bots=yes: a bot's seek may pair */
	bool pairing;                  /* its game being stored */
	long long conflict_at;         /* its last pairing's conflict (ms) */
	int nconflict;                 /* conflicts in a row, each within
	                                  SEEK_RETRY_MS of the one before */
	/* Another server's seek of an account: the accounts it blocks, read
	 * from the store when this server first would pair it
	 * (sess_seek_block.c; not paired here until they are known). */
	char (*blocks)[CGP_NAME_MAX + 1];
	int nblocks;
	bool blocks_reading, blocks_known;
};

extern const char *const seek_colours[3];    /* enum rating_colour */

/* The seek of that id (its index into *at), NULL if none. */
struct sseek *seek_find(struct sess *s, const char *id, size_t *at);
/* A seek of ours told to the other servers: added, or gone. */
void seek_tell(struct sess *s, const struct sseek *k, bool add);
/* A seek gone (tell: and the other servers told, if ours). */
void seek_drop(struct sess *s, const char *id, bool tell);
/* Is seek k listed and paired: not being paired, and ours or of a
 * server alive (heard of within STORE_SERVER_LIVE_MS)? */
bool seek_shown(struct sess *s, const struct sseek *k);
/* Our seek id paired with the oldest compatible one, if any (its server
 * pairs when the other's is the newer). */
void seek_try_pair(struct sess *s, const char *id);
/* Our rated seek a, just made, whose only compatible seeks come from its
 * own network (never paired by default: PROTOCOL.md, 409 SAME_NETWORK):
 * the oldest of them, else NULL (a seek it pairs with, or none at all). */
const struct sseek *seek_same_network_match(struct sess *s,
    const struct sseek *a);
/* Every seek of ours not being paired tries again. */
void sess_seek_retry(struct sess *s);

/* Blocks (sess_seek_block.c): does either seeker block the other, as this
 * server knows; are another server's seek's blocks not known yet (then
 * seek_blocks_ask reads them); its blocks freed (a seek leaving the list);
 * k's seeker's blocks read (again) from the store, another server's into
 * k, ours added to its connection's (ours try pairing again once they are
 * back); the pairing's claim (store_seek_claim_unblocked, into ch) that
 * makes it a conflict when either of seat's two accounts blocks the other
 * (none when one is a guest). */
bool seek_blocked(struct sess *s, const struct sseek *a,
    const struct sseek *b);
bool seek_blocks_unknown(struct sess *s, const struct sseek *k);
void seek_blocks_free(struct sseek *k);
void seek_blocks_ask(struct sess *s, struct sseek *k);
void seek_block_claim(const struct sseek *const *seat,
    struct store_change *ch);

/* Split from sess_int.h (the seek feature's own calls). */
/* Seeks (sess_seek.c): SEEK, UNSEEK, SEEKS; a game made for two seeks
 * stored (its seekers seated and told) or refused (conflict: another
 * server paired one first); a connection gone; another server's seek
 * notice; ours told again (another server asked); a server gone. */
void sess_seeks_init(struct sess *s);
void sess_seeks_free(struct sess *s);
void sess_cmd_seek(struct sess *s, int conn, const struct cgp_cmd *c);
void sess_seek_paired(struct sess *s, struct sgame *g,
    const char *const *ids);
void sess_seek_unpaired(struct sess *s, const char *const *ids,
    bool conflict);
void sess_seek_closed(struct sess *s, int conn);
/* (its notices: the words of one, true when a seek's; any server's
 * notice, to every feature: sess_store.c) */
bool sess_seek_notice(struct sess *s, const char *server, char **w, int nw);
void sess_seek_tell_all(struct sess *s);
void sess_seek_server_gone(struct sess *s, const char *server);
/* Our seeks try pairing again when a failed store's pause is over
 * (sess_tick); when that is due, -1 never. */
void sess_seek_tick(struct sess *s, long long now_ms);
long long sess_seek_due(const struct sess *s);
/* Every seek known (this server's and the others'), to fn. */
typedef void (*sess_seek_fn)(void *arg, const char *name, int rating,
    const char *variant, const char *clock, bool rated, const char *colour,
    bool bot);
void sess_seeks_each(struct sess *s, sess_seek_fn fn, void *arg);

#endif
