/*
 * session_player.c: who plays a side. A human enters moves with the keys;
 * an AI thinks in the worker thread, within its clock when the game has
 * one. A remote peer (network play) plugs in the same way with its own ops
 * (src/ui/ui_net*.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ai/search.h"
#include "engine/game.h"
#include "session/session.h"
#include "session/session_net.h"
#include "session/session_player.h"
#include "util/i18n.h"
#include "util/util.h"

/* ---- human ---- */

static void
human_describe(const struct session_player *p, char *buf, size_t n)
{
	(void)p;
	snprintf(buf, n, "human");
}

/* A network game's own seat (its priv the session, session_net_install):
 * the account's name, not "human". */
static void
human_label(const struct session_player *p, char *buf, size_t n)
{
	char name[64];

	if (p->priv != NULL && session_net_own_name(p->priv, p->color, name,
	    sizeof name))
		snprintf(buf, n, _("%s (you)"), name);
	else
		snprintf(buf, n, "%s", _("human"));
}

static const struct session_player_ops human_ops = {
	.kind = "human",
	.describe = human_describe,
	.label = human_label,
};

/* ---- local AI ---- */

static void ai_label(const struct session_player *p, char *buf, size_t n);

static void
ai_turn_begin(struct session *s, struct session_player *p)
{
	const struct game *g = &s->game;
	struct session_job job;

	memset(&job, 0, sizeof job);
	job.kind = JOB_MOVE;
	job.color = p->color;
	job.pos = *game_board(g);
	job.rules = g->rules;
	job.conf = p->conf;
	job.search = p->priv;
	job.nhistory = g->nply;
	if (g->nply > 0) {
		job.history = xmalloc(sizeof *job.history * (size_t)g->nply);
		memcpy(job.history, g->pos,
		    sizeof *job.history * (size_t)g->nply);
	}
	if (s->clocked) {
		/* Within its clock: a share of what is left, and most of the
		 * increment, never more than its own time per move. */
		int64_t left = session_clock_left(s, p->color);
		int64_t budget = left / 30 + s->tc_inc * 3 / 4;
		if (budget > left / 2)
			budget = left / 2;
		if (budget < 10)
			budget = 10;
		if (job.conf.movetime_ms == 0 || budget < job.conf.movetime_ms)
			job.conf.movetime_ms = (int)budget;
	}
	if (session_worker_start(&s->worker, &job) < 0) {
		session_msg(s, SM_ERROR, _("cannot start the AI thread"));
		return;
	}
	s->thinking = true;
	s->advising = false;
	{
		char desc[96];
		ai_label(p, desc, sizeof desc);
		snprintf(s->ai_line, sizeof s->ai_line, _("%s (%s) thinks..."),
		    p->color == WHITE ? _("White") : _("Black"), desc);
	}
}

static void
ai_turn_cancel(struct session *s, struct session_player *p)
{
	(void)p;
	if (s->thinking) {
		session_worker_stop(&s->worker);
		s->thinking = false;
	}
}

static void
ai_reset(struct session *s, struct session_player *p)
{
	(void)s;
	session_search_clear(p->priv);
}

/* The AIs that are not levels, as a person reads them (the engine's
 * words, "alphabeta 1s", stay in records and settings): true with buf
 * filled; false for one named otherwise (a depth, a node count). */
static bool
ai_plain_name(const char *alg, int movetime_ms, char *buf, size_t n)
{
	if (strcasecmp(alg, "alphabeta") == 0 && movetime_ms > 0)
		snprintf(buf, n, _("AI full strength (%g s)"),
		    movetime_ms / 1000.0);
	else if (strcasecmp(alg, "negamax") == 0)
		snprintf(buf, n, "%s", _("AI simple search"));
	else if (strcasecmp(alg, "random") == 0)
		snprintf(buf, n, "%s", _("AI random moves"));
	else
		return false;
	return true;
}

/* An algorithm as the new-game dialog names it ("negamax": "AI simple
 * search"), never the program's internal word. */
static const char *
alg_shown(const char *alg)
{
	if (strcasecmp(alg, "alphabeta") == 0)
		return _("AI full strength");
	if (strcasecmp(alg, "negamax") == 0)
		return _("AI simple search");
	if (strcasecmp(alg, "random") == 0)
		return _("AI random moves");
	return alg;
}

/* The AI named: in English as records keep it (shown false), or as a
 * person reads it. */
