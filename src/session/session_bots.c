/*
 * session_bots.c: the lobby's "Play the computer" (issue 59): the
 * computer players the server lists (the lobby's SEEKS, asked every few
 * seconds: a bot keeps a seek open for each speed it plays, title=BOT),
 * one chosen by name (the list changes under it) and one of its speeds,
 * and Enter: a challenge to that bot when logged in, a seek of its terms
 * with bots=yes for a guest, and a 5+3 seek with bots=yes when no bot is
 * online (the first to come takes it). No curses here: the view is
 * src/ui/ui_net_bots.c.
 */

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "session/session_bots.h"
#include "session/session_net_corr.h"
#include "session/session_seek.h"
#include "util/i18n.h"

/* Seek i of the bot b is another speed than those b has (variant, clock
 * and rated). */
static bool
new_speed(const struct session_seeks *k, const struct session_bot *b, int i)
{
	const struct session_lobby_seek *x = &k->list[i];
	int j;

	for (j = 0; j < b->nspeeds; j++) {
		const struct session_lobby_seek *y = &k->list[b->speed[j]];
		if (strcmp(x->variant, y->variant) == 0 &&
		    strcmp(x->clock, y->clock) == 0 && x->rated == y->rated)
			return false;
	}
	return true;
}

int
session_bots_list(const struct session *s, struct session_bot *out,
    int max)
{
	const struct session_seeks *k = &s->net->seek;
	int i, j, n = 0;

	for (i = 0; i < k->n; i++) {
		const struct session_lobby_seek *x = &k->list[i];
		if (!x->bot)
			continue;
		for (j = 0; j < n && strcmp(out[j].name, x->name) != 0; j++)
			continue;
		if (j == n) {
			if (n == max)
				continue;
			memset(&out[n], 0, sizeof out[n]);
			snprintf(out[n].name, sizeof out[n].name, "%s", x->name);
			snprintf(out[n].rating, sizeof out[n].rating, "%s",
			    x->rating);
			n++;
		}
		if (out[j].nspeeds < SESSION_BOT_SPEEDS &&
		    new_speed(k, &out[j], i))
			out[j].speed[out[j].nspeeds++] = i;
	}
	return n;
}

bool
session_bots_named(const struct session *s, const char *name)
{
	const struct session_seeks *k = &s->net->seek;
	int i;

	for (i = 0; i < k->n; i++)
		if (k->list[i].bot && strcasecmp(k->list[i].name, name) == 0)
			return true;
	return false;
}

void
session_bots_open(struct session *s)
{
	struct session_net *u = s->net;

	memset(&u->bots, 0, sizeof u->bots);
	u->bots.open = true;
	u->seek.at = 0;                 /* the seeks asked at once */
}

void
session_bots_close(struct session *s)
{
	s->net->bots.open = false;
}

int
session_bots_sel(const struct session *s, const struct session_bot *list,
    int n)
{
	const char *name = s->net->bots.name;
	int i;

	if (n == 0)
		return -1;
	for (i = 0; i < n; i++)
		if (strcmp(list[i].name, name) == 0)
			return i;
	return 0;                       /* gone, or none chosen: the first */
}

int
session_bots_speed_sel(const struct session *s, const struct session_bot *b)
{
	int k = s->net->bots.speed;

	return k < 0 || k >= b->nspeeds ? 0 : k;
}

void
session_bots_step(struct session *s, int delta)
{
	struct session_bot list[SESSION_BOTS_MAX];
	int n = session_bots_list(s, list, SESSION_BOTS_MAX);
	int i = session_bots_sel(s, list, n);

	if (i < 0)
		return;
	i += delta;
	if (i < 0 || i >= n)
		return;
	snprintf(s->net->bots.name, sizeof s->net->bots.name, "%.31s",
	    list[i].name);
	s->net->bots.speed = 0;
}

void
session_bots_speed(struct session *s, int delta)
{
	struct session_bot list[SESSION_BOTS_MAX];
	int n = session_bots_list(s, list, SESSION_BOTS_MAX);
	int i = session_bots_sel(s, list, n), k;

	if (i < 0)
		return;
	k = session_bots_speed_sel(s, &list[i]) + delta;
	k = (k % list[i].nspeeds + list[i].nspeeds) % list[i].nspeeds;
	snprintf(s->net->bots.name, sizeof s->net->bots.name, "%.31s",
	    list[i].name);
	s->net->bots.speed = k;
}

void
session_bots_speed_text(const struct session *s, int seek, char *buf,
    size_t n)
{
	const struct session_lobby_seek *x = &s->net->seek.list[seek];
	char clk[16];

	session_seek_minutes(x->clock, clk, sizeof clk);
	snprintf(buf, n, "%s %s%s", clk, x->variant, x->rated ? _(", rated") :
	    "");
}

int
session_bots_play(struct session *s)
{
	struct session_net *u = s->net;
	struct session_bot list[SESSION_BOTS_MAX];
	const struct session_lobby_seek *x;
	char clk[16], arg[96];
	int n = session_bots_list(s, list, SESSION_BOTS_MAX);
	int i = session_bots_sel(s, list, n), rc;

	if (i < 0) {
		rc = session_seek_computer(s, NULL);
		if (rc == 0)
			session_bots_close(s);
		return rc;
	}
	x = &u->seek.list[list[i].speed[session_bots_speed_sel(s, &list[i])]];
	session_seek_minutes(x->clock, clk, sizeof clk);
	if (u->account[0] != '\0') {
		snprintf(arg, sizeof arg, "%s %s %s%s", x->name, clk, x->variant,
		    x->rated ? " rated" : "");
		rc = session_challenge_typed(s, arg);
		if (rc == 0)
			session_msg(s, SM_NORMAL, _("challenged %s (a computer "
			    "player) to %s %s: waiting for its answer"),
			    x->name, clk, x->variant);
	} else {
		/* A guest cannot challenge: a seek of the bot's terms,
		 * unrated, that a bot takes (bots=yes). */
		snprintf(arg, sizeof arg, "%s %s", clk, x->variant);
		rc = session_seek_computer(s, arg);
	}
	if (rc == 0)
		session_bots_close(s);
	return rc;
}
