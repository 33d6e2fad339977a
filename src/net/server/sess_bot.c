/*
 * sess_bot.c: bot accounts as the session knows them (issue 59): a
 * connection's flag set at LOGIN (sess_account.c), the names of the bots
 * logged in here since the start (for STATE's wtitle=/btitle= when the
 * bot is away), the count of a bot's games against its limit, and the
 * rule of pairing seeks (never two bots; a bot only with bots=yes).
 */
#include <string.h>
#include <strings.h>

#include "net/server/sess_bot.h"
#include "util/util.h"

#define BOT_NAMES_MAX 256

bool
sess_bot_conn(struct sess *s, int conn)
{
	struct sconn *c = sess_conn(s, conn);

	return c != NULL && c->account[0] != '\0' && c->bot;
}

bool
sess_bot_named(struct sess *s, const char *name)
{
	int i;

	if (name == NULL || name[0] == '\0')
		return false;
	for (i = 0; i < s->nconns; i++) {
		const struct sconn *c = &s->conns[i];
		if (c->used && c->bot && strcasecmp(c->account, name) == 0)
			return true;
	}
	for (i = 0; i < s->nbot_names; i++)
		if (strcasecmp(s->bot_names[i], name) == 0)
			return true;
	return false;
}

void
sess_bot_login(struct sess *s, int conn)
{
	struct sconn *c = sess_conn(s, conn);

	if (c == NULL || !c->bot || sess_bot_named(s, c->account) ||
	    s->nbot_names >= BOT_NAMES_MAX)
		return;
	s->bot_names = xrealloc(s->bot_names, (size_t)(s->nbot_names + 1) *
	    sizeof *s->bot_names);
	memcpy(s->bot_names[s->nbot_names++], c->account,
	    sizeof s->bot_names[0]);
}

int
sess_bot_games(struct sess *s, int conn)
{
	struct sconn *c = sess_conn(s, conn);
	int i, k, n = 0;

	for (i = 0; c != NULL && i < c->ngames; i++) {
		const struct sgame *g = c->games[i];
		for (k = 0; k < 2; k++)
			if (!g->over && g->holder[k] == conn) {
				n++;
				break;
			}
	}
	return n;
}

int
sess_bot_limit(const struct sess *s)
{
	return s->lim.bot_games > 0 ? s->lim.bot_games : SESS_BOT_GAMES;
}

bool
sess_bot_pairable(bool bot_a, bool ok_a, bool bot_b, bool ok_b)
{
	if (bot_a && bot_b)
		return false;
	return (!bot_a || ok_b) && (!bot_b || ok_a);
}
