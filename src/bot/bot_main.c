/*
 * bot_main.c: congo --bot (issue 59): its options, then one loop over its
 * slots' connections until SIGTERM or SIGINT, after which it seeks no
 * more, resigns (--on-stop resign) or finishes (--on-stop finish, the
 * default) its games, and exits 0. A server it cannot reach or log in to
 * makes it exit 1 once every connection gave up; bad options exit 2.
 */
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "net/proto/proto.h"
#include "util/util.h"

static volatile sig_atomic_t stop_asked;

static void
on_stop(int sig)
{
	(void)sig;
	stop_asked = 1;
}

int
bot_usage_error(const char *what)
{
	fprintf(stderr, "congo --bot: %s (see congo(6))\n", what);
	return BOT_EXIT_USAGE;
}

/* "3+2,5+3": minutes+seconds as the server's clock= (seconds). */
static int
read_clocks(struct bot_policy *p, const char *text)
{
	char buf[256], *save = NULL, *w;

	snprintf(buf, sizeof buf, "%s", text);
	p->nclocks = 0;
	for (w = strtok_r(buf, ",", &save); w != NULL;
	    w = strtok_r(NULL, ",", &save)) {
		char *plus = strchr(w, '+'), *end;
		long m, s;
		if (plus == NULL || p->nclocks >= BOT_CLOCKS_MAX)
			return -1;
		m = strtol(w, &end, 10);
		if (end != plus || m < 0 || m > 180)
			return -1;
		s = strtol(plus + 1, &end, 10);
		if (*end != '\0' || s < 0 || s > 60 || (m == 0 && s == 0))
			return -1;
		snprintf(p->clocks[p->nclocks++], sizeof p->clocks[0],
		    "%ld+%ld", m * 60, s);
	}
	return p->nclocks > 0 ? 0 : -1;
}

/* "1,3": correspondence days a move (PROTOCOL.md SEEK days=). */
static int
read_days(struct bot_policy *p, const char *text)
{
	char buf[64], *tok, *save = NULL;
	long d;
	char *end;

	snprintf(buf, sizeof buf, "%s", text);
	p->ndays = 0;
	for (tok = strtok_r(buf, ",", &save); tok != NULL;
	    tok = strtok_r(NULL, ",", &save)) {
		d = strtol(tok, &end, 10);
		if (*end != '\0' || p->ndays == BOT_CLOCKS_MAX ||
		    (d != 1 && d != 2 && d != 3 && d != 5 && d != 7 &&
		    d != 10 && d != 14))
			return -1;
		p->days[p->ndays++] = (int)d;
	}
	return p->ndays > 0 ? 0 : -1;
}

static int
read_variants(struct bot_policy *p, const char *text)
{
	p->variants[0] = strstr(text, "congo") != NULL;
	p->variants[1] = strstr(text, "megapawn") != NULL;
	return p->variants[0] || p->variants[1] ? 0 : -1;
}

/* "ID" or "ID,ID": tournaments joined (each once). */
static int
read_tourneys(struct bot_policy *p, const char *text)
{
	char buf[256], *save = NULL, *w;
	int i;

	snprintf(buf, sizeof buf, "%s", text);
	for (w = strtok_r(buf, ",", &save); w != NULL;
	    w = strtok_r(NULL, ",", &save)) {
		if (strcmp(w, "auto") == 0) {
			p->tourney_auto = true;
			continue;
		}
		if (strlen(w) >= sizeof p->tourneys[0])
			return -1;
		cgp_upcase(w);
		if (!cgp_valid_game(w))
			return -1;
		for (i = 0; i < p->ntourneys; i++)
			if (strcmp(p->tourneys[i], w) == 0)
				break;
		if (i < p->ntourneys)
			continue;
		if (p->ntourneys == BOT_TOURNEYS_MAX)
			return -1;
		snprintf(p->tourneys[p->ntourneys++], sizeof p->tourneys[0],
		    "%s", w);
	}
	return p->ntourneys > 0 || p->tourney_auto ? 0 : -1;
}

