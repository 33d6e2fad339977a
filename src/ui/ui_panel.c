/*
 * ui_panel.c: the main screen's side panel: each player (its clock, or a
 * correspondence game's deadline, in the clock's place) and its pieces,
 * the variant, move and clock control, a network game's id, ratings and
 * chat, continuous analysis, the evaluation graph and the move list.
 */
#include <langinfo.h>
#include <stdio.h>
#include <string.h>

#include "engine/board.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "session/session_player.h"
#include "util/i18n.h"
#include "ui/ui_int.h"
#include "ui/ui_net.h"
#include "ui/ui_learn.h"

/*
 * Fields joined by two spaces, as many as fit in w columns: a value is
 * never cut in the middle. Each field may offer a shorter form after a
 * '|' ("quiet plies 2/200|quiet 2/200").
 */
static void
fit(char *out, size_t n, int w, const char *const *fields, int nf)
{
	size_t len = 0;
	int i;

	out[0] = '\0';
	for (i = 0; i < nf; i++) {
		const char *f = fields[i], *bar;
		int need;
		if (f == NULL || f[0] == '\0')
			continue;
		for (;;) {
			bar = strchr(f, '|');
			need = (int)(bar != NULL ? (size_t)(bar - f) :
			    strlen(f)) + (len ? 2 : 0);
			if ((int)len + need <= w || bar == NULL)
				break;
			f = bar + 1;
		}
		if ((int)len + need > w)
			return;
		len += (size_t)snprintf(out + len, n - len, "%s%.*s",
		    len ? "  " : "", (int)(bar != NULL ? (size_t)(bar - f) :
		    strlen(f)), f);
	}
}

/* name cut to w columns at a word, an ellipsis after it ("AI
 * eenvoudig…"); a first word longer than that cut where it must. */
static void
name_cut(char *out, size_t n, const char *name, int w)
{
	bool utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	const char *dots = utf8 ? "\xe2\x80\xa6" : "...";
	int dw = utf8 ? 1 : 3;
	size_t len;

	snprintf(out, n, "%s", name);
	term_cut_words(out, w - dw);
	if (term_width(out) > w - dw || strchr(name, ' ') == NULL ||
	    out[0] == '\0') {
		/* one word: as much of it as fits, whole characters */
		snprintf(out, n, "%s", name);
		len = strlen(out);
		while (len > 0 && term_width(out) > w - dw) {
			do
				len--;
			while (len > 0 && ((unsigned char)out[len] & 0xc0) ==
			    0x80);
			out[len] = '\0';
		}
	}
	if (strlen(out) + strlen(dots) < n)
		strcat(out, dots);
}

static void
draw_side(struct ui_app *a, int c, int y)
{
	const struct session *s = &a->s;
	const struct ui_layout *l = &a->lay;
	const struct board *b = game_board(&s->game);
	bool turn = b->side == c && !game_over(&s->game) && s->review < 0;
	char desc[96], shortd[96], forms[200], buf[128], clk[32];
	const char *f[2];
	int x = l->panel_x, w = l->panel_w, cw = 0, nw;

	session_player_label(s->player[c], desc, sizeof desc);
	term_put(y, x, ST_TURN, 0, turn ? ">" : " ");
	term_put(y, x + 2, c == WHITE ? ST_WPIECE : ST_BPIECE, 0,
	    /* TRANSLATORS: the panel's side labels, at most 7 columns */
	    c == WHITE ? _(" White ") : _(" Black "));
	bool nrun, low;

	if (ui_net_clock_text(a, c, clk, sizeof clk, &nrun, &low)) {
		/* a network game: the server's clock, or the deadline ("2 d
		 * 14 h"; "2d14h" where it would leave the name little room) */
		char *p = clk, *q = clk;
		if (w - 11 - (int)strlen(clk) < 12) {
			for (; *p != '\0'; p++)
				if (*p != ' ')
					*q++ = *p;
			*q = '\0';
		}
		cw = (int)strlen(clk);
		if (w - cw - 1 > 9)
			term_put(y, x + w - cw - 1, low ? ST_ERROR : ST_HEAD,
			    nrun ? TA_BOLD : 0, clk);
		cw++;
	} else if (s->clocked) {
		int64_t left = session_clock_shown(s, c);
		clock_format(left, clk, sizeof clk);
		cw = (int)strlen(clk);
		if (w - cw - 1 > 9)
			term_put(y, x + w - cw - 1, left < 10000 &&
			    s->clock.running == c ? ST_ERROR : ST_HEAD,
			    s->clock.running == c ? TA_BOLD : 0, clk);
		cw++;
	}
	/* The name in full, shortened ("AI level 6"), or cut at a word
	 * with an ellipsis: never left out, never glued to the clock (a
	 * column between; issue 62: "AI eenvoudig zoe~3:00"). */
	nw = w - 10 - cw - (cw > 0);
	session_player_describe_short(s->player[c], shortd, sizeof shortd);
	snprintf(forms, sizeof forms, "%s|%s", desc, shortd);
	f[0] = forms;
	f[1] = turn && s->thinking ? _("(thinking)|*") : NULL;
	fit(buf, sizeof buf, nw, f, 2);
	if (buf[0] == '\0' && nw >= 2)
		name_cut(buf, sizeof buf, shortd, nw);
	term_putw(y, x + 10, nw, ST_NORMAL, 0, buf);
}

