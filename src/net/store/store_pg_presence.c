/*
 * store_pg_presence.c: which seats are held on which server, for servers
 * sharing one PostgreSQL. Each server tells the others (NOTIFY on the
 * channel congo_presence) when a seat is taken on it or left, says it is
 * alive every PG_BEAT_MS, asks the others for theirs when it starts or
 * its connection was made again, and says bye when it stops. A server not
 * heard of for PG_DEAD_MS (killed, cut off) has left its seats since its
 * last word. So STATE's wpresent/bpresent, PRESENCE events and CLAIM hold
 * across servers: a CLAIM wins only when the opponent is gone from all.
 *
 * A notice: "<server> <word> [<game>:<seat>]...", word here (taken now),
 * held (taken before: the answer to ask), gone, beat, ask or bye; after
 * here and held, "<server> nets [<game>:<seat>=<network>]..." gives the
 * networks of their holders (an IPv4 /24, an IPv6 /64: the prefix, never
 * the address), so that a rated JOIN on another server is refused from
 * the network of the seat it plays against (409 SAME_NETWORK), as here.
 * A server before it ignores the word. Every
 * server sees the notices in one order (commit order), its own among
 * them: a seat taken on two servers at once stays with the later taking
 * in that order, as REJOIN's "the seat moves to this connection" says.
 */

#ifdef HAVE_LIBPQ

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/store/store_pg.h"
#include "util/util.h"

/* Room for one notice's text (PostgreSQL takes up to 8000 bytes). */
#define NOTICE_MAX 7000

void
pg_presence_init(struct pgstore *pg)
{
	struct vec seats = VEC_INIT(sizeof(struct pg_seat));
	struct vec servers = VEC_INIT(sizeof(struct pg_server));

	pg->held = seats;
	pg->remote = seats;
	pg->servers = servers;
}

void
pg_presence_free(struct pgstore *pg)
{
	pg_batch_free(&pg->nq);
	pg_batch_free(&pg->nsent);
	vec_free(&pg->held);
	vec_free(&pg->remote);
	vec_free(&pg->servers);
}

static struct pg_seat *
find(struct vec *v, const char *game, int seat, size_t *at)
{
	size_t i;

	for (i = 0; i < v->len; i++) {
		struct pg_seat *e = vec_at(v, i);
		if (e->seat == seat && strcmp(e->game, game) == 0) {
			if (at != NULL)
				*at = i;
			return e;
		}
	}
	return NULL;
}

static struct pg_server *
server(struct pgstore *pg, const char *id, bool add)
{
	struct pg_server *sv;
	size_t i;

	for (i = 0; i < pg->servers.len; i++) {
		sv = vec_at(&pg->servers, i);
		if (strcmp(sv->id, id) == 0)
			return sv;
	}
	if (!add)
		return NULL;
	sv = vec_push(&pg->servers);
	snprintf(sv->id, sizeof sv->id, "%.8s", id);
	return sv;
}

/* The gathered notices sent as one batch (pipeline mode: its statements,
 * then a sync, which commits them as one transaction), unless one is in
 * flight. The reads' short lock wait and their statement timeout are not
 * for it (set_config(..., true): for its transaction, its commit
 * included, whatever happens): a notice's commit takes the notification
 * queue's lock, which every commit that notifies takes in turn and holds
 * through its sync to disk, longer than 25 ms on a busy machine. Given up
 * then, the batch was lost with its notices: a seat's taking that no
 * other server heard, nor this one (never confirmed, it lost to no later
 * taking elsewhere). Nothing waits for the answer meanwhile
 * (pg_notify_poll reads it later). */
static const char batch_head[] = "SELECT set_config('lock_timeout', '0', "
    "true), set_config('statement_timeout', '0', true)";

static void
notify_send(struct pgstore *pg)
{
	if (pg->r_sent || pg->nq.n == 0 || pg->r == NULL ||
	    PQstatus(pg->r) != CONNECTION_OK)
		return;
	pg_batch_clear(&pg->nsent);
	pg_stmt_new(&pg->nsent, batch_head);
	pg_batch_move(&pg->nsent, &pg->nq);
	pg->n_failed = false;
	/* (not all sent: what was is answered, and the batch fails) */
	pg->r_sent = true;
	if (!pg_batch_send(pg->r, &pg->nsent) && !pg->n_failed) {
		pg->n_failed = true;
		snprintf(pg->n_why, sizeof pg->n_why, "not sent");
	}
}

