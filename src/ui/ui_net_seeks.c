/*
 * ui_net_seeks.c: the lobby's seeks (SEEKS, asked again every few seconds
 * while the lobby shows): who seeks, their rating, variant, clock, rated
 * or not; Enter on one accepts it by seeking the same terms. And the seek
 * dialog (s): variant, clock, rated, colour and the opponents' rating
 * range, then the wait (how long it has been, Esc withdraws it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/client/client.h"
#include "ui/ui_net.h"
#include "util/util.h"

#define SEEKS_EVERY_MS 3000

static const char *const variants[] = { "congo", "megapawn" };
static const char *const clocks[] = { "1+0", "3+0", "3+2", "5+0", "5+3",
	"10+0", "10+5", "15+10", "30+0" };
static const char *const colors[] = { "random", "white", "black" };
#define NCLOCKS ((int)(sizeof clocks / sizeof clocks[0]))
#define DEFAULT_CLOCK 4         /* 5+3 */

enum { F_VARIANT, F_CLOCK, F_RATED, F_COLOR, F_RANGE, NFIELDS };

/* "300+3" (seconds) as the game writes clocks ("5+3", minutes). */
static void
minutes(const char *secs, char *out, size_t n)
{
	int base, inc;

	if (sscanf(secs, "%d+%d", &base, &inc) != 2 || base < 0 ||
	    base > 86400 || inc < 0 || inc > 600)
		snprintf(out, n, "%s", secs);
	else if (base % 60 == 0)
		snprintf(out, n, "%d+%d", base / 60, inc);
	else
		snprintf(out, n, "%.1f+%d", base / 60.0, inc);
}

void
ui_lobby_seeks_tick(struct ui_app *a)
{
	struct ui_net *u = a->net;
	long long now = util_now_ms();

	if (u->c == NULL || a->screen != SCR_LOBBY || u->seeks_asking ||
	    net_client_state(u->c) != NET_ONLINE || now < u->seeks_at)
		return;
	if (net_client_query(u->c, "SEEKS", "") == 0)
		u->seeks_asking = true;
	u->seeks_at = now + SEEKS_EVERY_MS;
}

void
ui_lobby_seeks_event(struct ui_app *a, const struct net_event *e)
{
	struct ui_net *u = a->net;
	struct ui_lobby_seek *k;
	char v[16];

	a->s.dirty = true;
	if (e->kind == NEV_ITEMS) {
		u->nseeks = 0;
		return;
	}
	if (e->kind == NEV_ITEMS_END) {
		u->seeks_asking = false;
		if (u->seek_sel >= u->nseeks)
			u->seek_sel = u->nseeks - 1;
		return;
	}
	if (u->nseeks >= UI_SEEKS_MAX)
		return;
	k = &u->seeks[u->nseeks++];
	net_kv_get(e->text, "seek", k->id, sizeof k->id);
	net_kv_get(e->text, "name", k->name, sizeof k->name);
	net_kv_get(e->text, "rating", k->rating, sizeof k->rating);
	net_kv_get(e->text, "variant", k->variant, sizeof k->variant);
	net_kv_get(e->text, "clock", k->clock, sizeof k->clock);
	net_kv_get(e->text, "color", k->color, sizeof k->color);
	net_kv_get(e->text, "rated", v, sizeof v);
	k->rated = strcmp(v, "yes") == 0 || strcmp(v, "1") == 0;
}

