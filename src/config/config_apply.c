/*
 * config_apply.c: from a parsed libconfig tree to struct congo_conf.
 *
 * One table lists every setting with its type and range, so that the checks,
 * the messages ("white.depth must be 0..64") and the unknown-setting warnings
 * all come from the same place. The messages are in the reader's language
 * (util/i18n.h); the FILE:LINE before them, the settings' names and their
 * values (true, "ai", "HOST:PORT") are what the file says, in every one.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "ai/search_limits.h"
#include "config/config_int.h"
#include "util/i18n.h"

enum kind {
	K_BOOL,		/* bool */
	K_INT,		/* int, min..max */
	K_LONG,		/* long, min..max */
	K_ULONG,	/* unsigned long, min..max */
	K_STRING,	/* char[size], any text shorter than size (may be empty) */
	K_NAME,		/* char[size], config_name_valid() */
	K_SERVER,	/* char[size], config_server_valid() ("" none) */
	K_ACCOUNT,	/* char[size], "" or an account's name (3-20 of
			   A-Za-z0-9_-, PROTOCOL.md REGISTER) */
	K_CHOICE	/* char[size], one of choices */
};

struct setting {
	const char *name;
	enum kind kind;
	size_t off;		/* offset in the group's struct */
	size_t size;		/* strings: the buffer's size */
	long long min, max;
	const char *const *choices;
};

struct group {
	const char *name;
	size_t off;		/* offset of the group's struct in congo_conf */
	const struct setting *settings;
};

static const char *const player_types[] = { "human", "ai", NULL };
static const char *const algorithms[] = { SEARCH_ALGORITHM_NAMES, NULL };
static const char *const variants[] = { VARIANT_NAMES, NULL };
static const char *const ui_modes[] = { "screen", "plain", NULL };
/* "" the environment's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG); the
 * others those of po/LINGUAS and English */
static const char *const ui_languages[] = { "", "en", "nl", "de", "fr",
	NULL };
static const char *const log_levels[] = { "error", "warn", "info", "debug",
	NULL };

#define P(f) offsetof(struct player_conf, f), sizeof ((struct player_conf *)0)->f
#define R(f) offsetof(struct game_rules, f), sizeof ((struct game_rules *)0)->f
/* rules.variant lives beside struct game_rules (a game's variant is its
 * start position's, not a rule): its offset is taken from the rules. */
#define RV offsetof(struct congo_conf, variant) - \
	offsetof(struct congo_conf, rules), \
	sizeof ((struct congo_conf *)0)->variant
_Static_assert(offsetof(struct congo_conf, variant) >
    offsetof(struct congo_conf, rules), "rules.variant follows the rules");
#define U(f) offsetof(struct ui_conf, f), sizeof ((struct ui_conf *)0)->f
#define N(f) offsetof(struct network_conf, f), \
	sizeof ((struct network_conf *)0)->f
#define S(f) offsetof(struct server_conf, f), \
	sizeof ((struct server_conf *)0)->f
#define B(f) offsetof(struct bot_conf, f), sizeof ((struct bot_conf *)0)->f
#define T(f) offsetof(struct tablebases_conf, f), \
	sizeof ((struct tablebases_conf *)0)->f

static const struct setting player_settings[] = {
	{ "type", K_CHOICE, P(type), 0, 0, player_types },
	{ "algorithm", K_CHOICE, P(algorithm), 0, 0, algorithms },
	{ "advisor", K_CHOICE, P(advisor), 0, 0, algorithms },
	{ "depth", K_INT, P(depth), 0, SEARCH_MAX_DEPTH, NULL },
	{ "level", K_INT, P(level), 0, SEARCH_LEVELS, NULL },
	{ "movetime_ms", K_INT, P(movetime_ms), 0, 3600000, NULL },
	{ "nodes", K_LONG, P(nodes), 0, LONG_MAX, NULL },
	{ "threads", K_INT, P(threads), 1, SEARCH_MAX_THREADS, NULL },
	{ "hash_mb", K_INT, P(hash_mb), SEARCH_HASH_MB_MIN,
	    SEARCH_HASH_MB_MAX, NULL },
	{ "seed", K_ULONG, P(seed), 0, LLONG_MAX, NULL },
	{ NULL, 0, 0, 0, 0, 0, NULL }
};

