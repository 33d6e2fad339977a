/*
 * session_seek.c: seeking a game on the server (PROTOCOL.md SEEK): the
 * seek dialog's state (variant, clock, rated, colour, the opponents'
 * rating range) and what it sends, --seek's terms, the lobby's list of
 * others' seeks (SEEKS, asked again every few seconds while the lobby
 * shows) and accepting one by seeking the same terms, the wait and its
 * withdrawal. The view (src/ui/ui_net_seeks.c) draws them and turns keys
 * into these calls.
 */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/clock.h"
#include "net/client/client.h"
#include "session/session_net.h"
#include "session/session_newgame.h"
#include "session/session_seek.h"
#include "util/i18n.h"

#define SEEKS_EVERY_MS 3000
#define DEFAULT_CLOCK 4         /* 5+3 */

static const char *const variants[] = { "congo", "megapawn" };
/* minutes+seconds, then correspondence: days a move (PROTOCOL.md
 * "Correspondence": 1, 2, 3, 5, 7, 10 or 14) */
static const char *const clocks[] = { "1+0", "3+0", "3+2", "5+0", "5+3",
	"10+0", "10+5", "15+10", "30+0", "1d", "2d", "3d", "5d", "7d", "10d",
	"14d" };
/* (the protocol's words; shown translated by session_seek_value) */
static const char *const colors[] = { N_("random"), N_("white"),
	N_("black") };
#define NVARIANTS ((int)(sizeof variants / sizeof variants[0]))
#define NCLOCKS ((int)(sizeof clocks / sizeof clocks[0]))
#define NCOLORS ((int)(sizeof colors / sizeof colors[0]))

void
session_seek_minutes(const char *secs, char *out, size_t n)
{
	int64_t base, inc;

	if (clock_parse_seconds(secs, &base, &inc, NULL, 0) != 0 ||
	    inc % 1000 != 0)
		snprintf(out, n, "%s", secs);
	else if (base % 60000 == 0)
		snprintf(out, n, "%d+%d", (int)(base / 60000), (int)(inc / 1000));
	else    /* as the panel and --clock write it: 0.5+0, 0.02+0 */
		snprintf(out, n, "%g+%d", base / 60000.0, (int)(inc / 1000));
}

void
session_seek_value(const struct session *s, int field, char *buf, size_t n)
{
	const struct session_seek_form *f = &s->net->seek.form;

	switch (field) {
	case SF_VARIANT:
		snprintf(buf, n, "%s", variants[f->variant]);
		break;
	case SF_CLOCK:
		snprintf(buf, n, "%s", clocks[f->clock]);
		break;
	case SF_RATED:
		snprintf(buf, n, "%s", f->rated ? _("yes") : _("no"));
		break;
	case SF_COLOR:
		snprintf(buf, n, "%s", _(colors[f->color]));
		break;
	default:
		snprintf(buf, n, "%s", f->range);
		break;
	}
}

void
session_seek_form_open(struct session *s)
{
	struct session_net *u = s->net;
	struct session_seek_form *f = &u->seek.form;

	if (!f->used) {
		/* 5+3, rated when logged in */
		f->used = true;
		f->clock = DEFAULT_CLOCK;
		f->rated = u->account[0] != '\0';
	}
	f->open = true;
	s->dirty = true;
}

void
session_seek_form_close(struct session *s)
{
	s->net->seek.form.open = false;
	s->dirty = true;
}

void
session_seek_form_field(struct session *s, int delta)
{
	struct session_seek_form *f = &s->net->seek.form;

	f->field = (f->field + SF_NFIELDS + delta % SF_NFIELDS) % SF_NFIELDS;
	s->dirty = true;
}

void
session_seek_form_change(struct session *s, int delta)
{
	struct session_seek_form *f = &s->net->seek.form;
	int d = delta < 0 ? -1 : 1;

	switch (f->field) {
	case SF_VARIANT:
		f->variant = (f->variant + NVARIANTS + d) % NVARIANTS;
		break;
	case SF_CLOCK:
		f->clock = (f->clock + NCLOCKS + d) % NCLOCKS;
		break;
	case SF_RATED:
		f->rated = !f->rated;
		break;
	case SF_COLOR:
		f->color = (f->color + NCOLORS + d) % NCOLORS;
		break;
	default:
		break;
	}
	s->dirty = true;
}

bool
session_seek_form_type(struct session *s, int ch)
{
	struct session_seek_form *f = &s->net->seek.form;
	size_t n = strlen(f->range);

	if (f->field != SF_RANGE)
		return false;
	if (ch == SESSION_TYPE_CLEAR) {
		f->range[0] = '\0';
	} else if (ch < 0) {
		if (n > 0)
			f->range[n - 1] = '\0';
	} else if (((ch >= '0' && ch <= '9') || ch == '-') &&
	    n + 1 < sizeof f->range) {
		f->range[n] = (char)ch;
		f->range[n + 1] = '\0';
	}
	s->dirty = true;
	return true;
}

