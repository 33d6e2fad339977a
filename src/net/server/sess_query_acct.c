/*
 * sess_query_acct.c: WHOIS, TOP, GAMES and RECORD (PROTOCOL.md): players,
 * the best of a category, a player's finished games newest first (paged
 * with before=), and one game as the record congo saves and loads, with
 * its players' ratings in its tags.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "net/server/sess_ident.h"
#include "net/server/sess_mine.h"
#include "rating/rating.h"
#include "record/record.h"

#define PAGE_MAX 100

static void
unreadable(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const char *err)
{
	sess_log(s, NET_LOG_ERROR, "%s: %s", cgp_verb_name(cmd->verb), err);
	sess_err(s, conn, cmd->tag, CGP_BUSY, "the server cannot read that "
	    "now: try again");
}

/* q's rows for the command, *n of them; NULL when the read was asked for
 * (its line comes again with it) or failed (503 answered). */
static const void *
read_rows(struct sess *s, int conn, const struct cgp_cmd *cmd,
    const struct sread *q, int *n)
{
	const struct sread *rd = sess_read(s, conn, q);

	if (rd == NULL)
		return NULL;
	if ((*n = rd->rc) < 0) {
		unreadable(s, conn, cmd, rd->err);
		return NULL;
	}
	return rd->rows;
}

void
sess_iso8601(long long t, char *buf, size_t n)
{
	time_t tt = (time_t)t;
	struct tm tm;

	gmtime_r(&tt, &tm);
	strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* limit= (default def, at most PAGE_MAX); -1 after answering 400. */
static int
want_limit(struct sess *s, int conn, const struct cgp_cmd *cmd, int def)
{
	const char *v = cgp_get(cmd, "limit");
	long n;

	if (v == NULL)
		return def;
	if ((n = cgp_parse_num(v, 1000000000L)) < 0) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, "limit= must be a "
		    "number (at most 100)");
		return -1;
	}
	return n > PAGE_MAX ? PAGE_MAX : (int)n;
}

void
sess_cmd_whois(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	const char *name = cgp_get(cmd, "name");
	const struct store_rating *r;
	struct sread q;
	char when[32], v[24];
	struct store_account a;
	struct rating x;
	struct cgp_out o;
	int n, i, rc;

	if (sess_accounts(s, conn, cmd) == NULL)
		return;
	if (name == NULL || !sess_valid_account(name)) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, "name= is an "
		    "account's name");
		return;
	}
	if ((rc = sess_read_account(s, conn, name, &a)) == SESS_READ_LATER)
		return;
	if (rc < 0) {
		unreadable(s, conn, cmd, "account");
		return;
	}
	if (rc == 0) {
		sess_err(s, conn, cmd->tag, CGP_NO_SUCH_PLAYER, "no such "
		    "player");
		return;
	}
	sess_read_prepare(&q, SREAD_RATINGS, name, 2 * RATING_NSPEEDS * 4);
	if ((r = read_rows(s, conn, cmd, &q, &n)) == NULL)
		return;
	sess_iso8601(a.created, when, sizeof when);
	cgp_out_ok(&o, cmd->tag, "WHOIS");
	cgp_out_kv(&o, "name", a.name);
	cgp_out_kv(&o, "created", when);
	cgp_out_kvi(&o, "games", a.games);
	if (a.bot)
		cgp_out_kv(&o, "title", "BOT");
	cgp_out_kvi(&o, "n", n);
	sess_emit(s, conn, &o);
	for (i = 0; i < n; i++) {
		x.r = r[i].rating;
		x.rd = r[i].rd;
		x.vol = r[i].vol;
		cgp_out_item(&o, cmd->tag);
		cgp_out_kv(&o, "variant", r[i].variant);
		cgp_out_kv(&o, "speed", r[i].speed);
		cgp_out_kvi(&o, "rating", rating_round(r[i].rating));
		snprintf(v, sizeof v, "%ld", rating_round(r[i].rd));
		cgp_out_kv(&o, "rd", v);
		cgp_out_kvi(&o, "games", r[i].games);
		cgp_out_kvi(&o, "provisional", rating_provisional(&x));
		sess_emit(s, conn, &o);
	}
}

