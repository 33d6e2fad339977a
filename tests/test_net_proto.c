/*
 * test_net_proto.c: the CGP/1 line parser, formatter and value checks.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "net/proto/proto.h"
#include "test_main.h"

/* the last parse's reason */
static char err[160];

static int
parse(const char *line, struct cgp_cmd *c)
{

	return cgp_parse(line, strlen(line), c, err, sizeof err);
}

static void
test_every_verb(void **state)
{
	static const struct {
		const char *line;
		enum cgp_verb verb;
	} cases[] = {
		{ "HELLO CGP/1 client=congo/0.1", CGP_V_HELLO },
		{ "CREATE seat=white name=ann", CGP_V_CREATE },
		{ "JOIN game=K7QF2MZA seat=black name=bob", CGP_V_JOIN },
		{ "REJOIN game=K7QF2MZA token=M3Q7XK2V9R4T4ZB6PD6WCN5HJA since=3",
		    CGP_V_REJOIN },
		{ "MOVE game=K7QF2MZA ply=0 move=c2c3", CGP_V_MOVE },
		{ "RESIGN game=K7QF2MZA", CGP_V_RESIGN },
		{ "DRAW game=K7QF2MZA action=offer", CGP_V_DRAW },
		{ "OBSERVE game=K7QF2MZA since=0", CGP_V_OBSERVE },
		{ "STATE game=K7QF2MZA", CGP_V_STATE },
		{ "LIST status=open limit=10", CGP_V_LIST },
		{ "HISTORY game=K7QF2MZA from=4", CGP_V_HISTORY },
		{ "PING abc", CGP_V_PING },
		{ "PONG abc", CGP_V_PONG },
		{ "QUIT", CGP_V_QUIT },
		{ "CANCEL game=K7QF2MZA", CGP_V_CANCEL },
		{ "CLAIM game=K7QF2MZA", CGP_V_CLAIM },
		{ "REMATCH game=K7QF2MZA", CGP_V_REMATCH },
		{ "SAY game=K7QF2MZA :hello", CGP_V_SAY },
		{ "move game=K7QF2MZA ply=0 move=c2c3", CGP_V_MOVE },
	};
	struct cgp_cmd c;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		assert_int_equal(parse(cases[i].line, &c), 0);
		assert_int_equal(c.verb, cases[i].verb);
		assert_string_equal(c.tag, "*");
	}
	assert_int_equal(parse("HELLO CGP/1 client=x", &c), 0);
	assert_int_equal(c.nargs, 1);
	assert_string_equal(c.args[0], "CGP/1");
	assert_string_equal(cgp_get(&c, "client"), "x");
	assert_null(cgp_get(&c, "other"));
	assert_string_equal(cgp_verb_name(CGP_V_HISTORY), "HISTORY");
}

/* A word starting with ':' starts a text that runs to the end, spaces,
 * colons and '=' included; in a server line, an event's too (SAID). */
static void
test_text(void **state)
{
	struct cgp_cmd c;
	struct cgp_msg m;
	const char *ev = "EV K7QF2MZA 3 SAID side=white :good  game: a=b";

	(void)state;
	assert_int_equal(parse("#t SAY game=K7QF2MZA :good  game: a=b ", &c),
	    0);
	assert_int_equal(c.verb, CGP_V_SAY);
	assert_string_equal(c.tag, "#t");
	assert_int_equal(c.nkv, 1);
	assert_int_equal(c.nargs, 0);
	assert_string_equal(c.text, "good  game: a=b ");
	assert_int_equal(parse("SAY game=K7QF2MZA :", &c), 0);
	assert_string_equal(c.text, "");
	assert_int_equal(parse("SAY game=K7QF2MZA", &c), 0);
	assert_null(c.text);
	/* A colon inside a word is no text. */
	assert_int_equal(parse("SAY game=K7:QF2MZA", &c), 0);
	assert_null(c.text);
	assert_string_equal(cgp_get(&c, "game"), "K7:QF2MZA");
	assert_int_equal(cgp_parse_msg(ev, strlen(ev), &m, NULL, 0), 0);
	assert_int_equal(m.type, CGP_M_EV);
	assert_string_equal(m.verb, "SAID");
	assert_string_equal(cgp_msg_get(&m, "side"), "white");
	assert_string_equal(m.text, "good  game: a=b");
}

/* A SAY's and a SAID's text is UTF-8 without control characters, at most
 * 200 bytes (PROTOCOL.md, issue 34): other bytes than printable ASCII
 * there only, and each problem named. */
