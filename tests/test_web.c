/*
 * test_web.c: the web pages' rendering (src/web, without sockets): what a
 * player wrote, fed as <script> and quotes through every field a page
 * shows, comes out escaped; the board's SVG from a FEN (pieces, river,
 * castles, megapawn's islands); the SSE message's JSON; the rating chart;
 * the script is never inline; correspondence games with their deadlines
 * and the time left (the game page, the live games, a player's games in
 * progress); the tournaments' pages.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web/web.h"
#include "test_main.h"

/* megapawn's islands a4 b4 f4 g4, a bit a square (rank * 7 + file) */
#define MEGAPAWN_ISLANDS ((1ULL << 21) | (1ULL << 22) | (1ULL << 26) | (1ULL << 27))
#define EVIL "<script>alert(\"x\")</script>'&"
#define EVIL_HTML "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;&amp;"
#define EVIL_JSON "\\u003cscript\\u003ealert(\\\"x\\\")\\u003c/script\\u003e'\\u0026"

/* No raw '<script>' anywhere but the page's own tags (the script's file
 * and the JSON block). */
static void
assert_clean(const char *html)
{
	const char *p = html;

	while ((p = strstr(p, "<script")) != NULL) {
		assert_true(strncmp(p, "<script src=\"/static/congo.js\"", 30)
		    == 0 || strncmp(p, "<script type=\"application/json\"",
		    31) == 0);
		p++;
	}
	assert_null(strstr(html, "alert(\"x\")"));
	assert_null(strstr(html, "'&"));
}

static void
evil_row(struct web_game_row *r)
{
	memset(r, 0, sizeof *r);
	snprintf(r->id, sizeof r->id, "%s", "AB<\"'>&");
	snprintf(r->variant, sizeof r->variant, "%s", "<b>\"v'");
	snprintf(r->white, sizeof r->white, "%s", EVIL);
	snprintf(r->black, sizeof r->black, "%s", EVIL);
	snprintf(r->clock, sizeof r->clock, "%s", "<i>'\"");
	snprintf(r->result, sizeof r->result, "%s", "<'\">");
	snprintf(r->reason, sizeof r->reason, "%s", "<script>'\"");
	snprintf(r->wdiff, sizeof r->wdiff, "%s", "<i>'\"");
	r->status = 2;
}

static void
test_escape(void **state)
{
	struct wbuf b;

	(void)state;
	wbuf_init(&b);
	wbuf_html(&b, EVIL);
	assert_string_equal(b.s, EVIL_HTML);
	wbuf_free(&b);
	wbuf_json(&b, "a\"b\\c</script>\n");
	assert_string_equal(b.s, "a\\\"b\\\\c\\u003c/script\\u003e\\u000a");
	wbuf_free(&b);
	assert_true(web_valid_id("ABCD2345"));
	assert_false(web_valid_id("AB/CD"));
	assert_false(web_valid_id(""));
	assert_false(web_valid_id("..%2f"));
	assert_true(web_valid_name("alice_1.x-y"));
	assert_false(web_valid_name("<script>"));
	assert_false(web_valid_name("a b"));
}

static void
test_index(void **state)
{
	struct web_game_row live[2], recent[1];
	struct web_seek_row seek;
	struct web_rating_row top[1];
	struct web_index x;
	struct wbuf b;

	(void)state;
	evil_row(&live[0]);
	evil_row(&live[1]);
	live[1].status = 1;
	evil_row(&recent[0]);
	memset(&seek, 0, sizeof seek);
	snprintf(seek.name, sizeof seek.name, "%s", EVIL);
	snprintf(seek.variant, sizeof seek.variant, "%s", "<v'\">");
	snprintf(seek.clock, sizeof seek.clock, "%s", "<c'\">");
	snprintf(seek.colour, sizeof seek.colour, "%s", "<'\">");
	memset(top, 0, sizeof top);
	snprintf(top[0].name, sizeof top[0].name, "%s", EVIL);
	snprintf(top[0].variant, sizeof top[0].variant, "%s", "<v'\">");
	snprintf(top[0].speed, sizeof top[0].speed, "%s", "<s'\">");
	memset(&x, 0, sizeof x);
	x.live = live;
	x.nlive = 2;
	x.recent = recent;
	x.nrecent = 1;
	x.seeks = &seek;
	x.nseeks = 1;
	x.ncat = 1;
	x.cat[0] = "<cat'\">";
	x.top[0] = top;
	x.ntop[0] = 1;
	x.server = "<srv'\">";
	wbuf_init(&b);
	web_page_index(&b, &x);
	assert_clean(b.s);
	assert_non_null(strstr(b.s, EVIL_HTML));
	assert_non_null(strstr(b.s, "http-equiv=\"refresh\""));
	assert_non_null(strstr(b.s, "&lt;cat&#39;&quot;&gt;"));
	assert_non_null(strstr(b.s, "&lt;srv&#39;&quot;&gt;"));
	/* A human's seek has no title; a bot's has BOT beside its name
	 * (issue 59). */
	assert_null(strstr(b.s, ">BOT<"));
	wbuf_free(&b);
	seek.bot = true;
	wbuf_init(&b);
	web_page_index(&b, &x);
	assert_non_null(strstr(b.s, "<span class=\"title\">BOT</span>"));
	/* The bots list names it once, with its clock. */
	assert_non_null(strstr(b.s, "<ul id=\"bots\">\n<li>"));
	*strstr(strstr(b.s, "<ul id=\"bots\">"), "</ul>") = '\0';
	assert_null(strstr(strstr(b.s, "<ul id=\"bots\">"), "none"));
	wbuf_free(&b);
}

