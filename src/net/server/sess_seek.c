/*
 * sess_seek.c: SEEK, UNSEEK, SEEKS and the pairing (PROTOCOL.md). A seek is
 * kept by the server its connection is on and told to the others sharing
 * the store (store_ops.seek_notice); every server keeps the list of all.
 * When a seek arrives, the oldest compatible one (src/rating's rules) is
 * paired with it at once: a new game with both seats, stored with a claim
 * of each seek (seek_claims: a seek claimed twice, by two servers racing,
 * is a conflict, so no seek is paired twice). Each seeker is then told on
 * its own connection EV <game> 0 PAIRED seek= seat= token=, and STATE.
 * A seek's token is drawn when it is made and kept by its server; only its
 * hash travels. The commands themselves are in sess_seek_cmd.c.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/board.h"
#include "net/server/sess_ident.h"
#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"
#include "net/server/sess_bot.h"
#include "net/server/sess_seek.h"
#include "net/server/sess_days.h"
#include "rating/rating.h"

/* After a pairing the store refused, and after conflicts in a row for a
 * seek (each within this of the one before; another server's is passed by
 * after two, ours waits after four, having tried others): a seek that is
 * stale here (its "unseek" or "paired" notice lost while the connection
 * to the database was being made again) conflicts again and again, a few
 * times a second at most, not at the store's speed. */
#define SEEK_RETRY_MS 1000

const char *const seek_colours[3] = { "random", "white", "black" };

void
sess_seeks_init(struct sess *s)
{
	struct vec v = VEC_INIT(sizeof(struct sseek));

	s->seeks = v;
	net_random(&s->salt, sizeof s->salt);
}

struct sseek *
seek_find(struct sess *s, const char *id, size_t *at)
{
	size_t i;

	for (i = 0; i < s->seeks.len; i++) {
		struct sseek *k = vec_at(&s->seeks, i);
		if (strcmp(k->id, id) == 0) {
			if (at != NULL)
				*at = i;
			return k;
		}
	}
	return NULL;
}

static void
to_rating_seek(const struct sseek *k, struct rating_seek *r)
{
	memset(r, 0, sizeof *r);
	r->id = k->id;
	r->name = k->account ? k->name : NULL;
	r->owner = k->owner;
	r->variant = variant_parse(k->variant);
	r->base_ms = k->base_ms;
	r->inc_ms = k->inc_ms;
	r->rated = k->rated;
	r->colour = (enum rating_colour)k->colour;
	r->has_range = k->has_range;
	r->range_min = k->rmin;
	r->range_max = k->rmax;
	r->has_rating = k->has_rating;
	r->rating = k->rating;
	r->created = k->created;
}

/* One seek as a notice for the other servers ("seek ..." or "unseek"):
 * its seeker's network last (the prefix only, never the address; "-"
 * unknown), which a server before it did not send. */
void
seek_tell(struct sess *s, const struct sseek *k, bool add)
{
	char text[512];

	if (!sess_several(s))
		return;
	if (!add)
		snprintf(text, sizeof text, "unseek %s", k->id);
	else
		snprintf(text, sizeof text, "seek %s %s %d %llu:%d %s %lld %lld "
		    "%d %d %d %d %d %d %.3f %lld %s %s %d %d", k->id, k->name,
		    k->account, (unsigned long long)k->owner, k->round,
		    k->variant, (long long)k->base_ms, (long long)k->inc_ms,
		    k->rated, k->colour, k->has_range, k->rmin, k->rmax,
		    k->has_rating, k->rating, k->created, k->hash,
		    k->net[0] != '\0' && strchr(k->net, ' ') == NULL ?
		    k->net : "-", (k->bot ? 1 : 0) | (k->bots_ok ? 2 : 0),
		    k->provisional ? 1 : 0);
	sess_tell_servers(s, text);
}

