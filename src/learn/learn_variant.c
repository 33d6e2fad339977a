/*
 * learn_variant.c: which variants this build's engine plays, and reading
 * a position of a variant.
 */

#include <stdio.h>
#include <string.h>

#include "learn/learn.h"
#include "util/i18n.h"

bool
learn_variant_known(const char *variant)
{
	return variant_parse(variant) >= 0;
}

bool
learn_variant_supported(const char *variant)
{
	return variant_parse(variant) >= 0;
}

int
learn_fen_read(const char *variant, const char *fen, struct board *b,
    char *err, size_t errlen)
{
	if (!learn_variant_known(variant)) {
		snprintf(err, errlen, _("unknown variant '%s' (congo or "
		    "megapawn)"),
		    variant);
		return -1;
	}
	if (!learn_variant_supported(variant)) {
		snprintf(err, errlen, _("this build does not play the %s "
		    "variant"),
		    variant);
		return -1;
	}
	board_init();
	return fen_read_variant(b, variant_parse(variant), fen, strlen(fen), err,
	    errlen);
}
