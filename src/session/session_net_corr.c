/*
 * session_net_corr.c: correspondence games, challenges and fair play in
 * the network session (issue 36): the deadline shown in the clock's place
 * ("2 d 14 h"), the status bar's word that leaving never resigns, q that
 * leaves such a game (and a standing challenge) instead of asking, a
 * challenge to the account told while one plays, the challenge of
 * `congo --challenge` sent, and the advisor, analysis and the tablebase
 * hints refused in a rated game one plays (on in casual ones), and the
 * computer never at one's seat there.
 */

#include <stdio.h>
#include <string.h>

#include "clock/clock.h"
#include "net/client/client.h"
#include "session/session_link.h"
#include "session/session_net.h"
#include "session/session_net_corr.h"
#include "session/session_player.h"
#include "session/session_seek.h"
#include "util/util.h"
#include "util/i18n.h"

#define HOUR_MS 3600000LL

/* The deadline of the side to move, Unix ms, and the days a move: false
 * when the game is no correspondence game. */
static bool
corr(const struct session *s, long long *deadline, int *days)
{
	const struct session_net *u = s->net;

	return u != NULL && u->c != NULL &&
	    net_client_deadline(u->c, deadline, days);
}

/* The game one plays goes on (not over, not cancelled). */
static bool
going_on(const struct session *s)
{
	const struct session_net *u = s->net;

	return u != NULL && u->seat >= 0 && !u->cancelled &&
	    strcmp(u->status, "finished") != 0 && !game_over(&s->game);
}

bool
session_corr_clock(const struct session *s, int color, char *buf, size_t n,
    bool *running, bool *low)
{
	long long deadline, left;
	int days;

	if (!corr(s, &deadline, &days) || s->net->rec.on)
		return false;
	*running = *low = false;
	if (deadline > 0 && color == game_board(&s->game)->side &&
	    strcmp(s->net->status, "active") == 0 && !game_over(&s->game)) {
		left = deadline - util_wall_ms();
		clock_format_deadline(left, false, buf, n);
		*running = true;
		*low = left < HOUR_MS;
		return true;
	}
	/* TRANSLATORS: days a move, the unit as in "%lld d %lld h" */
	snprintf(buf, n, _("%d d"), days);
	return true;
}

int
session_corr_timeout(const struct session *s)
{
	long long deadline, t;
	int days;

	if (!corr(s, &deadline, &days) || deadline <= 0 ||
	    game_over(&s->game))
		return -1;
	t = clock_deadline_tick(deadline - util_wall_ms());
	return t < 0 ? -1 : t > 60000 ? 60000 : (int)t;
}

/* A challenge of ours that waits for its account. */
static bool
challenge_stands(const struct session *s)
{
	const struct session_net *u = s->net;

	return going_on(s) && strcmp(u->status, "open") == 0 &&
	    u->challenged[0] != '\0';
}

bool
session_corr_status(const struct session *s, char *buf, size_t n)
{
	long long deadline;
	int days;

	if (challenge_stands(s)) {
		snprintf(buf, n, _("waiting for %s to accept (q leaves, the "
		    "challenge stands)"), s->net->challenged);
		return true;
	}
	if (!going_on(s) || !corr(s, &deadline, &days))
		return false;
	snprintf(buf, n, _("%d d a move: q leaves, the game goes on"), days);
	return true;
}

bool
session_corr_quit(struct session *s, bool *to_lobby)
{
	struct session_net *u = s->net;
	char id[16], who[32];
	long long deadline;
	int days;
	bool chal = challenge_stands(s);

	*to_lobby = false;
	if (!chal && (!going_on(s) || !corr(s, &deadline, &days)))
		return false;
	snprintf(id, sizeof id, "%s", net_client_game_id(u->c));
	snprintf(who, sizeof who, "%s", u->challenged);
	if (u->from_lobby) {
		session_link_lobby(s);
		*to_lobby = true;
	} else
		s->quit = true;
	/* Left, never resigned: the server keeps it. */
	if (chal)
		session_msg(s, SM_GOOD, _("your challenge to %s stands (game "
		    "%s)"), who, id);
	else
		session_msg(s, SM_GOOD, _("game %s goes on: Your games in the "
		    "lobby (or congo --games) lists it"), id);
	return true;
}

