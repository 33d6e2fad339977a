/*
 * config_defaults.c: the built-in settings, used when no file sets them.
 * congo.conf(5) lists the same values: keep the two in step.
 */
#include <ctype.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "ai/search_limits.h"
#include "config/config.h"

static void
player_defaults(struct player_conf *p, const char *type)
{
	memset(p, 0, sizeof *p);
	strcpy(p->type, type);
	strcpy(p->algorithm, "alphabeta");
	strcpy(p->advisor, "alphabeta");
	p->depth = 0;
	p->movetime_ms = 1000;
	p->nodes = 0;
	p->threads = 1;
	p->hash_mb = SEARCH_HASH_MB_DEFAULT;   /* search_options_default's */
	p->seed = 0;
}

/* The player name on a server: the login name when it is a valid name. */
static void
default_name(char *out, size_t n)
{
	const char *user = getenv("USER");

	if (user != NULL && config_name_valid(user) && strlen(user) < n) {
		strcpy(out, user);
		return;
	}
	strcpy(out, "player");
}

void
config_defaults(struct congo_conf *c)
{
	memset(c, 0, sizeof *c);
	player_defaults(&c->white, "human");
	player_defaults(&c->black, "ai");

	c->rules.repetition = true;
	c->rules.quiet_plies = 200;
	snprintf(c->variant, sizeof c->variant, "congo");

	c->ui.color = true;
	c->ui.unicode = false;
	c->ui.flip = false;
	c->ui.ai_delay_ms = 500;
	c->ui.mouse = true;
	c->ui.warn = true;
	c->ui.bell = true;
	c->ui.analysis_lines = 3;
	snprintf(c->ui.mode, sizeof c->ui.mode, "screen");
	c->ui.language[0] = '\0';
	c->ui.save_dir[0] = '\0';

	c->network.host[0] = '\0';    /* none: --connect HOST */
	c->network.port = CONF_SERVER_PORT;
	default_name(c->network.name, sizeof c->network.name);
	c->network.account[0] = '\0';

	c->server.bind[0] = '\0';
	c->server.http[0] = '\0';
	c->server.port = CONF_SERVER_PORT;
	c->server.db[0] = '\0';
	c->server.max_connections = CONF_SERVER_MAX_CONNECTIONS;
	c->server.max_per_address = CONF_SERVER_MAX_PER_ADDRESS;
	c->server.games_per_minute = CONF_SERVER_GAMES_PER_MINUTE;
	c->server.max_observers = CONF_SERVER_MAX_OBSERVERS;
	c->server.abandon_after = CONF_SERVER_ABANDON_AFTER;
	c->server.expire_after = CONF_SERVER_EXPIRE_AFTER;
	c->server.first_move = CONF_SERVER_FIRST_MOVE;
	c->server.rated_same_network = false;
	strcpy(c->server.log_level, "info");

	c->source[0] = '\0';
}

bool
config_name_valid(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || n >= CONF_NAME_MAX)
		return false;
	for (; *s != '\0'; s++) {
		unsigned char ch = (unsigned char)*s;
		if (!(isascii(ch) && isalnum(ch)) && ch != '-' && ch != '_' &&
		    ch != '.')
			return false;
	}
	return true;
}

bool
config_algorithm_valid(const char *s)
{
	static const char *const names[] = { SEARCH_ALGORITHM_NAMES };

	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(s, names[i]) == 0)
			return true;
	return false;
}

/* A port: 1..65535 in digits only. */
static bool
port_valid(const char *s)
{
	long v = 0;

	if (*s == '\0' || strspn(s, "0123456789") != strlen(s) ||
	    strlen(s) > 5)
		return false;
	v = strtol(s, NULL, 10);
	return v >= 1 && v <= 65535;
}

bool
config_server_valid(const char *s)
{
	const char *end, *colon;

	if (*s == '\0')
		return true;
	if (strncmp(s, "tls://", 6) == 0)
		s += 6;
	if (*s == '\0' || strpbrk(s, " \t\r\n/@?#") != NULL)
		return false;
	if (*s == '[') {
		end = strchr(s, ']');
		if (end == NULL || end == s + 1)
			return false;
		return end[1] == '\0' || (end[1] == ':' && port_valid(end + 2));
	}
	colon = strchr(s, ':');
	/* A bare IPv6 address has several colons and no port. */
	if (colon == NULL || strchr(colon + 1, ':') != NULL)
		return true;
	return colon > s && port_valid(colon + 1);
}
