/*
 * store_op.c: the typed writes of accounts, ratings, blocks and seeks
 * (struct store_op, store_types.h): the calls that build them into a
 * change, and each one's statements, the same text for SQLite and
 * PostgreSQL with ? for each parameter (store_sqlite_op.c binds them,
 * store_pg_put.c too: $1[k] of congo_put's values).
 */
#include <stdio.h>
#include <string.h>

#include "net/store/store_sql.h"

#define STR_(x) #x
#define STR(x) STR_(x)

void
store_change_accounts(struct store_change *ch)
{
	memset(ch, 0, sizeof *ch);
	ch->game = "";
	ch->seat = -1;
	ch->creator = -1;
}

/* A value copied into a field of n bytes: false when it does not fit. */
static bool
put(char *to, size_t n, const char *v)
{
	return v != NULL && (size_t)snprintf(to, n, "%s", v) < n;
}
#define PUT(op, field, v) put((op)->field, sizeof (op)->field, (v))

/* ch's next op, cleared, of kind; NULL when ch is full. */
static struct store_op *
next_op(struct store_change *ch, enum store_op_kind kind)
{
	struct store_op *op;

	if (ch->nop < 0 || ch->nop >= STORE_OP_MAX)
		return NULL;
	op = &ch->op[ch->nop];
	memset(op, 0, sizeof *op);
	op->kind = kind;
	return op;
}

/* The op built (ok): counted in ch; else left out. */
static int
done(struct store_change *ch, bool ok)
{
	if (!ok) {
		memset(&ch->op[ch->nop], 0, sizeof ch->op[ch->nop]);
		return -1;
	}
	ch->nop++;
	return 0;
}

int
store_change_op(struct store_change *ch, const struct store_op *op)
{
	struct store_op *to = next_op(ch, op->kind);

	if (to == NULL)
		return -1;
	*to = *op;
	return done(ch, true);
}

int
store_account_add(struct store_change *ch, const char *lname,
    const char *name, const char *keyhash, long long created)
{
	struct store_op *op = next_op(ch, STORE_OP_ACCOUNT_ADD);

	if (op == NULL)
		return -1;
	op->at = created;
	return done(ch, PUT(op, lname, lname) && PUT(op, name, name) &&
	    PUT(op, keyhash, keyhash));
}

int
store_account_rekey(struct store_change *ch, const char *lname,
    const char *keyhash)
{
	struct store_op *op = next_op(ch, STORE_OP_ACCOUNT_REKEY);

	if (op == NULL)
		return -1;
	return done(ch, PUT(op, lname, lname) && PUT(op, keyhash, keyhash));
}

int
store_account_bot(struct store_change *ch, const char *lname)
{
	struct store_op *op = next_op(ch, STORE_OP_ACCOUNT_BOT);

	if (op == NULL)
		return -1;
	return done(ch, PUT(op, lname, lname));
}

int
store_account_forget(struct store_op *op, const char *lname,
    const char *keyhash)
{
	memset(op, 0, sizeof *op);
	op->kind = STORE_OP_ACCOUNT_FORGET;
	if (PUT(op, lname, lname) && PUT(op, keyhash, keyhash))
		return 0;
	memset(op, 0, sizeof *op);
	return -1;
}

static int
block(struct store_change *ch, enum store_op_kind kind, const char *lname,
    const char *other)
{
	struct store_op *op = next_op(ch, kind);

	if (op == NULL)
		return -1;
	return done(ch, PUT(op, lname, lname) && PUT(op, other, other));
}

int
store_block_add(struct store_change *ch, const char *lname,
    const char *other)
{
	return block(ch, STORE_OP_BLOCK_ADD, lname, other);
}

int
store_block_remove(struct store_change *ch, const char *lname,
    const char *other)
{
	return block(ch, STORE_OP_BLOCK_REMOVE, lname, other);
}

