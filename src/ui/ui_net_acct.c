/*
 * ui_net_acct.c: accounts, seeks, ratings and takebacks in the game: the
 * account logged in as, a seek waiting in the lobby (how long, Esc
 * withdraws it), the panel's ratings and their change at the end of a
 * rated game, and the takeback offered (:takeback, u) and answered (y/n).
 */
#include <stdio.h>
#include <string.h>

#include "clock/clock.h"
#include "net/client/client.h"
#include "ui/ui_net.h"
#include "util/util.h"

static const char *const side_name[2] = { "White", "Black" };

int
ui_net_seek_start(struct ui_app *a, const char *clock, bool rated,
    const char *variant, int seat, char *err, size_t errlen)
{
	char spec[32], why[160], desc[64];
	int64_t base, inc;

	if (clock_parse_minutes(clock, &base, &inc, why, sizeof why) < 0) {
		snprintf(err, errlen, "--seek: %s", why);
		return -1;
	}
	if (base < 1000) {
		snprintf(err, errlen, "--seek: a server clock has at least a "
		    "second");
		return -1;
	}
	clock_format_control(base, inc, spec, sizeof spec);
	snprintf(desc, sizeof desc, "%.12s %s %.12s%s", clock, rated ?
	    "rated" : "casual", variant, seat < 0 ? "" : seat == WHITE ?
	    " as White" : " as Black");
	ui_net_seek_send(a, spec, rated, variant, seat < 0 ? NULL :
	    seat == WHITE ? "white" : "black", NULL, desc);
	return 0;
}

void
ui_net_seek_send(struct ui_app *a, const char *clock, bool rated,
    const char *variant, const char *color, const char *range,
    const char *desc)
{
	struct ui_net *u = a->net;

	net_client_seek(u->c, variant, clock, rated, color, range);
	snprintf(u->seek_desc, sizeof u->seek_desc, "%s", desc);
	u->seek_quit = false;
	a->screen = SCR_LOBBY;
	a->s.dirty = true;
}

bool
ui_net_seek_line(const struct ui_app *a, char *buf, size_t n)
{
	const struct ui_net *u = a->net;
	long long since, s;

	if (u->c == NULL || !net_client_seeking(u->c, &since))
		return false;
	s = (util_now_ms() - since) / 1000;
	snprintf(buf, n, " Seeking %s: waiting %lld:%02lld for an opponent  "
	    "(Esc withdraws the seek)", u->seek_desc, s / 60, s % 60);
	return true;
}

bool
ui_net_seek_cancel(struct ui_app *a, bool quit)
{
	struct ui_net *u = a->net;
	long long since;

	if (u->c == NULL || !net_client_seeking(u->c, &since))
		return false;
	net_client_unseek(u->c);
	session_msg(&a->s, SM_NORMAL, "seek withdrawn");
	if (quit || u->seek_quit)
		a->s.quit = true;
	return true;
}

static void
takeback_offer(struct ui_app *a)
{
	struct ui_net *u = a->net;
	char err[160];

	if (u->g->seat < 0) {
		session_msg(&a->s, SM_ERROR, ":takeback: you are watching");
		return;
	}
	if (game_over(&a->s.game)) {
		session_msg(&a->s, SM_ERROR, ":takeback: the game is over");
		return;
	}
	if (a->s.game.nply == 0) {
		session_msg(&a->s, SM_ERROR, ":takeback: no move to take "
		    "back");
		return;
	}
	if (net_client_takeback(u->c, "offer", err, sizeof err) < 0) {
		session_msg(&a->s, SM_ERROR, "%s", err);
		return;
	}
	u->tb_offered = true;
	session_msg(&a->s, SM_NORMAL, "takeback offered: waiting for %s's "
	    "answer", side_name[1 - u->g->seat]);
}

