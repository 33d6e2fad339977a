/*
 * test_session_cmdtab.c: the command table (issue 25): a command found by
 * its name, an alias or a unique prefix, an ambiguous prefix giving its
 * candidates, Tab's candidates, the keys that are letters, the argument
 * checks, the refusal of a command in each mode (the table's words, said
 * by session_command), and every command and key of the table in
 * congo(6) (read from CONGO_SRCDIR).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "config/config.h"
#include "engine/board.h"
#include "engine/fen.h"
#include "session/session.h"
#include "test_session_util.h"
#include "session/session_learn.h"
#include "session/session_net.h"
#include "test_main.h"

static void
cmd(struct session *s, enum session_cmd_type t, const char *arg)
{
	s->msg.text[0] = '\0';
	tsu_cmd(s, t, arg);
}

static void
test_entries(void **state)
{
	int i, j;

	(void)state;
	/* Every command of the enum has one entry, with a help line. */
	for (i = CMD_NONE + 1; i < NCMDS; i++) {
		int n = 0;
		for (j = 0; j < session_ncmds; j++)
			n += session_cmds[j].type == (enum session_cmd_type)i;
		if (n != 1)
			fail_msg("command %d has %d entries", i, n);
		assert_non_null(session_cmd_entry((enum session_cmd_type)i));
		assert_non_null(session_cmd_entry((enum session_cmd_type)i)->help);
		assert_true(session_cmd_entry((enum session_cmd_type)i)->modes !=
		    0);
	}
	assert_null(session_cmd_entry(CMD_NONE));
	/* A name or alias is one command's only. */
	for (i = 0; i < session_ncmds; i++) {
		const struct session_cmd_entry *e = &session_cmds[i];
		if (e->name == NULL)
			continue;
		assert_ptr_equal(session_cmd_lookup(e->name, NULL), e);
		if (e->args != SCA_NONE)
			assert_non_null(e->usage);
	}
}

/* Every command has its owner (issue 35): a handler of the session's, or
 * the view's own (its view slot), never both, never neither. */
static void
test_owners(void **state)
{
	int i;

	(void)state;
	for (i = 0; i < session_ncmds; i++) {
		const struct session_cmd_entry *e = &session_cmds[i];
		if ((e->exec != NULL) == (e->view != SVC_NONE))
			fail_msg("command %s (%d): %s", e->name != NULL ?
			    e->name : "(unnamed)", (int)e->type,
			    e->exec != NULL ? "both a handler and a view slot" :
			    "no owner");
		assert_true(e->view >= SVC_NONE && e->view < SVC_COUNT);
	}
}

static void
test_lookup(void **state)
{
	int n;

	(void)state;
	/* A name, any case; an alias. */
	assert_int_equal(session_cmd_lookup("undo", &n)->type, CMD_UNDO);
	assert_int_equal(n, 1);
	assert_int_equal(session_cmd_lookup("UNDO", NULL)->type, CMD_UNDO);
	assert_int_equal(session_cmd_lookup("u", NULL)->type, CMD_UNDO);
	assert_int_equal(session_cmd_lookup("q", NULL)->type, CMD_QUIT_NOW);
	assert_int_equal(session_cmd_lookup("exit", NULL)->type,
	    CMD_QUIT_NOW);
	assert_int_equal(session_cmd_lookup("hint", NULL)->type, CMD_ADVICE);
	assert_int_equal(session_cmd_lookup("?", NULL)->type, CMD_HELP);
	assert_int_equal(session_cmd_lookup("messages", NULL)->type, CMD_LOG);
	/* A unique prefix of a name or an alias. */
	assert_int_equal(session_cmd_lookup("anal", &n), NULL);
	assert_int_equal(n, 2);             /* analyze, analyse */
	assert_int_equal(session_cmd_lookup("analyz", NULL)->type,
	    CMD_ANALYZE);
	assert_int_equal(session_cmd_lookup("prom", NULL)->type,
	    CMD_VAR_PROMOTE);
	assert_int_equal(session_cmd_lookup("mess", NULL)->type, CMD_LOG);
	assert_int_equal(session_cmd_lookup("ex", NULL)->type, CMD_QUIT_NOW);
	assert_int_equal(session_cmd_lookup("who", NULL)->type, CMD_WHOIS);
	/* Ambiguous, unknown. */
	assert_null(session_cmd_lookup("s", &n));
	assert_true(n >= 5);
	assert_null(session_cmd_lookup("re", &n));
	assert_true(n > 1);
	assert_null(session_cmd_lookup("frobnicate", &n));
	assert_int_equal(n, 0);
	assert_null(session_cmd_lookup("", &n));
}

