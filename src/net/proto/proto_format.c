/*
 * proto_format.c: server lines built word by word, error names, and the
 * checks of values (game ids, tokens, seats, names, moves, FEN).
 */
#include <stdio.h>
#include <string.h>

#include "net/proto/proto.h"
#include "util/util.h"

static const struct {
	int code;
	const char *name;
} code_names[] = {
	{ CGP_BAD_SYNTAX, "BAD_SYNTAX" },
	{ CGP_BAD_TOKEN, "BAD_TOKEN" },
	{ CGP_NOT_YOUR_SEAT, "NOT_YOUR_SEAT" },
	{ CGP_NO_SUCH_GAME, "NO_SUCH_GAME" },
	{ CGP_UNKNOWN_COMMAND, "UNKNOWN_COMMAND" },
	{ CGP_SEAT_TAKEN, "SEAT_TAKEN" },
	{ CGP_GAME_OVER, "GAME_OVER" },
	{ CGP_WRONG_PLY, "WRONG_PLY" },
	{ CGP_LINE_TOO_LONG, "LINE_TOO_LONG" },
	{ CGP_NOT_YOUR_TURN, "NOT_YOUR_TURN" },
	{ CGP_ILLEGAL_MOVE, "ILLEGAL_MOVE" },
	{ CGP_NOT_STARTED, "NOT_STARTED" },
	{ CGP_HELLO_REQUIRED, "HELLO_REQUIRED" },
	{ CGP_CLAIM_TOO_EARLY, "CLAIM_TOO_EARLY" },
	{ CGP_RATE_LIMITED, "RATE_LIMITED" },
	{ CGP_INTERNAL, "INTERNAL" },
	{ CGP_BUSY, "BUSY" },
	{ CGP_VERSION_UNSUPPORTED, "VERSION_UNSUPPORTED" },
	{ CGP_STORAGE_FAILED, "STORAGE_FAILED" },
	{ CGP_BAD_KEY, "BAD_KEY" },
	{ CGP_NO_SUCH_SEEK, "NO_SUCH_SEEK" },
	{ CGP_NO_SUCH_PLAYER, "NO_SUCH_PLAYER" },
	{ CGP_NAME_TAKEN, "NAME_TAKEN" },
	{ CGP_NOT_A_BOT_NOW, "NOT_A_BOT_NOW" },
	{ CGP_NOTHING_TO_TAKE_BACK, "NOTHING_TO_TAKE_BACK" },
	{ CGP_SAME_NETWORK, "SAME_NETWORK" },
	{ CGP_ALREADY_LOGGED_IN, "ALREADY_LOGGED_IN" },
	{ CGP_SAME_PLAYER, "SAME_PLAYER" },
	{ CGP_LOGIN_REQUIRED, "LOGIN_REQUIRED" },
	{ CGP_BLOCKED, "BLOCKED" },
	{ CGP_NO_SUCH_TOURNEY, "NO_SUCH_TOURNEY" },
};

int
cgp_code_number(int code)
{
	return code % 1000;
}

const char *
cgp_code_name(int code)
{
	size_t i;

	for (i = 0; i < sizeof code_names / sizeof code_names[0]; i++)
		if (code_names[i].code == code)
			return code_names[i].name;
	return NULL;
}

/* Room is kept for the LF that cgp_out_end adds. */
static void
put(struct cgp_out *o, const char *s, size_t n)
{
	size_t room = sizeof o->buf - 2 - o->len;

	if (n > room)
		n = room;
	memcpy(o->buf + o->len, s, n);
	o->len += n;
	o->buf[o->len] = '\0';
}

void
cgp_out_begin(struct cgp_out *o, const char *first)
{
	o->len = 0;
	o->buf[0] = '\0';
	put(o, first, strlen(first));
}

void
cgp_out_word(struct cgp_out *o, const char *w)
{
	put(o, " ", 1);
	put(o, w, strlen(w));
}

void
cgp_out_ok(struct cgp_out *o, const char *tag, const char *verb)
{
	cgp_out_begin(o, "OK");
	cgp_out_word(o, tag);
	cgp_out_word(o, verb);
}

void
cgp_out_err(struct cgp_out *o, const char *tag, int code)
{
	char num[16];
	const char *name = cgp_code_name(code);

	snprintf(num, sizeof num, "%d", cgp_code_number(code));
	cgp_out_begin(o, "ERR");
	cgp_out_word(o, tag);
	cgp_out_word(o, num);
	cgp_out_word(o, name != NULL ? name : "INTERNAL");
}

void
cgp_out_ev(struct cgp_out *o, const char *game, long seq, const char *event)
{
	char num[24];

	snprintf(num, sizeof num, "%ld", seq);
	cgp_out_begin(o, "EV");
	cgp_out_word(o, game);
	cgp_out_word(o, num);
	cgp_out_word(o, event);
}

