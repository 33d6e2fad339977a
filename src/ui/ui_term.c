/*
 * ui_term.c: the only file that talks to curses. Styles by role, the
 * terminal's input read without ever waiting and turned into enum ui_key
 * (ui_keydec.c), and a last-resort restore for crash signals.
 */

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>

#include "ui/ui_int.h"
#include "ui/ui_keydec.h"
#include "util/i18n.h"
#include "util/util.h"
/* Last: its capability macros (lines, columns...) clash with names. */
#include <term.h>

/* The longest text put on the clipboard (a game record of :pgn). */
#define TERM_CLIP_MAX 65536

static bool active;
static bool colored;
static bool mouse_on;
static struct ui_keydec keydec;  /* term_read's bytes */
static attr_t style_attr[NSTYLES];

/* fg, bg for each style when the terminal has colours; -1 default. */
static const short style_color[NSTYLES][2] = {
	[ST_NORMAL] = { -1, -1 },
	/* Eight colours have one green and one yellow: the other squares of
	 * the checkerboard are dark, with the colour in their marks. */
	[ST_LAND] = { COLOR_BLACK, COLOR_GREEN },
	[ST_LAND2] = { COLOR_GREEN, COLOR_BLACK },
	[ST_RIVER] = { COLOR_CYAN, COLOR_BLUE },
	[ST_CASTLE] = { COLOR_BLACK, COLOR_YELLOW },
	[ST_CASTLE2] = { COLOR_YELLOW, COLOR_BLACK },
	[ST_CURSOR] = { COLOR_BLACK, COLOR_CYAN },
	[ST_TARGET] = { COLOR_BLACK, COLOR_MAGENTA },
	[ST_SELECTED] = { COLOR_BLACK, COLOR_CYAN },
	[ST_LAST] = { COLOR_BLACK, COLOR_GREEN },
	[ST_DANGER] = { COLOR_WHITE, COLOR_RED },
	[ST_WPIECE] = { COLOR_BLACK, COLOR_WHITE },
	[ST_BPIECE] = { COLOR_WHITE, COLOR_BLACK },
	[ST_LABEL] = { COLOR_YELLOW, -1 },
	[ST_STATUS] = { COLOR_BLACK, COLOR_WHITE },
	[ST_ERROR] = { COLOR_RED, -1 },
	[ST_GOOD] = { COLOR_GREEN, -1 },
	[ST_DIM] = { COLOR_CYAN, -1 },
	[ST_HEAD] = { COLOR_YELLOW, -1 },
	[ST_DIALOG] = { COLOR_BLACK, COLOR_WHITE },
	[ST_TURN] = { COLOR_GREEN, -1 },
	[ST_ISLAND] = { COLOR_YELLOW, COLOR_BLUE },
};

/* With 256 colours: softer greens in a checkerboard, a tan castle. */
static const short style_color256[NSTYLES][2] = {
	[ST_NORMAL] = { -1, -1 },
	[ST_LAND] = { 16, 108 },
	[ST_LAND2] = { 16, 65 },
	[ST_RIVER] = { 117, 31 },
	[ST_CASTLE] = { 16, 180 },
	[ST_CASTLE2] = { 16, 137 },
	[ST_CURSOR] = { 16, 45 },
	[ST_TARGET] = { 16, 176 },
	[ST_SELECTED] = { 16, 39 },
	[ST_LAST] = { 16, 186 },
	[ST_DANGER] = { 231, 160 },
	[ST_WPIECE] = { 16, 231 },
	[ST_BPIECE] = { 231, 16 },
	[ST_LABEL] = { 179, -1 },
	[ST_STATUS] = { 16, 252 },
	[ST_ERROR] = { 203, -1 },
	[ST_GOOD] = { 114, -1 },
	[ST_DIM] = { 110, -1 },
	[ST_HEAD] = { 179, -1 },
	[ST_DIALOG] = { 16, 252 },
	[ST_TURN] = { 114, -1 },
	[ST_ISLAND] = { 94, 144 },
};

/* Attributes with colours, and without (monochrome, NO_COLOR). */
static const attr_t style_color_attr[NSTYLES] = {
	[ST_WPIECE] = A_BOLD,
	[ST_BPIECE] = A_BOLD,
	[ST_LABEL] = A_BOLD,
	[ST_ERROR] = A_BOLD,
	[ST_HEAD] = A_BOLD,
	[ST_TURN] = A_BOLD,
};