static void
draw_form(struct ui_app *a, int y)
{
	struct ui_seek_form *f = &a->net->form;
	static const char *const names[NFIELDS] = { "Variant", "Clock",
		"Rated", "Colour", "Rating range" };
	char line[160], val[64];
	int cols = a->lay.cols, i;

	term_putw(y++, 0, cols, ST_HEAD, 0, " Seek a game");
	y++;
	for (i = 0; i < NFIELDS; i++, y++) {
		switch (i) {
		case F_VARIANT:
			snprintf(val, sizeof val, "%s", variants[f->variant]);
			break;
		case F_CLOCK:
			snprintf(val, sizeof val, "%s (minutes + seconds a "
			    "move)", clocks[f->clock]);
			break;
		case F_RATED:
			snprintf(val, sizeof val, "%s", f->rated ? "yes" :
			    "no");
			break;
		case F_COLOR:
			snprintf(val, sizeof val, "%s", colors[f->color]);
			break;
		default:
			snprintf(val, sizeof val, "%s", f->range[0] != '\0' ?
			    f->range : "any (type e.g. 1400-1700)");
			break;
		}
		snprintf(line, sizeof line, " %c %-13s < %s >", i == f->field ?
		    '>' : ' ', names[i], val);
		term_putw(y, 0, cols, i == f->field ? ST_CURSOR : ST_NORMAL,
		    0, line);
	}
	y++;
	term_putw(y, 0, cols, ST_DIM, 0, " Up/Down: a field   Left/Right: its "
	    "value   Enter: seek   Esc: back");
}

int
ui_lobby_seeks_draw(struct ui_app *a, int y)
{
	struct ui_net *u = a->net;
	char line[200], clk[16];
	int cols = a->lay.cols, i;

	if (u->form.open) {
		draw_form(a, y);
		return a->lay.rows;     /* the dialog takes the screen */
	}
	term_putw(y++, 0, cols, ST_HEAD, 0,
	    "   Seeks     Player               Rating  Variant   Clock   "
	    "Rated   Colour");
	if (u->nseeks == 0)
		term_putw(y++, 0, cols, ST_DIM, 0, "   (nobody seeks a game: s "
		    "seeks one)");
	for (i = 0; i < u->nseeks && i < 6; i++, y++) {
		const struct ui_lobby_seek *k = &u->seeks[i];
		minutes(k->clock, clk, sizeof clk);
		snprintf(line, sizeof line, " %c           %-20.20s %6s  %-8.8s "
		    " %-6.6s  %-6s  %s%s", i == u->seek_sel ? '>' : ' ',
		    k->name, k->rating, k->variant, clk, k->rated ? "rated" :
		    "casual", k->color, strcmp(k->name, u->account) == 0 ?
		    "  (yours)" : "");
		term_putw(y, 0, cols, i == u->seek_sel ? ST_CURSOR : ST_NORMAL,
		    0, line);
	}
	return y + 1;
}

/* Enter on a seek: the same terms, the other colour. */
static void
accept_seek(struct ui_app *a, const struct ui_lobby_seek *k)
{
	struct ui_net *u = a->net;
	char clk[16], desc[128];
	const char *color = strcmp(k->color, "white") == 0 ? "black" :
	    strcmp(k->color, "black") == 0 ? "white" : NULL;

	if (strcmp(k->name, u->account) == 0) {
		session_msg(&a->s, SM_ERROR, "that seek is yours");
		return;
	}
	if (k->rated && u->account[0] == '\0') {
		session_msg(&a->s, SM_ERROR, "a rated game needs an account: "
		    "congo --connect %s --register NAME", u->host);
		return;
	}
	minutes(k->clock, clk, sizeof clk);
	snprintf(desc, sizeof desc, "%s %s %s (%s's)", clk, k->rated ?
	    "rated" : "casual", k->variant, k->name);
	ui_net_seek_send(a, k->clock, k->rated, k->variant, color, NULL,
	    desc);
	u->seek_sel = -1;
}

