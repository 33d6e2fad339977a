/*
 * ui_opts.c: the command line of the game, applied on top of the config.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ai/search.h"
#include "config/config.h"
#include "ui/ui_int.h"

void
ui_usage(FILE *out)
{
	fputs(
	    "Usage: congo [OPTION]...\n"
	    "Play Congo in the terminal.\n"
	    "\n"
	    "  --white TYPE       who plays White: human, ai, alphabeta, negamax, random;\n"
	    "                     ai:level=N (1 Beginner .. 10 Master) for a weaker AI\n"
	    "  --black TYPE       who plays Black (default: the config, else White human\n"
	    "                     against the alphabeta AI)\n"
	    "  --depth N          search depth of the AI players (0: no cap)\n"
	    "  --movetime MS      thinking time of the AI players per move\n"
	    "  --fen FEN          start from this position\n"
	    "  --load FILE        continue a saved game\n"
	    "  --config FILE      read this configuration file\n"
	    "  --no-color         no colours (also when NO_COLOR is set)\n"
	    "  --unicode          circled letters for the pieces\n"
	    "  --flip             Black at the bottom\n"
	    "  --help             show this help and exit\n"
	    "\n"
	    "In the game, ? shows the keys. See congo(6).\n",
	    out);
}

static int
number(const char *opt, const char *v, long max, int *out, char *err,
    size_t errlen)
{
	char *end;
	long n;

	n = strtol(v, &end, 10);
	if (*v == '\0' || *end != '\0' || n < 0 || n > max) {
		snprintf(err, errlen, "%s must be a number 0..%ld, not '%s'",
		    opt, max, v);
		return -1;
	}
	*out = (int)n;
	return 0;
}

/* The registry's names (search.h), without linking the AI. */
static const char *const algorithm_names[] = { SEARCH_ALGORITHM_NAMES };
#define NALGORITHMS (sizeof algorithm_names / sizeof algorithm_names[0])

bool
ui_algorithm_known(const char *s)
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
	int level;

	snprintf(type, sizeof type, "%.*s", (int)(colon - text), text);
	if (strncmp(colon + 1, "level=", 6) != 0 || number("level",
	    colon + 7, SEARCH_LEVELS, &level, err, errlen) < 0) {
		if (strncmp(colon + 1, "level=", 6) != 0)
			snprintf(err, errlen, "'%s' after the player type is "
			    "not level=N (1..%d)", colon + 1, SEARCH_LEVELS);
		return -1;
	}
	if (strcasecmp(type, "ai") != 0 && strcasecmp(type, "alphabeta") != 0) {
		snprintf(err, errlen, "a level is for the ai or alphabeta "
		    "player, not '%s'", type);
		return -1;
	}
	if (ui_player_type_parse(type, pc, err, errlen) < 0)
		return -1;
	if (strcasecmp(type, "ai") == 0)
		snprintf(pc->algorithm, sizeof pc->algorithm, "alphabeta");
	pc->level = level;
	return 0;
}

int
ui_player_type_parse(const char *text, struct player_conf *pc, char *err,
    size_t errlen)
{
	if (strchr(text, ':') != NULL)
		return player_with_level(text, pc, err, errlen);
	if (strcasecmp(text, "human") == 0) {
		snprintf(pc->type, sizeof pc->type, "human");
		return 0;
	}
	if (strcasecmp(text, "ai") == 0) {
		snprintf(pc->type, sizeof pc->type, "ai");
		if (!ui_algorithm_known(pc->algorithm))
			snprintf(pc->algorithm, sizeof pc->algorithm,
			    "alphabeta");
		return 0;
	}
	if (ui_algorithm_known(text)) {
		snprintf(pc->type, sizeof pc->type, "ai");
		snprintf(pc->algorithm, sizeof pc->algorithm, "%s", text);
		for (char *s = pc->algorithm; *s != '\0'; s++)
			if (*s >= 'A' && *s <= 'Z')
				*s = (char)(*s - 'A' + 'a');
		return 0;
	}
	{
		size_t len = (size_t)snprintf(err, errlen, "unknown player "
		    "'%s' (human, ai", text);

		for (size_t i = 0; i < NALGORITHMS && len < errlen; i++)
			len += (size_t)snprintf(err + len, errlen - len, "%s%s",
			    i + 1 == NALGORITHMS ? " or " : ", ",
			    algorithm_names[i]);
		if (len < errlen)
			snprintf(err + len, errlen - len, ")");
	}
	return -1;
}