static const struct setting rules_settings[] = {
	{ "repetition", K_BOOL, R(repetition), 0, 0, NULL },
	{ "quiet_plies", K_INT, R(quiet_plies), 0, 10000, NULL },
	{ "variant", K_CHOICE, RV, 0, 0, variants },
	{ NULL, 0, 0, 0, 0, 0, NULL }
};

static const struct setting ui_settings[] = {
	{ "color", K_BOOL, U(color), 0, 0, NULL },
	{ "unicode", K_BOOL, U(unicode), 0, 0, NULL },
	{ "flip", K_BOOL, U(flip), 0, 0, NULL },
	{ "ai_delay_ms", K_INT, U(ai_delay_ms), 0, 60000, NULL },
	{ "mouse", K_BOOL, U(mouse), 0, 0, NULL },
	{ "save_dir", K_STRING, U(save_dir), 0, 0, NULL },
	{ "warn", K_BOOL, U(warn), 0, 0, NULL },
	{ "bell", K_BOOL, U(bell), 0, 0, NULL },
	{ "analysis_lines", K_INT, U(analysis_lines), 1, 5, NULL },
	{ "mode", K_CHOICE, U(mode), 0, 0, ui_modes },
	{ "language", K_CHOICE, U(language), 0, 0, ui_languages },
	{ NULL, 0, 0, 0, 0, 0, NULL }
};

static const struct setting network_settings[] = {
	{ "host", K_SERVER, N(host), 0, 0, NULL },
	{ "port", K_INT, N(port), 1, 65535, NULL },
	{ "name", K_NAME, N(name), 0, 0, NULL },
	{ "account", K_ACCOUNT, N(account), 0, 0, NULL },
	{ NULL, 0, 0, 0, 0, 0, NULL }
};

static const struct setting server_settings[] = {
	{ "bind", K_STRING, S(bind), 0, 0, NULL },
	{ "http", K_STRING, S(http), 0, 0, NULL },
	{ "port", K_INT, S(port), 1, 65535, NULL },
	{ "db", K_STRING, S(db), 0, 0, NULL },
	{ "max_connections", K_INT, S(max_connections), 1, 100000, NULL },
	{ "max_per_address", K_INT, S(max_per_address), 1, 100000, NULL },
	{ "games_per_minute", K_INT, S(games_per_minute), 1, 100000, NULL },
	{ "max_observers", K_INT, S(max_observers), 0, 100000, NULL },
	{ "abandon_after", K_INT, S(abandon_after), 1, 86400, NULL },
	{ "expire_after", K_INT, S(expire_after), 1, 31536000, NULL },
	{ "first_move", K_INT, S(first_move), 1, 86400, NULL },
	{ "rated_same_network", K_BOOL, S(rated_same_network), 0, 0, NULL },
	{ "log_level", K_CHOICE, S(log_level), 0, 0, log_levels },
	{ NULL, 0, 0, 0, 0, 0, NULL }
};

static const char *const bot_rated[] = { "", "yes", "no", "both", NULL };
static const char *const bot_on_stop[] = { "", "finish", "resign", NULL };

