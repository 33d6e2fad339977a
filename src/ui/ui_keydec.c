/*
 * ui_keydec.c: terminal bytes to keys and clicks (see ui_keydec.h): UTF-8
 * text, Enter, Backspace, Esc, the cursor and editing keys in their CSI
 * and SS3 forms (with or without modifiers), and button 1's press in the
 * X10 (ESC [ M b x y) and SGR (ESC [ < b ; x ; y M) mouse reports. Pure:
 * the caller reads the terminal and keeps the time.
 */
#include <string.h>

#include "ui/ui_input.h"
#include "ui/ui_keydec.h"

#define ESC 27
/* A CSI longer than this is junk, not a key still coming. */
#define CSI_MAX 32

enum parsed { P_MORE, P_SKIP, P_EVENT };

void
ui_keydec_init(struct ui_keydec *d)
{
	memset(d, 0, sizeof *d);
}

size_t
ui_keydec_room(const struct ui_keydec *d)
{
	return sizeof d->buf - d->n;
}

void
ui_keydec_feed(struct ui_keydec *d, const void *bytes, size_t n, int64_t now)
{
	if (n > ui_keydec_room(d))
		n = ui_keydec_room(d);
	if (n == 0)
		return;
	memcpy(d->buf + d->n, bytes, n);
	d->n += n;
	d->last = now;
}

static enum parsed
event(struct ui_keydec_ev *ev, int key, size_t len, size_t *used)
{
	ev->key = key;
	*used = len;
	return P_EVENT;
}

/* Button 1 pressed (with or without Shift, Alt, Ctrl), not a motion, a
 * wheel or a release: a click at (x, y), counted from 1. */
static enum parsed
mouse(struct ui_keydec_ev *ev, long b, long x, long y, bool press,
    size_t len, size_t *used)
{
	*used = len;
	if (!press || (b & ~(4L | 8L | 16L)) != 0 || x < 1 || y < 1 ||
	    x > 10000 || y > 10000)
		return P_SKIP;
	ev->x = (int)x - 1;
	ev->y = (int)y - 1;
	return event(ev, UK_CLICK, len, used);
}

/* The numbers of a parameter string "1;5" or "<0;12;7" (up to three). */
static int
params(const unsigned char *p, size_t n, long v[3])
{
	size_t i;
	int k = 0;

	v[0] = v[1] = v[2] = 0;
	for (i = 0; i < n; i++) {
		if (p[i] >= '0' && p[i] <= '9') {
			if (k < 3 && v[k] < 100000)
				v[k] = v[k] * 10 + (p[i] - '0');
		} else if (p[i] == ';') {
			k++;
		}
	}
	return k + 1;
}

static int
final_key(unsigned char f, long p0)
{
	switch (f) {
	case 'A': return UK_UP;
	case 'B': return UK_DOWN;
	case 'C': return UK_RIGHT;
	case 'D': return UK_LEFT;
	case 'H': return UK_HOME;
	case 'F': return UK_END;
	case '~':
		switch (p0) {
		case 1: case 7: return UK_HOME;
		case 4: case 8: return UK_END;
		case 3: return UK_DELETE;
		case 5: return UK_PGUP;
		case 6: return UK_PGDN;
		default: return UK_NONE;
		}
	default:
		return UK_NONE;
	}
}

/* ESC [ ...: b[0..n) starts with ESC '['. */
static enum parsed
csi(const unsigned char *b, size_t n, size_t *used, struct ui_keydec_ev *ev)
{
	size_t i = 2;
	long v[3];
	int key;

	if (n < 3)
		return P_MORE;
	if (b[2] == 'M') {
		/* X10: three bytes of 32 + button, column, row. */
		if (n < 6)
			return P_MORE;
		return mouse(ev, (long)b[3] - 32, (long)b[4] - 32,
		    (long)b[5] - 32, ((b[3] - 32) & 3) != 3, 6, used);
	}
	while (i < n && b[i] >= 0x30 && b[i] <= 0x3F)
		i++;
	while (i < n && b[i] >= 0x20 && b[i] <= 0x2F)
		i++;
	if (i == n) {
		if (n >= CSI_MAX) {
			*used = n;
			return P_SKIP;
		}
		return P_MORE;
	}
	if (b[i] < 0x40 || b[i] > 0x7E) {
		/* Broken off (a control byte, another ESC): drop what came,
		 * the byte is read afresh. */
		*used = i;
		return P_SKIP;
	}
	*used = i + 1;
	if (b[2] == '<') {
		if (params(b + 3, i - 3, v) != 3 ||
		    (b[i] != 'M' && b[i] != 'm'))
			return P_SKIP;
		return mouse(ev, v[0], v[1], v[2], b[i] == 'M', i + 1, used);
	}
	params(b + 2, i - 2, v);
	key = final_key(b[i], v[0]);
	if (key == UK_NONE)
		return P_SKIP;
	return event(ev, key, i + 1, used);
}

