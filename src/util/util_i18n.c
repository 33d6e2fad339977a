/*
 * util_i18n.c: the locale and the catalogues at a program's start, and
 * congo.conf's ui.language over the environment (i18n.h).
 */
#include <ctype.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/i18n.h"

#ifndef LOCALEDIR
#define LOCALEDIR "/usr/local/share/locale"
#endif

void
i18n_init(void)
{
	setlocale(LC_ALL, "");
	/* a number is written with a point in every language: records, the
	 * protocol, the engine's lines and the logs stay the same */
	setlocale(LC_NUMERIC, "C");
#ifdef CONGO_NLS
	{
		const char *dir = getenv("CONGO_LOCALEDIR");

		bindtextdomain("congo", dir != NULL && dir[0] != '\0' ?
		    dir : LOCALEDIR);
		textdomain("congo");
	}
#endif
}

static bool
plain_c(int category)
{
	const char *m = setlocale(category, NULL);

	return m == NULL || strcmp(m, "C") == 0 || strcmp(m, "POSIX") == 0;
}

/* The C and POSIX locales' messages are never translated (glibc ignores
 * LANGUAGE there), and their characters are ASCII (no ö, no é): a language
 * asked for there gets C.UTF-8's, where the system has it. */
static void
utf8_messages(void)
{
	if (!plain_c(LC_MESSAGES))
		return;
	if (setlocale(LC_MESSAGES, "C.UTF-8") == NULL &&
	    setlocale(LC_MESSAGES, "C.utf8") == NULL)
		return;
	if (plain_c(LC_CTYPE) && setlocale(LC_CTYPE, "C.UTF-8") == NULL)
		(void)setlocale(LC_CTYPE, "C.utf8");
}

void
i18n_language(const char *lang)
{
	if (lang == NULL || lang[0] == '\0')
		return;
	setenv("LANGUAGE", lang, 1);
	/* setlocale again: gettext forgets the messages it found before */
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");
	utf8_messages();
}

const char *
i18n_lang(char buf[16])
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

void *
i18n_english(void)
{
	static locale_t english = (locale_t)0;

	if (english == (locale_t)0) {
		locale_t base = duplocale(LC_GLOBAL_LOCALE);

		if (base == (locale_t)0)
			return NULL;
		english = newlocale(LC_MESSAGES_MASK, "C", base);
		if (english == (locale_t)0) {
			freelocale(base);
			return NULL;
		}
	}
	return uselocale(english);
}

void
i18n_restore(void *saved)
{
	if (saved != NULL)
		(void)uselocale((locale_t)saved);
}

int
i18n_break_ok(const char *s, int i)
{
	const char *next = s + i + 1;

	if (s[i] != ' ')
		return 0;
	if (*next != '\0' && strchr(":;!?", *next) != NULL)
		return 0;
	/* the closing guillemet, U+00BB */
	return !((unsigned char)next[0] == 0xc2 &&
	    (unsigned char)next[1] == 0xbb);
}