/* The batch in flight failed (one transaction: none of it done): sent
 * again before what was gathered since, in the same order, unless it
 * failed PG_NOTIFY_TRIES times. */
static void
notify_failed(struct pgstore *pg)
{
	struct pg_batch t;
	size_t at = strlen(pg->n_why);
	int i;

	if (++pg->n_tries >= PG_NOTIFY_TRIES) {
		pg->n_tries = 0;
		snprintf(pg->n_why + at, sizeof pg->n_why - at, "; given up "
		    "after %d tries: its notices are lost", PG_NOTIFY_TRIES);
		return;
	}
	snprintf(pg->n_why + at, sizeof pg->n_why - at, "; sent again");
	/* nsent's (but its head) then nq's, as the new nq */
	free(pg->nsent.s[0].sql);
	for (i = 0; i < pg->nsent.s[0].n; i++)
		free(pg->nsent.s[0].v[i]);
	free(pg->nsent.s[0].v);
	memmove(&pg->nsent.s[0], &pg->nsent.s[1], (size_t)(pg->nsent.n - 1) *
	    sizeof pg->nsent.s[0]);
	pg->nsent.n--;
	pg_batch_move(&pg->nsent, &pg->nq);
	t = pg->nq;
	pg->nq = pg->nsent;
	pg->nsent = t;
}

void
pg_notify_poll(struct pgstore *pg, bool wait)
{
	PGresult *r;
	int got;

	if (pg->r == NULL || PQstatus(pg->r) != CONNECTION_OK) {
		pg->r_sent = false;     /* gone with the connection */
		pg_batch_clear(&pg->nq);
		pg->n_tries = 0;
		return;
	}
	if (pg->r_sent) {
		if (!wait && !PQconsumeInput(pg->r))
			return;
		while ((got = pg_batch_result(pg->r, wait, &r)) == 1) {
			ExecStatusType st = PQresultStatus(r);
			if ((st == PGRES_FATAL_ERROR ||
			    st == PGRES_PIPELINE_ABORTED) && !pg->n_failed) {
				const char *m = PQresultErrorField(r,
				    PG_DIAG_MESSAGE_PRIMARY);
				pg->n_failed = true;
				snprintf(pg->n_why, sizeof pg->n_why, "%.120s",
				    m != NULL ? m : "failed");
			}
			PQclear(r);
		}
		if (got == 0)
			return;         /* more to come */
		pg->r_sent = false;
		if (got < 0 && PQstatus(pg->r) != CONNECTION_OK) {
			pg_batch_clear(&pg->nq);  /* gone with the connection */
			pg->n_tries = 0;
			return;
		}
		if (got < 0 && !pg->n_failed) {  /* its end never came */
			pg->n_failed = true;
			snprintf(pg->n_why, sizeof pg->n_why, "no answer");
		}
		if (pg->n_failed)
			notify_failed(pg);
		else
			pg->n_tries = 0;
	}
	if (!wait)
		notify_send(pg);
}

/* A statement for the next batch of notices (sent with them, in their
 * transaction): sql, with a (NULL: none) bound as $1 and b as $2. */
static void
queue(struct pgstore *pg, const char *sql, const char *a, const char *b)
{
	struct pg_stmt *s = pg_stmt_new(&pg->nq, sql);

	if (a != NULL)
		pg_bind(s, a);
	if (b != NULL)
		pg_bind(s, b);
}

/* Said on the event loop's connection, not waiting for the answer; lost
 * when the connection is (the others ask again, or see us die and come
 * back). */
/* Notices text and then text2 (NULL: none) in one transaction, so that
 * the other servers hear both at once: a seat's taking and its holder's
 * network never apart (a rated JOIN between them would not know it). */
static void
notify2(struct pgstore *pg, const char *text, const char *text2)
{
	if (pg->r == NULL || PQstatus(pg->r) != CONNECTION_OK)
		return;
	queue(pg, text2 != NULL ? "SELECT pg_notify('congo_presence', $1), "
	    "pg_notify('congo_presence', $2)" :
	    "SELECT pg_notify('congo_presence', $1)", text, text2);
	notify_send(pg);
}

