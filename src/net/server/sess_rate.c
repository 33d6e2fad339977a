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

#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"
#include "net/server/sess_days.h"
#include "rating/rating.h"

int
sess_rating_read(const struct store_ops *ops, void *ctx, const char *name,
    const char *variant, const char *speed, struct rating *out, int *games,
    char *err, size_t errlen)
{
	char lname[CGP_NAME_MAX + 1];
	struct store_rating r;
	int n;

	rating_init(out);
	*games = 0;
	if (ops == NULL || ops->ratings == NULL)
		return 0;
	sess_lower(name, lname, sizeof lname);
	n = ops->ratings(ctx, lname, variant, speed, &r, 1, err, errlen);
	if (n == 1) {
		out->r = r.rating;
		out->rd = r.rd;
		out->vol = r.vol;
		*games = r.games;
	}
	return n;
}

/* The seated players' ratings of a rated game, read off the event loop. */
struct rating_job {
	char id[CGP_ID_LEN + 1];
	char name[2][CGP_NAME_MAX + 1];   /* "" for a seat not asked */
	char variant[CGP_VARIANT_MAX], speed[RATING_SPEED_MAX];
	double now[2][2];
	unsigned have;
};

static void
rating_job_run(const struct store_ops *ops, void *ctx, void *arg)
{
	struct rating_job *j = arg;
	struct rating r;
	char err[256];
	int k, games;

	for (k = 0; k < 2; k++)
		if (j->name[k][0] != '\0' && sess_rating_read(ops, ctx,
		    j->name[k], j->variant, j->speed, &r, &games, err,
		    sizeof err) >= 0) {
			j->now[k][0] = r.r;
			j->now[k][1] = r.rd;
			j->have |= 1u << k;
		}
}

static void
rating_job_then(struct sess *s, struct sread *q, void *arg)
{
	struct rating_job *j = arg;
	struct sgame *g = sess_find(s, j->id);
	int k;

	(void)q;
	if (g != NULL) {
		g->rating_reading = false;
		for (k = 0; k < 2; k++)
			if ((j->have & (1u << k)) && g->seated[k] &&
			    strcmp(g->name[k], j->name[k]) == 0 &&
			    !(g->rating_have & (1u << k))) {
				g->rating[k] = j->now[k][0];
				g->rd[k] = j->now[k][1];
				g->rating_have |= 1u << k;
			}
		for (k = 0; k < 2; k++)
			if (j->name[k][0] != '\0' && !(j->have & (1u << k)))
				sess_log(s, NET_LOG_ERROR, "game %s: the rating "
				    "of %s cannot be read now", g->id,
				    j->name[k]);
	}
	free(j);
}

void
sess_rating_ask(struct sess *s, struct sgame *g)
{
	struct rating_job *j;
	struct sread want;
	int k;

	if (!g->rated || g->rating_reading ||
	    ((!g->seated[0] || (g->rating_have & 1u)) &&
	    (!g->seated[1] || (g->rating_have & 2u))))
		return;
	j = xcalloc(1, sizeof *j);
	snprintf(j->id, sizeof j->id, "%s", g->id);
	for (k = 0; k < 2; k++)
		if (g->seated[k] && !(g->rating_have & (1u << k)))
			snprintf(j->name[k], sizeof j->name[k], "%s",
			    g->name[k]);
	snprintf(j->variant, sizeof j->variant, "%s", g->variant);
	snprintf(j->speed, sizeof j->speed, "%s", sess_speed(g));
	memset(&want, 0, sizeof want);
	want.kind = SREAD_CALL;
	want.run = rating_job_run;
	g->rating_reading = true;
	sess_read_then(s, &want, rating_job_then, free, j);
}

void
sess_ratings_at_start(struct sess *s)
{
	int i;

	/* Each game's on the reader thread, as a STATE's asks for them: the
	 * loop serves meanwhile (a STATE before they are back shows none,
	 * the next one does). */
	for (i = 0; i < s->ngames; i++)
		sess_rating_ask(s, s->games[i]);
}