int
store_game_rated(struct store_change *ch, const char *game)
{
	struct store_op *op = next_op(ch, STORE_OP_GAME_RATED);

	if (op == NULL)
		return -1;
	return done(ch, PUT(op, game, game));
}

int
store_rating_put(struct store_change *ch, const char *lname,
    const char *variant, const char *speed, const char *game,
    double rating, double rd, double vol, int games, long long at)
{
	struct store_op *op = next_op(ch, STORE_OP_RATING_PUT);

	if (op == NULL)
		return -1;
	op->rating = rating;
	op->rd = rd;
	op->vol = vol;
	op->games = games;
	op->at = at;
	return done(ch, PUT(op, lname, lname) && PUT(op, variant, variant) &&
	    PUT(op, speed, speed) && PUT(op, game, game));
}

int
store_seek_claims(struct store_change *ch, const char *const claim[4])
{
	struct store_op *op = next_op(ch, STORE_OP_SEEK_CLAIMS);
	bool ok = op != NULL;
	int k;

	if (op == NULL)
		return -1;
	for (k = 0; k < 4; k++)
		ok = ok && PUT(op, claim[k], claim[k]);
	return done(ch, ok);
}

int
store_seek_claim_live(struct store_change *ch, const char *claim,
    const char *server)
{
	struct store_op *op = next_op(ch, STORE_OP_SEEK_LIVE);

	if (op == NULL)
		return -1;
	return done(ch, PUT(op, claim[0], claim) && PUT(op, server, server));
}

int
store_seek_claim_unblocked(struct store_change *ch, const char *claim,
    const char *lname, const char *other)
{
	struct store_op *op = next_op(ch, STORE_OP_SEEK_UNBLOCKED);

	if (op == NULL)
		return -1;
	return done(ch, PUT(op, claim[0], claim) && PUT(op, lname, lname) &&
	    PUT(op, other, other));
}

/* A parameter of s: text, or a number (as text, type i or r). */
static void
param(struct store_stmt *s, char type, const char *v)
{
	s->type[s->n] = type;
	s->v[s->n++] = v;
	s->type[s->n] = '\0';
}

static void
param_num(struct store_stmt *s, char type, const char *fmt, double d,
    long long n)
{
	char *buf = s->num[s->n];

	if (type == 'r')
		snprintf(buf, sizeof s->num[0], fmt, d);
	else
		snprintf(buf, sizeof s->num[0], "%lld", n);
	param(s, type, buf);
}

/* The two statements of a rating: its history's row, then the rating. */
static int
rating_stmts(const struct store_op *op, struct store_stmt *out)
{
	struct store_stmt *h = &out[0], *r = &out[1];

	h->sql = "INSERT INTO rating_history(lname, variant, speed, n, rating,"
	    " rd, game, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
	param(h, 't', op->lname);
	param(h, 't', op->variant);
	param(h, 't', op->speed);
	param_num(h, 'i', NULL, 0, op->games);
	/* (the digits the session always wrote: the same value stored) */
	param_num(h, 'r', "%.6f", op->rating, 0);
	param_num(h, 'r', "%.6f", op->rd, 0);
	param(h, 't', op->game);
	param_num(h, 'i', NULL, 0, op->at);
	r->sql = "INSERT INTO ratings(lname, variant, speed, rating, rd, vol,"
	    " games) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (lname,"
	    " variant, speed) DO UPDATE SET rating = excluded.rating,"
	    " rd = excluded.rd, vol = excluded.vol, games = excluded.games";
	param(r, 't', op->lname);
	param(r, 't', op->variant);
	param(r, 't', op->speed);
	param_num(r, 'r', "%.6f", op->rating, 0);
	param_num(r, 'r', "%.6f", op->rd, 0);
	param_num(r, 'r', "%.8f", op->vol, 0);
	param_num(r, 'i', NULL, 0, op->games);
	return 2;
}