static const struct setting bot_settings[] = {
	{ "connect", K_STRING, B(connect), 0, 0, NULL },
	{ "account", K_ACCOUNT, B(account), 0, 0, NULL },
	{ "level", K_INT, B(level), 1, 10, NULL },
	{ "full", K_BOOL, B(full), 0, 0, NULL },
	{ "variants", K_STRING, B(variants), 0, 0, NULL },
	{ "clocks", K_STRING, B(clocks), 0, 0, NULL },
	{ "days", K_STRING, B(days), 0, 0, NULL },
	{ "games_at_once", K_INT, B(games_at_once), 1, 32, NULL },
	{ "rated", K_CHOICE, B(rated), 0, 0, bot_rated },
	{ "on_stop", K_CHOICE, B(on_stop), 0, 0, bot_on_stop },
	{ "greeting", K_STRING, B(greeting), 0, 0, NULL },
	{ "tournaments", K_STRING, B(tournaments), 0, 0, NULL },
	{ NULL, 0, 0, 0, 0, 0, NULL }
};

static const struct setting tablebases_settings[] = {
	{ "path", K_STRING, T(path), 0, 0, NULL },
	{ NULL, 0, 0, 0, 0, 0, NULL }
};

static const struct group groups[] = {
	{ "white", offsetof(struct congo_conf, white), player_settings },
	{ "black", offsetof(struct congo_conf, black), player_settings },
	{ "rules", offsetof(struct congo_conf, rules), rules_settings },
	{ "ui", offsetof(struct congo_conf, ui), ui_settings },
	{ "network", offsetof(struct congo_conf, network), network_settings },
	{ "server", offsetof(struct congo_conf, server), server_settings },
	{ "tablebases", offsetof(struct congo_conf, tablebases),
	    tablebases_settings },
	{ "bot", offsetof(struct congo_conf, bot), bot_settings },
	{ NULL, 0, NULL }
};

/* Where a setting was written: its own file (it may be @include'd). */
static const char *
where(const config_setting_t *s, const char *path)
{
	const char *f = config_setting_source_file(s);

	return f != NULL ? f : path;
}

static void
choices_text(const char *const *ch, char *buf, size_t n)
{
	size_t len = 0;
	int i, count;

	for (count = 0; ch[count] != NULL; count++)
		;
	buf[0] = '\0';
	for (i = 0; i < count; i++) {
		/* the last one "or" the others: ("a", "b" or "c") */
		const char *sep = i == 0 ? "" : i == count - 1 ? _(" or ") :
		    ", ";
		int w = snprintf(buf + len, n - len, "%s\"%s\"", sep, ch[i]);
		if (w < 0 || (size_t)w >= n - len)
			return;
		len += (size_t)w;
	}
}

/* An integer setting (K_INT, K_LONG, K_ULONG) checked against its range
 * and stored at dst. Returns 0, or -1 with a message in msg. */
static int
apply_integer(const struct setting *d, const char *full,
    const config_setting_t *s, void *dst, char *msg, size_t n)
{
	int type = config_setting_type(s);
	long long v;

	if (type != CONFIG_TYPE_INT && type != CONFIG_TYPE_INT64) {
		snprintf(msg, n, _("%s must be an integer"), full);
		return -1;
	}
	v = config_setting_get_int64(s);
	if (v < d->min || v > d->max) {
		if (d->max >= LONG_MAX)
			snprintf(msg, n, _("%s must be %lld or more"),
			    full, d->min);
		else
			snprintf(msg, n, _("%s must be %lld..%lld"),
			    full, d->min, d->max);
		return -1;
	}
	if (d->kind == K_INT)
		*(int *)dst = (int)v;
	else if (d->kind == K_LONG)
		*(long *)dst = (long)v;
	else
		*(unsigned long *)dst = (unsigned long)v;
	return 0;
}

/* A string checked by its kind: 1 when it is stored already (one of the
 * choices), 0 when it is good, -1 with a message in msg. */
