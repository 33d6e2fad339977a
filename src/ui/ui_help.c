/*
 * ui_help.c: the help screen (the keys and the commands from the
 * session's command table and the view's keys, then short rules), the
 * message log screen, and the screen table.
 */
#include <stdio.h>
#include <string.h>

#include "ui/ui_int.h"
#include "ui/ui_net.h"
#include "ui/ui_learn.h"
#include "util/i18n.h"

/* After the keys and the commands (generated from the session's command
 * table and ui_keys[]): the board, variations, the editor, the rules. A
 * paragraph is one line, wrapped to the screen (wrap_piece), so that a
 * translation is a whole paragraph too; "%..." lines are the variant's. */
static const char *const help_text[] = {
	"",
	N_("#The board"),
	N_("  Upper case pieces are White, lower case Black. White starts."),
	"%RIVER",
	N_("  Markers: * chosen piece, . or > < where it may go, ! a lion that "
	"can be taken, ~ a piece that drowns unless it leaves the river on "
	"its owner's next move, x pieces a monkey has jumped, + the advised "
	"move; the last move is highlighted (underlined without colours)."),
	N_("  Panel: who plays each side (> marks the side to move) and their "
	"clocks, the count of each piece (L1 Z1 E2 ...), the move number, the "
	"quiet plies towards the draw, and the moves: x a capture (x2: a "
	"monkey's two), ~d4 a piece drowned on d4, =S a promotion, # the "
	"lion taken; the result closes the list."),
	N_("  Safety: a move that lets the lion be taken at once asks first "
	"(ui.warn = false in congo.conf turns the safety aids off)."),
	"",
	N_("#Variations"),
	N_("  Reviewing ([ {), a move played on the board or typed starts a "
	"variation: the game is not touched. Moves go on in it; [ ] step "
	"through it, ( shows a variation of the next move (again: the next "
	"one), ) goes back to where it leaves, P promotes it (a place up; "
	"to the main line between two humans without a clock: the game "
	"then follows it), D deletes it, u and Ctrl-R take back and replay "
	"its last move, } returns to the game. The move list shows each "
	"under the line of the move it replaces, in parentheses; saved "
	"games keep them (as PGN's RAV)."),
	"",
	N_("#The board editor (E or :edit)"),
	N_("  Arrows move the cursor (or click a square). A piece's letter puts "
	"it there: l z e g c m p s q for Black, Shift (L Z E ...) for White; "
	"the same piece again, x, Space or Delete empty the square."),
	N_("  Tab: the side to move  v: the variant  X: an empty board  "
	"r: the variant's start  Enter: play it (the new-game dialog "
	"chooses the players and the clock)  A: analyse it (two humans, "
	"analysis on)  Esc or :edit: leave, the game unchanged  :fen shows "
	"it."),
	N_("  An illegal set-up is named and refused: a missing or second lion, "
	"a lion outside its castle, a pawn on its last or first rank, a "
	"piece or more pieces than the variant has, two pieces of the side "
	"that has just moved in deep water."),
	"",
	N_("#How the animals move"),
	/* TRANSLATORS: the letter is the piece's letter on the board and in
	 * the moves (the same in every language); its description starts
	 * at the 16th column, the name padded with blanks to it */
	N_("  L Lion       one step, only inside its castle; takes the other "
	"lion along a free file or diagonal (wins the game)"),
	N_("  Z Zebra      like a chess knight"),
	N_("  E Elephant   one or two squares straight (jumps over)"),
	N_("  G Giraffe    one step (no capture), or two in any direction, "
	"jumping, moving or capturing"),
	N_("  C Crocodile  one step; on land slides along its file to the "
	"river; in the river slides along it like a rook"),
	N_("  M Monkey     one step (no capture); captures by jumping over an "
	"enemy next to it to the empty square beyond, and may go on "
	"jumping; the jumped pieces leave at the end"),
	"%PAWN1",
	"%PAWN2",
	"%PAWN3",
	"%PAWN4",
	"%PAWN5",
	"",
	N_("#River, winning"),
	"%DROWN1",
	"%DROWN2",
	N_("  Take the enemy lion to win. A player with no move loses, and so "
	"does a player whose clock runs out."),
	"%DRAWS",
};