/* A UTF-8 character: its code point, or the lone byte skipped. */
static enum parsed
utf8(const unsigned char *b, size_t n, size_t *used, struct ui_keydec_ev *ev)
{
	size_t len, i;
	int cp;

	if (b[0] >= 0xC2 && b[0] <= 0xDF) {
		len = 2;
		cp = b[0] & 0x1F;
	} else if (b[0] >= 0xE0 && b[0] <= 0xEF) {
		len = 3;
		cp = b[0] & 0x0F;
	} else if (b[0] >= 0xF0 && b[0] <= 0xF4) {
		len = 4;
		cp = b[0] & 0x07;
	} else {
		*used = 1;
		return P_SKIP;
	}
	for (i = 1; i < len; i++) {
		if (i == n)
			return P_MORE;
		if ((b[i] & 0xC0) != 0x80) {
			*used = i;
			return P_SKIP;
		}
		cp = (cp << 6) | (b[i] & 0x3F);
	}
	/* Overlong forms and surrogates are not characters. */
	if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
	    (len == 4 && (cp < 0x10000 || cp > 0x10FFFF))) {
		*used = len;
		return P_SKIP;
	}
	return event(ev, cp, len, used);
}

static enum parsed
parse(const unsigned char *b, size_t n, size_t *used, struct ui_keydec_ev *ev)
{
	ev->key = UK_NONE;
	ev->y = ev->x = -1;
	if (b[0] == ESC) {
		if (n < 2)
			return P_MORE;
		if (b[1] == '[')
			return csi(b, n, used, ev);
		if (b[1] == 'O') {
			if (n < 3)
				return P_MORE;
			if (b[2] == 'M')
				return event(ev, UK_ENTER, 3, used);
			if (final_key(b[2], 0) != UK_NONE)
				return event(ev, final_key(b[2], 0), 3,
				    used);
			if (b[2] >= 0x40 && b[2] <= 0x7E) {
				*used = 3;      /* F1-F4 and the like */
				return P_SKIP;
			}
		}
		/* Esc, and what follows is a key of its own (Alt-x). */
		return event(ev, UK_ESC, 1, used);
	}
	if (b[0] >= 0x80)
		return utf8(b, n, used, ev);
	switch (b[0]) {
	case '\r':
	case '\n':
		return event(ev, UK_ENTER, 1, used);
	case 127:
	case 8:
		return event(ev, UK_BACKSPACE, 1, used);
	case 0:
		*used = 1;
		return P_SKIP;
	default:
		return event(ev, b[0], 1, used);
	}
}

static int64_t
deadline(const struct ui_keydec *d)
{
	return d->last + (d->n == 1 && d->buf[0] == ESC ? UI_KEYDEC_ESC_MS :
	    UI_KEYDEC_SEQ_MS);
}

static void
consume(struct ui_keydec *d, size_t used)
{
	if (used > d->n)
		used = d->n;
	memmove(d->buf, d->buf + used, d->n - used);
	d->n -= used;
}

bool
ui_keydec_next(struct ui_keydec *d, int64_t now, struct ui_keydec_ev *ev)
{
	size_t used;

	while (d->n > 0) {
		used = 0;
		switch (parse(d->buf, d->n, &used, ev)) {
		case P_EVENT:
			consume(d, used);
			return true;
		case P_SKIP:
			consume(d, used > 0 ? used : 1);
			continue;
		case P_MORE:
			if (now < deadline(d))
				return false;
			/* Nothing more came: ESC alone (or ESC O) is the
			 * Esc key, any other half sequence is dropped. */
			if (d->buf[0] == ESC && (d->n == 1 ||
			    (d->n == 2 && d->buf[1] == 'O'))) {
				consume(d, 1);
				ev->key = UK_ESC;
				ev->y = ev->x = -1;
				return true;
			}
			d->n = 0;
			return false;
		}
	}
	return false;
}

int
ui_keydec_timeout(const struct ui_keydec *d, int64_t now)
{
	struct ui_keydec_ev ev;
	size_t used;
	int64_t left;

	if (d->n == 0)
		return -1;
	if (parse(d->buf, d->n, &used, &ev) != P_MORE)
		return 0;
	left = deadline(d) - now;
	return left <= 0 ? 0 : (int)left;
}
