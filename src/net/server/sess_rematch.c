/*
 * sess_rematch.c: a rematch whose two players are on two servers sharing
 * the store (PROTOCOL.md REMATCH: each player told its new seat on its own
 * connection, whichever server holds it). As a seek's (sess_seek.c), each
 * player's seat token is drawn by the server holding that player, when it
 * asks for the rematch, and only its hash travels ("rematch OLD K HASH",
 * on the seeks' notices); the server whose player's REMATCH completed it
 * makes the game with both hashes, once it has them, and tells the other
 * which game ("rematched OLD NEW K"), which then seats its player and
 * tells it its token, as a seeker paired by another server is. A notice
 * lost (the database's connection made again) is made good by REMATCH
 * sent again: its hash is told again, and the game made, or told again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"
#include "net/server/sess_rematch.h"

int
sess_rematch_draw(struct sess *s, struct sgame *g, int k)
{
	char text[128];

	if (g->rematch_tok[k][0] == '\0') {
		if (net_new_token(g->rematch_tok[k]) < 0) {
			g->rematch_tok[k][0] = '\0';
			return -1;
		}
		net_token_hash(g->rematch_tok[k], g->rematch_hash[k]);
	}
	snprintf(text, sizeof text, "rematch %s %d %s", g->id, k,
	    g->rematch_hash[k]);
	sess_tell_servers(s, text);
	return 0;
}

bool
sess_rematch_ready(struct sess *s, struct sgame *g)
{
	int k;

	for (k = 0; k < 2; k++) {
		if (g->rematch_hash[k][0] != '\0')
			continue;
		/* Its player here, or one server only (a player gone gets
		 * its token by REJOIN of this game, sess_rematch_rejoined):
		 * drawn here. Else its server tells it. */
		if ((g->holder[1 - k] < 0 && sess_several(s)) ||
		    sess_rematch_draw(s, g, k) < 0)
			return false;
	}
	return true;
}

void
sess_rematch_due(struct sess *s, struct sgame *g)
{
	if (g->rematch_maker && g->over && g->rematch[0] && g->rematch[1] &&
	    g->rematch_game[0] == '\0' && g->busy == 0 &&
	    sess_rematch_ready(s, g))
		sess_rematch_make(s, -1, NULL, g, NULL);
}

void
sess_rematch_tell_made(struct sess *s, struct sgame *g, int k)
{
	char text[64];

	snprintf(text, sizeof text, "rematched %s %s %d", g->id,
	    g->rematch_game, k);
	sess_tell_servers(s, text);
}

/* Our player of g's seat 1 - k seated in ng, g's rematch, and told its
 * token, when the seat stored is the one drawn here. */
static void
seat_ours(struct sess *s, struct sgame *g, struct sgame *ng, int k)
{
	int conn = g->holder[1 - k];

	if (conn < 0 || g->rematch_tok[k][0] == '\0' || !ng->seated[k] ||
	    strcmp(ng->token[k], g->rematch_hash[k]) != 0 ||
	    ng->holder[k] == conn)
		return;
	ng->holder[k] = conn;
	sess_member_add(s, conn, ng);
	sess_seat_here(s, ng, k, true);
	sess_rematched_send(s, conn, g, k);
}

struct made_news {
	char old[CGP_ID_LEN + 1], game[CGP_ID_LEN + 1];
	int seat;
};

static void
made_read(struct sess *s, struct sread *q, void *arg)
{
	struct made_news *m = arg;
	struct sgame *g = sess_find(s, m->old), *ng = sess_find(s, m->game);

	(void)q;
	if (g != NULL && ng != NULL && strcmp(g->rematch_game, m->game) == 0)
		seat_ours(s, g, ng, m->seat);
	else if (g != NULL && ng == NULL)
		sess_log(s, NET_LOG_ERROR, "game %s: its rematch %s, made by "
		    "another server, cannot be read", m->old, m->game);
	free(m);
}

