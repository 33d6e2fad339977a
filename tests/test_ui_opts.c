/*
 * test_ui_opts.c: the game's command line (read by the front end's table,
 * src/cli/cli_game_opts.c, then applied over the settings) and the screen
 * layout (sizes, too small, mouse squares).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli/cli.h"
#include "config/config.h"
#include "engine/board.h"
#include "session/session_player.h"
#include "session/session_start.h"
#include "ui/ui_int.h"
#include "util/util.h"
#include "test_main.h"

static struct session_start st;
#define o (st.o)
static char err[512];

/* The game's parser, its message (stderr) into err. */
static int
parse(int argc, const char **argv)
{
	FILE *f = tmpfile();
	int rc, saved;
	size_t n;

	util_set_progname("congo");
	fflush(stderr);
	saved = dup(2);
	dup2(fileno(f), 2);
	rc = cli_game_parse(argc, (char **)argv, &st);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(f);
	n = fread(err, 1, sizeof err - 1, f);
	err[n] = '\0';
	fclose(f);
	return rc;
}

static void
base_conf(struct congo_conf *c)
{
	memset(c, 0, sizeof *c);
	strcpy(c->white.type, "human");
	strcpy(c->white.algorithm, "alphabeta");
	c->white.movetime_ms = 1000;
	strcpy(c->black.type, "ai");
	strcpy(c->black.algorithm, "alphabeta");
	c->black.movetime_ms = 1000;
	c->ui.color = true;
}

static void
test_parse_all(void **state)
{
	const char *argv[] = { "congo", "--white", "random", "--black=human",
	    "--depth", "4", "--movetime=250", "--fen", "4l2/7/7/7/7/7/3L3 w",
	    "--config", "my.conf", "--no-color", "--unicode", "--flip" };

	(void)state;
	assert_int_equal(parse(14, argv), 0);
	assert_string_equal(o.white, "random");
	assert_string_equal(o.black, "human");
	assert_int_equal(o.depth, 4);
	assert_int_equal(o.movetime_ms, 250);
	assert_string_equal(o.fen, "4l2/7/7/7/7/7/3L3 w");
	assert_string_equal(o.config, "my.conf");
	assert_true(o.no_color);
	assert_true(o.unicode);
	assert_true(o.flip);
	assert_false(o.help);
	assert_null(o.load);
}

static void
test_parse_defaults_and_help(void **state)
{
	const char *none[] = { "congo" };
	const char *help[] = { "congo", "--black", "random", "--help" };

	(void)state;
	assert_int_equal(parse(1, none), 0);
	assert_int_equal(o.depth, -1);
	assert_int_equal(o.movetime_ms, -1);
	assert_null(o.white);
	assert_false(o.no_color);
	assert_int_equal(parse(4, help), 0);
	assert_true(o.help);
}

static void
parse_fails(int argc, const char **argv, const char *want)
{
	assert_int_equal(parse(argc, argv), -1);
	assert_non_null(strstr(err, want));
}

static void
test_parse_errors(void **state)
{
	const char *a[] = { "congo", "--bogus" };
	const char *b[] = { "congo", "--white" };
	const char *c[] = { "congo", "--depth", "65" };
	const char *d[] = { "congo", "--movetime", "abc" };
	const char *e[] = { "congo", "--depth=-1" };
	const char *f[] = { "congo", "--fen", "x w", "--load", "g.pgn" };
	const char *g[] = { "congo", "stray" };

	(void)state;
	parse_fails(2, a, "unknown option '--bogus'");
	parse_fails(2, b, "--white needs a value");
	parse_fails(3, c, "--depth must be a number 0..64, not '65'");
	parse_fails(3, d, "--movetime must be a number");
	parse_fails(2, e, "--depth must be a number");
	parse_fails(5, f, "--fen and --load cannot go together");
	parse_fails(2, g, "unknown option 'stray'");
}

/* --resume (issue 34): alone or with settings; not with an option that
 * chooses another game. */
