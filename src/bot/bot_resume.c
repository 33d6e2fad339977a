/*
 * bot_resume.c: congo --bot takes up its games after it was restarted
 * (issue 59): once its first connection is logged in it asks for the
 * account's games not finished (GAMES mine=yes), and each active one no
 * connection of it holds is rejoined by account (REJOIN without a token)
 * by a connection with no game. A lost connection of a running bot is
 * taken up by the client itself (its token); those games are skipped.
 */
#include <stdio.h>
#include <string.h>

#include "bot/bot.h"

void
bot_resume_ask(struct bot_slot *b)
{
	if (b->index == 0 && net_client_query(b->c, "MINE", "") == 0)
		bot_log(b, "asking for the account's games to resume");
}

/* The value of key in an ITEM's keys ("" when absent). */
static void
item_val(const char *text, const char *key, char *out, size_t n)
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

void
bot_resume_item(struct bot_slot *b, const struct net_event *e)
{
	char game[16], status[16], err[200];
	struct bot_slot *free_slot = NULL;
	int i;

	if (b->index != 0 || strcmp(e->verb, "MINE") != 0)
		return;
	item_val(e->text, "game", game, sizeof game);
	item_val(e->text, "status", status, sizeof status);
	if (game[0] == '\0' || strcmp(status, "active") != 0)
		return;
	for (i = 0; i < b->npeers; i++) {
		const struct bot_slot *p = &b->peers[i];
		if (p->playing && strcmp(p->game, game) == 0)
			return;         /* held already */
		if (free_slot == NULL && p->online && !p->playing && !p->dead)
			free_slot = &b->peers[i];
	}
	if (free_slot == NULL) {
		bot_log(b, "game %s: no free connection to resume it", game);
		return;
	}
	if (free_slot->seeking)
		net_client_unseek(free_slot->c);
	free_slot->seeking = false;
	if (net_client_rejoin_account(free_slot->c, game, -1, err,
	    sizeof err) < 0) {
		bot_log(free_slot, "game %s: not resumed: %s", game, err);
		return;
	}
	/* Held from now on (NEV_SEATED confirms it), so that it is not
	 * given to another connection nor a seek made meanwhile. */
	free_slot->playing = true;
	snprintf(free_slot->game, sizeof free_slot->game, "%s", game);
	bot_log(free_slot, "game %s: resumed", game);
}