static void
takeback_answer(struct ui_app *a, const char *action)
{
	struct ui_net *u = a->net;
	char err[160];

	u->tb_asked = false;
	if (net_client_takeback(u->c, action, err, sizeof err) < 0)
		session_msg(&a->s, SM_ERROR, "%s", err);
	else if (strcmp(action, "decline") == 0)
		session_msg(&a->s, SM_NORMAL, "you decline the takeback");
}

void
ui_net_acct_tick(struct ui_app *a)
{
	struct ui_net *u = a->net;
	long long since;

	/* The question dismissed without a yes: no. */
	if (u->tb_asked && !a->s.asking)
		takeback_answer(a, "decline");
	if (u->c != NULL && net_client_seeking(u->c, &since))
		a->s.dirty = true;
	ui_lobby_seeks_tick(a);
}

int
ui_net_acct_timeout(const struct ui_app *a)
{
	const struct ui_net *u = a->net;
	long long since;

	if (u->c == NULL)
		return -1;
	if (!net_client_seeking(u->c, &since))
		return a->screen == SCR_LOBBY && u->seeks_at > 0 ?
		    (int)(u->seeks_at > util_now_ms() + 3000 ? 3000 :
		    u->seeks_at < util_now_ms() ? 0 : u->seeks_at -
		    util_now_ms()) : -1;
	return 1000 - (int)((util_now_ms() - since) % 1000);
}

bool
ui_net_acct_command(struct ui_app *a, const struct session_cmd *cmd)
{
	struct ui_net *u = a->net;

	switch (cmd->type) {
	case CMD_UNDO:
		if (u->g->seat < 0)
			return false;   /* watching: not allowed */
		/* FALLTHROUGH */
	case CMD_TAKEBACK:
		if (strcmp(cmd->arg, "accept") == 0 ||
		    strcmp(cmd->arg, "decline") == 0)
			takeback_answer(a, cmd->arg);
		else if (u->tb_asked)
			takeback_answer(a, "accept");
		else
			takeback_offer(a);
		return true;
	case CMD_WHOIS:
	case CMD_TOP:
	case CMD_GAMES:
		ui_net_list_open(a, cmd);
		return true;
	default:
		return false;
	}
}

/* What the opponent or we did with a takeback. */
static void
on_takeback(struct ui_app *a, const struct net_event *e)
{
	struct ui_net *u = a->net;
	char q[160];
	int opp = u->g->seat >= 0 ? 1 - u->g->seat : -1;

	if (strcmp(e->action, "offer") == 0) {
		if (e->side != opp || e->side < 0) {
			if (u->g->seat < 0 && e->side >= 0)
				session_msg(&a->s, SM_NORMAL, "%s offers a "
				    "takeback", side_name[e->side]);
			return;
		}
		u->tb_asked = true;
		snprintf(q, sizeof q, "%s asks to take back a move. Accept?",
		    side_name[e->side]);
		session_ask(&a->s, q, CMD_TAKEBACK, "accept");
		return;
	}
	if (strcmp(e->action, "decline") == 0 && e->side >= 0 &&
	    e->side != u->g->seat) {
		u->tb_offered = false;
		session_msg(&a->s, SM_NORMAL, "%s declines the takeback",
		    side_name[e->side]);
	}
}

static void
on_undo(struct ui_app *a, const struct net_event *e)
{
	struct ui_net *u = a->net;

	u->tb_offered = false;
	if (u->tb_asked && a->s.asking)
		a->s.asking = false;
	u->tb_asked = false;
	/* The game comes again (NEV_SYNC): no move until then. */
	u->g->synced = false;
	session_cancel_turns(&a->s);
	session_msg(&a->s, SM_GOOD, "takeback accepted: the game goes back to "
	    "ply %d", e->ply);
}

static void
on_account(struct ui_app *a, const struct net_event *e)
{
	struct ui_net *u = a->net;

	snprintf(u->account, sizeof u->account, "%s", e->name);
	if (strcmp(e->text, "registered") == 0)
		session_msg(&a->s, SM_GOOD, "registered %s on %s: its key is "
		    "kept in $XDG_STATE_HOME/congo/keys", e->name, u->host);
	else if (a->s.msg.text[0] == '\0')
		session_msg(&a->s, SM_NORMAL, "logged in as %s", e->name);
}