void
seek_drop(struct sess *s, const char *id, bool tell)
{
	struct sseek *k;
	size_t at;

	if ((k = seek_find(s, id, &at)) == NULL)
		return;
	if (tell && k->server[0] == '\0')
		seek_tell(s, k, false);
	memset(k->token, 0, sizeof k->token);
	seek_blocks_free(k);
	vec_remove(&s->seeks, at);
}

static int
cmp_claim(const void *x, const void *y)
{
	return strcmp(x, y);
}

/*
 * The claims of a pairing, inserted in sorted order. Two servers pairing
 * the same two seekers by their other seeks at once claim the same two
 * owners: in one order both, the later waits for the earlier and gets a
 * conflict when it commits (and tries again at once); in opposite orders
 * each would wait for the other, a deadlock that PostgreSQL breaks only
 * after its deadlock_timeout (1 s) by failing one server's whole batch.
 * Also told in what (the log's).
 */
static void
claims_put(struct sseek *const *seat, struct store_change *ch, char *what,
    size_t len)
{
	char key[4][STORE_CLAIM_LEN];
	const char *claim[4];
	int k;

	for (k = 0; k < 2; k++) {
		snprintf(key[k], sizeof key[k], "%s", seat[k]->id);
		/* A bot plays several games at once: each of its seeks
		 * claims only itself (issue 59). */
		if (seat[k]->bot)
			snprintf(key[2 + k], sizeof key[2 + k], "b%s",
			    seat[k]->id);
		else
			snprintf(key[2 + k], sizeof key[2 + k], "o%llu.%d",
			    (unsigned long long)seat[k]->owner,
			    seat[k]->round);
	}
	qsort(key, 4, sizeof key[0], cmp_claim);
	for (k = 0; k < 4; k++)
		claim[k] = key[k];
	store_seek_claims(ch, claim);
	snprintf(what, len, "claims %s %s %s %s", key[0], key[1], key[2],
	    key[3]);
}

bool
seek_shown(struct sess *s, const struct sseek *k)
{
	const struct store_ops *st = s->io.store;

	return !k->pairing && (k->server[0] == '\0' || st == NULL ||
	    st->server_live == NULL || st->server_live(s->io.store_ctx,
	    k->server));
}

/*
 * A game for a and b (b the older), stored with both seeks' claims. A
 * pairing with another server's seek is kept only if that server gave a
 * sign of life in the database within STORE_SERVER_LIVE_MS (congo_servers,
 * store_pg_presence.c), checked in the pairing's own transaction
 * (store_seek_claim_live): what this server heard of it may be late, and a
 * seek of a server that died an instant before would make a game that
 * nobody plays on one side. When it did not, its claim is made a second
 * time, a duplicate key: a conflict, as a seek paired elsewhere (the
 * store's congo_put tells it as one).
 */