static int
check_string(const struct setting *d, const char *full, const char *str,
    size_t len, void *dst, char *msg, size_t n)
{
	char list[128];

	switch (d->kind) {
	case K_CHOICE:
		for (int i = 0; d->choices[i] != NULL; i++) {
			if (strcmp(str, d->choices[i]) == 0) {
				strcpy(dst, str);
				return 1;
			}
		}
		choices_text(d->choices, list, sizeof list);
		/* list: the choices, "a", "b" or "c" */
		snprintf(msg, n, _("%s must be %s"), full, list);
		return -1;
	case K_NAME:
		if (!config_name_valid(str)) {
			snprintf(msg, n, _("%s must be 1..%d letters, digits, "
			    "'-', '_' or '.'"), full, CONF_NAME_MAX - 1);
			return -1;
		}
		break;
	case K_SERVER:
		if (!config_server_valid(str)) {
			snprintf(msg, n, _("%s must be \"\" (none), HOST, "
			    "HOST:PORT or tls://HOST[:PORT], not '%.80s'"),
			    full, str);
			return -1;
		}
		break;
	case K_ACCOUNT:
		if (len > 0 && (len < 3 || len > 20 || strspn(str,
		    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		    "0123456789_-") != len)) {
			snprintf(msg, n, _("%s must be \"\" or an account's "
			    "name: 3..20 letters, digits, '_' or '-'"), full);
			return -1;
		}
		break;
	default:
		break;
	}
	return 0;
}

/* One of the string kinds checked and stored at dst. Returns 0, or -1
 * with a message in msg. */
static int
apply_string(const struct setting *d, const char *full,
    const config_setting_t *s, void *dst, char *msg, size_t n)
{
	const char *str;
	size_t len;
	int rc;

	if (config_setting_type(s) != CONFIG_TYPE_STRING) {
		snprintf(msg, n, _("%s must be a string"), full);
		return -1;
	}
	str = config_setting_get_string(s);
	len = strlen(str);
	if ((rc = check_string(d, full, str, len, dst, msg, n)) != 0)
		return rc < 0 ? -1 : 0;
	if (len >= d->size) {
		snprintf(msg, n, _("%s must be at most %zu characters"), full,
		    d->size - 1);
		return -1;
	}
	memcpy(dst, str, len + 1);
	return 0;
}

/* Check one value and store it at dst. Returns 0, or -1 with a message
 * (without FILE:LINE) in msg. */
static int
apply_one(const struct setting *d, const char *full, const config_setting_t *s,
    void *dst, char *msg, size_t n)
{
	switch (d->kind) {
	case K_BOOL:
		if (config_setting_type(s) != CONFIG_TYPE_BOOL) {
			snprintf(msg, n, _("%s must be true or false"), full);
			return -1;
		}
		*(bool *)dst = config_setting_get_bool(s) != 0;
		return 0;
	case K_INT:
	case K_LONG:
	case K_ULONG:
		return apply_integer(d, full, s, dst, msg, n);
	default:
		/* The string kinds. */
		return apply_string(d, full, s, dst, msg, n);
	}
}

/* (Added) Edit distance, for "did you mean": small words only. */
static int
distance(const char *a, const char *b)
{
	int la = (int)strlen(a), lb = (int)strlen(b), i, j;
	int d[33][33];

	if (la > 32 || lb > 32)
		return 99;
	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			d[i][j] = best;
		}
	return d[la][lb];
}

/* The known name nearest to name (a prefix of it counts), or NULL. */
static const char *
near_name(const char *name, const struct setting *list,
    const struct group *gl)
{
	const char *best = NULL, *cand;
	int bd = 3, dd, i;

	for (i = 0; ; i++) {
		cand = list != NULL ? list[i].name : gl[i].name;
		if (cand == NULL)
			break;
		dd = strncmp(cand, name, strlen(name)) == 0 ? 1 :
		    distance(name, cand);
		if (dd < bd) {
			bd = dd;
			best = cand;
		}
	}
	if (list == NULL && distance(name, "clock") < bd)
		best = "clock";
	return best;
}

