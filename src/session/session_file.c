/*
 * session_file.c: game records: saving (with the clock's TimeControl and
 * each move's %clk), loading one game of a file at its last position,
 * ready to review, with the record's players and clock.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/game.h"
#include "net/client/client.h"
#include "record/record.h"
#include "session/session.h"
#include "session/session_int.h"
#include "session/session_net.h"
#include "session/session_player.h"
#include "session/session_var.h"
#include "util/i18n.h"
#include "util/util.h"

/*
 * A bare name goes into the save folder (created when missing); a path is
 * taken as it is, "~/" being the home folder.
 */
static int
resolve(const struct session *s, const char *name, char *buf, size_t n,
    char *err, size_t errlen)
{
	char dir[CONF_PATH_MAX];
	const char *home = getenv("HOME");

	if (name[0] == '~' && name[1] == '/' && home != NULL) {
		snprintf(buf, n, "%s%s", home, name + 1);
		return 0;
	}
	if (strchr(name, '/') != NULL) {
		snprintf(buf, n, "%s", name);
		return 0;
	}
	if (record_dir(s->conf.ui.save_dir, dir, sizeof dir, err, errlen) < 0)
		return -1;
	snprintf(buf, n, "%s/%s", dir, name);
	return 0;
}

/*
 * The game as a record at path (temporary file, fsync, rename): tags
 * (Event, Date and the players filled in when missing, the clock's
 * TimeControl), the moves' notes (an analysis, a loaded record's) with
 * each move's clock, and the variations. 0, or -1 with err.
 */
static int record_out(struct session *s, const char *path, FILE *f,
    struct record_tags *tags, char *err, size_t errlen);

int
session_record_write(struct session *s, const char *path,
    struct record_tags *tags, char *err, size_t errlen)
{
	return record_out(s, path, NULL, tags, err, errlen);
}

/* :pgn: the record as :save writes it, for the view to copy (OSC 52). */
void
session_cmd_pgn(struct session *s, const struct session_cmd *cmd)
{
	struct record_tags tags = s->tags;
	char err[160], *text = NULL;
	size_t len = 0;
	FILE *f;

	(void)cmd;
	if (!s->have_game) {
		session_msg(s, SM_ERROR, _("no game to copy"));
		return;
	}
	f = open_memstream(&text, &len);
	if (f == NULL || record_out(s, NULL, f, &tags, err, sizeof err) < 0 ||
	    fclose(f) != 0) {
		session_msg(s, SM_ERROR, _("the record could not be written"));
		free(text);
		return;
	}
	free(s->clip_long);
	s->clip_long = text;
	snprintf(s->clip, sizeof s->clip, ngettext("the game record, %d ply",
	    "the game record, %d plies", (unsigned long)s->game.nply),
	    s->game.nply);
	s->want_clip = true;
}

static int
record_out(struct session *s, const char *path, FILE *f,
    struct record_tags *tags, char *err, size_t errlen)
{
	struct record_notes notes;
	char desc[64];
	int i, rc;

	if (record_tag_get(tags, "Event") == NULL) {
		/* The defaults, under the tags already set. */
		struct record_tags def;
		char w[64];
		if (!session_net_record_names(s, w, desc, sizeof w)) {
			session_player_describe(s->player[WHITE], w, sizeof w);
			session_player_describe(s->player[BLACK], desc,
			    sizeof desc);
		}
		record_tags_default(&def, w, desc);
		for (i = 0; i < tags->n; i++)
			record_tag_set(&def, tags->name[i], tags->value[i]);
		*tags = def;
	}
	session_notes_get(s, &notes);
	if (s->clocked) {
		clock_format_control(s->tc_base, s->tc_inc, desc, sizeof desc);
		record_tag_set(tags, "TimeControl", desc);
		for (i = 0; i < s->game.nply; i++)
			record_notes_at(&notes, i)->clk_ms = i + 1 <
			    s->clk_cap ? s->clk[i + 1][s->game.pos[i].side] :
			    -1;
	} else if (s->net != NULL && s->net->on && !s->net->rec.on &&
	    s->net->c != NULL && strcmp(s->net->clk_game,
	    net_client_game_id(s->net->c)) == 0)
		/* a network game's: as the server said them (issue 62) */
		for (i = 0; i < s->game.nply && i < SESSION_NET_CLK_MAX; i++)
			if (s->net->clk1[i] > 0)
				record_notes_at(&notes, i)->clk_ms =
				    s->net->clk1[i] - 1;
	session_tree_sync(s);
	if (f != NULL)
		rc = record_write_tree(f, &s->game, tags, &notes, &s->tree);
	else
		rc = record_save_tree(path, &s->game, tags, &notes, &s->tree,
		    err, errlen);
	record_notes_free(&notes);
	return rc;
}

