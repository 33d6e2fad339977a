/*
 * bot_resume.c: congo --bot takes up its games after it was restarted
 * (issue 59): once its first connection is logged in it asks for the
 * account's games not finished (GAMES mine=yes), and each active one no
 * connection of it holds is rejoined by account (REJOIN without a token)
 * by a connection with no game (logged in; one that is not yet takes it
 * once it is); no connection seeks before that list is read. A lost
 * connection of a running bot is taken up by the client itself (its
 * token); those games are skipped.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "bot/bot.h"

void
bot_resume_ask(struct bot_slot *b)
{
	if (b->index != 0)
		return;
	b->listed = net_client_query(b->c, "MINE", "") != 0;
	if (!b->listed)
		bot_log(b, "asking for the account's games to resume");
}

void
bot_resume_end(struct bot_slot *b, const struct net_event *e)
{
	if (b->index == 0 && strcmp(e->verb, "MINE") == 0)
		b->listed = true;
}

bool
bot_resume_listed(const struct bot_slot *b)
{
	return b->peers[0].listed || b->peers[0].dead;
}

void
bot_item_val(const char *text, const char *key, char *out, size_t n)
{
	size_t k = strlen(key);
	const char *p = text;

	out[0] = '\0';
	while ((p = strstr(p, key)) != NULL) {
		if ((p == text || p[-1] == ' ') && p[k] == '=') {
			size_t len = strcspn(p + k + 1, " ");
			if (len >= n)
				len = n - 1;
			memcpy(out, p + k + 1, len);
			out[len] = '\0';
			return;
		}
		p += k;
	}
}

/* Whether p may take a game to resume: logged in (REJOIN by account
 * needs it), with no game, still trying. */
static bool
slot_free(const struct bot_slot *p)
{
	return p->online && !p->playing && !p->dead &&
	    net_client_account(p->c)[0] != '\0';
}

/* Whether a slot holds game already. */
static bool
held(const struct bot_slot *b, const char *game)
{
	int i;

	for (i = 0; i < b->npeers; i++)
		if (b->peers[i].playing && strcmp(b->peers[i].game, game) == 0)
			return true;
	return false;
}

/* game rejoined by the free slot s (its seek withdrawn). */
static void
resume_on(struct bot_slot *s, const char *game, const char *how)
{
	char err[200];

	if (s->seeking)
		net_client_unseek(s->c);
	s->seeking = false;
	if (net_client_rejoin_account(s->c, game, -1, err, sizeof err) < 0) {
		bot_log(s, "game %s: not resumed: %s", game, err);
		return;
	}
	/* Held from now on (NEV_SEATED confirms it), so that it is not
	 * given to another connection nor a seek made meanwhile. */
	s->playing = true;
	snprintf(s->game, sizeof s->game, "%s", game);
	bot_log(s, "game %s: %s", game, how);
}

struct bot_slot *
bot_resume_game(struct bot_slot *b, const char *game, const char *how)
{
	struct bot_slot *z = &b->peers[0];
	int i;

	if (held(b, game))
		return NULL;
	if (slot_free(b)) {             /* (the one told, when free) */
		resume_on(b, game, how);
		return b;
	}
	for (i = 0; i < b->npeers; i++)
		if (slot_free(&b->peers[i])) {
			resume_on(&b->peers[i], game, how);
			return &b->peers[i];
		}
	/* Its other connections not logged in yet (a server just back),
	 * or all busy: the first one free takes it (bot_resume_take). */
	for (i = 0; i < z->nresume; i++)
		if (strcmp(z->resume[i], game) == 0)
			return NULL;
	if (z->nresume == BOT_SLOTS_MAX) {
		bot_log(b, "game %s: no free connection to resume it", game);
		return NULL;
	}
	snprintf(z->resume[z->nresume++], sizeof z->resume[0], "%s", game);
	bot_log(b, "game %s: resumed once a connection is free", game);
	return NULL;
}

void
bot_resume_item(struct bot_slot *b, const struct net_event *e)
{
	char game[16], status[16];

	if (b->index != 0 || strcmp(e->verb, "MINE") != 0)
		return;
	bot_item_val(e->text, "game", game, sizeof game);
	bot_item_val(e->text, "status", status, sizeof status);
	if (game[0] != '\0' && strcmp(status, "active") == 0)
		bot_resume_game(b, game, "resumed");
}

void
bot_resume_take(struct bot_slot *b)
{
	struct bot_slot *z = &b->peers[0];
	char game[16];

	while (z->nresume > 0 && slot_free(b)) {
		snprintf(game, sizeof game, "%s", z->resume[0]);
		memmove(z->resume[0], z->resume[1], (size_t)(z->nresume - 1) *
		    sizeof z->resume[0]);
		z->nresume--;
		if (!held(b, game))
			resume_on(b, game, "resumed");
	}
}
