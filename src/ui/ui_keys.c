/*
 * ui_keys.c: the keys that are the view's own: the cursor, choosing a
 * piece, the command line, and the special keys (PgUp, PgDn) that stand
 * for commands. Every other key, a letter or Ctrl-letter, is looked up in
 * the session's command table (session_cmdtab.c), which also gives the
 * help its keys and congo(6)'s check its list (tests/test_ui_input.c,
 * tests/test_session_cmdtab.c). Pure: no curses.
 */
#include <stddef.h>

#include "ui/ui_int.h"
#include "util/i18n.h"

const struct ui_key_def ui_keys[] = {
	/* Handled by the selection state machine (ui_input.c). */
	{ UK_UP, 'k', CMD_NONE, N_("Arrow keys, h j k l"),
	  N_("move the cursor") },
	{ UK_ENTER, ' ', CMD_NONE, N_("Enter, Space"),
	  N_("choose a piece, then where it goes (or click them)") },
	{ UK_ESC, 0, CMD_NONE, "Esc",
	  N_("drop the choice; a monkey's jumps: stop here") },
	{ UK_BACKSPACE, 0, CMD_NONE, "Backspace",
	  N_("take back the monkey's last jump") },
	{ ':', 0, CMD_NONE, ":",
	  N_("command line: a move (:d2d3) or a command; Up/Down recall, Tab "
	  "completes") },
	/* Special keys of the table's commands (the help shows the table's
	 * line). */
	{ UK_PGUP, 0, CMD_SCROLL_UP, "PgUp", N_("move list: older moves") },
	{ UK_PGDN, 0, CMD_SCROLL_DOWN, "PgDn", N_("move list: newer moves") },
};

const int ui_nkeys = (int)(sizeof ui_keys / sizeof ui_keys[0]);

enum session_cmd_type
ui_key_command(int key)
{
	int i;

	if (key > 0 && key < UK_SPECIAL)
		return session_cmd_key(key);
	for (i = 0; i < ui_nkeys; i++)
		if (ui_keys[i].cmd != CMD_NONE &&
		    (ui_keys[i].key == key || ui_keys[i].key2 == key))
			return ui_keys[i].cmd;
	return CMD_NONE;
}