void
sess_rating_kv(struct sess *s, struct sgame *g, struct cgp_out *o)
{
	char key[8], v[24];
	int k;

	if (!g->rated)
		return;
	cgp_out_kvi(o, "rated", 1);
	/* Read off the event loop with the change that seats a player (or
	 * with the game from the store); one not read then (the store
	 * could not) is read now for the next STATE. */
	sess_rating_ask(s, g);
	for (k = 0; k < 2; k++) {
		if (!g->seated[k] || !(g->rating_have & (1u << k)))
			continue;
		snprintf(key, sizeof key, "%crating", k == 0 ? 'w' : 'b');
		cgp_out_kvi(o, key, rating_round(g->rating[k]));
		snprintf(key, sizeof key, "%crd", k == 0 ? 'w' : 'b');
		snprintf(v, sizeof v, "%ld", rating_round(g->rd[k]));
		cgp_out_kv(o, key, v);
	}
}

/* One player's rating after p's game, stored with it. */
static int
rating_put(struct spend *p, const char *name, const struct rating *r,
    int games)
{
	char lname[CGP_NAME_MAX + 1];

	sess_lower(name, lname, sizeof lname);
	return store_rating_put(&p->ch, lname, p->rvariant, p->rspeed,
	    p->ch.game, r->r, r->rd, r->vol, games + 1,
	    (long long)time(NULL));
}

/* The players of g after change ch, "" for a seat still empty: true
 * when one is seated whose rating g lacks. */
static bool
players_after(const struct sgame *g, const struct store_change *ch,
    char name[2][CGP_NAME_MAX + 1])
{
	bool want = false;
	const char *n;
	int k;

	for (k = 0; k < 2; k++) {
		n = g != NULL && g->seated[k] ? g->name[k] : NULL;
		if (ch->both_seats)
			n = k == 0 ? ch->name : ch->name2;
		else if (ch->seat == k)
			n = ch->name;
		snprintf(name[k], sizeof name[k], "%s", n != NULL ? n : "");
		want |= name[k][0] != '\0' && (g == NULL ||
		    !(g->rating_have & (1u << k)) || ch->seat == k ||
		    ch->both_seats);
	}
	return want;
}

/*
 * On the event loop, as a change is made ready: what its ratings need,
 * read and worked out later off the loop (sess_rate_apply, on the store
 * thread before its commit): a rated result's players, and the players of
 * a rated game whose seats this change fills (their ratings for STATE).
 */
void
sess_rate_spend(struct sess *s, struct spend *p)
{
	struct sgame *g = p->ch.new_game ? NULL : sess_find(s, p->ch.game);
	int64_t base, inc;
	int i, k;

	if (g != NULL && g->rated) {
		snprintf(p->rvariant, sizeof p->rvariant, "%s", g->variant);
		snprintf(p->rspeed, sizeof p->rspeed, "%s", sess_speed(g));
	} else if (p->ch.new_game && p->ch.rated && p->ch.clock != NULL &&
	    clock_parse_seconds(p->ch.clock, &base, &inc, NULL, 0) == 0) {
		snprintf(p->rvariant, sizeof p->rvariant, "%s",
		    p->ch.variant != NULL ? p->ch.variant : "congo");
		snprintf(p->rspeed, sizeof p->rspeed, "%s",
		    rating_speed_name(rating_speed_of(base, inc)));
	} else if (p->ch.new_game && p->ch.rated &&
	    sess_corr_days(p->ch.clock) > 0) {
		snprintf(p->rvariant, sizeof p->rvariant, "%s",
		    p->ch.variant != NULL ? p->ch.variant : "congo");
		snprintf(p->rspeed, sizeof p->rspeed, "%s",
		    rating_speed_name(RATING_CORRESPONDENCE));
	} else
		return;
	if (players_after(g, &p->ch, p->rname))
		p->rstart = true;
	if (g == NULL)
		return;
	for (i = 0; i < p->ch.nev; i++)
		if (strcmp(p->kind[i], "RESULT") == 0)
			break;
	if (i == p->ch.nev || strstr(p->body[i], " wrating=") != NULL)
		return;
	if (strncmp(p->body[i], "result=1-0", 10) == 0)
		p->rscore = 1.0;
	else if (strncmp(p->body[i], "result=0-1", 10) == 0)
		p->rscore = 0.0;
	else if (strncmp(p->body[i], "result=1/2", 10) == 0)
		p->rscore = 0.5;
	else
		return;         /* cancelled: nothing changes */
	p->rate = true;
	p->rev = i;
	for (k = 0; k < 2; k++)
		snprintf(p->rname[k], sizeof p->rname[k], "%s", g->name[k]);
}