static void
test_text_utf8(void **state)
{
	struct cgp_cmd c;
	struct cgp_msg m;
	char big[260];
	const char *said = "EV K7QF2MZA 3 SAID side=white :caf\xc3\xa9 \xe2\x99"
	    "\x9e";
	const char *bad_ev = "EV K7QF2MZA 3 MOVE ply=0 move=c2c3 :\xc3\xa9";
	const char *bad_ok = "OK #t SAY x=\xc3\xa9";
	const char *cut = "EV K7QF2MZA 3 SAID side=white :caf\xc3";

	(void)state;
	assert_int_equal(parse("SAY game=K7QF2MZA :caf\xc3\xa9 \xf0\x9f\x99\x82",
	    &c), 0);
	assert_string_equal(c.text, "caf\xc3\xa9 \xf0\x9f\x99\x82");
	/* not in another verb, nor before a SAY's text */
	assert_int_equal(parse("MOVE game=K7QF2MZA :\xc3\xa9", &c),
	    CGP_BAD_SYNTAX);
	assert_non_null(strstr(err, "printable ASCII"));
	assert_int_equal(parse("SAY game=K7QF\xc3\xa9 :x", &c), CGP_BAD_SYNTAX);
	/* named: not UTF-8, a C0 or C1 control, too long */
	assert_int_equal(parse("SAY game=K7QF2MZA :ab\xc3", &c), CGP_BAD_SYNTAX);
	assert_string_equal(err, "a SAY's text is UTF-8: byte 3 is not");
	assert_int_equal(parse("SAY game=K7QF2MZA :a\xc0\x80", &c),
	    CGP_BAD_SYNTAX);
	assert_int_equal(parse("SAY game=K7QF2MZA :a\tb", &c), CGP_BAD_SYNTAX);
	assert_string_equal(err, "a SAY's text has no control characters: "
	    "U+0009 at byte 2");
	assert_int_equal(parse("SAY game=K7QF2MZA :a\xc2\x9b", &c),
	    CGP_BAD_SYNTAX);
	assert_non_null(strstr(err, "U+009B at byte 2"));
	assert_int_equal(parse("SAY game=K7QF2MZA :\x7f\xc3\xa9", &c),
	    CGP_BAD_SYNTAX);
	assert_non_null(strstr(err, "U+007F at byte 1"));
	snprintf(big, sizeof big, "SAY game=K7QF2MZA :%0201d", 0);
	assert_int_equal(parse(big, &c), CGP_BAD_SYNTAX);
	assert_string_equal(err, "a SAY's text is at most 200 bytes, not 201");
	assert_int_equal(cgp_text_check("\xe2\x99\x9e", 3, NULL, 0), 0);
	assert_int_equal(cgp_text_check("a\0b", 3, NULL, 0), CGP_BAD_SYNTAX);
	/* the client's side: a SAID's text only */
	assert_int_equal(cgp_parse_msg(said, strlen(said), &m, NULL, 0), 0);
	assert_string_equal(m.text, "caf\xc3\xa9 \xe2\x99\x9e");
	assert_int_equal(cgp_parse_msg(bad_ev, strlen(bad_ev), &m, NULL, 0),
	    -1);
	assert_int_equal(cgp_parse_msg(bad_ok, strlen(bad_ok), &m, NULL, 0),
	    -1);
	assert_int_equal(cgp_parse_msg(cut, strlen(cut), &m, NULL, 0), -1);
}

static void
test_key_values(void **state)
{
	struct cgp_cmd c;

	(void)state;
	assert_int_equal(parse("#t-1_x   MOVE  game=ABCDEFGH ply=12 "
	    "move=b1d3f5 extra=a=b", &c), 0);
	assert_string_equal(c.tag, "#t-1_x");
	assert_int_equal(c.verb, CGP_V_MOVE);
	assert_string_equal(c.verb_text, "MOVE");
	assert_int_equal(c.nkv, 4);
	assert_string_equal(cgp_get(&c, "game"), "ABCDEFGH");
	assert_string_equal(cgp_get(&c, "ply"), "12");
	assert_string_equal(cgp_get(&c, "move"), "b1d3f5");
	assert_string_equal(cgp_get(&c, "extra"), "a=b");
	/* An empty value is a value. */
	assert_int_equal(parse("LIST status=", &c), 0);
	assert_string_equal(cgp_get(&c, "status"), "");
}

static void
test_empty_lines(void **state)
{
	struct cgp_cmd c;

	(void)state;
	assert_int_equal(parse("", &c), 0);
	assert_int_equal(c.verb, CGP_V_UNKNOWN);
	assert_string_equal(c.verb_text, "");
	assert_int_equal(parse("     ", &c), 0);
	assert_int_equal(c.verb, CGP_V_UNKNOWN);
}