static const attr_t style_mono_attr[NSTYLES] = {
	[ST_CURSOR] = A_REVERSE,
	[ST_TARGET] = A_BOLD,
	[ST_SELECTED] = A_REVERSE,
	[ST_LAST] = A_UNDERLINE,
	[ST_DANGER] = A_BOLD | A_BLINK,
	[ST_WPIECE] = A_BOLD,
	[ST_LABEL] = A_BOLD,
	[ST_STATUS] = A_REVERSE,
	[ST_ERROR] = A_BOLD,
	[ST_HEAD] = A_BOLD | A_UNDERLINE,
	[ST_DIALOG] = A_REVERSE,
	[ST_TURN] = A_BOLD,
};

int
term_check(char *err, size_t n)
{
	const char *t = getenv("TERM");
	char *cup;
	int e = 0;
	bool ok;

	if (t == NULL || t[0] == '\0') {
		snprintf(err, n, _("TERM is not set: the game needs a terminal "
		    "type (e.g. TERM=xterm-256color)"));
		return -1;
	}
	if (setupterm(NULL, STDOUT_FILENO, &e) != OK) {
		snprintf(err, n, _("unknown terminal type TERM=%s (try "
		    "TERM=xterm-256color)"), t);
		return -1;
	}
	cup = tigetstr("cup");
	ok = cup != NULL && cup != (char *)-1;
	del_curterm(cur_term);
	if (!ok) {
		snprintf(err, n, _("TERM=%s cannot place the cursor: the game "
		    "needs a full-screen terminal (e.g. TERM=xterm-256color)"),
		    t);
		return -1;
	}
	return 0;
}

int
term_init(const struct term_opts *o)
{
	int i;

	if (initscr() == NULL)
		return -1;
	active = true;
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	/* A drawing is never broken off for input waiting (it is read
	 * after the drawing, and may be a key that changes nothing). */
	typeahead(-1);
	curs_set(0);
	colored = o->color && has_colors();
	if (colored) {
		start_color();
		use_default_colors();
	}
	for (i = 0; i < NSTYLES; i++) {
		if (colored) {
			short fg = style_color[i][0], bg = style_color[i][1];
			if (COLORS >= 256) {
				fg = style_color256[i][0];
				bg = style_color256[i][1];
			}
			init_pair((short)(i + 1), fg, bg);
			style_attr[i] = COLOR_PAIR(i + 1) | style_color_attr[i];
		} else {
			style_attr[i] = style_mono_attr[i];
		}
	}
	/* curses turns the terminal's mouse reports on and off; they are
	 * read as the keys are (term_read). */
	mouse_on = o->mouse;
	if (o->mouse) {
		mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, NULL);
		mouseinterval(0);
	}
	ui_keydec_init(&keydec);
	return 0;
}

bool
term_has_color(void)
{
	return colored;
}

int
term_colors(void)
{
	return colored ? COLORS : 0;
}

void
term_end(void)
{
	if (!active)
		return;
	/* Hidden then shown: curses writes the "cursor visible" sequence
	 * only when it believes the cursor hidden, and a sequence lost on
	 * the way (a write cut short by a signal) would leave it so. */
	curs_set(0);
	curs_set(1);
	endwin();
	active = false;
}

void
term_emergency_end(void)
{
	/* Not async-signal-safe; a crash has no better option. */
	if (active) {
		endwin();
		active = false;
	}
}

void
term_bell(void)
{
	beep();
}

/*
 * The window's title (issue 62): where terminfo has tsl (to the status
 * line, ended by fsl, else BEL: xterm's OSC 0 in tmux-256color), or the
 * XT flag (xterm's OSC 2). Control characters dropped; at most 120 bytes,
 * never cut inside a character. Written after curses' output.
 */
