/*
 * cli.h: congo's command-line front ends (--match, ...) and the one
 * table-driven option parser they share: each mode lists its options once
 * (name, kind, where the value goes, its range), and cli_parse reads argv
 * with getopt_long, checks every number with util's parser and names the
 * option in every message.
 */
#ifndef CONGO_CLI_H
#define CONGO_CLI_H

#include <stddef.h>
#include <stdio.h>

enum cli_type {
	CLI_FLAG,     /* no value: the bool at off becomes true */
	CLI_UNFLAG,   /* no value: the bool at off becomes false */
	CLI_INT,      /* an int in [lo, hi] */
	CLI_I64,      /* an int64_t in [lo, hi] */
	CLI_STR,      /* a const char * (argv's own string) */
	CLI_CALL,     /* the option's own reading: call(ctx, opt, value) */
	CLI_HELP      /* print the mode's usage on stdout, parse ends with 1 */
};

struct cli_opt {
	const char *name;     /* the long name, without "--" */
	enum cli_type type;
	size_t off;           /* where the value goes, in the caller's ctx */
	long lo, hi;          /* CLI_INT, CLI_I64 */
	/* CLI_CALL (value NULL for an option without one: has_value false;
	 * in the game's table, also for one whose value is missing, -1
	 * after saying what it wants, 0 for the parser's message); 0, or -1
	 * after printing its message */
	int (*call)(void *ctx, const struct cli_opt *o, const char *value);
	int tag;              /* for call: which of its options; for the
			       * others a short letter (-h) or 0 */
	int has_value;        /* CLI_CALL: takes a value */
};
#define CLI_END { NULL, CLI_FLAG, 0, 0, 0, NULL, 0, 0 }

struct cli_mode {
	const char *name;             /* "match": messages say "--match";
				       * NULL: the game's own ("congo:
				       * unknown option '--x' (congo --help
				       * lists them)", "congo: --x needs a
				       * value") */
	const struct cli_opt *opts;   /* ended by CLI_END */
	void (*usage)(FILE *out);
	int max_operands;             /* arguments that are not options; -1
				       * any number */
};

/*
 * Read argv[1..argc-1] (argv[0] is the mode's word) into ctx by the mode's
 * table. 0 with *first_operand (if not NULL) the index of the first
 * operand (getopt puts them last); 1 when --help printed the usage; -1
 * after printing a message naming the option ("congo: --depth must be a
 * number 1..64, not 'x'", "congo: --match: unknown option '--x'").
 */
int cli_parse(const struct cli_mode *m, int argc, char **argv, void *ctx,
    int *first_operand);
/* A CLI_CALL that reads a variant's name (variant_parse) into the int at
 * o->off: -1 after "congo: unknown variant 'x' (congo or megapawn)". */
int cli_parse_variant(void *ctx, const struct cli_opt *o, const char *v);

/* `congo --match ...`: headless games between two players (cli_match.c). */
int cli_match_main(int argc, char **argv);
/* `congo --make-book ...`: a decisive book of openings (cli_book.c). */
int cli_book_main(int argc, char **argv);
/* `congo --tune FILE...`: Texel's method over games (cli_tune.c). */
int cli_tune_main(int argc, char **argv);
/* `congo --make-puzzles ...`: puzzles found and proved (cli_puzzles.c). */
int cli_puzzles_main(int argc, char **argv);
/* `congo --make-tablebases [DIR] ...`: endgame tables (cli_tablebases.c). */
int cli_tablebases_main(int argc, char **argv);
/* `congo --swiss-pair FILE.trf`: a Swiss round by the Dutch system
 * (cli_swiss.c). */
int cli_swiss_pair_main(int argc, char **argv);
/* `congo --gen-data OUT ...` and `congo --train DATA... -o NET ...`: the
 * learned evaluation's data and trainer (cli_nnue.c). */
int cli_gen_data_main(int argc, char **argv);
int cli_train_main(int argc, char **argv);

/*
 * `congo` (the game, cli_game.c): the options read into what a view starts
 * with, the settings loaded and the options applied, the tablebases'
 * folder given, then the full-screen view (src/ui) or the plain one
 * (src/plain, --plain or ui.mode = "plain"). The exit status.
 */
int cli_game_main(int argc, char **argv);
/* The game's command line (cli_game_opts.c), by the table: 0, or -1 after
 * printing a message naming the option. */
struct session_start;
int cli_game_parse(int argc, char **argv, struct session_start *st);
/* The game's signals (cli_signals.c): set up for a view to start (the
 * self-pipe made then), and closed after it. */
struct session_signals;
void cli_signals_init(struct session_signals *s);
void cli_signals_end(struct session_signals *s);
/* The game's parts of `congo --help`: its options, network play's,
 * lessons'. */
void cli_game_usage(FILE *out);
void cli_game_net_usage(FILE *out);
void cli_game_learn_usage(FILE *out);

#endif
