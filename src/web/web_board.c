/*
 * web_board.c: the board as inline SVG (from a FEN's placement), and a
 * rating's history as an SVG line chart.
 */

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "util/i18n.h"
#include "web/web.h"

#define CELL 56
#define EDGE 20

/* The terminal's 256-colour board (src/ui/ui_term.c): xterm colours 108
 * and 65 for the land, 31 the river, 180 and 137 the castles, 144 the
 * islands. */
static const char *
square_fill(int f, int r, uint64_t islands)
{
	bool dark = (f + r) % 2 != 0;

	if (r == 3) {
		if (islands & (1ULL << (r * 7 + f)))
			return "#afaf87";
		return "#0087af";
	}
	if (f >= 2 && f <= 4 && (r <= 2 || r >= 4))
		return dark ? "#d7af87" : "#af875f";
	return dark ? "#87af87" : "#5f875f";
}

/* The placement of a FEN into 49 squares (a1 = 0); -1 if it is not one. */
static int
placement(const char *fen, char sq[49])
{
	int r = 6, f = 0;

	memset(sq, 0, 49);
	for (; *fen != '\0' && *fen != ' ' && *fen != '_'; fen++) {
		if (*fen == '/') {
			if (f != 7 || r == 0)
				return -1;
			r--;
			f = 0;
		} else if (*fen >= '1' && *fen <= '7') {
			f += *fen - '0';
			if (f > 7)
				return -1;
		} else if (isalpha((unsigned char)*fen)) {
			if (f >= 7)
				return -1;
			sq[r * 7 + f++] = *fen;
		} else
			return -1;
	}
	return r == 0 && f == 7 ? 0 : -1;
}

int
web_board_svg(struct wbuf *b, const char *fen, uint64_t islands)
{
	char sq[49];
	int f, r, x, y, size = EDGE + 7 * CELL;

	if (placement(fen, sq) < 0)
		return -1;
	wbuf_printf(b, "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\""
	    " viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" "
	    "aria-label=\"%s\">", size, size, size, size, _("board"));
	for (r = 6; r >= 0; r--) {
		for (f = 0; f < 7; f++) {
			char c = sq[r * 7 + f];
			bool white = c != 0 && isupper((unsigned char)c);
			x = EDGE + f * CELL;
			y = (6 - r) * CELL;
			wbuf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
			    "height=\"%d\" fill=\"%s\"/>", x, y, CELL, CELL,
			    square_fill(f, r, islands));
			wbuf_printf(b, "<g id=\"sq%d\" class=\"%s\">"
			    "<circle cx=\"%d\" cy=\"%d\" r=\"%d\"/>"
			    "<text x=\"%d\" y=\"%d\">%c</text></g>",
			    r * 7 + f, c == 0 ? "e" : (white ? "w" : "b"),
			    x + CELL / 2, y + CELL / 2, CELL * 2 / 5,
			    x + CELL / 2, y + CELL / 2 + 8,
			    c == 0 ? ' ' : toupper((unsigned char)c));
		}
		wbuf_printf(b, "<text class=\"lab\" x=\"%d\" y=\"%d\">%d</text>",
		    EDGE / 2, (6 - r) * CELL + CELL / 2 + 5, r + 1);
	}
	for (f = 0; f < 7; f++)
		wbuf_printf(b, "<text class=\"lab\" x=\"%d\" y=\"%d\">%c</text>",
		    EDGE + f * CELL + CELL / 2, 7 * CELL + 15, 'a' + f);
	wbuf_puts(b, "</svg>");
	return 0;
}

void
web_chart_svg(struct wbuf *b, const struct web_point *pt, int n)
{
	const int w = 360, h = 140, pad = 30;
	double lo = 0, hi = 0;
	int i;

	wbuf_printf(b, "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\""
	    " viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" "
	    "aria-label=\"%s\">", w, h, w, h, _("rating history"));
	if (n <= 0) {
		wbuf_printf(b, "<text x=\"%d\" y=\"%d\">%s</text></svg>", pad,
		    h / 2, _("no rated games"));
		return;
	}
	for (i = 0; i < n; i++) {
		if (i == 0 || pt[i].rating < lo)
			lo = pt[i].rating;
		if (i == 0 || pt[i].rating > hi)
			hi = pt[i].rating;
	}
	if (hi - lo < 50) {
		lo -= 25;
		hi += 25;
	}
	wbuf_printf(b, "<text class=\"lab\" x=\"2\" y=\"12\">%.0f</text>"
	    "<text class=\"lab\" x=\"2\" y=\"%d\">%.0f</text>", hi, h - 4, lo);
	wbuf_puts(b, "<polyline fill=\"none\" stroke=\"#0087af\" "
	    "stroke-width=\"2\" points=\"");
	for (i = 0; i < n; i++) {
		double x = pad + (n == 1 ? (w - pad) / 2.0 :
		    (double)i * (w - 2 * pad) / (n - 1));
		double y = 8 + (hi - pt[i].rating) * (h - 24) / (hi - lo);
		wbuf_printf(b, "%s%.1f,%.1f", i ? " " : "", x, y);
	}
	wbuf_puts(b, "\"/>");
	/* A dot a game (a single game's rating is a dot alone). */
	for (i = 0; i < n; i++) {
		double x = pad + (n == 1 ? (w - pad) / 2.0 :
		    (double)i * (w - 2 * pad) / (n - 1));
		double y = 8 + (hi - pt[i].rating) * (h - 24) / (hi - lo);
		wbuf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" "
		    "fill=\"#0087af\"><title>%.0f</title></circle>", x, y,
		    pt[i].rating);
	}
	wbuf_puts(b, "</svg>");
}