/* The last part of a path, for a question that must stay short. */
static const char *
base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash != NULL && slash[1] != '\0' ? slash + 1 : path;
}

void
session_save(struct session *s, const char *name, bool now)
{
	char path[CONF_PATH_MAX + 64], def[64], err[256], q[160];
	struct stat st;

	if (name[0] == '\0') {
		record_default_name(def, sizeof def);
		name = def;
	}
	if (resolve(s, name, path, sizeof path, err, sizeof err) < 0) {
		session_msg(s, SM_ERROR, "%s", err);
		return;
	}
	/* Another file (or another game's save) is not replaced unasked;
	 * saving this game again where it was saved is. */
	if (!now && stat(path, &st) == 0 && !(s->saved_reset ==
	    s->reset_serial + 1 && strcmp(path, s->save_name) == 0)) {
		snprintf(q, sizeof q, _("%.100s exists: replace it?"),
		    base_name(path));
		session_ask(s, q, CMD_SAVE_NOW, path);
		return;
	}
	if (session_record_write(s, path, &s->tags, err, sizeof err) < 0) {
		session_msg(s, SM_ERROR, "%s", err);
		return;
	}
	snprintf(s->save_name, sizeof s->save_name, "%s", path);
	s->saved_reset = s->reset_serial + 1;
	session_msg(s, SM_GOOD, _("saved to %s"), path);
}

/* The record's players, when they name ours ("human", "alphabeta 1s"). */
static void
players_of(struct session *s, char *said, size_t n)
{
	static const char *const tag[2] = { "White", "Black" };
	struct player_conf pc;
	char word[32], err[160], num[16];
	const char *v;
	int c, level;
	size_t len = 0;

	said[0] = '\0';
	for (c = 0; c < 2; c++) {
		v = record_tag_get(&s->tags, tag[c]);
		if (v == NULL)
			continue;
		snprintf(word, sizeof word, "%.*s", (int)strcspn(v, " "), v);
		pc = c == WHITE ? s->conf.white : s->conf.black;
		/* "AI level 6 (Club player)", as the panel names a level. */
		if (strncmp(v, "AI level ", 9) == 0 &&
		    snprintf(num, sizeof num, "%.*s",
		    (int)strcspn(v + 9, " "), v + 9) > 0 &&
		    parse_int(num, 0, 1000, &level, NULL, 0) == 0) {
			snprintf(word, sizeof word, "ai:level=%d", level);
			pc.level = level;
		}
		if (session_player_type_parse(word, &pc, err, sizeof err) < 0) {
			len += (size_t)snprintf(said + len, n - len, "%s",
			    len ? "; " : "");
			if (len < n)
				len += (size_t)snprintf(said + len, n - len,
				    s->player[c]->human ? _("%s \"%s\" is not "
				    "a player here: human kept") : _("%s \"%s\" "
				    "is not a player here: the AI kept"),
				    _(tag[c]), v);
			continue;
		}
		if (strcmp(pc.type, s->player[c]->conf.type) != 0 ||
		    strcmp(pc.algorithm, s->player[c]->conf.algorithm) != 0 ||
		    pc.level != s->player[c]->conf.level)
			session_set_player(s, c, &pc);
	}
	/* Who plays on from here, named: a player kept is never silent. */
	for (c = 0; c < 2; c++) {
		char desc[96];
		session_player_label(s->player[c], desc, sizeof desc);
		if (len < n)
			len += (size_t)snprintf(said + len, n - len, "%s%s %s",
			    len ? (c == WHITE ? _("; playing: ") : ", ") :
			    (c == WHITE ? _("playing: ") : ", "), _(tag[c]),
			    desc);
	}
}

/* Game index of path loaded; own: the record's players become ours (a
 * file of this program's) and the load is said; else the players stay
 * (another's record, reviewed) and nothing but an error is said. */
