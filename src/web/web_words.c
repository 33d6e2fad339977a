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
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "util/i18n.h"
#include "web/web.h"

const char *
web_lang(char buf[16])
{
#ifdef CONGO_NLS
	/* The catalogue's header (the empty message's translation). */
	static const char empty[] = "";
	const char *h = gettext(empty), *l = strstr(h, "Language: ");
	size_t i = 0;

	if (h != empty && l != NULL) {
		for (l += 10; i < 15 && (isalnum((unsigned char)l[i]) ||
		    l[i] == '_' || l[i] == '-'); i++)
			buf[i] = l[i] == '_' ? '-' : l[i];
		buf[i] = '\0';
		if (i >= 2)
			return buf;
	}
#endif
	snprintf(buf, 16, "en");
	return buf;
}

/* The reasons a game ends for, as the protocol names them. */
static const char *const reasons[][2] = {
	/* TRANSLATORS: the web pages' reasons a game ended for (the
	 * protocol's words: lion-captured, no-moves, bare-lions,
	 * repetition, quiet-moves, resign, agreement, time, abandoned,
	 * cancelled, declined) */
	{ "lion-captured", N_("lion-captured") },
	{ "no-moves", N_("no-moves") },
	{ "bare-lions", N_("bare-lions") },
	{ "repetition", N_("repetition") },
	{ "quiet-moves", N_("quiet-moves") },
	{ "resign", N_("resign") },
	{ "agreement", N_("agreement") },
	/* TRANSLATORS: a game lost on time (the web pages' reason) */
	{ "time", N_("time") },
	{ "abandoned", N_("abandoned") },
	{ "cancelled", N_("cancelled") },
	{ "declined", N_("declined") },
};

const char *
web_reason_word(const char *reason)
{
	size_t i;

	for (i = 0; i < sizeof reasons / sizeof reasons[0]; i++)
		if (strcmp(reason, reasons[i][0]) == 0)
			return _(reasons[i][1]);
	return reason;
}

/* "key":"text", after a comma but the first's */
static void
word(struct wbuf *b, const char *key, const char *text)
{
	wbuf_printf(b, "%s\"%s\":\"", strcmp(key, "ply") == 0 ? "" : ",",
	    key);
	wbuf_json(b, text);
	wbuf_puts(b, "\"");
}

void
web_script_words(struct wbuf *b)
{
	size_t i;

	wbuf_puts(b, "<script type=\"application/json\" id=\"words\">{");
	word(b, "ply", _("ply %d of %d"));
	word(b, "progress", _("in progress"));
	word(b, "waiting", _("waiting for a player"));
	word(b, "last", _("last move %s"));
	word(b, "wtm", _("white to move"));
	word(b, "btm", _("black to move"));
	word(b, "by", _("by %s"));
	word(b, "left", _("%s left"));
	word(b, "dh", _("%lld d %lld h"));
	word(b, "hm", _("%lld h %02lld min"));
	word(b, "ms", _("%lld min %02lld s"));
	word(b, "ratings", _("ratings: %s"));
	wbuf_puts(b, ",\"reasons\":{");
	for (i = 0; i < sizeof reasons / sizeof reasons[0]; i++) {
		wbuf_printf(b, "%s\"%s\":\"", i > 0 ? "," : "", reasons[i][0]);
		wbuf_json(b, _(reasons[i][1]));
		wbuf_puts(b, "\"");
	}
	wbuf_puts(b, "}}</script>\n");
}