static void
test_game(void **state)
{
	const char *fens[] = {
		"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0 1",
		"gmelecz/ppppppp/7/7/P6/1PPPPPP/GMELECZ b 0 1",
	};
	const char *moves[] = { "<a2a3>'\"" };
	struct web_game g;
	struct wbuf b;

	(void)state;
	memset(&g, 0, sizeof g);
	evil_row(&g.row);
	g.row.status = 1;
	g.timed = true;
	g.wclock = 61000;
	g.bclock = 5000;
	g.running = 1;
	g.nply = 1;
	g.fens = fens;
	g.moves = moves;
	wbuf_init(&b);
	web_page_game(&b, &g);
	assert_clean(b.s);
	assert_non_null(strstr(b.s, EVIL_HTML));
	assert_non_null(strstr(b.s, "&lt;a2a3&gt;&#39;&quot;"));
	/* The JSON block: its strings cannot close the block. */
	assert_non_null(strstr(b.s, "\\u003ca2a3\\u003e'\\\""));
	assert_non_null(strstr(b.s, "<script src=\"/static/congo.js\""));
	assert_non_null(strstr(b.s, "1:01"));
	assert_non_null(strstr(b.s, "0:05"));
	/* The position after a3: white's pawn on a3 (square 14). */
	assert_non_null(strstr(b.s, "<g id=\"sq14\" class=\"w\">"));
	assert_non_null(strstr(b.s, "<g id=\"sq7\" class=\"e\">"));
	/* No title for humans; a bot's seat has BOT beside its name in
	 * the heading (issue 59). */
	assert_null(strstr(b.s, ">BOT<"));
	wbuf_free(&b);
	g.row.bbot = true;
	wbuf_init(&b);
	web_page_game(&b, &g);
	assert_non_null(strstr(b.s, "</a> <span class=\"title\">BOT</span>"
	    "</h1>"));
	g.row.bbot = false;
	wbuf_free(&b);
	wbuf_init(&b);
	web_sse_state(&b, &g, 1);
	assert_string_equal(b.s, "{\"from\":1,\"ply\":1,\"fens\":[\"gmelecz/"
	    "ppppppp/7/7/P6/1PPPPPP/GMELECZ b 0 1\"],\"moves\":[],"
	    "\"timed\":true,\"wclock\":61000,\"bclock\":5000,\"running\":1,"
	    "\"days\":0,\"deadline\":0,\"now\":0,\"status\":1,\"result\":\"\\u003c'\\\"\\u003e\",\"reason\":"
	    "\"\\u003cscript\\u003e'\\\"\",\"white\":\"" EVIL_JSON "\","
	    "\"black\":\"" EVIL_JSON "\",\"wafter\":\"\",\"wdiff\":"
	    "\"\\u003ci\\u003e'\\\"\","
	    "\"bafter\":\"\",\"bdiff\":\"\"}");
	wbuf_free(&b);
}

/* ann against bob after 1. a2a3, going on, with this clock. */
static const char *after_a2a3_fens[] = {
	"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0 1",
	"gmelecz/ppppppp/7/7/P6/1PPPPPP/GMELECZ b 0 1",
};
static const char *after_a2a3_moves[] = { "a2a3" };