int
sess_rate_apply(struct spend *p, const struct store_ops *ops, void *ctx)
{
	struct rating before[2], after[2];
	char wd[16], bd[16], *body;
	int k, games[2];

	if (!p->rate && !p->rstart)
		return 0;
	for (k = 0; k < 2; k++)
		if (p->rname[k][0] == '\0')
			rating_init(&before[k]);        /* a seat empty still */
		else if (sess_rating_read(ops, ctx, p->rname[k], p->rvariant,
		    p->rspeed, &before[k], &games[k], p->err,
		    sizeof p->err) < 0) {
			if (!p->rate)
				return 0;   /* STATE reads them itself */
			/* A result is never stored without its ratings: it
			 * is refused (507) and tried again. */
			snprintf(p->err, sizeof p->err, "the players' ratings "
			    "cannot be read now");
			return -1;
		}
	if (p->rstart)
		for (k = 0; k < 2; k++) {
			p->rnow[k][0] = before[k].r;
			p->rnow[k][1] = before[k].rd;
		}
	if (!p->rate || rating_after_game(&after[0], &after[1], &before[0],
	    &before[1], p->rscore) < 0) {
		p->rknown = p->rstart;
		p->rate = false;
		return 0;
	}
	p->rate = false;        /* once */
	rating_format_diff(before[0].r, after[0].r, wd, sizeof wd);
	rating_format_diff(before[1].r, after[1].r, bd, sizeof bd);
	body = p->body[p->rev];
	snprintf(body + strlen(body), sizeof p->body[0] - strlen(body),
	    " wrating=%ld wdiff=%s brating=%ld bdiff=%s",
	    rating_round(after[0].r), wd, rating_round(after[1].r), bd);
	/* Both or neither. */
	k = p->ch.nop;
	if (rating_put(p, p->rname[0], &after[0], games[0]) < 0 ||
	    rating_put(p, p->rname[1], &after[1], games[1]) < 0)
		p->ch.nop = k;
	/* STATE after it shows the new ratings. */
	for (k = 0; k < 2; k++) {
		p->rnow[k][0] = after[k].r;
		p->rnow[k][1] = after[k].rd;
	}
	p->rknown = true;
	return 0;
}

void
sess_rate_known(struct sess *s, struct spend *p, struct sgame *g)
{
	int k;

	(void)s;
	if (g == NULL || !p->rknown)
		return;
	for (k = 0; k < 2; k++)
		if (p->rname[k][0] != '\0' && g->seated[k]) {
			g->rating[k] = p->rnow[k][0];
			g->rd[k] = p->rnow[k][1];
			g->rating_have |= 1u << k;
		}
}

/* Ratings as a feature of the session (sess_feature.h): a RESULT's
 * ratings worked out on its way, known once it is stored. */
/* The on_game_read hook: a rated game read whole, its players' ratings
 * now, so that its STATE needs no read on the loop. */
static void
game_ratings(const struct store_ops *ops, void *ctx, struct sread *q)
{
	const struct store_game_row *row = sess_read_game(q);
	const char *name[2] = { NULL, NULL }, *a, *b;
	struct rating r;
	int64_t base, inc;
	char err[256];
	const char *speed;
	int i, games;
	long n;

	for (i = 0; i < sess_read_nrec(q); i++)
		if (sess_read_rec(q, i, &n, &a, &b) == 1 && n >= 0 && n < 2)
			name[n] = a;
	if (row == NULL || !row->rated || row->clock == NULL ||
	    name[0] == NULL || name[1] == NULL ||
	    clock_parse_seconds(row->clock, &base, &inc, NULL, 0) != 0)
		return;
	speed = rating_speed_name(rating_speed_of(base, inc));
	for (i = 0; i < 2; i++) {
		if (sess_rating_read(ops, ctx, name[i], row->variant != NULL &&
		    row->variant[0] != '\0' ? row->variant : "congo", speed, &r,
		    &games, err, sizeof err) < 0)
			return;
		q->rnow[i][0] = r.r;
		q->rnow[i][1] = r.rd;
	}
	q->rknown = true;
}

const struct sess_feature sess_feature_rate = {
	.name = "rate",
	.wants = SESS_CH_RATED,
	.state_kv = sess_rating_kv,
	.state_wants = SESS_CH_RATED,      /* rated=, the ratings */
	.on_spend = sess_rate_spend,
	.before_commit = sess_rate_apply,
	.on_stored = sess_rate_known,
	.on_remote = sess_rating_ask,
	.on_game_read = game_ratings,
	.on_load = sess_ratings_at_start,
};
