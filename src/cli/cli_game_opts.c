/*
 * cli_game_opts.c: the command line of `congo` (the game): its help, and
 * its options on the front ends' one table (cli.h), read into what both
 * views start with (struct session_start: the game's options, network
 * play's, lessons' and puzzles').
 */

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "engine/board.h"
#include "session/session_start.h"
#include "util/i18n.h"
#include "util/util.h"

void
cli_game_usage(FILE *out)
{
	fputs(_(
	    "Usage: congo [OPTION]...\n"
	    "Play Congo in the terminal.\n"
	    "\n"
	    "  --white TYPE       who plays White: human, ai, alphabeta, negamax, random;\n"
	    "                     ai:level=N (1 Beginner .. 10 Master) for a weaker AI\n"
	    "  --black TYPE       who plays Black (default: the config, else White human\n"
	    "                     against the alphabeta AI)\n"
	    "  --depth N          search depth of the AI players (0: no cap)\n"
	    "  --movetime MS      thinking time of the AI players per move\n"
	    "  --clock M+S        a clock: M minutes each (0.5 allowed) plus S seconds\n"
	    "                     a move, e.g. --clock 5+3 (default: congo.conf clock)\n"
	    "  --variant V        congo (default: the config) or megapawn\n"
	    "  --fen FEN          start from this position (of the variant)\n"
	    "  --load FILE        open a saved game at its end, ready to review\n"),
	    out);
	fputs(_(
	    "  --game N           with --load: game N of a file of several\n"
	    "  --resume           play on the game kept when congo last quit (without\n"
	    "                     options that choose a game, congo offers to)\n"
	    "  --config FILE      read this configuration file\n"
	    "  --no-color         no colours (also when NO_COLOR is set)\n"
	    "  --unicode          circled letters for the pieces\n"
	    "  --flip             Black at the bottom\n"
	    "  --plain            no full screen: one line of text per event,\n"
	    "                     moves and commands typed as lines (for screen\n"
	    "                     readers and pipes; also ui.mode = \"plain\")\n"
	    "  --help             show this help and exit\n"
	    "\n"
	    "In the game, ? shows the keys. See congo(6).\n"),
	    out);
}

void
cli_game_net_usage(FILE *out)
{
	fputs(_(
	    "Network play (see congo(6) and congo-server(6)):\n"
	    "  --connect HOST[:PORT]   play on a congo-server (port 7153;\n"
	    "                          default: network.host in congo.conf)\n"
	    "  --connect tls://HOST[:PORT]  the same over TLS (port 7154): its\n"
	    "                          certificate checked against the system's\n"
	    "                          authorities, or a self-signed one pinned\n"
	    "                          on first use in $XDG_DATA_HOME/congo/\n"
	    "                          known_servers once you say yes (a\n"
	    "                          changed one refused)\n"
	    "    --tls-ca FILE         trust only the authorities in FILE\n"
	    "    --tls-trust-new       pin a certificate no authority vouches\n"
	    "                          for without asking (a script; else the\n"
	    "                          player is asked, or it is refused)\n"
	    "    --create [--seat white|black]  a new game (White by default)\n"
	    "    --join GAME [--seat white|black] take the free seat\n"
	    "    --game GAME [--seat S]         take your seat again (the token\n"
	    "                                   is kept in "
	    "$XDG_STATE_HOME/congo/)\n"
	    "    --observe GAME                 watch a game\n"
	    "    (none of these: a lobby lists the games)\n"
	    "  --lobby                 the lobby of congo.conf's server\n"
	    "                          (network.host), as --connect HOST alone\n"
	    "  --host [--port N] [--seat S]  serve here (congo-server) and "
	    "create a game\n"
	    "    for a friend"
	    " (--port 0: any free port; --host --game GAME:\n"
	    "    that hosted game again)\n"
	    "  --name NAME             your name on the server\n"),
	    out);
	fputs(_(
	    "  --register NAME         make an account (once: its key is kept in\n"
	    "                          $XDG_STATE_HOME/congo/keys and logs in\n"
	    "                          on every later connection)\n"
	    "  --login NAME            which account, when several are kept\n"
	    "                          (default: network.account in congo.conf)\n"
	    "  --seek M+S [--rated] [--variant V] [--seat S]  wait for an\n"
	    "                          opponent with the same terms, then play\n"
	    "  --seek --days N, --create --days N  the same, or a new game, by\n"
	    "                          correspondence: N days a move\n"
	    "  --challenge NAME [--days N | --clock M+S] [--rated] [--variant V]\n"
	    "                          [--seat S]  challenge an account (online\n"
	    "                          or not) and wait in the game for it; --days:\n"
	    "                          a correspondence game, N days a move\n"
	    "                          (1, 2, 3, 5, 7, 10 or 14)\n"
	    "  --games                 print your games not over, your turn first,\n"
	    "                          a line each, and exit (for a script)\n"
	    "  --tournaments           print the server's tournaments, a line\n"
	    "                          each, and exit (for a script)\n"
	    "  --white/--black TYPE    the local seat may be an AI "
	    "(e.g. --white alphabeta)\n"
	    "                          in a casual game (not rated: fair "
	    "play)\n"),
	    out);
}

