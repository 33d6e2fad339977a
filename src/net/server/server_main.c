/*
 * server_main.c: `congo-server`, the CGP/1 game server: options (over the
 * `server` group of congo.conf), signals, then the event loop.
 */

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "config/config.h"
#include "net/server/server.h"
#include "net/server/srv_int.h"
#include "net/store/store.h"
#include "util/i18n.h"
#include "util/util.h"

static volatile sig_atomic_t stop_flag, reload_flag;

static void
on_signal(int sig)
{
	if (sig == SIGHUP)
		reload_flag = 1;    /* the loop reads the certificate again */
	else
		stop_flag = 1;
}

/* congo-server --help: one text, one message to translate. */
static const char usage_text[] = N_(
	    "Usage: congo-server [OPTION]...\n"
	    "Serve Congo games over TCP (the CGP/1 protocol) to congo and "
	    "other clients.\n"
	    "\n"
	    "  -p, --port N|none         listen on port N (default 7153; 0: any "
	    "free port;\n"
	    "                            none: no plain port, TLS only)\n"
	    "  -b, --bind ADDR           listen on this address only (default: "
	    "all)\n"
	    "      --http ADDR:PORT      serve the read-only web pages there "
	    "(default: none)\n"
	    "      --tls-listen ADDR:PORT  CGP/1 over TLS there as well "
	    "(0.0.0.0:7154)\n"
	    "      --tls-cert FILE       its certificate (PEM, with the chain; "
	    "read again\n"
	    "                            on SIGHUP)\n"
	    "      --tls-key FILE        its private key (PEM)\n"
	    "      --https ADDR:PORT     the web pages over TLS there, with "
	    "that certificate\n"
	    "                            (and HSTS; SIGHUP closes its open "
	    "connections)\n"

	    "  -d, --db FILE|URI         the games database (default\n"
	    "                            $XDG_STATE_HOME/congo/"
	    "congo-server.db), or a\n"
	    "                            PostgreSQL URI several servers "
	    "share:\n"
	    "                            postgresql:///congo?host=/run/"
	    "postgresql&user=congo\n"
	    "      --db-file FILE        read --db from this file (only this "
	    "user may read\n"
	    "                            it: mode 0600), a password kept off "
	    "the command line\n"
	    "      --create              create the database if it does not "
	    "exist yet\n"
	    "                            (a first start; without it a missing "
	    "or empty\n"
	    "                            database is an error, never replaced)"
	    "\n"
	    "      --upgrade             bring a database of an older version "
	    "up to this\n"
	    "                            server's (back it up first), then "
	    "exit; a start on\n"
	    "                            an older database is refused until "
	    "then\n"
	    "      --check               check the configuration and the "
	    "database (every\n"
	    "                            open and active game replays), then "
	    "exit\n"
	    "      --reset-key NAME      print a new key for the account NAME "
	    "(its old key\n"
	    "                            stops working), then exit\n"
	    "      --max-connections N   connections in total (default 1000)\n"
	    "      --max-per-address N   connections from one network (an "
	    "IPv4 /24,\n"
	    "                            an IPv6 /64; default 16)\n"
	    "      --games-per-minute N  new games a network may create a "
	    "minute (10)\n"
	    "      --max-observers N     observers of one game (default 50)\n"
	    "      --max-failed-rejoins N  wrong tokens a network may send "
	    "for one game\n"
	    "                            a minute (10; the right token "
	    "always works)\n"
	    "      --commands-per-second N  commands one connection may send "
	    "a second (20)\n"
	    "      --abandon-after SECONDS  a player may CLAIM a game whose "
	    "opponent has\n"
	    "                            been gone this long (default 120)\n"
	    "      --first-move SECONDS  each side of a timed game has this long "
	    "for its\n"
	    "                            first move (untimed), else the game "
	    "is aborted (60)\n"
	    "      --day-length SECONDS  a correspondence game's day (days=), "
	    "for tests\n"
	    "                            (86400)\n"
	    "      --bot-games N         games a bot account plays at once "
	    "(8)\n"
	    "      --notify-command CMD  run CMD (/bin/sh -c) to tell a player "
	    "away of a move\n"
	    "                            to answer, a challenge or a result "
	    "(CONGO_EVENT,\n"
	    "                            CONGO_GAME, CONGO_PLAYER in its "
	    "environment)\n"
	    "      --expire-after SECONDS  an open game nobody joins is "
	    "cancelled after\n"
	    "                            this long (default 86400, a day)\n"
	    "      --rated-same-network  let two players of one network (an "
	    "IPv4 /24, an\n"
	    "                            IPv6 /64) meet in rated games: a club "
	    "behind one\n"
	    "                            address (default: not paired, 409 "
	    "SAME_NETWORK)\n"
	    "      --ping-after SECONDS  PING a silent client after this long, "
	    "close it\n"
	    "                            as long again later (default 30)\n"
	    "  -l, --log-level LEVEL     error, warn, info or debug (default "
	    "info)\n"
	    "  -c, --config FILE         read the `server` group of this "
	    "congo.conf\n"
	    "  -h, --help                show this help and exit\n"
	    "  -V, --version             show the version and exit\n"
	    "\n"
	    "Plain TCP shows seat tokens and keys to anyone on the path: on "
	    "the open\n"
	    "internet, listen with --tls-listen (and --port none, or bind the "
	    "plain port\n"
	    "to 127.0.0.1). See congo-server(6).\n");