static void
after_a2a3(struct web_game *g, const char *clock)
{
	memset(g, 0, sizeof *g);
	snprintf(g->row.white, sizeof g->row.white, "ann");
	snprintf(g->row.black, sizeof g->row.black, "bob");
	snprintf(g->row.clock, sizeof g->row.clock, "%s", clock);
	g->row.status = 1;
	g->nply = 1;
	g->fens = after_a2a3_fens;
	g->moves = after_a2a3_moves;
}

/* What a spectator reads as the terminal shows it (issue 33): the clock
 * "5+3", a provisional rating "1500?", the last move and the side to
 * move, a rated game's rating changes once it is over. */
static void
test_game_info(void **state)
{
	struct web_game g;
	struct wbuf b;

	(void)state;
	after_a2a3(&g, "300+3");
	g.row.wrating = 1500;
	g.row.wprov = true;
	g.row.brating = 1712;
	g.row.rated = true;
	wbuf_init(&b);
	web_page_game(&b, &g);
	assert_non_null(strstr(b.s, "rated, 5+3 &middot;"));
	assert_non_null(strstr(b.s, "ann</a> (1500?)"));
	assert_non_null(strstr(b.s, "bob</a> (1712)</h1>"));
	assert_non_null(strstr(b.s, "<p id=\"turn\">last move 1. a2a3, "
	    "black to move</p>"));
	assert_non_null(strstr(b.s, "<p id=\"rchange\"></p>"));
	wbuf_free(&b);
	snprintf(g.row.clock, sizeof g.row.clock, "30+0");
	g.row.status = 2;
	snprintf(g.row.wafter, sizeof g.row.wafter, "1662");
	snprintf(g.row.wdiff, sizeof g.row.wdiff, "+162");
	snprintf(g.row.bafter, sizeof g.row.bafter, "1690");
	snprintf(g.row.bdiff, sizeof g.row.bdiff, "-22");
	web_page_game(&b, &g);
	assert_non_null(strstr(b.s, "rated, 0.5+0 &middot;"));
	assert_non_null(strstr(b.s, "<p id=\"turn\">last move 1. a2a3</p>"));
	assert_non_null(strstr(b.s, "<p id=\"rchange\">ratings: ann 1662 "
	    "(+162), bob 1690 (-22)</p>"));
	assert_non_null(strstr(b.s, "\"wafter\":\"1662\",\"wdiff\":\"+162\""));
	assert_null(strstr(b.s, "/tournament/"));
	wbuf_free(&b);
	/* A tournament's game links its tournament (issue 60). */
	snprintf(g.tourney, sizeof g.tourney, "TOURN234");
	snprintf(g.tourney_name, sizeof g.tourney_name, "%s", EVIL);
	web_page_game(&b, &g);
	assert_non_null(strstr(b.s, "rated, 0.5+0, tournament <a href=\""
	    "/tournament/TOURN234\">" EVIL_HTML "</a> &middot;"));
	assert_clean(b.s);
	wbuf_free(&b);
}

/* A guest under an account's name (NAME(guest)) links to no player's
 * page; an account's name links to its page. */
static void
test_guest_unlinked(void **state)
{
	const char *fens[] = { "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0 1" };
	struct web_game g;
	struct wbuf b;

	(void)state;
	memset(&g, 0, sizeof g);
	snprintf(g.row.id, sizeof g.row.id, "ABCDEFGH");
	snprintf(g.row.variant, sizeof g.row.variant, "congo");
	snprintf(g.row.white, sizeof g.row.white, "carol(guest)");
	snprintf(g.row.black, sizeof g.row.black, "bob");
	g.row.status = 1;
	g.fens = fens;
	wbuf_init(&b);
	web_page_game(&b, &g);
	assert_non_null(strstr(b.s, "carol(guest)"));
	assert_null(strstr(b.s, "/player/carol"));
	assert_non_null(strstr(b.s, "<a href=\"/player/bob\">bob</a>"));
	wbuf_free(&b);
}

