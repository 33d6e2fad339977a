/*
 * fuzz_config.c: config_load_file on any bytes. A refused file leaves the
 * settings as they were and names the file (and the line when there is
 * one); an accepted one gives settings within their ranges. Every '@' is
 * made a space first: `@include "/dev/zero"` is the administrator's own
 * doing, not bad input to survive.
 */

#include <sys/mman.h>
#include <unistd.h>

#include "config/config.h"

#include "fuzz_util.h"

static int memfd = -1;
static char path[64];

static void
warn(const char *msg)
{
	FUZZ_CHECK(strncmp(msg, path, strlen(path)) == 0, "warning '%s' does "
	    "not name the file", msg);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	memfd = memfd_create("fuzz.conf", 0);
	if (memfd < 0)
		abort();
	snprintf(path, sizeof path, "/proc/self/fd/%d", memfd);
	return 0;
}

static bool
ended(const char *s, size_t n)
{
	return memchr(s, '\0', n) != NULL;
}

static void
check_player(const struct player_conf *p)
{
	FUZZ_CHECK(strcmp(p->type, "human") == 0 || strcmp(p->type, "ai") == 0,
	    "type '%s'", p->type);
	FUZZ_CHECK(config_algorithm_valid(p->algorithm), "algorithm");
	FUZZ_CHECK(config_algorithm_valid(p->advisor), "advisor");
	FUZZ_CHECK(p->depth >= 0 && p->depth <= 64, "depth %d", p->depth);
	FUZZ_CHECK(p->movetime_ms >= 0 && p->movetime_ms <= 3600000,
	    "movetime_ms %d", p->movetime_ms);
	FUZZ_CHECK(p->nodes >= 0, "nodes %ld", p->nodes);
	FUZZ_CHECK(p->threads >= 1 && p->threads <= 64, "threads");
	FUZZ_CHECK(p->hash_mb >= 1 && p->hash_mb <= 4096, "hash_mb");
}

static void
check_conf(const struct congo_conf *c)
{
	check_player(&c->white);
	check_player(&c->black);
	FUZZ_CHECK(c->rules.quiet_plies >= 0 && c->rules.quiet_plies <= 10000,
	    "quiet_plies %d", c->rules.quiet_plies);
	FUZZ_CHECK(c->ui.ai_delay_ms >= 0 && c->ui.ai_delay_ms <= 60000,
	    "ai_delay_ms");
	FUZZ_CHECK(ended(c->ui.save_dir, sizeof c->ui.save_dir), "save_dir");
	FUZZ_CHECK(ended(c->network.host, sizeof c->network.host), "host");
	FUZZ_CHECK(config_server_valid(c->network.host), "host '%s'",
	    c->network.host);
	FUZZ_CHECK(ended(c->network.account, sizeof c->network.account) &&
	    (c->network.account[0] == '\0' ||
	    strlen(c->network.account) >= 3), "account '%s'",
	    c->network.account);
	FUZZ_CHECK(c->network.port >= 1 && c->network.port <= 65535, "port");
	FUZZ_CHECK(config_name_valid(c->network.name), "name '%s'",
	    c->network.name);
	FUZZ_CHECK(ended(c->server.bind, sizeof c->server.bind), "bind");
	FUZZ_CHECK(ended(c->server.db, sizeof c->server.db), "db");
	FUZZ_CHECK(c->server.port >= 1 && c->server.port <= 65535, "port");
	FUZZ_CHECK(c->server.max_connections >= 1 &&
	    c->server.max_per_address >= 1 &&
	    c->server.games_per_minute >= 1 && c->server.max_observers >= 0,
	    "server limits");
	FUZZ_CHECK(strcmp(c->server.log_level, "error") == 0 ||
	    strcmp(c->server.log_level, "warn") == 0 ||
	    strcmp(c->server.log_level, "info") == 0 ||
	    strcmp(c->server.log_level, "debug") == 0, "log_level");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct congo_conf c, before;
	char err[512];
	char *text;
	size_t i;
	int rc;

	fuzz_count(size);

	if (size > 65536)
		return 0;
	text = fuzz_strndup(data, size);
	for (i = 0; i < size; i++)
		if (text[i] == '@')
			text[i] = ' ';
	if (ftruncate(memfd, 0) != 0 ||
	    pwrite(memfd, text, size, 0) != (ssize_t)size)
		abort();
	config_defaults(&c);
	before = c;
	rc = config_load_file(&c, path, warn, err, sizeof err);
	if (rc != 0) {
		FUZZ_CHECK(rc == -1, "config_load_file returned %d", rc);
		fuzz_check_err(err, sizeof err);
		FUZZ_CHECK(strncmp(err, path, strlen(path)) == 0,
		    "'%s' does not name the file", err);
		FUZZ_CHECK(memcmp(&c, &before, sizeof c) == 0,
		    "a refused file changed the settings");
	} else {
		check_conf(&c);
		FUZZ_CHECK(strcmp(c.source, path) == 0, "source");
	}
	free(text);
	return 0;
}