static void
test_parse_resume(void **state)
{
	const char *a[] = { "congo", "--resume" };
	const char *b[] = { "congo", "--resume", "--movetime", "50" };
	const char *c[] = { "congo", "--resume", "--black", "human" };
	const char *d[] = { "congo", "--load", "g.pgn", "--resume" };
	const char *e[] = { "congo", "--white", "human" };

	(void)state;
	assert_int_equal(parse(2, a), 0);
	assert_true(o.resume);
	assert_false(session_opts_choose_game(&o));
	assert_int_equal(parse(4, b), 0);
	assert_true(o.resume);
	assert_false(session_opts_choose_game(&o));
	parse_fails(4, c, "--resume plays on the kept game");
	parse_fails(4, d, "--resume plays on the kept game");
	assert_int_equal(parse(3, e), 0);
	assert_false(o.resume);
	assert_true(session_opts_choose_game(&o));
}

/* The network options are read in the same pass as the others. */
static void
test_parse_network(void **state)
{
	const char *a[] = { "congo", "--connect", "example.org:7000",
	    "--join=ABCDEFGH", "--seat", "black", "--name", "ann",
	    "--white", "random" };
	const char *b[] = { "congo", "--host", "--port=7200", "--create" };
	const char *c[] = { "congo", "--seat", "red" };
	const char *d[] = { "congo", "--port", "70000" };
	const char *e[] = { "congo", "--connect" };
	const char *f[] = { "congo", "--host=yes" };

	(void)state;
	assert_int_equal(parse(10, a), 0);
	assert_true(o.net.any);
	assert_string_equal(o.net.connect, "example.org:7000");
	assert_string_equal(o.net.join, "ABCDEFGH");
	assert_int_equal(o.net.seat, 1);
	assert_string_equal(o.net.name, "ann");
	assert_string_equal(o.white, "random");
	assert_int_equal(o.net.port, -1);
	assert_int_equal(parse(4, b), 0);
	assert_true(o.net.host);
	assert_true(o.net.create);
	assert_int_equal(o.net.port, 7200);
	assert_int_equal(o.net.seat, -1);
	parse_fails(3, c, "--seat is white or black, not 'red'");
	parse_fails(3, d, "--port must be a number 0..65535 (0 with --host: "
	    "any free port), not '70000'");
	parse_fails(2, e, "--connect needs a value");
	parse_fails(2, f, "unknown option '--host=yes'");
}

/* conf's network section taken by the options parsed (o.net): what their
 * check then says (0, or -1 and err). */
static int
configured(const struct congo_conf *conf)
{
	session_net_opts_configured(&o.net, conf);
	return session_net_opts_check(&o.net, err, sizeof err);
}

/* congo.conf's server and account (issue 36): the options that name no
 * server take network.host, the account only on that server; --host and
 * --connect win; none configured, the check says what to give. */
static void
test_configured_server(void **state)
{
	const char *a[] = { "congo", "--seek", "5+3" };
	const char *b[] = { "congo", "--connect", "other.org", "--create" };
	const char *c[] = { "congo", "--host" };
	const char *d[] = { "congo", "--lobby" };
	const char *e[] = { "congo", "--lobby", "--observe", "ABCDEFGH" };
	const char *f[] = { "congo", "--flip" };
	const char *g[] = { "congo", "--games" };
	const char *h[] = { "congo", "--challenge", "bob", "--days", "3",
	    "--rated" };
	const char *i[] = { "congo", "--seek", "--days", "7", "--rated" };
	const char *j[] = { "congo", "--create", "--days", "14" };
	struct congo_conf conf;

	(void)state;
	base_conf(&conf);
	strcpy(conf.network.host, "tls://congo.example.org");
	strcpy(conf.network.account, "ann");
	assert_int_equal(parse(3, a), 0);
	assert_int_equal(configured(&conf), 0);
	assert_string_equal(o.net.connect, "tls://congo.example.org");
	assert_string_equal(o.net.account, "ann");
	assert_int_equal(parse(4, b), 0);
	session_net_opts_configured(&o.net, &conf);
	assert_string_equal(o.net.connect, "other.org");
	assert_null(o.net.account);
	assert_int_equal(parse(2, c), 0);
	assert_int_equal(configured(&conf), 0);
	assert_null(o.net.connect);
	assert_int_equal(parse(2, d), 0);
	assert_true(o.net.lobby);
	assert_int_equal(configured(&conf), 0);
	assert_string_equal(o.net.connect, "tls://congo.example.org");
	assert_int_equal(parse(4, e), 0);
	assert_int_equal(configured(&conf), -1);
	assert_string_equal(err, "--lobby shows the lobby: no --create, "
	    "--join, --game, --observe, --seek or --challenge with it");
	/* --games and --challenge alone: the configured server and
	 * account */
	assert_int_equal(parse(2, g), 0);
	assert_true(o.net.games);
	assert_int_equal(configured(&conf), 0);
	assert_string_equal(o.net.connect, "tls://congo.example.org");
	assert_string_equal(o.net.account, "ann");
	assert_int_equal(parse(6, h), 0);
	assert_string_equal(o.net.challenge, "bob");
	assert_int_equal(o.net.days, 3);
	assert_true(o.net.rated);
	assert_int_equal(configured(&conf), 0);
	assert_string_equal(o.net.account, "ann");
	/* --seek --days N and --create --days N: correspondence, no clock
	 * (--days read after a --seek that has no clock) */
	assert_int_equal(parse(5, i), 0);
	assert_string_equal(o.net.seek, "");
	assert_int_equal(o.net.days, 7);
	assert_true(o.net.rated);
	assert_int_equal(configured(&conf), 0);
	assert_int_equal(parse(4, j), 0);
	assert_true(o.net.create);
	assert_int_equal(o.net.days, 14);
	assert_int_equal(configured(&conf), 0);
	/* no network option: no server, whatever the file says */
	assert_int_equal(parse(2, f), 0);
	session_net_opts_configured(&o.net, &conf);
	assert_null(o.net.connect);
	/* none configured */
	conf.network.host[0] = '\0';
	assert_int_equal(parse(2, d), 0);
	assert_int_equal(configured(&conf), -1);
	assert_string_equal(err, "network options need --connect HOST (or "
	    "network.host in congo.conf) or --host");
}

