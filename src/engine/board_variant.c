/*
 * board_variant.c: the variants' names, start positions and pieces
 * (RULES.md "Variants").
 */
#include <string.h>

#include "engine/board.h"

static const char *const variant_names[] = { "congo", "megapawn" };
static const char *const variant_fens[] = {
	"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0 1",
	"ezclcze/3p3/p1p1p1p/7/P1P1P1P/3P3/EZCLCZE w 0 1",
};
_Static_assert(sizeof variant_names / sizeof variant_names[0] == NVARIANTS,
    "one name per variant");
_Static_assert(sizeof variant_fens / sizeof variant_fens[0] == NVARIANTS,
    "one start position per variant");

const char *
variant_name(int variant)
{
	return variant >= 0 && variant < NVARIANTS ? variant_names[variant] :
	    "?";
}

int
variant_parse(const char *name)
{
	for (int v = 0; name != NULL && v < NVARIANTS; v++)
		if (strcmp(name, variant_names[v]) == 0)
			return v;
	return -1;
}

const char *
variant_start_fen(int variant)
{
	return variant_fens[variant >= 0 && variant < NVARIANTS ? variant : 0];
}

bool
variant_has_piece(int variant, int type)
{
	if (type == SUPERPAWN)
		return variant == VARIANT_CONGO;
	if (type == MEGAPAWN)
		return variant == VARIANT_MEGAPAWN;
	return type >= 0 && type < NPIECE_TYPES;
}
