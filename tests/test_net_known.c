/*
 * test_net_known.c: the certificates pinned on first use (client_known.c,
 * $XDG_DATA_HOME/congo/known_servers): none at first; a pin added is found
 * again (the same hash) at the line it said; another hash for that server
 * is NET_PIN_CHANGED with the pin's line (what the refusal names); another
 * port is another server; comments and a last line without its newline
 * are kept.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "net/client/client.h"
#include "test_tmp.h"
#include "test_main.h"

#define HA "SHA256:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define HB "SHA256:bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"

static char dir[256];

static int
setup(void **state)
{
	(void)state;
	assert_non_null(test_mkdtemp(dir, sizeof dir, "congo-known"));
	setenv("XDG_DATA_HOME", dir, 1);
	return 0;
}

static int
teardown(void **state)
{
	(void)state;
	return test_rmdir(dir);
}

static void
test_pin_first_use_then_changed(void **state)
{
	char path[1100], err[200];
	int line = -1;

	(void)state;
	assert_int_equal(net_known_path(path, sizeof path, err, sizeof err),
	    0);
	assert_non_null(strstr(path, "/congo/known_servers"));
	assert_int_equal(net_known_check(path, "example.org", 7154, HA,
	    &line), NET_PIN_NONE);
	assert_int_equal(net_known_add(path, "example.org", 7154, HA, &line,
	    err, sizeof err), 0);
	assert_int_equal(line, 2);      /* after the comment */
	assert_int_equal(net_known_check(path, "example.org", 7154, HA,
	    &line), NET_PIN_SAME);
	assert_int_equal(line, 2);
	assert_int_equal(net_known_check(path, "example.org", 7154, NULL,
	    &line), NET_PIN_CHANGED);
	assert_int_equal(net_known_check(path, "example.org", 7154, HB,
	    &line), NET_PIN_CHANGED);
	assert_int_equal(line, 2);
	/* Another port, another server: pinned on its own line. */
	assert_int_equal(net_known_check(path, "example.org", 7155, HB,
	    &line), NET_PIN_NONE);
	assert_int_equal(net_known_add(path, "example.org", 7155, HB, &line,
	    err, sizeof err), 0);
	assert_int_equal(line, 3);
	assert_int_equal(net_known_check(path, "example.org", 7154, HA,
	    &line), NET_PIN_SAME);
}

static void
test_pin_keeps_other_lines(void **state)
{
	char path[1100], err[200], text[600];
	FILE *f;
	size_t n;
	int line;

	(void)state;
	assert_int_equal(net_known_path(path, sizeof path, err, sizeof err),
	    0);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("# mine\nhost.example:1 " HA, f);   /* no newline at the end */
	fclose(f);
	assert_int_equal(net_known_check(path, "host.example", 1, HA, &line),
	    NET_PIN_SAME);
	assert_int_equal(line, 2);
	assert_int_equal(net_known_add(path, "[::1]", 7154, HB, &line, err,
	    sizeof err), 0);
	assert_int_equal(line, 3);
	f = fopen(path, "r");
	assert_non_null(f);
	n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[n] = '\0';
	assert_string_equal(text, "# mine\nhost.example:1 " HA "\n[::1]:7154 "
	    HB "\n");
}

/*
 * A path whose lock or temporary name (path.lock, path.new) would not fit
 * the buffers is refused with the reason: cut short, those names were
 * other files' (path.l was left behind as the lock, and path.ne written
 * and renamed over path).
 */
static void
test_pin_path_too_long(void **state)
{
	char path[1300], err[200];
	size_t len;
	int line = -1;

	(void)state;
	len = (size_t)snprintf(path, sizeof path, "%s", dir);
	while (len + 201 < 1150) {      /* directories of 200 bytes */
		path[len++] = '/';
		memset(path + len, 'd', 200);
		len += 200;
		path[len] = '\0';
		assert_int_equal(mkdir(path, 0700), 0);
	}
	path[len++] = '/';
	memset(path + len, 'k', 1197 - len);   /* a 1197-byte file name */
	len = 1197;
	path[len] = '\0';
	err[0] = '\0';
	assert_int_equal(net_known_add(path, "example.org", 7154, HA, &line,
	    err, sizeof err), -1);
	assert_non_null(strstr(err, "the path is too long"));
	assert_int_equal(access(path, F_OK), -1);
	path[len - 1] = '\0';          /* 1196 bytes: path.new still fits */
	assert_int_equal(net_known_add(path, "example.org", 7154, HA, &line,
	    err, sizeof err), -1);      /* but path.lock does not */
	path[len - 3] = '\0';          /* 1194 bytes: both fit */
	assert_int_equal(net_known_add(path, "example.org", 7154, HA, &line,
	    err, sizeof err), 0);
	assert_int_equal(net_known_check(path, "example.org", 7154, HA,
	    &line), NET_PIN_SAME);
}

TEST_MAIN(NULL, NULL,
	cmocka_unit_test_setup_teardown(test_pin_path_too_long,
	    setup, teardown),
	cmocka_unit_test_setup_teardown(test_pin_first_use_then_changed,
	    setup, teardown),
	cmocka_unit_test_setup_teardown(test_pin_keeps_other_lines,
	    setup, teardown))