void
sess_cmd_top(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	const char *variant = cgp_get(cmd, "variant"), *speed = cgp_get(cmd,
	    "speed");
	const struct store_rating *r = NULL;
	struct sread q;
	char v[24];
	struct cgp_out o;
	int n = 0, i, limit;

	if (sess_accounts(s, conn, cmd) == NULL)
		return;
	if (variant == NULL)
		variant = "congo";
	if (!cgp_variant_known(variant) || speed == NULL ||
	    rating_speed_parse(speed) < 0) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, !cgp_variant_known(
		    variant) ? "variant= is congo or megapawn" : "speed= is "
		    "bullet, blitz, rapid or classical");
		return;
	}
	if ((limit = want_limit(s, conn, cmd, 20)) < 0)
		return;
	if (limit > 0) {
		memset(&q, 0, sizeof q);
		q.kind = SREAD_TOP;
		snprintf(q.key, sizeof q.key, "%s", variant);
		snprintf(q.key2, sizeof q.key2, "%s", speed);
		/* bots=yes: the bots' leaderboard (issue 59). */
		if (cgp_get(cmd, "bots") != NULL &&
		    strcmp(cgp_get(cmd, "bots"), "yes") == 0)
			snprintf(q.key3, sizeof q.key3, "bots");
		q.limit = limit;
		if ((r = read_rows(s, conn, cmd, &q, &n)) == NULL)
			return;
	}
	cgp_out_ok(&o, cmd->tag, "TOP");
	cgp_out_kvi(&o, "n", n);
	sess_emit(s, conn, &o);
	for (i = 0; i < n; i++) {
		cgp_out_item(&o, cmd->tag);
		cgp_out_kvi(&o, "rank", i + 1);
		cgp_out_kv(&o, "name", r[i].name);
		cgp_out_kvi(&o, "rating", rating_round(r[i].rating));
		snprintf(v, sizeof v, "%ld", rating_round(r[i].rd));
		cgp_out_kv(&o, "rd", v);
		cgp_out_kvi(&o, "games", r[i].games);
		sess_emit(s, conn, &o);
	}
}

void
sess_cmd_games(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	const char *player = cgp_get(cmd, "player"), *before = cgp_get(cmd,
	    "before");
	const struct store_game_item *it = NULL;
	struct sread q;
	char when[32], b[CGP_ID_LEN + 1];
	struct cgp_out o;
	int n = 0, i, limit;

	if (cgp_get(cmd, "mine") != NULL) {
		if (strcmp(cgp_get(cmd, "mine"), "yes") != 0)
			sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX,
			    "mine= is yes");
		else
			sess_cmd_mine(s, conn, cmd);   /* sess_mine.c */
		return;
	}
	if (sess_accounts(s, conn, cmd) == NULL)
		return;
	if (player == NULL || !cgp_valid_name(player)) {
		sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, "player= is a "
		    "player's name");
		return;
	}
	if (before != NULL) {
		snprintf(b, sizeof b, "%.8s", before);
		cgp_upcase(b);
		if (strlen(before) != CGP_ID_LEN || !cgp_valid_game(b)) {
			sess_err(s, conn, cmd->tag, CGP_BAD_SYNTAX, "before= "
			    "is a game id (8 of A-Z2-7)");
			return;
		}
	}
	if ((limit = want_limit(s, conn, cmd, 20)) < 0)
		return;
	if (limit > 0) {
		sess_read_prepare(&q, SREAD_GAMES_OF, player, limit);
		if (before != NULL)
			snprintf(q.key2, sizeof q.key2, "%s", b);
		if ((it = read_rows(s, conn, cmd, &q, &n)) == NULL)
			return;
	}
	/* Nobody by that name, neither an account nor a player of a
	 * finished game: 404, as WHOIS. */
	if (n == 0 && before == NULL && limit > 0) {
		struct store_account a;
		int rc = sess_read_account(s, conn, player, &a);

		if (rc == SESS_READ_LATER)
			return;
		if (rc < 0) {
			unreadable(s, conn, cmd, "account");
			return;
		}
		if (rc == 0) {
			sess_err(s, conn, cmd->tag, CGP_NO_SUCH_PLAYER,
			    "no such player");
			return;
		}
	}
	cgp_out_ok(&o, cmd->tag, "GAMES");
	cgp_out_kvi(&o, "n", n);
	sess_emit(s, conn, &o);
	for (i = 0; i < n; i++) {
		sess_iso8601(it[i].ended / 1000, when, sizeof when);
		cgp_out_item(&o, cmd->tag);
		cgp_out_kv(&o, "game", it[i].id);
		cgp_out_kv(&o, "variant", it[i].variant);
		cgp_out_kv(&o, "white", it[i].white);
		cgp_out_kv(&o, "black", it[i].black);
		cgp_out_kv(&o, "result", it[i].result);
		cgp_out_kv(&o, "reason", it[i].reason);
		cgp_out_kvi(&o, "rated", it[i].rated);
		cgp_out_kv(&o, "ended", when);
		sess_accounts_kv(it[i].account, &o);
		sess_emit(s, conn, &o);
	}
}

