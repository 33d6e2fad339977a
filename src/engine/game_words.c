/*
 * game_words.c: the rules' words as a person reads them, in the reader's
 * language (util/i18n.h): a piece's name, a result and its reason. The
 * English ones of board_text.c and game_status.c stay what records, the
 * engine protocol and the logs write.
 */
#include <stdio.h>

#include "engine/board.h"
#include "engine/game.h"
#include "util/i18n.h"

const char *
game_piece_word(int type)
{
	static const char *const words[] = {
		/* TRANSLATORS: the pieces' names as the game's players
		 * name them (po/GLOSSARY), lower case where the language
		 * writes a noun so */
		N_("lion"), N_("zebra"), N_("elephant"), N_("giraffe"),
		N_("crocodile"), N_("monkey"), N_("pawn"), N_("superpawn"),
		N_("megapawn")
	};
	_Static_assert(sizeof words / sizeof words[0] == NPIECE_TYPES,
	    "a word for every piece");

	return type >= 0 && type < NPIECE_TYPES ? _(words[type]) : "?";
}

const char *
game_pieces_word(int type)
{
	static const char *const words[] = {
		/* TRANSLATORS: the pieces' names, more than one (po/GLOSSARY) */
		N_("lions"), N_("zebras"), N_("elephants"), N_("giraffes"),
		N_("crocodiles"), N_("monkeys"), N_("pawns"), N_("superpawns"),
		N_("megapawns")
	};
	_Static_assert(sizeof words / sizeof words[0] == NPIECE_TYPES,
	    "a word for every piece");

	return type >= 0 && type < NPIECE_TYPES ? _(words[type]) : "?";
}

const char *
game_reason_words(enum game_reason why)
{
	static const char *const texts[] = {
		"", N_("lion captured"), N_("no moves left"),
		N_("bare lions"), N_("repetition"), N_("quiet moves"),
		N_("resignation"), N_("agreement"), N_("time forfeit"),
		N_("abandonment"), N_("adjudication")
	};
	_Static_assert(sizeof texts / sizeof texts[0] == REASON_LAST + 1,
	    "words for every reason");

	if ((unsigned)why >= sizeof texts / sizeof texts[0] || why == 0)
		return "";
	return _(texts[why]);
}

void
game_result_words(enum game_result r, enum game_reason why, char *buf,
    size_t n)
{
	const char *t = game_reason_words(why);

	/* A win by repetition is megapawn's: the loser repeated. */
	if (why == REASON_REPETITION && r != RESULT_DRAW) {
		snprintf(buf, n, r == RESULT_WHITE_WINS ?
		    _("White wins: Black repeated a position") :
		    _("Black wins: White repeated a position"));
		return;
	}
	switch (r) {
	case RESULT_WHITE_WINS:
		snprintf(buf, n, _("White wins: %s"), t);
		break;
	case RESULT_BLACK_WINS:
		snprintf(buf, n, _("Black wins: %s"), t);
		break;
	case RESULT_DRAW:
		snprintf(buf, n, _("Draw: %s"), t);
		break;
	default:
		snprintf(buf, n, "%s", _("Game in progress"));
		break;
	}
}
