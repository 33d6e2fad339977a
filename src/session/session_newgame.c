/*
 * session_newgame.c: the new-game dialog's model: variant, the players of
 * both sides, the clock and the start position, moved through with the
 * arrows and started with Enter. The last choice is remembered in
 * $XDG_STATE_HOME/congo/newgame as "name=value" lines.
 */

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ai/search.h"
#include "engine/fen.h"
#include "session/session.h"
#include "session/session_newgame.h"
#include "session/session_player.h"
#include "util/i18n.h"

/* The variants' titles, from the engine's table when asked. */
static const char *variants[NVARIANTS + 1];
/*
 * A player: human, the AI at a level for people ("AI level 3 (Learner)",
 * the names from the AI's one table), or an algorithm at full strength
 * with its time a move. Filled on first use (players_list).
 */
#define LEVEL_PREFIX "AI level "
static const char *const fixed_players[] = { "alphabeta 0.2s",
	"alphabeta 1s", "alphabeta 5s", "negamax", "random" };
#define NFIXED (sizeof fixed_players / sizeof fixed_players[0])
static char level_text[SEARCH_LEVELS][48];
static const char *players[1 + SEARCH_LEVELS + NFIXED + 1];

static void
players_fill(void)
{
	int i, n = 0;

	if (players[0] != NULL)
		return;
	players[n++] = N_("human");  /* shown translated (ui_dialog.c) */
	for (i = 1; i <= SEARCH_LEVELS; i++) {
		/* (English, as remembered: shown translated, ui_dialog.c) */
		session_level_text(i, false, level_text[i - 1],
		    sizeof level_text[i - 1]);
		players[n++] = level_text[i - 1];
	}
	for (i = 0; i < (int)NFIXED; i++)
		players[n++] = fixed_players[i];
	players[n] = NULL;
}
static const char *const clocks[] = { N_("none"), "1+0", "3+2", "5+3", "10+5",
	"15+10", N_("custom"), NULL };
static const char *const starts[] = { N_("standard"), "FEN", NULL };
static const char *const labels[NG_NFIELDS] = { N_("Variant"),
	N_("White"), N_("Black"), N_("Clock"), N_("Start") };
static const char *const keys[NG_NFIELDS] = { "variant", "white", "black",
	"clock", "start" };

#define CLOCK_CUSTOM 6
#define START_FEN 1

const char *const *
session_newgame_choices(int field)
{
	switch (field) {
	case NG_VARIANT:
		for (int v = 0; v < NVARIANTS; v++)
			variants[v] = variant_get(v)->title;
		return variants;
	case NG_WHITE:
	case NG_BLACK:
		players_fill();
		return players;
	case NG_CLOCK:
		return clocks;
	default:
		return starts;
	}
}

const char *
session_newgame_label(int field)
{
	return field >= 0 && field < NG_NFIELDS ? _(labels[field]) : "";
}

static int
count(const char *const *list)
{
	int n = 0;

	while (list[n] != NULL)
		n++;
	return n;
}

static int
find(const char *const *list, const char *v)
{
	for (int i = 0; list[i] != NULL; i++)
		if (strcmp(list[i], v) == 0)
			return i;
	return -1;
}

void
session_newgame_value(const struct session *s, int field, char *buf,
    size_t n)
{
	const struct session_newgame *ng = &s->ng;

	if (field == NG_CLOCK && ng->choice[NG_CLOCK] == CLOCK_CUSTOM)
		snprintf(buf, n, "%s", ng->clock_text);
	else if (field == NG_START && ng->choice[NG_START] == START_FEN)
		snprintf(buf, n, "%s", ng->fen);
	else
		snprintf(buf, n, "%s",
		    session_newgame_choices(field)[ng->choice[field]]);
}

/* The dialog's clock: the next game's (:clock's, else this game's). */
static void
clock_from_session(struct session *s)
{
	struct session_newgame *ng = &s->ng;
	int64_t base, inc;
	char tc[64];
	int i;

	ng->choice[NG_CLOCK] = 0;
	if (!session_next_clock(s, &base, &inc))
		return;
	clock_format_minutes(base, inc, tc, sizeof tc);
	i = find(clocks, tc);
	ng->choice[NG_CLOCK] = i < 0 ? CLOCK_CUSTOM : i;
	snprintf(ng->clock_text, sizeof ng->clock_text, "%.31s", tc);
}

