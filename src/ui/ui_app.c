/*
 * ui_app.c: the view's side of the commands (screens, scrolling, the
 * prompts, the piece set), the rest handed to the session; keeping the
 * selection in step with the session; Tab completion on the command line.
 */

#include <dirent.h>
#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "record/record.h"
#include "session/session_player.h"
#include "ui/ui_int.h"
#include "ui/ui_net.h"
#include "ui/ui_learn.h"
#include "util/i18n.h"

void
app_set_flip_default(struct ui_app *a)
{
	bool black_alone = a->s.player[BLACK]->human &&
	    !a->s.player[WHITE]->human;

	a->in.flipped = a->s.conf.ui.flip != black_alone;
}

void
app_screen_over(struct ui_app *a, enum ui_screen_id id)
{
	/* (the board when over another screen, as always before) */
	if (a->screen != SCR_HELP && a->screen != SCR_LOG)
		a->back = a->screen == SCR_LOBBY ? SCR_LOBBY : SCR_BOARD;
	a->screen = id;
	if (id == SCR_HELP)
		a->help_scroll = 0;
	else if (id == SCR_LOG)
		a->log_scroll = 0;
}

enum ui_screen_id
app_screen(const struct ui_app *a)
{
	if (a->s.asking)
		return SCR_CONFIRM;
	if (a->s.ng.open)
		return SCR_NEWGAME;
	if (a->s.pick.open)
		return SCR_PICK;
	if (a->s.edit.open && a->screen == SCR_BOARD)
		return SCR_EDIT;
	return a->screen;
}

void
app_sync(struct ui_app *a)
{
	struct session *s = &a->s;
	const struct board *b;

	ui_learn_sync(a);
	if (!s->have_game)
		return;
	b = game_board(&s->game);
	if (s->reset_serial != a->seen_reset) {
		ui_input_init(&a->in, b);
		/* The AI moves first: the cursor waits on the human's lion. */
		if (!s->player[b->side]->human && s->player[!b->side]->human &&
		    board_lion_sq(b, !b->side) >= 0)
			a->in.cursor = board_lion_sq(b, !b->side);
		a->scroll = 0;
		a->seen_reset = s->reset_serial;
		a->seen_serial = s->serial;
	}
	if (s->serial != a->seen_serial) {
		ui_input_clear(&a->in);
		a->scroll = 0;
		a->seen_serial = s->serial;
	}
	if (s->want_help) {
		s->want_help = false;
		app_screen_over(a, SCR_HELP);
	}
	if (s->want_clip) {
		/* :fen's position (:pgn's record) on the terminal's
		 * clipboard too. */
		s->want_clip = false;
		int rc = term_clipboard(s->clip_long != NULL ? s->clip_long :
		    s->clip);
		free(s->clip_long);
		s->clip_long = NULL;
		if (rc == 0)
			session_msg(s, SM_GOOD, _("%s  (copied)"), s->clip);
		else
			session_msg(s, SM_NORMAL, _("%s  (this terminal has no "
			    "clipboard sequence: copy it from the screen)"),
			    s->clip);
	}
	if (s->want_log) {
		s->want_log = false;
		app_screen_over(a, SCR_LOG);
	}
}

static void
prompt(struct ui_app *a, const char *verb)
{
	char text[CONF_PATH_MAX + 8], name[64];
	const char *base = a->s.save_name[0] != '\0' ?
	    strrchr(a->s.save_name, '/') : NULL;

	if (strcmp(verb, "save") == 0)
		record_default_name(name, sizeof name);
	else
		name[0] = '\0';
	snprintf(text, sizeof text, "%s %s", verb,
	    base != NULL ? base + 1 : name);
	/* The name is selected: typing replaces it, Right or End keeps it. */
	ui_input_cmdline_open(&a->in, text, true);
}

static void
unicode(struct ui_app *a)
{
	if (!a->unicode && strcmp(nl_langinfo(CODESET), "UTF-8") != 0) {
		session_msg(&a->s, SM_ERROR, _("the Unicode pieces need a "
		    "UTF-8 locale (this one is %s, e.g. LANG=C): keeping "
		    "letters"), nl_langinfo(CODESET));
		return;
	}
	a->unicode = !a->unicode;
	session_msg(&a->s, SM_NORMAL, "%s", a->unicode ?
	    _("pieces as circled letters") : _("pieces as letters"));
}

static void
view_flip(struct ui_app *a, const struct session_cmd *cmd)
{
	(void)cmd;
	a->in.flipped = !a->in.flipped;
}

static void
view_redraw(struct ui_app *a, const struct session_cmd *cmd)
{
	(void)a;
	(void)cmd;
	term_redraw_all();
}

/* PgUp, PgDn: the move list by a page. */
static void
view_scroll(struct ui_app *a, const struct session_cmd *cmd)
{
	int page = (a->lay.status_y - 6) / 2 + 1;

	if (cmd->type == CMD_SCROLL_UP)
		a->scroll += page;
	else
		a->scroll = a->scroll > page ? a->scroll - page : 0;
}

/* S, L: the command line opened with "save NAME" or "load NAME". */
static void
view_prompt(struct ui_app *a, const struct session_cmd *cmd)
{
	prompt(a, cmd->type == CMD_PROMPT_SAVE ? "save" : "load");
}

static void
view_unicode(struct ui_app *a, const struct session_cmd *cmd)
{
	(void)cmd;
	unicode(a);
}

/* The view's own commands: the command table's view slot
 * (session_cmdtab.c), each run here. */
