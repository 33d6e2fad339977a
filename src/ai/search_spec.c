/*
 * search_spec.c: players written as text, "alphabeta:movetime=100,depth=8",
 * for --match and any command line that names an AI.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ai/search_internal.h"
#include "util/util.h"

static int
parse_num(const char *key, const char *val, long long lo, long long hi,
    long long *out, char *err, size_t errlen)
{
	long v;

	if (parse_long(val, (long)lo, (long)hi, &v, NULL, 0) != 0) {
		snprintf(err, errlen, "%s must be a number %lld..%lld, not '%s'",
		    key, lo, hi, val);
		return -1;
	}
	*out = v;
	return 0;
}

/* The defaults, the text kept and the algorithm before any ':' read;
 * *colon is where the keys start in buf, or NULL. */
static int
parse_algorithm(const char *text, struct search_player *out, char *buf,
    char **colon, char *err, size_t errlen)
{
	memset(out, 0, sizeof *out);
	search_options_default(&out->options);
	search_limits_default(&out->limits);
	if (strlen(text) >= sizeof out->text) {
		snprintf(err, errlen, "player '%.20s...' is too long", text);
		return -1;
	}
	strcpy(out->text, text);
	strcpy(buf, text);
	*colon = strchr(buf, ':');
	if (*colon != NULL)
		**colon = '\0';
	if (search_algorithm_parse(buf, &out->options.algorithm) != 0) {
		snprintf(err, errlen, "unknown algorithm '%s' in player '%s' "
		    "(%s)", buf, text, search_algorithm_choices());
		return -1;
	}
	return 0;
}

/* The keys with a number for a value, and its range. */
enum { KEY_DEPTH, KEY_MOVETIME, KEY_NODES, KEY_LEVEL, KEY_HASH, KEY_THREADS,
	KEY_NNUE, NKEYS };
static const struct {
	const char *name;
	long long lo, hi;
} number_keys[NKEYS] = {
	[KEY_DEPTH] = { "depth", 1, SEARCH_MAX_DEPTH },
	[KEY_MOVETIME] = { "movetime", 1, 3600000 },
	[KEY_NODES] = { "nodes", 1, 1000000000000LL },
	[KEY_LEVEL] = { "level", 0, SEARCH_LEVELS },
	[KEY_HASH] = { "hash", 1, 4096 },
	[KEY_THREADS] = { "threads", 1, SEARCH_MAX_THREADS },
	[KEY_NNUE] = { "nnue", 0, 1 },
};

/* A key with a number: depth, movetime, nodes and level (how long the
 * player searches), hash, threads and nnue. 1 when key is one of them,
 * 0 when not, -1 for a bad value. */
static int
parse_number_key(struct search_player *out, const char *key,
    const char *val, bool *any_limit, char *err, size_t errlen)
{
	long long v;
	int k;

	for (k = 0; k < NKEYS && strcasecmp(key, number_keys[k].name) != 0;
	    k++)
		;
	if (k == NKEYS)
		return 0;
	if (parse_num(key, val, number_keys[k].lo, number_keys[k].hi, &v, err,
	    errlen) != 0)
		return -1;
	switch (k) {
	case KEY_DEPTH:
		out->limits.depth = (int)v;
		break;
	case KEY_MOVETIME:
		out->limits.movetime_ms = (int)v;
		break;
	case KEY_NODES:
		out->limits.nodes = (uint64_t)v;
		break;
	case KEY_LEVEL:
		out->options.level = (int)v;
		break;
	case KEY_HASH:
		out->options.hash_mb = (int)v;
		break;
	case KEY_THREADS:
		out->options.threads = (int)v;
		break;
	default:
		out->options.use_nnue = v != 0;
		break;
	}
	if (k <= KEY_NODES || (k == KEY_LEVEL && v > 0))
		*any_limit = true;
	return 1;
}

/* evalfile and seed. 1 when key is one of them, 0 when not, -1 for a
 * bad value. */
static int
parse_option(struct search_player *out, const char *text, const char *key,
    const char *val, char *err, size_t errlen)
{
	if (strcasecmp(key, "evalfile") == 0) {
		char e2[400];

		if (strlen(val) >= sizeof out->options.eval_file ||
		    nnue_get(val, -1, e2, sizeof e2) == NULL) {
			snprintf(err, errlen, "player '%s': %s", text,
			    strlen(val) >= sizeof out->options.eval_file
			    ? "the network's path is too long" : e2);
			return -1;
		}
		snprintf(out->options.eval_file,
		    sizeof out->options.eval_file, "%s", val);
		out->options.use_nnue = true;
	} else if (strcasecmp(key, "seed") == 0) {
		uint64_t s;

		if (parse_u64(val, 0, UINT64_MAX, &s, NULL, 0) != 0) {
			snprintf(err, errlen, "seed must be a number "
			    "0..18446744073709551615, not '%s'", val);
			return -1;
		}
		out->options.seed = s;
	} else {
		return 0;
	}
	return 1;
}

/* Any other key: an evaluation weight, for tuning matches, added to the
 * player's list of them. */
static int
parse_weight(struct search_player *out, const char *text, const char *key,
    const char *val, char *err, size_t errlen)
{
	struct eval_params ev = eval_default;
	char one[128], e2[128];
	size_t len = strlen(out->options.tune);

	snprintf(one, sizeof one, "%s=%s", key, val);
	if (eval_tune(&ev, one, e2, sizeof e2) != 0) {
		snprintf(err, errlen, "unknown key '%s' in "
		    "player '%s' (depth, movetime, nodes, "
		    "hash, threads, seed, level, nnue, "
		    "evalfile)", key, text);
		return -1;
	}
	if (len + strlen(one) + 2 > sizeof out->options.tune) {
		snprintf(err, errlen, "too many evaluation "
		    "weights in player '%s'", text);
		return -1;
	}
	/* fits: checked just above (snprintf here drew a
	 * false -Wformat-truncation at -O0) */
	if (len > 0)
		out->options.tune[len++] = ',';
	memcpy(out->options.tune + len, one, strlen(one) + 1);
	return 0;
}

int
search_player_parse(const char *text, struct search_player *out, char *err,
    size_t errlen)
{
	char buf[256], *colon, *item, *save = NULL;
	bool any_limit = false;

	if (parse_algorithm(text, out, buf, &colon, err, errlen) != 0)
		return -1;
	if (colon == NULL || colon[1] == '\0')
		goto done;
	for (item = strtok_r(colon + 1, ",", &save); item != NULL;
	    item = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(item, '=');
		int rc;

		if (eq == NULL) {
			snprintf(err, errlen, "'%s' in player '%s' is not "
			    "KEY=VALUE", item, text);
			return -1;
		}
		*eq++ = '\0';
		rc = parse_number_key(out, item, eq, &any_limit, err, errlen);
		if (rc == 0)
			rc = parse_option(out, text, item, eq, err, errlen);
		if (rc == 0)
			rc = parse_weight(out, text, item, eq, err, errlen);
		if (rc < 0)
			return -1;
	}
done:
	if (out->options.algorithm == SEARCH_ALPHABETA && !any_limit)
		out->limits.movetime_ms = 1000;
	return 0;
}