static void
pair(struct sess *s, struct sseek *a, struct sseek *b)
{
	struct rating_seek ra, rb;
	struct sseek *seat[2];
	char id[CGP_ID_LEN + 1], wire[CGP_FEN_MAX], err[160], clock[32];
	char claim[256];
	struct sess_new_game keep;
	struct game_rules rules;
	struct store_change ch;
	struct board start;
	unsigned char bit;
	struct spend *p;
	int k;

	to_rating_seek(a, &ra);
	to_rating_seek(b, &rb);
	net_random(&bit, 1);
	k = rating_pair_colour(&ra, &rb, bit & 1) == RATING_WHITE ? 0 : 1;
	seat[k] = a;
	seat[1 - k] = b;
	if (net_new_game_id(id) < 0 || cgp_variant_start(a->variant, NULL,
	    &s->rules, &start, &rules, wire, err, sizeof err) < 0)
		return;
	sess_control_text(a->base_ms, a->inc_ms, clock, sizeof clock);
	sess_new_game_change(&ch, &keep, id, wire, &rules, a->variant, clock,
	    a->rated);
	for (k = 0; k < 2; k++)
		sess_new_game_seat(&ch, &keep, k, seat[k]->name,
		    seat[k]->account, seat[k]->hash);
	sess_features_new_game(s, &ch, &keep);
	/* Each seek once, and each seeker once a round: two servers pairing
	 * two seeks of one connection at once cannot both store. */
	claims_put(seat, &ch, claim, sizeof claim);
	/* (At most one of the two is another server's; a store that
	 * tells servers' signs of life keeps them in congo_servers.) */
	for (k = 0; k < 2 && s->io.store != NULL &&
	    s->io.store->server_live != NULL; k++)
		if (seat[k]->server[0] != '\0') {
			store_seek_claim_live(&ch, seat[k]->id,
			    seat[k]->server);
			break;
		}
	/* Neither blocks the other, as the store has it now: what this
	 * server knows of another's seeker may be late. */
	seek_block_claim((const struct sseek *const *)seat, &ch);
	ch.seek[0] = seat[0]->id;
	ch.seek[1] = seat[1]->id;
	a->pairing = b->pairing = true;
	p = sess_spend_new(s, -1, NULL, &ch, NULL, false, true);
	sess_log(s, NET_LOG_INFO, "seeks %s and %s paired: game %s", a->id,
	    b->id, id);
	sess_log(s, NET_LOG_DEBUG, "game %s: %s", id, claim);
	sess_spend_submit(s, p);
}

/* Did x come after y (ids break a tie)? */
static bool
newer(const struct sseek *x, const struct sseek *y)
{
	return x->created > y->created || (x->created == y->created &&
	    strcmp(x->id, y->id) > 0);
}

/* Was k's last pairing a conflict less than SEEK_RETRY_MS ago? */
static bool
recent_conflict(const struct sess *s, const struct sseek *k)
{
	return k->conflict_at != 0 && s->now - k->conflict_at < SEEK_RETRY_MS;
}

/* Two rated seeks from one network (an IPv4 /24, an IPv6 /64), which
 * are not paired unless the server allows it (--rated-same-network): two
 * accounts of one player could farm ratings. */
static bool
same_network(const struct sess *s, const struct sseek *a,
    const struct sseek *b)
{
	return a->rated && b->rated && !s->lim.rated_same_network &&
	    a->net[0] != '\0' && strcmp(a->net, b->net) == 0;
}

/* A bot's seek whose account plays its games at once already (on this
 * server): not paired until one ends (its other seeks stay open). */
static bool
bot_full(const struct sess *s, const struct sseek *k)
{
	return k->bot && sess_bot_account_games(s, k->name) >=
	    sess_bot_limit(s);
}

/* The match rating_pair_pick finds for a among the seeks listed, those of
 * a's network left out unless mine_too; NULL for none. */
static const struct sseek *
pick_for(struct sess *s, const struct sseek *a, bool mine_too)
{
	struct rating_seek *r = xcalloc(s->seeks.len + 1, sizeof *r);
	const struct sseek *found = NULL;
	size_t i, n = 0, at = 0, match;

	for (i = 0; i < s->seeks.len; i++) {
		const struct sseek *k = vec_at(&s->seeks, i);
		if (k != a && (!seek_shown(s, k) || seek_blocked(s, a, k) ||
		    bot_full(s, k) || !sess_bot_pairable(a->bot, a->bots_ok, k->bot,
		    k->bots_ok) || (!mine_too && same_network(s, a, k))))
			continue;
		if (k == a)
			at = n;
		to_rating_seek(k, &r[n++]);
	}
	if (rating_pair_pick(r, n, at, &match) == 1)
		found = seek_find(s, r[match].id, NULL);
	free(r);
	return found;
}

const struct sseek *
seek_same_network_match(struct sess *s, const struct sseek *a)
{
	const struct sseek *k;

	if (!a->rated || s->lim.rated_same_network || a->net[0] == '\0' ||
	    pick_for(s, a, false) != NULL)
		return NULL;
	k = pick_for(s, a, true);
	return k != NULL && same_network(s, a, k) ? k : NULL;
}