void
cli_game_learn_usage(FILE *out)
{
	fputs(_("\nLearning:\n"
	    "  --learn            open the lessons (a newcomer starts here)\n"
	    "  --puzzle           solve puzzles: win the lion in 1 to 4 moves\n"
	    "                     (of --variant V's set, default the config's)\n"
	    "  --theme T          puzzles of one theme (crocodile, endgame,\n"
	    "                     quiet, ...); :puzzle in the game lists them\n"
	    "  --streak           a puzzle streak: unrated, each harder than the\n"
	    "                     last, one mistake ends it, the best kept\n"),
	    out);
}

/* The options read by a call of their own. */
enum { G_VARIANT, G_GAME, G_SEAT, G_PORT, G_LEARN, G_PUZZLE, G_STREAK,
	G_THEME, G_DAYS, G_SEEK,
	/* network play's flags and words, each at its place in struct
	 * session_net_opts */
	G_NETFLAG, G_NETSTR, G_NTAGS };

#define S(f) offsetof(struct session_start, f)

/* A call's handler of its options (v given when the option takes one). */
typedef int opt_fn(struct session_start *st, const struct cli_opt *opt,
    const char *v);

static int
opt_variant(struct session_start *st, const struct cli_opt *opt,
    const char *v)
{
	(void)opt;
	if (variant_parse(v) < 0) {
		fprintf(stderr, _("congo: --variant must be congo or "
		    "megapawn, not '%s'\n"), v);
		return -1;
	}
	st->o.variant = v;
	return 0;
}

/* A number picks a game of a --load file; else it is a network game's
 * id. */
static int
opt_game(struct session_start *st, const struct cli_opt *opt, const char *v)
{
	long k;

	(void)opt;
	if (v[0] != '\0' && strlen(v) < 8 &&
	    strspn(v, "0123456789") == strlen(v)) {
		if (parse_long(v, 0, 1000000, &k, NULL, 0) != 0) {
			fprintf(stderr, _("congo: --game must be a number "
			    "0..1000000, not '%s'\n"), v);
			return -1;
		}
		if (k == 0) {
			fprintf(stderr, _("congo: --game: games are "
			    "counted from 1\n"));
			return -1;
		}
		st->o.game = (int)k;
		return 0;
	}
	st->o.net.any = true;
	st->o.net.game = v;
	return 0;
}

static int
opt_seat(struct session_start *st, const struct cli_opt *opt, const char *v)
{
	struct session_net_opts *n = &st->o.net;

	(void)opt;
	n->any = true;
	n->seat = strcmp(v, "white") == 0 ? 0 :
	    strcmp(v, "black") == 0 ? 1 : -2;
	if (n->seat == -2) {
		fprintf(stderr, _("congo: --seat is white or black, "
		    "not '%s'\n"), v);
		return -1;
	}
	return 0;
}

static int
opt_port(struct session_start *st, const struct cli_opt *opt, const char *v)
{
	long k;

	(void)opt;
	st->o.net.any = true;
	if (parse_long(v, 0, 65535, &k, NULL, 0) != 0) {
		fprintf(stderr, _("congo: --port must be a number "
		    "0..65535 (0 with --host: any free port), not "
		    "'%s'\n"), v);
		return -1;
	}
	st->o.net.port = (int)k;
	return 0;
}

static int
opt_seek(struct session_start *st, const struct cli_opt *opt, const char *v)
{
	(void)opt;
	st->o.net.any = true;
	/* --seek --days N: no clock; the option after it is read
	 * again (getopt took it for --seek's value) */
	if (v[0] == '-' && v[1] == '-') {
		st->o.net.seek = "";
		optind--;
		return 0;
	}
	st->o.net.seek = v;
	return 0;
}

static int
opt_days(struct session_start *st, const struct cli_opt *opt, const char *v)
{
	long k;

	(void)opt;
	/* PROTOCOL.md "Correspondence": these and no others */
	st->o.net.any = true;
	if (parse_long(v, 1, 14, &k, NULL, 0) != 0 || (k != 1 &&
	    k != 2 && k != 3 && k != 5 && k != 7 && k != 10 &&
	    k != 14)) {
		fprintf(stderr, _("congo: --days is 1, 2, 3, 5, 7, 10 or "
		    "14 (days a move), not '%s'\n"), v);
		return -1;
	}
	st->o.net.days = (int)k;
	return 0;
}

static int
opt_learn(struct session_start *st, const struct cli_opt *opt,
    const char *v)
{
	(void)opt;
	(void)v;
	st->lo.learn = true;
	return 0;
}

/* --puzzle, --streak (a streak of puzzles). */
static int
opt_puzzle(struct session_start *st, const struct cli_opt *opt,
    const char *v)
{
	(void)v;
	st->lo.puzzle = true;
	if (opt->tag == G_STREAK)
		st->lo.streak = true;
	return 0;
}

/* --theme without a theme: said here (the parser says it for the other
 * options). */
static int
theme_missing(void)
{
	fprintf(stderr, _("congo: --theme needs a value: a theme of the "
	    "puzzles (crocodile, endgame, quiet, ...)\n"));
	return -1;
}

