/*
 * store_games_mine.c: an account's games not finished, as the store holds
 * them, whichever server made them (GAMES mine=yes, CHALLENGES and the
 * challenges' limit; issue 36): one read for SQLite and PostgreSQL
 * (store_sqlite_acct.c, store_pg_acct.c run it), as store_acct_sql.c's
 * are. A game is the account's when one of its seats is (STORE_SEAT_OWNED:
 * rated, or its JOINED said account=1), or when it is an open challenge to
 * it: its creator's JOINED (seq 1) ends with " for=<account>"
 * (sess_challenge_body). Each as LIST shows it, with its timing as of
 * its last move (STORE_TIMING): the server reads each game whole that it
 * does not hold and answers from what it holds; a player's web page shows
 * these rows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/store/store_acct.h"

struct mine_out {
	struct store_item *out;
	int max;
};

static int
mine_row(void *arg, int i, const char *const *cols, char *err,
    size_t errlen)
{
	struct mine_out *m = arg;
	struct store_item *it;

	if (i >= m->max || strlen(cols[0]) != CGP_ID_LEN ||
	    !cgp_valid_game(cols[0])) {
		snprintf(err, errlen, "games.id: '%.40s' is not a game id",
		    cols[0]);
		return -1;
	}
	it = &m->out[i];
	memset(it, 0, sizeof *it);
	snprintf(it->id, sizeof it->id, "%s", cols[0]);
	it->status = cols[1][0] == '1' ? 1 : 0;
	it->ply = atoi(cols[2]);
	snprintf(it->white, sizeof it->white, "%s", cols[3]);
	snprintf(it->black, sizeof it->black, "%s", cols[4]);
	snprintf(it->variant, sizeof it->variant, "%s", cols[5]);
	snprintf(it->clock, sizeof it->clock, "%s", cols[6]);
	it->account[0] = strcmp(cols[7], "0") != 0;
	it->account[1] = strcmp(cols[8], "0") != 0;
	store_timing_parse(cols[9], it);
	return 0;
}

int
store_acct_mine(store_rows_fn rows, void *ctx, const char *lname,
    struct store_item *out, int max, char *err, size_t errlen)
{
	char like[2 * CGP_NAME_MAX + 16], limit[16];
	const char *params[3] = { lname, like, limit };
	struct mine_out m = { out, max };
	size_t n;
	const char *p;

	/* " for=<name>" at the end of the body; a name's '_' is LIKE's
	 * wildcard, so escaped ('!': no name holds one). */
	n = (size_t)snprintf(like, sizeof like, "%% for=");
	for (p = lname; *p != '\0' && n + 3 < sizeof like; p++) {
		if (*p == '_' || *p == '%' || *p == '!')
			like[n++] = '!';
		like[n++] = *p;
	}
	like[n] = '\0';
	snprintf(limit, sizeof limit, "%d", max);
	return rows(ctx, "SELECT g.id, g.status, g.ply, "
	    STORE_SEAT_SHOWN("g", "0") ", " STORE_SEAT_SHOWN("g", "1") ", "
	    "g.variant, coalesce(g.clock, ''), "
	    STORE_SEAT_IS_ACCOUNT("g", "0") ", "
	    STORE_SEAT_IS_ACCOUNT("g", "1") ", " STORE_TIMING("g")
	    " FROM games g WHERE g.status < 2 AND ("
	    "EXISTS (SELECT 1 FROM seats s WHERE s.game = g.id AND"
	    " lower(s.name) = ? AND " STORE_SEAT_OWNED("g", "s") ")"
	    " OR (g.status = 0 AND EXISTS (SELECT 1 FROM events j WHERE"
	    " j.game = g.id AND j.seq = 1 AND j.kind = 'JOINED' AND"
	    " lower(j.body) LIKE ? ESCAPE '!')))"
	    " ORDER BY g.created DESC, g.id LIMIT ?", params, "tti", max,
	    mine_row, &m, err, errlen);
}