void
term_title(const char *text)
{
	char clean[124], *tsl, *fsl;
	size_t i, n = 0;

	if (!active)
		return;
	for (i = 0; text[i] != '\0' && n < sizeof clean - 4; i++)
		if ((unsigned char)text[i] >= 0x20 && text[i] != 0x7f)
			clean[n++] = text[i];
	if (text[i] != '\0') {
		/* cut: a last character not whole is dropped */
		size_t j = n, len;
		unsigned char lead;
		while (j > 0 && ((unsigned char)clean[j - 1] & 0xc0) == 0x80)
			j--;
		lead = j > 0 ? (unsigned char)clean[j - 1] : 0;
		len = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 :
		    1;
		if (j > 0 && n - (j - 1) < len)
			n = j - 1;
	}
	clean[n] = '\0';
	tsl = tigetstr("tsl");
	fsl = tigetstr("fsl");
	fflush(stdout);
	if (tsl != NULL && tsl != (char *)-1)
		dprintf(STDOUT_FILENO, "%s%s%s", tsl, clean, fsl != NULL &&
		    fsl != (char *)-1 ? fsl : "\a");
	else if (tigetflag("XT") > 0)
		dprintf(STDOUT_FILENO, "\033]2;%s\a", clean);
}

void
term_size(int *rows, int *cols)
{
	getmaxyx(stdscr, *rows, *cols);
}

void
term_size_now(int *rows, int *cols)
{
	struct winsize ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 &&
	    ws.ws_col > 0) {
		*rows = ws.ws_row;
		*cols = ws.ws_col;
		return;
	}
	term_size(rows, cols);
}

void
term_erase(void)
{
	erase();
}

static attr_t
attrs_of(int style, int attrs)
{
	attr_t a = style_attr[style];

	if (attrs & TA_BOLD)
		a |= A_BOLD;
	if (attrs & TA_REVERSE)
		a |= A_REVERSE;
	if (attrs & TA_UNDERLINE)
		a |= A_UNDERLINE;
	return a;
}

void
term_put(int y, int x, int style, int attrs, const char *s)
{
	attr_t a = attrs_of(style, attrs);

	attron(a);
	mvaddstr(y, x, s);
	attroff(a);
}

int
term_width(const char *s)
{
	return util_width(s);
}

int
term_width_n(const char *s, size_t n)
{
	char buf[1024];

	if (n >= sizeof buf)
		n = sizeof buf - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return term_width(buf);
}

void
term_putw(int y, int x, int width, int style, int attrs, const char *s)
{
	attr_t a = attrs_of(style, attrs);
	mbstate_t st;
	wchar_t wc;
	size_t n;
	int w = 0, cw;

	if (width <= 0)
		return;
	attron(a);
	move(y, x);
	memset(&st, 0, sizeof st);
	while (*s != '\0') {
		n = mbrtowc(&wc, s, MB_CUR_MAX, &st);
		if (n == (size_t)-1 || n == (size_t)-2) {
			wc = L'?';
			n = 1;
			memset(&st, 0, sizeof st);
		}
		cw = wcwidth(wc);
		if (cw < 0)
			cw = 0;
		if (w + cw > width)
			break;
		addnwstr(&wc, 1);
		w += cw;
		s += n;
	}
	for (; w < width; w++)
		addch(' ');
	attroff(a);
}

void
term_fill(int y, int x, int n, int style, int attrs, char c)
{
	attr_t a = attrs_of(style, attrs);
	int i;

	attron(a);
	move(y, x);
	for (i = 0; i < n; i++)
		addch((chtype)(unsigned char)c);
	attroff(a);
}

void
term_cursor(int y, int x, bool visible)
{
	if (visible) {
		move(y, x);
		curs_set(1);
	} else {
		curs_set(0);
	}
}

void
term_refresh(void)
{
	refresh();
}

/*
 * OSC 52: the terminal's clipboard, when the terminfo entry says the
 * terminal takes it (the Ms capability, as tmux reads it). Written
 * straight to the terminal after curses' own output: it moves nothing.
 */
