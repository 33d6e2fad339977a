/*
 * store_pg_hold.c: who holds a seat, for servers sharing one PostgreSQL.
 * Presence (store_pg_presence.c) tells the other servers by notices, which
 * arrive a few milliseconds later: until then the connection a REJOIN on
 * another server replaced could still move, say or resign for the seat.
 * So a REJOIN writes its taking (a random word) as the seat's holder in
 * congo_holds before it is answered, and every change a holder makes is
 * stored only where the seat's holder is still the taking it knows ("" for
 * a seat taken by CREATE, JOIN or a pairing, which write none: no row).
 * The check and the change are one statement (one snapshot): a REJOIN
 * answered before the change was sent is seen by it.
 */

#ifdef HAVE_LIBPQ

#include <stdio.h>

#include "net/store/store_pg.h"

bool
pg_hold(struct pg_batch *b, const struct store_change *ch)
{
	struct pg_stmt *s;
	char seat[16];

	if (ch->hold[0] == '\0')
		return false;
	snprintf(seat, sizeof seat, "%d", ch->hold_seat);
	s = pg_stmt_new(b, "INSERT INTO congo_holds VALUES (");
	pg_val(s, ch->game, NULL);
	pg_sql(s, ", ");
	pg_val(s, seat, "integer");
	pg_sql(s, ", ");
	pg_val(s, ch->hold, NULL);
	pg_sql(s, ") ON CONFLICT (game, seat) DO UPDATE SET "
	    "holder = EXCLUDED.holder RETURNING 'ok'");
	return true;
}

bool
pg_by_open(struct pg_stmt *s, const struct store_change *ch)
{
	bool first = true;
	int k;

	if (!ch->by[0] && !ch->by[1])
		return false;
	pg_sql(s, "CASE WHEN EXISTS (SELECT 1 FROM congo_holds WHERE game = ");
	pg_val(s, ch->game, NULL);
	pg_sql(s, " AND (");
	for (k = 0; k < 2; k++) {
		if (!ch->by[k])
			continue;
		pg_sql(s, first ? "" : " OR ");
		pg_sql(s, k == 0 ? "(seat = 0 AND holder <> " :
		    "(seat = 1 AND holder <> ");
		pg_val(s, ch->by_taking[k], NULL);
		pg_sql(s, ")");
		first = false;
	}
	pg_sql(s, ")) THEN 'replaced' ELSE ");
	return true;
}

int
pg_holder(void *ctx, const char *game, int seat, char *out, size_t n,
    char *err, size_t errlen)
{
	struct pgstore *pg = ctx;
	char seatv[16];
	PGresult *r;
	int rc = 0;

	out[0] = '\0';
	snprintf(seatv, sizeof seatv, "%d", seat);
	r = pg_query(pg, "SELECT holder FROM congo_holds WHERE game = $1 AND "
	    "seat = $2::int", 2, game, seatv, err, errlen);
	if (r == NULL)
		return -1;
	if (PQntuples(r) == 1) {
		snprintf(out, n, "%s", PQgetvalue(r, 0, 0));
		rc = 1;
	}
	PQclear(r);
	return rc;
}

#else
typedef int net_pg_hold_absent;
#endif