static void
warn_unknown(void (*warn)(const char *), const config_setting_t *s,
    const char *path, const struct group *group)
{
	char msg[512], body[384], hint[80] = "";
	const char *name = config_setting_name(s), *near;

	if (warn == NULL)
		return;
	if (name == NULL)
		name = "?";
	near = near_name(name, group != NULL ? group->settings : NULL, groups);
	if (near != NULL)
		snprintf(hint, sizeof hint, _(" (did you mean %s%s%s?)"),
		    group != NULL ? group->name : "", group != NULL ? "." : "",
		    near);
	if (group != NULL)
		snprintf(body, sizeof body, _("unknown setting '%s.%s'%s"),
		    group->name, name, hint);
	else
		snprintf(body, sizeof body, _("unknown setting '%s'%s"), name,
		    hint);
	/* FILE:LINE: as a compiler's, in every language */
	snprintf(msg, sizeof msg, "%s:%d: %s", where(s, path),
	    config_setting_source_line(s), body);
	warn(msg);
}

static int
apply_group(struct congo_conf *c, const struct group *g,
    const config_setting_t *gs, const char *path,
    void (*warn)(const char *), char *err, size_t errlen)
{
	char full[96], msg[256];
	int i, n;

	if (config_setting_type(gs) != CONFIG_TYPE_GROUP) {
		snprintf(msg, sizeof msg, _("%s must be a group: %s = { ... };"),
		    g->name, g->name);
		snprintf(err, errlen, "%s:%d: %s", where(gs, path),
		    config_setting_source_line(gs), msg);
		return -1;
	}
	n = config_setting_length(gs);
	for (i = 0; i < n; i++) {
		const config_setting_t *s = config_setting_get_elem(gs, i);
		const char *name = config_setting_name(s);
		const struct setting *d;

		if (name != NULL && g->settings == server_settings &&
		    strcmp(name, "tournaments") == 0) {
			if (config_tournaments(&c->server, s, path, err,
			    errlen) != 0)
				return -1;
			continue;
		}
		for (d = g->settings; d->name != NULL; d++)
			if (name != NULL && strcmp(d->name, name) == 0)
				break;
		if (d->name == NULL) {
			warn_unknown(warn, s, path, g);
			continue;
		}
		snprintf(full, sizeof full, "%s.%s", g->name, d->name);
		if (apply_one(d, full, s, (char *)c + g->off + d->off, msg,
		    sizeof msg) != 0) {
			snprintf(err, errlen, "%s:%d: %s", where(s, path),
			    config_setting_source_line(s), msg);
			return -1;
		}
	}
	return 0;
}

int
config_apply(struct congo_conf *c, const config_t *cf, const char *path,
    void (*warn)(const char *msg), char *err, size_t errlen)
{
	const config_setting_t *root = config_root_setting(cf);
	int i, n = config_setting_length(root);

	for (i = 0; i < n; i++) {
		const config_setting_t *s = config_setting_get_elem(root, i);
		const char *name = config_setting_name(s);
		const struct group *g;

		if (name != NULL && strcmp(name, "clock") == 0) {
			/* (Added) clock = "5+3"; checked by the game. */
			if (config_setting_type(s) != CONFIG_TYPE_STRING ||
			    strlen(config_setting_get_string(s)) >=
			    sizeof c->clock) {
				snprintf(err, errlen, "%s:%d: %s",
				    where(s, path),
				    config_setting_source_line(s),
				    _("clock must be a string such as \"5+3\" "
				    "(minutes + seconds)"));
				return -1;
			}
			strcpy(c->clock, config_setting_get_string(s));
			continue;
		}
		for (g = groups; g->name != NULL; g++)
			if (name != NULL && strcmp(g->name, name) == 0)
				break;
		if (g->name == NULL) {
			warn_unknown(warn, s, path, NULL);
			continue;
		}
		if (apply_group(c, g, s, path, warn, err, errlen) != 0)
			return -1;
	}
	return 0;
}