static void
notify(struct pgstore *pg, const char *text)
{
	notify2(pg, text, NULL);
}

/* Our sign of life in the database, with a beat's notice: a pairing with
 * one of our seeks checks it in its transaction (sess_seek.c), so that
 * no server pairs with the seek of a server dead for
 * STORE_SERVER_LIVE_MS, whatever it has heard. */
static void
beat_row(struct pgstore *pg, bool first)
{
	if (pg->r == NULL || PQstatus(pg->r) != CONNECTION_OK)
		return;
	if (first)      /* the rows of servers long gone */
		queue(pg, "DELETE FROM congo_servers WHERE beat < "
		    "clock_timestamp() - interval '1 day'", NULL, NULL);
	queue(pg, "INSERT INTO congo_servers(id, beat) VALUES ($1, "
	    "clock_timestamp()) ON CONFLICT (id) DO UPDATE SET beat = "
	    "excluded.beat", pg->me, NULL);
}

/* Every seat held here (word held), or their holders' networks (nets),
 * in as few notices as fit. */
static void
tell_seats(struct pgstore *pg, const char *word)
{
	char buf[NOTICE_MAX + 128];
	size_t i, len = 0;
	bool nets = strcmp(word, "nets") == 0;

	for (i = 0; i < pg->held.len; i++) {
		struct pg_seat *e = vec_at(&pg->held, i);
		if (nets && e->net[0] == '\0')
			continue;
		if (len == 0)
			len = (size_t)snprintf(buf, sizeof buf, "%s %s",
			    pg->me, word);
		len += (size_t)snprintf(buf + len, sizeof buf - len,
		    " %s:%d%s%s", e->game, e->seat, nets ? "=" : "",
		    nets ? e->net : "");
		if (len > NOTICE_MAX) {
			notify(pg, buf);
			len = 0;
		}
	}
	if (len > 0)
		notify(pg, buf);
}

static void
tell_held(struct pgstore *pg)
{
	tell_seats(pg, "held");
	tell_seats(pg, "nets");
}

/* A network as sess_net_of writes it ("10.1.2.0/24", "2001:db8::/64"),
 * told in a notice: no more than its characters. */
static bool
net_word(const char *w, size_t len)
{
	return len > 0 && len < sizeof((struct pg_seat *)0)->net &&
	    strspn(w, "0123456789abcdefABCDEF.:/") >= len;
}

void
pg_presence(void *ctx, const char *game, int seat, bool here,
    const char *net)
{
	struct pgstore *pg = ctx;
	struct pg_seat *e, *old;
	char text[160], text2[160];
	size_t at;

	old = find(&pg->held, game, seat, &at);
	if (here && old != NULL)
		old->confirmed = false;         /* taken again: a new taking */
	if (here && old == NULL) {
		e = vec_push(&pg->held);
		snprintf(e->game, sizeof e->game, "%.8s", game);
		e->seat = seat;
		snprintf(e->server, sizeof e->server, "%s", pg->me);
	} else if (!here && old != NULL)
		vec_remove(&pg->held, at);
	else if (!here)
		return;         /* not ours to say */
	snprintf(text, sizeof text, "%s %s %s:%d", pg->me, here ? "here" :
	    "gone", game, seat);
	if (!here || net == NULL || !net_word(net, strlen(net))) {
		notify(pg, text);
		return;
	}
	e = find(&pg->held, game, seat, NULL);
	snprintf(e->net, sizeof e->net, "%s", net);
	snprintf(text2, sizeof text2, "%s nets %s:%d=%s", pg->me, game, seat,
	    net);
	notify2(pg, text, text2);
}

int
pg_remote_presence(void *ctx, const char *game, int seat, long long *gone_ms)
{
	struct pgstore *pg = ctx;
	struct pg_seat *e = find(&pg->remote, game, seat, NULL);
	struct pg_server *sv;

	*gone_ms = -1;
	if (e == NULL)
		return 0;
	if (e->server[0] == '\0') {
		*gone_ms = e->since;
		return 0;
	}
	sv = server(pg, e->server, false);
	if (sv != NULL && util_now_ms() - sv->beat <= PG_DEAD_MS)
		return 1;
	*gone_ms = sv != NULL ? sv->beat : e->since;
	return 0;
}

