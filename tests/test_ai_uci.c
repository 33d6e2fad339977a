/*
 * test_ai_uci.c: the search commands of `congo --engine` (go, stop,
 * setoption, info, bestmove), driven through uci_run with files.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <unistd.h>

#include "engine/board.h"
#include "engine/fen.h"
#include "engine/notation.h"
#include "uci/uci.h"

#include "test_uci_util.h"
#include "test_main.h"

static int
count(const char *text, const char *what)
{
	int n = 0;

	for (const char *p = text; (p = strstr(p, what)) != NULL; p++)
		n++;
	return n;
}

/* The move after the n-th "bestmove " (0-based), checked legal in fen. */
static void
assert_bestmove_legal(const char *out, int nth, const char *fen)
{
	const char *p = out;
	char text[64], err[128];
	struct board b;
	move_t m;

	for (int i = 0; i <= nth; i++) {
		p = strstr(p, "bestmove ");
		assert_non_null(p);
		p += 9;
	}
	assert_int_equal(sscanf(p, "%63s", text), 1);
	board_init();
	assert_int_equal(fen_read(&b, fen, err, sizeof err), 0);
	if (notation_read(&b, text, &m, err, sizeof err) != 0)
		fail_msg("bestmove %s: %s", text, err);
}

static void
test_go_depth(void **state)
{
	char *out;

	(void)state;
	out = run("position startpos\ngo depth 4\n");
	assert_int_equal(count(out, "info depth "), 4);
	assert_non_null(strstr(out, "info depth 4 score cp "));
	assert_non_null(strstr(out, " nodes "));
	assert_non_null(strstr(out, " nps "));
	assert_non_null(strstr(out, " time "));
	assert_non_null(strstr(out, " pv "));
	assert_int_equal(count(out, "bestmove "), 1);
	assert_bestmove_legal(out, 0, FEN_START);
	free(out);
}

static void
test_win_score(void **state)
{
	char *out;

	(void)state;
	out = run("position fen 4l2/7/3Z3/7/1m5/7/1E1L3 w 0 1\ngo depth 3\n");
	assert_non_null(strstr(out, "score win 1 "));
	assert_non_null(strstr(out, "bestmove d5e7\n"));
	free(out);
	/* Black to move loses whatever it does: the zebra b5 attacks the
	 * lion c7, which its own pieces hem in, and nothing can take it. */
	out = run("position fen 2le3/2ge3/1Z5/7/7/7/3L3 b 0 1\ngo depth 3\n");
	assert_non_null(strstr(out, "score loss 1 "));
	free(out);
}

static void
test_go_limits_and_stop(void **state)
{
	char *out;

	(void)state;
	out = run("go nodes 3000\ngo movetime 50\ngo infinite\nstop\n"
	    "go depth 2\n");
	assert_int_equal(count(out, "bestmove "), 4);
	for (int i = 0; i < 4; i++)
		assert_bestmove_legal(out, i, FEN_START);
	free(out);
	/* isready is answered while an infinite search runs; the input's
	 * end stops it and its bestmove still comes. */
	out = run("go infinite\nisready\n");
	assert_non_null(strstr(out, "readyok\n"));
	assert_int_equal(count(out, "bestmove "), 1);
	free(out);
	/* a stop with nothing searching is ignored */
	out = run("stop\nisready\n");
	assert_string_equal(out, "readyok\n");
	free(out);
}

/* The writer of test_go_infinite_analysis: the position and `go
 * infinite`, then `stop` only after 400 ms. */
static void *
feed_slowly(void *arg)
{
	static const char a[] = "position startpos moves c2c3 e6d5\n"
	    "go infinite\n";
	int fd = *(int *)arg;

	if (write(fd, a, sizeof a - 1) == (ssize_t)(sizeof a - 1)) {
		usleep(400000);
		if (write(fd, "stop\n", 5) < 0)
			perror("write");
	}
	close(fd);
	return NULL;
}

/* Analysis: `position ... moves ...` then `go infinite` through a pipe,
 * `stop` only later: info lines with depth, score, nodes, nps and a pv
 * come while it runs, and `stop` answers a legal bestmove of the
 * position set. */