/* Pair a (just arrived, or freed) with the oldest compatible seek. */
void
seek_try_pair(struct sess *s, const char *id)
{
	struct rating_seek *r;
	struct sseek *a = seek_find(s, id, NULL), *b;
	char (*ask)[CGP_ID_LEN + 1];
	size_t i, n = 0, at = 0, match, nask = 0;

	if (a == NULL || a->pairing || (a->nconflict >= 4 &&
	    recent_conflict(s, a)) || bot_full(s, a))
		return;
	r = xcalloc(s->seeks.len + 1, sizeof *r);
	ask = xcalloc(s->seeks.len + 1, sizeof *ask);
	for (i = 0; i < s->seeks.len; i++) {
		struct sseek *k = vec_at(&s->seeks, i);
		if (k != a && seek_shown(s, k) && seek_blocks_unknown(s, k)) {
			/* Its seeker's blocks first (below). */
			if (!k->blocks_reading)
				memcpy(ask[nask++], k->id, sizeof ask[0]);
			continue;
		}
		if (!seek_shown(s, k) ||
		    (k->server[0] != '\0' && k->nconflict >= 2 &&
		    recent_conflict(s, k)) || (k != a && (same_network(s, a,
		    k) || seek_blocked(s, a, k) || bot_full(s, k) ||
		    !sess_bot_pairable(a->bot,
		    a->bots_ok, k->bot, k->bots_ok))))
			continue;
		if (k == a)
			at = n;
		to_rating_seek(k, &r[n++]);
	}
	/* Of two servers, the one with the newer seek pairs (the other
	 * sees it arrive and leaves it to it): both pairing at once
	 * conflicted, retried at once and could go on so. */
	if (rating_pair_pick(r, n, at, &match) == 1 &&
	    (b = seek_find(s, r[match].id, NULL)) != NULL &&
	    (a->server[0] == '\0' || b->server[0] == '\0') &&
	    !(b->server[0] != '\0' && newer(b, a)) &&
	    !(a->server[0] != '\0' && newer(a, b)))
		pair(s, a, b);
	free(r);
	/* (After the list's last use: without a reader thread the reads are
	 * back at once, and ours try again.) */
	for (i = 0; i < nask; i++)
		if ((b = seek_find(s, ask[i], NULL)) != NULL &&
		    !b->blocks_reading)
			seek_blocks_ask(s, b);
	free(ask);
}

/*
 * Every seek of ours not being paired tries again: a seek freed (a pairing
 * refused, here or on another server) or arrived may be the match of any
 * of them, whose own try found it taken or absent. By id, as a pairing
 * stored at once (no writer thread) changes the list.
 */
void
sess_seek_retry(struct sess *s)
{
	char (*ids)[CGP_ID_LEN + 1];
	size_t i, n = 0;

	if (s->seeks.len == 0)
		return;
	ids = xcalloc(s->seeks.len, sizeof *ids);
	for (i = 0; i < s->seeks.len; i++) {
		const struct sseek *x = vec_at(&s->seeks, i);
		if (x->server[0] == '\0' && !x->pairing)
			memcpy(ids[n++], x->id, sizeof ids[0]);
	}
	for (i = 0; i < n; i++)
		seek_try_pair(s, ids[i]);
	free(ids);
}

/* Seat the seeker of seek (ours) in g: false when it is gone (the
 * first-move minute aborts the game). Its other seeks are withdrawn. */