/* Parsing twice (as the tests and main.c do) starts afresh each time;
 * a value taken from the next word may begin with a dash. */
static void
test_parse_clock_and_game(void **state)
{
	const char *a1[] = { "congo", "--clock", "5+3", "--load", "m.pgn",
	    "--game", "2" };
	const char *a2[] = { "congo", "--connect", "h", "--game",
	    "K7QF2MZA" };
	const char *a3[] = { "congo", "--load", "m.pgn", "--game=0" };

	(void)state;
	assert_int_equal(parse(7, a1), 0);
	assert_string_equal(o.clock, "5+3");
	assert_int_equal(o.game, 2);
	assert_null(o.net.game);
	assert_false(o.net.any);
	assert_int_equal(parse(5, a2), 0);
	assert_int_equal(o.game, 0);
	assert_string_equal(o.net.game, "K7QF2MZA");
	assert_int_equal(parse(4, a3), -1);
	assert_non_null(strstr(err, "counted from 1"));
}

/* --variant: a variant's name, for the game here or made on a server. */
static void
test_parse_variant(void **state)
{
	const char *a1[] = { "congo", "--connect", "h", "--create",
	    "--variant", "megapawn", "--clock", "5+3" };
	const char *a2[] = { "congo", "--variant", "chess" };

	(void)state;
	assert_int_equal(parse(8, a1), 0);
	assert_string_equal(o.variant, "megapawn");
	assert_string_equal(o.clock, "5+3");
	assert_true(o.net.create);
	assert_int_equal(parse(3, a2), -1);
	assert_non_null(strstr(err, "'chess'"));
}

static void
test_parse_again(void **state)
{
	const char *a[] = { "congo", "--flip", "stray" };
	const char *b[] = { "congo", "--white", "-x", "--flip" };
	const char *c[] = { "congo", "--load", "g.pgn", "--", "--flip" };

	(void)state;
	parse_fails(3, a, "unknown option 'stray'");
	assert_int_equal(parse(4, b), 0);
	assert_string_equal(o.white, "-x");
	assert_true(o.flip);
	assert_false(o.net.any);
	parse_fails(5, c, "unknown option '--flip'");
}