static void
ai_text(const struct session_player *p, bool shown, char *buf, size_t n)
{
	const struct player_conf *c = &p->conf;
	const struct search_algorithm_desc *d = NULL;
	enum search_algorithm alg;
	const char *depth = shown ? _(" depth %d") : " depth %d";
	char lim[64] = "";
	size_t len = 0;

	if (shown && c->level == 0 && c->depth == 0 &&
	    ai_plain_name(c->algorithm, c->movetime_ms, buf, n))
		return;
	if (search_algorithm_parse(c->algorithm, &alg) == 0)
		d = search_algorithm_desc(alg);
	if (d != NULL && d->default_depth > 0 && c->depth == 0)
		snprintf(lim, sizeof lim, depth, d->default_depth);
	else if (d != NULL && d->uses_time && c->level > 0) {
		/* As the new-game dialog names it (session_newgame.c). */
		session_level_text(c->level, shown, buf, n);
		return;
	} else if (d != NULL && d->uses_depth) {
		if (c->depth > 0)
			len += (size_t)snprintf(lim + len, sizeof lim - len,
			    depth, c->depth);
		if (c->movetime_ms > 0 && d->uses_time) {
			if (c->movetime_ms % 1000 == 0)
				snprintf(lim + len, sizeof lim - len, " %ds",
				    c->movetime_ms / 1000);
			else
				snprintf(lim + len, sizeof lim - len, " %dms",
				    c->movetime_ms);
		}
	}
	snprintf(buf, n, "%s%s", shown ? alg_shown(c->algorithm) :
	    c->algorithm, lim);
}

static void
ai_describe(const struct session_player *p, char *buf, size_t n)
{
	ai_text(p, false, buf, n);
}

static void
ai_label(const struct session_player *p, char *buf, size_t n)
{
	ai_text(p, true, buf, n);
}

static void
ai_free(struct session_player *p)
{
	session_search_free(p->priv);
}

static const struct session_player_ops ai_ops = {
	.kind = "ai",
	.turn_begin = ai_turn_begin,
	.turn_cancel = ai_turn_cancel,
	.reset = ai_reset,
	.describe = ai_describe,
	.label = ai_label,
	.free = ai_free,
};

/* The English form is what records, settings and the new-game dialog's
 * remembered choice keep (session_file.c and session_newgame.c read it
 * back); a person reads the level's name translated too. */
void
session_level_text(int level, bool shown, char *buf, size_t n)
{
	if (shown)
		snprintf(buf, n, _("AI level %d (%s)"), level,
		    _(search_level_name(level)));
	else
		snprintf(buf, n, "AI level %d (%s)", level,
		    search_level_name(level));
}

/* A text cut to its buffer ends with a whole UTF-8 character. */
static void
whole_chars(char *buf)
{
	size_t len = strlen(buf), i = len, need;
	unsigned char lead;

	while (i > 0 && ((unsigned char)buf[i - 1] & 0xC0) == 0x80)
		i--;
	if (i == 0)
		return;
	lead = (unsigned char)buf[i - 1];
	need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
	if (len - (i - 1) < need)
		buf[i - 1] = '\0';
}

/* The time of an AI at full strength as kept ("alphabeta 1s", "alphabeta
 * 200ms"), in ms; -1 for any other name. */
static int
kept_movetime(const char *name)
{
	double t;
	int end = 0;

	if (sscanf(name, "alphabeta %lfs%n", &t, &end) == 1 && end > 0 &&
	    name[end] == '\0')
		t *= 1000;
	else if (end = 0, sscanf(name, "alphabeta %lfms%n", &t, &end) != 1 ||
	    end == 0 || name[end] != '\0')
		return -1;
	return t >= 1 && t < 1e9 ? (int)(t + 0.5) : -1;
}

/* "ALG depth N" as a record keeps an AI of a fixed depth: shown with the
 * dialog's words for ALG. */
static bool
depth_kept(const char *name, char *buf, size_t n)
{
	char alg[16], rest[2];
	int depth;

	if (sscanf(name, "%15s depth %d%1s", alg, &depth, rest) != 2 ||
	    depth <= 0 || alg_shown(alg) == alg)
		return false;
	snprintf(buf, n, "%s", alg_shown(alg));
	snprintf(buf + strlen(buf), n - strlen(buf), _(" depth %d"), depth);
	return true;
}

void
session_player_name_shown(const char *name, char *buf, size_t n)
{
	char kept[96];
	int level, ms;

	if (strcmp(name, "human") == 0)
		snprintf(buf, n, "%s", _("human"));
	else if (strcmp(name, "negamax") == 0 || strcmp(name, "random") == 0)
		/* the new-game dialog's "negamax", "random" */
		(void)ai_plain_name(name, 0, buf, n);
	else if ((ms = kept_movetime(name)) > 0)
		/* its "alphabeta 1s", a record's "alphabeta 200ms" */
		(void)ai_plain_name("alphabeta", ms, buf, n);
	else if (depth_kept(name, buf, n))
		/* a record's "negamax depth 5": the dialog's words */
		;
	else if (sscanf(name, "AI level %d", &level) == 1 && level > 0 &&
	    level <= SEARCH_LEVELS &&
	    (session_level_text(level, false, kept, sizeof kept),
	    strcmp(name, kept) == 0))
		/* "AI level 6 (Club player)", exactly as it is kept */
		session_level_text(level, true, buf, n);
	else
		snprintf(buf, n, "%s", name);
	whole_chars(buf);
}

/* ---- common ---- */

