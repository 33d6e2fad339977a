/*
 * web_words.c: the pages' own words in congo-server's language (its
 * locale, util/i18n.h, set once at its start: nothing here calls
 * setlocale, and gettext's lookups are safe on libmicrohttpd's threads).
 * The page's lang attribute is the language of the catalogue in use; a
 * game's end's reason, a protocol word, is shown in that language; and
 * the game page's script gets the words it writes (the turn, the status,
 * the deadline) from a block of its own, the game's data staying as the
 * protocol has it.
 */

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "util/i18n.h"
#include "web/web.h"

const char *
web_lang(char buf[16])
{
	return i18n_lang(buf);
}

/* The reasons a game ends for, as the protocol names them. */
static const char *const reasons[] = {
	/* TRANSLATORS: the web pages' reasons a game ended for (the
	 * protocol's words: lion-captured, no-moves, bare-lions,
	 * repetition, quiet-moves, resign, agreement, time, abandoned,
	 * cancelled, declined) */
	N_("lion-captured"),
	N_("no-moves"),
	N_("bare-lions"),
	N_("repetition"),
	N_("quiet-moves"),
	N_("resign"),
	N_("agreement"),
	/* TRANSLATORS: a game lost on time (the web pages' reason) */
	N_("time"),
	N_("abandoned"),
	N_("cancelled"),
	N_("declined"),
};

const char *
web_reason_word(const char *reason)
{
	size_t i;

	for (i = 0; i < sizeof reasons / sizeof reasons[0]; i++)
		if (strcmp(reason, reasons[i]) == 0)
			return _(reasons[i]);
	return reason;
}

/* The words the game page's script writes (the turn, the status, the
 * deadline), by its keys. */
static const char *const script_words[][2] = {
	{ "ply", N_("ply %d of %d") },
	{ "progress", N_("in progress") },
	{ "waiting", N_("waiting for a player") },
	{ "last", N_("last move %s") },
	{ "wtm", N_("white to move") },
	{ "btm", N_("black to move") },
	{ "by", N_("by %s") },
	{ "left", N_("%s left") },
	{ "dh", N_("%lld d %lld h") },
	{ "hm", N_("%lld h %02lld min") },
	{ "ms", N_("%lld min %02lld s") },
	{ "ratings", N_("ratings: %s") },
};

/* "key":"text", the text in the server's language, after a comma but the
 * first's. */
static void
word(struct wbuf *b, bool first, const char *key, const char *msgid)
{
	wbuf_printf(b, "%s\"%s\":\"", first ? "" : ",", key);
	wbuf_json(b, _(msgid));
	wbuf_puts(b, "\"");
}

void
web_script_words(struct wbuf *b)
{
	size_t i;

	wbuf_puts(b, "<script type=\"application/json\" id=\"words\">{");
	for (i = 0; i < sizeof script_words / sizeof script_words[0]; i++)
		word(b, i == 0, script_words[i][0], script_words[i][1]);
	wbuf_puts(b, ",\"reasons\":{");
	for (i = 0; i < sizeof reasons / sizeof reasons[0]; i++)
		word(b, i == 0, reasons[i], reasons[i]);
	wbuf_puts(b, "}}</script>\n");
}