/* The dialog's values from the game being played. */
static void
from_session(struct session *s)
{
	struct session_newgame *ng = &s->ng;
	int c, i;

	players_fill();
	for (c = 0; c < 2; c++) {
		const struct player_conf *pc = &s->player[c]->conf;
		char name[48];
		if (strcmp(pc->type, "human") == 0)
			snprintf(name, sizeof name, "human");
		else if (strcmp(pc->algorithm, "alphabeta") == 0 &&
		    pc->level > 0 && pc->level <= SEARCH_LEVELS)
			snprintf(name, sizeof name, "%s",
			    level_text[pc->level - 1]);
		else if (strcmp(pc->algorithm, "alphabeta") == 0)
			snprintf(name, sizeof name, "alphabeta %gs",
			    pc->movetime_ms / 1000.0);
		else
			snprintf(name, sizeof name, "%s", pc->algorithm);
		i = find(players, name);
		if (i < 0)      /* another time: the nearest offered, 1s */
			i = strcmp(pc->type, "human") == 0 ? 0 :
			    find(players, "alphabeta 1s");
		ng->choice[NG_WHITE + c] = i;
	}
	ng->choice[NG_VARIANT] = s->start.variant < NVARIANTS ?
	    s->start.variant : 0;
	clock_from_session(s);
}

void
session_newgame_open(struct session *s)
{
	struct session_newgame *ng = &s->ng;

	/* The last choice if there is one, else the game being played. */
	if (!ng->remembered)
		from_session(s);
	else if (s->next_set)
		clock_from_session(s);  /* :clock since: the latest choice */
	/* Always offered again: the normal start (after :fen too); the
	 * FEN field holds the last one to pick it again. */
	ng->choice[NG_START] = 0;
	if (s->have_game) {
		struct board std;
		char err[64];
		const char *sf = variant_start_fen(s->start.variant);
		if (fen_read_variant(&std, s->start.variant, sf, strlen(sf),
		    err, sizeof err) == 0 &&
		    !board_same_position(&std, &s->start))
			fen_write(&s->start, ng->fen, sizeof ng->fen);
	}
	ng->field = NG_WHITE;
	ng->error[0] = '\0';
	ng->open = true;
	s->dirty = true;
}

void
session_newgame_open_fen(struct session *s, int variant, const char *fen)
{
	struct session_newgame *ng = &s->ng;

	session_newgame_open(s);
	ng->choice[NG_VARIANT] = variant >= 0 && variant < NVARIANTS ?
	    variant : 0;
	ng->choice[NG_START] = START_FEN;
	snprintf(ng->fen, sizeof ng->fen, "%s", fen);
}

void
session_newgame_field(struct session *s, int delta)
{
	struct session_newgame *ng = &s->ng;

	ng->field = ((ng->field + delta) % NG_NFIELDS + NG_NFIELDS) %
	    NG_NFIELDS;
	s->dirty = true;
}

void
session_newgame_change(struct session *s, int delta)
{
	struct session_newgame *ng = &s->ng;
	int n = count(session_newgame_choices(ng->field));

	ng->choice[ng->field] = ((ng->choice[ng->field] + delta) % n + n) % n;
	ng->error[0] = '\0';
	if (ng->field == NG_CLOCK && ng->choice[NG_CLOCK] == CLOCK_CUSTOM &&
	    ng->clock_text[0] == '\0')
		snprintf(ng->clock_text, sizeof ng->clock_text, "5+0");
	s->dirty = true;
}

bool
session_newgame_type(struct session *s, int ch)
{
	struct session_newgame *ng = &s->ng;
	char *t;
	size_t cap, len;

	if (ng->field == NG_CLOCK && ng->choice[NG_CLOCK] == CLOCK_CUSTOM) {
		t = ng->clock_text;
		cap = sizeof ng->clock_text;
	} else if (ng->field == NG_START && ng->choice[NG_START] == START_FEN) {
		t = ng->fen;
		cap = sizeof ng->fen;
	} else
		return false;
	len = strlen(t);
	if (ch == SESSION_TYPE_CLEAR) {
		t[0] = '\0';
	} else if (ch < 0) {
		if (len > 0)
			t[len - 1] = '\0';
	} else if (ch >= 32 && ch < 127 && len + 1 < cap) {
		t[len] = (char)ch;
		t[len + 1] = '\0';
	} else
		return false;
	ng->error[0] = '\0';
	s->dirty = true;
	return true;
}

