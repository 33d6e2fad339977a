/*
 * test_net_pg_mine.c: an account's games, challenges and blocks on two
 * servers sharing PostgreSQL (issue 36). Games and challenges made on A
 * are B's to list (GAMES mine=yes, CHALLENGES), to tell at a LOGIN there
 * and to count against the ten challenges an account may have standing,
 * although B never held them (a challenge's notice names its account: B,
 * with nobody logged in as it, reads nothing then): B reads them from the
 * store. A seek
 * of an account on A that blocks another is never paired with that
 * other's seek on B, whichever server pairs.
 */
#include "test_net_pg.h"

/* A new connection to port from network net (hello_from), REGISTERed as
 * name and logged in; its key into key (40 bytes). */
static struct tc *
member(int port, unsigned net, const char *name, char *key)
{
	struct tc *c = hello_from(port, net);

	tc_send(c, "#r REGISTER name=%s", name);
	assert_non_null(tc_wait(c, "OK #r REGISTER", T));
	tc_val(c->line, "key", key, 40);
	tc_send(c, "#l LOGIN name=%s key=%s", name, key);
	ok(c, "#l");
	return c;
}

static struct tc *
login(int port, unsigned net, const char *name, const char *key)
{
	struct tc *c = hello_from(port, net);

	tc_send(c, "#l LOGIN name=%s key=%s", name, key);
	ok(c, "#l");
	return c;
}


/* line holds text (else the test fails, showing the line). */
static const char *
has(const char *line, const char *text)
{
	if (line == NULL || strstr(line, text) == NULL)
		fail_msg("wanted '%s' in '%s'", text, line != NULL ? line :
		    "(nothing)");
	return line;
}

void
test_mine_across(void **state)
{
	struct tc *ann, *bob, *carl, *b;
	char ka[40], kb[40], kc[40], a[16], c[16], want[160];
	const char *l;
	int i;

	(void)state;
	ann = member(port_a, 150, "mnann", ka);
	bob = member(port_a, 151, "mnbob", kb);
	carl = member(port_a, 152, "mncarl", kc);
	/* On A: ten challenges of mnann's (her network's ten games a
	 * minute), a game of hers (her turn), and mncarl's challenge to
	 * her. */
	for (i = 0; i < 10; i++) {
		tc_send(ann, "#c%d CHALLENGE name=mnbob clock=300+0", i);
		snprintf(want, sizeof want, "#c%d", i);
		ok(ann, want);
	}
	tc_send(bob, "#g CREATE seat=black days=3");
	assert_non_null(l = tc_wait(bob, "OK #g CREATE game=", T));
	tc_val(l, "game", a, sizeof a);
	tc_send(ann, "#j JOIN game=%s seat=white", a);
	ok(ann, "#j");
	tc_send(carl, "#c CHALLENGE name=mnann days=2 color=black");
	assert_non_null(l = tc_wait(carl, "OK #c CHALLENGE game=", T));
	tc_val(l, "game", c, sizeof c);
	/* B was told of the challenge (A's notice, naming mnann), but with
	 * nobody logged in as mnann there it did not read it. */

	/* mnann on B: told of mncarl's challenge at her LOGIN. */
	b = login(port_b, 153, "mnann", ka);
	snprintf(want, sizeof want, "EV %s 0 CHALLENGED from=mncarl ", c);
	assert_non_null(l = tc_wait(b, want, T));
	has(l, " days=2 rated=no seat=white");
	/* Her games there: a first (her turn, its deadline), then her ten
	 * open challenges and mncarl's to her (white=- black=mncarl). */
	tc_send(b, "#m GAMES mine=yes");
	has(reply(b, "#m"), "OK #m GAMES n=12");
	assert_non_null(l = tc_wait(b, "ITEM #m ", T));
	snprintf(want, sizeof want, "ITEM #m game=%s variant=congo "
	    "white=mnann black=mnbob status=active turn=white yourturn=1 "
	    "deadline=", a);
	has(l, want);
	for (i = 0; i < 11; i++) {
		assert_non_null(l = tc_wait(b, "ITEM #m ", T));
		assert_non_null(strstr(l, " white=mnann black=- status=open ") ?
		    l : strstr(l, " white=- black=mnann status=open ") ? l :
		    strstr(l, " white=- black=mncarl status=open "));
	}
	/* Her challenges: her ten and mncarl's; an eleventh of hers is
	 * refused on B as it is on A. */
	tc_send(b, "#s CHALLENGES");
	has(reply(b, "#s"), "OK #s CHALLENGES n=11");
	tc_send(b, "#x CHALLENGE name=mnbob clock=300+0");
	has(has(reply(b, "#x"), "ERR #x 429 "), "standing challenges");
	/* Declined on B (read there), ended for all. */
	tc_send(b, "#d CANCEL game=%s", c);
	ok(b, "#d");
	assert_non_null(ev2(carl, c, " RESULT result=- reason=declined"));
	tc_free(b);
	tc_free(ann);
	tc_free(bob);
	tc_free(carl);
}

