/*
 * test_config.c: congo.conf loading: good files, each kind of error with its
 * message and line, unknown settings, and the search order.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config/config.h"
#include "test_tmp.h"
#include "test_main.h"

static char tmpdir[256];
static char warnings[4096];
static int nwarnings;

static void
collect(const char *msg)
{
	size_t len = strlen(warnings);

	snprintf(warnings + len, sizeof warnings - len, "%s\n", msg);
	nwarnings++;
}

/* Write text to tmpdir/name and return the full path (static buffer). */
static const char *
write_file(const char *name, const char *text)
{
	static char path[512];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", tmpdir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	return path;
}

static void
rm_rf(const char *dir)
{
	if (test_rmdir(dir) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
}

static int
setup(void **state)
{
	(void)state;
	if (test_mkdtemp(tmpdir, sizeof tmpdir, "congo-test-config") == NULL)
		return -1;
	warnings[0] = '\0';
	nwarnings = 0;
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	rm_rf(tmpdir);
	return 0;
}

/* Load text as a file; returns the result, the message in err. */
static int
load_text(const char *text, struct congo_conf *c, char *err, size_t n)
{
	const char *path = write_file("congo.conf", text);

	config_defaults(c);
	err[0] = '\0';
	return config_load_file(c, path, collect, err, n);
}

/* Expect "TMPDIR/congo.conf:LINE: msg". */
static void
expect_error(const char *text, int line, const char *msg)
{
	struct congo_conf c;
	char err[512], want[768];

	assert_int_equal(load_text(text, &c, err, sizeof err), -1);
	snprintf(want, sizeof want, "%s/congo.conf:%d: %s", tmpdir, line, msg);
	assert_string_equal(err, want);
}

static void
test_defaults(void **state)
{
	struct congo_conf c;

	(void)state;
	config_defaults(&c);
	assert_string_equal(c.white.type, "human");
	assert_string_equal(c.black.type, "ai");
	assert_string_equal(c.black.algorithm, "alphabeta");
	assert_string_equal(c.white.advisor, "alphabeta");
	assert_int_equal(c.black.movetime_ms, 1000);
	assert_int_equal(c.black.depth, 0);
	assert_int_equal(c.black.threads, 1);
	assert_int_equal(c.black.hash_mb, 16);
	assert_int_equal(c.black.nodes, 0);
	assert_true(c.rules.repetition);
	assert_int_equal(c.rules.quiet_plies, 200);
	assert_true(c.ui.color);
	assert_false(c.ui.unicode);
	assert_false(c.ui.flip);
	assert_int_equal(c.ui.ai_delay_ms, 500);
	assert_int_equal(c.ui.analysis_lines, 3);
	assert_true(c.ui.mouse);
	assert_string_equal(c.ui.save_dir, "");
	assert_string_equal(c.ui.language, "");
	assert_string_equal(c.tablebases.path, "");
	/* no server by default: network play needs --connect HOST */
	assert_string_equal(c.network.host, "");
	assert_string_equal(c.network.account, "");
	assert_int_equal(c.network.port, 7153);
	assert_true(config_name_valid(c.network.name));
	assert_int_equal(c.server.port, 7153);
	assert_int_equal(c.server.max_connections, 1000);
	assert_int_equal(c.server.max_per_address, 16);
	assert_int_equal(c.server.games_per_minute, 10);
	assert_int_equal(c.server.max_observers, 50);
	assert_false(c.server.rated_same_network);
	assert_string_equal(c.server.log_level, "info");
	assert_string_equal(c.source, "");
}

static void
test_good_full(void **state)
{
	struct congo_conf c;
	char err[512];

	(void)state;
	assert_int_equal(load_text(
	    "# every setting\n"
	    "white = { type = \"ai\"; algorithm = \"negamax\"; advisor = \"random\";\n"
	    "  depth = 5; movetime_ms = 0; nodes = 123456789012L; threads = 2;\n"
	    "  hash_mb = 16; seed = 42; };\n"
	    "black = { type = \"human\"; algorithm = \"random\"; depth = 64;\n"
	    "  movetime_ms = 3600000; threads = 64; hash_mb = 4096; };\n"
	    "rules = { repetition = false; quiet_plies = 0; };\n"
	    "ui = { color = false; unicode = true; flip = true; ai_delay_ms = 0;\n"
	    "  mouse = false; save_dir = \"/tmp/games\"; analysis_lines = 5;"
	    " language = \"de\"; };\n"
	    "network = { host = \"example.org\"; port = 1; name = \"ann\";\n"
	    "  account = \"ann_b\"; };\n"
	    "server = { bind = \"127.0.0.1\"; port = 65535; db = \"/var/x.db\";\n"
	    "  max_connections = 5; max_per_address = 2; games_per_minute = 1;\n"
	    "  max_observers = 0; log_level = \"debug\";\n"
	    "  rated_same_network = true; tournaments = ( { kind = \"arena\";\n"
	    "  name = \"Evening\"; at = \"20:00\"; minutes = 60;"
	    " clock = \"3+2\"; rated = true; minrated = 5; } ); };\n"
	    "tablebases = { path = \"/srv/congo/tb\"; };\n"
	    "bot = { connect = \"tls://example.org\"; account = \"robo5\";\n"
	    "  level = 5; full = false; variants = \"congo\";\n"
	    "  clocks = \"3+2,5+3\"; games_at_once = 4; rated = \"both\";\n"
	    "  on_stop = \"resign\"; greeting = \"Good luck!\";\n"
	    "  tournaments = \"AAAAAAAA,BBBBBBBB\"; };\n",
	    &c, err, sizeof err), 0);
	assert_string_equal(err, "");
	assert_int_equal(nwarnings, 0);
	assert_string_equal(c.white.type, "ai");
	assert_string_equal(c.white.algorithm, "negamax");
	assert_string_equal(c.white.advisor, "random");
	assert_int_equal(c.white.depth, 5);
	assert_int_equal(c.white.movetime_ms, 0);
	assert_true(c.white.nodes == 123456789012L);
	assert_int_equal(c.white.threads, 2);
	assert_int_equal(c.white.hash_mb, 16);
	assert_int_equal(c.white.seed, 42);
	assert_string_equal(c.black.type, "human");
	assert_string_equal(c.black.algorithm, "random");
	assert_int_equal(c.black.depth, 64);
	assert_int_equal(c.black.movetime_ms, 3600000);
	assert_int_equal(c.black.threads, 64);
	assert_int_equal(c.black.hash_mb, 4096);
	assert_false(c.rules.repetition);
	assert_int_equal(c.rules.quiet_plies, 0);
	assert_false(c.ui.color);
	assert_true(c.ui.unicode);
	assert_true(c.ui.flip);
	assert_int_equal(c.ui.ai_delay_ms, 0);
	assert_false(c.ui.mouse);
	assert_string_equal(c.ui.save_dir, "/tmp/games");
	assert_int_equal(c.ui.analysis_lines, 5);
	assert_string_equal(c.ui.language, "de");
	assert_string_equal(c.network.host, "example.org");
	assert_int_equal(c.network.port, 1);
	assert_string_equal(c.network.name, "ann");
	assert_string_equal(c.server.bind, "127.0.0.1");
	assert_int_equal(c.server.port, 65535);
	assert_string_equal(c.server.db, "/var/x.db");
	assert_int_equal(c.server.max_connections, 5);
	assert_int_equal(c.server.max_per_address, 2);
	assert_int_equal(c.server.games_per_minute, 1);
	assert_int_equal(c.server.max_observers, 0);
	assert_true(c.server.rated_same_network);
	assert_string_equal(c.server.log_level, "debug");
	assert_int_equal(c.server.ntsched, 1);
	assert_string_equal(c.server.tsched[0].name, "Evening");
	assert_int_equal(c.server.tsched[0].at, 20 * 60);
	assert_int_equal(c.server.tsched[0].minutes, 60);
	assert_string_equal(c.server.tsched[0].clock, "3+2");
	assert_string_equal(c.server.tsched[0].variant, "congo");
	assert_true(c.server.tsched[0].rated);
	assert_int_equal(c.server.tsched[0].minrated, 5);
	assert_string_equal(c.tablebases.path, "/srv/congo/tb");
	assert_string_equal(c.bot.account, "robo5");
	assert_int_equal(c.bot.level, 5);
	assert_int_equal(c.bot.games_at_once, 4);
	assert_string_equal(c.bot.on_stop, "resign");
	assert_string_equal(c.bot.greeting, "Good luck!");
	assert_string_equal(c.bot.tournaments, "AAAAAAAA,BBBBBBBB");
	assert_true(strstr(c.source, "congo.conf") != NULL);
}

/* A partial file leaves everything else at its default. */
static void
test_good_partial(void **state)
{
	struct congo_conf c, d;
	char err[512];

	(void)state;
	assert_int_equal(load_text("black = { depth = 3; };\n", &c, err,
	    sizeof err), 0);
	config_defaults(&d);
	assert_int_equal(c.black.depth, 3);
	assert_int_equal(c.black.movetime_ms, d.black.movetime_ms);
	assert_string_equal(c.black.type, "ai");
	assert_string_equal(c.white.type, "human");
	assert_int_equal(c.ui.ai_delay_ms, 500);

	/* An empty file and a comment-only file are fine. */
	assert_int_equal(load_text("", &c, err, sizeof err), 0);
	assert_int_equal(load_text("// nothing\n/* here */\n", &c, err,
	    sizeof err), 0);
	assert_int_equal(nwarnings, 0);
}

static void
test_syntax_error(void **state)
{
	(void)state;
	expect_error("white = { type = \"human\"; };\n"
	    "black = { depth = ; };\n", 2, "syntax error");
	expect_error("ui = { color = true;\n\n", 3, "syntax error");
	expect_error("\n\nrules = { repetition = true; repetition = false; };\n",
	    3, "duplicate setting name");
}

static void
test_type_errors(void **state)
{
	(void)state;
	expect_error("white = { depth = \"deep\"; };\n", 1,
	    "white.depth must be an integer");
	expect_error("\nblack = {\n  movetime_ms = 1.5;\n};\n", 3,
	    "black.movetime_ms must be an integer");
	expect_error("ui = { color = 1; };\n", 1, "ui.color must be true or false");
	expect_error("network = { host = 7; };\n", 1,
	    "network.host must be a string");
	expect_error("white = { type = [ \"ai\" ]; };\n", 1,
	    "white.type must be a string");
	expect_error("\n\nwhite = 3;\n", 3,
	    "white must be a group: white = { ... };");
	expect_error("rules = { repetition = \"yes\"; };\n", 1,
	    "rules.repetition must be true or false");
}

static void
test_range_errors(void **state)
{
	(void)state;
	expect_error("white = { depth = 65; };\n", 1,
	    "white.depth must be 0..64");
	expect_error("white = { depth = -1; };\n", 1,
	    "white.depth must be 0..64");
	expect_error("\nblack = { threads = 0; };\n", 2,
	    "black.threads must be 1..64");
	expect_error("ui = { analysis_lines = 6; };\n", 1,
	    "ui.analysis_lines must be 1..5");
	expect_error("bot = { level = 11; };\n", 1, "bot.level must be 1..10");
	expect_error("bot = { rated = \"maybe\"; };\n", 1,
	    "bot.rated must be \"\", \"yes\", \"no\" or \"both\"");
	expect_error("ui = { language = \"german\"; };\n", 1,
	    "ui.language must be \"\", \"en\", \"nl\", \"de\" or \"fr\"");
	expect_error("black = { hash_mb = 4097; };\n", 1,
	    "black.hash_mb must be 1..4096");
	expect_error("black = { movetime_ms = 3600001; };\n", 1,
	    "black.movetime_ms must be 0..3600000");
	expect_error("black = { movetime_ms = 99999999999L; };\n", 1,
	    "black.movetime_ms must be 0..3600000");
	expect_error("black = { nodes = -5; };\n", 1,
	    "black.nodes must be 0 or more");
	expect_error("black = { seed = -1; };\n", 1,
	    "black.seed must be 0 or more");
	expect_error("rules = { quiet_plies = 10001; };\n", 1,
	    "rules.quiet_plies must be 0..10000");
	expect_error("ui = { ai_delay_ms = 60001; };\n", 1,
	    "ui.ai_delay_ms must be 0..60000");
	expect_error("network = { port = 0; };\n", 1,
	    "network.port must be 1..65535");
	/* server.tournaments: each entry's values checked, file:line. */
	expect_error("server = { tournaments = ( { kind = \"arena\";\n"
	    "  name = \"Evening\"; at = \"24:00\"; minutes = 60;\n"
	    "  clock = \"3+2\"; } ); };\n", 2,
	    "server.tournaments entry 1: at = \"HH:MM\" (UTC)");
	expect_error("server = { tournaments = ( { kind = \"arena\";\n"
	    "  name = \"Evening\"; at = \"20:00\"; minutes = 60;\n"
	    "  clock = \"3+2\"; },\n { kind = \"swiss\"; name = \"S\";\n"
	    "  at = \"08:00\"; clock = \"3+2\"; } ); };\n", 4,
	    "server.tournaments entry 2: rounds = 3..15");
	expect_error("server = { tournaments = ( { kind = \"arena\";\n"
	    "  name = \"Evening\"; at = \"20:00\"; minutes = 60;\n"
	    "  clock = \"3-2\"; } ); };\n", 3,
	    "server.tournaments entry 1: clock = \"M+S\" (minutes + seconds)");
	expect_error("server = { tournaments = ( { kind = \"arena\";\n"
	    "  name = \"Evening\"; at = \"20:00\"; minutes = 60;\n"
	    "  clock = \"3+2\"; minrated = 101; } ); };\n", 3,
	    "server.tournaments entry 1: minrated = 0..100");
	expect_error("server = { tournaments = 3; };\n", 1,
	    "server.tournaments: a list ( { ... }, ... )");
	expect_error("server = { port = 65536; };\n", 1,
	    "server.port must be 1..65535");
	expect_error("server = { max_connections = 0; };\n", 1,
	    "server.max_connections must be 1..100000");
	expect_error("server = { max_per_address = 0; };\n", 1,
	    "server.max_per_address must be 1..100000");
	expect_error("server = { games_per_minute = 0; };\n", 1,
	    "server.games_per_minute must be 1..100000");
	expect_error("server = { max_observers = -1; };\n", 1,
	    "server.max_observers must be 0..100000");
}

static void
test_value_errors(void **state)
{
	char longtext[1200 + 64];

	(void)state;
	expect_error("white = { type = \"robot\"; };\n", 1,
	    "white.type must be \"human\" or \"ai\"");
	expect_error("black = { algorithm = \"minimax\"; };\n", 1,
	    "black.algorithm must be \"alphabeta\", \"negamax\" or \"random\"");
	expect_error("white = { advisor = \"human\"; };\n", 1,
	    "white.advisor must be \"alphabeta\", \"negamax\" or \"random\"");
	expect_error("rules = { variant = \"chess\"; };\n", 1,
	    "rules.variant must be \"congo\" or \"megapawn\"");
	expect_error("rules = {\n variant = 2; };\n", 2,
	    "rules.variant must be a string");
	expect_error("server = { log_level = \"loud\"; };\n", 1,
	    "server.log_level must be \"error\", \"warn\", \"info\" or \"debug\"");
	expect_error("network = { name = \"ann smith\"; };\n", 1,
	    "network.name must be 1..31 letters, digits, '-', '_' or '.'");
	expect_error("network = { name = \"\"; };\n", 1,
	    "network.name must be 1..31 letters, digits, '-', '_' or '.'");
	expect_error("network = { name = \"abcdefghijklmnopqrstuvwxyz0123456\"; };\n",
	    1, "network.name must be 1..31 letters, digits, '-', '_' or '.'");
	/* network.host: congo --connect's syntax, checked with the file's
	 * line */
	expect_error("network = {\n host = \"tls://\"; };\n", 2,
	    "network.host must be \"\" (none), HOST, HOST:PORT or "
	    "tls://HOST[:PORT], not 'tls://'");
	expect_error("network = { host = \"tls://h:99999\"; };\n", 1,
	    "network.host must be \"\" (none), HOST, HOST:PORT or "
	    "tls://HOST[:PORT], not 'tls://h:99999'");
	expect_error("network = { host = \"https://h\"; };\n", 1,
	    "network.host must be \"\" (none), HOST, HOST:PORT or "
	    "tls://HOST[:PORT], not 'https://h'");
	expect_error("network = { host = \"h:\"; };\n", 1,
	    "network.host must be \"\" (none), HOST, HOST:PORT or "
	    "tls://HOST[:PORT], not 'h:'");
	expect_error("network = { account = \"ab\"; };\n", 1,
	    "network.account must be \"\" or an account's name: 3..20 "
	    "letters, digits, '_' or '-'");
	expect_error("network = { account = \"a.b.c\"; };\n", 1,
	    "network.account must be \"\" or an account's name: 3..20 "
	    "letters, digits, '_' or '-'");

	strcpy(longtext, "ui = { save_dir = \"");
	memset(longtext + strlen(longtext), 'x', 1100);
	strcpy(longtext + 19 + 1100, "\"; };\n");
	expect_error(longtext, 1, "ui.save_dir must be at most 1023 characters");
}

/* A failed load leaves the settings as they were. */
static void
test_error_changes_nothing(void **state)
{
	struct congo_conf c, d;
	char err[512];

	(void)state;
	assert_int_equal(load_text("white = { depth = 7; };\n"
	    "black = { depth = 99; };\n", &c, err, sizeof err), -1);
	config_defaults(&d);
	assert_int_equal(c.white.depth, d.white.depth);
	assert_string_equal(c.source, "");
}

static void
test_unknown_settings(void **state)
{
	struct congo_conf c;
	char err[512], want[2048];

	(void)state;
	assert_int_equal(load_text("white = { depth = 2; colour = 3; };\n"
	    "\n"
	    "sound = { volume = 11; };\n"
	    "ui = {\n"
	    "  color = false;\n"
	    "  blink = true;\n"
	    "};\n", &c, err, sizeof err), 0);
	assert_int_equal(nwarnings, 3);
	snprintf(want, sizeof want,
	    "%s/congo.conf:1: unknown setting 'white.colour'\n"
	    "%s/congo.conf:3: unknown setting 'sound'\n"
	    "%s/congo.conf:6: unknown setting 'ui.blink'\n",
	    tmpdir, tmpdir, tmpdir);
	assert_string_equal(warnings, want);
	/* The known ones still count. */
	assert_int_equal(c.white.depth, 2);
	assert_false(c.ui.color);

	/* (Added) The nearest known name is suggested. */
	warnings[0] = '\0';
	nwarnings = 0;
	assert_int_equal(load_text("ui = { colour = true; warn = false; };\n"
	    "white = { movetime = 5; };\nclck = 1;\nclock = \"5+3\";\n",
	    &c, err, sizeof err), 0);
	assert_int_equal(nwarnings, 3);
	assert_non_null(strstr(warnings, "unknown setting 'ui.colour' "
	    "(did you mean ui.color?)"));
	assert_non_null(strstr(warnings, "(did you mean white.movetime_ms?)"));
	assert_non_null(strstr(warnings, "(did you mean clock?)"));
	assert_false(c.ui.warn);
	assert_string_equal(c.clock, "5+3");
	assert_int_equal(load_text("clock = 5;\n", &c, err, sizeof err), -1);
	assert_non_null(strstr(err, "clock must be a string"));

	/* NULL warn is allowed. */
	config_defaults(&c);
	assert_true(c.ui.warn);
	assert_string_equal(c.clock, "");
	assert_int_equal(config_load_file(&c, write_file("u.conf",
	    "x = 1;\n"), NULL, err, sizeof err), 0);
}

static void
test_missing_file(void **state)
{
	struct congo_conf c;
	char err[512], want[768];

	(void)state;
	config_defaults(&c);
	snprintf(want, sizeof want, "%s/nope.conf", tmpdir);
	assert_int_equal(config_load_file(&c, want, collect, err, sizeof err),
	    -1);
	assert_non_null(strstr(err, "nope.conf: No such file or directory"));
	assert_int_equal(config_load_file(&c, tmpdir, collect, err, sizeof err),
	    -1);
	assert_non_null(strstr(err, "Is a directory"));
}

static void
test_include(void **state)
{
	struct congo_conf c;
	char err[512], want[768];

	(void)state;
	write_file("inc.conf", "black = {\n  depth = 100;\n};\n");
	assert_int_equal(load_text("@include \"inc.conf\"\n", &c, err,
	    sizeof err), -1);
	snprintf(want, sizeof want, "inc.conf:2: black.depth must be 0..64");
	assert_non_null(strstr(err, want));
}

static void
mkdirs(const char *path)
{
	char cmd[600];

	snprintf(cmd, sizeof cmd, "mkdir -p '%s'", path);
	assert_int_equal(system(cmd), 0);
}

static void
test_search_order(void **state)
{
	struct congo_conf c;
	char err[512], xdg[300], home[300], etc[300], p[400];

	(void)state;
	snprintf(xdg, sizeof xdg, "%s/xdg", tmpdir);
	snprintf(home, sizeof home, "%s/home", tmpdir);
	snprintf(etc, sizeof etc, "%s/etc", tmpdir);
	mkdirs(xdg);
	mkdirs(home);
	mkdirs(etc);
	setenv("XDG_CONFIG_HOME", xdg, 1);
	setenv("HOME", home, 1);

	/* Nothing anywhere: the defaults, no source. */
	c.white.depth = 33;
	assert_int_equal(config_load_from(&c, NULL, etc, collect, err,
	    sizeof err), 0);
	assert_int_equal(c.white.depth, 0);
	assert_string_equal(c.source, "");

	/* The system file. */
	write_file("etc/congo.conf", "white = { depth = 1; };\n");
	assert_int_equal(config_load_from(&c, NULL, etc, collect, err,
	    sizeof err), 0);
	assert_int_equal(c.white.depth, 1);
	snprintf(p, sizeof p, "%s/congo.conf", etc);
	assert_string_equal(c.source, p);

	/* ~/.config when XDG_CONFIG_HOME is unset (or relative). */
	mkdirs(strcat(strcpy(p, home), "/.config/congo"));
	write_file("home/.config/congo/congo.conf", "white = { depth = 2; };\n");
	unsetenv("XDG_CONFIG_HOME");
	assert_int_equal(config_load_from(&c, NULL, etc, collect, err,
	    sizeof err), 0);
	assert_int_equal(c.white.depth, 2);
	setenv("XDG_CONFIG_HOME", "relative/dir", 1);
	assert_int_equal(config_load_from(&c, NULL, etc, collect, err,
	    sizeof err), 0);
	assert_int_equal(c.white.depth, 2);

	/* $XDG_CONFIG_HOME/congo/congo.conf before both, and only it. */
	setenv("XDG_CONFIG_HOME", xdg, 1);
	assert_int_equal(config_load_from(&c, NULL, etc, collect, err,
	    sizeof err), 0);
	assert_int_equal(c.white.depth, 1);	/* no xdg file yet: etc */
	mkdirs(strcat(strcpy(p, xdg), "/congo"));
	write_file("xdg/congo/congo.conf", "black = { depth = 3; };\n");
	assert_int_equal(config_load_from(&c, NULL, etc, collect, err,
	    sizeof err), 0);
	assert_int_equal(c.black.depth, 3);
	assert_int_equal(c.white.depth, 0);	/* etc not read */
	assert_int_equal(config_user_path(p, sizeof p), 0);
	assert_string_equal(c.source, p);

	/* An explicit file before everything. */
	write_file("mine.conf", "black = { depth = 4; };\n");
	snprintf(p, sizeof p, "%s/mine.conf", tmpdir);
	assert_int_equal(config_load_from(&c, p, etc, collect, err,
	    sizeof err), 0);
	assert_int_equal(c.black.depth, 4);
	assert_string_equal(c.source, p);

	/* A missing explicit file is an error; a bad default file too. */
	snprintf(p, sizeof p, "%s/missing.conf", tmpdir);
	assert_int_equal(config_load_from(&c, p, etc, collect, err,
	    sizeof err), -1);
	assert_non_null(strstr(err, "missing.conf: No such file"));
	write_file("xdg/congo/congo.conf", "black = { depth = 300; };\n");
	assert_int_equal(config_load_from(&c, NULL, etc, collect, err,
	    sizeof err), -1);
	assert_non_null(strstr(err, "congo/congo.conf:1: black.depth must be 0..64"));

	/* config_load uses the same order (with the real SYSCONFDIR). */
	write_file("xdg/congo/congo.conf", "black = { depth = 5; };\n");
	assert_int_equal(config_load(&c, NULL, collect, err, sizeof err), 0);
	assert_int_equal(c.black.depth, 5);
	assert_int_equal(nwarnings, 0);
}

static void
test_validators(void **state)
{
	(void)state;
	assert_true(config_name_valid("ann"));
	assert_true(config_name_valid("A-b_c.9"));
	assert_false(config_name_valid(""));
	assert_false(config_name_valid("a b"));
	assert_false(config_name_valid("a=b"));
	assert_false(config_name_valid("\xc3\xa9t\xc3\xa9"));
	assert_true(config_algorithm_valid("alphabeta"));
	assert_true(config_algorithm_valid("negamax"));
	assert_true(config_algorithm_valid("random"));
	assert_false(config_algorithm_valid("human"));
	assert_true(config_server_valid(""));
	assert_true(config_server_valid("congo.example.org"));
	assert_true(config_server_valid("127.0.0.1:7153"));
	assert_true(config_server_valid("[::1]:7154"));
	assert_true(config_server_valid("::1"));
	assert_true(config_server_valid("tls://congo.example.org"));
	assert_true(config_server_valid("tls://h:7154"));
	assert_true(config_server_valid("tls://[::1]"));
	assert_false(config_server_valid("tls://"));
	assert_false(config_server_valid("tls://:7154"));
	assert_false(config_server_valid("h:0"));
	assert_false(config_server_valid("h:65536"));
	assert_false(config_server_valid("h:x"));
	assert_false(config_server_valid("[::1"));
	assert_false(config_server_valid("[::1]x"));
	assert_false(config_server_valid("tcp://h"));
	assert_false(config_server_valid("a b"));

	/* The default player name falls back when $USER is not a name. */
	setenv("USER", "bad name", 1);
	{
		struct congo_conf c;
		config_defaults(&c);
		assert_string_equal(c.network.name, "player");
		setenv("USER", "zoe", 1);
		config_defaults(&c);
		assert_string_equal(c.network.name, "zoe");
	}
}

static void
assert_same_player(const struct player_conf *a, const struct player_conf *b)
{
	assert_string_equal(a->type, b->type);
	assert_string_equal(a->algorithm, b->algorithm);
	assert_string_equal(a->advisor, b->advisor);
	assert_int_equal(a->depth, b->depth);
	assert_int_equal(a->movetime_ms, b->movetime_ms);
	assert_int_equal(a->nodes, b->nodes);
	assert_int_equal(a->threads, b->threads);
	assert_int_equal(a->hash_mb, b->hash_mb);
	assert_int_equal(a->seed, b->seed);
}

/* Every setting (not the source) equal. */
static void
assert_same_conf(const struct congo_conf *a, const struct congo_conf *b)
{
	assert_same_player(&a->white, &b->white);
	assert_same_player(&a->black, &b->black);
	assert_int_equal(a->rules.repetition, b->rules.repetition);
	assert_int_equal(a->rules.quiet_plies, b->rules.quiet_plies);
	assert_int_equal(a->ui.color, b->ui.color);
	assert_int_equal(a->ui.unicode, b->ui.unicode);
	assert_int_equal(a->ui.flip, b->ui.flip);
	assert_int_equal(a->ui.ai_delay_ms, b->ui.ai_delay_ms);
	assert_int_equal(a->ui.mouse, b->ui.mouse);
	assert_string_equal(a->ui.save_dir, b->ui.save_dir);
	assert_string_equal(a->tablebases.path, b->tablebases.path);
	assert_string_equal(a->network.host, b->network.host);
	assert_int_equal(a->network.port, b->network.port);
	assert_string_equal(a->network.account, b->network.account);
	assert_string_equal(a->network.name, b->network.name);
	assert_string_equal(a->server.bind, b->server.bind);
	assert_int_equal(a->server.port, b->server.port);
	assert_string_equal(a->server.db, b->server.db);
	assert_int_equal(a->server.max_connections, b->server.max_connections);
	assert_int_equal(a->server.max_per_address, b->server.max_per_address);
	assert_int_equal(a->server.games_per_minute,
	    b->server.games_per_minute);
	assert_int_equal(a->server.max_observers, b->server.max_observers);
	assert_int_equal(a->server.rated_same_network,
	    b->server.rated_same_network);
	assert_string_equal(a->server.log_level, b->server.log_level);
}

/* The installed sample etc/congo.conf: loads with no warning and sets
 * exactly the defaults (so copying it changes nothing). */
static void
test_sample_file(void **state)
{
	struct congo_conf c, d;
	const char *srcdir = getenv("CONGO_SRCDIR");
	char path[1024], err[512];

	(void)state;
	if (srcdir == NULL)
		srcdir = "..";
	snprintf(path, sizeof path, "%s/etc/congo.conf", srcdir);
	if (access(path, R_OK) != 0) {
		fprintf(stderr, "%s not found: skipped\n", path);
		skip();
	}
	config_defaults(&c);
	config_defaults(&d);
	if (config_load_file(&c, path, collect, err, sizeof err) != 0)
		fail_msg("%s", err);
	assert_int_equal(nwarnings, 0);
	assert_string_equal(c.source, path);
	assert_same_conf(&c, &d);
}


/* rules.variant: congo by default, megapawn when set. */
static void
test_variant(void **state)
{
	struct congo_conf c;
	char err[512];

	(void)state;
	config_defaults(&c);
	assert_string_equal(c.variant, "congo");
	assert_int_equal(load_text("rules = { variant = \"megapawn\"; "
	    "repetition = false; };\n", &c, err, sizeof err), 0);
	assert_string_equal(c.variant, "megapawn");
	assert_false(c.rules.repetition);
	assert_int_equal(c.rules.quiet_plies, 200);
	assert_int_equal(load_text("rules = { variant = \"congo\"; };\n", &c,
	    err, sizeof err), 0);
	assert_string_equal(c.variant, "congo");
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_defaults),
	cmocka_unit_test_setup_teardown(test_good_full, setup, teardown),
	cmocka_unit_test_setup_teardown(test_good_partial, setup, teardown),
	cmocka_unit_test_setup_teardown(test_syntax_error, setup, teardown),
	cmocka_unit_test_setup_teardown(test_type_errors, setup, teardown),
	cmocka_unit_test_setup_teardown(test_range_errors, setup, teardown),
	cmocka_unit_test_setup_teardown(test_value_errors, setup, teardown),
	cmocka_unit_test_setup_teardown(test_variant, setup, teardown),
	cmocka_unit_test_setup_teardown(test_error_changes_nothing, setup,
	    teardown),
	cmocka_unit_test_setup_teardown(test_unknown_settings, setup,
	    teardown),
	cmocka_unit_test_setup_teardown(test_missing_file, setup, teardown),
	cmocka_unit_test_setup_teardown(test_include, setup, teardown),
	cmocka_unit_test_setup_teardown(test_search_order, setup, teardown),
	cmocka_unit_test(test_validators),
	cmocka_unit_test_setup_teardown(test_sample_file, setup, teardown))
