/*
 * session_review.c: reviewing a game without undoing: the cursor steps
 * through the positions played ([ ] { }), and play goes on from a
 * reviewed ply only after a confirmed :continue.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "record/record.h"
#include "session/session.h"
#include "session/session_int.h"
#include "session/session_keep.h"
#include "session/session_var.h"
#include "util/i18n.h"
#include "util/util.h"

/* ---- review ---- */

static void
review_to(struct session *s, int ply)
{
	int live = s->game.nply;

	if (ply >= live) {
		if (s->review >= 0)
			session_msg(s, SM_NORMAL, _("back to the live game"));
		s->review = -1;
		s->dirty = true;
		return;
	}
	if (ply < 0)
		ply = 0;
	if (s->review < 0)
		s->review_seen = live;
	s->review = ply;
	s->dirty = true;
	s->msg.text[0] = '\0';
}

void
session_review_to(struct session *s, int ply)
{
	if (s->game.nply == 0)
		return;
	review_to(s, ply);
	session_analyse_say(s);
}

void
session_review_go(struct session *s, const char *arg)
{
	const char *how = _("(:go N for White's move N, :go N... "
	    "for Black's, :go 0 for the start)");
	char num[16], err[96];
	size_t len = strspn(arg, "0123456789");
	bool black = strcmp(arg + len, "...") == 0 ||
	    strcmp(arg + len, "b") == 0;
	int n, i, last;

	if (s->game.nply == 0) {
		session_msg(s, SM_ERROR, _("go: no moves to review yet"));
		return;
	}
	if (len == 0 || len >= sizeof num || (arg[len] != '\0' && !black)) {
		session_msg(s, SM_ERROR, _("go: '%s' is not a move number %s"),
		    arg, how);
		return;
	}
	memcpy(num, arg, len);
	num[len] = '\0';
	last = (int)s->game.pos[s->game.nply - 1].fullmove;
	if (parse_int(num, 0, last, &n, err, sizeof err) != 0) {
		session_msg(s, SM_ERROR, _("go: %s: the game's moves are %d to %d "
		    "%s"), num, s->game.pos[0].fullmove, last, how);
		return;
	}
	if (n == 0 && !black) {
		s->serial++;
		session_review_to(s, 0);
		return;
	}
	for (i = 0; i < s->game.nply; i++)
		if ((int)s->game.pos[i].fullmove == n &&
		    s->game.pos[i].side == (black ? BLACK : WHITE))
			break;
	if (i == s->game.nply) {
		session_msg(s, SM_ERROR, _("go: the game has no move %d%s %s"), n,
		    black ? "..." : "", how);
		return;
	}
	s->serial++;
	session_review_to(s, i + 1);
}

void
session_review(struct session *s, enum session_cmd_type t)
{
	int at = session_shown_ply(s);

	/* in a variation: [ ] walk it (session_variation.c) */
	if (session_var_review(s, t))
		return;
	s->serial++;        /* another position shown: no choice kept */
	if (s->game.nply == 0) {
		session_msg(s, SM_ERROR, _("no moves to review yet"));
		return;
	}
	switch (t) {
	case CMD_REVIEW_BACK:
		review_to(s, at - 1);
		break;
	case CMD_REVIEW_FORWARD:
		review_to(s, at + 1);
		break;
	case CMD_REVIEW_START:
		review_to(s, 0);
		break;
	default:
		review_to(s, s->game.nply);
		break;
	}
	/* the shown move's comment (an analysis's mark and better move) */
	session_analyse_say(s);
}

void
session_continue(struct session *s, bool now)
{
	char q[160];
	int drop;

	if (s->review < 0) {
		session_msg(s, SM_ERROR, s->typed ? _("not reviewing: back steps "
		    "back through the game first") : _("not reviewing: [ steps "
		    "back through the game first"));
		return;
	}
	drop = s->game.nply - s->review;
	if (!now) {
		snprintf(q, sizeof q, ngettext("Continue from ply %d? The %d "
		    "later move goes (Ctrl-R redoes it).", "Continue from ply "
		    "%d? The %d later moves go (Ctrl-R redoes them).",
		    (unsigned long)drop), s->review, drop);
		session_ask(s, q, CMD_CONTINUE_NOW, NULL);
		return;
	}
	session_cancel_turns(s);
	while (s->game.nply > s->review && game_undo(&s->game) == 0)
		;
	session_position_changed(s);
	if (session_ai_vs_ai(s))
		s->paused = true;
	session_msg(s, SM_GOOD, _("playing on from ply %d%s"), s->game.nply,
	    s->paused ? session_paused_hint(s) : "");
	session_turn(s);
	session_keep(s);
}

