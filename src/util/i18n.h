/*
 * i18n.h: the program's words in the reader's language (GNU gettext, the
 * text domain "congo", po/). A message a person reads is written _("...")
 * where it is used, N_("...") where it only stands in a table (translated
 * with _() where it is shown), and ngettext(one, many, n) when it counts.
 * Moves, FEN, records, the protocol and log lines are never marked. Built
 * with --disable-nls, all of it is the English text itself.
 *
 * A translated template keeps its arguments' order with numbered
 * conversions (%1$s) where a language needs another order; a key named in
 * a message ("press n") is the same key in every language.
 */
#ifndef CONGO_UTIL_I18N_H
#define CONGO_UTIL_I18N_H

#ifdef CONGO_NLS
#include <libintl.h>
#define _(s) gettext(s)
#else
#define _(s) ((const char *)(s))
#undef ngettext
#define ngettext(one, many, n) ((n) == 1 ? (one) : (many))
#endif
#define N_(s) s

/*
 * The start of congo and congo-server: the locale from the environment
 * (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) and the catalogues' folder
 * (LOCALEDIR, or $CONGO_LOCALEDIR: an uninstalled build's tests).
 */
void i18n_init(void);

/*
 * congo.conf's ui.language: "" keeps the environment's; "en", "nl", "de",
 * "fr" wins over it. In the C locale, whose characters are ASCII, the
 * messages and characters are switched to C.UTF-8 where the system has it
 * so that the translation can be shown.
 */
void i18n_language(const char *lang);

/*
 * The language of the catalogue in use ("nl", "de", "fr", "pt-BR" from
 * its Language header), in buf; "en" when no catalogue is (English, the
 * C locale, a build with --disable-nls). Returns buf.
 */
const char *i18n_lang(char buf[16]);

/*
 * The protocol's and the logs' words are English in every locale (the
 * messages the engine translates for a person, a FEN's or a move's error,
 * are a client's data in congo-server): i18n_english() makes this
 * thread's messages the C locale's until i18n_restore(what it returned).
 * Nothing else (the web pages, another thread) is touched.
 */
void *i18n_english(void);
void i18n_restore(void *saved);

/*
 * Whether a line of text may be wrapped at its space s[i]: not before the
 * punctuation French sets after a space (":", ";", "!", "?", a closing
 * guillemet), which would start the next line alone (issue 62).
 */
int i18n_break_ok(const char *s, int i);

#endif
