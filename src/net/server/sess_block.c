/*
 * sess_block.c: an account's blocks (BLOCK, UNBLOCK, BLOCKS; issue 36).
 * Stored per account (the store's blocks, store_block_add), read at
 * LOGIN into the connection (struct sconn's blocks) and kept there for
 * what the loop decides without a read: a blocked account's SAID is not
 * sent to the connection (it stays stored, for the others), its seeks are
 * not paired with the connection's (sess_seek.c). A CHALLENGE reads the
 * challenged account's blocks and is refused by them (403).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "net/server/sess_feature.h"
#include "net/server/sess_int.h"
#include "net/store/store.h"

static bool
listed(char (*names)[CGP_NAME_MAX + 1], int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcasecmp(names[i], name) == 0)
			return true;
	return false;
}

int
sess_block_login(struct sess *s, int conn, const char *name)
{
	struct sconn *c = sess_conn(s, conn);
	char (*names)[CGP_NAME_MAX + 1] = NULL;
	int n = sess_block_read(s, conn, name, &names);

	if (n == SESS_READ_LATER)
		return n;
	free(c->blocks);
	c->blocks = NULL;
	c->nblocks = 0;
	if (n < 0) {
		sess_log(s, NET_LOG_WARN, "%s: the blocks of %s could not be "
		    "read; none kept for this connection", c->addr, name);
		return 0;
	}
	if (n > 0) {
		c->blocks = xcalloc((size_t)SESS_BLOCKS_MAX,
		    sizeof *c->blocks);
		memcpy(c->blocks, names, (size_t)n * sizeof *c->blocks);
		c->nblocks = n;
	}
	return 0;
}

/* Every connection logged in as acct here: name added or taken away. */
static void
update(struct sess *s, const char *acct, const char *name, bool add)
{
	int i, k;

	for (i = 0; i < s->nconns; i++) {
		struct sconn *c = &s->conns[i];
		const char *a = sess_account(s, i);
		if (a == NULL || strcasecmp(a, acct) != 0)
			continue;
		for (k = 0; k < c->nblocks; k++)
			if (strcasecmp(c->blocks[k], name) == 0)
				break;
		if (add && k == c->nblocks && k < SESS_BLOCKS_MAX) {
			if (c->blocks == NULL)
				c->blocks = xcalloc((size_t)SESS_BLOCKS_MAX,
				    sizeof *c->blocks);
			snprintf(c->blocks[c->nblocks++], sizeof *c->blocks,
			    "%s", name);
		} else if (!add && k < c->nblocks) {
			memmove(c->blocks[k], c->blocks[k + 1],
			    (size_t)(c->nblocks - k - 1) * sizeof *c->blocks);
			c->nblocks--;
		}
	}
}