static bool
seat_ours(struct sess *s, struct sgame *g, const struct sseek *seek,
    int seat)
{
	struct sseek copy = *seek, *k = &copy;  /* the list moves below */
	struct sconn *c = sess_conn(s, k->conn);

	if (c == NULL || c->gen != k->gen)
		return false;
	c->paired++;
	snprintf(c->seek_game, sizeof c->seek_game, "%s", g->id);
	for (size_t i = 0; i < s->seeks.len;) {
		struct sseek *x = vec_at(&s->seeks, i);
		if (!k->bot && strcmp(x->id, k->id) != 0 &&
		    x->server[0] == '\0' && x->conn == k->conn &&
		    x->gen == k->gen && !x->pairing) {
			seek_drop(s, x->id, true);
			continue;
		}
		i++;
	}
	g->holder[seat] = k->conn;
	sess_member_add(s, k->conn, g);
	sess_seat_here(s, g, seat, true);
	return true;
}

/* Tell a seated seeker its seat and token, then the game. */
static void
tell_paired(struct sess *s, struct sgame *g, struct sseek *k, int seat)
{
	struct cgp_out o;

	cgp_out_ev(&o, g->id, 0, "PAIRED");
	cgp_out_kv(&o, "seek", k->id);
	cgp_out_kv(&o, "seat", cgp_seat_name(seat));
	cgp_out_kv(&o, "token", k->token);
	sess_emit(s, k->conn, &o);
	sess_state(s, g, &o);
	sess_emit(s, k->conn, &o);
	memset(k->token, 0, sizeof k->token);
}

void
sess_seek_paired(struct sess *s, struct sgame *g, const char *const *ids)
{
	struct sseek mine[2];
	bool seated[2] = { false, false };
	char text[96];
	int k;

	/* Both seats taken first, then each told: its STATE shows both. */
	for (k = 0; k < 2; k++) {
		struct sseek *x = seek_find(s, ids[k], NULL);
		if (x == NULL)
			continue;
		if (x->server[0] == '\0') {
			mine[k] = *x;
			seated[k] = seat_ours(s, g, &mine[k], k);
		} else if (sess_several(s)) {
			/* Its server seats it (and tells it the token). */
			snprintf(text, sizeof text, "paired %s %s %d", x->id,
			    g->id, k);
			sess_tell_servers(s, text);
		}
	}
	for (k = 0; k < 2; k++)
		if (seated[k])
			tell_paired(s, g, &mine[k], k);
	for (k = 0; k < 2; k++)
		seek_drop(s, ids[k], true);
}

void
sess_seek_unpaired(struct sess *s, const char *const *ids, bool conflict)
{
	int k;

	/* Another server paired one of them first: it will say which; the
	 * other is free again and tries anew. */
	for (k = 0; k < 2; k++) {
		struct sseek *x = seek_find(s, ids[k], NULL);
		struct sconn *c;
		if (x == NULL)
			continue;
		x->pairing = false;
		if (conflict) {
			x->nconflict = recent_conflict(s, x) ?
			    x->nconflict + 1 : 1;
			x->conflict_at = s->now != 0 ? s->now : 1;
			/* (A block made since its blocks were read, perhaps:
			 * read again.) */
			seek_blocks_ask(s, x);
		}
		/* Its seeker was paired meanwhile by another of its seeks:
		 * this one goes (its claim of that round would fail). */
		if (x->server[0] == '\0' && ((c = sess_conn(s, x->conn)) ==
		    NULL || c->gen != x->gen || (!x->bot &&
		    c->paired != x->round)))
			seek_drop(s, ids[k], true);
	}
	/* A conflict: the store answered, so at once (seeks of ours that
	 * arrived meanwhile passed these by); a seek in a second conflict in
	 * a row is passed by for a second (most likely paired elsewhere, its
	 * notice on the way, or stale). A refusal (the store is away): after
	 * a pause, not in a loop of refusals. */
	if (conflict) {
		sess_seek_retry(s);
		/* (When the seeks passed by now may pair again.) */
		s->seek_retry_at = s->now + SEEK_RETRY_MS;
	} else if (s->seek_retry_at == 0)
		s->seek_retry_at = s->now + SEEK_RETRY_MS;
	stimer_set(&s->timers, &s->seek_timer, s->seek_retry_at);
}