int
ui_opts_parse(int argc, char **argv, struct ui_opts *o, char *err,
    size_t errlen)
{
	static const char *const with_value[] = { "--white", "--black",
	    "--depth", "--movetime", "--fen", "--load", "--config" };
	int i;
	size_t k;

	memset(o, 0, sizeof *o);
	o->depth = -1;
	o->movetime_ms = -1;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v = NULL, *eq;
		char name[32];

		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			o->help = true;
			continue;
		}
		if (strcmp(a, "--no-color") == 0 ||
		    strcmp(a, "--no-colour") == 0) {
			o->no_color = true;
			continue;
		}
		if (strcmp(a, "--unicode") == 0) {
			o->unicode = true;
			continue;
		}
		if (strcmp(a, "--flip") == 0) {
			o->flip = true;
			continue;
		}
		/* --opt VALUE or --opt=VALUE */
		eq = strchr(a, '=');
		snprintf(name, sizeof name, "%.*s",
		    eq != NULL ? (int)(eq - a) : (int)strlen(a), a);
		for (k = 0; k < sizeof with_value / sizeof with_value[0]; k++)
			if (strcmp(name, with_value[k]) == 0)
				break;
		if (k == sizeof with_value / sizeof with_value[0]) {
			snprintf(err, errlen, "unknown option '%s' "
			    "(congo --help lists them)", a);
			return -1;
		}
		if (eq != NULL) {
			v = eq + 1;
		} else if (i + 1 < argc) {
			v = argv[++i];
		} else {
			snprintf(err, errlen, "%s needs a value", name);
			return -1;
		}
		if (strcmp(name, "--white") == 0)
			o->white = v;
		else if (strcmp(name, "--black") == 0)
			o->black = v;
		else if (strcmp(name, "--fen") == 0)
			o->fen = v;
		else if (strcmp(name, "--load") == 0)
			o->load = v;
		else if (strcmp(name, "--config") == 0)
			o->config = v;
		else if (strcmp(name, "--depth") == 0) {
			if (number(name, v, 64, &o->depth, err, errlen) < 0)
				return -1;
		} else if (number(name, v, 3600000, &o->movetime_ms, err,
		    errlen) < 0)
			return -1;
	}
	if (o->fen != NULL && o->load != NULL) {
		snprintf(err, errlen, "--fen and --load cannot go together");
		return -1;
	}
	return 0;
}

int
ui_opts_apply(const struct ui_opts *o, struct congo_conf *c, char *err,
    size_t errlen)
{
	if (o->white != NULL &&
	    ui_player_type_parse(o->white, &c->white, err, errlen) < 0)
		return -1;
	if (o->black != NULL &&
	    ui_player_type_parse(o->black, &c->black, err, errlen) < 0)
		return -1;
	if (o->depth >= 0) {
		c->white.depth = o->depth;
		c->black.depth = o->depth;
		/* A depth alone means: no clock, search to that depth. */
		if (o->movetime_ms < 0) {
			c->white.movetime_ms = 0;
			c->black.movetime_ms = 0;
		}
	}
	if (o->movetime_ms >= 0) {
		c->white.movetime_ms = o->movetime_ms;
		c->black.movetime_ms = o->movetime_ms;
	}
	if (o->no_color)
		c->ui.color = false;
	if (o->unicode)
		c->ui.unicode = true;
	if (o->flip)
		c->ui.flip = true;
	return 0;
}
