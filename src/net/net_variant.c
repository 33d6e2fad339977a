/*
 * net_variant.c: the variants a game may be created in (RULES.md
 * "Variants"): their names, start positions and what their FEN allows. The
 * one place the server asks the engine about a variant.
 */
#include <stdio.h>
#include <string.h>

#include "engine/fen.h"
#include "net/net_internal.h"

static const struct {
	const char *name;
	const char *start;
	char refused;            /* a piece letter the variant lacks */
	const char *piece;       /* its name */
} variants[] = {
	{ "congo", FEN_START, 'Q', "megapawn" },
	{ "megapawn", "ezclcze/3p3/p1p1p1p/7/P1P1P1P/3P3/EZCLCZE w 0 1", 'S',
	    "superpawn" },
};

#define NVARIANTS (sizeof variants / sizeof variants[0])

static int
variant_index(const char *name)
{
	size_t i;

	for (i = 0; name != NULL && i < NVARIANTS; i++)
		if (strcmp(name, variants[i].name) == 0)
			return (int)i;
	return -1;
}

bool
sess_variant_known(const char *variant)
{
	return variant_index(variant) >= 0;
}

int
sess_variant_start(const char *variant, const char *fen_wire,
    const struct game_rules *base, struct board *b, struct game_rules *rules,
    char wire[CGP_FEN_MAX], char *err, size_t errlen)
{
	int v = variant_index(variant);
	char fen[CGP_FEN_MAX], e[160];
	const char *p;

	if (v < 0) {
		snprintf(err, errlen, "variant=%.20s: not a variant (congo or "
		    "megapawn)", variant);
		return -1;
	}
	if (fen_wire == NULL) {
		snprintf(fen, sizeof fen, "%s", variants[v].start);
	} else if (cgp_fen_from_wire(fen_wire, fen, sizeof fen) < 0) {
		snprintf(err, errlen, "fen= is a FEN with '_' for its spaces");
		return -1;
	}
	/* The placement's letters: one the variant lacks is named. */
	for (p = fen; *p != '\0' && *p != ' '; p++)
		if (*p == variants[v].refused || *p == variants[v].refused -
		    'A' + 'a') {
			snprintf(err, errlen, "fen=: '%c' (a %s) is not a "
			    "piece of %s", *p, variants[v].piece,
			    variants[v].name);
			return -1;
		}
	if (fen_read(b, fen, e, sizeof e) < 0) {
		snprintf(err, errlen, "fen=: %s", e);
		return -1;
	}
	*rules = *base;
	fen_write(b, fen, sizeof fen);
	cgp_fen_to_wire(fen, wire, CGP_FEN_MAX);
	return 0;
}