/* "rematched OLD NEW K": another server made g's rematch; its seat k is
 * our player's, if we drew its token. */
static void
made_there(struct sess *s, struct sgame *g, const char *id, int k)
{
	struct sgame *ng;

	if (g->rematch_tok[k][0] == '\0' || g->holder[1 - k] < 0 ||
	    (g->rematch_game[0] != '\0' && strcmp(g->rematch_game, id) != 0))
		return;
	snprintf(g->rematch_game, sizeof g->rematch_game, "%s", id);
	if ((ng = sess_find(s, id)) != NULL && ng->seated[k]) {
		seat_ours(s, g, ng, k);
		return;
	}
	{
		struct made_news *m = xcalloc(1, sizeof *m);
		struct sread want;
		snprintf(m->old, sizeof m->old, "%s", g->id);
		snprintf(m->game, sizeof m->game, "%s", id);
		m->seat = k;
		memset(&want, 0, sizeof want);
		want.kind = SREAD_GAME;
		snprintf(want.key, sizeof want.key, "%s", id);
		sess_read_then(s, &want, made_read, free, m);
	}
}

void
sess_rematch_remote(struct sess *s, char **w, int n)
{
	bool made = strcmp(w[0], "rematched") == 0;
	struct sgame *g;
	int k;

	if (n < 4 || !cgp_valid_game(w[1]) || (g = sess_find(s, w[1])) ==
	    NULL || parse_int(w[made ? 3 : 2], 0, 1, &k, NULL, 0) != 0)
		return;
	if (made) {
		if (cgp_valid_game(w[2]))
			made_there(s, g, w[2], k);
		return;
	}
	/* "rematch OLD K HASH": the token of seat k, drawn by the server
	 * holding its player. */
	if (strcmp(w[0], "rematch") != 0 || !net_valid_hash(w[3]) ||
	    g->rematch_tok[k][0] != '\0')
		return;
	if (g->rematch_game[0] != '\0') {
		/* Made already (by us, with that hash): its server may have
		 * missed our word, and its player asks again. */
		if (g->rematch_maker && strcmp(g->rematch_hash[k], w[3]) == 0)
			sess_rematch_tell_made(s, g, k);
		return;
	}
	snprintf(g->rematch_hash[k], sizeof g->rematch_hash[k], "%s", w[3]);
	sess_rematch_due(s, g);
}

/* A rematch stored: its players seated and told. */
static void
rematch_seated(struct sess *s, struct sgame *g, const struct store_change *ch)
{
	if (ch->both_seats && ch->rematch_of != NULL)
		sess_rematch_made(s, g, ch->rematch_of);
}

/* A rematch refused: REMATCH may try again. */
static void
rematch_dropped(struct sess *s, const struct store_change *ch)
{
	if (ch->both_seats && ch->rematch_of != NULL)
		sess_rematch_refused(s, ch->rematch_of);
}

/* The rematch as a feature of the session (sess_feature.h); once a
 * game's change is done, a rematch of it may be due (our offer stored, a
 * hash here). */
/* The on_notice hook: "rematch ..." and "rematched ...". */
static bool
rematch_notice(struct sess *s, const char *server, char **w, int nw)
{
	(void)server;
	if (nw < 1 || strncmp(w[0], "rematch", 7) != 0)
		return false;
	sess_rematch_remote(s, w, nw);
	return true;
}

static const enum cgp_verb rematch_verbs[] = {
	CGP_V_REMATCH, CGP_V_UNKNOWN
};

const struct sess_feature sess_feature_rematch = {
	.name = "rematch",
	.wants = SESS_CH_OVER,             /* on_done: a rematch due */
	.verbs = rematch_verbs,
	.on_verb = sess_cmd_rematch,
	.on_rejoin = sess_rematch_rejoined,
	.on_notice = rematch_notice,
	.on_seated = rematch_seated,
	.on_dropped = rematch_dropped,
	.on_done = sess_rematch_due,
};