/* A rated seek needs an account: false with the message when none. */
static bool
may_rate(struct session *s, bool rated)
{
	const struct session_net *u = s->net;

	if (!rated || u->account[0] != '\0')
		return true;
	session_msg(s, SM_ERROR, _("a rated game needs an account: congo "
	    "--connect %s --register NAME"), u->host);
	return false;
}

bool
session_seek_days(const char *control, int *days)
{
	size_t n = strlen(control);
	long k;
	char num[8];

	if (n < 2 || n > 3 || control[n - 1] != 'd')
		return false;
	memcpy(num, control, n - 1);
	num[n - 1] = '\0';
	if (parse_long(num, 1, 14, &k, NULL, 0) != 0 || (k != 1 && k != 2 &&
	    k != 3 && k != 5 && k != 7 && k != 10 && k != 14))
		return false;
	*days = (int)k;
	return true;
}

int
session_server_clock(const char *clock, char *secs, size_t n, char *why,
    size_t whylen)
{
	int64_t base, inc;

	if (clock_parse_minutes(clock, &base, &inc, why, whylen) < 0)
		return -1;
	if (base < 1000) {
		snprintf(why, whylen, "%s", _("a server clock has at least a "
		    "second"));
		return -1;
	}
	clock_format_control(base, inc, secs, n);
	return 0;
}

const char *
session_seek_refusal(const struct net_event *e)
{
	/* A rated seek that only a seek of one's own network would answer
	 * (PROTOCOL.md: never paired unless the server allows it). */
	if (strcmp(e->name, "SAME_NETWORK") == 0)
		return _("a rated game is between two networks, and the rated "
		    "seek that matches yours comes from your own (an unrated "
		    "seek can be paired with it)");
	return e->text;
}

void
session_typed_refusal(struct session *s, const char *err)
{
	session_msg(s, SM_ERROR, "%s", strncmp(err, "--", 2) == 0 ? err + 2 :
	    err);
}

int
session_seek_typed(struct session *s, const char *arg)
{
	struct session_terms t;
	char err[200] = "";

	if (!session_terms_parse("seek", arg, &t, err, sizeof err)) {
		session_msg(s, SM_ERROR, "%s", err[0] != '\0' ? err :
		    _("seek M+S [rated] [megapawn] (minutes and seconds, such as "
		    "seek 5+3), or seek Nd [rated] [megapawn] (N days a move)."));
		return -1;
	}
	if (session_seek_start(s, t.days > 0 ? NULL : t.clock, t.days,
	    t.rated, t.variant, -1, err, sizeof err) < 0) {
		session_typed_refusal(s, err);
		return -1;
	}
	s->net->seek.quit = false;      /* withdrawn: back in the lobby */
	return 0;
}

int
session_seek_computer(struct session *s, const char *arg)
{
	int rc;

	while (arg != NULL && *arg == ' ')
		arg++;
	net_client_seek_bots(s->net->c, true);
	rc = session_seek_typed(s, arg == NULL || *arg == '\0' ? "5+3" : arg);
	net_client_seek_bots(s->net->c, false);
	return rc;
}

bool
session_terms_parse(const char *word, const char *text,
    struct session_terms *t, char *err, size_t n)
{
	char control[32], w[3][16];
	int k, i;

	memset(t, 0, sizeof *t);
	t->variant = variant_name(VARIANT_CONGO);
	k = sscanf(text, "%31s %15s %15s %15s", control, w[0], w[1], w[2]);
	if (k < 1 || k > 3) {
		err[0] = '\0';         /* (the caller says its usage) */
		return false;
	}
	if (strchr(control, '+') != NULL)
		snprintf(t->clock, sizeof t->clock, "%s", control);
	else if (!session_seek_days(control, &t->days)) {
		snprintf(err, n, _("%1$s: '%2$s' is neither a clock (M+S, such "
		    "as 5+3) nor days a move (1d, 2d, 3d, 5d, 7d, 10d or 14d)."),
		    word, control);
		return false;
	}
	for (i = 0; i < k - 1; i++) {
		if (strcmp(w[i], "rated") == 0)
			t->rated = true;
		else if (variant_parse(w[i]) >= 0)
			t->variant = variant_name(variant_parse(w[i]));
		else {
			snprintf(err, n, _("%1$s: '%2$s' is neither rated nor a "
			    "variant (congo, megapawn)."), word, w[i]);
			return false;
		}
	}
	return true;
}