static void
form_seek(struct ui_app *a)
{
	struct ui_net *u = a->net;
	struct ui_seek_form *f = &u->form;
	char spec[16], desc[128];
	long m, s;

	if (f->rated && u->account[0] == '\0') {
		session_msg(&a->s, SM_ERROR, "a rated game needs an account: "
		    "congo --connect %s --register NAME", u->host);
		return;
	}
	if (f->range[0] != '\0') {
		long lo, hi;
		char end;
		if (sscanf(f->range, "%ld-%ld%c", &lo, &hi, &end) != 2 ||
		    lo > hi) {
			session_msg(&a->s, SM_ERROR, "a rating range is "
			    "MIN-MAX, e.g. 1400-1700");
			return;
		}
	}
	sscanf(clocks[f->clock], "%ld+%ld", &m, &s);
	snprintf(spec, sizeof spec, "%ld+%ld", m * 60, s);
	snprintf(desc, sizeof desc, "%s %s %s%s%s%.15s", clocks[f->clock],
	    f->rated ? "rated" : "casual", variants[f->variant],
	    f->color == 0 ? "" : f->color == 1 ? " as White" : " as Black",
	    f->range[0] != '\0' ? ", opponents " : "", f->range);
	f->open = false;
	ui_net_seek_send(a, spec, f->rated != 0, variants[f->variant],
	    f->color == 0 ? NULL : colors[f->color], f->range[0] != '\0' ?
	    f->range : NULL, desc);
}

static bool
form_key(struct ui_app *a, const struct ui_event *ev)
{
	struct ui_seek_form *f = &a->net->form;
	int d = 0;
	size_t n = strlen(f->range);

	switch (ev->key) {
	case UK_ESC:
	case 'q':
		f->open = false;
		return true;
	case UK_UP:
	case 'k':
		f->field = (f->field + NFIELDS - 1) % NFIELDS;
		return true;
	case UK_DOWN:
	case 'j':
	case '\t':
		f->field = (f->field + 1) % NFIELDS;
		return true;
	case UK_ENTER:
		form_seek(a);
		return true;
	case UK_LEFT:
	case 'h':
		d = -1;
		break;
	case UK_RIGHT:
	case 'l':
	case ' ':
		d = 1;
		break;
	case UK_BACKSPACE:
		if (f->field == F_RANGE && n > 0)
			f->range[n - 1] = '\0';
		return true;
	default:
		if (f->field == F_RANGE && ((ev->key >= '0' && ev->key <= '9') ||
		    ev->key == '-') && n + 1 < sizeof f->range) {
			f->range[n] = (char)ev->key;
			f->range[n + 1] = '\0';
		}
		return true;
	}
	switch (f->field) {
	case F_VARIANT:
		f->variant = (f->variant + 2 + d) % 2;
		break;
	case F_CLOCK:
		f->clock = (f->clock + NCLOCKS + d) % NCLOCKS;
		break;
	case F_RATED:
		f->rated = !f->rated;
		break;
	case F_COLOR:
		f->color = (f->color + 3 + d) % 3;
		break;
	default:
		break;
	}
	return true;
}

bool
ui_lobby_seeks_key(struct ui_app *a, const struct ui_event *ev)
{
	struct ui_net *u = a->net;
	struct session_cmd cmd;

	if (u->form.open)
		return form_key(a, ev);
	switch (ev->key) {
	case 's':
		if (!u->form.used) {
			/* 5+3, rated when logged in */
			u->form.used = true;
			u->form.clock = DEFAULT_CLOCK;
			u->form.rated = u->account[0] != '\0';
		}
		u->form.open = true;
		return true;
	case 't':
	case 'g':
		memset(&cmd, 0, sizeof cmd);
		cmd.type = ev->key == 't' ? CMD_TOP : CMD_GAMES;
		ui_net_list_open(a, &cmd);
		return true;
	case UK_UP:
	case 'k':
		if (u->seek_sel > 0)
			u->seek_sel--;
		else if (u->seek_sel < 0 && u->sel == 0 && u->nseeks > 0)
			u->seek_sel = u->nseeks - 1;
		else
			return u->seek_sel == 0;
		return true;
	case UK_DOWN:
	case 'j':
		if (u->seek_sel < 0)
			return false;
		if (u->seek_sel + 1 < u->nseeks)
			u->seek_sel++;
		else
			u->seek_sel = u->nitems > 0 ? -1 : u->seek_sel;
		return true;
	case UK_ENTER:
	case ' ':
		if (u->seek_sel < 0 || u->seek_sel >= u->nseeks)
			return false;
		accept_seek(a, &u->seeks[u->seek_sel]);
		return true;
	default:
		return false;
	}
}
