/*
 * test_learn_lang.c: the lessons in Dutch, German and French
 * (data/lessons.nl.txt, .de.txt, .fr.txt; issue 62), found through
 * $CONGO_DATADIR as make check sets it.
 *
 * Each language's file loads and is the English one in other words: the
 * same lessons in the same order, with the same variants, and in each the
 * same steps: the same positions, accepted moves, checks and wrong moves.
 * Every text the English has (title, intro, goal, done, hint, a wrong
 * move's words) is there, not empty, and not the English; every step is
 * played through (its accepted moves pass). A lesson about a piece or a
 * rule names it with po/GLOSSARY's word. And the file of the reader's
 * language is the one found (lessons.de.txt for "de" and "de-AT"), the
 * English one for English and for a language without its own. A puzzle's
 * theme in English words is its keyword, as before (the translated ones:
 * tests/test_ui_lang_puzzle.sh).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "learn/learn.h"

#include "test_main.h"

static const char *const langs[] = { "nl", "de", "fr" };

/* po/GLOSSARY's word for the piece or rule a lesson is about, per language
 * (nl, de, fr), that its title must use. */
static const struct {
	const char *id;
	const char *word[3];
} glossary[] = {
	{ "lion", { "leeuw", "Löwe", "lion" } },
	{ "lion-capture", { "leeuw", "Löwe", "lion" } },
	{ "zebra", { "zebra", "Zebra", "zèbre" } },
	{ "elephant", { "olifant", "Elefant", "éléphant" } },
	{ "giraffe", { "giraf", "Giraffe", "girafe" } },
	{ "crocodile-land", { "krokodil", "Krokodil", "crocodile" } },
	{ "crocodile-river", { "krokodil", "Krokodil", "crocodile" } },
	{ "monkey", { "aap", "Affe", "singe" } },
	{ "pawn", { "pion", "Bauer", "pion" } },
	{ "superpawn", { "superpion", "Superbauer", "super-pion" } },
	{ "river", { "rivier", "Fluss", "rivière" } },
	{ "promotion", { "Promotie", "Umwandlung", "promotion" } },
	{ "islands", { "rivier", "Fluss", "rivière" } },
	{ "mpawn", { "mPion", "mBauer", "m-pion" } },
	{ "megapawn", { "megapion", "Megabauer", "méga-pion" } },
};

static void
load(struct learn_book *bk, const char *name)
{
	char path[1024], err[LEARN_ERR_MAX];

	if (learn_data_find(name, path, sizeof path, NULL, 0) != 0)
		fail_msg("no %s (CONGO_DATADIR=%s)", name,
		    getenv("CONGO_DATADIR") ? getenv("CONGO_DATADIR") : "");
	learn_book_init(bk);
	if (learn_book_read(bk, path, err, sizeof err) != 0)
		fail_msg("%s", err);
}

/* A translation of the English text en: there where en is, and not en
 * itself where en has words (a text of moves alone may stay). */
static void
same_text(const char *lang, const char *id, int line, const char *what,
    const char *en, const char *tr)
{
	const char *c;
	bool words = false;

	if ((en[0] == '\0') != (tr[0] == '\0'))
		fail_msg("lessons.%s.txt:%d (%s): %s is %s where the English "
		    "%s", lang, line, id, what, tr[0] == '\0' ? "missing" :
		    "there", tr[0] == '\0' ? "has one" : "has none");
	for (c = en; *c != '\0' && !words; c++)
		words = (*c >= 'a' && *c <= 'z') && (c[1] >= 'a' && c[1] <= 'z') &&
		    (c[2] >= 'a' && c[2] <= 'z');
	if (words && strcmp(en, tr) == 0)
		fail_msg("lessons.%s.txt:%d (%s): %s is the English: %s", lang,
		    line, id, what, en);
}

static void
same_step(const char *lang, const struct learn_lesson *l,
    const struct learn_step *e, const struct learn_step *t)
{
	int i;

	if (strcmp(e->fen, t->fen) != 0)
		fail_msg("lessons.%s.txt:%d (%s): position %s, English %s",
		    lang, t->line, l->id, t->fen, e->fen);
	if (e->naccept != t->naccept || e->ncheck != t->ncheck ||
	    e->nwrong != t->nwrong)
		fail_msg("lessons.%s.txt:%d (%s): accept/check/wrong lines "
		    "%d/%d/%d, English %d/%d/%d", lang, t->line, l->id,
		    t->naccept, t->ncheck, t->nwrong, e->naccept, e->ncheck,
		    e->nwrong);
	for (i = 0; i < e->naccept; i++)
		if (strcmp(e->accept[i], t->accept[i]) != 0)
			fail_msg("lessons.%s.txt:%d (%s): accepts %s, English %s",
			    lang, t->line, l->id, t->accept[i], e->accept[i]);
	for (i = 0; i < e->ncheck; i++)
		if (e->check[i].kind != t->check[i].kind ||
		    e->check[i].n != t->check[i].n ||
		    e->check[i].sq != t->check[i].sq)
			fail_msg("lessons.%s.txt:%d (%s): check %d is not the "
			    "English one", lang, t->line, l->id, i + 1);
	for (i = 0; i < e->nwrong; i++) {
		if (strcmp(e->wrong[i].move, t->wrong[i].move) != 0)
			fail_msg("lessons.%s.txt:%d (%s): wrong %s, English %s",
			    lang, t->line, l->id, t->wrong[i].move,
			    e->wrong[i].move);
		same_text(lang, l->id, t->line, "a wrong move's text",
		    e->wrong[i].text, t->wrong[i].text);
	}
	same_text(lang, l->id, t->line, "goal", e->goal, t->goal);
	same_text(lang, l->id, t->line, "done", e->done, t->done);
	same_text(lang, l->id, t->line, "hint", e->hint, t->hint);
}