void
cgp_out_item(struct cgp_out *o, const char *tag)
{
	cgp_out_begin(o, "ITEM");
	cgp_out_word(o, tag);
}

void
cgp_out_kv(struct cgp_out *o, const char *key, const char *val)
{
	put(o, " ", 1);
	put(o, key, strlen(key));
	put(o, "=", 1);
	put(o, val, strlen(val));
}

void
cgp_out_kvi(struct cgp_out *o, const char *key, long val)
{
	char num[24];

	snprintf(num, sizeof num, "%ld", val);
	cgp_out_kv(o, key, num);
}

void
cgp_out_text(struct cgp_out *o, const char *text)
{
	char c;

	put(o, " :", 2);
	for (; *text != '\0'; text++) {
		c = *text;
		if ((unsigned char)c < 0x20 || (unsigned char)c > 0x7e)
			c = '?';
		put(o, &c, 1);
	}
}

const char *
cgp_out_end(struct cgp_out *o)
{
	o->buf[o->len++] = '\n';
	o->buf[o->len] = '\0';
	return o->buf;
}

static bool
is_b32(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= '2' && c <= '7');
}

static bool
all_b32(const char *s, size_t want)
{
	size_t i;

	if (s == NULL || strlen(s) != want)
		return false;
	for (i = 0; i < want; i++)
		if (!is_b32(s[i]))
			return false;
	return true;
}

bool
cgp_valid_game(const char *s)
{
	return all_b32(s, CGP_ID_LEN);
}

bool
cgp_valid_token(const char *s)
{
	return all_b32(s, CGP_TOKEN_LEN);
}

void
cgp_upcase(char *s)
{
	for (; *s != '\0'; s++)
		if (*s >= 'a' && *s <= 'z')
			*s = (char)(*s - 'a' + 'A');
}

static bool
is_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9');
}

/* The same rule as config_name_valid: 1-31 letters, digits, '-_.'. */
bool
cgp_valid_name(const char *s)
{
	size_t n;

	if (s == NULL)
		return false;
	n = strlen(s);
	if (n == 0 || n > CGP_NAME_MAX || strcmp(s, "-") == 0)
		return false;
	for (; *s != '\0'; s++)
		if (!is_alnum(*s) && *s != '-' && *s != '_' && *s != '.')
			return false;
	return true;
}

bool
cgp_valid_move(const char *s)
{
	size_t n, i;

	if (s == NULL)
		return false;
	n = strlen(s);
	if (n < 4 || n > 30 || n % 2 != 0)
		return false;
	for (i = 0; i < n; i += 2) {
		char f = s[i], r = s[i + 1];
		if (!((f >= 'a' && f <= 'g') || (f >= 'A' && f <= 'G')))
			return false;
		if (r < '1' || r > '7')
			return false;
	}
	return true;
}

bool
cgp_valid_tag(const char *s)
{
	size_t n;

	if (s == NULL || s[0] != '#')
		return false;
	n = strlen(s + 1);
	if (n < 1 || n > CGP_TAG_MAX)
		return false;
	for (s++; *s != '\0'; s++)
		if (!is_alnum(*s) && *s != '-' && *s != '_')
			return false;
	return true;
}

int
cgp_seat_parse(const char *s)
{
	if (s == NULL)
		return -1;
	if (strcmp(s, "white") == 0)
		return 0;
	if (strcmp(s, "black") == 0)
		return 1;
	return -1;
}

const char *
cgp_seat_name(int color)
{
	return color == 0 ? "white" : "black";
}

long
cgp_parse_num(const char *s, long max)
{
	long v;

	/* Digits only (no sign, no blanks): the wire's form of a number. */
	if (s == NULL || strlen(s) > 18 || strspn(s, "0123456789") !=
	    strlen(s))
		return -1;
	return parse_long(s, 0, max, &v, NULL, 0) == 0 ? v : -1;
}

int
cgp_fen_from_wire(const char *s, char *out, size_t n)
{
	size_t i, len;

	if (s == NULL)
		return -1;
	len = strlen(s);
	if (len == 0 || len >= n || len >= CGP_FEN_MAX)
		return -1;
	for (i = 0; i < len; i++) {
		char c = s[i];
		if (c == '_')
			c = ' ';
		else if (!is_alnum(c) && c != '/' && c != '-')
			return -1;
		out[i] = c;
	}
	out[len] = '\0';
	return 0;
}

void
cgp_fen_to_wire(const char *fen, char *out, size_t n)
{
	size_t i;

	if (n == 0)
		return;
	for (i = 0; fen[i] != '\0' && i + 1 < n; i++)
		out[i] = fen[i] == ' ' ? '_' : fen[i];
	out[i] = '\0';
}