#define HELP_TEXT ((int)(sizeof help_text / sizeof help_text[0]))
#define HELP_GEN_MAX 200
#define HELP_LINES (help_gen() + HELP_TEXT)

/* The lines made from the tables: the keys, the commands, their other
 * names. Made once (the tables do not change). */
static char gen[HELP_GEN_MAX][256];
static int ngen = -1;

static void
gen_add(const char *left, const char *right)
{
	if (ngen >= HELP_GEN_MAX)
		return;
	/* (padded by the screen's columns, not bytes: "Pfeiltasten, ü") */
	if (right == NULL)
		snprintf(gen[ngen++], sizeof gen[0], "%s", left);
	else if (term_width(left) > 17) {
		/* A long name: the help on the next line. */
		snprintf(gen[ngen++], sizeof gen[0], "  %s", left);
		if (ngen < HELP_GEN_MAX)
			snprintf(gen[ngen++], sizeof gen[0], "  %-17s %s", "",
			    right);
	} else
		snprintf(gen[ngen++], sizeof gen[0], "  %s%*s %s", left,
		    17 - term_width(left), "", right);
}

static int
help_gen(void)
{
	char left[64], line[96], item[48], also[32];
	const struct session_cmd_entry *e;
	size_t k, len;
	int i;

	if (ngen >= 0)
		return ngen;
	ngen = 0;
	gen_add(_("#Keys"), NULL);
	for (i = 0; i < ui_nkeys; i++)
		if (ui_keys[i].cmd == CMD_NONE)
			gen_add(_(ui_keys[i].name), _(ui_keys[i].help));
	for (i = 0; i < session_ncmds; i++) {
		e = &session_cmds[i];
		if (e->keys == NULL)
			continue;
		/* "+ =" as "+, =" */
		for (k = 0, len = 0; e->keys[k] != '\0' &&
		    len + 3 < sizeof left; k++) {
			if (e->keys[k] == ' ')
				left[len++] = ',';
			left[len++] = e->keys[k];
		}
		left[len] = '\0';
		gen_add(left, _(e->help));
	}
	gen_add("", NULL);
	gen_add(_("#Commands (type : first; Tab completes; a start that is "
	    "one command's is enough)"), NULL);
	for (i = 0; i < session_ncmds; i++) {
		e = &session_cmds[i];
		if (e->name == NULL && e->type != CMD_MOVE)
			continue;
		snprintf(left, sizeof left, "%s%s%s", e->name != NULL ?
		    e->name : "", e->name != NULL && e->usage != NULL ? " " :
		    "", e->usage != NULL ? _(e->usage) : "");
		gen_add(left, _(e->help));
	}
	/* The other names, wrapped. */
	snprintf(also, sizeof also, "  %s", _("Also:"));
	snprintf(line, sizeof line, "%s", also);
	for (i = 0; i < session_ncmds; i++) {
		e = &session_cmds[i];
		if (e->aliases == NULL)
			continue;
		snprintf(item, sizeof item, " %s (%s)", e->aliases, e->name);
		if (strlen(line) + strlen(item) > 76) {
			gen_add(line, NULL);
			snprintf(line, sizeof line, "%*s", (int)strlen(also),
			    "");
		}
		snprintf(line + strlen(line), sizeof line - strlen(line), "%s",
		    item);
	}
	gen_add(line, NULL);
	return ngen;
}

