/*
 * session_keep.c: the game in progress kept as it goes (session_keep.h):
 * written after each move, takeback and result, removed when it ends,
 * offered and resumed at the next start, clocks included.
 */

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/game.h"
#include "record/record.h"
#include "session/session.h"
#include "session/session_int.h"
#include "session/session_keep.h"
#include "session/session_player.h"
#include "util/i18n.h"
#include "util/util.h"

static const char *const tag_of[2] = { "White", "Black" };

/* Kept here? Not a network game's (the server keeps it), a lesson's or a
 * puzzle's, nor while the kept one is still being offered. */
static bool
keeps(const struct session *s)
{
	/* (s->learn read here: session_learn_active would link src/learn
	 * into every user of the session) */
	return s->keep_path[0] != '\0' && s->have_game && s->net == NULL &&
	    !(s->learn != NULL && (s->learn->mode == SL_LESSON ||
	    s->learn->mode == SL_PUZZLE)) &&
	    !(s->asking && s->answer_cmd.type == CMD_RESUME);
}

/* Before a new game's first write: an unfinished game kept there (one
 * the resume question was declined for, or left for a new game or a
 * load) is moved aside, never written over: PATH without .pgn, then
 * -left-YYYYMMDD-HHMMSS.pgn (-2, -3... when taken), said on the message
 * line. -1 (nothing written) when it cannot be moved. */
static int
keep_aside_old(struct session *s)
{
	char desc[128], err[600], base[sizeof s->keep_path];
	char aside[sizeof s->keep_path + 64];
	char stamp[32];
	size_t len;
	time_t now = time(NULL);
	struct tm tm;
	int rc, i;

	rc = session_keep_check(s->keep_path, &s->conf.rules, desc,
	    sizeof desc, err, sizeof err);
	if (rc < 0) {
		session_msg(s, SM_ERROR, "%s", err);
		/* moved aside, or neither read nor moved: left alone */
		return access(s->keep_path, F_OK) == 0 ? -1 : 0;
	}
	if (rc == 0)
		return 0;
	snprintf(base, sizeof base, "%s", s->keep_path);
	len = strlen(base);
	if (len > 4 && strcmp(base + len - 4, ".pgn") == 0)
		base[len - 4] = '\0';
	localtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	for (i = 1; i < 100; i++) {
		if (i == 1)
			snprintf(aside, sizeof aside, "%s-left-%s.pgn", base,
			    stamp);
		else
			snprintf(aside, sizeof aside, "%s-left-%s-%d.pgn",
			    base, stamp, i);
		if (access(aside, F_OK) != 0)
			break;
	}
	if (i == 100 || rename(s->keep_path, aside) < 0) {
		session_msg(s, SM_ERROR, _("the game kept before (%s) cannot "
		    "be moved aside (%s), so this one is not kept"), desc,
		    i == 100 ? strerror(EEXIST) : strerror(errno));
		return -1;
	}
	session_msg(s, SM_NORMAL, _("the game kept before (%s) is now in %s "
	    "(:load plays it on)"), desc, aside);
	return 0;
}

static int
write_kept(struct session *s)
{
	struct record_tags tags = s->tags;
	char err[512], v[96];
	int c;

	if (!s->kept && keep_aside_old(s) < 0)
		return -1;

	/* The AI players as the panel names them ("AI level 3 (...)"):
	 * resuming plays them again. */
	for (c = 0; c < 2; c++)
		if (!s->player[c]->human &&
		    record_tag_get(&tags, "Event") != NULL) {
			session_player_describe(s->player[c], v, sizeof v);
			record_tag_set(&tags, tag_of[c], v);
		}
	if (s->clocked) {
		snprintf(v, sizeof v, "white %" PRId64 " black %" PRId64
		    " running %s", session_clock_left(s, WHITE),
		    session_clock_left(s, BLACK), s->clock.running == WHITE ?
		    "white" : s->clock.running == BLACK ? "black" : "none");
		record_tag_set(&tags, "Clocks", v);
	}
	if (session_record_write(s, s->keep_path, &tags, err,
	    sizeof err) < 0) {
		session_msg(s, SM_ERROR, _("the game cannot be kept: %s"), err);
		return -1;
	}
	s->kept = true;
	return 0;
}

int
session_keep(struct session *s)
{
	if (!keeps(s))
		return 0;
	if (s->game.nply == 0 || game_over(&s->game)) {
		/* Nothing left to resume: a finished game is not offered. */
		if (s->kept && unlink(s->keep_path) < 0 && errno != ENOENT)
			session_msg(s, SM_ERROR, "%s: %s", s->keep_path,
			    strerror(errno));
		s->kept = false;
		return 0;
	}
	return write_kept(s);
}

bool
session_keep_quit(struct session *s)
{
	if (!s->kept || !keeps(s) || s->game.nply == 0 || game_over(&s->game))
		return false;
	return write_kept(s) == 0;
}