void
session_corr_challenged(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;
	struct session_mine *m = &u->mine;
	char ctl[64], min[16], how[160];
	int i;

	m->at = 0;              /* the lobby's list asked again */
	for (i = 0; i < m->ntold && i < 8; i++)
		if (strcmp(m->told[i], e->game) == 0)
			return;     /* (told again at each LOGIN) */
	snprintf(m->told[m->ntold++ % 8], sizeof m->told[0], "%s", e->game);
	if (m->ntold >= 16)
		m->ntold = 8;
	if (e->days > 0)
		snprintf(ctl, sizeof ctl, ngettext("%d day a move",
		    "%d days a move", e->days), e->days);
	else if (e->clock[0] != '\0') {
		session_seek_minutes(e->clock, min, sizeof min);
		snprintf(ctl, sizeof ctl, "%s", min);
	} else
		snprintf(ctl, sizeof ctl, "%s", _("no clock"));
	/* how to accept it: in the lobby where the view has one, else by
	 * the plain mode's accept GAME or taking its seat (congo --join) */
	if (!u->lobby_keys)
		snprintf(how, sizeof how, _("accept %1$s in the lobby, or "
		    "congo --join %1$s, accepts it"), e->game);
	else
		snprintf(how, sizeof how, "%s", net_client_game_id(u->c)[0] ==
		    '\0' ? _("Enter on it accepts, d declines") :
		    _("the lobby accepts it"));
	session_msg(s, SM_GOOD, e->rated ? _("%s challenges you: rated %s, "
	    "%s (%s)") : _("%s challenges you: casual %s, %s (%s)"), e->name,
	    e->variant[0] != '\0' ? e->variant : "congo", ctl, how);
}

const char *
session_net_nohelp(const struct session *s)
{
	const struct session_net *u = s->net;

	if (u == NULL || !u->on || !u->rated || !going_on(s))
		return NULL;
	return _("not in a rated game (fair play)");
}

bool
session_net_fair_seat(struct session *s)
{
	struct session_net *u = s->net;
	struct session_player *p;
	struct player_conf pc;
	char err[160];
	int c;

	if (u == NULL || !u->on || !u->rated || u->rated_over || u->seat < 0 ||
	    !going_on(s) || !s->player[u->seat]->thinks)
		return false;
	c = u->seat;
	pc = c == WHITE ? s->conf.white : s->conf.black;
	snprintf(pc.type, sizeof pc.type, "human");
	if ((p = session_player_new(&pc, c, err, sizeof err)) == NULL)
		return false;
	session_install_player(s, c, p);
	if (u->waiting_ai) {
		u->waiting_ai = false;
		s->paused = false;
	}
	session_msg(s, SM_ERROR, "%s", c == WHITE ? _("a rated game: you play "
	    "White yourself, not the computer (fair play)") : _("a rated "
	    "game: you play Black yourself, not the computer (fair play)"));
	return true;
}

int
session_challenge_start(struct session *s, const char *name,
    const char *clock, int days, bool rated, const char *variant, int seat,
    char *err, size_t errlen)
{
	struct session_net *u = s->net;
	char secs[32], why[160];

	if (clock != NULL && session_server_clock(clock, secs, sizeof secs,
	    why, sizeof why) < 0) {
		snprintf(err, errlen, _("--clock: %s"), why);
		return -1;
	}
	net_client_challenge(u->c, name, variant, clock != NULL ? secs : NULL,
	    days, rated, seat == WHITE ? "white" : seat == BLACK ? "black" :
	    NULL);
	snprintf(u->challenged, sizeof u->challenged, "%s", name);
	u->chal_once = true;
	return 0;
}

int
session_challenge_typed(struct session *s, const char *arg)
{
	struct session_net *u = s->net;
	struct session_terms t;
	char name[40], terms[64], err[200];

	if (u == NULL || u->c == NULL)
		return -1;
	if (net_client_game_id(u->c)[0] != '\0' || u->chal_once) {
		session_msg(s, SM_ERROR, "%s", s->typed ? _("challenge: from "
		    "the lobby (quit goes back there)") : _(":challenge: from "
		    "the lobby (q goes back there)"));
		return -1;
	}
	terms[0] = err[0] = '\0';
	if (sscanf(arg, "%39s %63[^\n]", name, terms) < 2 ||
	    !session_terms_parse("challenge", terms, &t, err, sizeof err)) {
		session_msg(s, SM_ERROR, "%s", err[0] != '\0' ? err :
		    _("challenge NAME M+S [rated] [megapawn], or challenge "
		    "NAME Nd [rated] [megapawn] (N days a move)."));
		return -1;
	}
	if (session_challenge_start(s, name, t.days > 0 ? NULL : t.clock,
	    t.days, t.rated, t.variant, -1, err, sizeof err) < 0) {
		session_typed_refusal(s, err);
		return -1;
	}
	u->chal_typed = true;
	u->from_lobby = true;   /* leaving its game: back to the lobby */
	return 0;
}
