/*
 * sess_table.c: the games in memory: their table by id (an open-addressed
 * hash of ids), a game added, found, dropped or refused; and which leave
 * memory when (sess_evict: finished games after SESS_GRACE_MS or their
 * rematch's chance, games played on another server after SESS_IDLE_MS);
 * and a command's game= looked up (sess_want_game), read from the store
 * when it is not in memory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/server/sess_int.h"

void
sess_free_game(struct sgame *g)
{
	size_t i;

	for (i = 0; i < g->ev.len; i++)
		free(((struct sev *)vec_at(&g->ev, i))->text);
	vec_free(&g->ev);
	free(g->obs);
	game_free(&g->g);
	free(g);
}

int
sess_ngames(const struct sess *s)
{
	return s->ngames;
}

/* The game table: ids hash into an open-addressed index. */
static unsigned
id_hash(const char *id)
{
	unsigned h = 2166136261u;

	for (; *id != '\0'; id++)
		h = (h ^ (unsigned char)*id) * 16777619u;
	return h;
}

static void
index_put(struct sess *s, int n)
{
	unsigned i = id_hash(s->games[n]->id) & (unsigned)(s->icap - 1);

	while (s->index[i] != 0)
		i = (i + 1) & (unsigned)(s->icap - 1);
	s->index[i] = n + 1;
}

struct sgame *
sess_find(struct sess *s, const char *id)
{
	unsigned i = id_hash(id) & (unsigned)(s->icap - 1);

	while (s->index[i] != 0) {
		struct sgame *g = s->games[s->index[i] - 1];
		if (strcmp(g->id, id) == 0)
			return g;
		i = (i + 1) & (unsigned)(s->icap - 1);
	}
	return NULL;
}

struct sgame *
sess_add_game(struct sess *s, const char *id)
{
	struct sgame *g = xcalloc(1, sizeof *g);
	int i;

	snprintf(g->id, sizeof g->id, "%s", id);
	g->holder[0] = g->holder[1] = -1;
	g->tb_offer = -1;
	g->first_by = -1;
	g->first_ply = -1;
	g->offer = -1;
	snprintf(g->variant, sizeof g->variant, "congo");
	g->clock.running = -1;
	g->creator = -1;
	g->gone_since[0] = g->gone_since[1] = s->now;
	g->timer = (struct stimer)STIMER_INIT(STIMER_GAME);
	g->ev = (struct vec)VEC_INIT(sizeof(struct sev));
	s->games = xgrow(s->games, s->ngames, &s->gamecap, 64,
	    sizeof *s->games);
	s->games[s->ngames++] = g;
	if (s->ngames * 2 > s->icap) {
		free(s->index);
		s->icap *= 2;
		s->index = xcalloc((size_t)s->icap, sizeof *s->index);
		for (i = 0; i < s->ngames; i++)
			index_put(s, i);
	} else
		index_put(s, s->ngames - 1);
	return g;
}

/* The idle time after which a game being played may leave memory (a test
 * build may shorten it: CONGO_TEST_IDLE_MS). */
static long long
idle_ms(void)
{
	long long ms = SESS_IDLE_MS;
#ifdef CONGO_TEST_HOOKS
	int v;
	if (parse_int(getenv("CONGO_TEST_IDLE_MS"), 0, 3600000, &v, NULL,
	    0) == 0)
		ms = v;
#endif
	return ms;
}

/* Can g, being played, leave memory now? See SESS_IDLE_MS. */
static bool
idle_elsewhere(struct sess *s, const struct sgame *g, long long now_ms)
{
	long long idle = idle_ms();
	int k;

	if (s->io.store->refresh == NULL || s->io.store->remote_presence ==
	    NULL || g->holder[0] >= 0 || g->holder[1] >= 0 || g->nobs > 0 ||
	    g->refreshing || g->stale || g->rating_reading ||
	    (s->io.watched != NULL && s->io.watched(s->io.ctx, g->id)))
		return false;
	for (k = 0; k < 2; k++)
		if (now_ms - g->gone_since[k] < idle)
			return false;
	for (k = 0; k < 2; k++) {
		long long gone;
		if (s->io.store->remote_presence(s->io.store_ctx, g->id, k,
		    &gone) == 1)
			return true;
	}
	return false;
}

/* Can g, finished, still be rematched: both its players still connected
 * (here or, a seat held there, on another server), no rematch made yet?
 * Then it stays in memory, where its seats are (PROTOCOL.md REMATCH: for
 * as long as both stay connected). */
static bool
rematch_open(struct sess *s, const struct sgame *g)
{
	long long gone;
	int k;

	if (!g->seated[0] || !g->seated[1] || g->rematch_game[0] != '\0' ||
	    (g->holder[0] < 0 && g->holder[1] < 0))
		return false;
	for (k = 0; k < 2; k++)
		if (g->holder[k] < 0 && (s->io.store->remote_presence == NULL ||
		    s->io.store->remote_presence(s->io.store_ctx, g->id, k,
		    &gone) != 1))
			return false;
	return true;
}