/* A file that does not read goes aside (PATH.bad-YYYYMMDD-HHMMSS), its
 * name first in the message (the line may be cut), then why (the
 * reader's message names the file and line). */
static void
move_aside(const char *path, const char *why, char *err, size_t errlen)
{
	char aside[CONF_PATH_MAX + 64], stamp[32];
	time_t now = time(NULL);
	struct tm tm;

	localtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	snprintf(aside, sizeof aside, "%s.bad-%s", path, stamp);
	if (rename(path, aside) == 0)
		snprintf(err, errlen, _("the kept game does not read, moved "
		    "aside as %s (%s)"), strrchr(aside, '/') != NULL ?
		    strrchr(aside, '/') + 1 : aside, why);
	else
		snprintf(err, errlen, _("the kept game does not read (%s), "
		    "and cannot be moved aside: %s"), why, strerror(errno));
}

int
session_keep_check(const char *path, const struct game_rules *rules,
    char *desc, size_t n, char *err, size_t errlen)
{
	struct record_tags tags;
	struct record_notes notes;
	char why[400];
	struct game g;
	FILE *f;
	int rc;

	desc[0] = '\0';
	err[0] = '\0';
	if ((f = fopen(path, "r")) == NULL) {
		if (errno == ENOENT)
			return 0;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	rc = record_read_notes(f, path, 0, &g, &tags, rules, &notes, why,
	    sizeof why);
	fclose(f);
	record_notes_free(&notes);
	if (rc < 0) {
		move_aside(path, why, err, errlen);
		return -1;
	}
	rc = g.nply > 0 && !game_over(&g);
	if (rc) {
		/* the players as a person reads them ("AI level 1 (...)"
		 * translated; %.32s, whole characters) */
		char who[2][33];
		const char *name;
		for (int c = 0; c < 2; c++) {
			name = record_tag_get(&tags, c == WHITE ? "White" :
			    "Black");
			session_player_name_shown(name != NULL ? name : "?",
			    who[c], sizeof who[c]);
		}
		snprintf(desc, n, ngettext("%d move, %.32s - %.32s",
		    "%d moves, %.32s - %.32s",
		    (unsigned long)(g.nply + 1) / 2), (g.nply + 1) / 2,
		    who[WHITE], who[BLACK]);
	}
	game_free(&g);
	return rc;
}

void
session_keep_offer(struct session *s, const char *desc)
{
	char q[160];

	snprintf(q, sizeof q, _("Resume the game kept from last time (%s)?"),
	    desc);
	session_ask(s, q, CMD_RESUME, NULL);
	/* asked before the new game starts: it waits for the answer (two
	 * AIs do not play on behind the question) */
	session_cancel_turns(s);
	s->hold_turns = true;
}

/* The Clocks tag's times on the clock, and the tag gone from the game's
 * (a :save writes each move's %clk, not this). */
static void
clocks_of(struct session *s)
{
	const char *v = record_tag_get(&s->tags, "Clocks");
	struct record_tags rest;
	char wt[24], bt[24];
	uint64_t w, b;
	int i, n = s->game.nply;

	if (v == NULL)
		return;
	if (s->clocked && sscanf(v, "white %23s black %23s", wt, bt) == 2 &&
	    parse_u64(wt, 0, INT64_MAX, &w, NULL, 0) == 0 &&
	    parse_u64(bt, 0, INT64_MAX, &b, NULL, 0) == 0 && n < s->clk_cap) {
		s->clk[n][WHITE] = (int64_t)w;
		s->clk[n][BLACK] = (int64_t)b;
	}
	memset(&rest, 0, sizeof rest);
	for (i = 0; i < s->tags.n; i++)
		if (strcmp(s->tags.name[i], "Clocks") != 0)
			record_tag_set(&rest, s->tags.name[i],
			    s->tags.value[i]);
	s->tags = rest;
}

int
session_keep_resume(struct session *s)
{
	char desc[128], err[600];
	int rc = session_keep_check(s->keep_path, &s->conf.rules, desc,
	    sizeof desc, err, sizeof err);

	if (rc < 0) {
		session_msg(s, SM_ERROR, "%s", err);
		return -1;
	}
	if (rc == 0) {
		session_msg(s, SM_NORMAL, _("no game is kept to resume (%s)"),
		    s->keep_path);
		return -1;
	}
	if (session_load(s, s->keep_path, 0) < 0)
		return -1;
	session_cancel_turns(s);
	clocks_of(s);
	s->paused = false;
	s->save_name[0] = '\0';     /* :save names a file of its own */
	s->kept = true;
	session_clock_restore(s);
	session_msg(s, SM_GOOD, _("resumed the game kept in %s (%s)"),
	    s->keep_path, desc);
	session_turn(s);
	return 0;
}
