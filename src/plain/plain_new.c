/*
 * plain_new.c: new in `congo --plain` asks what the full screen's
 * new-game dialog shows (session_newgame.c): the variant, who plays White
 * and Black, and the clock, one question a line, Enter keeping what the
 * dialog offers (the last choice, else this game's). Then the game starts
 * as the dialog's Enter starts it: a game in progress is left only when
 * its question is answered yes. cancel leaves the questions (issue 62:
 * new started at once, nothing asked).
 */

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "plain/plain_int.h"
#include "session/session_learn.h"
#include "session/session_newgame.h"
#include "session/session_player.h"
#include "util/i18n.h"

/* The questions, in the dialog's order (its start: fen FEN). */
static const int asked[] = { NG_VARIANT, NG_WHITE, NG_BLACK, NG_CLOCK };
#define NASKED ((int)(sizeof asked / sizeof asked[0]))

static void
ask(struct plain *p)
{
	struct session *s = p->s;
	int field = asked[p->ng_step];
	char value[NG_TEXT_MAX], shown[NG_TEXT_MAX + 32], list[160];
	const char *const *v;

	session_newgame_value(s, field, value, sizeof value);
	switch (field) {
	case NG_VARIANT:
		list[0] = '\0';
		v = session_newgame_choices(NG_VARIANT);
		for (int i = 0; v[i] != NULL; i++)
			snprintf(list + strlen(list), sizeof list - strlen(list),
			    "%s%s", i == 0 ? "" : v[i + 1] == NULL ?
			    P_(" or ") : ", ", v[i]);
		plain_out(P_("New game (cancel leaves these questions). "
		    "Variant: %1$s? Enter: %2$s."), list, value);
		break;
	case NG_WHITE:
	case NG_BLACK:
		session_player_name_shown(value, shown, sizeof shown);
		plain_out(field == NG_WHITE ? P_("White: human, or ai level 1 "
		    "to 10 (help players names them)? Enter: %s.") :
		    P_("Black: human, or ai level 1 to 10 (help players "
		    "names them)? Enter: %s."), shown);
		break;
	default:
		plain_out(P_("Clock: none, or minutes+seconds such as 5+3? "
		    "Enter: %s."), strcmp(value, "none") == 0 ? _("none") :
		    value);
		break;
	}
}

bool
plain_new_asking(const struct plain *p)
{
	return p->ng_step >= 0 || p->ng_confirm;
}

void
plain_new_begin(struct plain *p)
{
	session_newgame_open(p->s);
	p->ng_step = 0;
	ask(p);
}

/* The last answer given: the game started, or its question asked. */
static void
start(struct plain *p)
{
	struct session *s = p->s;
	struct session_cmd cmd;
	int r;

	p->ng_step = -1;
	/* a lesson or a puzzle is left, as new leaves it */
	memset(&cmd, 0, sizeof cmd);
	cmd.type = CMD_NEW;
	if (session_learn_active(s))
		(void)session_learn_command(s, &cmd);
	r = session_newgame_enter(s);
	if (r == 1)
		p->ng_confirm = true;   /* leave this game? yes or no */
	else if (r < 0) {
		plain_out("%s", s->ng.error);
		session_newgame_cancel(s);
	}
}

bool
plain_new_input(struct plain *p, const char *line)
{
	struct session *s = p->s;
	char err[200];

	if (p->ng_step < 0)
		return false;
	if (strcasecmp(line, "cancel") == 0 || strcasecmp(line, "quit") == 0) {
		p->ng_step = -1;
		session_newgame_cancel(s);
		plain_out("%s", P_("No new game: the game goes on."));
		/* quit: the questions left, and quit done */
		return strcasecmp(line, "cancel") == 0;
	}
	if (line[0] != '\0' && session_newgame_set(s, asked[p->ng_step], line,
	    err, sizeof err) < 0) {
		plain_out("%s", err);
		ask(p);
		return true;
	}
	if (++p->ng_step < NASKED)
		ask(p);
	else
		start(p);
	return true;
}

void
plain_new_answered(struct plain *p, bool yes)
{
	if (!p->ng_confirm)
		return;
	p->ng_confirm = false;
	if (!yes) {
		session_newgame_cancel(p->s);
		plain_out("%s", P_("No new game: the game goes on."));
	}
}
