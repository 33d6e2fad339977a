/*
 * uci_main.c: `congo --engine`, the UCI-style text interface: one command
 * a line on stdin, answers on stdout. Malformed input answers
 * `error <message>` and the engine keeps going.
 */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/fen.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "tb/tb.h"
#include "uci/uci.h"
#include "uci/uci_internal.h"
#include "util/util.h"

#define LINE_MAX_LEN 65536

struct uci {
	FILE *out;
	int variant;                 /* setoption UCI_Variant (enum variant) */
	struct game game;
	struct game_rules rules;
	struct uci_search *search;   /* go/stop/setoption (uci_search.c) */
};

/* The start position of the engine's variant. */
static void
start_position(const struct uci *u, struct board *b)
{
	const char *fen = variant_start_fen(u->variant);

	fen_read_variant(b, u->variant, fen, strlen(fen), NULL, 0);
}

/* A new game from the variant's start. */
static void
new_game(struct uci *u)
{
	struct board b;

	start_position(u, &b);
	game_free(&u->game);
	game_init(&u->game, &b, &u->rules);
}

/*
 * `setoption name UCI_Variant value congo|megapawn` (the convention of
 * variant chess engines): later positions are of that variant, and the
 * game is set to its start at once. Returns false for other options.
 */
static bool
set_variant(struct uci *u, const char *args)
{
	static const char name[] = "name UCI_Variant value ";
	const char *value;
	int v;

	if (strncasecmp(args, name, sizeof name - 1) != 0 &&
	    strcasecmp(args, "name UCI_Variant value") != 0 &&
	    strcasecmp(args, "name UCI_Variant") != 0)
		return false;
	value = strlen(args) >= sizeof name - 1 ? args + sizeof name - 1 : "";
	while (*value == ' ')
		value++;
	if ((v = variant_parse(value)) < 0) {
		fprintf(u->out, "error unknown variant '%.40s' (congo or "
		    "megapawn)\n", value);
		return true;
	}
	u->variant = v;
	new_game(u);
	return true;
}

