/*
 * session_notes.c: the notes a player writes on the game's moves (issue
 * 34): :comment TEXT sets the comment of the move shown, :nag (or the key
 * !) its glyph, $1..$6 (! ? !! ?? !? ?!), one at a time (a move is good or
 * bad, not both); the glyphs read from a record or set here are shown
 * after the move (session_move_label), and :save writes them with the
 * analysis' notes (session_notes_get). No curses.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/notation.h"
#include "record/record.h"
#include "session/session.h"
#include "session/session_int.h"
#include "util/i18n.h"

/* The glyphs in the order ! (and :nag alone) walks through them. */
static const int glyph_order[] = { 1, 2, 3, 4, 5, 6 };
#define NGLYPHS ((int)(sizeof glyph_order / sizeof glyph_order[0]))

static bool
is_glyph(int nag)
{
	return nag >= 1 && nag <= 6;
}

/* The player's (or a record's) glyph: not the analysis's mark, which
 * stays where it is whatever glyph is set beside it. */
static int
glyph_of(const struct record_note *n)
{
	for (int i = 0; n != NULL && i < n->nnag; i++)
		if (is_glyph(n->nag[i]) && n->nag[i] != n->mark)
			return n->nag[i];
	return 0;
}

const char *
session_move_glyph(const struct session *s, int ply)
{
	int g = glyph_of(session_note(s, ply));

	return g != 0 ? record_nag_symbol(g) : "";
}

bool
session_better_move(const struct session *s, int ply, move_t *m)
{
	const struct record_note *n = session_note(s, ply);
	const char *p;
	char mv[MOVE_TEXT_MAX + 1];
	size_t len;

	if (n == NULL || n->text == NULL ||
	    (p = strstr(n->text, "Better was ")) == NULL)
		return false;
	p += strlen("Better was ");
	len = strcspn(p, ". ");
	if (len == 0 || len >= sizeof mv)
		return false;
	memcpy(mv, p, len);
	mv[len] = '\0';
	return notation_read(&s->game.pos[ply], mv, m, NULL, 0) == 0;
}

/* "!" .. "?!" or "$N" (1..255): the NAG, 0 for "-", -1 bad. */
static int
nag_parse(const char *t)
{
	char *end;
	long v;

	if (strcmp(t, "-") == 0)
		return 0;
	for (int g = 1; g <= 6; g++)
		if (strcmp(t, record_nag_symbol(g)) == 0)
			return g;
	if (t[0] != '$' || t[1] < '0' || t[1] > '9')
		return -1;
	v = strtol(t + 1, &end, 10);
	return *end == '\0' && v >= 1 && v <= 255 ? (int)v : -1;
}

/* The glyphs ($1..$6) of a note taken away, the others kept. */
static void
glyph_drop(struct record_note *n)
{
	int i, k = 0;

	for (i = 0; i < n->nnag; i++)
		if (!is_glyph(n->nag[i]) || n->nag[i] == n->mark)
			n->nag[k++] = n->nag[i];
	n->nnag = k;
}

static int
next_glyph(int g)
{
	for (int i = 0; i < NGLYPHS; i++)
		if (glyph_order[i] == g)
			return i + 1 < NGLYPHS ? glyph_order[i + 1] : 0;
	return glyph_order[0];
}

static void
set_nag(struct session *s, int ply, const char *arg, const char *mv)
{
	struct record_note *n;
	int nag;

	if (arg[0] == '\0') {
		nag = next_glyph(glyph_of(session_note(s, ply)));
	} else if ((nag = nag_parse(arg)) < 0) {
		session_msg(s, SM_ERROR, _("'%s' is no glyph: ! ? !! ?? !? ?!, "
		    "$1 to $255, or - to clear"), arg);
		return;
	}
	n = session_note_edit(s, ply);
	if (nag == 0 || is_glyph(nag))
		glyph_drop(n);
	if (nag != 0 && record_note_add_nag(n, nag) < 0) {
		session_msg(s, SM_ERROR, _("%s has %d glyphs already"), mv,
		    RECORD_NAG_MAX);
		return;
	}
	if (nag == 0)
		session_msg(s, SM_NORMAL, _("%s: no glyph"), mv);
	else if (record_nag_symbol(nag) != NULL)
		session_msg(s, SM_NORMAL, "%s%s", mv, record_nag_symbol(nag));
	else
		session_msg(s, SM_NORMAL, "%s $%d", mv, nag);
	s->dirty = true;
}

void
session_cmd_note(struct session *s, const struct session_cmd *cmd)
{
	int ply = session_shown_ply(s) - 1;
	char mv[MOVE_TEXT_MAX + 16];

	if (!s->have_game || ply < 0) {
		/* (plain mode types back, forward and go) */
		if (s->typed)
			session_msg(s, SM_ERROR, "%s", cmd->type == CMD_COMMENT ?
			    _("no move shown to comment (go to one with back, "
			    "forward or go N)") : _("no move shown to mark (go "
			    "to one with back, forward or go N)"));
		else
			session_msg(s, SM_ERROR, "%s", cmd->type == CMD_COMMENT ?
			    _("no move shown to comment (go to one with [ ] or "
			    ":go N)") : _("no move shown to mark (go to one with "
			    "[ ] or :go N)"));
		return;
	}
	session_move_label(s, ply, mv, sizeof mv);
	/* the label without the glyph it may end with */
	mv[strcspn(mv, "!?")] = '\0';
	if (cmd->type == CMD_NAG) {
		set_nag(s, ply, cmd->arg, mv);
		return;
	}
	if (strchr(cmd->arg, '}') != NULL) {
		session_msg(s, SM_ERROR, _("a comment cannot hold '}'"));
		return;
	}
	record_note_set_text(session_note_edit(s, ply), cmd->arg);
	session_msg(s, SM_NORMAL, cmd->arg[0] != '\0' ? _("%s: comment set") :
	    _("%s: comment cleared"), mv);
	s->dirty = true;
}