bool
ui_net_acct_event(struct ui_app *a, const struct net_event *e)
{
	struct ui_net *u = a->net;
	int k;

	switch (e->kind) {
	case NEV_ACCOUNT:
		on_account(a, e);
		return true;
	case NEV_SEEKING:
		return true;
	case NEV_TAKEBACK:
		on_takeback(a, e);
		return true;
	case NEV_UNDO:
		on_undo(a, e);
		return true;
	case NEV_ITEMS:
	case NEV_ITEM:
	case NEV_ITEMS_END:
		ui_net_list_event(a, e);
		return true;
	case NEV_MOVE:
		/* A move ends a takeback offer (PROTOCOL.md TAKEBACK). */
		if (u->tb_asked) {
			u->tb_asked = false;
			if (a->s.asking && a->s.answer_cmd.type == CMD_TAKEBACK)
				a->s.asking = false;
			session_msg(&a->s, SM_NORMAL, "the takeback offer "
			    "lapsed: a move was made");
		}
		u->tb_offered = false;
		return false;
	case NEV_SEATED:
		u->rated = u->rated_over = false;
		u->tb_asked = u->tb_offered = false;
		return false;
	case NEV_STATE:
		u->rated = e->rated;
		if (e->rated && !u->rated_over)
			for (k = 0; k < 2; k++) {
				u->rating[k] = e->rating[k];
				u->rd[k] = e->rd[k];
			}
		return false;
	case NEV_RESULT:
		u->tb_asked = u->tb_offered = false;
		if (e->rated) {
			u->rated = u->rated_over = true;
			for (k = 0; k < 2; k++) {
				u->rating[k] = e->rating[k];
				u->diff[k] = e->diff[k];
			}
		}
		return false;
	case NEV_ERROR:
		if (u->want_login && (strcmp(e->verb, "REGISTER") == 0 ||
		    strcmp(e->verb, "LOGIN") == 0)) {
			snprintf(a->exit_msg, sizeof a->exit_msg, "%s: %.200s",
			    e->verb[0] == 'R' ? "cannot register" :
			    "cannot log in", e->text);
			a->exit_status = 1;
			a->s.quit = true;
			return true;
		}
		if (strcmp(e->verb, "SEEK") == 0 && u->seek_quit) {
			snprintf(a->exit_msg, sizeof a->exit_msg, "cannot "
			    "seek: %.200s", e->text);
			a->exit_status = 1;
			a->s.quit = true;
			return true;
		}
		return false;
	default:
		return false;
	}
}

/* After a rated game's result: each side's change, on the message line. */
void
ui_net_rating_change(struct ui_app *a, const struct net_event *e)
{
	struct ui_net *u = a->net;

	if (!e->rated)
		return;
	session_msg(&a->s, SM_GOOD, "rated: %s %d (%+d), %s %d (%+d)",
	    u->g->names[WHITE], e->rating[WHITE], e->diff[WHITE],
	    u->g->names[BLACK], e->rating[BLACK], e->diff[BLACK]);
}

static void
one_rating(const struct ui_net *u, int k, char *buf, size_t n)
{
	if (u->rated_over)
		snprintf(buf, n, "%d (%+d)", u->rating[k], u->diff[k]);
	else if (u->rating[k] > 0)
		snprintf(buf, n, "%d%s", u->rating[k], u->rd[k] > 110 ? "?" :
		    "");
	else
		snprintf(buf, n, "-");
}

bool
ui_net_ratings(const struct ui_app *a, char *buf, size_t n)
{
	const struct ui_net *u = a->net;
	char w[32], b[32];

	if (!u->on || !u->rated)
		return false;
	one_rating(u, WHITE, w, sizeof w);
	one_rating(u, BLACK, b, sizeof b);
	snprintf(buf, n, "Rated: W %s  B %s", w, b);
	return true;
}