/* A line that differs by variant: from the variant table's help. */
static const char *
variant_line(const struct variant_desc *vd, const char *key)
{
	if (strcmp(key, "%RIVER") == 0)
		return vd->help_river;
	if (strncmp(key, "%PAWN", 5) == 0 && key[5] >= '1' &&
	    key[5] < '1' + VARIANT_HELP_PAWN_LINES && key[6] == '\0')
		return vd->help_pawn[key[5] - '1'];
	if (strncmp(key, "%DROWN", 6) == 0 && key[6] >= '1' &&
	    key[6] < '1' + VARIANT_HELP_DROWN_LINES && key[7] == '\0')
		return vd->help_drown[key[6] - '1'];
	return NULL;
}

/* The draw rules of the variant as the game's rule options leave them. */
static void
draws_line(const struct ui_app *a, const struct variant_desc *vd, char *buf,
    size_t n)
{
	const struct game_rules *r = &a->s.game.rules;
	char list[96] = "", q[32];
	int nd = 0;

	if (vd->bare_lions_draw)
		nd++, snprintf(list, sizeof list, "%s", _("only lions left"));
	if (vd->repetition == VREP_THIRD_DRAWS && r->repetition)
		nd++, snprintf(list + strlen(list), sizeof list - strlen(list),
		    "%s%s", nd > 1 ? ", " : "", _("third repetition"));
	if (r->quiet_plies > 0) {
		snprintf(q, sizeof q, ngettext("%d quiet ply", "%d quiet plies",
		    (unsigned long)r->quiet_plies), r->quiet_plies);
		nd++, snprintf(list + strlen(list), sizeof list - strlen(list),
		    "%s%s", nd > 1 ? ", " : "", q);
	}
	snprintf(buf, n, "  %s%s%s%s", vd->repetition == VREP_LOSES &&
	    r->repetition ? _("Repeating a position (the start too) loses. ") :
	    "", nd == 0 ? _("No draws") : nd == 1 ? _("Draw: ") :
	    _("Draws: "), list, ".");
}

/* Line i of the help: the lines from the tables, then the text. */
static void
help_line(const struct ui_app *a, int i, char *buf, size_t n)
{
	const struct variant_desc *vd = variant_get(a->s.game.variant);

	if (i < help_gen()) {
		snprintf(buf, n, "%s", gen[i]);
		return;
	}
	i -= help_gen();
	if (variant_line(vd, help_text[i]) != NULL) {
		const char *l = variant_line(vd, help_text[i]);

		/* (never _(""): gettext answers it with the catalogue's
		 * header) */
		snprintf(buf, n, "%s", l[0] != '\0' ? _(l) : "");
		return;
	}
	if (strcmp(help_text[i], "%DRAWS") != 0) {
		snprintf(buf, n, "%s", help_text[i][0] != '\0' ?
		    _(help_text[i]) : "");
		return;
	}
	draws_line(a, vd, buf, n);
}

/* The byte of s (len bytes of UTF-8) where the screen's column col
 * starts, len when the text is narrower; never inside a character. */
static int
col_byte(const char *s, int len, int col)
{
	int i = 0, k, wcol = 0;

	while (i < len) {
		unsigned char c = (unsigned char)s[i];

		k = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 :
		    c >= 0xc0 ? 2 : 1;
		if (i + k > len)
			k = len - i;
		wcol += term_width_n(s + i, (size_t)k);
		if (wcol > col)
			return i;
		i += k;
	}
	return len;
}

/*
 * The help wraps to the screen's width, never cutting a sentence: a
 * line's continuation starts under its text (a key's or command's help
 * under the help column, other text under its own first word).
 * wrap_piece: the part k of line wrapped to cols into out; how many
 * parts the line has.
 */