static void
test_syntax_errors(void **state)
{
	struct cgp_cmd c;
	char line[64];

	(void)state;
	/* Unknown verb: 405, and the tag is echoed. */
	assert_int_equal(parse("#a1 FROB x=1", &c), CGP_UNKNOWN_COMMAND);
	assert_string_equal(c.tag, "#a1");
	assert_int_equal(parse("#a1", &c), CGP_BAD_SYNTAX);
	assert_int_equal(parse("# MOVE", &c), CGP_BAD_SYNTAX);
	assert_string_equal(c.tag, "*");
	assert_int_equal(parse("#12345678901234567 MOVE", &c), CGP_BAD_SYNTAX);
	assert_int_equal(parse("#1234567890123456 QUIT", &c), 0);
	assert_int_equal(parse("#a.b QUIT", &c), CGP_BAD_SYNTAX);
	assert_int_equal(parse("MOVE =x", &c), CGP_BAD_SYNTAX);
	assert_int_equal(parse("MOVE a=1 a=2", &c), CGP_BAD_SYNTAX);
	assert_int_equal(parse("MOVE game=X\tply=1", &c), CGP_BAD_SYNTAX);
	assert_int_equal(parse("MOVE a=\x80", &c), CGP_BAD_SYNTAX);
	assert_int_equal(parse("MOVE a=\x7f", &c), CGP_BAD_SYNTAX);
	memcpy(line, "MOVE a\0b", 8);
	assert_int_equal(cgp_parse(line, 8, &c, NULL, 0), CGP_BAD_SYNTAX);
	assert_int_equal(parse("PING a b c d e", &c), CGP_BAD_SYNTAX);
}

static void
test_limits(void **state)
{
	struct cgp_cmd c;
	char line[CGP_LINE_MAX + 8];
	char err[128];
	int i;

	(void)state;
	/* 511 bytes plus the LF is the longest line. */
	memset(line, 'a', sizeof line);
	memcpy(line, "PING ", 5);
	line[CGP_LINE_MAX - 1] = '\0';
	assert_int_equal(cgp_parse(line, CGP_LINE_MAX - 1, &c, err,
	    sizeof err), 0);
	assert_int_equal(strlen(c.args[0]), CGP_LINE_MAX - 6);
	line[CGP_LINE_MAX - 1] = 'a';
	assert_int_equal(cgp_parse(line, CGP_LINE_MAX, &c, err, sizeof err),
	    CGP_LINE_TOO_LONG);
	assert_non_null(strstr(err, "512"));
	/* 32 parameters are fine, 33 are not. */
	strcpy(line, "LIST");
	for (i = 0; i < CGP_MAX_KV; i++)
		sprintf(line + strlen(line), " k%d=1", i);
	assert_int_equal(parse(line, &c), 0);
	assert_int_equal(c.nkv, CGP_MAX_KV);
	strcat(line, " z=1");
	assert_int_equal(parse(line, &c), CGP_BAD_SYNTAX);
	/* Many words in total. */
	strcpy(line, "LIST");
	for (i = 0; i < 100; i++)
		strcat(line, " a");
	assert_int_equal(parse(line, &c), CGP_BAD_SYNTAX);
}

static void
test_format(void **state)
{
	struct cgp_out o;

	(void)state;
	cgp_out_ok(&o, "#1", "CREATE");
	cgp_out_kv(&o, "game", "K7QF2MZA");
	cgp_out_kvi(&o, "n", 3);
	assert_string_equal(cgp_out_end(&o), "OK #1 CREATE game=K7QF2MZA n=3\n");
	assert_int_equal(o.len, strlen(o.buf));

	cgp_out_err(&o, "*", CGP_WRONG_PLY);
	cgp_out_kvi(&o, "current", 7);
	cgp_out_text(&o, "ply\x01 7");
	assert_string_equal(cgp_out_end(&o),
	    "ERR * 412 WRONG_PLY current=7 :ply? 7\n");

	cgp_out_ev(&o, "K7QF2MZA", 4, "MOVE");
	cgp_out_kvi(&o, "ply", 3);
	cgp_out_kv(&o, "side", "black");
	assert_string_equal(cgp_out_end(&o),
	    "EV K7QF2MZA 4 MOVE ply=3 side=black\n");

	cgp_out_item(&o, "#x");
	cgp_out_kv(&o, "game", "AAAAAAAA");
	assert_string_equal(cgp_out_end(&o), "ITEM #x game=AAAAAAAA\n");

	cgp_out_begin(&o, "PING");
	cgp_out_word(&o, "w1");
	assert_string_equal(cgp_out_end(&o), "PING w1\n");
}