static void
test_complete(void **state)
{
	char list[200], common[32];

	(void)state;
	/* :s Tab: the candidates, in table order. */
	assert_int_equal(session_cmd_complete("s", list, sizeof list, common,
	    sizeof common), 5);
	assert_string_equal(list, "save  step  slower  solution  say");
	assert_string_equal(common, "s");
	/* One: the whole name. */
	assert_int_equal(session_cmd_complete("fl", list, sizeof list, common,
	    sizeof common), 1);
	assert_string_equal(common, "flip");
	/* An alias of three letters or more is offered; shorter ones not. */
	assert_int_equal(session_cmd_complete("hi", list, sizeof list, common,
	    sizeof common), 1);
	assert_string_equal(common, "hint");
	assert_int_equal(session_cmd_complete("?", list, sizeof list, common,
	    sizeof common), 0);
	/* de: delay, depth, delete; their common start. */
	assert_int_equal(session_cmd_complete("de", list, sizeof list, common,
	    sizeof common), 3);
	assert_string_equal(common, "de");
	assert_int_equal(session_cmd_complete("xyzzy", list, sizeof list,
	    common, sizeof common), 0);
	assert_string_equal(list, "");
}

static void
parse_ok(const char *text, enum session_cmd_type t, const char *arg)
{
	struct session_cmd c;
	char err[200];

	if (session_cmd_parse(text, &c, err, sizeof err) != 0)
		fail_msg("'%s': %s", text, err);
	assert_int_equal(c.type, t);
	assert_string_equal(c.arg, arg);
}

static void
parse_err(const char *text, const char *want)
{
	struct session_cmd c;
	char err[200];

	assert_int_equal(session_cmd_parse(text, &c, err, sizeof err), -1);
	if (strstr(err, want) == NULL)
		fail_msg("'%s': '%s', not '%s'", text, err, want);
}

static void
test_parse(void **state)
{
	(void)state;
	parse_ok("undo", CMD_UNDO, "");
	parse_ok(":u", CMD_UNDO, "");
	parse_ok("  save  my game.pgn  ", CMD_SAVE, "my game.pgn");
	parse_ok("sav x.pgn", CMD_SAVE, "x.pgn");
	parse_ok("var", CMD_VAR_ENTER, "");
	parse_ok("analyse stop", CMD_ANALYSE_GAME, "stop");
	parse_ok("D2D3", CMD_MOVE, "d2d3");
	parse_ok("b1d3f5", CMD_MOVE, "b1d3f5");
	parse_ok("", CMD_NONE, "");
	parse_err("s", "ambiguous command 's': save");
	parse_err("s", "say");
	parse_err("re", "redo");
	parse_err("frobnicate", "unknown command 'frobnicate'");
	parse_err("undo 3", ":undo takes no argument");
	parse_err("load", ":load needs an argument (FILE [N])");
	parse_err("white", ":white needs an argument (TYPE)");
	parse_err("d2d", "unknown command 'd2d'");
	/* moves as other programs write them point at the game's format
	 * (issue 34) */
	parse_err("d2-d3", "'d2-d3': a move is its squares alone: d2d3");
	parse_err("D2xD3", "'D2xD3': a move is its squares alone: d2d3");
	parse_err("b1-d3-f5", "squares alone: b1d3f5");
	parse_err("d3", "'d3' is one square: a move names the square it "
	    "leaves and the one it goes to (d2d3)");
}

static void
test_keys(void **state)
{
	(void)state;
	assert_int_equal(session_cmd_key('u'), CMD_UNDO);
	assert_int_equal(session_cmd_key('R'), CMD_RESIGN);
	assert_int_equal(session_cmd_key('q'), CMD_QUIT);
	assert_int_equal(session_cmd_key('+'), CMD_FASTER);
	assert_int_equal(session_cmd_key('='), CMD_FASTER);
	assert_int_equal(session_cmd_key('?'), CMD_HELP);
	assert_int_equal(session_cmd_key('r' & 0x1f), CMD_REDO);
	assert_int_equal(session_cmd_key('l' & 0x1f), CMD_REDRAW);
	assert_int_equal(session_cmd_key('c' & 0x1f), CMD_QUIT_NOW);
	assert_int_equal(session_cmd_key('x'), CMD_NONE);
	assert_int_equal(session_cmd_key('k'), CMD_NONE);  /* the cursor */
}