int
pg_remote_net(void *ctx, const char *game, int seat, char *out, size_t n)
{
	struct pgstore *pg = ctx;
	struct pg_seat *e = find(&pg->remote, game, seat, NULL);
	long long gone;

	if (e == NULL || e->net[0] == '\0' ||
	    pg_remote_presence(ctx, game, seat, &gone) != 1)
		return 0;
	snprintf(out, n, "%s", e->net);
	return 1;
}

/* A seat of game: held on server (here; taken now: claim), or left. */
static void
remote_seat(struct pgstore *pg, struct sess *s, const char *who,
    const char *game, int seat, bool here, bool claim, long long now)
{
	struct pg_seat *e = find(&pg->remote, game, seat, NULL);
	struct pg_seat *mine = find(&pg->held, game, seat, NULL);

	if (!here && (e == NULL || strcmp(e->server, who) != 0))
		return;         /* it was not there (or moved on since) */
	if (e == NULL) {
		e = vec_push(&pg->remote);
		snprintf(e->game, sizeof e->game, "%.8s", game);
		e->seat = seat;
	}
	snprintf(e->server, sizeof e->server, "%.8s", here ? who : "");
	e->since = now;
	e->net[0] = '\0';      /* a new taking: its nets notice follows */
	/* Taken there after our taking (ours came back first): theirs. */
	store_sess()->remote_presence(s, game, seat, here, claim &&
	    (mine == NULL || mine->confirmed));
}

/* Every seat server held is left (since when). */
static void
server_gone(struct pgstore *pg, struct sess *s, const char *who,
    long long when)
{
	size_t i;

	for (i = 0; i < pg->remote.len; i++) {
		struct pg_seat *e = vec_at(&pg->remote, i);
		if (strcmp(e->server, who) != 0)
			continue;
		e->server[0] = '\0';
		e->since = when;
		store_sess()->remote_presence(s, e->game, e->seat, false, false);
	}
	store_sess()->seek_server_gone(s, who);
}

/* The next " GAME:SEAT" of a notice from *p (advanced past it): 0, or -1
 * at the end or at one that is not a game id and a seat 0 or 1. */
static int
next_seat(const char **p, char *game, size_t n, int *seat)
{
	const char *w = *p + strspn(*p, " ");
	size_t len = strcspn(w, " "), glen = strcspn(w, ":");
	char num[8];

	if (len == 0 || glen == 0 || glen >= len || glen >= n ||
	    strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") != glen ||
	    len - glen - 1 >= sizeof num)
		return -1;
	memcpy(num, w + glen + 1, len - glen - 1);
	num[len - glen - 1] = '\0';
	if (parse_int(num, 0, 1, seat, NULL, 0) != 0)
		return -1;
	memcpy(game, w, glen);
	game[glen] = '\0';
	*p = w + len;
	return 0;
}

/* A nets notice of server who: the networks of the seats it holds. */
static void
remote_nets(struct pgstore *pg, const char *who, const char *p)
{
	char game[16];
	int seat;

	while (*(p += strspn(p, " ")) != '\0') {
		size_t len = strcspn(p, " "), eq = strcspn(p, "=");
		const char *net = p + eq + 1;
		char word[16];
		const char *w = word;
		struct pg_seat *e;

		if (eq >= len || eq >= sizeof word ||
		    !net_word(net, len - eq - 1))
			return;
		memcpy(word, p, eq);
		word[eq] = '\0';
		p += len;
		if (next_seat(&w, game, sizeof game, &seat) != 0)
			return;
		e = find(&pg->remote, game, seat, NULL);
		if (e != NULL && strcmp(e->server, who) == 0)
			snprintf(e->net, sizeof e->net, "%.*s",
			    (int)(len - eq - 1), net);
	}
}