static void
test_format_truncates(void **state)
{
	struct cgp_out o;
	char big[3000];

	(void)state;
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	cgp_out_ok(&o, "*", "LIST");
	cgp_out_kv(&o, "a", big);
	cgp_out_end(&o);
	assert_true(o.len <= sizeof o.buf - 1);
	assert_int_equal(o.buf[o.len - 1], '\n');
}

static void
test_every_code_has_a_name(void **state)
{
	static const int codes[] = { 400, 401, 403, 404, 405, 409, 410, 412,
		413, 420, 422, 425, 426, 428, 429, 500, 503, 505, 507 };
	static const char *const names[] = { "BAD_SYNTAX", "BAD_TOKEN",
		"NOT_YOUR_SEAT", "NO_SUCH_GAME", "UNKNOWN_COMMAND",
		"SEAT_TAKEN", "GAME_OVER", "WRONG_PLY", "LINE_TOO_LONG",
		"NOT_YOUR_TURN", "ILLEGAL_MOVE", "NOT_STARTED",
		"HELLO_REQUIRED", "CLAIM_TOO_EARLY", "RATE_LIMITED",
		"INTERNAL", "BUSY",
		"VERSION_UNSUPPORTED", "STORAGE_FAILED" };
	struct cgp_out o;
	char want[64];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
		assert_string_equal(cgp_code_name(codes[i]), names[i]);
		cgp_out_err(&o, "#t", codes[i]);
		snprintf(want, sizeof want, "ERR #t %d %s\n", codes[i],
		    names[i]);
		assert_string_equal(cgp_out_end(&o), want);
	}
	assert_null(cgp_code_name(418));
}

static void
test_server_lines(void **state)
{
	struct cgp_msg m;
	char err[64];
	const char *l;

	(void)state;
	l = "OK #1 CREATE game=K7QF2MZA seat=white token=X";
	assert_int_equal(cgp_parse_msg(l, strlen(l), &m, err, sizeof err), 0);
	assert_int_equal(m.type, CGP_M_OK);
	assert_string_equal(m.tag, "#1");
	assert_string_equal(m.verb, "CREATE");
	assert_string_equal(cgp_msg_get(&m, "seat"), "white");

	l = "ERR #2 412 WRONG_PLY current=5 :move for ply 4: it is ply 5";
	assert_int_equal(cgp_parse_msg(l, strlen(l), &m, err, sizeof err), 0);
	assert_int_equal(m.type, CGP_M_ERR);
	assert_int_equal(m.code, 412);
	assert_string_equal(m.name, "WRONG_PLY");
	assert_string_equal(cgp_msg_get(&m, "current"), "5");
	assert_string_equal(m.text, "move for ply 4: it is ply 5");

	l = "ERR * 404 NO_SUCH_GAME";
	assert_int_equal(cgp_parse_msg(l, strlen(l), &m, err, sizeof err), 0);
	assert_string_equal(m.text, "");

	l = "EV K7QF2MZA 12 MOVE ply=11 side=black move=b7b6 fen=x_b";
	assert_int_equal(cgp_parse_msg(l, strlen(l), &m, err, sizeof err), 0);
	assert_int_equal(m.type, CGP_M_EV);
	assert_string_equal(m.game, "K7QF2MZA");
	assert_int_equal(m.seq, 12);
	assert_string_equal(m.verb, "MOVE");
	assert_string_equal(cgp_msg_get(&m, "fen"), "x_b");

	l = "ITEM #l game=AAAAAAAA status=open";
	assert_int_equal(cgp_parse_msg(l, strlen(l), &m, err, sizeof err), 0);
	assert_int_equal(m.type, CGP_M_ITEM);

	l = "PING k3";
	assert_int_equal(cgp_parse_msg(l, strlen(l), &m, err, sizeof err), 0);
	assert_int_equal(m.type, CGP_M_PING);
	assert_string_equal(m.word, "k3");

	l = "HELLO CGP/1 server=congo-server/0.1";
	assert_int_equal(cgp_parse_msg(l, strlen(l), &m, err, sizeof err), 0);
	assert_int_equal(m.type, CGP_M_HELLO);
	assert_string_equal(m.verb, "CGP/1");

	l = "WHAT now";
	assert_int_equal(cgp_parse_msg(l, strlen(l), &m, err, sizeof err), -1);
	l = "EV K7QF2MZA x MOVE";
	assert_int_equal(cgp_parse_msg(l, strlen(l), &m, err, sizeof err), -1);
	l = "OK #1";
	assert_int_equal(cgp_parse_msg(l, strlen(l), &m, err, sizeof err), -1);
	l = "OK #1 X y";
	assert_int_equal(cgp_parse_msg(l, strlen(l), &m, err, sizeof err), -1);
}

