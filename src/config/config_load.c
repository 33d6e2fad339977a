/*
 * config_load.c: reading congo.conf, and the order in which the files are
 * looked for. The checks of each setting live in config_apply.c.
 */
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config/config_int.h"
#include "util/i18n.h"

#ifndef SYSCONFDIR
#define SYSCONFDIR "/etc"
#endif

int
config_load_file(struct congo_conf *c, const char *path,
    void (*warn)(const char *msg), char *err, size_t errlen)
{
	struct congo_conf tmp;
	struct stat st;
	config_t cf;
	FILE *f;
	char dir[CONF_PATH_MAX];
	int rc = -1;

	if (strlen(path) >= CONF_PATH_MAX) {
		snprintf(err, errlen, _("%.64s...: file name too long"), path);
		return -1;
	}
	/* libconfig only says "file I/O error": ask the system first. */
	f = fopen(path, "r");
	if (f == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	fclose(f);
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s: %s", path, strerror(EISDIR));
		return -1;
	}

	config_init(&cf);
	/* @include "x.conf" is relative to the including file's folder. */
	snprintf(dir, sizeof dir, "%s", path);
	config_set_include_dir(&cf, dirname(dir));
	if (config_read_file(&cf, path) != CONFIG_TRUE) {
		const char *file = config_error_file(&cf);
		const char *text = config_error_text(&cf);

		if (config_error_type(&cf) == CONFIG_ERR_FILE_IO || file == NULL)
			snprintf(err, errlen, "%s: %s", file ? file : path,
			    text ? text : _("cannot be read"));
		else
			snprintf(err, errlen, "%s:%d: %s", file,
			    config_error_line(&cf),
			    text ? text : _("syntax error"));
		goto out;
	}
	tmp = *c;
	if (config_apply(&tmp, &cf, path, warn, err, errlen) != 0)
		goto out;
	snprintf(tmp.source, sizeof tmp.source, "%s", path);
	*c = tmp;
	rc = 0;
out:
	config_destroy(&cf);
	return rc;
}

int
config_user_path(char *out, size_t n)
{
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");
	int w;

	/* The XDG spec: a relative XDG_CONFIG_HOME is ignored. */
	if (xdg != NULL && xdg[0] == '/')
		w = snprintf(out, n, "%s/congo/congo.conf", xdg);
	else if (home != NULL && home[0] != '\0')
		w = snprintf(out, n, "%s/.config/congo/congo.conf", home);
	else
		return -1;
	if (w < 0 || (size_t)w >= n)
		return -1;
	return 0;
}

/* Load path if it exists: 1 if it does not, 0 if loaded, -1 on error. */
static int
load_if_present(struct congo_conf *c, const char *path,
    void (*warn)(const char *), char *err, size_t errlen)
{
	struct stat st;

	if (stat(path, &st) != 0 && (errno == ENOENT || errno == ENOTDIR))
		return 1;
	return config_load_file(c, path, warn, err, errlen);
}

int
config_load_from(struct congo_conf *c, const char *explicit_path,
    const char *sysconfdir, void (*warn)(const char *msg), char *err,
    size_t errlen)
{
	char path[CONF_PATH_MAX];
	int rc;

	config_defaults(c);
	if (explicit_path != NULL)
		return config_load_file(c, explicit_path, warn, err, errlen);
	if (config_user_path(path, sizeof path) == 0) {
		rc = load_if_present(c, path, warn, err, errlen);
		if (rc <= 0)
			return rc;
	}
	if (sysconfdir != NULL) {
		snprintf(path, sizeof path, "%s/congo.conf", sysconfdir);
		rc = load_if_present(c, path, warn, err, errlen);
		if (rc <= 0)
			return rc;
	}
	return 0;
}

int
config_load(struct congo_conf *c, const char *explicit_path,
    void (*warn)(const char *msg), char *err, size_t errlen)
{
	return config_load_from(c, explicit_path, SYSCONFDIR, warn, err,
	    errlen);
}