void
pg_presence_notice(struct pgstore *pg, struct sess *s, char *text)
{
	char who[16], word[8], game[16];
	const char *p;
	long long now = util_now_ms();
	struct pg_server *sv;
	int seat, off = 0;

	if (sscanf(text, "%15s %7s %n", who, word, &off) != 2 || off == 0 ||
	    strlen(who) != CGP_ID_LEN)
		return;
	if (strcmp(who, pg->me) != 0 && (strcmp(word, "seek") == 0 ||
	    strcmp(word, "unseek") == 0 || strcmp(word, "paired") == 0 ||
	    strncmp(word, "rematch", 7) == 0 ||
	    strncmp(word, "challenge", 7) == 0 ||
	    strncmp(word, "spectator", 7) == 0)) {
		server(pg, who, true)->beat = now;
		store_sess()->seek_remote(s, who, text + (strstr(text, word) - text));
		return;
	}
	if (strcmp(who, pg->me) == 0) {
		/* Ours, back: our takings are placed in the order. */
		if (strcmp(word, "here") != 0)
			return;
		for (p = text + off; next_seat(&p, game, sizeof game,
		    &seat) == 0;) {
			struct pg_seat *e = find(&pg->held, game, seat, NULL);
			if (e != NULL)
				e->confirmed = true;
		}
		return;
	}
	if (strcmp(word, "bye") == 0) {
		server_gone(pg, s, who, now);
		if ((sv = server(pg, who, false)) != NULL)
			sv->beat = now - PG_DEAD_MS - 1;
		return;
	}
	server(pg, who, true)->beat = now;
	if (strcmp(word, "ask") == 0) {
		tell_held(pg);
		store_sess()->seek_tell_all(s);
		return;
	}
	if (strcmp(word, "nets") == 0) {
		remote_nets(pg, who, text + off);
		return;
	}
	if (strcmp(word, "here") != 0 && strcmp(word, "held") != 0 &&
	    strcmp(word, "gone") != 0)
		return;         /* beat (or a word of a later version) */
	for (p = text + off; next_seat(&p, game, sizeof game, &seat) == 0;)
		if (cgp_valid_game(game))
			remote_seat(pg, s, who, game, seat, word[0] == 'h',
			    strcmp(word, "here") == 0, now);
}

void
pg_presence_round(struct pgstore *pg, struct sess *s)
{
	long long now = util_now_ms();
	char text[64];
	size_t i;

	if (!pg->asked || now - pg->beat_sent >= PG_BEAT_MS) {
		snprintf(text, sizeof text, "%s %s", pg->me, pg->asked ?
		    "beat" : "ask");
		beat_row(pg, !pg->asked);
		notify(pg, text);
		pg->beat_sent = now;
		pg->asked = true;
	}
	for (i = 0; i < pg->servers.len; i++) {
		struct pg_server *sv = vec_at(&pg->servers, i);
		if (sv->beat > 0 && now - sv->beat > PG_DEAD_MS) {
			server_gone(pg, s, sv->id, sv->beat);
			sv->beat = 0;       /* said once */
		}
	}
}

void
pg_presence_reconnected(struct pgstore *pg, struct sess *s)
{
	size_t i;

	tell_held(pg);
	/* The other servers' seeks may have been paired or withdrawn while
	 * their notices were lost: forgotten, and told again in answer to
	 * the ask (a stale one would be paired with ours and conflict). */
	for (i = 0; i < pg->servers.len; i++) {
		struct pg_server *sv = vec_at(&pg->servers, i);
		store_sess()->seek_server_gone(s, sv->id);
	}
	/* Ours told again too: a server that forgot them, connected again
	 * before us, asked while we could not hear it. */
	store_sess()->seek_tell_all(s);
	pg->asked = false;      /* the next round asks for theirs */
}

void
pg_seek_notice(void *ctx, const char *text)
{
	struct pgstore *pg = ctx;
	char buf[640];

	snprintf(buf, sizeof buf, "%s %s", pg->me, text);
	notify(pg, buf);
}

void
pg_presence_bye(struct pgstore *pg)
{
	char text[64];

	snprintf(text, sizeof text, "%s bye", pg->me);
	/* Said before the connection closes (pg_close, once the event loop
	 * has stopped): every batch, waited for; our row goes with it (our
	 * seeks are no more). */
	pg_notify_poll(pg, true);
	queue(pg, "DELETE FROM congo_servers WHERE id = $1", pg->me, NULL);
	notify(pg, text);
	pg_notify_poll(pg, true);
}

bool
pg_server_live(void *ctx, const char *id)
{
	struct pgstore *pg = ctx;
	struct pg_server *sv = server(pg, id, false);

	return sv != NULL && sv->beat > 0 &&
	    util_now_ms() - sv->beat <= STORE_SERVER_LIVE_MS;
}

#else
typedef int net_pg_presence_absent;
#endif