static void
usage(FILE *out)
{
	fputs(_(usage_text), out);
}

static int
level_of(const char *s)
{
	static const char *const names[] = { "error", "warn", "info",
		"debug" };
	int i;

	for (i = 0; i < 4; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

static void
conf_warn(const char *msg)
{
	fprintf(stderr, _("congo-server: warning: %s\n"), msg);
}

enum { OPT_MAXCONN = 256, OPT_PERADDR, OPT_GPM, OPT_OBS, OPT_REJOIN,
	OPT_PING, OPT_CREATE, OPT_CPS, OPT_ABANDON, OPT_EXPIRE, OPT_FIRST,
	OPT_CHECK, OPT_RESET_KEY, OPT_HTTP, OPT_UPGRADE, OPT_TLS_LISTEN,
	OPT_TLS_CERT, OPT_TLS_KEY, OPT_SAME_NET, OPT_HTTPS, OPT_DAY,
	OPT_NOTIFY, OPT_DB_FILE, OPT_BOT_GAMES };

/* One option of the command line, applied after the config file. */
struct arg {
	int opt;
	const char *value;
};

/* The command line, read once by getopt_long. */
struct args {
	struct vec given;        /* struct arg, in command-line order */
	const char *config;      /* --config, or NULL */
	const char *reset_key;   /* --reset-key NAME, or NULL */
	bool help, version, check, upgrade;
};

/* The command line's options (getopt_long's). */
static const struct option longopts[] = {
	{ "port", required_argument, NULL, 'p' },
	{ "bind", required_argument, NULL, 'b' },
	{ "http", required_argument, NULL, OPT_HTTP },
	{ "https", required_argument, NULL, OPT_HTTPS },
	{ "tls-listen", required_argument, NULL, OPT_TLS_LISTEN },
	{ "tls-cert", required_argument, NULL, OPT_TLS_CERT },
	{ "tls-key", required_argument, NULL, OPT_TLS_KEY },
	{ "db", required_argument, NULL, 'd' },
	{ "db-file", required_argument, NULL, OPT_DB_FILE },
	{ "create", no_argument, NULL, OPT_CREATE },
	{ "max-connections", required_argument, NULL, OPT_MAXCONN },
	{ "max-per-address", required_argument, NULL, OPT_PERADDR },
	{ "games-per-minute", required_argument, NULL, OPT_GPM },
	{ "max-observers", required_argument, NULL, OPT_OBS },
	{ "max-failed-rejoins", required_argument, NULL, OPT_REJOIN },
	{ "ping-after", required_argument, NULL, OPT_PING },
	{ "commands-per-second", required_argument, NULL, OPT_CPS },
	{ "abandon-after", required_argument, NULL, OPT_ABANDON },
	{ "expire-after", required_argument, NULL, OPT_EXPIRE },
	{ "first-move", required_argument, NULL, OPT_FIRST },
	{ "day-length", required_argument, NULL, OPT_DAY },
	{ "bot-games", required_argument, NULL, OPT_BOT_GAMES },
	{ "notify-command", required_argument, NULL, OPT_NOTIFY },
	{ "rated-same-network", no_argument, NULL, OPT_SAME_NET },
	{ "log-level", required_argument, NULL, 'l' },
	{ "config", required_argument, NULL, 'c' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ "check", no_argument, NULL, OPT_CHECK },
	{ "upgrade", no_argument, NULL, OPT_UPGRADE },
	{ "reset-key", required_argument, NULL, OPT_RESET_KEY },
	{ NULL, 0, NULL, 0 },
};

/* An option getopt refused (ch ':' or '?'): the first such, said in bad. */
static void
args_refused(int ch, char **argv, char *bad, size_t n)
{
	if (bad[0] != '\0')
		return;
	if (ch == ':')
		snprintf(bad, n, _("option '%s' requires an argument"),
		    argv[optind - 1]);
	else if (optopt != 0)
		snprintf(bad, n, _("invalid option -- '%c'"), optopt);
	else
		snprintf(bad, n, _("unrecognized option '%s'"),
		    argv[optind - 1]);
}

/*
 * Reads argv into *a. Returns -1 (a message printed) when argv is bad;
 * --help and --version win over any other option, as they always did.
 */
static int
args_read(int argc, char **argv, struct args *a)
{
	char bad[300] = "";
	int ch;

	memset(a, 0, sizeof *a);
	a->given = (struct vec)VEC_INIT(sizeof(struct arg));
	opterr = 0;     /* the messages below, unless --help comes too */
	optind = 0;     /* (re)start getopt */
	while ((ch = getopt_long(argc, argv, ":p:b:d:l:c:hV", longopts,
	    NULL)) != -1) {
		struct arg *g;

		switch (ch) {
		case 'h':
			a->help = true;
			break;
		case 'V':
			a->version = true;
			break;
		case 'c':
			a->config = optarg;
			break;
		case OPT_CHECK:
			a->check = true;
			break;
		case OPT_UPGRADE:
			a->upgrade = true;
			break;
		case OPT_RESET_KEY:
			a->reset_key = optarg;
			break;
		case ':':
		case '?':
			args_refused(ch, argv, bad, sizeof bad);
			break;
		default:
			g = vec_push(&a->given);
			g->opt = ch;
			g->value = optarg;
			break;
		}
	}
	if (a->help || a->version)
		return 0;
	if (bad[0] == '\0' && optind < argc)
		snprintf(bad, sizeof bad, _("unexpected argument '%s'"),
		    argv[optind]);
	if (bad[0] != '\0') {
		fprintf(stderr, _("congo-server: %s\nTry 'congo-server "
		    "--help'.\n"), bad);
		return -1;
	}
	return 0;
}

/* The settings of the config file's `server` group (its defaults are
 * config_defaults.c's, the one table of them). */
static void
opts_from_conf(struct srv_opts *o, const struct congo_conf *conf)
{
	srv_defaults(o);
	snprintf(o->bind, sizeof o->bind, "%s", conf->server.bind);
	snprintf(o->http, sizeof o->http, "%s", conf->server.http);
	o->port = conf->server.port;
	snprintf(o->db, sizeof o->db, "%s", conf->server.db);
	o->lim.max_connections = conf->server.max_connections;
	o->lim.max_per_address = conf->server.max_per_address;
	o->lim.games_per_minute = conf->server.games_per_minute;
	o->lim.max_observers = conf->server.max_observers;
	o->lim.abandon_ms = conf->server.abandon_after * 1000LL;
	o->lim.expire_ms = conf->server.expire_after * 1000LL;
	o->lim.first_move_ms = conf->server.first_move * 1000LL;
	o->lim.rated_same_network = conf->server.rated_same_network;
	memcpy(o->tsched, conf->server.tsched, sizeof o->tsched);
	o->lim.tsched = o->tsched;
	o->lim.ntsched = conf->server.ntsched;
	o->rules = conf->rules;
	if ((o->log_level = level_of(conf->server.log_level)) < 0)
		o->log_level = NET_LOG_INFO;
}

/* The options that take a number: its range, the field of struct
 * srv_opts it goes to (an int, or wide: a long long), and by what it is
 * multiplied there (seconds kept in ms: 1000). */
#define O(f) offsetof(struct srv_opts, f)
#define L(f) offsetof(struct srv_opts, lim.f)
static const struct {
	int opt;
	const char *name;
	long lo, hi;
	size_t off;
	bool wide;
	int scale;
} numbers[] = {
	{ 'p', "--port", 0, 65535, O(port), false, 1 },
	{ OPT_MAXCONN, "--max-connections", 1, 100000, L(max_connections),
	    false, 1 },
	{ OPT_PERADDR, "--max-per-address", 1, 100000, L(max_per_address),
	    false, 1 },
	{ OPT_GPM, "--games-per-minute", 1, 1000000, L(games_per_minute),
	    false, 1 },
	{ OPT_OBS, "--max-observers", 0, 100000, L(max_observers), false, 1 },
	{ OPT_REJOIN, "--max-failed-rejoins", 1, 100000,
	    L(max_failed_rejoins), false, 1 },
	{ OPT_CPS, "--commands-per-second", 1, 100000,
	    L(commands_per_second), false, 1 },
	{ OPT_ABANDON, "--abandon-after", 1, 86400, L(abandon_ms), true, 1000 },
	{ OPT_EXPIRE, "--expire-after", 1, 31536000, L(expire_ms), true, 1000 },
	{ OPT_FIRST, "--first-move", 1, 86400, L(first_move_ms), true, 1000 },
	{ OPT_DAY, "--day-length", 1, 86400, L(day_ms), true, 1000 },
	{ OPT_BOT_GAMES, "--bot-games", 1, 1000, L(bot_games), false, 1 },
	{ OPT_PING, "--ping-after", 1, 86400, O(ping_after_ms), false, 1000 },
};
#undef O
#undef L

/* One of the numbers: -1 after a message naming it. */
static int
set_number(struct srv_opts *o, int k, const char *v)
{
	long n;

	if (parse_long(v, numbers[k].lo, numbers[k].hi, &n, NULL, 0) != 0) {
		fprintf(stderr, _("congo-server: %s must be a number from %ld to "
		    "%ld, not '%s'\n"), numbers[k].name, numbers[k].lo,
		    numbers[k].hi, v);
		return -1;
	}
	if (numbers[k].wide)
		*(long long *)(void *)((char *)o + numbers[k].off) = n *
		    (long long)numbers[k].scale;
	else
		*(int *)(void *)((char *)o + numbers[k].off) = (int)n *
		    numbers[k].scale;
	return 0;
}

/* The options that are not numbers: each applied by a call of its own
 * (opt: which of its options; v: the value). -1: a message printed. */
static int
apply_tls_listen(struct srv_opts *o, int opt, const char *v)
{
	char host[256];
	int port;

	(void)opt;
	if (strlen(v) >= sizeof o->tls_listen || srv_split_addr(v, host,
	    sizeof host, &port) < 0) {
		fprintf(stderr, _("congo-server: --tls-listen: ADDR:PORT, "
		    "please (0.0.0.0:7154, [::]:7154)\n"));
		return -1;
	}
	snprintf(o->tls_listen, sizeof o->tls_listen, "%s", v);
	return 0;
}

/* --tls-cert, --tls-key. */
static int
apply_tls_file(struct srv_opts *o, int opt, const char *v)
{
	if (strlen(v) >= sizeof o->tls_cert || v[0] == '\0') {
		fprintf(stderr, _("congo-server: %s: a file name, please\n"),
		    opt == OPT_TLS_CERT ? "--tls-cert" : "--tls-key");
		return -1;
	}
	snprintf(opt == OPT_TLS_CERT ? o->tls_cert : o->tls_key,
	    sizeof o->tls_cert, "%s", v);
	return 0;
}

static int
apply_bind(struct srv_opts *o, int opt, const char *v)
{
	(void)opt;
	snprintf(o->bind, sizeof o->bind, "%s", v);
	return 0;
}

/* --http, --https. */
static int
apply_http(struct srv_opts *o, int opt, const char *v)
{
	if (strlen(v) >= sizeof o->http || strchr(v, ':') == NULL) {
		fprintf(stderr, _("congo-server: %s: ADDR:PORT, please "
		    "(127.0.0.1:%s, [::1]:%s)\n"), opt == OPT_HTTP ?
		    "--http" : "--https", opt == OPT_HTTP ? "8080" :
		    "8443", opt == OPT_HTTP ? "8080" : "8443");
		return -1;
	}
	snprintf(opt == OPT_HTTP ? o->http : o->https,
	    sizeof o->http, "%s", v);
	return 0;
}

static int
apply_db(struct srv_opts *o, int opt, const char *v)
{
	(void)opt;
	if (strlen(v) >= sizeof o->db || v[0] == '\0') {
		fprintf(stderr, _("congo-server: --db: a file name, "
		    "please\n"));
		return -1;
	}
	snprintf(o->db, sizeof o->db, "%s", v);
	return 0;
}

static int
apply_db_file(struct srv_opts *o, int opt, const char *v)
{
	char err[1200];

	(void)opt;
	if (server_db_file(v, o->db, sizeof o->db, err,
	    sizeof err) < 0) {
		fprintf(stderr, "congo-server: %s\n", err);
		return -1;
	}
	return 0;
}

/* --create, --rated-same-network. */
static int
apply_flag(struct srv_opts *o, int opt, const char *v)
{
	(void)v;
	if (opt == OPT_CREATE)
		o->db_create = true;
	else
		o->lim.rated_same_network = true;
	return 0;
}

static int
apply_notify(struct srv_opts *o, int opt, const char *v)
{
	(void)opt;
	if (strlen(v) >= sizeof o->notify_command) {
		fprintf(stderr, _("congo-server: --notify-command: at "
		    "most %zu bytes\n"), sizeof o->notify_command - 1);
		return -1;
	}
	snprintf(o->notify_command, sizeof o->notify_command, "%s", v);
	return 0;
}

static int
apply_log_level(struct srv_opts *o, int opt, const char *v)
{
	(void)opt;
	if ((o->log_level = level_of(v)) < 0) {
		fprintf(stderr, _("congo-server: --log-level is error, "
		    "warn, info or debug, not '%s'\n"), v);
		return -1;
	}
	return 0;
}

static const struct {
	int opt;
	int (*apply)(struct srv_opts *o, int opt, const char *v);
} appliers[] = {
	{ OPT_TLS_LISTEN, apply_tls_listen },
	{ OPT_TLS_CERT, apply_tls_file },
	{ OPT_TLS_KEY, apply_tls_file },
	{ 'b', apply_bind },
	{ OPT_HTTP, apply_http },
	{ OPT_HTTPS, apply_http },
	{ 'd', apply_db },
	{ OPT_DB_FILE, apply_db_file },
	{ OPT_CREATE, apply_flag },
	{ OPT_SAME_NET, apply_flag },
	{ OPT_NOTIFY, apply_notify },
	{ 'l', apply_log_level },
};

/* One command-line option over the config. -1: a message printed. */
static int
opt_apply(struct srv_opts *o, const struct arg *g)
{
	const char *v = g->value;
	int k;

	if (g->opt == 'p' && strcmp(v, "none") == 0) {
		o->port = -1;       /* TLS only */
		return 0;
	}
	for (k = 0; k < (int)(sizeof numbers / sizeof numbers[0]); k++)
		if (g->opt == numbers[k].opt)
			return set_number(o, k, v);
	for (k = 0; k < (int)(sizeof appliers / sizeof appliers[0]); k++)
		if (g->opt == appliers[k].opt)
			return appliers[k].apply(o, g->opt, v);
	return -1;	/* none: args_read gives only these */
}

/* The signals only set a flag; they are let through in ppoll (*orig). */
static void
signals_init(sigset_t *orig)
{
	struct sigaction sa;
	sigset_t block;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGHUP);
	sigprocmask(SIG_BLOCK, &block, orig);
}

/* Room for the connections allowed: the soft limit up to the hard. */
static void
raise_fd_limit(int max_connections)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 &&
	    rl.rlim_cur < (rlim_t)max_connections + 128) {
		rl.rlim_cur = (rlim_t)max_connections + 128;
		if (rl.rlim_max != RLIM_INFINITY && rl.rlim_cur > rl.rlim_max)
			rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

/* The options: built-in defaults, the config file, then argv. 0, or the
 * exit status (-1: exit 0 after --help or --version; -2 after --check,
 * --upgrade or --reset-key, whose status is *done). */
static int
server_options(int argc, char **argv, struct srv_opts *o, int *done)
{
	struct args a;
	struct congo_conf conf;
	char err[1200];
	size_t i;
	int rc = 0, db_from = 0;    /* 'd' or OPT_DB_FILE: which gave it */

	if (args_read(argc, argv, &a) < 0) {
		vec_free(&a.given);
		return 2;
	}
	if (a.help || a.version) {
		if (a.help)
			usage(stdout);
		else
			printf("congo-server %s\n", PACKAGE_VERSION);
		vec_free(&a.given);
		return -1;
	}
	if (config_load(&conf, a.config, conf_warn, err, sizeof err) < 0) {
		fprintf(stderr, "congo-server: %s\n", err);
		vec_free(&a.given);
		return 2;
	}
	opts_from_conf(o, &conf);
	for (i = 0; i < a.given.len && rc == 0; i++) {
		const struct arg *g = vec_at(&a.given, i);

		if (g->opt == 'd' || g->opt == OPT_DB_FILE)
			db_from = db_from == 0 || db_from == g->opt ? g->opt : -1;
		if (db_from == -1) {
			fprintf(stderr, _("congo-server: --db or --db-file: one "
			    "of them, please\n"));
			rc = 2;
		} else if (opt_apply(o, g) < 0)
			rc = 2;
	}
	vec_free(&a.given);
	/* A password on the command line: every user of the machine reads
	 * it (ps, /proc). Said once, never the password itself. */
	if (rc == 0 && db_from == 'd' && store_db_secret(o->db))
		srv_log_opts(o, NET_LOG_WARN, "--db holds a password, which "
		    "every user of this machine can read (ps, /proc/PID/"
		    "cmdline): give the address in a file only this user "
		    "reads (--db-file FILE, mode 0600), or the password in "
		    "libpq's password file (~/.pgpass, PGPASSFILE)");
	if (rc == 0 && o->db[0] == '\0' && net_default_db(o->db,
	    sizeof o->db, "congo-server.db", err, sizeof err) < 0) {
		fprintf(stderr, "congo-server: %s\n", err);
		rc = 1;
	}
	if (rc == 0 && a.check + a.upgrade + (a.reset_key != NULL) > 1) {
		fprintf(stderr, _("congo-server: --check, --upgrade and "
		    "--reset-key: one at a time, please\n"));
		return 2;
	}
	if (rc == 0 && (a.check || a.upgrade || a.reset_key != NULL)) {
		*done = a.check ? server_check(o) : a.upgrade ?
		    server_upgrade(o) : server_reset_key(o, a.reset_key);
		return -2;
	}
	return rc;
}

int
server_main(int argc, char **argv)
{
	struct srv_opts o;
	sigset_t orig;
	struct srv *sv;
	char err[1200];
	int rc, done = 0;

	if ((rc = server_options(argc, argv, &o, &done)) != 0)
		return rc == -2 ? done : rc < 0 ? 0 : rc;
	if (o.tls_listen[0] != '\0' && (o.tls_cert[0] == '\0' ||
	    o.tls_key[0] == '\0')) {
		fprintf(stderr, _("congo-server: --tls-listen needs --tls-cert "
		    "FILE and --tls-key FILE\n"));
		return 2;
	}
	if (o.https[0] != '\0' && (o.tls_cert[0] == '\0' ||
	    o.tls_key[0] == '\0')) {
		fprintf(stderr, _("congo-server: --https needs --tls-cert FILE "
		    "and --tls-key FILE\n"));
		return 2;
	}
	signals_init(&orig);
	o.reload = &reload_flag;
	/* The web pages have their own --max-connections, and a margin
	 * for those closed and not yet let go (web_conn.c). */
	raise_fd_limit(o.http[0] != '\0' || o.https[0] != '\0' ?
	    2 * o.lim.max_connections + 512 : o.lim.max_connections);
	sv = srv_open(&o, err, sizeof err);
	if (sv == NULL) {
		fprintf(stderr, "congo-server: %s\n", err);
		return 1;
	}
	rc = srv_run(sv, &stop_flag, &orig);
	srv_close(sv);
	return rc == 0 ? 0 : 1;
}