void
session_seek_send(struct session *s, const char *clock, bool rated,
    const char *variant, const char *color, const char *range,
    const char *desc)
{
	struct session_net *u = s->net;
	int days = 0;

	/* "3d": a correspondence seek (SEEK days=) */
	if (session_seek_days(clock, &days))
		net_client_seek(u->c, variant, NULL, days, rated, color,
		    range);
	else
		net_client_seek(u->c, variant, clock, 0, rated, color, range);
	snprintf(u->seek.desc, sizeof u->seek.desc, "%.63s", desc);
	u->seek.quit = false;
	u->want_lobby = true;
	u->view_serial++;
	s->dirty = true;
}

/* "MIN-MAX", two whole numbers (a sign allowed), MIN <= MAX. */
static bool
range_valid(const char *text)
{
	const char *dash = text[0] != '\0' ? strchr(text + 1, '-') : NULL;
	char min[24];
	long lo, hi;

	if (dash == NULL || (size_t)(dash - text) >= sizeof min)
		return false;
	memcpy(min, text, (size_t)(dash - text));
	min[dash - text] = '\0';
	return parse_long(min, LONG_MIN, LONG_MAX, &lo, NULL, 0) == 0 &&
	    parse_long(dash + 1, LONG_MIN, LONG_MAX, &hi, NULL, 0) == 0 &&
	    lo <= hi;
}

int
session_seek_form_submit(struct session *s)
{
	struct session_seek_form *f = &s->net->seek.form;
	char spec[32], desc[128];
	int64_t base, inc;
	int days;

	if (!may_rate(s, f->rated))
		return -1;
	if (f->range[0] != '\0' && !range_valid(f->range)) {
		session_msg(s, SM_ERROR, _("a rating range is MIN-MAX, e.g. "
		    "1400-1700"));
		return -1;
	}
	if (session_seek_days(clocks[f->clock], &days))
		snprintf(spec, sizeof spec, "%s", clocks[f->clock]);
	else if (clock_parse_minutes(clocks[f->clock], &base, &inc, NULL,
	    0) != 0)
		return -1;
	else
		clock_format_control(base, inc, spec, sizeof spec);
	snprintf(desc, sizeof desc, "%s %s %s%s%s%.15s", clocks[f->clock],
	    f->rated ? _("rated") : _("casual"), variants[f->variant],
	    f->color == 0 ? "" : f->color == 1 ? _(" as White") :
	    _(" as Black"), f->range[0] != '\0' ? _(", opponents ") : "",
	    f->range);
	f->open = false;
	session_seek_send(s, spec, f->rated != 0, variants[f->variant],
	    f->color == 0 ? NULL : colors[f->color], f->range[0] != '\0' ?
	    f->range : NULL, desc);
	return 0;
}

int
session_seek_accept(struct session *s, int i)
{
	struct session_net *u = s->net;
	const struct session_lobby_seek *k;
	char clk[16], desc[128];
	const char *color;

	if (i < 0 || i >= u->seek.n)
		return -1;
	k = &u->seek.list[i];
	if (strcmp(k->name, u->account) == 0) {
		session_msg(s, SM_ERROR, _("that seek is yours"));
		return -1;
	}
	if (!may_rate(s, k->rated))
		return -1;
	/* The same terms, the other colour. */
	color = strcmp(k->color, "white") == 0 ? "black" :
	    strcmp(k->color, "black") == 0 ? "white" : NULL;
	session_seek_minutes(k->clock, clk, sizeof clk);
	snprintf(desc, sizeof desc, _("%s %s %s (%s's)"), clk, k->rated ?
	    _("rated") : _("casual"), k->variant, k->name);
	session_seek_send(s, k->clock, k->rated, k->variant, color, NULL,
	    desc);
	u->seek.sel = -1;
	return 0;
}

int
session_seek_start(struct session *s, const char *clock, int days,
    bool rated, const char *variant, int seat, char *err, size_t errlen)
{
	char spec[32], why[160], desc[64];

	if (days > 0 && clock != NULL && clock[0] != '\0') {
		snprintf(err, errlen, "%s", _("--seek: a clock (M+S) or "
		    "--days N, not both"));
		return -1;
	}
	if (days > 0) {
		/* a correspondence seek: "3d" (session_seek_send) */
		snprintf(spec, sizeof spec, "%dd", days);
		snprintf(desc, sizeof desc, _("%d d %s %.12s%s"), days, rated ?
		    _("rated") : _("casual"), variant, seat < 0 ? "" :
		    seat == WHITE ? _(" as White") : _(" as Black"));
		goto send;
	}
	if (clock == NULL || clock[0] == '\0') {
		snprintf(err, errlen, "%s", _("--seek needs a clock (M+S, e.g. "
		    "--seek 5+3) or --days N"));
		return -1;
	}
	if (session_server_clock(clock, spec, sizeof spec, why,
	    sizeof why) < 0) {
		snprintf(err, errlen, _("--seek: %s"), why);
		return -1;
	}
	snprintf(desc, sizeof desc, "%.12s %s %.12s%s", clock, rated ?
	    _("rated") : _("casual"), variant, seat < 0 ? "" :
	    seat == WHITE ? _(" as White") : _(" as Black"));
send:
	session_seek_send(s, spec, rated, variant, seat < 0 ? NULL :
	    seat == WHITE ? "white" : "black", NULL, desc);
	s->net->seek.quit = true;       /* withdrawing it quits */
	return 0;
}