/* Can g leave memory now? */
static bool
evictable(struct sess *s, const struct sgame *g, long long now_ms)
{
	bool members = g->holder[0] >= 0 || g->holder[1] >= 0 || g->nobs > 0;

	if (g->busy > 0 || now_ms < g->keep_until)
		return false;
	if (!g->over)
		return idle_elsewhere(s, g, now_ms);
	return !members || (now_ms - g->ended_ms >= SESS_GRACE_MS &&
	    !rematch_open(s, g));
}

/* Take g out of the lists of the connections it is in. */
static void
forget_members(struct sess *s, struct sgame *g)
{
	int k, i;

	for (k = 0; k < 2 + g->nobs; k++) {
		int conn = k < 2 ? g->holder[k] : g->obs[k - 2];
		struct sconn *c;
		if (conn < 0 || conn >= s->conncap || !s->conns[conn].used)
			continue;
		c = &s->conns[conn];
		for (i = 0; i < c->ngames; i++)
			if (c->games[i] == g) {
				c->games[i] = c->games[--c->ngames];
				break;
			}
	}
}

/* The hash of ids made again after games left the list. */
static void
reindex(struct sess *s)
{
	int i;

	memset(s->index, 0, sizeof *s->index * (size_t)s->icap);
	for (i = 0; i < s->ngames; i++)
		index_put(s, i);
}

int
sess_evict(struct sess *s, long long now_ms)
{
	int i, n = 0, gone;

	if (s->io.store == NULL || s->io.store->load_game == NULL)
		return 0;       /* memory is all there is */
	for (i = 0; i < s->ngames; i++) {
		struct sgame *g = s->games[i];
		if (evictable(s, g, now_ms)) {
			if (!g->over)
				sess_log(s, NET_LOG_DEBUG, "game %s leaves "
				    "memory: nobody here, held on another "
				    "server", g->id);
			if (g->timer.pos >= 0)
				sess_timer_remove(s, g);
			forget_members(s, g);
			sess_free_game(g);
		} else
			s->games[n++] = g;
	}
	if (n == s->ngames)
		return 0;
	gone = s->ngames - n;
	s->ngames = n;
	reindex(s);
	return gone;
}

void
sess_drop_game(struct sess *s, const char *id)
{
	struct sgame *g = sess_find(s, id);
	int i, n = 0;

	if (g == NULL)
		return;
	if (g->timer.pos >= 0)
		sess_timer_remove(s, g);
	forget_members(s, g);
	for (i = 0; i < s->ngames; i++)
		if (s->games[i] != g)
			s->games[n++] = s->games[i];
	s->ngames = n;
	sess_free_game(g);
	reindex(s);
}

void
sess_refuse_game(struct sess *s, const char *id, const char *err)
{
	sess_drop_game(s, id);
	sess_log(s, NET_LOG_ERROR, "game %s is not served (it stays in the "
	    "database as it is): %s", id, err);
}

/* game='s game, looked up once; busy: a game with a change on its way
 * to the store makes the line wait for it (sess_want_game_w). */
static struct sgame *
want_game(struct sess *s, int conn, const struct cgp_cmd *cmd, bool busy)
{
	const char *v = cgp_get(cmd, "game");
	char id[CGP_ID_LEN + 1], msg[80];
	struct sgame *g;
	int rc;

	if (v == NULL) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, "game= is missing");
		return NULL;
	}
	if (strlen(v) != CGP_ID_LEN || (memcpy(id, v, sizeof id),
	    cgp_upcase(id), !cgp_valid_game(id))) {
		snprintf(msg, sizeof msg, "'%.20s' is not a game id (8 of "
		    "A-Z2-7)", v);
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, msg);
		return NULL;
	}
	g = sess_find(s, id);
	if (busy && g != NULL && g->busy > 0) {
		s->again = true;
		return NULL;
	}
	if (g == NULL && s->io.store != NULL &&
	    s->io.store->load_game != NULL) {
		/* Off the event loop (the line comes again with it), then
		 * into memory; evicted since (the line waited for something
		 * else too): read again, off the loop as the first time. */
		struct sread q;
		const struct sread *r;
		memset(&q, 0, sizeof q);
		q.kind = SREAD_GAME;
		snprintf(q.key, sizeof q.key, "%s", id);
		if ((r = sess_read(s, conn, &q)) == NULL || (r->rc == 1 &&
		    sess_find(s, id) == NULL &&
		    (r = sess_read_again(s, conn, &q)) == NULL))
			return NULL;
		rc = r->rc;
	} else
		rc = 0;
	if (g == NULL && rc < 0) {
		if (rc == -2)
			sess_err(s, conn, cmd->tag, CGP_INTERNAL, "that game "
			    "is damaged in the server's store: it is not "
			    "served");
		else
			sess_err(s, conn, cmd->tag, CGP_BUSY, "the server "
			    "cannot read that game now: try again");
		return NULL;
	}
	if (g == NULL && (g = sess_find(s, id)) == NULL) {
		snprintf(msg, sizeof msg, "no game %s", id);
		sess_err(s, conn, cmd->tag, CGP_NO_SUCH_GAME, msg);
	}
	return g;
}

struct sgame *
sess_want_game(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	return want_game(s, conn, cmd, false);
}

struct sgame *
sess_want_game_w(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	return want_game(s, conn, cmd, true);
}
