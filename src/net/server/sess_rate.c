/*
 * sess_rate.c: rated games. A category is a variant and a speed (PROTOCOL.md
 * "Accounts and ratings"); a rated game's result brings both players' new
 * Glicko-2 ratings (src/rating), each game its own rating period: the
 * RESULT event carries them (wrating= wdiff= brating= bdiff=) and the same
 * transaction stores them, with a numbered history row each, so a rating
 * worked out from one another server has just replaced is a conflict and
 * is worked out again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "net/server/server_int.h"
#include "rating/rating.h"

const char *
sess_speed(const struct sgame *g)
{
	return rating_speed_name(rating_speed_of(g->clock.base_ms,
	    g->clock.inc_ms));
}

int
sess_player_rating(struct sess *s, const char *name, const char *variant,
    const char *speed, struct rating *out, int *games)
{
	char lname[CGP_NAME_MAX + 1], err[512];
	struct store_rating r;
	int n;

	rating_init(out);
	*games = 0;
	if (s->io.store == NULL || s->io.store->ratings == NULL)
		return 0;
	sess_lower(name, lname, sizeof lname);
	n = s->io.store->ratings(s->io.store_ctx, lname, variant, speed, &r,
	    1, err, sizeof err);
	if (n < 0) {
		sess_log(s, NET_LOG_ERROR, "rating of %s: %s", name, err);
		return -1;
	}
	if (n == 1) {
		out->r = r.rating;
		out->rd = r.rd;
		out->vol = r.vol;
		*games = r.games;
	}
	return n;
}

void
sess_rating_kv(struct sess *s, struct sgame *g, struct cgp_out *o)
{
	struct rating r;
	char key[8], v[24];
	bool have[2];
	int k, games;

	if (!g->rated)
		return;
	cgp_out_kvi(o, "rated", 1);
	/* Read once a game (every STATE, JOIN and PAIRED would read them
	 * again), and again once its result changed them. */
	have[0] = have[1] = g->rating_known;
	for (k = 0; k < 2 && !g->rating_known; k++) {
		have[k] = g->seated[k] && sess_player_rating(s, g->name[k],
		    g->variant, sess_speed(g), &r, &games) >= 0;
		if (have[k]) {
			g->rating[k] = r.r;
			g->rd[k] = r.rd;
		}
	}
	g->rating_known = have[0] && have[1];
	for (k = 0; k < 2; k++) {
		if (!have[k])
			continue;
		snprintf(key, sizeof key, "%crating", k == 0 ? 'w' : 'b');
		cgp_out_kvi(o, key, rating_round(g->rating[k]));
		snprintf(key, sizeof key, "%crd", k == 0 ? 'w' : 'b');
		snprintf(v, sizeof v, "%ld", rating_round(g->rd[k]));
		cgp_out_kv(o, key, v);
	}
}

/* The statements that store one player's rating after game g. */
static int
rating_sql(struct spend *p, int at, const struct sgame *g, const char *name,
    const struct rating *r, int games)
{
	char lname[CGP_NAME_MAX + 1];

	if (at + 2 > STORE_EXTRA_MAX)
		return -1;
	/* Values checked: names of A-Za-z0-9_-, ids of A-Z2-7, numbers. */
	sess_lower(name, lname, sizeof lname);
	snprintf(p->extra[at], sizeof p->extra[at], "INSERT INTO "
	    "rating_history(lname, variant, speed, n, rating, rd, game, at) "
	    "VALUES ('%s', '%s', '%s', %d, %.6f, %.6f, '%s', %lld)", lname,
	    g->variant, sess_speed(g), games + 1, r->r, r->rd, g->id,
	    (long long)time(NULL));
	snprintf(p->extra[at + 1], sizeof p->extra[at + 1], "INSERT INTO "
	    "ratings(lname, variant, speed, rating, rd, vol, games) VALUES "
	    "('%s', '%s', '%s', %.6f, %.6f, %.8f, %d) ON CONFLICT (lname, "
	    "variant, speed) DO UPDATE SET rating = excluded.rating, rd = "
	    "excluded.rd, vol = excluded.vol, games = excluded.games", lname,
	    g->variant, sess_speed(g), r->r, r->rd, r->vol, games + 1);
	p->ch.extra[at] = p->extra[at];
	p->ch.extra[at + 1] = p->extra[at + 1];
	return 0;
}

void
sess_rate_spend(struct sess *s, struct spend *p)
{
	struct rating before[2], after[2];
	char wd[16], bd[16];
	struct sgame *g;
	int i, k, games[2];
	double score;

	for (i = 0; i < p->ch.nev; i++)
		if (strcmp(p->kind[i], "RESULT") == 0)
			break;
	if (i == p->ch.nev || (g = sess_find(s, p->ch.game)) == NULL ||
	    !g->rated || strstr(p->body[i], " wrating=") != NULL)
		return;
	if (strncmp(p->body[i], "result=1-0", 10) == 0)
		score = 1.0;
	else if (strncmp(p->body[i], "result=0-1", 10) == 0)
		score = 0.0;
	else if (strncmp(p->body[i], "result=1/2", 10) == 0)
		score = 0.5;
	else
		return;         /* cancelled: nothing changes */
	for (k = 0; k < 2; k++)
		if (sess_player_rating(s, g->name[k], g->variant,
		    sess_speed(g), &before[k], &games[k]) < 0) {
			/* Not readable now: the result is refused (507) and
			 * tried again, never stored without its ratings. */
			snprintf(p->err, sizeof p->err, "the players' "
			    "ratings cannot be read now");
			p->refuse = true;
			return;
		}
	if (rating_after_game(&after[0], &after[1], &before[0], &before[1],
	    score) < 0)
		return;
	rating_format_diff(before[0].r, after[0].r, wd, sizeof wd);
	rating_format_diff(before[1].r, after[1].r, bd, sizeof bd);
	snprintf(p->body[i] + strlen(p->body[i]), sizeof p->body[i] -
	    strlen(p->body[i]), " wrating=%ld wdiff=%s brating=%ld bdiff=%s",
	    rating_round(after[0].r), wd, rating_round(after[1].r), bd);
	k = p->ch.nextra;
	if (rating_sql(p, k, g, g->name[0], &after[0], games[0]) == 0 &&
	    rating_sql(p, k + 2, g, g->name[1], &after[1], games[1]) == 0)
		p->ch.nextra = k + 4;
}