static int
wrap_piece(const char *line, int cols, int k, char *out, size_t n)
{
	int len = (int)strlen(line), indent = 0, start = 0, part = 0, w;
	int c13 = col_byte(line, len, 13), c19 = col_byte(line, len, 19);

	if (cols < 24)
		cols = 24;
	while (line[indent] == ' ')
		indent++;
	/* (the columns on the screen, not bytes: "  L Löwe", "  Entf") */
	if (len > c19 + 1 && line[0] == ' ' && line[1] == ' ' &&
	    line[2] != ' ' && line[c19] == ' ' && line[c19 + 1] != ' ')
		indent = 20;            /* "  key               its help" */
	else if (len > c13 + 2 && line[0] == ' ' && line[1] == ' ' &&
	    line[2] >= 'A' && line[2] <= 'Z' && line[3] == ' ' &&
	    line[c13] == ' ' && line[c13 + 1] == ' ' && line[c13 + 2] != ' ')
		indent = 15;            /* "  L Lion       how it moves" */
	for (;;) {
		int room = part == 0 ? cols : cols - indent, end, cut;
		int fit = start + col_byte(line + start, len - start, room);

		if (start >= len || fit >= len) {
			end = len;
			cut = len;
		} else {
			/* the last space that leaves the part within room */
			for (cut = fit; cut > start &&
			    !i18n_break_ok(line, cut); cut--)
				;
			if (cut <= start)
				cut = fit;      /* one long word */
			end = cut;
		}
		if (part == k) {
			w = part == 0 ? 0 : indent;
			snprintf(out, n, "%*s%.*s", w, "", end - start,
			    line + start);
		}
		part++;
		if (end >= len)
			return part;
		start = cut;
		while (line[start] == ' ')
			start++;
		if (start >= len)
			return part;
	}
}

/* How many screen lines the help takes at this width. */
static int
help_rows(const struct ui_app *a, int cols)
{
	char line[1024], piece[1024];
	int i, n = 0;

	for (i = 0; i < HELP_LINES; i++) {
		help_line(a, i, line, sizeof line);
		n += wrap_piece(line[0] == '#' ? line + 1 : line, cols, 0,
		    piece, sizeof piece);
	}
	return n;
}

void
ui_help_draw(struct ui_app *a)
{
	int rows = a->lay.rows, cols = a->lay.cols, y, i, k, nk, row = 0;
	int room = rows - 2, total = help_rows(a, cols);
	char line[1024], piece[1024];

	if (a->help_scroll > total - room)
		a->help_scroll = total - room;
	if (a->help_scroll < 0)
		a->help_scroll = 0;
	term_putw_title(0, 0, cols, ST_STATUS, 0,
	    _(" Congo help  (arrows/PgUp/PgDn scroll, q or Esc or ? closes)"));
	y = 1;
	for (i = 0; i < HELP_LINES && y < rows - 1; i++) {
		const char *text;
		bool head;

		help_line(a, i, line, sizeof line);
		head = line[0] == '#';
		text = head ? line + 1 : line;
		nk = wrap_piece(text, cols, 0, piece, sizeof piece);
		for (k = 0; k < nk && y < rows - 1; k++, row++) {
			if (row < a->help_scroll)
				continue;
			wrap_piece(text, cols, k, piece, sizeof piece);
			term_putw(y++, 0, cols, head ? ST_HEAD : ST_NORMAL, 0,
			    piece);
		}
	}
	term_putw_words(rows - 1, 0, cols, ST_DIM, 0,
	    total - a->help_scroll > room ? _("  -- more below --") :
	    _("  -- end --"));
}

/* The message log: the newest at the bottom, long ones wrapped at spaces
 * (a word is cut only when it is longer than a line). */