static const struct option longs[] = {
	{ "bot", no_argument, NULL, 'b' },
	{ "connect", required_argument, NULL, O_CONNECT },
	{ "account", required_argument, NULL, O_ACCOUNT },
	{ "level", required_argument, NULL, O_LEVEL },
	{ "full", no_argument, NULL, O_FULL },
	{ "variants", required_argument, NULL, O_VARIANTS },
	{ "clocks", required_argument, NULL, O_CLOCKS },
	{ "games-at-once", required_argument, NULL, O_GAMES },
	{ "rated", required_argument, NULL, O_RATED },
	{ "on-stop", required_argument, NULL, O_ON_STOP },
	{ "greeting", required_argument, NULL, O_GREETING },
	{ "config", required_argument, NULL, O_CONFIG },
	{ "days", required_argument, NULL, O_DAYS },
	{ "tourney", required_argument, NULL, O_TOURNEY },
	{ NULL, 0, NULL, 0 }
};

/* One option into p: 0, or an exit status after the message. */
int
bot_opt_apply(struct bot_policy *p, int opt, const char *v)
{
	long n;
	char *end;

	switch (opt) {
	case 'b':
		return 0;
	case O_CONNECT:
		snprintf(p->connect, sizeof p->connect, "%s", v);
		return 0;
	case O_ACCOUNT:
		snprintf(p->account, sizeof p->account, "%s", v);
		return 0;
	case O_LEVEL:
		n = strtol(v, &end, 10);
		if (*end != '\0' || n < 1 || n > 10)
			return bot_usage_error("--level is 1 to 10");
		p->level = (int)n;
		return 0;
	case O_FULL:
		p->level = 0;
		return 0;
	case O_VARIANTS:
		return read_variants(p, v) == 0 ? 0 :
		    bot_usage_error("--variants is congo, megapawn or both");
	case O_CLOCKS:
		return read_clocks(p, v) == 0 ? 0 : bot_usage_error("--clocks is "
		    "MINUTES+SECONDS[,...], e.g. 3+2,5+3");
	case O_GAMES:
		n = strtol(v, &end, 10);
		if (*end != '\0' || n < 1 || n > BOT_SLOTS_MAX)
			return bot_usage_error("--games-at-once is 1 to 32");
		p->games = (int)n;
		return 0;
	case O_RATED:
		if (strcmp(v, "yes") == 0)
			p->rated = BOT_RATED_YES;
		else if (strcmp(v, "no") == 0)
			p->rated = BOT_RATED_NO;
		else if (strcmp(v, "both") == 0)
			p->rated = BOT_RATED_BOTH;
		else
			return bot_usage_error("--rated is yes, no or both");
		return 0;
	case O_ON_STOP:
		if (strcmp(v, "resign") != 0 && strcmp(v, "finish") != 0)
			return bot_usage_error("--on-stop is finish or resign");
		p->resign_on_stop = strcmp(v, "resign") == 0;
		return 0;
	case O_GREETING:
		if (strlen(v) >= sizeof p->greeting ||
		    strpbrk(v, "\r\n\t") != NULL)
			return bot_usage_error("--greeting is one line of at most "
			    "200 bytes");
		snprintf(p->greeting, sizeof p->greeting, "%s", v);
		return 0;
	case O_DAYS:
		return read_days(p, v) == 0 ? 0 : bot_usage_error("--days is "
		    "1, 2, 3, 5, 7, 10 or 14 days a move[,...], e.g. 1,3");
	case O_TOURNEY:
		return read_tourneys(p, v) == 0 ? 0 : bot_usage_error(
		    "--tourney is a tournament's id (at most 8 of them) or "
		    "auto");
	case O_CONFIG:
		return 0;               /* read first (bot_conf_read) */
	default:
		return bot_usage_error("unknown option");
	}
}

