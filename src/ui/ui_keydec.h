/*
 * ui_keydec.h: the bytes a terminal sends turned into keys and clicks, as
 * a pure state machine (no curses, no I/O), so that the game's loop never
 * waits on input: the curses layer feeds it whatever read() gave, takes
 * the events that are whole, and polls no longer than ui_keydec_timeout()
 * while a sequence is half there. An escape sequence or mouse report may
 * come in any number of pieces; ESC alone is the Esc key once
 * UI_KEYDEC_ESC_MS pass without more; a sequence left unfinished for
 * UI_KEYDEC_SEQ_MS is dropped (never typed as text).
 */
#ifndef CONGO_UI_KEYDEC_H
#define CONGO_UI_KEYDEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define UI_KEYDEC_ESC_MS 25
#define UI_KEYDEC_SEQ_MS 500
#define UI_KEYDEC_BUF 256

struct ui_keydec {
	unsigned char buf[UI_KEYDEC_BUF];
	size_t n;
	int64_t last;        /* when the last bytes came (ms) */
};

struct ui_keydec_ev {
	int key;             /* a character or enum ui_key */
	int y, x;            /* UK_CLICK: the cell, from 0 */
};

void ui_keydec_init(struct ui_keydec *d);
/* Room for more bytes (what read() may be asked for). */
size_t ui_keydec_room(const struct ui_keydec *d);
/* Bytes the terminal sent, at time now (ms); at most ui_keydec_room(). */
void ui_keydec_feed(struct ui_keydec *d, const void *bytes, size_t n,
    int64_t now);
/* The next whole event: true with *ev, false when none is (yet). Bytes
 * that mean nothing (a release, an unknown key's sequence) are consumed
 * without an event. */
bool ui_keydec_next(struct ui_keydec *d, int64_t now,
    struct ui_keydec_ev *ev);
/* Milliseconds until a half-received sequence is settled (ESC becomes the
 * Esc key, a broken sequence is dropped), 0 if due, -1 if nothing waits. */
int ui_keydec_timeout(const struct ui_keydec *d, int64_t now);

#endif
