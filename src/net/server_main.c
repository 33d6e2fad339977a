/*
 * server_main.c: `congo-server`, the CGP/1 game server: options (over the
 * `server` group of congo.conf), signals, then the event loop.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "config/config.h"
#include "net/net.h"
#include "net/net_internal.h"

static volatile sig_atomic_t stop_flag;

static void
on_signal(int sig)
{
	(void)sig;
	stop_flag = 1;
}

static void
usage(FILE *out)
{
	fputs(
	    "Usage: congo-server [OPTION]...\n"
	    "Serve Congo games over TCP (the CGP/1 protocol) to congo and "
	    "other clients.\n"
	    "\n"
	    "  -p, --port N              listen on port N (default 7153; 0: any "
	    "free port)\n"
	    "  -b, --bind ADDR           listen on this address only (default: "
	    "all)\n"
	    "  -d, --db FILE             the games database (default\n"
	    "                            $XDG_STATE_HOME/congo/"
	    "congo-server.db)\n"
	    "      --create              create the database if it does not "
	    "exist yet\n"
	    "                            (a first start; without it a missing "
	    "or empty\n"
	    "                            database is an error, never replaced)"
	    "\n"
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
	    "      --expire-after SECONDS  an open game nobody joins is "
	    "cancelled after\n"
	    "                            this long (default 86400, a day)\n"
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
	    "Plain TCP shows seat tokens to anyone on the path: on the open "
	    "internet,\n"
	    "put TLS (stunnel, for example) in front. See congo-server(6).\n",
	    out);
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

static int
number(const char *opt, const char *v, long lo, long hi, int *out)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(v, &end, 10);
	if (errno != 0 || *v == '\0' || *end != '\0' || n < lo || n > hi) {
		fprintf(stderr, "congo-server: %s must be a number from %ld to "
		    "%ld, not '%s'\n", opt, lo, hi, v);
		return -1;
	}
	*out = (int)n;
	return 0;
}

static void
conf_warn(const char *msg)
{
	fprintf(stderr, "congo-server: warning: %s\n", msg);
}

enum { OPT_MAXCONN = 256, OPT_PERADDR, OPT_GPM, OPT_OBS, OPT_REJOIN,
	OPT_PING, OPT_CREATE, OPT_CPS, OPT_ABANDON, OPT_EXPIRE };

int
server_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "port", required_argument, NULL, 'p' },
		{ "bind", required_argument, NULL, 'b' },
		{ "db", required_argument, NULL, 'd' },
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
		{ "log-level", required_argument, NULL, 'l' },
		{ "config", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct srv_opts o;
	struct congo_conf conf;
	struct sigaction sa;
	sigset_t block, orig;
	struct srv *sv;
	char err[1200];
	const char *config = NULL;
	int ch, i, rc;

	/* The config file first (--config may come anywhere), then options. */
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") ==
		    0) {
			usage(stdout);
			return 0;
		}
		if (strcmp(argv[i], "--version") == 0 ||
		    strcmp(argv[i], "-V") == 0) {
			printf("congo-server %s\n", PACKAGE_VERSION);
			return 0;
		}
		if ((strcmp(argv[i], "--config") == 0 ||
		    strcmp(argv[i], "-c") == 0) && i + 1 < argc)
			config = argv[i + 1];
		else if (strncmp(argv[i], "--config=", 9) == 0)
			config = argv[i] + 9;
	}
	if (config_load(&conf, config, conf_warn, err, sizeof err) < 0) {
		fprintf(stderr, "congo-server: %s\n", err);
		return 2;
	}
	srv_defaults(&o);
	snprintf(o.bind, sizeof o.bind, "%s", conf.server.bind);
	o.port = conf.server.port;
	snprintf(o.db, sizeof o.db, "%s", conf.server.db);
	o.max_connections = conf.server.max_connections;
	o.max_per_address = conf.server.max_per_address;
	o.games_per_minute = conf.server.games_per_minute;
	o.max_observers = conf.server.max_observers;
	o.abandon_after_s = conf.server.abandon_after;
	o.expire_after_s = conf.server.expire_after;
	o.rules = conf.rules;
	if ((o.log_level = level_of(conf.server.log_level)) < 0)
		o.log_level = NET_LOG_INFO;

	while ((ch = getopt_long(argc, argv, "p:b:d:l:c:hV", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'p':
			if (number("--port", optarg, 0, 65535, &o.port) < 0)
				return 2;
			break;
		case 'b':
			snprintf(o.bind, sizeof o.bind, "%s", optarg);
			break;
		case 'd':
			if (strlen(optarg) >= sizeof o.db || optarg[0] == '\0') {
				fprintf(stderr, "congo-server: --db: a file "
				    "name, please\n");
				return 2;
			}
			snprintf(o.db, sizeof o.db, "%s", optarg);
			break;
		case OPT_CREATE:
			o.db_create = true;
			break;
		case OPT_MAXCONN:
			if (number("--max-connections", optarg, 1, 100000,
			    &o.max_connections) < 0)
				return 2;
			break;
		case OPT_PERADDR:
			if (number("--max-per-address", optarg, 1, 100000,
			    &o.max_per_address) < 0)
				return 2;
			break;
		case OPT_GPM:
			if (number("--games-per-minute", optarg, 1, 1000000,
			    &o.games_per_minute) < 0)
				return 2;
			break;
		case OPT_OBS:
			if (number("--max-observers", optarg, 0, 100000,
			    &o.max_observers) < 0)
				return 2;
			break;
		case OPT_REJOIN:
			if (number("--max-failed-rejoins", optarg, 1, 100000,
			    &o.max_failed_rejoins) < 0)
				return 2;
			break;
		case OPT_CPS:
			if (number("--commands-per-second", optarg, 1, 100000,
			    &o.commands_per_second) < 0)
				return 2;
			break;
		case OPT_ABANDON:
			if (number("--abandon-after", optarg, 1, 86400,
			    &o.abandon_after_s) < 0)
				return 2;
			break;
		case OPT_EXPIRE:
			if (number("--expire-after", optarg, 1, 31536000,
			    &o.expire_after_s) < 0)
				return 2;
			break;
		case OPT_PING:
			if (number("--ping-after", optarg, 1, 86400,
			    &o.ping_after_ms) < 0)
				return 2;
			o.ping_after_ms *= 1000;
			break;
		case 'l':
			if ((o.log_level = level_of(optarg)) < 0) {
				fprintf(stderr, "congo-server: --log-level is "
				    "error, warn, info or debug, not '%s'\n",
				    optarg);
				return 2;
			}
			break;
		case 'c':
			break;
		default:
			fputs("Try 'congo-server --help'.\n", stderr);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "congo-server: unexpected argument '%s'\n"
		    "Try 'congo-server --help'.\n", argv[optind]);
		return 2;
	}
	if (o.db[0] == '\0' && net_default_db(o.db, sizeof o.db,
	    "congo-server.db", err, sizeof err) < 0) {
		fprintf(stderr, "congo-server: %s\n", err);
		return 1;
	}

	/* The signals only set a flag; they are let through in ppoll. */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigprocmask(SIG_BLOCK, &block, &orig);

	/* Room for the connections allowed: the soft limit up to the hard. */
	{
		struct rlimit rl;
		if (getrlimit(RLIMIT_NOFILE, &rl) == 0 &&
		    rl.rlim_cur < (rlim_t)o.max_connections + 128) {
			rl.rlim_cur = (rlim_t)o.max_connections + 128;
			if (rl.rlim_max != RLIM_INFINITY &&
			    rl.rlim_cur > rl.rlim_max)
				rl.rlim_cur = rl.rlim_max;
			setrlimit(RLIMIT_NOFILE, &rl);
		}
	}
	sv = srv_open(&o, err, sizeof err);
	if (sv == NULL) {
		fprintf(stderr, "congo-server: %s\n", err);
		return 1;
	}
	rc = srv_run(sv, &stop_flag, &orig);
	srv_close(sv);
	return rc == 0 ? 0 : 1;
}
