/*
 * proto_variant.c: the variants a game may be created in (RULES.md
 * "Variants"): their names, start positions and the pieces their FEN
 * allows, as the rules engine has them. The one place the server and the
 * client's mirror turn a variant's name into a position.
 */
#include <stdio.h>
#include <string.h>

#include "engine/fen.h"
#include "net/proto/proto.h"

bool
cgp_variant_known(const char *variant)
{
	return variant != NULL && variant_parse(variant) >= 0;
}

int
cgp_variant_start(const char *variant, const char *fen_wire,
    const struct game_rules *base, struct board *b, struct game_rules *rules,
    char wire[CGP_FEN_MAX], char *err, size_t errlen)
{
	int v = variant != NULL ? variant_parse(variant) : -1;
	char fen[CGP_FEN_MAX], e[160];

	if (v < 0) {
		snprintf(err, errlen, "variant=%.20s: not a variant (congo or "
		    "megapawn)", variant != NULL ? variant : "");
		return -1;
	}
	if (fen_wire == NULL) {
		snprintf(fen, sizeof fen, "%s", variant_start_fen(v));
	} else if (cgp_fen_from_wire(fen_wire, fen, sizeof fen) < 0) {
		snprintf(err, errlen, "fen= is a FEN with '_' for its spaces");
		return -1;
	}
	/* The engine names a piece the variant lacks (S in megapawn, Q in
	 * congo) and anything else wrong. */
	if (fen_read_variant(b, v, fen, strlen(fen), e, sizeof e) < 0) {
		snprintf(err, errlen, "fen=: %s", e);
		return -1;
	}
	*rules = *base;
	fen_write(b, fen, sizeof fen);
	cgp_fen_to_wire(fen, wire, CGP_FEN_MAX);
	return 0;
}