int
session_newgame_start(struct session *s)
{
	struct session_newgame *ng = &s->ng;
	struct player_conf pc[2];
	struct board start;
	char err[128], tc[32], shown[2][64];
	const char *fen;
	int c;

	for (c = 0; c < 2; c++) {
		const char *name;
		char word[32];
		double sec;
		int level;

		players_fill();
		name = players[ng->choice[NG_WHITE + c]];
		pc[c] = c == WHITE ? s->conf.white : s->conf.black;
		if (sscanf(name, LEVEL_PREFIX "%d", &level) == 1)
			snprintf(word, sizeof word, "ai:level=%d", level);
		else
			snprintf(word, sizeof word, "%.*s",
			    (int)strcspn(name, " "), name);
		if (session_player_type_parse(word, &pc[c], err,
		    sizeof err) < 0) {
			snprintf(ng->error, sizeof ng->error, "%s", err);
			return -1;
		}
		if (strncmp(name, LEVEL_PREFIX, strlen(LEVEL_PREFIX)) != 0 &&
		    sscanf(name + strlen(word), " %lfs", &sec) == 1) {
			pc[c].movetime_ms = (int)(sec * 1000);
			pc[c].depth = 0;
		}
	}
	session_newgame_value(s, NG_CLOCK, tc, sizeof tc);
	if (strcmp(tc, "none") != 0) {
		int64_t b, i;
		if (clock_parse_minutes(tc, &b, &i, err, sizeof err) < 0) {
			snprintf(ng->error, sizeof ng->error, _("Clock: %s"), err);
			ng->field = NG_CLOCK;
			return -1;
		}
	}
	fen = ng->choice[NG_START] == START_FEN ? ng->fen :
	    variant_start_fen(ng->choice[NG_VARIANT]);
	if (fen_read_variant(&start, ng->choice[NG_VARIANT], fen, strlen(fen),
	    err, sizeof err) < 0) {
		snprintf(ng->error, sizeof ng->error, _("FEN: %s"), err);
		ng->field = NG_START;
		return -1;
	}
	for (c = 0; c < 2; c++)
		if (session_set_player(s, c, &pc[c]) < 0)
			return -1;
	session_set_clock(s, tc);
	ng->open = false;
	s->edit.open = false;       /* a game from the editor's position */
	s->edit.paused_game = false;
	ng->remembered = true;
	session_newgame_save(s);
	s->paused = false;
	session_new_game(s, &start);
	session_player_name_shown(players[ng->choice[NG_WHITE]], shown[0],
	    sizeof shown[0]);
	session_player_name_shown(players[ng->choice[NG_BLACK]], shown[1],
	    sizeof shown[1]);
	session_msg(s, SM_GOOD, _("new game of %s: %s against %s%s%s"),
	    variant_get(ng->choice[NG_VARIANT])->title, shown[0], shown[1],
	    s->clocked ? _(", clock ") : "", s->clocked ? tc : "");
	return 0;
}

/* The index of text among a field's choices (by name, either language,
 * or 1-based number), -1 if none. */
static int
choice_typed(int field, const char *text)
{
	const char *const *list = session_newgame_choices(field);
	char shown[64];
	int i, n = count(list), v;

	if (field == NG_VARIANT && text[0] != '\0' &&
	    strspn(text, "0123456789") == strlen(text)) {
		v = atoi(text);
		return v >= 1 && v <= n ? v - 1 : -1;
	}
	for (i = 0; i < n; i++) {
		session_player_name_shown(list[i], shown, sizeof shown);
		if (strcasecmp(text, list[i]) == 0 ||
		    strcasecmp(text, _(list[i])) == 0 ||
		    strcasecmp(text, shown) == 0)
			return i;
	}
	return -1;
}