static int
load(struct session *s, const char *path, int index, bool own)
{
	char err[512], said[256], tc[32];
	struct game g;
	struct record_tags tags;
	struct record_notes notes;
	int64_t *clk = NULL, base, inc;
	FILE *f;
	int i, n;

	memset(&tags, 0, sizeof tags);
	f = fopen(path, "r");
	if (f == NULL) {
		session_msg(s, SM_ERROR, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (record_read_notes(f, path, index, &g, &tags, &s->conf.rules,
	    &notes, err, sizeof err) < 0) {
		fclose(f);
		record_notes_free(&notes);
		session_msg(s, SM_ERROR, "%s", err);
		return -1;
	}
	fclose(f);
	/* (Added) the clocks of the moves' notes */
	if (g.nply > 0) {
		clk = xmalloc(sizeof *clk * (size_t)g.nply);
		for (i = 0; i < g.nply; i++)
			clk[i] = i < notes.n ? notes.at[i].clk_ms : -1;
	}
	if (s->have_game) {
		session_cancel_turns(s);
		game_free(&s->game);
	}
	s->game = g;
	s->kept = false;    /* a kept game stays until this one has a move */
	session_var_loaded(s, path, index);     /* its variations */
	s->have_game = true;
	s->start = g.pos[0];
	s->tags = tags;
	for (int c = 0; c < 2; c++)
		if (s->player[c]->ops->reset != NULL)
			s->player[c]->ops->reset(s, s->player[c]);
	said[0] = '\0';
	if (own)
		players_of(s, said, sizeof said);
	/* The record's clock, its times move by move. */
	s->clocked = false;
	if (record_tag_get(&tags, "TimeControl") != NULL &&
	    clock_parse_seconds(record_tag_get(&tags, "TimeControl"), &base,
	    &inc, err, sizeof err) == 0) {
		s->clocked = true;
		s->tc_base = base;
		s->tc_inc = inc;
		clock_init(&s->clock, base, inc);
		n = s->game.nply + s->game.nredo;
		if (n + 1 >= s->clk_cap) {
			s->clk_cap = n + 64;
			s->clk = xreallocarray(s->clk, (size_t)s->clk_cap,
			    sizeof *s->clk);
		}
		s->clk[0][WHITE] = s->clk[0][BLACK] = base;
		for (i = 0; i < s->game.nply; i++) {
			int mover = s->game.pos[i].side;
			s->clk[i + 1][!mover] = s->clk[i][!mover];
			s->clk[i + 1][mover] = clk != NULL && clk[i] >= 0 ?
			    clk[i] : s->clk[i][mover];
		}
	}
	free(clk);
	s->advice[0] = '\0';
	s->advice_move = MOVE_NONE;
	s->step = false;
	s->asking = false;
	s->review = -1;
	s->flagged = -1;
	s->last_move_at = s->now();
	s->serial++;
	s->reset_serial++;
	session_notes_set(s, &notes);   /* after the game is ours */
	snprintf(s->save_name, sizeof s->save_name, "%s", path);
	/* Ready to review: at the last position, nothing plays by itself. */
	s->paused = session_ai_vs_ai(s) && !game_over(&s->game);
	session_clock_restore(s);
	if (!own) {
		session_turn(s);
		return 0;
	}
	tc[0] = '\0';
	if (s->clocked)     /* minutes + seconds, as --clock takes it */
		clock_format_minutes(s->tc_base, s->tc_inc, tc, sizeof tc);
	session_msg(s, SM_GOOD, s->typed ? ngettext("loaded %s (%d ply%s%s)"
	    "%s%s%s; back reviews", "loaded %s (%d plies%s%s)%s%s%s; back "
	    "reviews", (unsigned long)s->game.nply) : ngettext("loaded %s "
	    "(%d ply%s%s)%s%s%s; [ reviews", "loaded %s (%d plies%s%s)%s%s%s; "
	    "[ reviews", (unsigned long)s->game.nply), path, s->game.nply,
	    tc[0] ? _(", clock ") : "", tc,
	    !s->paused ? "" : s->typed ? _(": paused, pause resumes") :
	    _(": paused, p resumes"), said[0] ? ". " : "", said);
	session_turn(s);
	return 0;
}

void
session_find_saved(const struct session *s, const char *name, char *buf,
    size_t n)
{
	char path[CONF_PATH_MAX + 64], err[160];

	snprintf(buf, n, "%s", name);
	if (access(name, F_OK) == 0 || strchr(name, '/') != NULL)
		return;
	if (resolve(s, name, path, sizeof path, err, sizeof err) == 0 &&
	    access(path, F_OK) == 0 && strlen(path) < n)
		snprintf(buf, n, "%s", path);
}

int
session_load(struct session *s, const char *path, int index)
{
	return load(s, path, index, true);
}

int
session_load_review(struct session *s, const char *path)
{
	return load(s, path, 0, false);
}

void
session_load_cmd(struct session *s, const char *arg, bool now)
{
	char name[SESSION_CMD_ARG_MAX], path[CONF_PATH_MAX + 64], err[256];
	char q[160];
	const char *sp = strrchr(arg, ' ');
	int index = 0, n;

	/* A game in progress is not left unasked (a game of this machine:
	 * a network game cannot load). */
	if (!now && session_in_game(s)) {
		snprintf(q, sizeof q, _("Leave this game to load %.80s?%s"),
		    base_name(arg), s->kept ? _(" (it stays kept until the "
		    "loaded one has a move)") : "");
		session_ask(s, q, CMD_LOAD_NOW, arg);
		return;
	}

	snprintf(name, sizeof name, "%s", arg);
	if (sp != NULL && sp[1] != '\0' && strspn(sp + 1, "0123456789") ==
	    strlen(sp + 1)) {
		name[sp - arg] = '\0';
		if (parse_int(sp + 1, 1, INT32_MAX, &index, NULL, 0) != 0) {
			session_msg(s, SM_ERROR, _("games are counted from 1"));
			return;
		}
	}
	if (resolve(s, name, path, sizeof path, err, sizeof err) < 0) {
		session_msg(s, SM_ERROR, "%s", err);
		return;
	}
	if (index == 0 && (n = record_count_games(path, err,
	    sizeof err)) > 1) {
		/* A list to pick from (or :load FILE N). */
		session_pick_open(s, path);
		session_msg(s, SM_NORMAL, _("%s holds %d games: choose one (or "
		    ":load %s N)"), path, n, name);
		return;
	}
	session_load(s, path, index);
}


/* ---- a list of the games of a file ---- */

static void
pick_line(void *ctx, int index, const struct game *g,
    const struct record_tags *t)
{
	struct session_pick *p = ctx;
	const char *w = record_tag_get(t, "White"), *b = record_tag_get(t,
	    "Black");
	char ws[25], bs[25];     /* (%.24s, whole characters) */

	if (p->n % 64 == 0)
		p->line = xreallocarray(p->line, (size_t)p->n + 64,
		    sizeof *p->line);
	/* the players as a person reads them */
	session_player_name_shown(w != NULL ? w : "?", ws, sizeof ws);
	session_player_name_shown(b != NULL ? b : "?", bs, sizeof bs);
	snprintf(p->line[p->n++], SESSION_PICK_LINE, ngettext("%4d. %.24s - "
	    "%.24s  %s  (%d ply)", "%4d. %.24s - %.24s  %s  (%d plies)",
	    (unsigned long)g->nply), index, ws, bs,
	    record_result_text(g->result), g->nply);
}

int
session_pick_open(struct session *s, const char *path)
{
	struct session_pick *p = &s->pick;
	char err[256];

	session_pick_close(s);
	snprintf(p->path, sizeof p->path, "%s", path);
	if (record_list(path, pick_line, p, &s->conf.rules, err,
	    sizeof err) < 0) {
		session_msg(s, SM_ERROR, "%s", err);
		session_pick_close(s);
		return -1;
	}
	p->sel = 0;
	p->open = true;
	s->dirty = true;
	return 0;
}

void
session_pick_move(struct session *s, int delta)
{
	struct session_pick *p = &s->pick;

	p->sel = util_clamp(p->sel + delta, 0, p->n - 1);
	s->dirty = true;
}

void
session_pick_choose(struct session *s)
{
	char path[sizeof s->pick.path];
	int index = s->pick.sel + 1;

	snprintf(path, sizeof path, "%s", s->pick.path);
	session_pick_close(s);
	session_load(s, path, index);
}

void
session_pick_close(struct session *s)
{
	free(s->pick.line);
	memset(&s->pick, 0, sizeof s->pick);
	s->dirty = true;
}