void
sess_seek_tick(struct sess *s, long long now_ms)
{
	if (s->seek_retry_at == 0 || now_ms < s->seek_retry_at)
		return;
	s->seek_retry_at = 0;
	stimer_cancel(&s->timers, &s->seek_timer);
	sess_seek_retry(s);
}

long long
sess_seek_due(const struct sess *s)
{
	return s->seek_retry_at > 0 ? s->seek_retry_at : -1;
}

void
sess_seek_closed(struct sess *s, int conn)
{
	size_t i = 0;

	while (i < s->seeks.len) {
		struct sseek *k = vec_at(&s->seeks, i);
		if (k->server[0] == '\0' && k->conn == conn && !k->pairing) {
			seek_drop(s, k->id, true);
			continue;
		}
		i++;
	}
}

/* A "seek ..." notice (tell_others) into k (id, name, variant and hash
 * checked by the caller): 0, or -1 when it is not one. */
static int
remote_seek(char **w, struct sseek *k)
{
	int v[7], i;
	uint64_t owner, base, inc, created;
	char *colon = strchr(w[3], ':');

	memset(k, 0, sizeof *k);
	if (strlen(w[0]) >= sizeof k->id || strlen(w[1]) >= sizeof k->name ||
	    strlen(w[4]) >= sizeof k->variant ||
	    strlen(w[15]) >= sizeof k->hash || colon == NULL)
		return -1;
	*colon = '\0';
	for (i = 0; i < 7; i++)
		if (parse_int(w[i == 0 ? 2 : 6 + i], INT_MIN, INT_MAX, &v[i],
		    NULL, 0) != 0)
			return -1;
	if (parse_u64(w[3], 0, UINT64_MAX, &owner, NULL, 0) != 0 ||
	    parse_int(colon + 1, INT_MIN, INT_MAX, &k->round, NULL, 0) != 0 ||
	    parse_u64(w[5], 0, INT64_MAX, &base, NULL, 0) != 0 ||
	    parse_u64(w[6], 0, INT64_MAX, &inc, NULL, 0) != 0 ||
	    parse_double(w[13], -1e9, 1e9, &k->rating, NULL, 0) != 0 ||
	    parse_u64(w[14], 0, INT64_MAX, &created, NULL, 0) != 0)
		return -1;
	snprintf(k->id, sizeof k->id, "%s", w[0]);
	snprintf(k->name, sizeof k->name, "%s", w[1]);
	snprintf(k->variant, sizeof k->variant, "%s", w[4]);
	snprintf(k->hash, sizeof k->hash, "%s", w[15]);
	k->account = v[0] != 0;
	k->owner = owner;
	k->base_ms = (int64_t)base;
	k->inc_ms = (int64_t)inc;
	k->rated = v[1] != 0;
	k->colour = v[2];
	k->has_range = v[3] != 0;
	k->rmin = v[4];
	k->rmax = v[5];
	k->has_rating = v[6] != 0;
	k->created = (long long)created;
	return 0;
}

/* Our seek id, paired by another server into game (in memory now, or not
 * readable): its player seated and told; the seek gone either way. */
static void
seat_paired(struct sess *s, const char *id, const char *game, int seat)
{
	struct sseek *x = seek_find(s, id, NULL);
	struct sgame *g = sess_find(s, game);

	if (x != NULL && x->server[0] == '\0' && g != NULL) {
		struct sseek copy = *x;
		if (seat_ours(s, g, &copy, seat))
			tell_paired(s, g, &copy, seat);
	} else if (x != NULL && g == NULL)
		sess_log(s, NET_LOG_ERROR, "seek %s: paired into game %s by "
		    "another server, which cannot be read", id, game);
	seek_drop(s, id, false);
}

struct paired_news {
	char seek[16], game[16];
	int seat;
};