int
store_op_stmts(const struct store_op *op, struct store_stmt out[2])
{
	struct store_stmt *s = &out[0];
	int k;

	memset(out, 0, 2 * sizeof *out);
	switch (op->kind) {
	case STORE_OP_NONE:
		return 0;
	case STORE_OP_ACCOUNT_ADD:
		s->sql = "INSERT INTO accounts(lname, name, keyhash, created)"
		    " VALUES (?, ?, ?, ?)";
		param(s, 't', op->lname);
		param(s, 't', op->name);
		param(s, 't', op->keyhash);
		param_num(s, 'i', NULL, 0, op->at);
		return 1;
	case STORE_OP_ACCOUNT_REKEY:
		s->sql = "UPDATE accounts SET keyhash = ? WHERE lname = ?";
		param(s, 't', op->keyhash);
		param(s, 't', op->lname);
		return 1;
	case STORE_OP_ACCOUNT_FORGET:
		s->sql = "DELETE FROM accounts WHERE lname = ? AND keyhash = ?";
		param(s, 't', op->lname);
		param(s, 't', op->keyhash);
		/* A bot's row goes with its account (issue 59). */
		out[1].sql = "DELETE FROM account_bots WHERE lname = ? AND NOT"
		    " EXISTS (SELECT 1 FROM accounts a WHERE a.lname = ?)";
		param(&out[1], 't', op->lname);
		param(&out[1], 't', op->lname);
		return 2;
	case STORE_OP_ACCOUNT_BOT:
		s->sql = "INSERT INTO account_bots(lname) VALUES (?)"
		    " ON CONFLICT DO NOTHING";
		param(s, 't', op->lname);
		return 1;
	case STORE_OP_BLOCK_ADD:
		s->sql = "INSERT INTO blocks(lname, lblocked) VALUES (?, ?)"
		    " ON CONFLICT DO NOTHING";
		param(s, 't', op->lname);
		param(s, 't', op->other);
		return 1;
	case STORE_OP_BLOCK_REMOVE:
		s->sql = "DELETE FROM blocks WHERE lname = ? AND lblocked = ?";
		param(s, 't', op->lname);
		param(s, 't', op->other);
		return 1;
	case STORE_OP_GAME_RATED:
		s->sql = "UPDATE games SET rated = 1 WHERE id = ?";
		param(s, 't', op->game);
		return 1;
	case STORE_OP_RATING_PUT:
		return rating_stmts(op, out);
	case STORE_OP_SEEK_CLAIMS:
		s->sql = "INSERT INTO seek_claims(id) VALUES (?), (?), (?), (?)";
		for (k = 0; k < 4; k++)
			param(s, 't', op->claim[k]);
		return 1;
	case STORE_OP_SEEK_LIVE:
		s->sql = "INSERT INTO seek_claims(id) SELECT ? WHERE NOT EXISTS"
		    " (SELECT 1 FROM congo_servers WHERE id = ? AND beat >"
		    " clock_timestamp() - interval '"
		    STR(STORE_SERVER_LIVE_MS) " milliseconds')";
		param(s, 't', op->claim[0]);
		param(s, 't', op->server);
		return 1;
	case STORE_OP_SEEK_UNBLOCKED:
		s->sql = "INSERT INTO seek_claims(id) SELECT ? WHERE EXISTS"
		    " (SELECT 1 FROM blocks WHERE (lname = ? AND lblocked = ?)"
		    " OR (lname = ? AND lblocked = ?))";
		param(s, 't', op->claim[0]);
		param(s, 't', op->lname);
		param(s, 't', op->other);
		param(s, 't', op->other);
		param(s, 't', op->lname);
		return 1;
	default:
		return store_tourn_stmts(op, out);
	}
}

void
store_stmt_text(struct store_stmt *s, const char *v)
{
	param(s, 't', v);
}

void
store_stmt_int(struct store_stmt *s, long long v)
{
	param_num(s, 'i', NULL, 0, v);
}