static void
test_board(void **state)
{
	struct wbuf b;

	(void)state;
	wbuf_init(&b);
	assert_int_equal(web_board_svg(&b, "ezclcze/3p3/p1p1p1p/7/P1P1P1P/"
	    "3P3/EZCLCZE w 0 1", MEGAPAWN_ISLANDS), 0);
	/* Islands a4 b4 f4 g4, deep water c4-e4, castles, land. */
	assert_non_null(strstr(b.s, "fill=\"#afaf87\""));
	assert_non_null(strstr(b.s, "fill=\"#0087af\""));
	assert_non_null(strstr(b.s, "fill=\"#d7af87\""));
	assert_non_null(strstr(b.s, "fill=\"#87af87\""));
	assert_non_null(strstr(b.s, "<g id=\"sq3\" class=\"w\"><circle "));
	assert_non_null(strstr(b.s, ">L</text></g>"));
	assert_non_null(strstr(b.s, "<g id=\"sq45\" class=\"b\">"));
	wbuf_free(&b);
	assert_int_equal(web_board_svg(&b, "gmelecz/ppppppp/7/7/7/PPPPPPP/"
	    "GMELECZ w 0 1", 0), 0);
	assert_null(strstr(b.s, "#afaf87"));
	wbuf_free(&b);
	assert_int_equal(web_board_svg(&b, "8/7/7/7/7/7/7 w", 0), -1);
	assert_int_equal(web_board_svg(&b, "7/7/7/7/7/7 w", 0), -1);
	assert_int_equal(web_board_svg(&b, "<script>", 0), -1);
	assert_int_equal(web_board_svg(&b, "", 0), -1);
	wbuf_free(&b);
}

static void
test_player(void **state)
{
	struct web_rating_row r[1];
	struct web_point pts[3] = { { 1, 1500 }, { 2, 1560.7 }, { 3, 1530 } };
	const struct web_point *hist[1] = { pts };
	int nhist[1] = { 3 };
	struct web_game_row g[1];
	struct web_player p;
	struct wbuf b;

	(void)state;
	memset(&p, 0, sizeof p);
	memset(r, 0, sizeof r);
	snprintf(p.name, sizeof p.name, "%s", EVIL);
	snprintf(r[0].name, sizeof r[0].name, "%s", EVIL);
	snprintf(r[0].variant, sizeof r[0].variant, "%s", "<v'\">");
	snprintf(r[0].speed, sizeof r[0].speed, "%s", "<s'\">");
	evil_row(&g[0]);
	p.ratings = r;
	p.nratings = 1;
	p.hist = hist;
	p.nhist = nhist;
	p.games = g;
	p.ngames = 1;
	p.next_before = "<'\">";
	wbuf_init(&b);
	web_page_player(&b, &p);
	assert_clean(b.s);
	assert_non_null(strstr(b.s, "<polyline"));
	assert_non_null(strstr(b.s, "<title>1561</title>"));
	assert_non_null(strstr(b.s, "?before=&lt;&#39;&quot;&gt;"));
	assert_null(strstr(b.s, ">BOT<"));
	wbuf_free(&b);
	/* A bot account's page: BOT beside its name; BOT beside a bot
	 * in its games (issue 59). */
	p.bot = true;
	g[0].wbot = true;
	web_page_player(&b, &p);
	assert_non_null(strstr(b.s, " <span class=\"title\">BOT</span>"
	    "</h1>"));
	assert_non_null(strstr(b.s, "</a> <span class=\"title\">BOT</span>"
	    "</td>"));
	p.bot = false;
	g[0].wbot = false;
	wbuf_free(&b);
	/* Wins, draws, losses; each game's day and clock. */
	p.wins = 3;
	p.draws = 1;
	p.losses = 2;
	g[0].ended = 86400 * 365;                  /* 1971-01-01 */
	snprintf(g[0].clock, sizeof g[0].clock, "180+2");
	web_page_player(&b, &p);
	assert_non_null(strstr(b.s, "3 won, 1 drawn, 2 lost"));
	/* (r[0]: RD 0, established; a provisional one has its ?) */
	assert_non_null(strstr(b.s, "<td>0</td><td>0</td><td>0</td>"));
	r[0].rating = 1662.4;
	r[0].rd = 290;
	wbuf_free(&b);
	web_page_player(&b, &p);
	assert_non_null(strstr(b.s, "<td>1662?</td><td>290</td>"));
	assert_non_null(strstr(b.s, "<tr><td>1971-01-01</td>"));
	assert_non_null(strstr(b.s, "<td>3+2</td>"));
	wbuf_free(&b);
	web_page_error(&b, 404, EVIL);
	assert_clean(b.s);
	wbuf_free(&b);
	web_chart_svg(&b, NULL, 0);
	assert_non_null(strstr(b.s, "no rated games"));
	wbuf_free(&b);
}

