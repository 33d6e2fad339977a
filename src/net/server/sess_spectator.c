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
 * With several servers on one store, the line goes to the others too, as
 * a notice (sess_tell_servers): "spectator <game> <name> <text in hex>",
 * each of them telling its own watchers of the game alike.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "net/server/sess_feature.h"
#include "net/server/sess_ident.h"
#include "net/server/sess_int.h"
#include "net/server/sess_spectator.h"

/* A SAY's text at most (200 bytes), twice that in hex. */
#define SPECT_TEXT_MAX CGP_SAY_MAX

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

/* g's watchers that do not play in it get name's line text (checked:
 * UTF-8 without control characters, sent as it is, as a player's). */
static void
tell_watchers(struct sess *s, struct sgame *g, const char *name,
    const char *text)
{
	char word[SPECT_TEXT_MAX + 2];
	struct cgp_out o;
	int i;

	snprintf(word, sizeof word, ":%s", text);
	cgp_out_ev(&o, g->id, g->seq, "SAID");
	cgp_out_kv(&o, "side", "spectator");
	cgp_out_kv(&o, "name", name);
	cgp_out_word(&o, word);
	cgp_out_end(&o);
	for (i = 0; i < g->nobs; i++)
		if (!plays(s, g, g->obs[i]))
			s->io.send(s->io.ctx, g->obs[i], o.buf, o.len);
}

/* The other servers told the line (its text in hex: a notice is cut at
 * its spaces). */
static void
tell_servers(struct sess *s, const struct sgame *g, const char *name,
    const char *text)
{
	static const char digit[] = "0123456789abcdef";
	char buf[64 + CGP_NAME_MAX + 2 * SPECT_TEXT_MAX];
	size_t n, i;

	if (!sess_several(s) || strlen(text) > SPECT_TEXT_MAX)
		return;
	n = (size_t)snprintf(buf, sizeof buf, "spectator %s %s ", g->id,
	    name);
	for (i = 0; text[i] != '\0' && n + 2 < sizeof buf; i++) {
		buf[n++] = digit[(unsigned char)text[i] >> 4];
		buf[n++] = digit[(unsigned char)text[i] & 15];
	}
	buf[n] = '\0';
	sess_tell_servers(s, buf);
}

bool
sess_spectator_say(struct sess *s, int conn, const struct cgp_cmd *cmd,
    struct sgame *g)
{
	const char *acct = sess_account(s, conn);
	char why[128];
	struct cgp_out o;

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
	tell_watchers(s, g, acct != NULL ? acct : SESS_GUEST_NAME, cmd->text);
	tell_servers(s, g, acct != NULL ? acct : SESS_GUEST_NAME, cmd->text);
	return true;
}

static int
unhex(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* The on_notice hook: another server's watcher said a line of a game
 * ("spectator <game> <name> <hex>"); told to our watchers of it, if we
 * hold it. What does not add up (the text not SAY's) is dropped. */
static bool
spectator_notice(struct sess *s, const char *server, char **w, int nw)
{
	char text[SPECT_TEXT_MAX + 1], why[128];
	size_t n, i;
	struct sgame *g;

	(void)server;
	if (nw < 1 || strcmp(w[0], "spectator") != 0)
		return false;
	if (nw != 4 || !cgp_valid_game(w[1]) || (!cgp_valid_name(w[2]) &&
	    strcmp(w[2], SESS_GUEST_NAME) != 0) ||
	    (n = strlen(w[3])) % 2 != 0 || n == 0 || n / 2 > SPECT_TEXT_MAX)
		return true;
	for (i = 0; i < n / 2; i++) {
		int hi = unhex(w[3][2 * i]), lo = unhex(w[3][2 * i + 1]);
		if (hi < 0 || lo < 0)
			return true;
		text[i] = (char)(hi << 4 | lo);
	}
	text[n / 2] = '\0';
	if (cgp_text_check(text, n / 2, why, sizeof why) != 0 ||
	    (g = sess_find(s, w[1])) == NULL)
		return true;
	tell_watchers(s, g, w[2], text);
	return true;
}

/* The watchers' chat as a feature of the session (sess_feature.h): its
 * notices from the other servers. */
const struct sess_feature sess_feature_spectator = {
	.name = "spectator",
	.on_notice = spectator_notice,
};