int
term_clipboard(const char *text)
{
	static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop"
	    "qrstuvwxyz0123456789+/";
	char *enc, *ms, *seq;
	size_t n = strlen(text), i, j = 0;
	int rc = 0;

	if (!active)
		return -1;
	ms = tigetstr("Ms");
	/* A game's record too (:pgn), within what terminals take. */
	if (ms == NULL || ms == (char *)-1 || n > TERM_CLIP_MAX)
		return -1;
	enc = malloc((n + 2) / 3 * 4 + 1);
	if (enc == NULL)
		return -1;
	for (i = 0; i < n; i += 3) {
		unsigned v = (unsigned char)text[i] << 16;
		if (i + 1 < n)
			v |= (unsigned char)text[i + 1] << 8;
		if (i + 2 < n)
			v |= (unsigned char)text[i + 2];
		enc[j++] = b64[(v >> 18) & 63];
		enc[j++] = b64[(v >> 12) & 63];
		enc[j++] = i + 1 < n ? b64[(v >> 6) & 63] : '=';
		enc[j++] = i + 2 < n ? b64[v & 63] : '=';
	}
	enc[j] = '\0';
	seq = tiparm(ms, "c", enc);
	free(enc);
	if (seq == NULL)
		return -1;
	fflush(stdout);
	/* all of it: a long record may take several writes */
	for (i = 0, n = strlen(seq); i < n && rc == 0; ) {
		ssize_t w = write(STDOUT_FILENO, seq + i, n - i);
		if (w < 0 && errno != EINTR)
			rc = -1;
		else if (w > 0)
			i += (size_t)w;
	}
	return rc;
}

void
term_redraw_all(void)
{
	clearok(curscr, TRUE);
}

/*
 * Input is read here, not by curses: curses' getch() waits in read() for
 * the rest of a mouse report or escape sequence the terminal sent in
 * pieces, and the whole game (the AI's reply, the clocks) waited with it.
 * The bytes go to the key decoder (keydec); a read only follows a poll
 * that says bytes are there, so nothing here ever waits.
 */

/* The terminal changed size (SIGWINCH woke the loop): curses told. */
static bool
resized(void)
{
	int rows, cols, r, c;

	term_size(&r, &c);
	term_size_now(&rows, &cols);
	if (rows == r && cols == c)
		return false;
	resizeterm(rows, cols);
	return true;
}

int
term_read(struct ui_event *ev, int *my, int *mx)
{
	struct pollfd pfd = { .fd = STDIN_FILENO, .events = POLLIN };
	struct ui_keydec_ev k;
	unsigned char buf[UI_KEYDEC_BUF];
	int64_t now;
	ssize_t r;

	ev->key = UK_NONE;
	ev->sq = -1;
	if (resized()) {
		ev->key = UK_RESIZE;
		return 1;
	}
	for (;;) {
		bool got = false, eof = false;

		now = util_now_ms();
		/* The bytes already there are read before a sequence's time
		 * runs out: a game kept from running (a loaded machine) past
		 * UI_KEYDEC_SEQ_MS must not drop a report whose rest waits
		 * in the terminal's buffer. */
		if (ui_keydec_room(&keydec) > 0 && poll(&pfd, 1, 0) > 0 &&
		    (pfd.revents & (POLLIN | POLLHUP))) {
			r = read(STDIN_FILENO, buf, ui_keydec_room(&keydec));
			if (r == 0)
				eof = true;
			else if (r < 0 && errno != EINTR && errno != EAGAIN)
				return -1;
			else if (r > 0) {
				ui_keydec_feed(&keydec, buf, (size_t)r, now);
				got = true;
			}
		}
		while (ui_keydec_next(&keydec, now, &k)) {
			if (k.key == UK_CLICK && !mouse_on)
				continue;
			ev->key = k.key;
			*my = k.y;
			*mx = k.x;
			return 1;
		}
		if (eof)
			return -1;
		if (!got)
			return 0;
	}
}

int
term_read_timeout(void)
{
	return ui_keydec_timeout(&keydec, util_now_ms());
}

void
term_putw_words(int y, int x, int width, int style, int attrs,
    const char *s)
{
	char buf[1024];

	snprintf(buf, sizeof buf, "%s", s);
	if (term_width(buf) > width)
		term_cut_words(buf, width);
	term_putw(y, x, width, style, attrs, buf);
}

void
term_putw_items(int y, int x, int width, int style, int attrs,
    const char *s)
{
	char buf[1024];

	snprintf(buf, sizeof buf, "%s", s);
	term_cut_items(buf, width);
	term_putw(y, x, width, style, attrs, buf);
}

void
term_putw_title(int y, int x, int width, int style, int attrs,
    const char *s)
{
	char buf[1024];

	snprintf(buf, sizeof buf, "%s", s);
	term_cut_title(buf, width);
	term_putw(y, x, width, style, attrs, buf);
}
