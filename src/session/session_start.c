/*
 * session_start.c: the game's options applied over the settings, and the
 * start-up both views share (session_start.h): the session, the first
 * game, the kept game.
 */

#include <stdio.h>
#include <string.h>

#include "engine/fen.h"
#include "engine/game.h"
#include "record/record.h"
#include "session/session_keep.h"
#include "session/session_player.h"
#include "session/session_start.h"
#include "util/i18n.h"

void
session_opts_init(struct session_opts *o)
{
	memset(o, 0, sizeof *o);
	o->depth = -1;
	o->movetime_ms = -1;
	o->net.port = -1;
	o->net.seat = -1;
}

bool
session_opts_choose_game(const struct session_opts *o)
{
	return o->white != NULL || o->black != NULL || o->fen != NULL ||
	    o->load != NULL || o->variant != NULL || o->clock != NULL ||
	    o->game > 0 || o->net.any;
}

void
session_opts_net_game(const struct session_opts *o,
    struct session_net_game *ng)
{
	memset(ng, 0, sizeof *ng);
	ng->fen = o->fen;
	ng->clock = o->clock;
	ng->load = o->load;
	ng->local_given[WHITE] = o->white != NULL;
	ng->local_given[BLACK] = o->black != NULL;
}

int
session_opts_apply(const struct session_opts *o, struct congo_conf *c,
    char *err, size_t errlen)
{
	if (o->variant != NULL)
		snprintf(c->variant, sizeof c->variant, "%s", o->variant);
	if (o->white != NULL &&
	    session_player_type_parse(o->white, &c->white, err, errlen) < 0)
		return -1;
	if (o->black != NULL &&
	    session_player_type_parse(o->black, &c->black, err, errlen) < 0)
		return -1;
	/* Fair play (issue 36): the local seat of a rated network game is
	 * the player's own, never the computer's. */
	if (o->net.rated && ((o->white != NULL && o->net.seat != BLACK &&
	    strcmp(c->white.type, "human") != 0) || (o->black != NULL &&
	    o->net.seat != WHITE && strcmp(c->black.type, "human") != 0))) {
		snprintf(err, errlen, _("--rated: in a rated game you play "
		    "your seat yourself, not the computer (fair play): --%s %s "
		    "is for casual games"), o->white != NULL && o->net.seat !=
		    BLACK && strcmp(c->white.type, "human") != 0 ? "white" :
		    "black", o->white != NULL && o->net.seat != BLACK &&
		    strcmp(c->white.type, "human") != 0 ? o->white : o->black);
		return -1;
	}
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

/* --load FILE (path: found as session_find_saved says). */
static int
setup_load(struct session *s, const struct session_opts *o, const char *path,
    char *err, size_t errlen)
{
	struct board start;

	if (o->game == 0 && record_count_games(path, err, errlen) > 1) {
		/* A file of several games: the list to pick one from. */
		if (fen_read(&start, FEN_START, err, errlen) < 0 ||
		    session_pick_open(s, path) < 0)
			return -1;
		s->start = start;
		return 0;
	}
	if (session_load(s, path, o->game) < 0) {
		snprintf(err, errlen, "%s", s->msg.text);
		return -1;
	}
	return 0;
}

static int
setup_game(struct session *s, const struct session_opts *o, int variant,
    char *err, size_t errlen)
{
	struct board start;
	const char *fen = o->fen != NULL ? o->fen : variant_start_fen(variant);
	char load[CONF_PATH_MAX + 64];

	if (o->load != NULL) {
		/* where :save NAME wrote it, if not here */
		session_find_saved(s, o->load, load, sizeof load);
		return setup_load(s, o, load, err, errlen);
	}
	if (o->game > 0) {
		snprintf(err, errlen, _("--game N goes with --load FILE (or "
		    "with --connect for a network game)"));
		return -1;
	}
	if (fen_read_variant(&start, variant, fen, strlen(fen), err,
	    errlen) < 0) {
		size_t n = strlen(err);
		if (n + 8 < errlen) {
			memmove(err + 7, err, n + 1);
			memcpy(err, "--fen: ", 7);
		}
		return -1;
	}
	s->start = start;
	return 0;
}

int
session_start_game(struct session *s, const struct session_start *st,
    char *err, size_t errlen)
{
	const struct congo_conf *conf = &st->conf;
	int variant = variant_parse(conf->variant);

	if (session_init(s, conf, err, errlen) < 0)
		return -1;
	s->typed = st->o.plain;
	s->warn = conf->ui.warn;
	if (conf->clock[0] != '\0' && session_set_clock(s, conf->clock) < 0) {
		snprintf(err, errlen, "%s: %s", conf->source[0] != '\0' ?
		    conf->source : "congo.conf", s->msg.text);
		return -1;
	}
	if (st->o.clock != NULL && session_set_clock(s, st->o.clock) < 0) {
		snprintf(err, errlen, "--%s", s->msg.text);
		return -1;
	}
	if (setup_game(s, &st->o, variant > 0 ? variant : VARIANT_CONGO, err,
	    errlen) < 0)
		return -1;
	session_tables_check(s, s->have_game ? s->game.variant :
	    s->start.variant);
	return 0;
}

bool
session_start_keep(struct session *s, const struct session_start *st)
{
	char desc[128], err[CONF_PATH_MAX + 512];
	int rc;

	s->keep_path[0] = '\0';
	if (st->o.net.any || st->lo.learn || st->lo.puzzle ||
	    session_state_path(SESSION_KEEP_NAME, s->keep_path,
	    sizeof s->keep_path) < 0) {
		s->keep_path[0] = '\0';
		return false;
	}
	if (st->o.resume) {
		session_keep_resume(s);
		return true;
	}
	rc = session_keep_check(s->keep_path, &s->conf.rules, desc,
	    sizeof desc, err, sizeof err);
	if (rc < 0)
		session_msg(s, SM_ERROR, "%s", err);
	else if (rc > 0 && session_opts_choose_game(&st->o))
		/* not offered, not lost: said (session_keep.c) */
		session_msg(s, SM_NORMAL, _("a game is kept from last time "
		    "(%s): congo --resume plays it; this game's first move "
		    "moves it aside"), desc);
	else if (rc > 0)
		session_keep_offer(s, desc);
	return false;
}