/* `position startpos|fen <FEN> [moves m1 m2 ...]` */
static void
cmd_position(struct uci *u, char *args)
{
	char err[160], *moves, *fen;
	struct board b;
	struct game g;

	moves = strstr(args, " moves");
	if (moves != NULL && (moves[6] == ' ' || moves[6] == '\0')) {
		*moves = '\0';
		moves += 6;
	} else if (strncmp(args, "moves", 5) == 0) {
		fprintf(u->out, "error position needs startpos or fen first\n");
		return;
	} else {
		moves = NULL;
	}
	while (*args == ' ')
		args++;
	if (strncmp(args, "startpos", 8) == 0 &&
	    (args[8] == '\0' || args[8] == ' ')) {
		start_position(u, &b);
	} else if (strncmp(args, "fen", 3) == 0 && args[3] == ' ') {
		fen = args + 4;
		if (fen_read_variant(&b, u->variant, fen, strlen(fen), err,
		    sizeof err) < 0) {
			fprintf(u->out, "error bad FEN: %s\n", err);
			return;
		}
	} else {
		fprintf(u->out, "error position needs startpos or fen <FEN>\n");
		return;
	}
	game_init(&g, &b, &u->rules);
	if (moves != NULL) {
		char *save, *tok;
		for (tok = strtok_r(moves, " \t", &save); tok != NULL;
		    tok = strtok_r(NULL, " \t", &save)) {
			if (game_play_text(&g, tok, err, sizeof err) < 0) {
				fprintf(u->out, "error %s (move %d of the "
				    "list)\n", err, g.nply + 1);
				game_free(&g);
				return;
			}
		}
	}
	game_free(&u->game);
	u->game = g;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Move texts of every legal move (exact: a list is not enough for some
 * monkey positions), each followed by its suffix, sorted. */
static char **
sorted_texts(const struct board *b, size_t *count, int perft_depth)
{
	size_t n;
	move_t *mv = movegen_all(b, &n);
	char **t = xcalloc(n + 1, sizeof *t);

	for (size_t i = 0; i < n; i++) {
		char txt[MOVE_TEXT_MAX], line[MOVE_TEXT_MAX + 32];
		notation_write(mv[i], txt, sizeof txt);
		if (perft_depth > 0) {
			struct board child = *b;
			board_make(&child, mv[i], NULL);
			snprintf(line, sizeof line, "%s: %llu", txt,
			    (unsigned long long)perft(&child, perft_depth - 1));
		} else {
			snprintf(line, sizeof line, "%s", txt);
		}
		t[i] = xstrdup(line);
	}
	free(mv);
	qsort(t, n, sizeof *t, cmp_str);
	*count = n;
	return t;
}

static void
cmd_moves(struct uci *u)
{
	size_t n = 0;
	char **t;

	/* A game that has ended accepts no more moves (RULES.md). */
	if (game_over(&u->game)) {
		fputs("moves\n", u->out);
		return;
	}
	t = sorted_texts(game_board(&u->game), &n, 0);

	fputs("moves", u->out);
	for (size_t i = 0; i < n; i++) {
		fprintf(u->out, " %s", t[i]);
		free(t[i]);
	}
	fputc('\n', u->out);
	free(t);
}

static void
cmd_perft(struct uci *u, const char *arg)
{
	uint64_t total = 0;
	char **t;
	size_t n;
	long depth;

	if (parse_long(arg, 1, 20, &depth, NULL, 0) != 0) {
		fprintf(u->out, "error go perft needs a depth from 1 to 20\n");
		return;
	}
	t = sorted_texts(game_board(&u->game), &n, (int)depth);
	for (size_t i = 0; i < n; i++) {
		fprintf(u->out, "%s\n", t[i]);
		total += strtoull(strchr(t[i], ':') + 2, NULL, 10);
		free(t[i]);
	}
	free(t);
	fprintf(u->out, "Nodes searched: %llu\n", (unsigned long long)total);
}

static void
cmd_result(struct uci *u)
{
	if (u->game.result == RESULT_NONE)
		fprintf(u->out, "result none\n");
	else
		fprintf(u->out, "result %s %s\n",
		    game_result_name(u->game.result),
		    game_reason_name(u->game.reason));
}

/* `tbprobe`: the endgame tables' value of the current position: `tbprobe
 * win N`, `loss N` (N: the winner's moves until the lion is taken),
 * `draw`, or `none` when its material is not in the tables. */
static void
cmd_tbprobe(struct uci *u)
{
	struct tb_result r;
	char text[32];

	if (tb_probe(game_board(&u->game), &r) != 0) {
		fputs("tbprobe none\n", u->out);
		return;
	}
	tb_result_text(&r, text, sizeof text);
	fprintf(u->out, "tbprobe %s\n", text);
}

/* Returns 0 to go on, 1 on quit. */
static int
dispatch(struct uci *u, char *line)
{
	char *cmd = line, *args;
	char buf[1024];

	while (*cmd == ' ' || *cmd == '\t')
		cmd++;
	if (*cmd == '\0')
		return 0;
	args = cmd + strcspn(cmd, " \t");
	if (*args != '\0')
		*args++ = '\0';
	while (*args == ' ' || *args == '\t')
		args++;

	if (strcmp(cmd, "uci") == 0) {
		fprintf(u->out, "id name Congo %s\n", PACKAGE_VERSION);
		fprintf(u->out, "id author the Congo developers\n");
		uci_search_print_options(u->search);
		fprintf(u->out, "option name UCI_Variant type combo default "
		    "congo var congo var megapawn\n");
		fprintf(u->out, "uciok\n");
	} else if (strcmp(cmd, "isready") == 0) {
		fprintf(u->out, "readyok\n");
	} else if (strcmp(cmd, "ucinewgame") == 0) {
		new_game(u);
		uci_search_newgame(u->search);
	} else if (strcmp(cmd, "position") == 0) {
		cmd_position(u, args);
	} else if (strcmp(cmd, "moves") == 0) {
		cmd_moves(u);
	} else if (strcmp(cmd, "fen") == 0) {
		fen_write(game_board(&u->game), buf, sizeof buf);
		fprintf(u->out, "fen %s\n", buf);
	} else if (strcmp(cmd, "result") == 0) {
		cmd_result(u);
	} else if (strcmp(cmd, "tbprobe") == 0) {
		cmd_tbprobe(u);
	} else if (strcmp(cmd, "d") == 0) {
		board_draw_text(game_board(&u->game), buf, sizeof buf);
		fputs(buf, u->out);
		fen_write(game_board(&u->game), buf, sizeof buf);
		fprintf(u->out, "fen %s\n", buf);
	} else if (strcmp(cmd, "go") == 0) {
		if (strncmp(args, "perft", 5) == 0 &&
		    (args[5] == ' ' || args[5] == '\0'))
			cmd_perft(u, args[5] ? args + 6 : args + 5);
		else
			uci_search_go(u->search, &u->game, args);
	} else if (strcmp(cmd, "setoption") == 0) {
		if (!set_variant(u, args))
			uci_search_setoption(u->search, args);
	} else if (strcmp(cmd, "stop") == 0) {
		/* nothing runs (uci_run stops a running search itself) */
	} else if (strcmp(cmd, "quit") == 0) {
		return 1;
	} else {
		size_t n = strlen(cmd);
		fprintf(u->out, "error unknown command '%.*s%s'\n",
		    n > 40 ? 40 : (int)n, cmd, n > 40 ? "..." : "");
	}
	return 0;
}

static bool
command_in(const char *line, const char *const *names, size_t n)
{
	size_t len;

	while (*line == ' ' || *line == '\t')
		line++;
	len = strcspn(line, " \t");
	for (size_t i = 0; i < n; i++)
		if (strlen(names[i]) == len && strncmp(line, names[i], len) == 0)
			return true;
	return false;
}

/*
 * Commands that only read the game may run beside a search. `stop` and
 * `quit` stop it; any other command waits for its bestmove first (an
 * infinite search is stopped), so commands piped in run in order and the
 * search never sees the game change under it.
 */
static bool
passive_command(const char *line)
{
	static const char *const passive[] = {
		"isready", "uci", "d", "fen", "result", "moves", "tbprobe", ""
	};

	return command_in(line, passive, sizeof passive / sizeof passive[0]);
}

static bool
stop_command(const char *line)
{
	static const char *const stop[] = { "stop", "quit" };

	return command_in(line, stop, sizeof stop / sizeof stop[0]);
}

/*
 * One line of input into buf (at most cap - 1 bytes, NUL-terminated, the
 * newline dropped) and its length, NUL bytes included: 0, or 1 when it was
 * too long (the rest is skipped), -1 at the end of input.
 */
static int
read_line(FILE *in, char *buf, size_t cap, size_t *len)
{
	size_t n = 0;
	int c;

	while ((c = getc(in)) != EOF && c != '\n') {
		if (n + 1 >= cap) {
			while ((c = getc(in)) != EOF && c != '\n')
				;
			*len = n;
			buf[n] = '\0';
			return 1;
		}
		buf[n++] = (char)c;
	}
	if (c == EOF && n == 0)
		return -1;
	while (n > 0 && buf[n - 1] == '\r')
		n--;
	buf[n] = '\0';
	*len = n;
	return 0;
}

int
uci_run(FILE *in, FILE *out)
{
	static const struct game_rules defaults = GAME_RULES_DEFAULT;
	pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
	struct uci u;
	struct board b;
	char *line = xmalloc(LINE_MAX_LEN);
	int quit = 0;

	memset(&u, 0, sizeof u);
	u.out = out;
	u.search = uci_search_new(out, &out_lock);
	u.rules = defaults;
	fen_read(&b, FEN_START, NULL, 0);
	game_init(&u.game, &b, &u.rules);
	for (;;) {
		size_t n;
		int r;

		if (quit || (r = read_line(in, line, LINE_MAX_LEN, &n)) < 0)
			break;
		if (r > 0 || memchr(line, '\0', n) != NULL) {
			/* Too long, or a NUL byte, which would cut the line
			 * (a FEN, a move list) short without a word. */
			pthread_mutex_lock(&out_lock);
			fprintf(out, "error %s\n", r > 0 ? "line too long" :
			    "the line holds a NUL byte");
			fflush(out);
			pthread_mutex_unlock(&out_lock);
			continue;
		}
		if (uci_search_busy(u.search) && !passive_command(line)) {
			if (stop_command(line))
				uci_search_stop(u.search);
			else
				uci_search_wait(u.search);
		}
		pthread_mutex_lock(&out_lock);
		quit = dispatch(&u, line);
		fflush(out);
		pthread_mutex_unlock(&out_lock);
	}
	/* at the end of input a search with limits may finish */
	uci_search_wait(u.search);
	uci_search_free(u.search);
	game_free(&u.game);
	free(line);
	return 0;
}

int
uci_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	setvbuf(stdout, NULL, _IOLBF, 0);
	return uci_run(stdin, stdout);
}
