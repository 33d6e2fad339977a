/*
 * board_variant.c: one description per variant (RULES.md "Variants"), as
 * Fairy-Stockfish's variant.h: its names, start position, pieces, islands,
 * repetition rule, symbols and the help's rules summary. Everything outside
 * the engine reads this table instead of testing which variant it is; a
 * third variant is one more entry (and its move rules in movegen).
 *
 * The help's lines are marked N_() for the catalogues (po/): whoever shows
 * one translates it there with _() (ui_help.c). Each is one line of the
 * help's animal table, whose descriptions start in the 16th column.
 */
#include <string.h>

#include "engine/board.h"
#include "util/i18n.h"

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
		.help_river = N_("  The river is rank 4 (~). The castles "
		    "are c1-e3 and c5-e7 ([ ])."),
		.help_pawn = {
		    N_("  P Pawn       one step forward or diagonally "
		    "forward; past the"),
		    N_("               river also one or two straight back "
		    "(no capture);"),
		    N_("               on the last rank becomes a Superpawn"),
		    N_("  S Superpawn  also one step sideways, and back "
		    "straight or"),
		    N_("               diagonally one or two squares") },
		.help_drown = {
		    N_("  A piece (not a crocodile) that ends its move in "
		    "the river must"),
		    N_("  leave it on the next move, or it drowns.") },
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
		.help_river = N_("  The river is rank 4 (~), a4 b4 f4 g4 "
		    "are islands (^). The castles are c1-e3 and c5-e7 ([ ])."),
		.help_pawn = {
		    N_("  P mPawn      one step forward or diagonally "
		    "forward; past the"),
		    N_("               river also one step sideways; never "
		    "back;"),
		    N_("               on the last rank becomes a Megapawn"),
		    N_("  Q Megapawn   to any square up to two files and two "
		    "ranks away,"),
		    N_("               jumping, moving or capturing") },
		.help_drown = {
		    N_("  A piece (not a crocodile) that ends its move in "
		    "deep water (c4 d4"),
		    N_("  e4) must leave it on the next move, or it drowns. "
		    "Islands are land.") },
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