static void
test_go_infinite_analysis(void **state)
{
	int fd[2];
	pthread_t writer;
	FILE *in, *out = tmpfile();
	char *buf, line[512];
	int infos = 0;

	(void)state;
	assert_int_equal(pipe(fd), 0);
	assert_int_equal(pthread_create(&writer, NULL, feed_slowly, &fd[1]),
	    0);
	in = fdopen(fd[0], "r");
	assert_non_null(in);
	assert_non_null(out);
	assert_int_equal(uci_run(in, out), 0);
	fclose(in);
	pthread_join(writer, NULL);
	buf = uci_output(out);
	for (char *p = buf; *p != '\0'; ) {
		size_t len = strcspn(p, "\n");
		snprintf(line, sizeof line, "%.*s", (int)len, p);
		p += len + (p[len] == '\n');
		if (strncmp(line, "info depth ", 11) != 0)
			continue;
		infos++;
		assert_non_null(strstr(line, " score "));
		assert_non_null(strstr(line, " nodes "));
		assert_non_null(strstr(line, " nps "));
		assert_non_null(strstr(line, " pv "));
	}
	/* 400 ms reach past depth 2 even on a loaded machine. */
	if (infos < 2)
		fail_msg("%d info lines:\n%s", infos, buf);
	assert_int_equal(count(buf, "bestmove "), 1);
	assert_bestmove_legal(buf, 0,
	    "gmelecz/pppp1pp/3p3/7/2P4/PP1PPPP/GMELECZ w 2 2");
	free(buf);
}

static void
test_game_over_bestmove_none(void **state)
{
	char *out;

	(void)state;
	out = run("position fen 3l3/7/7/7/7/7/2L4 w 0 1\ngo depth 3\n");
	assert_non_null(strstr(out, "bestmove none\n"));
	free(out);
}

static void
test_setoption(void **state)
{
	char *out;

	(void)state;
	out = run("uci\n");
	assert_non_null(strstr(out, "option name Algorithm type combo "
	    "default alphabeta var alphabeta var negamax var random\n"));
	assert_non_null(strstr(out, "option name Hash "));
	assert_non_null(strstr(out, "option name Threads "));
	assert_non_null(strstr(out, "option name Depth "));
	assert_non_null(strstr(out, "option name Seed "));
	free(out);
	/* negamax completes its depth whatever the time limit says */
	out = run("setoption name Algorithm value negamax\n"
	    "setoption name Depth value 3\ngo movetime 1\n");
	assert_non_null(strstr(out, "info depth 3 "));
	assert_bestmove_legal(out, 0, FEN_START);
	free(out);
	/* random with a seed repeats itself */
	{
		char *a = run("setoption name Algorithm value random\n"
		    "setoption name Seed value 5\ngo depth 1\n");
		char *b = run("setoption name Algorithm value random\n"
		    "setoption name Seed value 5\ngo depth 1\n");

		assert_string_equal(strstr(a, "bestmove"),
		    strstr(b, "bestmove"));
		free(a);
		free(b);
	}
	out = run("setoption name Threads value 2\nsetoption name Hash value 4"
	    "\ngo nodes 20000\n");
	assert_null(strstr(out, "error"));
	assert_bestmove_legal(out, 0, FEN_START);
	free(out);
	out = run("setoption name Algorithm value minimax\n"
	    "setoption name Hash value 0\nsetoption name Speed value 3\n"
	    "setoption name Depth\ngo depth x\ngo sideways 3\n");
	assert_int_equal(count(out, "error "), 6);
	assert_non_null(strstr(out, "minimax"));
	assert_non_null(strstr(out, "Speed"));
	assert_non_null(strstr(out, "sideways"));
	assert_int_equal(count(out, "bestmove"), 0);
	free(out);
}

/* EvalFile names the network for the variant it is for; the other
 * variant keeps its installed one, and is said so (issue 57: both were
 * said to be the file's). make check's data folder has both networks. */
static void
test_eval_file_variant(void **state)
{
	const char *data = getenv("CONGO_DATADIR");
	char cmd[1200], want[1100];
	char *out;

	(void)state;
	if (data == NULL || *data == '\0')
		skip();
	for (int v = 0; v < NVARIANTS; v++) {
		snprintf(cmd, sizeof cmd, "setoption name EvalFile value "
		    "%s/%s.nnue\n", data, variant_name(v));
		out = run(cmd);
		snprintf(want, sizeof want, "info string evaluation %s: "
		    "%s/%s.nnue\n", variant_name(v), data, variant_name(v));
		assert_non_null(strstr(out, want));
		snprintf(want, sizeof want, "info string evaluation %s: the "
		    "installed network\n", variant_name((v + 1) % NVARIANTS));
		assert_non_null(strstr(out, want));
		free(out);
	}
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test(test_go_depth),
	cmocka_unit_test(test_win_score),
	cmocka_unit_test(test_go_limits_and_stop),
	cmocka_unit_test(test_go_infinite_analysis),
	cmocka_unit_test(test_game_over_bestmove_none),
	cmocka_unit_test(test_setoption),
	cmocka_unit_test(test_eval_file_variant))