/* "L1 Z1 E2 ...": the counts of the kinds the variant has that fit. */
static void
draw_counts(struct ui_app *a, int c, int y)
{
	const struct board *b = session_board(&a->s);
	int x = a->lay.panel_x, w = a->lay.panel_w, i, n;
	char buf[128], cnt[16];
	size_t len = 0;

	buf[0] = '\0';
	for (i = 0; i < NPIECE_TYPES; i++) {
		if (!variant_has_piece(b->variant, i))
			continue;
		n = snprintf(cnt, sizeof cnt, "%s%c%d", i ? " " : "",
		    board_piece_letter(PIECE_MAKE(c, i)),
		    bb_popcount(b->pieces[c][i]));
		if ((int)len + n > w - 2 || len + (size_t)n >= sizeof buf)
			break;
		memcpy(buf + len, cnt, (size_t)n + 1);
		len += (size_t)n;
	}
	term_putw(y, x + 2, w - 2, ST_NORMAL, 0, buf);
}

/* The move list from line y down to the status bar. */
static void
draw_moves(struct ui_app *a, int y)
{
	const struct session *s = &a->s;
	int x = a->lay.panel_x, w = a->lay.panel_w, i, k;
	int room = a->lay.status_y - (y + 1), ply[2], col[2], hl[3];
	int shown = session_shown_ply(s), nlines, first;
	char buf[256], mv[MOVE_TEXT_MAX + 16];

	nlines = ui_moves_line(s, w, -1, NULL, 0, ply, col, hl);
	first = ui_moves_first(a, nlines, room);
	if (s->review >= 0 && s->game.nply > s->review_seen)
		snprintf(buf, sizeof buf, _("Moves (%d new: } shows them)"),
		    s->game.nply - s->review_seen);
	else
		snprintf(buf, sizeof buf, "%s", a->scroll ?
		    _("Moves (PgDn: newer)") : first > 0 ?
		    _("Moves (PgUp: older)") : _("Moves"));
	term_putw(y++, x, w, ST_HEAD, 0, buf);
	if (nlines == 0 && room > 0)
		term_putw(y, x, w, ST_DIM, 0, _("  (none yet)"));
	ui_moves_drawn(s, y, x, w, first, room < nlines - first ? room :
	    nlines - first);
	for (i = 0; i < room && first + i < nlines; i++) {
		ui_moves_line(s, w, first + i, buf, sizeof buf, ply, col, hl);
		term_putw(y + i, x, w, hl[2] ? ST_DIM : ply[0] < 0 &&
		    ply[1] < 0 ? ST_GOOD : ST_NORMAL, s->review < 0 &&
		    first + i == nlines - 1 ? TA_BOLD : 0, buf);
		/* A variation's move the board shows. */
		if (hl[0] >= 0 && hl[0] < w)
			term_putw(y + i, x + hl[0], w - hl[0] < hl[1] ?
			    w - hl[0] : hl[1], ST_SELECTED, TA_BOLD,
			    buf + hl[0]);
		ui_graph_marks(a, y + i, x, w, ply, col);
		/* The ply whose position the board shows. */
		for (k = 0; k < 2; k++) {
			if (ply[k] < 0 || ply[k] != shown - 1 || col[k] >= w ||
			    s->var > 0)
				continue;
			session_move_label(s, ply[k], mv, sizeof mv);
			term_putw(y + i, x + col[k], w - col[k] <
			    (int)strlen(mv) ? w - col[k] : (int)strlen(mv),
			    ST_SELECTED, TA_BOLD, mv);
		}
	}
}

/* Text of fields joined by two spaces cut to those that fit in w. */
static void
fields_fit(char *text, int w)
{
	char *cut;

	while (term_width(text) > w && (cut = strstr(text, "  ")) != NULL) {
		while (strstr(cut + 2, "  ") != NULL)
			cut = strstr(cut + 2, "  ");
		*cut = '\0';
	}
}

/* The analysis: its head line, then its lines one a row (MultiPV) or the
 * one best line wrapped over up to three rows; the next free row. */