/* "ai level N", "ai:level=N", "level N" or N: the level's choice, -1. */
static int
level_typed(const char *text)
{
	int level, used = 0;

	if ((sscanf(text, "%*[aA]%*[iI] %*[lL]evel %d%n", &level, &used) == 1 ||
	    sscanf(text, "%*[aA]%*[iI]:level=%d%n", &level, &used) == 1 ||
	    sscanf(text, "%*[lL]evel %d%n", &level, &used) == 1 ||
	    sscanf(text, "%d%n", &level, &used) == 1) &&
	    text[used] == '\0' && level >= 1 && level <= SEARCH_LEVELS)
		return level;       /* players: human, then the levels */
	return -1;
}

int
session_newgame_set(struct session *s, int field, const char *text,
    char *err, size_t errlen)
{
	struct session_newgame *ng = &s->ng;
	int64_t b, inc;
	int i;

	if (field == NG_CLOCK && (strcasecmp(text, "none") == 0 ||
	    strcasecmp(text, _("none")) == 0)) {
		ng->choice[NG_CLOCK] = 0;
		return 0;
	}
	if (field == NG_CLOCK) {
		if (clock_parse_minutes(text, &b, &inc, err, errlen) < 0)
			return -1;
		i = find(clocks, text);
		ng->choice[NG_CLOCK] = i < 0 ? CLOCK_CUSTOM : i;
		snprintf(ng->clock_text, sizeof ng->clock_text, "%.31s", text);
		return 0;
	}
	if ((field == NG_WHITE || field == NG_BLACK) &&
	    (i = level_typed(text)) > 0) {
		players_fill();
		ng->choice[field] = i;
		return 0;
	}
	if ((i = choice_typed(field, text)) < 0) {
		snprintf(err, errlen, field == NG_VARIANT ? _("'%s' is no "
		    "variant here") : _("'%s' is not a player: human, or ai "
		    "level 1 to 10 (help players lists them)"), text);
		return -1;
	}
	ng->choice[field] = i;
	ng->error[0] = '\0';
	return 0;
}

/* Enter in the dialog: a game in progress is not left unasked (as a
 * load's); yes starts the dialog's game, no leaves the dialog open. 1:
 * asked. */
int
session_newgame_enter(struct session *s)
{
	if (session_in_game(s)) {
		session_ask(s, s->kept ? _("Leave this game for a new one? It "
		    "stays kept until the new one has a move, then is moved "
		    "aside.") : _("Leave this game for a new one?"),
		    CMD_NEW_DIALOG, NULL);
		return 1;
	}
	return session_newgame_start(s);
}

void
session_newgame_cancel(struct session *s)
{
	s->ng.open = false;
	s->dirty = true;
}

int
session_newgame_save(const struct session *s)
{
	char path[CONF_PATH_MAX + 32];
	FILE *f;
	int i;

	if (session_state_path("newgame", path, sizeof path) < 0 ||
	    (f = fopen(path, "w")) == NULL)
		return -1;
	for (i = 0; i < NG_NFIELDS; i++) {
		fprintf(f, "%s=%s\n", keys[i],
		    session_newgame_choices(i)[s->ng.choice[i]]);
	}
	fprintf(f, "clock_text=%s\n", s->ng.clock_text);
	fprintf(f, "fen=%s\n", s->ng.fen);
	return fclose(f) == 0 ? 0 : -1;
}

int
session_newgame_load(struct session *s)
{
	struct session_newgame *ng = &s->ng;
	char path[CONF_PATH_MAX + 32], line[NG_TEXT_MAX + 32], *eq;
	FILE *f;
	int i, k;

	if (session_state_path("newgame", path, sizeof path) < 0 ||
	    (f = fopen(path, "r")) == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		eq = strchr(line, '=');
		if (eq == NULL)
			continue;
		*eq++ = '\0';
		if (strcmp(line, "clock_text") == 0)
			snprintf(ng->clock_text, sizeof ng->clock_text, "%s",
			    eq);
		else if (strcmp(line, "fen") == 0)
			snprintf(ng->fen, sizeof ng->fen, "%s", eq);
		for (i = 0; i < NG_NFIELDS; i++)
			if (strcmp(line, keys[i]) == 0 &&
			    (k = find(session_newgame_choices(i), eq)) >= 0)
				ng->choice[i] = k;
	}
	fclose(f);
	ng->remembered = true;
	return 0;
}
