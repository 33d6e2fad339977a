/*
 * sess_seek_block.c: blocks and the pairing of seeks across servers (issue
 * 36: a blocked account's seeks are never paired with yours). A seeker on
 * this server is checked by its connection's blocks (read at LOGIN,
 * sess_block.c); one on another server by its account's, read from the
 * store off the event loop the first time this server would pair its seek
 * (not when the seek is told: a server with no seeker of its own reads
 * nothing), the seek not paired by this server meanwhile. As what a server knows of the blocks
 * may be late (a BLOCK on another server a moment ago), the pairing's own
 * transaction checks the table too (seek_block_claim): a block there makes
 * it a conflict, and both seekers' blocks are read again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "net/server/sess_ident.h"
#include "net/server/sess_int.h"
#include "net/server/sess_seek.h"
#include "net/store/store.h"

/* Does k's seeker (another server's) block name? */
static bool
lists(const struct sseek *k, const char *name)
{
	int i;

	for (i = 0; i < k->nblocks; i++)
		if (strcasecmp(k->blocks[i], name) == 0)
			return true;
	return false;
}

/* Does a's seeker block b's? */
static bool
blocks(struct sess *s, const struct sseek *a, const struct sseek *b)
{
	if (!b->account)
		return false;
	if (a->server[0] == '\0')
		return sess_blocked(s, a->conn, b->name);
	return lists(a, b->name);
}

bool
seek_blocked(struct sess *s, const struct sseek *a, const struct sseek *b)
{
	return blocks(s, a, b) || blocks(s, b, a);
}

bool
seek_blocks_unknown(struct sess *s, const struct sseek *k)
{
	return k->server[0] != '\0' && k->account && s->io.store != NULL &&
	    s->io.store->blocks != NULL && (k->blocks_reading ||
	    !k->blocks_known);
}

void
seek_blocks_free(struct sseek *k)
{
	free(k->blocks);
	k->blocks = NULL;
	k->nblocks = 0;
}

void
sess_seeks_free(struct sess *s)
{
	size_t i;

	for (i = 0; i < s->seeks.len; i++)
		seek_blocks_free(vec_at(&s->seeks, i));
	vec_free(&s->seeks);
}

/* The blocks of a seek's account read (arg: the seek's id): kept with it
 * (none when the store could not say: the pairing's transaction still
 * checks), and ours try pairing again. */
static void
remote_back(struct sess *s, struct sread *q, void *arg)
{
	struct sseek *k = seek_find(s, arg, NULL);

	free(arg);
	if (k == NULL)
		return;
	seek_blocks_free(k);
	k->blocks_reading = false;
	k->blocks_known = true;
	if (q->rc > 0) {
		k->blocks = xcalloc((size_t)q->rc, sizeof *k->blocks);
		memcpy(k->blocks, q->rows, (size_t)q->rc * sizeof *k->blocks);
		k->nblocks = q->rc;
	} else if (q->rc < 0)
		sess_log(s, NET_LOG_WARN, "seek %s: the blocks of %s could not "
		    "be read: %s", k->id, k->name, q->err);
	sess_seek_retry(s);
}

/* The blocks of a connection of ours read again: added to its own (if it
 * is the same connection still). Added, never taken away: a read that
 * crossed a BLOCK of this connection's being stored must not undo it. */
struct conn_read {
	int conn;
	unsigned gen;
};

static void
conn_back(struct sess *s, struct sread *q, void *arg)
{
	struct conn_read *r = arg;
	struct sconn *c = sess_conn(s, r->conn);
	char (*names)[CGP_NAME_MAX + 1] = q->rows;
	int i;

	for (i = 0; c != NULL && c->used && c->gen == r->gen && i < q->rc &&
	    c->nblocks < SESS_BLOCKS_MAX; i++) {
		if (sess_blocked(s, r->conn, names[i]))
			continue;
		if (c->blocks == NULL)
			c->blocks = xcalloc((size_t)SESS_BLOCKS_MAX,
			    sizeof *c->blocks);
		memcpy(c->blocks[c->nblocks++], names[i], sizeof *c->blocks);
	}
	free(r);
}

static void
ask(struct sess *s, const char *name, void (*then)(struct sess *,
    struct sread *, void *), void *arg)
{
	struct sread want;

	memset(&want, 0, sizeof want);
	want.kind = SREAD_BLOCKS;
	sess_lower(name, want.key, sizeof want.key);
	want.limit = SESS_BLOCKS_MAX;
	sess_read_then(s, &want, then, free, arg);
}

void
seek_blocks_ask(struct sess *s, struct sseek *k)
{
	struct conn_read *r;
	struct sconn *c;

	if (!k->account || s->io.store == NULL || s->io.store->blocks == NULL)
		return;
	if (k->server[0] != '\0') {
		if (k->blocks_reading)
			return;
		k->blocks_reading = true;
		ask(s, k->name, remote_back, xstrdup(k->id));
		return;
	}
	if ((c = sess_conn(s, k->conn)) == NULL || !c->used ||
	    c->gen != k->gen)
		return;
	r = xcalloc(1, sizeof *r);
	r->conn = k->conn;
	r->gen = k->gen;
	ask(s, k->name, conn_back, r);
}

void
seek_block_claim(const struct sseek *const *seat, struct store_change *ch)
{
	char l0[CGP_NAME_MAX + 1], l1[CGP_NAME_MAX + 1];

	if (!seat[0]->account || !seat[1]->account)
		return;
	sess_lower(seat[0]->name, l0, sizeof l0);
	sess_lower(seat[1]->name, l1, sizeof l1);
	/* The first seek's claim made again: a duplicate key, a
	 * conflict. */
	store_seek_claim_unblocked(ch, seat[0]->id, l0, l1);
}
