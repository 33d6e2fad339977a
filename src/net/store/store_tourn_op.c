/*
 * store_tourn_op.c: the tournaments' typed writes (store_tourn.h): the
 * calls that build them into a change, and their statements (? for each
 * value, bound by SQLite, quoted by libpq for PostgreSQL), the same text
 * for both stores.
 */
#include <stdio.h>
#include <string.h>

#include "net/store/store_sql.h"

/* ch's next op of kind, cleared, for tournament id; NULL when ch is full
 * or id does not fit. */
static struct store_op *
next_op(struct store_change *ch, enum store_op_kind kind, const char *id)
{
	struct store_op *op;

	if (ch->nop < 0 || ch->nop >= STORE_OP_MAX || id == NULL ||
	    strlen(id) > CGP_ID_LEN)
		return NULL;
	op = &ch->op[ch->nop];
	memset(op, 0, sizeof *op);
	op->kind = kind;
	snprintf(op->t.t.id, sizeof op->t.t.id, "%s", id);
	return op;
}

static int
done(struct store_change *ch)
{
	ch->nop++;
	return 0;
}

int
store_tourney_add(struct store_change *ch, const struct store_tourney *t)
{
	struct store_op *op = next_op(ch, STORE_OP_TOURNEY_ADD, t->id);

	if (op == NULL)
		return -1;
	op->t.t = *t;
	return done(ch);
}

int
store_tourney_state(struct store_change *ch, const char *id, int status,
    int round)
{
	struct store_op *op = next_op(ch, STORE_OP_TOURNEY_STATE, id);

	if (op == NULL)
		return -1;
	op->t.t.status = status;
	op->t.t.round = round;
	return done(ch);
}

int
store_tmember_put(struct store_change *ch, const char *id,
    const struct store_tmember *m)
{
	struct store_op *op = next_op(ch, STORE_OP_TMEMBER_PUT, id);

	if (op == NULL)
		return -1;
	op->t.m = *m;
	return done(ch);
}

int
store_tmember_remove(struct store_change *ch, const char *id,
    const char *lname)
{
	struct store_op *op = next_op(ch, STORE_OP_TMEMBER_REMOVE, id);

	if (op == NULL || strlen(lname) > CGP_NAME_MAX)
		return -1;
	snprintf(op->t.m.lname, sizeof op->t.m.lname, "%s", lname);
	return done(ch);
}

int
store_tmember_score(struct store_change *ch, const char *id,
    const char *lname, int points, bool fire)
{
	struct store_op *op = next_op(ch, STORE_OP_TMEMBER_SCORE, id);

	if (op == NULL || strlen(lname) > CGP_NAME_MAX)
		return -1;
	snprintf(op->t.m.lname, sizeof op->t.m.lname, "%s", lname);
	op->t.m.points = points;
	op->t.m.fire = fire;
	return done(ch);
}

int
store_tpair_add(struct store_change *ch, const char *id,
    const struct store_tpair *p)
{
	struct store_op *op = next_op(ch, STORE_OP_TPAIR_ADD, id);

	if (op == NULL)
		return -1;
	op->t.p = *p;
	return done(ch);
}

int
store_tberserk(struct store_change *ch, const char *id, const char *game,
    int seat)
{
	struct store_op *op = next_op(ch, STORE_OP_TBERSERK, id);

	if (op == NULL || seat < 0 || seat > 1 || strlen(game) > CGP_ID_LEN)
		return -1;
	snprintf(op->t.p.game, sizeof op->t.p.game, "%s", game);
	op->t.p.berserk[seat] = true;
	return done(ch);
}

int
store_tlease(struct store_change *ch, const char *server, long long now,
    long long ms)
{
	struct store_op *op = next_op(ch, STORE_OP_TLEASE, "");

	if (op == NULL || strlen(server) > CGP_ID_LEN)
		return -1;
	snprintf(op->server, sizeof op->server, "%s", server);
	op->t.now = now;
	op->at = now + ms;
	return done(ch);
}

/* A tournament's row: its first columns, then the rest. */
static int
add_stmts(const struct store_tourney *t, struct store_stmt *out)
{
	out[0].sql = "INSERT INTO tourneys(id, kind, name, creator, start,"
	    " created, tiebreak) VALUES (?, ?, ?, ?, ?, ?, ?)";
	store_stmt_text(&out[0], t->id);
	store_stmt_text(&out[0], t->kind);
	store_stmt_text(&out[0], t->name);
	store_stmt_text(&out[0], t->creator);
	store_stmt_int(&out[0], t->start);
	store_stmt_int(&out[0], t->created);
	store_stmt_text(&out[0], t->tiebreak[0] != '\0' ? t->tiebreak :
	    "buchholz");
	out[1].sql = "UPDATE tourneys SET minutes = ?, rounds = ?, clock = ?,"
	    " days = ?, variant = ?, rated = ?, minrated = ? WHERE id = ?";
	store_stmt_int(&out[1], t->minutes);
	store_stmt_int(&out[1], t->rounds);
	store_stmt_text(&out[1], t->clock);
	store_stmt_int(&out[1], t->days);
	store_stmt_text(&out[1], t->variant);
	store_stmt_int(&out[1], t->rated);
	store_stmt_int(&out[1], t->minrated);
	store_stmt_text(&out[1], t->id);
	return 2;
}

