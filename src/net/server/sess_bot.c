/*
 * sess_bot.c: bot accounts as the session knows them (issue 59): a
 * connection's flag set at LOGIN (sess_account.c), the names of the bots
 * logged in here since the start (for STATE's wtitle=/btitle= when the
 * bot is away), the count of a bot's games against its limit, and the
 * rule of pairing seeks (never two bots; a bot only with bots=yes).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "net/server/sess_bot.h"
#include "util/util.h"

#define BOT_NAMES_MAX 256
#define BOT_TALLY_MAX 4096
#define HOUR_MS 3600000LL

/* A human's challenges to a bot in the hour that began at start. */
struct sess_bot_tally {
	char bot[CGP_NAME_MAX + 1], human[CGP_NAME_MAX + 1];
	long long start;
	int n;
};

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
	int i;

	/* (the names kept, not the connections: this one, logged in now,
	 * would hide a bot never kept, which then lost its title once it
	 * left) */
	if (c == NULL || !c->bot || s->nbot_names >= BOT_NAMES_MAX)
		return;
	for (i = 0; i < s->nbot_names; i++)
		if (strcasecmp(s->bot_names[i], c->account) == 0)
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

	return c != NULL ? sess_bot_account_games(s, c->account) : 0;
}

int
sess_bot_account_games(const struct sess *s, const char *account)
{
	int i, k, n = 0;

	if (account == NULL || account[0] == '\0')
		return 0;
	for (i = 0; i < s->ngames; i++) {
		const struct sgame *g = s->games[i];
		for (k = 0; k < 2; k++)
			if (!g->over && g->account[k] &&
			    strcasecmp(g->name[k], account) == 0) {
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

bool
sess_bot_why_ok(const char *why)
{
	static const char *const words[] = { "variant", "clock", "rated",
	    "busy", "generic" };
	size_t i;

	if (why == NULL)
		return true;
	for (i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strcmp(why, words[i]) == 0)
			return true;
	return false;
}

bool
sess_bot_challenge_ok(struct sess *s, const char *bot, const char *human,
    long long now_ms)
{
	struct sess_bot_tally *t = NULL;
	int i;

	/* Hours gone by forgotten; then this pair's tally found. */
	for (i = 0; i < s->nbot_tally; )
		if (now_ms - s->bot_tally[i].start >= HOUR_MS)
			s->bot_tally[i] = s->bot_tally[--s->nbot_tally];
		else
			i++;
	for (i = 0; i < s->nbot_tally && t == NULL; i++)
		if (strcasecmp(s->bot_tally[i].bot, bot) == 0 &&
		    strcasecmp(s->bot_tally[i].human, human) == 0)
			t = &s->bot_tally[i];
	if (t == NULL) {
		if (s->nbot_tally >= BOT_TALLY_MAX)
			return false;
		s->bot_tally = xrealloc(s->bot_tally,
		    (size_t)(s->nbot_tally + 1) * sizeof *s->bot_tally);
		t = &s->bot_tally[s->nbot_tally++];
		snprintf(t->bot, sizeof t->bot, "%s", bot);
		snprintf(t->human, sizeof t->human, "%s", human);
		t->start = now_ms;
		t->n = 0;
	}
	if (t->n >= SESS_BOT_CHALLENGES_HOUR)
		return false;
	t->n++;
	return true;
}
