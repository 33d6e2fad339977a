/*
 * session_seek.h: seeking a game over the network (session_seek.c): the
 * seek dialog, the lobby's seeks, --seek and the terms typed after a seek
 * or a challenge.
 */
#ifndef CONGO_SESSION_SEEK_H
#define CONGO_SESSION_SEEK_H

#include <stdbool.h>
#include <stddef.h>

#include "session/session_net.h"

/* session_seek.c. The dialog: opened (5+3, rated when logged in, the
 * first time), closed, a field chosen (delta), its value changed (delta),
 * typed into (the range: a character, -1 a backspace; false for another
 * field); Enter sends it: 0, or -1 with a message. A field's value as
 * text ("congo", "5+3", "yes", "random", the range). */
void session_seek_form_open(struct session *s);
void session_seek_form_close(struct session *s);
void session_seek_form_field(struct session *s, int delta);
void session_seek_form_change(struct session *s, int delta);
bool session_seek_form_type(struct session *s, int ch);
int session_seek_form_submit(struct session *s);
void session_seek_value(const struct session *s, int field, char *buf,
    size_t n);
/* Accept the lobby's seek i (the same terms, the other colour): 0, or -1
 * with a message. */
int session_seek_accept(struct session *s, int i);
/* --seek M+S (minutes), or --seek --days N (clock NULL or ""): -1 with
 * err (before the terminal starts). */
int session_seek_start(struct session *s, const char *clock, int days,
    bool rated, const char *variant, int seat, char *err, size_t errlen);
/* "Nd", N one of the days a move PROTOCOL.md allows: true and N. */
bool session_seek_days(const char *control, int *days);
/* A clock M+S as the server takes it (clock=BASE+INC in seconds) into
 * secs; -1 with why (not a clock, or less than a second). */
int session_server_clock(const char *clock, char *secs, size_t n,
    char *why, size_t whylen);
/* The terms typed after a seek or a challenge (the plain lobby's seek,
 * challenge; :challenge): a control, a clock M+S or days Nd, then "rated"
 * and a variant's name in any order (casual congo when left out); false
 * with why in err ("" when the words are too few or too many: the
 * caller says its usage), word naming the command. */
struct session_terms {
	char clock[32];           /* M+S, or "" with days */
	int days;                 /* a move, or 0 with a clock */
	bool rated;
	const char *variant;      /* its name (variant_name) */
};
bool session_terms_parse(const char *word, const char *text,
    struct session_terms *t, char *err, size_t n);
/* A refusal of session_seek_start's or session_challenge_start's, whose
 * words are the command line's (--seek:, --clock:), said as typed:
 * without the dashes. */
void session_typed_refusal(struct session *s, const char *err);
/* seek TERMS typed (the plain lobby's seek): sent as --seek sends it,
 * withdrawing it leaves one in the lobby; 0, or -1 said. */
int session_seek_typed(struct session *s, const char *arg);
/* play computer [TERMS]: seek TERMS (default 5+3) with bots=yes, so
 * that a computer player on the server takes it (issue 59). */
int session_seek_computer(struct session *s, const char *arg);
/* A seek of clock ("300+3", seconds; "3d": days a move) and the rest
 * (NULL: defaults); desc is how the lobby names it while it waits. */
void session_seek_send(struct session *s, const char *clock, bool rated,
    const char *variant, const char *color, const char *range,
    const char *desc);
/* The seek waiting: its line (false when not seeking); withdrawn (false
 * when there was none; quits when asked to or after --seek). */
bool session_seek_line(const struct session *s, long long now, char *buf,
    size_t n);
bool session_seek_cancel(struct session *s, bool quit);
/* A SEEK the server refused (e, an NEV_ERROR): why, in words; the
 * server's text when the code has none of its own here. */
const char *session_seek_refusal(const struct net_event *e);
/* The lobby's seeks: asked again every few seconds while it shows, and
 * the SEEKS reply's events. */
void session_seeks_tick(struct session *s, long long now, bool lobby);
void session_seeks_event(struct session *s, const struct net_event *e);
/* A listed seek is ours: our account's, or the one this connection
 * seeks (a guest's too). */
bool session_seek_mine(const struct session *s,
    const struct session_lobby_seek *k);
/* "300+3" (seconds) as the game writes clocks ("5+3", minutes). */
void session_seek_minutes(const char *secs, char *out, size_t n);

#endif