void
sess_result_key(const struct sgame *g, const char *key, char *out, size_t n)
{
	char want[24];
	const char *p;
	size_t i;

	out[0] = '\0';
	snprintf(want, sizeof want, " %s=", key);
	for (i = g->ev.len; i-- > 0;) {
		const struct sev *e = vec_at(&g->ev, i);
		if (strncmp(e->text, "RESULT ", 7) != 0)
			continue;
		if ((p = strstr(e->text, want)) != NULL)
			snprintf(out, n, "%.*s", (int)strcspn(p + strlen(want),
			    " "), p + strlen(want));
		return;
	}
}

/* A number after key in an event's text ("... wclock=57000 ..."), or -1. */
static long
event_num(const char *text, const char *key)
{
	const char *p = strstr(text, key);
	char v[24];
	size_t n;
	long x;

	if (p == NULL)
		return -1;
	p += strlen(key);
	if ((n = strcspn(p, " ")) >= sizeof v)
		return -1;
	memcpy(v, p, n);
	v[n] = '\0';
	return parse_long(v, 0, 1000000000L, &x, NULL, 0) == 0 ? x : -1;
}

/* Each ply's mover's time left as its MOVE stored it (PROTOCOL.md: EV
 * MOVE's wclock= bclock=), the latest MOVE of a ply (earlier ones were
 * taken back); -1 where none. NULL for an untimed game (free it). */
static int64_t *
record_clocks(const struct sgame *g)
{
	int64_t *clk;
	long ply, ms;
	size_t i;

	if (!g->timed || g->g.nply == 0)
		return NULL;
	clk = xmalloc(sizeof *clk * (size_t)g->g.nply);
	for (ply = 0; ply < g->g.nply; ply++)
		clk[ply] = -1;
	for (i = 0; i < g->ev.len; i++) {
		const struct sev *e = vec_at(&g->ev, i);
		if (strncmp(e->text, "MOVE ", 5) != 0 ||
		    (ply = event_num(e->text, " ply=")) < 0 ||
		    ply >= g->g.nply)
			continue;
		ms = event_num(e->text, strstr(e->text, " side=black ") !=
		    NULL ? " bclock=" : " wclock=");
		clk[ply] = ms;
	}
	return clk;
}

/* The record of g, as congo writes it, into a buffer (free it): each
 * move's clock as its [%clk] (issue 62: a review showed 3:00/3:00). */