struct session_player *
session_player_new(const struct player_conf *pc, int color, char *err,
    size_t errlen)
{
	struct session_player *p = xcalloc(1, sizeof *p);

	p->conf = *pc;
	p->color = color;
	if (strcmp(pc->type, "human") == 0) {
		p->ops = &human_ops;
		p->human = true;
		return p;
	}
	if (!session_algorithm_known(pc->algorithm)) {
		snprintf(err, errlen, _("unknown algorithm '%s' "
		    "(alphabeta, negamax or random)"), pc->algorithm);
		free(p);
		return NULL;
	}
	p->ops = &ai_ops;
	p->thinks = true;
	p->priv = session_search_new(pc);
	return p;
}

void
session_player_free(struct session_player *p)
{
	if (p == NULL)
		return;
	if (p->ops->free != NULL)
		p->ops->free(p);
	free(p);
}

void
session_player_describe(const struct session_player *p, char *buf, size_t n)
{
	p->ops->describe(p, buf, n);
}

void
session_player_label(const struct session_player *p, char *buf, size_t n)
{
	(p->ops->label != NULL ? p->ops->label : p->ops->describe)(p, buf, n);
}

void
session_player_describe_short(const struct session_player *p, char *buf,
    size_t n)
{
	const struct player_conf *c = &p->conf;
	char *paren;

	session_player_label(p, buf, n);
	/* "AI level 6 (Club player)": "AI level 6"; our seat of a network
	 * game, "ann (you)": "ann". */
	if (((p->thinks && c->level > 0) || (p->human && p->priv != NULL)) &&
	    (paren = strstr(buf, " (")) != NULL)
		*paren = '\0';
}

/* The registry's names (search.h). */
static const char *const algorithm_names[] = { SEARCH_ALGORITHM_NAMES };
#define NALGORITHMS (sizeof algorithm_names / sizeof algorithm_names[0])

bool
session_algorithm_known(const char *s)
{
	for (size_t i = 0; i < NALGORITHMS; i++)
		if (strcasecmp(s, algorithm_names[i]) == 0)
			return true;
	return false;
}

/* TYPE:level=N (N 0..10), for ai and alphabeta. */
static int
player_with_level(const char *text, struct player_conf *pc, char *err,
    size_t errlen)
{
	const char *colon = strchr(text, ':');
	char type[32];
	long level;

	snprintf(type, sizeof type, "%.*s", (int)(colon - text), text);
	if (strncmp(colon + 1, "level=", 6) != 0) {
		snprintf(err, errlen, _("'%s' after the player type is not "
		    "level=N (0..%d)"), colon + 1, SEARCH_LEVELS);
		return -1;
	}
	if (parse_long(colon + 7, 0, SEARCH_LEVELS, &level, NULL, 0) != 0) {
		snprintf(err, errlen, _("level must be a number 0..%d, not '%s'"),
		    SEARCH_LEVELS, colon + 7);
		return -1;
	}
	if (strcasecmp(type, "ai") != 0 && strcasecmp(type, "alphabeta") != 0) {
		snprintf(err, errlen, _("a level is for the ai or alphabeta "
		    "player, not '%s'"), type);
		return -1;
	}
	if (session_player_type_parse(type, pc, err, errlen) < 0)
		return -1;
	snprintf(pc->algorithm, sizeof pc->algorithm, "%s",
	    SEARCH_NAME_ALPHABETA);
	pc->level = (int)level;
	return 0;
}

int
session_player_type_parse(const char *text, struct player_conf *pc,
    char *err, size_t errlen)
{
	char lv[32], end;
	int level;

	/* "ai level 3", as the plain mode's new asks it (issue 62) */
	if (sscanf(text, "%*[aA]%*[iI] level %d%c", &level, &end) == 1) {
		snprintf(lv, sizeof lv, "ai:level=%d", level);
		return player_with_level(lv, pc, err, errlen);
	}
	if (strchr(text, ':') != NULL)
		return player_with_level(text, pc, err, errlen);
	if (strcasecmp(text, "human") == 0) {
		snprintf(pc->type, sizeof pc->type, "human");
		return 0;
	}
	if (strcasecmp(text, "ai") == 0) {
		snprintf(pc->type, sizeof pc->type, "ai");
		if (!session_algorithm_known(pc->algorithm))
			snprintf(pc->algorithm, sizeof pc->algorithm,
			    "alphabeta");
		return 0;
	}
	if (session_algorithm_known(text)) {
		snprintf(pc->type, sizeof pc->type, "ai");
		snprintf(pc->algorithm, sizeof pc->algorithm, "%s", text);
		for (char *c = pc->algorithm; *c != '\0'; c++)
			if (*c >= 'A' && *c <= 'Z')
				*c = (char)(*c - 'A' + 'a');
		return 0;
	}
	snprintf(err, errlen, _("unknown player '%s' "
	    "(human, ai, alphabeta, negamax or random)"), text);
	return -1;
}