static int
opt_theme(struct session_start *st, const struct cli_opt *opt,
    const char *v)
{
	(void)opt;
	if (v[0] == '\0' || v[0] == '-')
		return theme_missing();
	st->lo.puzzle = true;
	st->lo.theme = v;
	return 0;
}

/* A flag or a word of network play, at its place (opt->off). */
static int
opt_net(struct session_start *st, const struct cli_opt *opt, const char *v)
{
	st->o.net.any = true;
	if (opt->tag == G_NETFLAG)
		*(bool *)((char *)st + opt->off) = true;
	else
		*(const char **)((char *)st + opt->off) = v;
	return 0;
}

static opt_fn *const opt_fns[G_NTAGS] = {
	[G_VARIANT] = opt_variant, [G_GAME] = opt_game,
	[G_SEAT] = opt_seat, [G_PORT] = opt_port,
	[G_LEARN] = opt_learn, [G_PUZZLE] = opt_puzzle,
	[G_STREAK] = opt_puzzle, [G_THEME] = opt_theme,
	[G_DAYS] = opt_days, [G_SEEK] = opt_seek,
	[G_NETFLAG] = opt_net, [G_NETSTR] = opt_net,
};

static int
call_opt(void *ctx, const struct cli_opt *opt, const char *v)
{
	if (v == NULL && opt->has_value)
		/* the value missing: said by the parser, but for --theme */
		return opt->tag == G_THEME ? theme_missing() : 0;
	return opt_fns[opt->tag](ctx, opt, v);
}

#define FLAG(name, f) { name, CLI_FLAG, S(o.f), 0, 0, NULL, 0, 0 }
#define STR(name, f) { name, CLI_STR, S(o.f), 0, 0, NULL, 0, 0 }
#define CALL(name, tag, v) { name, CLI_CALL, 0, 0, 0, call_opt, tag, v }
#define NET(name, f) { name, CLI_CALL, S(o.net.f), 0, 0, call_opt, G_NETSTR, 1 }
#define NETFLAG(name, f) \
	{ name, CLI_CALL, S(o.net.f), 0, 0, call_opt, G_NETFLAG, 0 }
static const struct cli_opt game_opts[] = {
	STR("white", white),
	STR("black", black),
	{ "depth", CLI_INT, S(o.depth), 0, 64, NULL, 0, 0 },
	{ "movetime", CLI_INT, S(o.movetime_ms), 0, 3600000, NULL, 0, 0 },
	STR("fen", fen),
	STR("load", load),
	STR("config", config),
	FLAG("no-color", no_color),
	FLAG("no-colour", no_color),
	FLAG("unicode", unicode),
	FLAG("flip", flip),
	STR("clock", clock),
	CALL("variant", G_VARIANT, 1),
	FLAG("resume", resume),
	FLAG("plain", plain),
	{ "help", CLI_FLAG, S(o.help), 0, 0, NULL, 'h', 0 },
	/* network play (checked together by session_net_opts_check) */
	NET("connect", connect),
	NETFLAG("host", host),
	CALL("port", G_PORT, 1),
	NETFLAG("create", create),
	CALL("seat", G_SEAT, 1),
	NET("join", join),
	CALL("game", G_GAME, 1),
	NET("observe", observe),
	NET("name", name),
	NET("register", register_name),
	NET("login", login),
	CALL("seek", G_SEEK, 1),
	NETFLAG("rated", rated),
	NET("tls-ca", tls_ca),
	NETFLAG("tls-trust-new", tls_trust_new),
	NETFLAG("lobby", lobby),
	NET("challenge", challenge),
	CALL("days", G_DAYS, 1),
	NETFLAG("games", games),
	NETFLAG("tournaments", tournaments),
	/* lessons and puzzles */
	CALL("learn", G_LEARN, 0),
	CALL("puzzle", G_PUZZLE, 0),
	CALL("streak", G_STREAK, 0),
	CALL("theme", G_THEME, 1),
	CLI_END
};
#undef FLAG
#undef STR
#undef CALL
#undef NET
#undef NETFLAG
#undef S

int
cli_game_parse(int argc, char **argv, struct session_start *st)
{
	static const struct cli_mode mode = { NULL, game_opts,
	    cli_game_usage, 0 };
	const struct session_opts *o = &st->o;

	session_opts_init(&st->o);
	memset(&st->lo, 0, sizeof st->lo);
	if (cli_parse(&mode, argc, argv, st, NULL) != 0)
		return -1;
	if (o->fen != NULL && o->load != NULL) {
		fprintf(stderr, _("congo: --fen and --load cannot go "
		    "together\n"));
		return -1;
	}
	if (o->net.days > 0 && o->clock != NULL) {
		fprintf(stderr, _("congo: --days or --clock, not both\n"));
		return -1;
	}
	if (o->resume && session_opts_choose_game(o)) {
		fprintf(stderr, _("congo: --resume plays on the kept game: it "
		    "does not go with options that choose another (--white, "
		    "--black, --fen, --load, --variant, --clock, network "
		    "play)\n"));
		return -1;
	}
	return 0;
}
