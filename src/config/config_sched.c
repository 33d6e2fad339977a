/*
 * config_sched.c: the server group's tournaments (issue 60), a list of
 * groups, each a tournament the server makes every day at a UTC time:
 *   tournaments = ( { kind = "arena"; name = "Evening"; at = "20:00";
 *     minutes = 60; clock = "3+2"; variant = "congo"; rated = true; } );
 * Each value checked here; a wrong one "FILE:LINE: ..." as the others.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <stdint.h>

#include "clock/clock.h"
#include "config/config_int.h"
#include "util/i18n.h"

/* A name: 1-40 of A-Za-z0-9_- (TOURNEY's name=). */
static bool
name_ok(const char *v)
{
	size_t n = strlen(v);

	if (n < 1 || n > 40)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)v[i]) && v[i] != '-' && v[i] != '_')
			return false;
	return true;
}

/* "HH:MM" into minutes after midnight, -1 when it is not one. */
static int
at_of(const char *v)
{
	if (strlen(v) != 5 || !isdigit((unsigned char)v[0]) ||
	    !isdigit((unsigned char)v[1]) || v[2] != ':' ||
	    !isdigit((unsigned char)v[3]) || !isdigit((unsigned char)v[4]))
		return -1;
	int h = (v[0] - '0') * 10 + v[1] - '0', m = (v[3] - '0') * 10 +
	    v[4] - '0';
	return h < 24 && m < 60 ? h * 60 + m : -1;
}

/* "M+S": the game's form of a time control, as clock_parse_minutes reads
 * it everywhere (1 s to 24 h, an increment of 0 to 600 s). */
static bool
clock_ok(const char *v)
{
	int64_t base, inc;

	return clock_parse_minutes(v, &base, &inc, NULL, 0) == 0;
}

static const char *
str_of(const config_setting_t *s)
{
	return config_setting_type(s) == CONFIG_TYPE_STRING ?
	    config_setting_get_string(s) : NULL;
}

static int
int_of(const config_setting_t *s, int lo, int hi)
{
	int v;

	if (config_setting_type(s) != CONFIG_TYPE_INT)
		return -1;
	v = config_setting_get_int(s);
	return v >= lo && v <= hi ? v : -1;
}

/* One setting of an entry into t: NULL, or what it must be. */
static const char *
one(struct tsched_conf *t, const config_setting_t *s)
{
	const char *name = config_setting_name(s), *v = str_of(s);

	if (name == NULL)
		return "a setting";
	if (strcmp(name, "kind") == 0) {
		if (v == NULL || (strcmp(v, "arena") && strcmp(v, "swiss")))
			return "kind = \"arena\"|\"swiss\"";
		snprintf(t->kind, sizeof t->kind, "%s", v);
	} else if (strcmp(name, "name") == 0) {
		if (v == NULL || !name_ok(v))
			return "name = 1-40 of A-Za-z0-9_-";
		snprintf(t->name, sizeof t->name, "%s", v);
	} else if (strcmp(name, "at") == 0) {
		if (v == NULL || (t->at = at_of(v)) < 0)
			return "at = \"HH:MM\" (UTC)";
	} else if (strcmp(name, "minutes") == 0) {
		if ((t->minutes = int_of(s, 10, 720)) < 0)
			return "minutes = 10..720";
	} else if (strcmp(name, "rounds") == 0) {
		if ((t->rounds = int_of(s, 3, 15)) < 0)
			return "rounds = 3..15";
	} else if (strcmp(name, "clock") == 0) {
		if (v == NULL || !clock_ok(v) || strlen(v) >= sizeof t->clock)
			return "clock = \"M+S\" (minutes + seconds)";
		snprintf(t->clock, sizeof t->clock, "%s", v);
	} else if (strcmp(name, "variant") == 0) {
		if (v == NULL || (strcmp(v, "congo") && strcmp(v, "megapawn")))
			return "variant = \"congo\"|\"megapawn\"";
		snprintf(t->variant, sizeof t->variant, "%s", v);
	} else if (strcmp(name, "rated") == 0) {
		if (config_setting_type(s) != CONFIG_TYPE_BOOL)
			return "rated = true|false";
		t->rated = config_setting_get_bool(s);
	} else if (strcmp(name, "minrated") == 0) {
		if ((t->minrated = int_of(s, 0, 100)) < 0)
			return "minrated = 0..100";
	} else
		return "one of kind, name, at, minutes, rounds, clock, "
		    "variant, rated, minrated";
	return NULL;
}

/* What an entry still lacks: NULL, or what it must have. */
static const char *
missing(const struct tsched_conf *t)
{
	if (t->kind[0] == '\0')
		return "kind = \"arena\"|\"swiss\"";
	if (t->name[0] == '\0')
		return "name = 1-40 of A-Za-z0-9_-";
	if (t->at < 0)
		return "at = \"HH:MM\" (UTC)";
	if (t->kind[0] == 'a' && t->minutes <= 0)
		return "minutes = 10..720";
	if (t->kind[0] == 's' && t->rounds <= 0)
		return "rounds = 3..15";
	if (t->clock[0] == '\0')
		return "clock = \"M+S\" (minutes + seconds)";
	return NULL;
}

static int
fail(const config_setting_t *s, const char *file, int i, const char *what,
    char *err, size_t errlen)
{
	const char *f = config_setting_source_file(s);
	char msg[256];

	if (i < 0)
		snprintf(msg, sizeof msg, _("server.tournaments: %s"), what);
	else
		snprintf(msg, sizeof msg, _("server.tournaments entry %d: %s"),
		    i + 1, what);
	snprintf(err, errlen, "%s:%d: %s", f != NULL ? f : file,
	    config_setting_source_line(s), msg);
	return -1;
}

int
config_tournaments(struct server_conf *sc, const config_setting_t *ls,
    const char *file, char *err, size_t errlen)
{
	int n = config_setting_length(ls);
	const char *why;

	if (config_setting_type(ls) != CONFIG_TYPE_LIST &&
	    config_setting_type(ls) != CONFIG_TYPE_ARRAY)
		return fail(ls, file, -1, "a list ( { ... }, ... )", err,
		    errlen);
	if (n > CONF_TSCHED_MAX)
		return fail(ls, file, CONF_TSCHED_MAX, "at most 8 entries",
		    err, errlen);
	sc->ntsched = 0;
	for (int i = 0; i < n; i++) {
		const config_setting_t *e = config_setting_get_elem(ls, i);
		struct tsched_conf *t = &sc->tsched[i];

		memset(t, 0, sizeof *t);
		t->at = -1;
		snprintf(t->variant, sizeof t->variant, "congo");
		if (config_setting_type(e) != CONFIG_TYPE_GROUP)
			return fail(e, file, i, "a group { ... }", err, errlen);
		for (int j = 0; j < config_setting_length(e); j++) {
			const config_setting_t *s = config_setting_get_elem(e,
			    j);
			if ((why = one(t, s)) != NULL)
				return fail(s, file, i, why, err, errlen);
		}
		if ((why = missing(t)) != NULL)
			return fail(e, file, i, why, err, errlen);
		sc->ntsched = i + 1;
	}
	return 0;
}