static int
draw_analysis(struct ui_app *a, int y)
{
	const struct session *s = &a->s;
	int x = a->lay.panel_x, w = a->lay.panel_w, lines = 0, k, len;
	char buf[256], stats[96], line[256];
	const char *p;

	if (!s->analysis.on)
		return y;
	session_analysis_head(s, buf, sizeof buf, stats, sizeof stats);
	/* a narrow panel (compact): whole fields only */
	fields_fit(buf, w);
	fields_fit(stats, w - 2);
	term_putw(y++, x, w, ST_HEAD, 0, buf);
	if (stats[0] != '\0')
		term_putw(y++, x + 2, w - 2, ST_DIM, 0, stats);
	/* MultiPV: a row a line ("2) -0.15 d12  e6e5 ..."), whole moves */
	for (k = 0; s->analysis.nlines > 1 && k < s->analysis.nlines &&
	    w > 4; k++) {
		session_analysis_line_text(s, k, line, sizeof line);
		if (line[0] == '\0')
			continue;
		len = (int)strlen(line);
		if (len > w - 2) {
			for (len = w - 2; len > 0 && line[len] != ' '; len--)
				;
			if (len == 0)
				len = w - 2;
		}
		snprintf(buf, sizeof buf, "%.*s", len, line);
		term_putw(y++, x + 2, w - 2, k == 0 ? ST_GOOD : ST_NORMAL, 0,
		    buf);
	}
	p = s->analysis.nlines > 1 ? "" : s->analysis.pv;
	while (*p != '\0' && lines < 3 && w > 4) {
		int len = 0, last = 0;
		/* As many whole moves as fit after the indent. */
		while (p[len] != '\0' && len < w - 2) {
			if (p[len] == ' ')
				last = len;
			len++;
		}
		if (p[len] != '\0' && last > 0)
			len = last;
		snprintf(buf, sizeof buf, "%.*s", len, p);
		term_putw(y++, x + 2, w - 2, ST_GOOD, 0, buf);
		p += len;
		while (*p == ' ')
			p++;
		lines++;
	}
	return y;
}

void
ui_panel_draw(struct ui_app *a)
{
	const struct session *s = &a->s;
	const struct ui_layout *l = &a->lay;
	const struct board *b = session_board(s);
	int x = l->panel_x, w = l->panel_w, y = l->board_y, c;
	char buf[256], f0[32], f1[32], f2[96], f3[160];
	const char *f[3];

	for (c = 0; c < 2; c++) {
		draw_side(a, c, y++);
		draw_counts(a, c, y++);
	}
	/* The variant played, named (Congo, Megapawn). */
	snprintf(f0, sizeof f0, "%s", variant_name(b->variant));
	if (f0[0] >= 'a' && f0[0] <= 'z')
		f0[0] = (char)(f0[0] - 'a' + 'A');
	snprintf(f1, sizeof f1, _("move %d"), b->fullmove);
	f2[0] = '\0';
	if (s->game.rules.quiet_plies > 0)
		snprintf(f2, sizeof f2, _("quiet plies %d/%d|quiet %d/%d|%d/%d"),
		    b->quiet, s->game.rules.quiet_plies, b->quiet,
		    s->game.rules.quiet_plies, b->quiet,
		    s->game.rules.quiet_plies);
	f[0] = f0;
	f[1] = f1;
	f[2] = f2;
	fit(buf, sizeof buf, w - 2, f, 3);
	term_putw(y++, x + 2, w - 2, ST_DIM, 0, buf);
	/* The clock control under the move number (congo(6)), named. */
	if (s->clocked) {
		snprintf(f3, sizeof f3, _("clock %g+%lld|%g+%lld"),
		    s->tc_base / 60000.0, (long long)(s->tc_inc / 1000),
		    s->tc_base / 60000.0, (long long)(s->tc_inc / 1000));
		f[0] = f3;
		fit(buf, sizeof buf, w - 2, f, 1);
		term_putw(y++, x + 2, w - 2, ST_DIM, 0, buf);
	}
	if (ui_net_panel(a, buf, sizeof buf))
		term_putw(y++, x + 2, w - 2, ST_HEAD, 0, buf);
	if (ui_net_ratings(a, f3, sizeof f3)) {
		f[0] = f3;
		fit(buf, sizeof buf, w - 2, f, 1);
		term_putw(y++, x + 2, w - 2, ST_HEAD, 0, buf);
	}
	/* A chat line too long for the panel is cut at a word, with an
	 * ellipsis (the whole line is on the message line and in the log). */
	for (c = 0; ui_net_chat(a, c, f3, sizeof f3); c++) {
		if (term_width(f3) > w - 2)
			name_cut(buf, sizeof buf, f3, w - 2);
		else
			snprintf(buf, sizeof buf, "%s", f3);
		term_putw(y++, x + 2, w - 2, ST_DIM, 0, buf);
	}
	y = ui_net_tourney_panel(a, y);
	/* A lesson or puzzle shows its text instead of the moves. */
	if (ui_learn_panel(a, y + 1, x, w, l->status_y))
		return;
	y = draw_analysis(a, y);
	y = ui_graph_draw(a, y);
	draw_moves(a, y);
}

/* The compact layout's narrow panel: the lesson or puzzle, else the
 * analysis. */
void
ui_panel_aside(struct ui_app *a)
{
	const struct ui_layout *l = &a->lay;

	if (ui_learn_panel(a, l->aside_y, l->panel_x, l->panel_w, l->status_y))
		return;
	draw_analysis(a, l->aside_y);
}