/* The refusals, from the table, in each mode. */
static void
test_modes(void **state)
{
	struct session s;
	struct session_net net;
	struct session_learn *learn = calloc(1, sizeof *learn);
	const struct session_cmd_entry *e;
	char buf[SESSION_MSG_MAX];

	(void)state;
	assert_non_null(learn);
	tsu_start_humans(&s);
	assert_int_equal(session_mode(&s), SMODE_LOCAL);
	/* Outside a network game, its commands are refused. */
	cmd(&s, CMD_SAY, "hello");
	assert_string_equal(s.msg.text,
	    "only in a network game (congo --connect or --host)");
	assert_int_equal(s.msg.tone, SM_ERROR);
	cmd(&s, CMD_SOLUTION, NULL);
	assert_string_equal(s.msg.text,
	    ":solution works in a puzzle or a lesson");
	/* Allowed: it runs (a move). */
	cmd(&s, CMD_MOVE, "c2c3");
	assert_int_equal(s.game.nply, 1);

	/* Review. */
	cmd(&s, CMD_REVIEW_BACK, NULL);
	assert_int_equal(session_mode(&s), SMODE_REVIEW);
	cmd(&s, CMD_CLAIM, NULL);
	assert_non_null(strstr(s.msg.text, "only in a network game"));
	cmd(&s, CMD_REVIEW_END, NULL);
	assert_int_equal(session_mode(&s), SMODE_LOCAL);

	/* A network game: refused before its own code sees them. */
	memset(&net, 0, sizeof net);
	net.on = true;
	net.seat = -1;
	s.net = &net;
	assert_int_equal(session_mode(&s), SMODE_NET);
	cmd(&s, CMD_REDO, NULL);
	assert_string_equal(s.msg.text, "not allowed in a network game");
	cmd(&s, CMD_NEW, NULL);
	assert_string_equal(s.msg.text, "not allowed in a network game");
	assert_false(s.ng.open);
	cmd(&s, CMD_LOAD, "x.pgn");
	assert_string_equal(s.msg.text, "not allowed in a network game");
	cmd(&s, CMD_PAUSE, NULL);
	assert_string_equal(s.msg.text, "not allowed in a network game: "
	    "moves are shown as they are played");
	assert_false(s.paused);
	/* :fen shows, but sets nothing; :clock the same. */
	cmd(&s, CMD_FEN, "startpos");
	assert_string_equal(s.msg.text, "not allowed in a network game");
	assert_int_equal(s.game.nply, 1);
	cmd(&s, CMD_FEN, NULL);
	assert_non_null(strstr(s.msg.text, "/"));
	cmd(&s, CMD_CLOCK, "5+3");
	assert_string_equal(s.msg.text, "not allowed in a network game");
	e = session_cmd_entry(CMD_SAY);
	assert_null(session_cmd_refusal(e, SMODE_NET, true, buf, sizeof buf));
	s.net = NULL;

	/* A puzzle: no taking back; :solution allowed. */
	learn->mode = SL_PUZZLE;
	s.learn = learn;
	assert_int_equal(session_mode(&s), SMODE_PUZZLE);
	cmd(&s, CMD_UNDO, NULL);
	assert_non_null(strstr(s.msg.text, "no taking back in a puzzle"));
	assert_int_equal(s.game.nply, 1);
	assert_true(session_cmd_allowed(&s, &(struct session_cmd){
	    .type = CMD_SOLUTION }));
	/* A lesson: undo starts the step again (session_learn.c). */
	learn->mode = SL_LESSON;
	assert_int_equal(session_mode(&s), SMODE_LESSON);
	assert_true(session_cmd_allowed(&s, &(struct session_cmd){
	    .type = CMD_UNDO }));
	cmd(&s, CMD_SAY, "x");
	assert_non_null(strstr(s.msg.text, "only in a network game"));
	s.learn = NULL;

	/* The editor: what would play on the game under it. */
	cmd(&s, CMD_EDIT, NULL);
	assert_true(s.edit.open);
	assert_int_equal(session_mode(&s), SMODE_EDITOR);
	cmd(&s, CMD_MOVE, "c6c5");
	assert_string_equal(s.msg.text, "the board editor is open: Enter "
	    "plays its position, A analyses it, Esc leaves it");
	assert_int_equal(s.game.nply, 1);
	cmd(&s, CMD_SAY, "x");
	assert_non_null(strstr(s.msg.text, "board editor is open"));
	cmd(&s, CMD_UNDO, NULL);
	assert_non_null(strstr(s.msg.text, "board editor is open"));
	assert_int_equal(s.game.nply, 1);
	/* Allowed there: help, the players, :fen FEN into the editor. */
	cmd(&s, CMD_HELP, NULL);
	assert_true(s.want_help);
	cmd(&s, CMD_EDIT, NULL);
	assert_false(s.edit.open);

	/* The names of the modes. */
	assert_string_equal(session_mode_name(SMODE_NET), "a network game");
	assert_string_equal(session_mode_name(SMODE_PUZZLE), "a puzzle");
	e = session_cmd_entry(CMD_NEW);
	assert_string_equal(session_cmd_refusal(e, SMODE_NET, false, buf,
	    sizeof buf), "not allowed in a network game");
	assert_null(session_cmd_refusal(e, SMODE_LESSON, false, buf,
	    sizeof buf));
	session_free(&s);
	free(learn);
}