static void (*const view_cmds[SVC_COUNT])(struct ui_app *a,
    const struct session_cmd *cmd) = {
	[SVC_FLIP] = view_flip,
	[SVC_UNICODE] = view_unicode,
	[SVC_REDRAW] = view_redraw,
	[SVC_SCROLL] = view_scroll,
	[SVC_PROMPT] = view_prompt,
};

/*
 * A command from the keys or the command line: refused where the
 * session's command table does not allow it, taken by a lesson or puzzle,
 * done here when it is the view's, else run by the session (which hands a
 * network game's to its hook).
 */
void
app_command(struct ui_app *a, const struct session_cmd *cmd)
{
	const struct session_cmd_entry *e;

	a->s.dirty = true;
	if (!session_cmd_allowed(&a->s, cmd))
		return;
	if (ui_learn_command(a, cmd)) {
		app_sync(a);
		return;
	}
	e = session_cmd_entry(cmd->type);
	if (e != NULL && e->view > SVC_NONE && e->view < SVC_COUNT &&
	    view_cmds[e->view] != NULL) {
		view_cmds[e->view](a, cmd);
		return;
	}
	session_command(&a->s, cmd);
	app_sync(a);
}

/*
 * A key on the command line of a screen without moves of its own (the
 * board editor's, the lobby's): Tab completes, an entered line goes into
 * the history, an error is said; true with *cmd when a command was
 * entered (a move's text says nomove).
 */
bool
app_cmdline_key(struct ui_app *a, const struct ui_event *ev,
    const struct board *b, const char *nomove, struct session_cmd *cmd)
{
	struct ui_input_ctx ctx;
	struct ui_action act;

	if (ev->key == '\t') {
		app_complete(a);
		return false;
	}
	memset(&ctx, 0, sizeof ctx);
	ctx.b = b;
	ctx.nomove = nomove;
	a->in.history = &a->s.history;
	ui_input_key(&a->in, &ctx, ev, &act);
	if (a->in.entered[0] != '\0') {
		session_history_add(&a->s.history, a->in.entered);
		a->in.entered[0] = '\0';
	}
	if (act.type == ACT_ERROR)
		session_msg(&a->s, SM_ERROR, "%s", act.msg);
	if (act.type != ACT_COMMAND)
		return false;
	*cmd = act.cmd;
	return true;
}

/* ---- Tab completion ---- */

struct cands {
	char common[UI_CMDLINE_MAX];
	char shown[160];
	int n;
};

static void
cand(struct cands *c, const char *name)
{
	size_t i, len = strlen(c->shown), n = strlen(name);

	if (c->n == 0)
		snprintf(c->common, sizeof c->common, "%.*s",
		    (int)sizeof c->common - 1, name);
	for (i = 0; c->common[i] != '\0' && c->common[i] == name[i]; i++)
		;
	c->common[i] = '\0';
	if (len + n + 2 < sizeof c->shown) {
		if (len > 0) {
			memcpy(c->shown + len, "  ", 2);
			len += 2;
		}
		memcpy(c->shown + len, name, n + 1);
	}
	c->n++;
}

static void
complete_file(struct ui_app *a, const char *word, struct cands *c)
{
	char dir[CONF_PATH_MAX], err[160], full[CONF_PATH_MAX + 256];
	const char *slash = strrchr(word, '/'), *base = word;
	struct dirent *e;
	DIR *d;

	if (slash != NULL) {
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - word + 1),
		    word);
		base = slash + 1;
	} else if (record_dir(a->s.conf.ui.save_dir, dir, sizeof dir, err,
	    sizeof err) < 0)
		return;
	if ((d = opendir(dir[0] != '\0' ? dir : ".")) == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' && base[0] != '.')
			continue;
		if (strncmp(e->d_name, base, strlen(base)) != 0)
			continue;
		snprintf(full, sizeof full, "%.*s%s", (int)(base - word), word,
		    e->d_name);
		cand(c, full);
	}
	closedir(d);
}

void
app_complete(struct ui_app *a)
{
	struct ui_input *in = &a->in;
	char line[UI_CMDLINE_MAX], out[UI_CMDLINE_MAX * 2], *sp;
	const struct session_cmd_entry *e;
	struct cands c;
	int n;

	memset(&c, 0, sizeof c);
	snprintf(line, sizeof line, "%s", in->cmd);
	sp = strchr(line, ' ');
	if (sp == NULL) {
		/* A command's name: the table's candidates. */
		n = session_cmd_complete(line, c.shown, sizeof c.shown,
		    c.common, sizeof c.common);
		c.n = n;
	} else {
		/* A file name after :load or :save (or their aliases). */
		*sp = '\0';
		e = session_cmd_lookup(line, NULL);
		if (e == NULL || (e->type != CMD_LOAD && e->type != CMD_SAVE))
			return;
		complete_file(a, sp + 1, &c);
		*sp = ' ';
	}
	if (c.n == 0) {
		session_msg(&a->s, SM_DIM, _("no completion"));
		return;
	}
	if (sp == NULL)
		snprintf(out, sizeof out, "%s%s", c.common,
		    c.n == 1 ? " " : "");
	else
		snprintf(out, sizeof out, "%.*s %s", (int)(sp - line), line,
		    c.common);
	out[UI_CMDLINE_MAX - 1] = '\0';
	ui_input_cmdline_set(in, out);
	if (c.n > 1)
		session_msg(&a->s, SM_DIM, "%s", c.shown);
	a->s.dirty = true;
}
