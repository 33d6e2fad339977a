/*
 * ui_input.c: the key state machine: cursor, selection, monkey chains
 * entered jump by jump, the ':' command line (its commands are the
 * session's table's). Pure: no curses, no I/O.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board.h"
#include "engine/movegen.h"
#include "ui/ui_input.h"
#include "util/i18n.h"

static const char *const side_name[2] = { "White", "Black" };

void
ui_input_clear(struct ui_input *in)
{
	in->selected = -1;
	in->nland = 0;
}

void
ui_input_init(struct ui_input *in, const struct board *b)
{
	bool flipped = in->flipped;
	const struct session_history *h = in->history;
	int lion;

	memset(in, 0, sizeof *in);
	in->flipped = flipped;
	in->history = h;
	in->hist = -1;
	lion = board_lion_sq(b, b->side);
	in->cursor = lion >= 0 ? lion : SQ(3, b->side == WHITE ? 0 : 6);
	ui_input_clear(in);
}

void
ui_input_cmdline_set(struct ui_input *in, const char *text)
{
	snprintf(in->cmd, sizeof in->cmd, "%s", text);
	in->cmdlen = strlen(in->cmd);
	in->pos = in->cmdlen;
	in->replace = false;
}

void
ui_input_cmdline_open(struct ui_input *in, const char *text, bool select)
{
	in->cmdline = true;
	in->hist = -1;
	ui_input_cmdline_set(in, text);
	in->replace = select && in->cmdlen > 0;
}

int
ui_input_piece_sq(const struct ui_input *in)
{
	if (in->selected < 0)
		return -1;
	return in->nland > 0 ? in->land[in->nland - 1] : in->selected;
}

bb_t
ui_input_jumped(const struct ui_input *in)
{
	bb_t jumped = 0;
	int prev = in->selected, i;

	if (prev < 0)
		return 0;
	for (i = 0; i < in->nland; i++) {
		int to = in->land[i];
		int df = SQ_FILE(to) - SQ_FILE(prev);
		int dr = SQ_RANK(to) - SQ_RANK(prev);
		/* A jump lands two squares away; a step is not a capture. */
		if (abs(df) == 2 || abs(dr) == 2)
			jumped |= BB(SQ(SQ_FILE(prev) + df / 2,
			    SQ_RANK(prev) + dr / 2));
		prev = to;
	}
	return jumped;
}

/* Do the move's first n landings match the chain entered so far? */
static bool
prefix_matches(const struct ui_input *in, const int *land, int nl)
{
	int i;

	if (nl < in->nland)
		return false;
	for (i = 0; i < in->nland; i++)
		if (land[i] != in->land[i])
			return false;
	return true;
}

/* What the exact move visitor gathers for the selection (a list could be cut
 * short in some monkey positions). */
struct scan {
	const struct ui_input *in;
	int next;       /* the landing that must follow, or -1 */
	int want;       /* landings of the move looked for */
	bb_t targets;   /* next landings of the moves that go on from here */
	move_t found;
	bool longer;
	int count;      /* moves of the square in->selected */
};

static void
scan_move(void *ctx, move_t m)
{
	struct scan *sc = ctx;
	const struct ui_input *in = sc->in;
	int land[MOVE_MAX_JUMPS + 1], nl;

	if (MOVE_FROM(m) != in->selected)
		return;
	sc->count++;
	nl = move_landings(m, land);
	if (!prefix_matches(in, land, nl))
		return;
	if (nl > in->nland)
		sc->targets |= BB(land[in->nland]);
	if (nl < sc->want ||
	    (sc->next >= 0 && land[in->nland] != sc->next))
		return;
	if (nl == sc->want)
		sc->found = m;
	else
		sc->longer = true;
}

static void
scan(const struct ui_input *in, const struct board *b, int next,
    struct scan *sc)
{
	memset(sc, 0, sizeof *sc);
	sc->in = in;
	sc->next = next;
	sc->want = in->nland + (next >= 0);
	sc->found = MOVE_NONE;
	if (in->selected >= 0)
		movegen_visit(b, scan_move, sc);
}

bb_t
ui_input_targets(const struct ui_input *in, const struct board *b)
{
	struct scan sc;

	scan(in, b, -1, &sc);
	return sc.targets;
}

/*
 * The move from the selection whose landings are the chain entered so far
 * followed by `next` (next < 0: the chain exactly). *longer tells whether
 * some move goes on beyond.
 */
