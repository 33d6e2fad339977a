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

int
search_player_parse(const char *text, struct search_player *out, char *err,
    size_t errlen)
{
	char buf[256], *colon, *item, *save = NULL;
	bool any_limit = false;
	long long v;

	memset(out, 0, sizeof *out);
	search_options_default(&out->options);
	search_limits_default(&out->limits);
	if (strlen(text) >= sizeof out->text) {
		snprintf(err, errlen, "player '%.20s...' is too long", text);
		return -1;
	}
	strcpy(out->text, text);
	strcpy(buf, text);
	colon = strchr(buf, ':');
	if (colon != NULL)
		*colon = '\0';
	if (search_algorithm_parse(buf, &out->options.algorithm) != 0) {
		snprintf(err, errlen, "unknown algorithm '%s' in player '%s' "
		    "(%s)", buf, text, search_algorithm_choices());
		return -1;
	}
	if (colon == NULL || colon[1] == '\0')
		goto done;
	for (item = strtok_r(colon + 1, ",", &save); item != NULL;
	    item = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(item, '=');

		if (eq == NULL) {
			snprintf(err, errlen, "'%s' in player '%s' is not "
			    "KEY=VALUE", item, text);
			return -1;
		}
		*eq++ = '\0';
		if (strcasecmp(item, "depth") == 0) {
			if (parse_num(item, eq, 1, SEARCH_MAX_DEPTH, &v, err,
			    errlen) != 0)
				return -1;
			out->limits.depth = (int)v;
			any_limit = true;
		} else if (strcasecmp(item, "movetime") == 0) {
			if (parse_num(item, eq, 1, 3600000, &v, err,
			    errlen) != 0)
				return -1;
			out->limits.movetime_ms = (int)v;
			any_limit = true;
		} else if (strcasecmp(item, "nodes") == 0) {
			if (parse_num(item, eq, 1, 1000000000000LL, &v, err,
			    errlen) != 0)
				return -1;
			out->limits.nodes = (uint64_t)v;
			any_limit = true;
		} else if (strcasecmp(item, "level") == 0) {
			if (parse_num(item, eq, 0, SEARCH_LEVELS, &v, err,
			    errlen) != 0)
				return -1;
			out->options.level = (int)v;
			any_limit = any_limit || v > 0;
		} else if (strcasecmp(item, "hash") == 0) {
			if (parse_num(item, eq, 1, 4096, &v, err, errlen) != 0)
				return -1;
			out->options.hash_mb = (int)v;
		} else if (strcasecmp(item, "threads") == 0) {
			if (parse_num(item, eq, 1, SEARCH_MAX_THREADS, &v, err,
			    errlen) != 0)
				return -1;
			out->options.threads = (int)v;
		} else if (strcasecmp(item, "nnue") == 0) {
			if (parse_num(item, eq, 0, 1, &v, err, errlen) != 0)
				return -1;
			out->options.use_nnue = v != 0;
		} else if (strcasecmp(item, "evalfile") == 0) {
			char e2[400];

			if (strlen(eq) >= sizeof out->options.eval_file ||
			    nnue_get(eq, -1, e2, sizeof e2) == NULL) {
				snprintf(err, errlen, "player '%s': %s", text,
				    strlen(eq) >= sizeof out->options.eval_file
				    ? "the network's path is too long" : e2);
				return -1;
			}
			snprintf(out->options.eval_file,
			    sizeof out->options.eval_file, "%s", eq);
			out->options.use_nnue = true;
		} else if (strcasecmp(item, "seed") == 0) {
			uint64_t s;

			if (parse_u64(eq, 0, UINT64_MAX, &s, NULL, 0) != 0) {
				snprintf(err, errlen, "seed must be a number "
				    "0..18446744073709551615, not '%s'", eq);
				return -1;
			}
			out->options.seed = s;
		} else {
			/* an evaluation weight, for tuning matches */
			struct eval_params ev = eval_default;
			char one[128], e2[128];
			size_t len = strlen(out->options.tune);

			snprintf(one, sizeof one, "%s=%s", item, eq);
			if (eval_tune(&ev, one, e2, sizeof e2) != 0) {
				snprintf(err, errlen, "unknown key '%s' in "
				    "player '%s' (depth, movetime, nodes, "
				    "hash, threads, seed, level, nnue, "
				    "evalfile)", item, text);
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
		}
	}
done:
	if (out->options.algorithm == SEARCH_ALPHABETA && !any_limit)
		out->limits.movetime_ms = 1000;
	return 0;
}