/* Lessons and puzzles are options of the same table. */
static void
test_parse_learn(void **state)
{
	const char *a[] = { "congo", "--learn", "--flip" };
	const char *b[] = { "congo", "--theme", "endgame", "--variant",
	    "megapawn" };
	const char *c[] = { "congo", "--streak" };
	const char *d[] = { "congo", "--theme" };
	const char *e[] = { "congo", "--theme", "--flip" };
	const char *f[] = { "congo", "-h" };

	(void)state;
	assert_int_equal(parse(3, a), 0);
	assert_true(st.lo.learn);
	assert_false(st.lo.puzzle);
	assert_true(o.flip);
	assert_int_equal(parse(5, b), 0);
	assert_false(st.lo.learn);
	assert_true(st.lo.puzzle);
	assert_string_equal(st.lo.theme, "endgame");
	assert_string_equal(o.variant, "megapawn");
	assert_int_equal(parse(2, c), 0);
	assert_true(st.lo.puzzle);
	assert_true(st.lo.streak);
	parse_fails(2, d, "--theme needs a value: a theme of the puzzles");
	parse_fails(3, e, "--theme needs a value: a theme of the puzzles");
	assert_int_equal(parse(2, f), 0);
	assert_true(o.help);
}

static void
test_apply(void **state)
{
	const char *argv[] = { "congo", "--white", "NEGAMAX", "--black", "human",
	    "--depth", "6", "--no-color", "--flip" };
	struct congo_conf c;

	(void)state;
	base_conf(&c);
	assert_int_equal(parse(9, argv), 0);
	assert_int_equal(session_opts_apply(&o, &c, err, sizeof err), 0);
	assert_string_equal(c.white.type, "ai");
	assert_string_equal(c.white.algorithm, "negamax");
	assert_string_equal(c.black.type, "human");
	/* A depth alone: search to that depth, no clock. */
	assert_int_equal(c.white.depth, 6);
	assert_int_equal(c.black.depth, 6);
	assert_int_equal(c.white.movetime_ms, 0);
	assert_false(c.ui.color);
	assert_true(c.ui.flip);
	assert_false(c.ui.unicode);
}

static void
test_apply_depth_and_time(void **state)
{
	const char *argv[] = { "congo", "--depth", "3", "--movetime", "700" };
	struct congo_conf c;

	(void)state;
	base_conf(&c);
	assert_int_equal(parse(5, argv), 0);
	assert_int_equal(session_opts_apply(&o, &c, err, sizeof err), 0);
	assert_int_equal(c.black.depth, 3);
	assert_int_equal(c.black.movetime_ms, 700);
}

static void
test_player_types(void **state)
{
	struct player_conf pc;

	(void)state;
	memset(&pc, 0, sizeof pc);
	assert_int_equal(session_player_type_parse("ai", &pc, err, sizeof err), 0);
	assert_string_equal(pc.type, "ai");
	assert_string_equal(pc.algorithm, "alphabeta");  /* none was set */
	assert_int_equal(session_player_type_parse("random", &pc, err,
	    sizeof err), 0);
	assert_string_equal(pc.algorithm, "random");
	assert_int_equal(session_player_type_parse("ai", &pc, err, sizeof err), 0);
	assert_string_equal(pc.algorithm, "random");     /* kept */
	assert_int_equal(session_player_type_parse("Human", &pc, err, sizeof err),
	    0);
	assert_string_equal(pc.type, "human");
	assert_int_equal(session_player_type_parse("martian", &pc, err, sizeof err),
	    -1);
	assert_non_null(strstr(err, "unknown player 'martian'"));
}