static void
cmd_block(struct sess *s, int conn, const struct cgp_cmd *cmd, bool add)
{
	const char *me = sess_account(s, conn), *v = cgp_get(cmd, "name");
	char lme[CGP_NAME_MAX + 1], lv[CGP_NAME_MAX + 1];
	char name[CGP_NAME_MAX + 1], msg[64];
	struct sconn *c = sess_conn(s, conn);
	struct store_account a;
	struct store_change ch;
	struct cgp_out o;
	int rc, i = 0;

	if (me == NULL) {
		sess_err(s, conn, cmd->tag, CGP_LOGIN_REQUIRED, add ? "BLOCK "
		    "needs LOGIN" : "UNBLOCK needs LOGIN");
		return;
	}
	/* A string that cannot be an account's name: 400, for UNBLOCK too
	 * (PROTOCOL.md BLOCK), never an OK that changed nothing. */
	if (v == NULL || !sess_valid_account(v) || strcasecmp(v, me) == 0) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, v != NULL &&
		    sess_valid_account(v) ? "you cannot block yourself" :
		    "name= names an account (3-20 letters, digits, '-' or "
		    "'_')");
		return;
	}
	snprintf(name, sizeof name, "%s", v);
	for (i = 0; !add && i < c->nblocks; i++)
		if (strcasecmp(c->blocks[i], v) == 0) {
			/* listed: its name as kept (the account's) */
			snprintf(name, sizeof name, "%s", c->blocks[i]);
			break;
		}
	/* BLOCK, or UNBLOCK of a name not listed: an account's, else 404
	 * (PROTOCOL.md BLOCK/UNBLOCK), never an OK that changed nothing. */
	if (add || i == c->nblocks) {
		if (sess_accounts(s, conn, cmd) == NULL)
			return;
		if ((rc = sess_read_account(s, conn, v, &a)) ==
		    SESS_READ_LATER)
			return;
		if (rc <= 0) {
			sess_err(s, conn, cmd->tag, rc < 0 ? CGP_BUSY :
			    CGP_NO_SUCH_PLAYER, rc < 0 ? "cannot read the "
			    "accounts now: try again" : "no such account");
			return;
		}
		snprintf(name, sizeof name, "%s", a.name);
		if (add && c->nblocks >= SESS_BLOCKS_MAX &&
		    !listed(c->blocks, c->nblocks, name)) {
			snprintf(msg, sizeof msg, "at most %d blocks an "
			    "account", SESS_BLOCKS_MAX);
			sess_err(s, conn, cmd->tag, CGP_RATE_LIMITED, msg);
			return;
		}
	}
	sess_lower(me, lme, sizeof lme);
	sess_lower(name, lv, sizeof lv);
	store_change_accounts(&ch);
	if (add)
		store_block_add(&ch, lme, lv);
	else
		store_block_remove(&ch, lme, lv);
	update(s, me, name, add);
	cgp_out_ok(&o, cmd->tag, add ? "BLOCK" : "UNBLOCK");
	cgp_out_kv(&o, "name", name);
	sess_submit(s, conn, cmd, &ch, &o, false, true);
}

static void
cmd_blocks(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	struct sconn *c = sess_conn(s, conn);
	struct cgp_out o;
	int i;

	if (sess_account(s, conn) == NULL) {
		sess_err(s, conn, cmd->tag, CGP_LOGIN_REQUIRED, "BLOCKS needs "
		    "LOGIN");
		return;
	}
	cgp_out_ok(&o, cmd->tag, "BLOCKS");
	cgp_out_kvi(&o, "n", c->nblocks);
	sess_emit(s, conn, &o);
	for (i = 0; i < c->nblocks; i++) {
		cgp_out_item(&o, cmd->tag);
		cgp_out_kv(&o, "name", c->blocks[i]);
		sess_emit(s, conn, &o);
	}
}

void
sess_cmd_block(struct sess *s, int conn, const struct cgp_cmd *c)
{
	if (c->verb == CGP_V_BLOCKS)
		cmd_blocks(s, conn, c);
	else
		cmd_block(s, conn, c, c->verb == CGP_V_BLOCK);
}

/* The account that said a SAID of g (its body's side=), or NULL. */
static const char *
speaker(const struct sgame *g, const char *body)
{
	const char *p = strstr(body, "side=");
	int side;

	if (p == NULL || (p != body && p[-1] != ' '))
		return NULL;
	side = strncmp(p + 5, "white", 5) == 0 ? 0 :
	    strncmp(p + 5, "black", 5) == 0 ? 1 : -1;
	if (side < 0 || !g->seated[side] || !(g->rated || g->account[side]))
		return NULL;
	return g->name[side];
}

/* The hides hook: a SAID of an account conn's account blocks (conn -1:
 * of an account anyone may block). */
static bool
block_hides(struct sess *s, int conn, const struct sgame *g,
    const char *kind, const char *body)
{
	const char *who;

	if (strcmp(kind, "SAID") != 0 || (who = speaker(g, body)) == NULL)
		return false;
	return conn < 0 || sess_blocked(s, conn, who);
}

static const enum cgp_verb block_verbs[] = {
	CGP_V_BLOCK, CGP_V_UNBLOCK, CGP_V_BLOCKS, CGP_V_UNKNOWN
};

/* Blocks as a feature of the session (sess_feature.h). */
const struct sess_feature sess_feature_block = {
	.name = "block",
	.wants = SESS_CH_SAID,             /* hides: its sayer blocked */
	.verbs = block_verbs,
	.on_verb = sess_cmd_block,
	.login_read = sess_block_login,
	.hides = block_hides,
};