static move_t
find_move(const struct ui_input *in, const struct board *b, int next,
    bool *longer)
{
	struct scan sc;

	scan(in, b, next, &sc);
	*longer = sc.longer;
	return sc.found;
}

static int
piece_moves(const struct board *b, int sq)
{
	struct ui_input probe;
	struct scan sc;

	memset(&probe, 0, sizeof probe);
	probe.selected = sq;
	scan(&probe, b, -1, &sc);
	return sc.count;
}

static void set_error(struct ui_action *act, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
set_error(struct ui_action *act, const char *fmt, ...)
{
	va_list ap;

	act->type = ACT_ERROR;
	va_start(ap, fmt);
	vsnprintf(act->msg, sizeof act->msg, fmt, ap);
	va_end(ap);
}

/* Enter (or a click) on the cursor's square. */
static void
choose(struct ui_input *in, const struct ui_input_ctx *ctx,
    struct ui_action *act)
{
	const struct board *b = ctx->b;
	int sq = in->cursor, at = ui_input_piece_sq(in);
	uint8_t p = b->sq[sq];
	char name[3], from[3];
	move_t m;
	bool longer;

	board_sq_name(sq, name);
	if (ctx->nomove != NULL) {
		if (in->selected >= 0) {
			ui_input_clear(in);
			act->type = ACT_CANCEL;
			return;
		}
		set_error(act, "%s", ctx->nomove);
		return;
	}
	if (in->selected >= 0 && sq == at) {
		if (in->nland == 0) {
			ui_input_clear(in);
			act->type = ACT_CANCEL;
			return;
		}
		/* The monkey stops where it stands: the chain so far. */
		m = find_move(in, b, -1, &longer);
		if (m != MOVE_NONE) {
			act->type = ACT_MOVE;
			act->move = m;
			ui_input_clear(in);
			return;
		}
	}
	if (in->selected >= 0 && (ui_input_targets(in, b) & BB(sq))) {
		m = find_move(in, b, sq, &longer);
		if (longer) {
			in->land[in->nland++] = sq;
			act->type = ACT_CHAIN_STEP;
			return;
		}
		act->type = ACT_MOVE;
		act->move = m;
		ui_input_clear(in);
		return;
	}
	if (in->nland > 0) {
		board_sq_name(at, from);
		set_error(act, _("the monkey on %s cannot jump to %s "
		    "(Enter on the monkey ends its move)"), from, name);
		return;
	}
	if (p != PIECE_NONE && PIECE_COLOR(p) == b->side) {
		if (piece_moves(b, sq) == 0) {
			char msg[160];
			snprintf(msg, sizeof msg, _("the %s on %s has no move"),
			    game_piece_word(PIECE_TYPE(p)), name);
			set_error(act, "%s", msg);
			return;
		}
		in->selected = sq;
		in->nland = 0;
		act->type = ACT_SELECT;
		return;
	}
	if (in->selected >= 0) {
		board_sq_name(in->selected, from);
		act->type = ACT_ERROR;
		snprintf(act->msg, sizeof act->msg, _("%s%s is not a legal move"),
		    from, name);
		act->illegal = true;
		return;
	}
	if (p == PIECE_NONE)
		set_error(act, b->side == WHITE ? _("no piece on %s: choose a "
		    "White piece") : _("no piece on %s: choose a Black piece"),
		    name);
	else
		set_error(act, _("that is not your piece: %s to move"),
		    _(side_name[b->side]));
}

/* Esc: end a monkey chain where it stands, else drop the selection. */
static void
escape(struct ui_input *in, const struct ui_input_ctx *ctx,
    struct ui_action *act)
{
	move_t m;
	bool longer;

	if (in->selected < 0)
		return;
	if (in->nland > 0 && ctx->nomove == NULL) {
		m = find_move(in, ctx->b, -1, &longer);
		if (m != MOVE_NONE) {
			act->type = ACT_MOVE;
			act->move = m;
			ui_input_clear(in);
			return;
		}
	}
	ui_input_clear(in);
	act->type = ACT_CANCEL;
}

static void
move_cursor(struct ui_input *in, int df, int dr, struct ui_action *act)
{
	int f = SQ_FILE(in->cursor), r = SQ_RANK(in->cursor);

	if (in->flipped) {
		df = -df;
		dr = -dr;
	}
	f += df;
	r += dr;
	if (f < 0)
		f = 0;
	if (f > 6)
		f = 6;
	if (r < 0)
		r = 0;
	if (r > 6)
		r = 6;
	if (SQ(f, r) != in->cursor) {
		in->cursor = SQ(f, r);
		act->type = ACT_REDRAW;
	}
}

/* The start of the UTF-8 character before byte i. */
static size_t
char_before(const char *s, size_t i)
{
	if (i == 0)
		return 0;
	do
		i--;
	while (i > 0 && ((unsigned char)s[i] & 0xC0) == 0x80);
	return i;
}

static size_t
char_after(const char *s, size_t len, size_t i)
{
	if (i >= len)
		return len;
	do
		i++;
	while (i < len && ((unsigned char)s[i] & 0xC0) == 0x80);
	return i;
}

/* Remove bytes [from, to) of the line. */
static void
cut(struct ui_input *in, size_t from, size_t to)
{
	memmove(in->cmd + from, in->cmd + to, in->cmdlen - to + 1);
	in->cmdlen -= to - from;
	in->pos = from;
}

static void
history_step(struct ui_input *in, int dir)
{
	const char *line;
	int to = in->hist + dir;

	if (in->history == NULL || to < -1)
		return;
	if (to == -1) {
		line = in->draft;
	} else {
		line = session_history_get(in->history, to);
		if (line == NULL)
			return;
	}
	if (in->hist == -1)
		snprintf(in->draft, sizeof in->draft, "%s", in->cmd);
	in->hist = to;
	ui_input_cmdline_set(in, line);
}

static void
insert(struct ui_input *in, int key, struct ui_action *act)
{
	char u[4];
	size_t n;

	if (key < 0x80) {
		u[0] = (char)key;
		n = 1;
	} else if (key < 0x800) {
		u[0] = (char)(0xC0 | (key >> 6));
		u[1] = (char)(0x80 | (key & 0x3F));
		n = 2;
	} else if (key < 0x10000) {
		u[0] = (char)(0xE0 | (key >> 12));
		u[1] = (char)(0x80 | ((key >> 6) & 0x3F));
		u[2] = (char)(0x80 | (key & 0x3F));
		n = 3;
	} else {
		u[0] = (char)(0xF0 | (key >> 18));
		u[1] = (char)(0x80 | ((key >> 12) & 0x3F));
		u[2] = (char)(0x80 | ((key >> 6) & 0x3F));
		u[3] = (char)(0x80 | (key & 0x3F));
		n = 4;
	}
	if (in->replace) {
		/* Typing over pre-filled text replaces what follows the
		 * command's first word ("load old.pgn" -> "load n"). */
		const char *sp = strchr(in->cmd, ' ');
		in->cmdlen = sp != NULL ? (size_t)(sp - in->cmd) + 1 : 0;
		in->cmd[in->cmdlen] = '\0';
		in->pos = in->cmdlen;
		in->replace = false;
	}
	if (in->cmdlen + n >= sizeof in->cmd) {
		act->type = ACT_NONE;
		return;
	}
	memmove(in->cmd + in->pos + n, in->cmd + in->pos,
	    in->cmdlen - in->pos + 1);
	memcpy(in->cmd + in->pos, u, n);
	in->cmdlen += n;
	in->pos += n;
}

static void
cmdline_key(struct ui_input *in, int key, struct ui_action *act)
{
	char err[128];
	size_t i;
	bool was_replace = in->replace;

	act->type = ACT_REDRAW;
	if (key != UK_RIGHT && key != UK_END && key != UK_CTRL('e') &&
	    !(key >= 32 && key != 127 && key < UK_SPECIAL))
		in->replace = false;
	switch (key) {
	case UK_ESC:
	case UK_CTRL('g'):
		in->cmdline = false;
		in->cmdlen = in->pos = 0;
		in->cmd[0] = '\0';
		return;
	case UK_BACKSPACE:
		if (in->cmdlen == 0) {
			in->cmdline = false;
			return;
		}
		if (was_replace) {
			/* The selected text goes, the command stays. */
			const char *sp = strchr(in->cmd, ' ');
			cut(in, sp != NULL ? (size_t)(sp - in->cmd) + 1 : 0,
			    in->cmdlen);
			return;
		}
		if (in->pos > 0)
			cut(in, char_before(in->cmd, in->pos), in->pos);
		return;
	case UK_DELETE:
	case UK_CTRL('d'):
		if (in->pos < in->cmdlen)
			cut(in, in->pos, char_after(in->cmd, in->cmdlen,
			    in->pos));
		return;
	case UK_LEFT:
	case UK_CTRL('b'):
		in->pos = char_before(in->cmd, in->pos);
		return;
	case UK_RIGHT:
	case UK_CTRL('f'):
		in->replace = false;
		if (!was_replace)
			in->pos = char_after(in->cmd, in->cmdlen, in->pos);
		return;
	case UK_HOME:
	case UK_CTRL('a'):
		in->pos = 0;
		return;
	case UK_END:
	case UK_CTRL('e'):
		in->replace = false;
		in->pos = in->cmdlen;
		return;
	case UK_CTRL('w'):
		/* The word before the cursor, and the blanks after it. */
		i = in->pos;
		while (i > 0 && in->cmd[i - 1] == ' ')
			i--;
		while (i > 0 && in->cmd[i - 1] != ' ')
			i--;
		cut(in, i, in->pos);
		return;
	case UK_CTRL('u'):
		cut(in, 0, in->pos);
		return;
	case UK_CTRL('k'):
		cut(in, in->pos, in->cmdlen);
		return;
	case UK_UP:
	case UK_CTRL('p'):
		history_step(in, 1);
		return;
	case UK_DOWN:
	case UK_CTRL('n'):
		history_step(in, -1);
		return;
	case UK_ENTER:
		in->cmdline = false;
		snprintf(in->entered, sizeof in->entered, "%s", in->cmd);
		if (ui_cmd_parse(in->cmd, &act->cmd, err, sizeof err) < 0) {
			act->type = ACT_ERROR;
			snprintf(act->msg, sizeof act->msg, "%s", err);
		} else if (act->cmd.type == CMD_NONE) {
			act->type = ACT_REDRAW;
		} else {
			act->type = ACT_COMMAND;
		}
		in->cmdlen = in->pos = 0;
		in->cmd[0] = '\0';
		in->hist = -1;
		return;
	default:
		break;
	}
	if (key < 32 || key == 127 || key >= UK_SPECIAL) {
		act->type = ACT_NONE;
		return;
	}
	insert(in, key, act);
}

void
ui_input_key(struct ui_input *in, const struct ui_input_ctx *ctx,
    const struct ui_event *ev, struct ui_action *act)
{
	int key = ev->key;
	enum session_cmd_type c;

	memset(act, 0, sizeof *act);
	if (in->cmdline) {
		cmdline_key(in, key, act);
		return;
	}
	switch (key) {
	case UK_UP:
	case 'k':
		move_cursor(in, 0, 1, act);
		return;
	case UK_DOWN:
	case 'j':
		move_cursor(in, 0, -1, act);
		return;
	case UK_LEFT:
	case 'h':
		move_cursor(in, -1, 0, act);
		return;
	case UK_RIGHT:
	case 'l':
		move_cursor(in, 1, 0, act);
		return;
	case UK_CLICK:
		if (ev->sq < 0 || ev->sq >= NSQ)
			return;
		in->cursor = ev->sq;
		choose(in, ctx, act);
		if (act->type == ACT_NONE)
			act->type = ACT_REDRAW;
		return;
	case ' ':
		if (ctx->space_pauses) {
			act->type = ACT_COMMAND;
			act->cmd.type = CMD_PAUSE;
			return;
		}
		/* FALLTHROUGH */
	case UK_ENTER:
		choose(in, ctx, act);
		return;
	case UK_ESC:
		escape(in, ctx, act);
		return;
	case UK_BACKSPACE:
		/* Take back the last jump of a chain, or drop the selection. */
		if (in->nland > 0) {
			in->nland--;
			act->type = ACT_CHAIN_STEP;
		} else if (in->selected >= 0) {
			ui_input_clear(in);
			act->type = ACT_CANCEL;
		}
		return;
	case ':':
		ui_input_cmdline_open(in, "", false);
		act->type = ACT_REDRAW;
		return;
	default:
		break;
	}
	c = ui_key_command(key);
	if (c != CMD_NONE) {
		act->type = ACT_COMMAND;
		act->cmd.type = c;
	}
}

bool
ui_looks_like_move(const char *t)
{
	return session_cmd_looks_like_move(t);
}

/* The names, aliases and arguments are the session's command table's. */
int
ui_cmd_parse(const char *text, struct session_cmd *cmd, char *err, size_t errlen)
{
	return session_cmd_parse(text, cmd, err, errlen);
}