static int
member_stmts(const struct store_op *op, struct store_stmt *s)
{
	const struct store_tmember *m = &op->t.m;

	s->sql = "INSERT INTO tourney_members(tourney, lname, name, joined,"
	    " paused, withdrawn, absences) VALUES (?, ?, ?, ?, ?, ?, ?)"
	    " ON CONFLICT (tourney, lname) DO UPDATE SET paused ="
	    " excluded.paused, withdrawn = excluded.withdrawn, absences ="
	    " excluded.absences";
	store_stmt_text(s, op->t.t.id);
	store_stmt_text(s, m->lname);
	store_stmt_text(s, m->name);
	store_stmt_int(s, m->joined);
	store_stmt_int(s, m->paused);
	store_stmt_int(s, m->withdrawn);
	store_stmt_int(s, m->absences);
	return 1;
}

static int
pair_stmts(const struct store_op *op, struct store_stmt *s)
{
	const struct store_tpair *p = &op->t.p;

	s->sql = "INSERT INTO tourney_pairings(tourney, round, n, game,"
	    " white, black) VALUES (?, ?, ?, ?, ?, ?)";
	store_stmt_text(s, op->t.t.id);
	store_stmt_int(s, p->round);
	store_stmt_int(s, p->n);
	store_stmt_text(s, p->game);
	store_stmt_text(s, p->white);
	store_stmt_text(s, p->black);
	return 1;
}

/* The lease taken or kept; then a conflict (its key again) when it is
 * another server's. */
static int
lease_stmts(const struct store_op *op, struct store_stmt *out)
{
	out[0].sql = "INSERT INTO tourney_lease(id, server, until) VALUES"
	    " (1, ?, ?) ON CONFLICT (id) DO UPDATE SET server ="
	    " excluded.server, until = excluded.until WHERE"
	    " tourney_lease.server = excluded.server OR tourney_lease.until < ?";
	store_stmt_text(&out[0], op->server);
	store_stmt_int(&out[0], op->at);
	store_stmt_int(&out[0], op->t.now);
	out[1].sql = "INSERT INTO tourney_lease(id, server, until) SELECT 1,"
	    " ?, 0 WHERE NOT EXISTS (SELECT 1 FROM tourney_lease WHERE id = 1"
	    " AND server = ?)";
	store_stmt_text(&out[1], op->server);
	store_stmt_text(&out[1], op->server);
	return 2;
}

int
store_tourn_stmts(const struct store_op *op, struct store_stmt out[2])
{
	struct store_stmt *s = &out[0];

	switch (op->kind) {
	case STORE_OP_TOURNEY_ADD:
		return add_stmts(&op->t.t, out);
	case STORE_OP_TOURNEY_STATE:
		s->sql = "UPDATE tourneys SET status = ?, round = ? WHERE id = ?";
		store_stmt_int(s, op->t.t.status);
		store_stmt_int(s, op->t.t.round);
		store_stmt_text(s, op->t.t.id);
		return 1;
	case STORE_OP_TMEMBER_PUT:
		return member_stmts(op, s);
	case STORE_OP_TMEMBER_REMOVE:
		s->sql = "DELETE FROM tourney_members WHERE tourney = ? AND"
		    " lname = ?";
		store_stmt_text(s, op->t.t.id);
		store_stmt_text(s, op->t.m.lname);
		return 1;
	case STORE_OP_TMEMBER_SCORE:
		s->sql = "UPDATE tourney_members SET points = ?, fire = ? WHERE"
		    " tourney = ? AND lname = ?";
		store_stmt_int(s, op->t.m.points);
		store_stmt_int(s, op->t.m.fire);
		store_stmt_text(s, op->t.t.id);
		store_stmt_text(s, op->t.m.lname);
		return 1;
	case STORE_OP_TPAIR_ADD:
		return pair_stmts(op, s);
	case STORE_OP_TBERSERK:
		s->sql = op->t.p.berserk[0] ? "UPDATE tourney_pairings SET"
		    " bw = 1 WHERE tourney = ? AND game = ?" :
		    "UPDATE tourney_pairings SET bb = 1 WHERE tourney = ? AND"
		    " game = ?";
		store_stmt_text(s, op->t.t.id);
		store_stmt_text(s, op->t.p.game);
		return 1;
	case STORE_OP_TLEASE:
		return lease_stmts(op, out);
	default:
		return -1;
	}
}
