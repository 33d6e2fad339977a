/*
 * sess_mine_store.c: an account's games not finished, from the store
 * (issue 36). GAMES mine=yes, CHALLENGES and the challenges' limit answer
 * from the games in memory (sess_mine.c, sess_challenge.c), but with
 * several servers on one store a game made on another server after this
 * one started, or one that left this one's memory while another server
 * holds it, is not here. So the store is asked first (store_ops.games_mine,
 * off the event loop: the command's line runs again with the answer), and
 * each of those games not in memory is read whole into it (SREAD_GAME, all
 * at once, off the loop too), as a command naming a game reads it.
 */
#include <stdio.h>
#include <string.h>

#include "net/server/sess_int.h"
#include "net/server/sess_ident.h"
#include "net/server/sess_mine.h"

int
sess_mine_load(struct sess *s, int conn, const char *acct)
{
	const struct store_ops *st = s->io.store;
	const struct sread *r, *g;
	const struct store_item *ids;
	struct sread q;
	bool later = false;
	int i;

	if (st == NULL || st->games_mine == NULL || st->load_game == NULL)
		return 0;       /* every game is in memory */
	sess_read_prepare(&q, SREAD_MINE, acct, SESS_MINE_MAX);
	if ((r = sess_read(s, conn, &q)) == NULL)
		return SESS_READ_LATER;
	if (r->rc < 0) {
		sess_log(s, NET_LOG_ERROR, "the games of %s: %s", acct,
		    r->err);
		return -1;
	}
	ids = r->rows;
	for (i = 0; i < r->rc; i++) {
		if (sess_find(s, ids[i].id) != NULL)
			continue;
		memset(&q, 0, sizeof q);
		q.kind = SREAD_GAME;
		snprintf(q.key, sizeof q.key, "%s", ids[i].id);
		/* Every read asked for at once; the line runs again once all
		 * are back. One that fails is logged (sess_read.c) and left
		 * out: the others are still worth the answer. */
		if ((g = sess_read(s, conn, &q)) == NULL)
			later = true;
	}
	return later ? SESS_READ_LATER : 0;
}

bool
sess_mine_ready(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const char *acct, const char *what)
{
	char msg[96];
	int rc = sess_mine_load(s, conn, acct);

	if (rc == SESS_READ_LATER)
		return false;
	if (rc < 0) {
		snprintf(msg, sizeof msg, "cannot %s now: try again", what);
		sess_err(s, conn, cmd->tag, CGP_BUSY, msg);
		return false;
	}
	return true;
}
