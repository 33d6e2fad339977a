/*
 * sess_notify.c: a word to a player who is not connected (congo-server
 * --notify-command, issue 36): when an account has a move to answer, a
 * challenge or a result and holds no connection to the game on any server
 * (sess_present), the loop's io.notify runs the command off the event loop
 * (srv_notify.c); a tournament's members too, connected or not, before
 * its start and at a Swiss round's pairing (sess_tourney_run.c). At most one word of a move or a challenge a minute per
 * account and game (a result, once a game, always goes); only the
 * server that stored the change says it, so two servers sharing a store
 * say it once.
 */
#include <string.h>
#include <strings.h>

#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"
#include "net/server/sess_ident.h"
#include "net/server/sess_notify.h"

#define NOTIFY_GAP_MS 60000LL

struct snotified {
	char player[CGP_NAME_MAX + 1];
	char game[CGP_ID_LEN + 1];
	long long at;             /* ms (s->now's clock) */
};

void
sess_notify_init(struct sess *s)
{
	s->notified = (struct vec)VEC_INIT(sizeof(struct snotified));
}

void
sess_notify(struct sess *s, const char *event, const char *game,
    const char *player)
{
	struct snotified *e, *found = NULL;
	size_t i;

	/* (a result, and a tournament's notice, each said once, always go) */
	bool result = strcmp(event, "result") == 0 ||
	    strcmp(event, "tournament") == 0;

	if (s->io.notify == NULL)
		return;
	/* Words older than the gap are forgotten (the list holds at most a
	 * minute's). */
	for (i = 0; i < s->notified.len;) {
		e = vec_at(&s->notified, i);
		if (s->now - e->at >= NOTIFY_GAP_MS) {
			*e = *(struct snotified *)vec_at(&s->notified,
			    s->notified.len - 1);
			s->notified.len--;
			continue;
		}
		if (!result && strcasecmp(e->player, player) == 0 &&
		    strcmp(e->game, game) == 0)
			found = e;
		i++;
	}
	if (found != NULL) {
		sess_log(s, NET_LOG_DEBUG, "game %s: %s was told less than a "
		    "minute ago; no %s notice", game, player, event);
		return;
	}
	e = vec_push(&s->notified);
	snprintf(e->player, sizeof e->player, "%s", player);
	snprintf(e->game, sizeof e->game, "%s", game);
	e->at = s->now;
	s->io.notify(s->io.ctx, event, game, player);
}

/* Seat k of g is an account's that no connection holds anywhere. */
static bool
away(struct sess *s, struct sgame *g, int k)
{
	return g->seated[k] && sess_seat_account(g, k) &&
	    !sess_present(s, g, k);
}

void
sess_notify_change(struct sess *s, struct sgame *g,
    const struct store_change *ch)
{
	bool turn = false, result = false;
	int i, k, side;

	if (s->io.notify == NULL)
		return;         /* no --notify-command: nobody to tell */
	for (i = 0; i < ch->nev; i++) {
		if (strcmp(ch->kind[i], "RESULT") == 0)
			result = true;
		else if (strcmp(ch->kind[i], "MOVE") == 0 ||
		    strcmp(ch->kind[i], "TAKEBACK") == 0 ||
		    strcmp(ch->kind[i], "UNDO") == 0 ||
		    strcmp(ch->kind[i], "JOINED") == 0)
			turn = true;
	}
	if (result && g->over) {
		for (k = 0; k < 2; k++)
			if (away(s, g, k))
				sess_notify(s, "result", g->id, g->name[k]);
		return;
	}
	if (!turn || sess_status(g) != 1)
		return;
	side = game_board(&g->g)->side;
	if (away(s, g, side))
		sess_notify(s, "move", g->id, g->name[side]);
}

/* Notices as a feature of the session (sess_feature.h): a stored change
 * applied tells a player away. */
const struct sess_feature sess_feature_notify = {
	.name = "notify",
	.needs_notify = true,           /* on_applied: nobody to tell else */
	.on_init = sess_notify_init,
	.on_applied = sess_notify_change,
	.on_away = sess_notify,
};
