/*
 * board_variant.c: one description per variant (RULES.md "Variants"), as
 * Fairy-Stockfish's variant.h: its names, start position, pieces, islands,
 * repetition rule, symbols and the help's rules summary. Everything outside
 * the engine reads this table instead of testing which variant it is; a
 * third variant is one more entry (and its move rules in movegen).
 */
#include <string.h>

#include "engine/board.h"

const struct variant_desc variant_table[NVARIANTS] = {
	[VARIANT_CONGO] = {
		.name = "congo",
		.title = "Congo",
		.long_title = "Congo",
		.start_fen = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0 1",
		.start_count = { [LION] = 1, [ZEBRA] = 1, [ELEPHANT] = 2,
		    [GIRAFFE] = 1, [CROCODILE] = 1, [MONKEY] = 1,
		    [PAWN] = 7 },
		.pawn = VPAWN_CONGO,
		.promotion = SUPERPAWN,
		.islands = 0,
		.repetition = VREP_THIRD_DRAWS,
		.bare_lions_draw = true,
		.letters = "LZEGCMPS",
		.island_symbol = '^',
		.help_river = "  The river is rank 4 (~). The castles are c1-e3 "
		    "and c5-e7 ([ ]).",
		.help_pawn = {
		    "  P Pawn       one step forward or diagonally forward; "
		    "past the",
		    "               river also one or two straight back (no "
		    "capture);",
		    "               on the last rank becomes a Superpawn",
		    "  S Superpawn  also one step sideways, and back straight "
		    "or",
		    "               diagonally one or two squares" },
		.help_drown = {
		    "  A piece (not a crocodile) that ends its move in the "
		    "river must",
		    "  leave it on the next move, or it drowns." },
	},
	[VARIANT_MEGAPAWN] = {
		.name = "megapawn",
		.title = "Megapawn",
		.long_title = "Simple Megapawn Congo",
		.start_fen = "ezclcze/3p3/p1p1p1p/7/P1P1P1P/3P3/EZCLCZE w 0 1",
		.start_count = { [LION] = 1, [ZEBRA] = 2, [ELEPHANT] = 2,
		    [CROCODILE] = 2, [PAWN] = 5 },
		.pawn = VPAWN_MPAWN,
		.promotion = MEGAPAWN,
		.islands = BB_ISLANDS,      /* a4 b4 f4 g4 */
		.repetition = VREP_LOSES,
		.bare_lions_draw = false,
		.letters = "LZEGCMPQ",
		.island_symbol = '^',
		.help_river = "  The river is rank 4 (~), a4 b4 f4 g4 are "
		    "islands (^). The castles are c1-e3 and c5-e7 ([ ]).",
		.help_pawn = {
		    "  P mPawn      one step forward or diagonally forward; "
		    "past the",
		    "               river also one step sideways; never back;",
		    "               on the last rank becomes a Megapawn",
		    "  Q Megapawn   to any square up to two files and two "
		    "ranks away,",
		    "               jumping, moving or capturing" },
		.help_drown = {
		    "  A piece (not a crocodile) that ends its move in deep "
		    "water (c4 d4",
		    "  e4) must leave it on the next move, or it drowns. "
		    "Islands are land." },
	},
};

const char *
variant_name(int variant)
{
	return variant >= 0 && variant < NVARIANTS ?
	    variant_table[variant].name : "?";
}

int
variant_parse(const char *name)
{
	for (int v = 0; name != NULL && v < NVARIANTS; v++)
		if (strcmp(name, variant_table[v].name) == 0)
			return v;
	return -1;
}

const char *
variant_start_fen(int variant)
{
	return variant_get(variant)->start_fen;
}

bool
variant_has_piece(int variant, int type)
{
	char c;

	if (type < 0 || type >= NPIECE_TYPES)
		return false;
	c = board_piece_letter(PIECE_MAKE(WHITE, type));
	return c != '\0' && strchr(variant_get(variant)->letters, c) != NULL;
}