static void
paired_read(struct sess *s, struct sread *q, void *arg)
{
	struct paired_news *p = arg;

	(void)q;
	seat_paired(s, p->seek, p->game, p->seat);
	free(p);
}

bool
sess_seek_notice(struct sess *s, const char *server, char **w, int nw)
{
	struct sseek k, *x;
	int seat;
	struct sgame *g;

	if (nw >= 2 && strcmp(w[0], "unseek") == 0) {
		seek_drop(s, w[1], false);
		return true;
	}
	if (nw >= 4 && strcmp(w[0], "paired") == 0 && strlen(w[1]) <= 15 &&
	    strlen(w[2]) <= 15 && parse_int(w[3], 0, 1, &seat, NULL, 0) == 0) {
		const char *id = w[1], *game = w[2];
		/* Another server paired a seek of ours: seat its player, with
		 * the game (or its players' ratings) read off the event loop
		 * when not here. */
		if ((x = seek_find(s, id, NULL)) == NULL || x->server[0] != '\0')
			return true;
		if ((g = sess_find(s, game)) == NULL || (g->rated &&
		    g->rating_have != 3)) {
			struct paired_news *p = xcalloc(1, sizeof *p);
			struct sread want;
			snprintf(p->seek, sizeof p->seek, "%s", id);
			snprintf(p->game, sizeof p->game, "%s", game);
			p->seat = seat;
			x->pairing = true;      /* nobody else's meanwhile */
			memset(&want, 0, sizeof want);
			want.kind = SREAD_GAME;
			snprintf(want.key, sizeof want.key, "%s", game);
			sess_read_then(s, &want, paired_read, free, p);
			return true;
		}
		seat_paired(s, id, game, seat);
		return true;
	}
	if (nw < 17 || strcmp(w[0], "seek") != 0 ||
	    remote_seek(w + 1, &k) != 0 || !cgp_valid_game(k.id) ||
	    !cgp_valid_name(k.name) ||
	    !cgp_variant_known(k.variant) || k.colour < 0 || k.colour > 2 ||
	    !net_valid_hash(k.hash) || seek_find(s, k.id, NULL) != NULL ||
	    s->seeks.len >= SEEKS_MAX)
		return nw >= 1 && strcmp(w[0], "seek") == 0;   /* else not ours */
	if (!cgp_valid_game(server))
		return true;    /* (its id goes into the pairing's SQL) */
	snprintf(k.server, sizeof k.server, "%.8s", server);
	if (nw >= 18 && strcmp(w[17], "-") != 0)
		snprintf(k.net, sizeof k.net, "%s", w[17]);
	/* Its bot flags (issue 59): 1 a bot's, 2 bots=yes. */
	if (nw >= 19 && parse_int(w[18], 0, 3, &seat, NULL, 0) == 0) {
		k.bot = (seat & 1) != 0;
		k.bots_ok = (seat & 2) != 0;
	}
	/* Provisional (issue 62; a server before said nothing: none). */
	k.provisional = nw >= 20 && strcmp(w[19], "1") == 0;
	k.conn = -1;
	x = vec_push(&s->seeks);
	*x = k;
	/* Ours may be waiting for it (its server pairs too: a race, which
	 * the claims decide). */
	sess_seek_retry(s);
	return true;
}

void
sess_seek_tell_all(struct sess *s)
{
	size_t i;

	for (i = 0; i < s->seeks.len; i++) {
		struct sseek *k = vec_at(&s->seeks, i);
		if (k->server[0] == '\0' && !k->pairing)
			seek_tell(s, k, true);
	}
}

void
sess_seek_server_gone(struct sess *s, const char *server)
{
	size_t i = 0;

	while (i < s->seeks.len) {
		struct sseek *k = vec_at(&s->seeks, i);
		if (strcmp(k->server, server) == 0 && !k->pairing) {
			seek_blocks_free(k);
			vec_remove(&s->seeks, i);
			continue;
		}
		i++;
	}
}
