/*
 * sess_blocks.c: the accounts an account blocks, as the core keeps them
 * for every feature: the list of a connection's account (struct sconn's
 * blocks, read at its LOGIN by the blocks feature, sess_block.c) and a
 * read of any account's (SREAD_BLOCKS). A challenge and the seeks ask
 * here, never the blocks feature.
 */
#include <strings.h>

#include "net/server/sess_int.h"
#include "net/store/store.h"

static bool
listed(const struct sconn *c, const char *name)
{
	int i;

	for (i = 0; i < c->nblocks; i++)
		if (strcasecmp(c->blocks[i], name) == 0)
			return true;
	return false;
}

bool
sess_blocked(struct sess *s, int conn, const char *name)
{
	struct sconn *c = sess_conn(s, conn);

	return c != NULL && c->used && name != NULL &&
	    listed(c, name);
}

int
sess_block_read(struct sess *s, int conn, const char *name,
    char (**out)[CGP_NAME_MAX + 1])
{
	const struct sread *r;
	struct sread q;

	if (s->io.store == NULL || s->io.store->blocks == NULL)
		return 0;
	sess_read_prepare(&q, SREAD_BLOCKS, name, SESS_BLOCKS_MAX);
	if ((r = sess_read(s, conn, &q)) == NULL)
		return SESS_READ_LATER;
	*out = r->rows;
	return r->rc;
}
