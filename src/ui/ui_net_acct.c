/*
 * ui_net_acct.c: accounts, seeks and ratings in the game: the account
 * logged in as, a seek waiting in the lobby (how long, Esc withdraws it),
 * the panel's ratings and their change at the end of a rated game (noted
 * by the session, as takebacks are: session_net_takeback.c).
 */
#include <stdio.h>
#include <string.h>

#include "clock/clock.h"
#include "net/client/client.h"
#include "ui/ui_net.h"
#include "util/util.h"

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

void
ui_net_acct_tick(struct ui_app *a)
{
	struct ui_net *u = a->net;
	long long since;

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
	switch (cmd->type) {
	case CMD_WHOIS:
	case CMD_TOP:
	case CMD_GAMES:
		ui_net_list_open(a, cmd);
		return true;
	default:
		return false;
	}
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

	switch (e->kind) {
	case NEV_ACCOUNT:
		on_account(a, e);
		return true;
	case NEV_SEEKING:
		return true;
	case NEV_ITEMS:
	case NEV_ITEM:
	case NEV_ITEMS_END:
		ui_net_list_event(a, e);
		return true;
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
one_rating(const struct session_net *u, int k, char *buf, size_t n)
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

	if (!u->on || !u->g->rated)
		return false;
	one_rating(u->g, WHITE, w, sizeof w);
	one_rating(u->g, BLACK, b, sizeof b);
	snprintf(buf, n, "Rated: W %s  B %s", w, b);
	return true;
}
