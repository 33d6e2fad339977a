/*
 * sess_spectator.c: the watchers' own chat (issue 62, as lichess's
 * spectator room). PROTOCOL.md's SAY is a seated player's; a connection
 * that OBSERVEs a game and holds no seat in it may SAY too, an extension:
 * `EV <game> <seq> SAID side=spectator name=<name> :<text>` (seq the
 * game's latest, the event not stored) goes to the game's watchers only,
 * never to a seat's holder nor to another connection of a seated account,
 * so that the players do not read it during the game; a client built from
 * PROTOCOL.md alone, playing, never receives it. Its rules are SAY's:
 * UTF-8 without control characters, at most 200 bytes, 5 in 10 seconds.
 */
#include <string.h>
#include <strings.h>

#include "net/server/sess_ident.h"
#include "net/server/sess_int.h"
#include "net/server/sess_spectator.h"

/* Does conn observe g? */
static bool
watches(const struct sgame *g, int conn)
{
	for (int i = 0; i < g->nobs; i++)
		if (g->obs[i] == conn)
			return true;
	return false;
}

/* Is conn one of g's players (a seat's holder, or its account's)? */
static bool
plays(struct sess *s, const struct sgame *g, int conn)
{
	const char *acct = sess_account(s, conn);

	for (int k = 0; k < 2; k++) {
		if (g->holder[k] == conn)
			return true;
		if (acct != NULL && g->seated[k] &&
		    strcasecmp(g->name[k], acct) == 0)
			return true;
	}
	return false;
}

bool
sess_spectator_say(struct sess *s, int conn, const struct cgp_cmd *cmd,
    struct sgame *g)
{
	const char *acct = sess_account(s, conn);
	char why[128];
	struct cgp_out o;
	int i;

	if (!watches(g, conn) || plays(s, g, conn))
		return false;
	if (cmd->text == NULL || cmd->text[0] == '\0' ||
	    cgp_text_check(cmd->text, strlen(cmd->text), why,
	    sizeof why) != 0) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, cmd->text == NULL ||
		    cmd->text[0] == '\0' ? "nothing to say: SAY game=ID :TEXT" :
		    why);
		return true;
	}
	if (!sess_say_allowed(sess_conn(s, conn), s->now)) {
		sess_err(s, conn, cmd->tag, CGP_RATE_LIMITED,
		    "at most 5 SAYs in 10 seconds");
		sess_refused(s, "%s: too many SAYs", sess_conn(s, conn)->addr);
		return true;
	}
	cgp_out_ok(&o, cmd->tag, "SAY");
	cgp_out_kv(&o, "game", g->id);
	sess_emit(s, conn, &o);
	cgp_out_ev(&o, g->id, g->seq, "SAID");
	cgp_out_kv(&o, "side", "spectator");
	cgp_out_kv(&o, "name", acct != NULL ? acct : SESS_GUEST_NAME);
	cgp_out_text(&o, cmd->text);
	cgp_out_end(&o);
	for (i = 0; i < g->nobs; i++)
		if (!plays(s, g, g->obs[i]))
			s->io.send(s->io.ctx, g->obs[i], o.buf, o.len);
	return true;
}
