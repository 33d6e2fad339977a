/*
 * util_width.c: the display width of a UTF-8 string (in the locale's
 * character set, as the terminal shows it) and the printf field width
 * that pads one to a number of columns: "%-*s" with util_pad(s, w) fills
 * w columns whatever the bytes of its accented letters ("à vous" is 6
 * columns and 7 bytes; "%-10s" would pad it to 9 columns, one off).
 */

#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "util/util.h"

int
util_width(const char *s)
{
	mbstate_t st;
	wchar_t wc;
	size_t n;
	int w = 0, cw;

	memset(&st, 0, sizeof st);
	while (*s != '\0') {
		n = mbrtowc(&wc, s, MB_CUR_MAX, &st);
		if (n == (size_t)-1 || n == (size_t)-2) {
			w++;
			s++;
			memset(&st, 0, sizeof st);
			continue;
		}
		cw = wcwidth(wc);
		w += cw > 0 ? cw : 0;
		s += n;
	}
	return w;
}

int
util_pad(const char *s, int cols)
{
	int w = util_width(s);

	return w >= cols ? (int)strlen(s) : cols + (int)strlen(s) - w;
}

int
util_width_most(const char *const *s, int least)
{
	int w;

	for (; *s != NULL; s++)
		if ((w = util_width(*s)) > least)
			least = w;
	return least;
}
