/*
 * ui_opts.c: the command line of the game, applied on top of the config.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "config/config.h"
#include "ui/ui_int.h"
#include "util/util.h"

void
ui_usage(FILE *out)
{
	fputs(
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
	    "  --load FILE        open a saved game at its end, ready to review\n"
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
	    "In the game, ? shows the keys. See congo(6).\n",
	    out);
}

static int
number(const char *opt, const char *v, long max, int *out, char *err,
    size_t errlen)
{
	long n;

	if (parse_long(v, 0, max, &n, NULL, 0) != 0) {
		snprintf(err, errlen, "%s must be a number 0..%ld, not '%s'",
		    opt, max, v);
		return -1;
	}
	*out = (int)n;
	return 0;
}

enum { OPT_WHITE = 256, OPT_BLACK, OPT_DEPTH, OPT_MOVETIME, OPT_FEN,
	OPT_LOAD, OPT_CONFIG, OPT_NOCOLOR, OPT_UNICODE, OPT_FLIP, OPT_CLOCK,
	OPT_VARIANT, OPT_RESUME, OPT_PLAIN,
	/* network play (checked together by session_net_opts_check) */
	OPT_CONNECT, OPT_HOST, OPT_PORT, OPT_CREATE, OPT_SEAT, OPT_JOIN,
	OPT_GAME, OPT_OBSERVE, OPT_NAME, OPT_REGISTER, OPT_LOGIN, OPT_SEEK,
	OPT_RATED, OPT_TLS_CA };

static const struct option longopts[] = {
	{ "white", required_argument, NULL, OPT_WHITE },
	{ "black", required_argument, NULL, OPT_BLACK },
	{ "depth", required_argument, NULL, OPT_DEPTH },
	{ "movetime", required_argument, NULL, OPT_MOVETIME },
	{ "fen", required_argument, NULL, OPT_FEN },
	{ "load", required_argument, NULL, OPT_LOAD },
	{ "config", required_argument, NULL, OPT_CONFIG },
	{ "no-color", no_argument, NULL, OPT_NOCOLOR },
	{ "no-colour", no_argument, NULL, OPT_NOCOLOR },
	{ "unicode", no_argument, NULL, OPT_UNICODE },
	{ "flip", no_argument, NULL, OPT_FLIP },
	{ "clock", required_argument, NULL, OPT_CLOCK },
	{ "variant", required_argument, NULL, OPT_VARIANT },
	{ "resume", no_argument, NULL, OPT_RESUME },
	{ "plain", no_argument, NULL, OPT_PLAIN },
	{ "help", no_argument, NULL, 'h' },
	{ "connect", required_argument, NULL, OPT_CONNECT },
	{ "host", no_argument, NULL, OPT_HOST },
	{ "port", required_argument, NULL, OPT_PORT },
	{ "create", no_argument, NULL, OPT_CREATE },
	{ "seat", required_argument, NULL, OPT_SEAT },
	{ "join", required_argument, NULL, OPT_JOIN },
	{ "game", required_argument, NULL, OPT_GAME },
	{ "observe", required_argument, NULL, OPT_OBSERVE },
	{ "name", required_argument, NULL, OPT_NAME },
	{ "register", required_argument, NULL, OPT_REGISTER },
	{ "login", required_argument, NULL, OPT_LOGIN },
	{ "seek", required_argument, NULL, OPT_SEEK },
	{ "rated", no_argument, NULL, OPT_RATED },
	{ "tls-ca", required_argument, NULL, OPT_TLS_CA },
	{ NULL, 0, NULL, 0 },
};

/* One network option's value into *n. */
static int
net_option(int opt, const char *v, struct session_net_opts *n, char *err,
    size_t errlen)
{
	long port;

	n->any = true;
	switch (opt) {
	case OPT_CONNECT:
		n->connect = v;
		break;
	case OPT_HOST:
		n->host = true;
		break;
	case OPT_CREATE:
		n->create = true;
		break;
	case OPT_JOIN:
		n->join = v;
		break;
	case OPT_GAME:
		n->game = v;
		break;
	case OPT_OBSERVE:
		n->observe = v;
		break;
	case OPT_NAME:
		n->name = v;
		break;
	case OPT_REGISTER:
		n->register_name = v;
		break;
	case OPT_LOGIN:
		n->login = v;
		break;
	case OPT_SEEK:
		n->seek = v;
		break;
	case OPT_RATED:
		n->rated = true;
		break;
	case OPT_TLS_CA:
		n->tls_ca = v;
		break;
	case OPT_SEAT:
		n->seat = strcmp(v, "white") == 0 ? 0 :
		    strcmp(v, "black") == 0 ? 1 : -2;
		if (n->seat == -2) {
			snprintf(err, errlen, "--seat is white or black, "
			    "not '%s'", v);
			return -1;
		}
		break;
	default: /* OPT_PORT */
		if (parse_long(v, 0, 65535, &port, NULL, 0) != 0) {
			snprintf(err, errlen, "--port must be a number "
			    "0..65535 (0 with --host: any free port), not "
			    "'%s'", v);
			return -1;
		}
		n->port = (int)port;
		break;
	}
	return 0;
}