char *
sess_record_text(struct sess *s, struct sgame *g)
{
	struct record_tags t;
	struct game copy = g->g;
	char date[16], clock[32], v[2][16], d[2][16], before[16];
	char wn[CGP_NAME_MAX + 1], bn[CGP_NAME_MAX + 1];
	long rating, diff;
	time_t tt = (time_t)g->created;
	struct tm tm;
	char *buf = NULL;
	int64_t *clk;
	size_t len = 0;
	FILE *f;
	int k;

	gmtime_r(&tt, &tm);
	strftime(date, sizeof date, "%Y.%m.%d", &tm);
	record_tags_default(&t, g->seated[0] ? sess_seat_shown(g, 0, wn,
	    sizeof wn) : "?", g->seated[1] ? sess_seat_shown(g, 1, bn,
	    sizeof bn) : "?");
	record_tag_set(&t, "Event", g->rated ? "Rated game" : "Casual game");
	record_tag_set(&t, "Site", s->server);
	record_tag_set(&t, "Date", date);
	record_tag_set(&t, "Round", g->id);
	if (g->timed) {
		clock_format_control(g->clock.base_ms, g->clock.inc_ms, clock,
		    sizeof clock);
		record_tag_set(&t, "TimeControl", clock);
	}
	/* A result the rules did not reach (resign, time...) is the game's
	 * all the same in its record. */
	if (g->over && copy.result == RESULT_NONE && g->result != RESULT_NONE) {
		copy.result = g->result;
		copy.reason = strcmp(g->reason, "resign") == 0 ? REASON_RESIGN :
		    strcmp(g->reason, "agreement") == 0 ? REASON_AGREEMENT :
		    strcmp(g->reason, "time") == 0 ? REASON_TIME :
		    strcmp(g->reason, "abandoned") == 0 ? REASON_ABANDONED :
		    REASON_NONE;
	}
	if (g->over)
		record_tag_set(&t, "ServerTermination", g->reason);
	for (k = 0; g->rated && k < 2; k++) {
		sess_result_key(g, k == 0 ? "wrating" : "brating", v[k],
		    sizeof v[k]);
		sess_result_key(g, k == 0 ? "wdiff" : "bdiff", d[k],
		    sizeof d[k]);
		if (parse_long(v[k], -1000000, 1000000, &rating, NULL, 0) != 0
		    || parse_long(d[k], -1000000, 1000000, &diff, NULL, 0) != 0)
			continue;
		snprintf(before, sizeof before, "%ld", rating - diff);
		record_tag_set(&t, k == 0 ? "WhiteElo" : "BlackElo", before);
		record_tag_set(&t, k == 0 ? "WhiteRatingDiff" :
		    "BlackRatingDiff", d[k]);
	}
	f = open_memstream(&buf, &len);
	if (f == NULL)
		return NULL;
	clk = record_clocks(g);
	if (record_write_clk(f, &copy, &t, clk) < 0) {
		free(clk);
		fclose(f);
		free(buf);
		return NULL;
	}
	free(clk);
	fclose(f);
	return buf;
}

void
sess_cmd_record(struct sess *s, int conn, const struct cgp_cmd *cmd)
{
	struct sgame *g = sess_want_game(s, conn, cmd);
	char *text, *line, *next;
	struct cgp_out o;
	int n = 0;

	if (g == NULL)
		return;
	if ((text = sess_record_text(s, g)) == NULL) {
		sess_err(s, conn, cmd->tag, CGP_INTERNAL, "cannot write the "
		    "record");
		return;
	}
	for (line = text; *line != '\0'; line = next + 1, n++)
		if ((next = strchr(line, '\n')) == NULL)
			break;
	cgp_out_ok(&o, cmd->tag, "RECORD");
	cgp_out_kv(&o, "game", g->id);
	cgp_out_kvi(&o, "n", n);
	sess_emit(s, conn, &o);
	for (line = text; *line != '\0'; line = next + 1) {
		if ((next = strchr(line, '\n')) == NULL)
			break;
		*next = '\0';
		cgp_out_item(&o, cmd->tag);
		cgp_out_text(&o, line);
		sess_emit(s, conn, &o);
	}
	free(text);
}
