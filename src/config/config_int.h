/*
 * config_int.h: inside the config module only.
 */
#ifndef CONGO_CONFIG_INT_H
#define CONGO_CONFIG_INT_H

#include <libconfig.h>

#include "config/config.h"

/*
 * Copy the settings of a parsed file into *c, checking each one's type and
 * range. path names the file in messages when libconfig does not know it.
 * Returns 0, or -1 with "FILE:LINE: message" in err.
 */
int config_apply(struct congo_conf *c, const config_t *cf, const char *path,
    void (*warn)(const char *msg), char *err, size_t errlen);

/* server.tournaments (config_sched.c): 0, or -1 with "FILE:LINE: ..." in
 * err (file when libconfig does not know it). */
int config_tournaments(struct server_conf *sc, const config_setting_t *ls,
    const char *file, char *err, size_t errlen);

#endif
