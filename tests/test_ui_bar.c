/*
 * test_ui_bar.c: a bar too long for the screen (src/ui/ui_bar.c) keeps
 * whole items, the most useful: its first (the screen's main key or what
 * it is) and its last (the key that leaves: "q: quit", "Esc: back"), the
 * items between them dropped from the end, and " ?" for them (issue 62:
 * the lobby at 80 columns in German dropped "q: Ende"); a title keeps
 * the key that closes it; prose is cut at a word.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ui/ui_int.h"
#include "test_main.h"

/* term_width of ui_term.c (curses, not linked here): a column for each
 * UTF-8 character, as the test's texts are. */
int
term_width(const char *s)
{
	int w = 0;

	for (; *s != '\0'; s++)
		w += ((unsigned char)*s & 0xC0) != 0x80;
	return w;
}

int
term_width_n(const char *s, size_t n)
{
	char buf[1024];

	snprintf(buf, sizeof buf, "%.*s", (int)n, s);
	return term_width(buf);
}

/* s cut to w columns (items, with the mark unless bare) is want. */
static void
cut_is(const char *s, int w, bool bare, const char *want)
{
	char buf[1024];

	snprintf(buf, sizeof buf, "%s", s);
	if (bare)
		term_cut_items_bare(buf, w);
	else
		term_cut_items(buf, w);
	assert_string_equal(buf, want);
	assert_true(term_width(buf) <= w);
}

static const char lobby_de[] = " s: suchen  b: der Computer  T: Turniere  "
    "c: anlegen  C: als Schwarz  t: Beste  g: gespielte Partien  r: neu "
    "laden  : Befehl  q: Ende";

static void
test_fits(void **state)
{
	(void)state;
	cut_is(lobby_de, 200, false, lobby_de);
	cut_is(" Enter: seek   Esc: back", 24, false,
	    " Enter: seek   Esc: back");
}

static void
test_last_kept(void **state)
{
	(void)state;
	/* the lobby's keys: q: Ende stays, the items before it go */
	cut_is(lobby_de, 80, false, " s: suchen  b: der Computer  T: Turniere"
	    "  c: anlegen  C: als Schwarz  q: Ende ?");
	cut_is(lobby_de, 40, false, " s: suchen  b: der Computer  q: Ende ?");
	cut_is(lobby_de, 21, false, " s: suchen  q: Ende ?");
	/* a line of keys apart by three spaces, in French */
	cut_is(" Entrée : chercher   Haut/Bas : un champ   Gauche/Droite : sa "
	    "valeur   Échap : retour", 60, false,
	    " Entrée : chercher   Haut/Bas : un champ   Échap : retour ?");
}

static void
test_items_of_a_part(void **state)
{
	(void)state;
	/* the status bar's keys after "  |  ": "} the game" stays */
	cut_is(" variation, ply 3 (off the game after ply 2)  |  [ ] step, ( "
	    "next, ) leaves, P promotes, D deletes, } the game", 70, true,
	    " variation, ply 3 (off the game after ply 2)  |  [ ] step, } the "
	    "game");
	/* the parts between the first and the last go first */
	cut_is(" White to move  |  last d2d3  |  online, waiting for an opponent",
	    50, true, " White to move  |  online, waiting for an opponent");
	/* a list apart by commas: its first and its last */
	cut_is(" Enter starts, Up/Down choose, p puzzles, q or Esc back to the "
	    "game", 50, false, " Enter starts, q or Esc back to the game ?");
	/* a comma inside parentheses parts nothing */
	cut_is("Letters put pieces (Shift: White), x empties, u undo, Tab side, "
	    "v variant, ?", 50, false,
	    "Letters put pieces (Shift: White), x empties, ?");
	/* the first part's own items go before its first */
	cut_is(" Enter: accept the seek, take the free seat, back to yours, or "
	    "watch   o: watch", 56, false,
	    " Enter: accept the seek, take the free seat   o: watch ?");
	/* a part before "|" is one item: what the bar says, whole; then
	 * the last part's first goes: the key that leaves stays */
	cut_is(" Editing d1: White to move, congo  |  Enter plays, A analyses, "
	    "Esc leaves", 63, false,
	    " Editing d1: White to move, congo  |  Enter plays, Esc leaves ?");
	cut_is(" Editing d1: White to move, congo  |  Enter plays, A analyses, "
	    "Esc leaves", 50, false,
	    " Editing d1: White to move, congo  |  Esc leaves ?");
	cut_is(" variation, ply 3 (off the game after ply 2)  |  [ ] step, ( "
	    "next, ) leaves, P promotes, D deletes, } the game", 63, true,
	    " variation, ply 3 (off the game after ply 2)  |  } the game");
}

static void
test_words_at_last(void **state)
{
	(void)state;
	/* one item too long: cut at a word */
	cut_is(" Enter: back to this game (your account's seat, from any "
	    "machine)", 30, false, " Enter: back to this game");
	/* too narrow for the first and the last: the first items, whole,
	 * never "|  warte" of "warte auf einen Gegner" */
	cut_is(" Weiß am Zug  |  online, warte auf einen Gegner", 23, true,
	    " Weiß am Zug  |  online");
}

static void
test_title(void **state)
{
	char buf[200];

	(void)state;
	snprintf(buf, sizeof buf, "%s", " Meldungen, die neueste zuletzt  "
	    "(Pfeile/Bild auf/ab blättern, q oder Esc schließt)");
	term_cut_title(buf, 60);
	assert_string_equal(buf, " Meldungen, die neueste zuletzt  (q oder "
	    "Esc schließt)");
}

static void
test_cell(void **state)
{
	char buf[100];

	(void)state;
	/* (the C locale here: "..." for the ellipsis) */
	term_cell(buf, sizeof buf, "eve", "(guest)", 16);
	assert_string_equal(buf, "eve(guest)      ");
	term_cell(buf, sizeof buf, "Bartholomew_Fitzroy", "", 16);
	assert_string_equal(buf, "Bartholomew_F...");
	term_cell(buf, sizeof buf, "Friedrich_Wilhelm", "(invité)", 16);
	assert_string_equal(buf, "Fried...(invité)");
	assert_int_equal(term_width(buf), 16);
	term_cell(buf, sizeof buf, "Deep_Congo_Machine", " BOT", 20);
	assert_string_equal(buf, "Deep_Congo_Ma... BOT");
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_cell),
	cmocka_unit_test(test_fits),
	cmocka_unit_test(test_last_kept),
	cmocka_unit_test(test_items_of_a_part),
	cmocka_unit_test(test_words_at_last),
	cmocka_unit_test(test_title))