/* x's seek id must still stand: UNSEEK takes it (a paired one is 404). */
static void
unpaired(struct tc *x, const char *id)
{
	tc_send(x, "#u UNSEEK seek=%s", id);
	has(reply(x, "#u"), "OK #u UNSEEK");
}

/* A third seek, y's on clock clock+2 (white, as x's seek sx), pairs with
 * p's; x's stays unpaired. */
static void
third_pairs(struct tc *y, const char *yname, struct tc *p, const char *pname,
    int clock, struct tc *x, const char *sx)
{
	char sy[16], gp[16], gy[16];

	tc_send(y, "#s SEEK clock=%d+2 color=white", clock);
	seek_of(y, sy, sizeof sy);
	paired_into(y, yname, gy);
	paired_into(p, pname, gp);
	assert_string_equal(gp, gy);
	unpaired(x, sx);
}

/*
 * blkpam on A blocks blkxan and seeks; blkxan's seek on B, the newer, is
 * B's to pair (of two servers the one with the newer seek pairs): B reads
 * blkpam's blocks and leaves them unpaired, as A does. A third seek, on A,
 * pairs with blkpam's (white, as blkxan's: only with blkpam's).
 */
void
test_block_seek_across(void **state)
{
	struct tc *p, *x, *y;
	char kp[40], kx[40], ky[40], sp[16], sx[16];

	(void)state;
	p = member(port_a, 160, "blkpam", kp);
	x = member(port_b, 161, "blkxan", kx);
	y = member(port_a, 162, "blkyod", ky);
	tc_send(p, "#b BLOCK name=blkxan");
	ok(p, "#b");
	tc_send(p, "#s SEEK clock=171+2");
	seek_of(p, sp, sizeof sp);
	assert_true(seek_listed(x, sp));
	tc_send(x, "#s SEEK clock=171+2 color=white");
	seek_of(x, sx, sizeof sx);
	/* Both servers know both (A the newer from B's notice). */
	assert_true(seek_listed(p, sx));
	third_pairs(y, "blkyod", p, "blkpam", 171, x, sx);
	tc_free(p);
	tc_free(x);
	tc_free(y);
}

/*
 * A block made on B while the blocker is logged in on A: A's connection
 * does not know it, and pairs the blocker's seek with the blocked one's,
 * both on A; the pairing's transaction finds the block (a conflict), and
 * they stay unpaired. A third seek (white, as the blocked one's) pairs
 * with the blocker's.
 */
void
test_block_seek_late(void **state)
{
	struct tc *p, *p2, *x, *y;
	char kp[40], kx[40], ky[40], sp[16], sx[16];

	(void)state;
	p = member(port_a, 163, "lateblk", kp);
	x = member(port_a, 164, "latexan", kx);
	y = member(port_a, 165, "lateyod", ky);
	p2 = login(port_b, 166, "lateblk", kp);
	tc_send(p2, "#b BLOCK name=latexan");
	ok(p2, "#b");
	tc_send(p, "#s SEEK clock=172+2");
	seek_of(p, sp, sizeof sp);
	tc_send(x, "#s SEEK clock=172+2 color=white");
	seek_of(x, sx, sizeof sx);
	third_pairs(y, "lateyod", p, "lateblk", 172, x, sx);
	tc_free(p);
	tc_free(p2);
	tc_free(x);
	tc_free(y);
}