bool
session_seek_line(const struct session *s, long long now, char *buf,
    size_t n)
{
	const struct session_net *u = s->net;
	long long since, sec;

	if (u == NULL || u->c == NULL || !net_client_seeking(u->c, &since))
		return false;
	sec = (now - since) / 1000;
	snprintf(buf, n, _(" Seeking %s: waiting %lld:%02lld for an opponent  "
	    "(Esc withdraws the seek)"), u->seek.desc, sec / 60, sec % 60);
	return true;
}

bool
session_seek_cancel(struct session *s, bool quit)
{
	struct session_net *u = s->net;
	long long since;

	if (u == NULL || u->c == NULL || !net_client_seeking(u->c, &since))
		return false;
	net_client_unseek(u->c);
	session_msg(s, SM_NORMAL, _("seek withdrawn"));
	if (quit || u->seek.quit)
		s->quit = true;
	return true;
}

void
session_seeks_tick(struct session *s, long long now, bool lobby)
{
	struct session_net *u = s->net;

	if (u == NULL || u->c == NULL || !lobby || u->seek.asking ||
	    net_client_state(u->c) != NET_ONLINE || now < u->seek.at)
		return;
	if (net_client_query(u->c, "SEEKS", "") == 0)
		u->seek.asking = true;
	u->seek.at = now + SEEKS_EVERY_MS;
}

/* One's own seeks first, in the lobby's rows however many others seek
 * (the server lists the oldest first). */
static void
mine_first(struct session *s)
{
	struct session_seeks *k = &s->net->seek;
	struct session_lobby_seek t;
	int at = 0;

	for (int i = 0; i < k->n; i++) {
		if (!session_seek_mine(s, &k->list[i]))
			continue;
		t = k->list[i];
		for (int j = i; j > at; j--)
			k->list[j] = k->list[j - 1];
		k->list[at++] = t;
	}
}

void
session_seeks_event(struct session *s, const struct net_event *e)
{
	struct session_net *u = s->net;
	struct session_lobby_seek *k;
	char v[16];

	s->dirty = true;
	if (e->kind == NEV_ITEMS) {
		u->seek.n = 0;
		return;
	}
	if (e->kind == NEV_ITEMS_END) {
		u->seek.asking = false;
		mine_first(s);
		if (u->seek.sel >= u->seek.n)
			u->seek.sel = u->seek.n - 1;
		session_lobby_highlight(s);
		return;
	}
	if (u->seek.n >= SESSION_SEEKS_MAX)
		return;
	k = &u->seek.list[u->seek.n++];
	net_kv_get(e->text, "seek", k->id, sizeof k->id);
	net_kv_get(e->text, "name", k->name, sizeof k->name);
	net_kv_get(e->text, "rating", k->rating, sizeof k->rating);
	/* a provisional rating with its ?, as congo(6) writes one */
	if (net_kv_get(e->text, "provisional", v, sizeof v) &&
	    strcmp(v, "1") == 0 && strlen(k->rating) + 1 < sizeof k->rating)
		strcat(k->rating, "?");
	net_kv_get(e->text, "variant", k->variant, sizeof k->variant);
	/* a correspondence seek: "3d", as the dialog says it */
	if (net_kv_get(e->text, "days", v, sizeof v))
		snprintf(k->clock, sizeof k->clock, "%.3sd", v);
	else
		net_kv_get(e->text, "clock", k->clock, sizeof k->clock);
	net_kv_get(e->text, "color", k->color, sizeof k->color);
	net_kv_get(e->text, "rated", v, sizeof v);
	k->rated = strcmp(v, "yes") == 0 || strcmp(v, "1") == 0;
	k->bot = net_kv_get(e->text, "title", v, sizeof v) &&
	    strcmp(v, "BOT") == 0;
}

bool
session_seek_mine(const struct session *s, const struct session_lobby_seek *k)
{
	const struct session_net *u = s->net;
	long long since;

	if (u == NULL)
		return false;
	if (u->account[0] != '\0' && strcmp(k->name, u->account) == 0)
		return true;
	return u->c != NULL && net_client_seeking(u->c, &since) &&
	    u->seek.mine[0] != '\0' && strcmp(k->id, u->seek.mine) == 0;
}