static void
test_layout_sizes(void **state)
{
	struct ui_layout l;

	(void)state;
	ui_layout_compute(&l, 24, 80);
	assert_false(l.too_small);
	assert_int_equal(l.cell_w, 5);
	assert_int_equal(l.cell_h, 3);
	assert_int_equal(l.panel_x, 40);
	assert_int_equal(l.panel_w, 40);
	assert_int_equal(l.status_y, 22);
	/* The board and its file letters fit above the status bar. */
	assert_true(l.board_y + 7 * l.cell_h + 1 <= l.status_y);

	ui_layout_compute(&l, 17, 80);
	assert_false(l.too_small);
	assert_int_equal(l.cell_h, 2);
	assert_true(l.board_y + 7 * l.cell_h + 1 <= l.status_y);

	ui_layout_compute(&l, 12, 66);
	assert_false(l.too_small);
	assert_int_equal(l.cell_h, 1);
	assert_true(l.board_y + 7 * l.cell_h + 1 <= l.status_y);

	assert_false(l.compact);
	/* Narrower: the board alone (60x20 was refused, the board fits). */
	ui_layout_compute(&l, 24, UI_COLS_MIN - 1);
	assert_false(l.too_small);
	assert_true(l.compact);
	assert_int_equal(l.panel_w, 0);
	ui_layout_compute(&l, 20, 60);
	assert_false(l.too_small);
	assert_true(l.compact);
	assert_true(l.board_x + 7 * l.cell_w <= 60);
	assert_true(l.board_y + 7 * l.cell_h + 1 <= l.status_y);
	ui_layout_compute(&l, 16, 40);
	assert_false(l.too_small);
	assert_true(l.compact);
	assert_true(l.board_x - 2 >= 0 && l.board_x + 7 * l.cell_w <= 40);
	assert_true(l.board_y + 7 * l.cell_h + 1 <= l.status_y);
	ui_layout_compute(&l, 24, UI_COLS_COMPACT - 1);
	assert_true(l.too_small);
	ui_layout_compute(&l, UI_ROWS_MIN - 1, 80);
	assert_true(l.too_small);

	/* Large squares leave the panel at least its width at 80x24:
	 * a little narrower, then lower (issue 62: 32 at 100x32). */
	ui_layout_compute(&l, 40, 120);
	assert_false(l.too_small);
	assert_int_equal(l.cell_h, 5);
	assert_int_equal(l.cell_w, 10);
	assert_true(l.panel_w >= 40);
	assert_true(l.board_y + 7 * l.cell_h + 1 <= l.status_y);
	ui_layout_compute(&l, 32, 100);
	assert_int_equal(l.cell_h, 4);
	assert_int_equal(l.cell_w, 7);
	assert_true(l.panel_w >= 40);
	assert_true(l.board_y + 7 * l.cell_h + 1 <= l.status_y);

	/* A large screen: larger squares, the board and panel centred. */
	ui_layout_compute(&l, 60, 200);
	assert_false(l.too_small);
	assert_int_equal(l.cell_h, 7);
	assert_int_equal(l.cell_w, 15);
	assert_true(l.board_x > 3);
	assert_true(l.board_y > 0);
	/* The margins left and right differ by a column at most. */
	assert_true((l.board_x - 3) - (200 - l.panel_x - l.panel_w) <= 1);
	assert_true((200 - l.panel_x - l.panel_w) - (l.board_x - 3) <= 1);
	assert_true(l.panel_x + l.panel_w <= 200);
	assert_int_equal(ui_layout_square(&l, false, l.board_y, l.board_x),
	    SQ(0, 6));
	assert_true(l.panel_w >= UI_PANEL_MIN);
	assert_true(l.board_y + 7 * l.cell_h + 1 <= l.status_y);
}

static void
test_layout_mouse(void **state)
{
	struct ui_layout l;

	(void)state;
	board_init();
	ui_layout_compute(&l, 24, 80);
	/* b2: second column, sixth row of squares (3 lines each). */
	assert_int_equal(ui_layout_square(&l, false, 16, 10),
	    board_sq_parse("b2"));
	assert_int_equal(ui_layout_square(&l, false, 0, 3),
	    board_sq_parse("a7"));
	assert_int_equal(ui_layout_square(&l, false, 20, 37),
	    board_sq_parse("g1"));
	/* Turned round, the same place is the opposite square. */
	assert_int_equal(ui_layout_square(&l, true, 16, 10),
	    board_sq_parse("f6"));
	assert_int_equal(ui_layout_square(&l, false, 16, 1), -1); /* labels */
	assert_int_equal(ui_layout_square(&l, false, 21, 10), -1); /* files */
	assert_int_equal(ui_layout_square(&l, false, 5, 38), -1); /* panel */
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_parse_all),
	cmocka_unit_test(test_parse_defaults_and_help),
	cmocka_unit_test(test_parse_errors),
	cmocka_unit_test(test_parse_resume),
	cmocka_unit_test(test_parse_network),
	cmocka_unit_test(test_configured_server),
	cmocka_unit_test(test_parse_again),
	cmocka_unit_test(test_parse_clock_and_game),
	cmocka_unit_test(test_parse_variant),
	cmocka_unit_test(test_parse_learn),
	cmocka_unit_test(test_apply),
	cmocka_unit_test(test_apply_depth_and_time),
	cmocka_unit_test(test_player_types),
	cmocka_unit_test(test_layout_sizes),
	cmocka_unit_test(test_layout_mouse))