static void
test_values(void **state)
{
	char fen[CGP_FEN_MAX], wire[CGP_FEN_MAX];

	(void)state;
	assert_true(cgp_valid_game("K7QF2MZA"));
	assert_false(cgp_valid_game("K7QF2MZ"));
	assert_false(cgp_valid_game("K7QF2MZAB"));
	assert_false(cgp_valid_game("K7QF2MZ1"));
	assert_false(cgp_valid_game("k7qf2mza"));
	assert_false(cgp_valid_game(NULL));
	assert_true(cgp_valid_token("M3Q7XK2V9R4T4ZB6PD6WCN5HJA") == false);
	assert_true(cgp_valid_token("M3Q7XK2VZR4T4ZB6PD6WCN5HJA"));
	assert_false(cgp_valid_token("M3Q7XK2VZR4T4ZB6PD6WCN5HJ"));

	assert_int_equal(cgp_seat_parse("white"), 0);
	assert_int_equal(cgp_seat_parse("black"), 1);
	assert_int_equal(cgp_seat_parse("White"), -1);
	assert_int_equal(cgp_seat_parse(NULL), -1);
	assert_string_equal(cgp_seat_name(1), "black");

	assert_true(cgp_valid_move("c2c3"));
	assert_true(cgp_valid_move("B1D3F5"));
	assert_true(cgp_valid_move("a1a3a1a3a1a3a1a3a1a3a1a3a1a3a1"));
	assert_false(cgp_valid_move("a1a3a1a3a1a3a1a3a1a3a1a3a1a3a1a3"));
	assert_false(cgp_valid_move("c2"));
	assert_false(cgp_valid_move("c2c"));
	assert_false(cgp_valid_move("h2c3"));
	assert_false(cgp_valid_move("c8c3"));
	assert_false(cgp_valid_move("c0c3"));
	assert_false(cgp_valid_move(""));

	assert_true(cgp_valid_name("ann"));
	assert_true(cgp_valid_name("a.b-c_9"));
	assert_false(cgp_valid_name("-"));
	assert_false(cgp_valid_name(""));
	assert_false(cgp_valid_name("a:b"));
	assert_false(cgp_valid_name("abcdefghijabcdefghijabcdefghijab"));
	assert_true(cgp_valid_name("abcdefghijabcdefghijabcdefghija"));

	assert_int_equal(cgp_parse_num("0", 10), 0);
	assert_int_equal(cgp_parse_num("10", 10), 10);
	assert_int_equal(cgp_parse_num("11", 10), -1);
	assert_int_equal(cgp_parse_num("-1", 10), -1);
	assert_int_equal(cgp_parse_num("1x", 10), -1);
	assert_int_equal(cgp_parse_num("", 10), -1);
	assert_int_equal(cgp_parse_num("99999999999999999999", 10), -1);

	assert_int_equal(cgp_fen_from_wire(
	    "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ_w_0_1", fen, sizeof fen), 0);
	assert_string_equal(fen, "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0 1");
	cgp_fen_to_wire(fen, wire, sizeof wire);
	assert_string_equal(wire, "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ_w_0_1");
	assert_int_equal(cgp_fen_from_wire(
	    "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ/w/-1", fen, sizeof fen), 0);
	assert_int_equal(cgp_fen_from_wire("a;b", fen, sizeof fen), -1);
	assert_int_equal(cgp_fen_from_wire("", fen, sizeof fen), -1);
}

static void
test_upcase(void **state)
{
	char s[] = "k7qf2mza";

	(void)state;
	cgp_upcase(s);
	assert_string_equal(s, "K7QF2MZA");
	assert_true(cgp_valid_game(s));
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_every_verb),
	cmocka_unit_test(test_key_values),
	cmocka_unit_test(test_text),
	cmocka_unit_test(test_text_utf8),
	cmocka_unit_test(test_empty_lines),
	cmocka_unit_test(test_syntax_errors),
	cmocka_unit_test(test_limits),
	cmocka_unit_test(test_format),
	cmocka_unit_test(test_format_truncates),
	cmocka_unit_test(test_every_code_has_a_name),
	cmocka_unit_test(test_server_lines),
	cmocka_unit_test(test_values),
	cmocka_unit_test(test_upcase))