void
ui_log_draw(struct ui_app *a)
{
	int rows = a->lay.rows, cols = a->lay.cols, room = rows - 2, y, i;
	int nl = 0, skip;
	const struct session_msg *m;
	char line[SESSION_MSG_MAX];
	int lines_of[SESSION_LOG_MAX];

	term_putw_title(0, 0, cols, ST_STATUS, 0, _(" Messages, the newest last  "
	    "(arrows/PgUp/PgDn scroll, q or Esc closes)"));
	/* Wrapped line counts, newest first, to start from the bottom. */
	for (i = 0; (m = session_log_get(&a->s, i)) != NULL; i++) {
		lines_of[i] = wrap_piece(m->text, cols - 2, 0, line,
		    sizeof line);
		nl += lines_of[i];
	}
	if (a->log_scroll > nl - room)
		a->log_scroll = nl - room;
	if (a->log_scroll < 0)
		a->log_scroll = 0;
	if (i == 0)
		term_putw_words(1, 0, cols, ST_DIM, 0, _("  (no messages yet)"));
	skip = nl - room - a->log_scroll;   /* wrapped lines above the top */
	y = 1;
	for (i = i - 1; i >= 0 && y < rows - 1; i--) {
		int k;
		m = session_log_get(&a->s, i);
		for (k = 0; k < lines_of[i] && y < rows - 1; k++) {
			if (skip > 0) {
				skip--;
				continue;
			}
			wrap_piece(m->text, cols - 2, k, line, sizeof line);
			term_putw(y++, 2, cols - 2, tone_style(m->tone), 0,
			    line);
		}
	}
	term_putw_words(rows - 1, 0, cols, ST_DIM, 0, a->log_scroll > 0 ?
	    _("  -- newer below --") : _("  -- end --"));
}

/* A key on a scrolling screen: a line or a page (PgUp, PgDn, space) up or
 * down, where up adds up to *scroll (-1 for help's, counted from the top;
 * +1 for the log's, counted from the end); Ctrl-C quits, a click does
 * nothing, any other key goes back to the board. */
static void
scroll_key(struct ui_app *a, int key, int *scroll, int up)
{
	int page = a->lay.rows - 3;

	switch (key) {
	case UK_UP:
	case 'k':
		*scroll += up;
		break;
	case UK_DOWN:
	case 'j':
		*scroll -= up;
		break;
	case UK_PGUP:
		*scroll += up * page;
		break;
	case UK_PGDN:
	case ' ':
		*scroll -= up * page;
		break;
	case UK_CTRL('c'):
		a->s.quit = true;
		break;
	case UK_CLICK:
		break;
	default:
		a->screen = a->back;    /* (the board's, or the lobby) */
		break;
	}
	a->s.dirty = true;
}

void
ui_log_key(struct ui_app *a, const struct ui_event *ev)
{
	scroll_key(a, ev->key, &a->log_scroll, 1);
}

/* Help has b for a page up, and its ends (Home and g, End and G) too. */
void
ui_help_key(struct ui_app *a, const struct ui_event *ev)
{
	switch (ev->key) {
	case 'b':
		a->help_scroll -= a->lay.rows - 3;
		break;
	case UK_HOME:
	case 'g':
		a->help_scroll = 0;
		break;
	case UK_END:
	case 'G':
		a->help_scroll = 1 << 20;      /* the end: ui_help_draw clamps */
		break;
	default:
		scroll_key(a, ev->key, &a->help_scroll, -1);
		return;
	}
	a->s.dirty = true;
}

const struct ui_screen ui_screens[NSCREENS] = {
	[SCR_BOARD] = { ui_board_draw, ui_board_key },
	[SCR_HELP] = { ui_help_draw, ui_help_key },
	[SCR_CONFIRM] = { ui_confirm_draw, ui_confirm_key },
	[SCR_LOBBY] = { ui_lobby_draw, ui_lobby_key },
	[SCR_NEWGAME] = { ui_newgame_draw, ui_newgame_key },
	[SCR_LOG] = { ui_log_draw, ui_log_key },
	[SCR_PICK] = { ui_pick_draw, ui_pick_key },
	[SCR_LEARN] = { ui_learn_list_draw, ui_learn_list_key },
	[SCR_NETLIST] = { ui_net_list_draw, ui_net_list_key },
	[SCR_EDIT] = { ui_edit_draw, ui_edit_key },
};