/* One option's value into *o; -1 with err. */
static int
option(int opt, const char *v, struct ui_opts *o, char *err, size_t errlen)
{
	switch (opt) {
	case 'h':
		o->help = true;
		return 0;
	case OPT_NOCOLOR:
		o->no_color = true;
		return 0;
	case OPT_UNICODE:
		o->unicode = true;
		return 0;
	case OPT_FLIP:
		o->flip = true;
		return 0;
	case OPT_RESUME:
		o->resume = true;
		return 0;
	case OPT_PLAIN:
		o->plain = true;
		return 0;
	case OPT_WHITE:
		o->white = v;
		return 0;
	case OPT_BLACK:
		o->black = v;
		return 0;
	case OPT_FEN:
		o->fen = v;
		return 0;
	case OPT_LOAD:
		o->load = v;
		return 0;
	case OPT_CLOCK:
		o->clock = v;
		return 0;
	case OPT_VARIANT:
		if (variant_parse(v) < 0) {
			snprintf(err, errlen, "--variant must be congo or "
			    "megapawn, not '%s'", v);
			return -1;
		}
		o->variant = v;
		return 0;
	case OPT_GAME:
		/* A number picks a game of a --load file; else it is a
		 * network game's id. */
		if (v[0] != '\0' && strlen(v) < 8 &&
		    strspn(v, "0123456789") == strlen(v)) {
			if (number("--game", v, 1000000, &o->game, err,
			    errlen) < 0)
				return -1;
			if (o->game == 0) {
				snprintf(err, errlen, "--game: games are "
				    "counted from 1");
				return -1;
			}
			return 0;
		}
		return net_option(opt, v, &o->net, err, errlen);
	case OPT_CONFIG:
		o->config = v;
		return 0;
	case OPT_DEPTH:
		return number("--depth", v, 64, &o->depth, err, errlen);
	case OPT_MOVETIME:
		return number("--movetime", v, 3600000, &o->movetime_ms, err,
		    errlen);
	default:
		return net_option(opt, v, &o->net, err, errlen);
	}
}

int
ui_opts_parse(int argc, char **argv, struct ui_opts *o, char *err,
    size_t errlen)
{
	int ch;

	memset(o, 0, sizeof *o);
	o->depth = -1;
	o->movetime_ms = -1;
	o->net.port = -1;
	o->net.seat = -1;
	opterr = 0;     /* the messages are ours, in err */
	optind = 0;     /* (re)start getopt: main.c has looked at argv[1] */
	while ((ch = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		if (ch == ':') {
			snprintf(err, errlen, "%s needs a value",
			    argv[optind - 1]);
			return -1;
		}
		if (ch == '?') {
			snprintf(err, errlen, "unknown option '%s' "
			    "(congo --help lists them)", argv[optind - 1]);
			return -1;
		}
		if (option(ch, optarg, o, err, errlen) < 0)
			return -1;
	}
	if (optind < argc) {
		snprintf(err, errlen, "unknown option '%s' "
		    "(congo --help lists them)", argv[optind]);
		return -1;
	}
	if (o->fen != NULL && o->load != NULL) {
		snprintf(err, errlen, "--fen and --load cannot go together");
		return -1;
	}
	if (o->resume && ui_opts_choose_game(o)) {
		snprintf(err, errlen, "--resume plays on the kept game: it "
		    "does not go with options that choose another (--white, "
		    "--black, --fen, --load, --variant, --clock, network "
		    "play)");
		return -1;
	}
	return 0;
}

bool
ui_opts_choose_game(const struct ui_opts *o)
{
	return o->white != NULL || o->black != NULL || o->fen != NULL ||
	    o->load != NULL || o->variant != NULL || o->clock != NULL ||
	    o->game > 0 || o->net.any;
}

void
ui_opts_net_game(const struct ui_opts *o, struct session_net_game *ng)
{
	memset(ng, 0, sizeof *ng);
	ng->fen = o->fen;
	ng->clock = o->clock;
	ng->load = o->load;
	ng->local_given[WHITE] = o->white != NULL;
	ng->local_given[BLACK] = o->black != NULL;
}

int
ui_opts_apply(const struct ui_opts *o, struct congo_conf *c, char *err,
    size_t errlen)
{
	if (o->variant != NULL)
		snprintf(c->variant, sizeof c->variant, "%s", o->variant);
	if (o->white != NULL &&
	    session_player_type_parse(o->white, &c->white, err, errlen) < 0)
		return -1;
	if (o->black != NULL &&
	    session_player_type_parse(o->black, &c->black, err, errlen) < 0)
		return -1;
	if (o->depth >= 0) {
		c->white.depth = o->depth;
		c->black.depth = o->depth;
		/* A depth alone means: no clock, search to that depth. */
		if (o->movetime_ms < 0) {
			c->white.movetime_ms = 0;
			c->black.movetime_ms = 0;
		}
	}
	if (o->movetime_ms >= 0) {
		c->white.movetime_ms = o->movetime_ms;
		c->black.movetime_ms = o->movetime_ms;
	}
	if (o->no_color)
		c->ui.color = false;
	if (o->unicode)
		c->ui.unicode = true;
	if (o->flip)
		c->ui.flip = true;
	return 0;
}