/* Each step played: the position set up, its accepted moves right. */
static void
play(const char *lang, const struct learn_lesson *l,
    const struct learn_step *s)
{
	struct board b;
	char err[LEARN_ERR_MAX], why[LEARN_TEXT_MAX];
	move_t m;
	int i;

	if (learn_step_position(l, s, &b, err, sizeof err) != 0)
		fail_msg("lessons.%s.txt (%s): %s", lang, l->id, err);
	for (i = 0; i < s->naccept; i++) {
		if (notation_read(&b, s->accept[i], &m, err, sizeof err) != 0)
			fail_msg("lessons.%s.txt (%s): %s", lang, l->id, err);
		if (!learn_step_check(s, &b, m, why, sizeof why))
			fail_msg("lessons.%s.txt:%d (%s): %s is refused: %s", lang,
			    s->line, l->id, s->accept[i], why);
	}
}

static void
glossary_word(int k, const struct learn_lesson *l)
{
	size_t g;

	for (g = 0; g < sizeof glossary / sizeof glossary[0]; g++)
		if (strcmp(glossary[g].id, l->id) == 0 &&
		    strstr(l->title, glossary[g].word[k]) == NULL)
			fail_msg("lessons.%s.txt:%d: the title '%s' lacks the "
			    "glossary's '%s'", langs[k], l->line, l->title,
			    glossary[g].word[k]);
}

static void
test_translations(void **state)
{
	struct learn_book en, tr;
	char name[32];
	size_t i, j, played = 0;
	int k;

	(void)state;
	load(&en, "lessons.txt");
	for (k = 0; k < 3; k++) {
		snprintf(name, sizeof name, "lessons.%s.txt", langs[k]);
		load(&tr, name);
		assert_int_equal(learn_book_count(&tr), learn_book_count(&en));
		for (i = 0; i < learn_book_count(&en); i++) {
			const struct learn_lesson *e = learn_book_lesson(&en, i);
			const struct learn_lesson *t = learn_book_lesson(&tr, i);
			if (strcmp(e->id, t->id) != 0 ||
			    strcmp(e->variant, t->variant) != 0)
				fail_msg("%s:%d: lesson %s (%s), English %s (%s)",
				    name, t->line, t->id, t->variant, e->id,
				    e->variant);
			if (learn_lesson_nsteps(t) != learn_lesson_nsteps(e))
				fail_msg("%s:%d (%s): %zu steps, English %zu", name,
				    t->line, t->id, learn_lesson_nsteps(t),
				    learn_lesson_nsteps(e));
			same_text(langs[k], t->id, t->line, "title", e->title,
			    t->title);
			same_text(langs[k], t->id, t->line, "intro", e->intro,
			    t->intro);
			glossary_word(k, t);
			for (j = 0; j < learn_lesson_nsteps(e); j++) {
				same_step(langs[k], t, learn_lesson_step(e, j),
				    learn_lesson_step(t, j));
				if (!learn_variant_supported(t->variant))
					continue;
				play(langs[k], t, learn_lesson_step(t, j));
				played++;
			}
		}
		learn_book_free(&tr);
	}
	assert_true(played >= 3 * 20);
	learn_book_free(&en);
}

/* The file of the reader's language, else the English one. */
static void
want_file(const char *name, const char *lang, const char *file)
{
	char path[1024];
	size_t n = strlen(file);

	learn_data_path_lang(name, lang, path, sizeof path);
	if (strlen(path) <= n || path[strlen(path) - n - 1] != '/' ||
	    strcmp(path + strlen(path) - n, file) != 0)
		fail_msg("%s in '%s': %s, not .../%s", name, lang ? lang :
		    "(null)", path, file);
}

static void
test_language_file(void **state)
{
	(void)state;
	want_file("lessons.txt", "de", "lessons.de.txt");
	want_file("lessons.txt", "nl", "lessons.nl.txt");
	want_file("lessons.txt", "fr", "lessons.fr.txt");
	want_file("lessons.txt", "de-AT", "lessons.de.txt");
	want_file("lessons.txt", "fr_CA", "lessons.fr.txt");
	want_file("lessons.txt", "en", "lessons.txt");
	want_file("lessons.txt", "en-GB", "lessons.txt");
	want_file("lessons.txt", "pt-BR", "lessons.txt");
	want_file("lessons.txt", "", "lessons.txt");
	want_file("lessons.txt", NULL, "lessons.txt");
	want_file("lessons.txt", "../x", "lessons.txt");
	/* the puzzles have no words of their own to translate */
	want_file("puzzles.tsv", "de", "puzzles.tsv");
}

static void
test_theme_words(void **state)
{
	const char *same[] = { "crocodile", "crocodile-quiet", "lion-face",
	    "monkey-chain-quiet", "endgame", "megapawn-quiet", "quiet",
	    "unknown-theme", "" };
	char out[64];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof same / sizeof same[0]; i++)
		assert_string_equal(learn_puzzle_theme_words(same[i], out,
		    sizeof out), same[i]);
	/* cut to the buffer, never over it */
	assert_string_equal(learn_puzzle_theme_words("crocodile-quiet", out,
	    6), "croco");
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_translations),
	cmocka_unit_test(test_language_file),
	cmocka_unit_test(test_theme_words))