/* 2026-11-28T17:17:48Z, and 2 d 14 h 30 min before it (Unix ms). */
#define DEADLINE 1795886268000LL
#define BEFORE 1795661268000LL

static void
left(long long ms, const char *want)
{
	struct wbuf b;

	wbuf_init(&b);
	web_left_text(&b, ms);
	assert_string_equal(b.s, want);
	wbuf_free(&b);
}

/* A correspondence game: its days and deadline on its page (the script's
 * JSON has them, and the page's time), the time left as the terminal
 * shows it; none once it is over. */
static void
test_corr_game(void **state)
{
	struct web_game g;
	struct wbuf b;

	(void)state;
	left(2 * 86400000LL + 14 * 3600000LL + 1, "2 d 14 h");
	left(5 * 3600000LL + 3 * 60000LL, "5 h 03 min");
	left(4 * 60000LL + 8001, "4 min 09 s");
	left(-5, "0 min 00 s");
	after_a2a3(&g, "3d");
	snprintf(g.row.turn, sizeof g.row.turn, "black");
	g.row.days = 3;
	g.row.deadline = DEADLINE;
	g.now = BEFORE;
	wbuf_init(&b);
	web_page_game(&b, &g);
	assert_non_null(strstr(b.s, ", correspondence, 3 days a move "
	    "&middot;"));
	assert_non_null(strstr(b.s, "<p id=\"deadline\">black to move by "
	    "2026-11-28 17:17 UTC, 2 d 14 h left</p>"));
	assert_null(strstr(b.s, "class=\"clocks\""));
	assert_non_null(strstr(b.s, "\"days\":3,\"deadline\":1795886268000,"
	    "\"now\":1795661268000,"));
	wbuf_free(&b);
	g.row.status = 2;
	web_page_game(&b, &g);
	assert_non_null(strstr(b.s, "<p id=\"deadline\"></p>"));
	wbuf_free(&b);
}

/* The live games and a player's games in progress: a correspondence
 * game's days and deadline, a timed game's clocks, an open one waiting. */
static void
test_corr_lists(void **state)
{
	struct web_game_row g[3];
	struct web_index x;
	struct web_player p;
	struct wbuf b;
	int i;

	(void)state;
	memset(g, 0, sizeof g);
	for (i = 0; i < 3; i++) {
		snprintf(g[i].id, sizeof g[i].id, "GAME%d", i);
		snprintf(g[i].variant, sizeof g[i].variant, "congo");
		snprintf(g[i].white, sizeof g[i].white, "ann");
		g[i].status = 1;
	}
	snprintf(g[0].black, sizeof g[0].black, "bob");
	snprintf(g[0].clock, sizeof g[0].clock, "1d");
	snprintf(g[0].turn, sizeof g[0].turn, "white");
	g[0].days = 1;
	g[0].deadline = DEADLINE;
	snprintf(g[1].black, sizeof g[1].black, "cid");
	snprintf(g[1].clock, sizeof g[1].clock, "300+0");
	snprintf(g[1].turn, sizeof g[1].turn, "black");
	g[1].ply = 3;
	g[1].clocks = true;
	g[1].wclock = 298000;
	g[1].bclock = 300000;
	snprintf(g[2].clock, sizeof g[2].clock, "14d");
	g[2].days = 14;
	g[2].status = 0;
	memset(&x, 0, sizeof x);
	x.live = g;
	x.nlive = 2;
	x.now = BEFORE;
	wbuf_init(&b);
	web_page_index(&b, &x);
	assert_non_null(strstr(b.s, "<th>ply</th><th>to move</th></tr>"));
	assert_non_null(strstr(b.s, "<td>1 day</td><td>0</td><td>white to "
	    "move by 2026-11-28 17:17 UTC, 2 d 14 h left</td></tr>"));
	assert_non_null(strstr(b.s, "<td>5+0</td><td>3</td><td>black to "
	    "move, white 4:58, black 5:00</td></tr>"));
	wbuf_free(&b);
	memset(&p, 0, sizeof p);
	snprintf(p.name, sizeof p.name, "ann");
	p.live = g;
	p.nlive = 3;
	p.now = BEFORE;
	web_page_player(&b, &p);
	assert_non_null(strstr(b.s, "<h2>Games in progress</h2>\n<table "
	    "id=\"playing\">"));
	assert_non_null(strstr(b.s, "<td><a href=\"/game/GAME0\">GAME0</a>"
	    "</td><td><a href=\"/player/ann\">ann</a></td><td><a "
	    "href=\"/player/bob\">bob</a></td><td>congo</td><td>1 day</td>"
	    "<td>0</td><td>white to move by 2026-11-28 17:17 UTC, 2 d 14 h "
	    "left</td></tr>"));
	assert_non_null(strstr(b.s, "<td>14 days</td><td>0</td><td>waiting "
	    "for a player</td></tr>"));
	wbuf_free(&b);
	/* None in progress. */
	p.nlive = 0;
	web_page_player(&b, &p);
	assert_non_null(strstr(b.s, "id=\"playing\"><tr><th>game</th>"));
	assert_non_null(strstr(b.s, "<tr><td colspan=\"7\">none</td></tr>"));
	wbuf_free(&b);
}