static int
read_opts(struct bot_policy *p, int argc, char **argv)
{
	int opt, rc;

	memset(p, 0, sizeof *p);
	p->level = 5;
	p->variants[0] = true;
	p->games = 2;
	p->rated = BOT_RATED_BOTH;
	read_clocks(p, "3+2,5+3");
	/* congo.conf's bot section (or --config's), then the options. */
	if ((rc = bot_conf_read(p, argc, argv)) != 0)
		return rc;
	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "", longs, NULL)) != -1)
		if ((rc = bot_opt_apply(p, opt, optarg)) != 0)
			return rc;
	if (optind < argc)
		return bot_usage_error("unexpected argument");
	if (p->connect[0] == '\0' || p->account[0] == '\0')
		return bot_usage_error("--connect and --account are needed");
	if (p->ntourneys > p->games)
		return bot_usage_error("more tournaments (--tourney) than "
		    "--games-at-once: each needs a connection of its own");
	return 0;
}

/* Every slot's connection polled once (at most 50 ms while one thinks). */
static void
poll_slots(struct bot_slot *s, int n)
{
	struct pollfd fds[BOT_SLOTS_MAX];
	long long now = util_now_ms();
	int i, t = 1000, ti;

	for (i = 0; i < n; i++) {
		fds[i].fd = net_client_fd(s[i].c);
		fds[i].events = net_client_events(s[i].c);
		fds[i].revents = 0;
		ti = net_client_timeout(s[i].c, now);
		if (ti >= 0 && ti < t)
			t = ti;
		if (s[i].thinking && t > 20)
			t = 20;
	}
	poll(fds, (nfds_t)n, t);
	for (i = 0; i < n; i++) {
		if (fds[i].fd >= 0 && fds[i].revents != 0)
			net_client_io(s[i].c, fds[i].revents, util_now_ms());
		net_client_tick(s[i].c, util_now_ms());
	}
}

static int
run(struct bot_slot *s, int n)
{
	bool stopping = false;
	int i, dead, playing;

	for (;;) {
		poll_slots(s, n);
		if (stop_asked && !stopping) {
			stopping = true;
			bot_log(NULL, "SIGTERM: no new games");
			for (i = 0; i < n; i++)
				bot_slot_stop(&s[i]);
		}
		dead = playing = 0;
		for (i = 0; i < n; i++) {
			bot_slot_collect(&s[i]);
			bot_slot_events(&s[i], stopping);
			dead += s[i].dead;
			/* (A correspondence game is left to the next start:
			 * it waits days, and resumes then.) */
			playing += s[i].playing && !s[i].dead &&
			    s[i].game_days == 0;
		}
		if (dead == n)
			return BOT_EXIT_NET;
		if (stopping && playing == 0)
			return BOT_EXIT_OK;
	}
}

int
bot_main(int argc, char **argv)
{
	struct bot_policy p;
	struct net_client_opts o;
	struct bot_slot *s;
	struct sigaction sa;
	char why[300];
	bool tls = false;
	int i, rc;

	if ((rc = read_opts(&p, argc, argv)) != 0)
		return rc;
	memset(&o, 0, sizeof o);
	o.port = -1;
	if (net_parse_server(p.connect, o.host, sizeof o.host, &o.port, &tls,
	    why, sizeof why) < 0)
		return bot_usage_error(why);
	if (o.port <= 0)
		o.port = 7153;
	o.tls = tls;
	o.trust = NET_TRUST_REFUSE;
	o.remember = true;
	o.pair_tourney_told = true;     /* one connection takes it */
	snprintf(o.name, sizeof o.name, "%s", p.account);
	snprintf(o.login, sizeof o.login, "%s", p.account);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	s = xcalloc((size_t)p.games, sizeof *s);
	bot_log(NULL, "%s on %s: level %d, %d games at once", p.account,
	    p.connect, p.level, p.games);
	for (i = 0; i < p.games; i++)
		if (bot_slot_init(&s[i], i, &p, &o) < 0) {
			bot_log(NULL, "no search: out of memory");
			return BOT_EXIT_NET;
		}
	for (i = 0; i < p.games; i++) {
		s[i].peers = s;
		s[i].npeers = p.games;
	}
	bot_tourney_init(&s[0]);
	rc = run(s, p.games);
	for (i = 0; i < p.games; i++)
		bot_slot_free(&s[i]);
	free(s);
	bot_log(NULL, "exiting with status %d", rc);
	return rc;
}
