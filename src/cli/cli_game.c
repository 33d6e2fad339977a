/*
 * cli_game.c: `congo`, the game: its front end. The command line read by
 * the table (cli_game_opts.c), the settings loaded (their warnings kept
 * for the game to show), the options applied over them, the network
 * options given congo.conf's server and account (network.host,
 * network.account) when they name none, then checked (--games prints
 * the account's games and ends there), the tablebases' folder given, the
 * signals wired (cli_signals.c), then one of the two views over the
 * session: the full-screen one (src/ui) or the plain one (src/plain).
 * Neither view knows the other.
 */

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "config/config.h"
#include "engine/board.h"
#include "plain/plain.h"
#include "session/session_start.h"
#include "ui/ui.h"
#include "util/i18n.h"
#include "util/util.h"

static struct session_warnings *config_warnings;

static void
warn_config(const char *msg)
{
	struct session_warnings *w = config_warnings;

	if (w == NULL)
		return;
	if (w->n == SESSION_WARNINGS_MAX) {
		w->more++;
		return;
	}
	snprintf(w->text[w->n++], sizeof w->text[0], "%s", msg);
}

/* The settings, the options applied over them: 0, or -1 with err. */
static int
settings(struct session_start *st, struct session_warnings *w, char *err,
    size_t errlen)
{
	const char *nc;
	int rc;

	config_warnings = w;
	rc = config_load(&st->conf, st->o.config, warn_config, err, errlen);
	config_warnings = NULL;
	if (rc < 0 || session_opts_apply(&st->o, &st->conf, err, errlen) < 0)
		return -1;
	nc = getenv("NO_COLOR");
	if (nc != NULL && nc[0] != '\0')
		st->conf.ui.color = false;
	return 0;
}

int
cli_game_main(int argc, char **argv)
{
	static struct session_start st;
	static struct session_warnings warns;
	static struct session_signals sig;
	char err[512];
	int status;

	board_init();
	util_set_progname("congo");
	memset(&warns, 0, sizeof warns);
	st.warn = &warns;
	if (cli_game_parse(argc, argv, &st) < 0)
		return 2;
	if (st.o.help) {
		cli_game_usage(stdout);
		cli_game_net_usage(stdout);
		cli_game_learn_usage(stdout);
		return 0;
	}
	if (settings(&st, &warns, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 2;
	}
	/* congo.conf's ui.language over the environment's (the messages
	 * before this point, --help and a bad option, are in the latter) */
	i18n_language(st.conf.ui.language);
	/* the network options without --connect: congo.conf's server */
	session_net_opts_configured(&st.o.net, &st.conf);
	if (session_net_opts_check(&st.o.net, err, sizeof err) < 0) {
		fprintf(stderr, "congo: %s\n", err);
		return 2;
	}
	/* congo --games: printed, no view (SIGPIPE ignored, as the views
	 * do: libtls writes with write(2), and a TLS alert to a server that
	 * has gone is an error said, not the program's end) */
	if (st.o.net.games || st.o.net.tournaments) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sigemptyset(&sa.sa_mask);
		sa.sa_handler = SIG_IGN;
		sigaction(SIGPIPE, &sa, NULL);
		return session_link_games(&st.o.net, &st.conf, stdout, stderr);
	}
	session_tables_path(st.conf.tablebases.path);
	cli_signals_init(&sig);
	st.sig = &sig;
	/* congo --plain: the session's other view (src/plain), no curses */
	if (plain_wanted(st.o.plain, &st.conf))
		status = plain_main(&st);
	else
		status = ui_main(&st);
	cli_signals_end(&sig);
	return status;
}