/* A tournament's rows, every text a player wrote (names) as EVIL. */
static void
evil_tourney(struct web_tourney_row *t, const char *kind, int status)
{
	memset(t, 0, sizeof *t);
	snprintf(t->id, sizeof t->id, "%s", "TOURN234");
	snprintf(t->kind, sizeof t->kind, "%s", kind);
	snprintf(t->name, sizeof t->name, "%s", EVIL);
	snprintf(t->clock, sizeof t->clock, "%s", "180+2");
	snprintf(t->variant, sizeof t->variant, "%s", "<v'\">");
	t->status = status;
	t->start = 1795982400;          /* 2026-11-29 20:00 UTC */
	t->minutes = 60;
	t->rounds = 5;
	t->round = 2;
	t->players = 3;
}

/* The tournaments' pages (issue 60): a hostile name escaped wherever it
 * shows; the standings with an arena's fire and performance or a Swiss's
 * tie-breaks, BOT beside a bot; the games linked, a bye; the page live
 * (its script) until the tournament is finished. */
static void
test_tourney(void **state)
{
	struct web_standing st[2];
	struct web_tpair_row p[2];
	struct web_tourney x;
	struct web_tourney_row rows[8];
	struct web_index ix;
	struct wbuf b;
	int i;

	(void)state;
	memset(st, 0, sizeof st);
	snprintf(st[0].name, sizeof st[0].name, "%s", EVIL);
	snprintf(st[0].points, sizeof st[0].points, "%s", "6");
	st[0].games = 3;
	st[0].fire = true;
	st[0].perf = 1712;
	snprintf(st[1].name, sizeof st[1].name, "%s", "robo");
	snprintf(st[1].points, sizeof st[1].points, "%s", "1.5");
	snprintf(st[1].buchholz, sizeof st[1].buchholz, "%s", "7.5");
	snprintf(st[1].sb, sizeof st[1].sb, "%s", "2.25");
	st[1].bot = true;
	st[1].withdrawn = true;
	memset(p, 0, sizeof p);
	p[0].round = 2;
	snprintf(p[0].game, sizeof p[0].game, "%s", "GAME2345");
	snprintf(p[0].white, sizeof p[0].white, "%s", EVIL);
	snprintf(p[0].black, sizeof p[0].black, "%s", "robo");
	p[0].bbot = true;
	p[0].berserk[0] = true;
	snprintf(p[0].result, sizeof p[0].result, "%s", "1-0");
	snprintf(p[0].reason, sizeof p[0].reason, "%s", "<script>'\"");
	p[1].round = 1;
	snprintf(p[1].white, sizeof p[1].white, "%s", "robo");
	p[1].wbot = true;
	memset(&x, 0, sizeof x);
	evil_tourney(&x.t, "arena", 1);
	x.st = st;
	x.nst = 2;
	x.p = p;
	x.np = 1;
	wbuf_init(&b);
	web_page_tourney(&b, &x);
	assert_clean(b.s);
	assert_non_null(strstr(b.s, "<title>" EVIL_HTML " - Congo</title>"));
	assert_non_null(strstr(b.s, "<h1>" EVIL_HTML "</h1>"));
	assert_non_null(strstr(b.s, "<div id=\"tourney\" data-live=\"1\""));
	assert_non_null(strstr(b.s, "<script src=\"/static/congo.js\""));
	assert_non_null(strstr(b.s, "Arena, <span id=\"tstatus\">running"));
	assert_non_null(strstr(b.s, "2026-11-29 20:00 UTC, 60 minutes, "
	    "3+2, &lt;v&#39;&quot;&gt;, casual"));
	assert_non_null(strstr(b.s, "<th>performance</th>"));
	assert_null(strstr(b.s, "Buchholz"));
	assert_non_null(strstr(b.s, "<tr><td>1</td><td><a href=\"/player/"
	    EVIL_HTML "\">" EVIL_HTML "</a> <span class=\"fire\""));
	assert_non_null(strstr(b.s, "<td class=\"points\">6</td><td>3</td>"
	    "<td>1712</td>"));
	assert_non_null(strstr(b.s, "robo</a> <span class=\"title\">BOT"
	    "</span> <i>(withdrawn)</i>"));
	assert_non_null(strstr(b.s, "<a href=\"/game/GAME2345\">"));
	assert_non_null(strstr(b.s, "<span class=\"berserk\">berserk</span>"));
	assert_non_null(strstr(b.s, "1-0 (&lt;script&gt;&#39;&quot;)"));
	assert_null(strstr(b.s, "the newest"));
	wbuf_free(&b);
	/* More games than shown: it says so. */
	x.ngames = 250;
	wbuf_init(&b);
	web_page_tourney(&b, &x);
	assert_non_null(strstr(b.s, "<p>the newest 1 of 250 games</p>"));
	wbuf_free(&b);
	x.ngames = 0;
	/* A Swiss, finished: its tie-breaks, rounds, a bye; no script. */
	evil_tourney(&x.t, "swiss", 2);
	x.np = 2;
	wbuf_init(&b);
	web_page_tourney(&b, &x);
	assert_clean(b.s);
	assert_null(strstr(b.s, "congo.js"));
	assert_non_null(strstr(b.s, "data-live=\"0\""));
	assert_non_null(strstr(b.s, "round 2 of 5"));
	assert_non_null(strstr(b.s, "<th>Buchholz</th><th>SB</th>"));
	assert_non_null(strstr(b.s, "<td class=\"points\">1.5</td><td>0</td>"
	    "<td>7.5</td><td>2.25</td>"));
	assert_non_null(strstr(b.s, "<tr><td>1</td><td></td><td><a href=\""
	    "/player/robo\">robo</a> <span class=\"title\">BOT</span></td>"
	    "<td></td><td class=\"result\">bye</td></tr>"));
	wbuf_free(&b);
	/* The list: all of them on /tournaments, five finished on the
	 * front page. */
	for (i = 0; i < 8; i++)
		evil_tourney(&rows[i], "arena", i == 0 ? 1 : 2);
	wbuf_init(&b);
	web_page_tourneys(&b, rows, 8);
	assert_clean(b.s);
	for (i = 0; strstr(b.s, "<tr class=\"t2\">") != NULL &&
	    i < 8; i++)
		*strstr(b.s, "<tr class=\"t2\">") = '_';
	assert_int_equal(i, 7);
	assert_non_null(strstr(b.s, "<a href=\"/tournament/TOURN234\">"
	    EVIL_HTML "</a>"));
	wbuf_free(&b);
	memset(&ix, 0, sizeof ix);
	ix.tourneys = rows;
	ix.ntourneys = 8;
	wbuf_init(&b);
	web_page_index(&b, &ix);
	assert_clean(b.s);
	for (i = 0; strstr(b.s, "<tr class=\"t2\">") != NULL &&
	    i < 8; i++)
		*strstr(b.s, "<tr class=\"t2\">") = '_';
	assert_int_equal(i, 5);
	assert_non_null(strstr(b.s, "<tr class=\"t1\"><td><a href=\""
	    "/tournament/TOURN234\">"));
	assert_non_null(strstr(b.s, "<a href=\"/tournaments\">"));
	wbuf_free(&b);
	/* None. */
	wbuf_init(&b);
	web_page_tourneys(&b, rows, 0);
	assert_non_null(strstr(b.s, "<td colspan=\"8\">none</td>"));
	wbuf_free(&b);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_escape),
	cmocka_unit_test(test_index),
	cmocka_unit_test(test_game),
	cmocka_unit_test(test_game_info),
	cmocka_unit_test(test_guest_unlinked),
	cmocka_unit_test(test_board),
	cmocka_unit_test(test_player),
	cmocka_unit_test(test_corr_game),
	cmocka_unit_test(test_corr_lists),
	cmocka_unit_test(test_tourney))