/*
 * The words of congo(6)'s lines starting .B (.B, .BR, .BI) between the
 * line starting `from` and the one starting `to`, blank-separated, with
 * a blank at each end.
 */
static void
man_words(const char *from, const char *to, char *out, size_t n)
{
	const char *src = getenv("CONGO_SRCDIR");
	char path[512], line[512];
	size_t len = 1;
	bool in = false;
	FILE *f;

	snprintf(path, sizeof path, "%s/man/congo.6", src != NULL ? src : ".");
	f = fopen(path, "r");
	assert_non_null(f);
	out[0] = ' ';
	out[1] = '\0';
	while (fgets(line, sizeof line, f) != NULL) {
		if (strncmp(line, from, strlen(from)) == 0)
			in = true;
		else if (in && strncmp(line, to, strlen(to)) == 0)
			break;
		if (!in || line[0] != '.' || line[1] != 'B')
			continue;
		for (char *p = line + 3; *p != '\0'; p++) {
			if (*p == '"' || *p == ',' || *p == '\n')
				*p = ' ';
			if (p[0] == '\\' && p[1] == '-')
				memmove(p, p + 1, strlen(p));
		}
		if (len + strlen(line) + 2 < n) {
			strcpy(out + len, line + 3);
			len += strlen(line + 3);
			out[len++] = ' ';
			out[len] = '\0';
		}
	}
	fclose(f);
}

/* Each blank-separated word of list is a word of man. */
static void
all_in(const char *list, const char *man, const char *what,
    const char *section)
{
	char words[128], tok[64], *w, *save = NULL;

	if (list == NULL)
		return;
	snprintf(words, sizeof words, "%s", list);
	for (w = strtok_r(words, " ", &save); w != NULL;
	    w = strtok_r(NULL, " ", &save)) {
		snprintf(tok, sizeof tok, " %s ", w);
		if (strstr(man, tok) == NULL)
			fail_msg("%s '%s' is not in congo(6) %s", what, w,
			    section);
	}
}

static void
test_documented(void **state)
{
	static char cmds[65536], keys[65536];
	int i;

	(void)state;
	man_words(".SS Commands", ".SH", cmds, sizeof cmds);
	man_words(".SH KEYS", ".SS Commands", keys, sizeof keys);
	assert_non_null(strstr(cmds, " help "));
	assert_non_null(strstr(keys, " Ctrl-R "));
	for (i = 0; i < session_ncmds; i++) {
		const struct session_cmd_entry *e = &session_cmds[i];
		all_in(e->name, cmds, "command", "Commands");
		all_in(e->aliases, cmds, "alias", "Commands");
		all_in(e->keys, keys, "key", "KEYS");
	}
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_entries),
	cmocka_unit_test(test_owners),
	cmocka_unit_test(test_lookup),
	cmocka_unit_test(test_complete),
	cmocka_unit_test(test_parse),
	cmocka_unit_test(test_keys),
	cmocka_unit_test(test_modes),
	cmocka_unit_test(test_documented))
