/*
 * proto_text.c: the text of SAY and SAID (PROTOCOL.md): UTF-8 without
 * control characters, at most CGP_SAY_MAX bytes. The one check the
 * server, the client and the parsers of both directions share.
 */
#include <stdio.h>
#include <string.h>

#include "net/proto/proto.h"
#include "util/util.h"

/* The code point of the UTF-8 sequence at p (n bytes left) and its length
 * in *len; -1 when it is not UTF-8 (a stray continuation, a sequence cut
 * short, an overlong form, a surrogate, beyond U+10FFFF). */
static long
utf8_next(const unsigned char *p, size_t n, size_t *len)
{
	long cp, min;
	size_t k, need;

	if (p[0] < 0x80) {
		*len = 1;
		return p[0];
	}
	if ((p[0] & 0xE0) == 0xC0) {
		need = 2;
		cp = p[0] & 0x1F;
		min = 0x80;
	} else if ((p[0] & 0xF0) == 0xE0) {
		need = 3;
		cp = p[0] & 0x0F;
		min = 0x800;
	} else if ((p[0] & 0xF8) == 0xF0) {
		need = 4;
		cp = p[0] & 0x07;
		min = 0x10000;
	} else {
		return -1;
	}
	if (n < need)
		return -1;
	for (k = 1; k < need; k++) {
		if ((p[k] & 0xC0) != 0x80)
			return -1;
		cp = (cp << 6) | (p[k] & 0x3F);
	}
	if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return -1;
	*len = need;
	return cp;
}

int
cgp_text_check(const char *text, size_t n, char *err, size_t errlen)
{
	const unsigned char *p = (const unsigned char *)text;
	size_t i = 0, len;
	long cp;

	if (n > CGP_SAY_MAX)
		return util_error_code(CGP_BAD_SYNTAX, err, errlen,
		    "a SAY's text is at most %d bytes, not %zu", CGP_SAY_MAX,
		    n);
	while (i < n) {
		cp = utf8_next(p + i, n - i, &len);
		if (cp < 0)
			return util_error_code(CGP_BAD_SYNTAX, err, errlen,
			    "a SAY's text is UTF-8: byte %zu is not", i + 1);
		if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F))
			return util_error_code(CGP_BAD_SYNTAX, err, errlen,
			    "a SAY's text has no control characters: U+%04lX "
			    "at byte %zu", cp, i + 1);
		i += len;
	}
	return 0;
}
