/*
 * bot_conf.c: congo --bot's settings from congo.conf (issue 59): a
 * bot { ... } section of the file --config names (else the usual search,
 * config_load) gives the options' values, each applied as its option would
 * be (so the checks and messages are the same), before the command line's
 * options, which win.
 */
#include <stdio.h>
#include <string.h>

#include "bot/bot.h"
#include "config/config.h"

static void
warn(const char *msg)
{
	fprintf(stderr, "congo --bot: %s\n", msg);
}

/* --config FILE or --config=FILE in argv, else NULL. */
static const char *
config_arg(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--config") == 0 && i + 1 < argc)
			return argv[i + 1];
		if (strncmp(argv[i], "--config=", 9) == 0)
			return argv[i] + 9;
	}
	return NULL;
}

int
bot_conf_read(struct bot_policy *p, int argc, char **argv)
{
	static struct congo_conf c;
	const struct bot_conf *b = &c.bot;
	const struct { int opt; const char *v; } strs[] = {
		{ O_CONNECT, b->connect }, { O_ACCOUNT, b->account },
		{ O_VARIANTS, b->variants }, { O_CLOCKS, b->clocks },
		{ O_DAYS, b->days },
		{ O_RATED, b->rated }, { O_ON_STOP, b->on_stop },
		{ O_GREETING, b->greeting }, { O_TOURNEY, b->tournaments },
	};
	char err[512], num[16];
	size_t i;
	int rc;

	if (config_load(&c, config_arg(argc, argv), warn, err, sizeof err) < 0)
		return bot_usage_error(err);
	for (i = 0; i < sizeof strs / sizeof strs[0]; i++)
		if (strs[i].v[0] != '\0' &&
		    (rc = bot_opt_apply(p, strs[i].opt, strs[i].v)) != 0)
			return rc;
	if (b->level > 0) {
		snprintf(num, sizeof num, "%d", b->level);
		if ((rc = bot_opt_apply(p, O_LEVEL, num)) != 0)
			return rc;
	}
	if (b->full)
		bot_opt_apply(p, O_FULL, NULL);
	if (b->games_at_once > 0) {
		snprintf(num, sizeof num, "%d", b->games_at_once);
		if ((rc = bot_opt_apply(p, O_GAMES, num)) != 0)
			return rc;
	}
	return 0;
}
