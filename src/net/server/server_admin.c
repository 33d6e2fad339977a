/*
 * server_admin.c: congo-server's one-shot commands for an operator:
 * --check (the configuration was read; the database opens, and every open
 * and active game in it replays), --upgrade (an older database brought to
 * this server's version, then exit) and --reset-key NAME (a new key for an
 * account whose key is lost, printed once; the old one stops working).
 */

#include <stdio.h>
#include <string.h>

#include "net/server/server.h"
#include "net/server/srv_int.h"

struct check_io {
	int errors;
};

static void
check_send(void *ctx, int conn, const char *line, size_t len)
{
	(void)ctx;
	(void)conn;
	(void)line;
	(void)len;
}

static void
check_close(void *ctx, int conn)
{
	(void)ctx;
	(void)conn;
}

static void
check_log(void *ctx, int level, const char *msg)
{
	struct check_io *c = ctx;

	if (level == NET_LOG_ERROR)
		c->errors++;
	if (level <= NET_LOG_WARN)
		fprintf(stderr, "congo-server: %s\n", msg);
}

int
server_check(const struct srv_opts *o)
{
	const struct store_ops *ops;
	struct sess_limits lim;
	struct check_io c = { 0 };
	struct sess_io io;
	struct sess *s;
	void *ctx;
	char err[1200], name[400];
	const char *note;
	int rc = 0;

	printf("configuration: read\n");
	if (store_open_any(o->db, 0, &ops, &ctx, err, sizeof err) < 0) {
		fprintf(stderr, "congo-server: %s\n", err);
		return 1;
	}
	if ((note = ops->note(ctx)) != NULL)
		fprintf(stderr, "congo-server: %s\n", note);
	memset(&io, 0, sizeof io);
	memset(&lim, 0, sizeof lim);
	io.ctx = &c;
	io.send = check_send;
	io.close = check_close;
	io.log = check_log;
	io.store = ops;
	io.store_ctx = ctx;
	s = sess_new(&io, &lim, NULL, "congo-server/check");
	if (ops->load(ctx, s, err, sizeof err) < 0) {
		fprintf(stderr, "congo-server: %s\n", err);
		rc = 1;
	} else {
		store_db_name(o->db, name, sizeof name);
		printf("database %s: opens; %d open and active games replay, "
		    "%d do not (named above)\n", name, sess_ngames(s),
		    c.errors);
		if (c.errors > 0)
			rc = 1;
	}
	sess_free(s);
	ops->close(ctx);
	return rc;
}

int
server_upgrade(const struct srv_opts *o)
{
	const struct store_ops *ops;
	void *ctx;
	char err[1200], name[400];
	const char *note;

	if (store_open_any(o->db, STORE_UPGRADE | (o->db_create ?
	    STORE_CREATE : 0), &ops, &ctx, err, sizeof err) < 0) {
		fprintf(stderr, "congo-server: %s\n", err);
		return 1;
	}
	if ((note = ops->note(ctx)) != NULL)
		printf("%s\n", note);
	else {
		store_db_name(o->db, name, sizeof name);
		printf("database %s: up to date, nothing to do\n", name);
	}
	ops->close(ctx);
	return 0;
}

int
server_reset_key(const struct srv_opts *o, const char *name)
{
	char lname[CGP_NAME_MAX + 1], key[CGP_TOKEN_LEN + 1];
	char hash[CGP_HASH_LEN + 1], err[1200];
	const struct store_ops *ops;
	struct store_account a;
	struct store_change ch;
	void *ctx;
	int rc;

	if (!sess_valid_account(name)) {
		fprintf(stderr, "congo-server: --reset-key: '%s' is not an "
		    "account name (3-20 letters, digits, '_' or '-')\n", name);
		return 2;
	}
	if (store_open_any(o->db, 0, &ops, &ctx, err, sizeof err) < 0) {
		fprintf(stderr, "congo-server: %s\n", err);
		return 1;
	}
	sess_lower(name, lname, sizeof lname);
	if ((rc = ops->account(ctx, lname, &a, err, sizeof err)) != 1) {
		fprintf(stderr, "congo-server: %s\n", rc < 0 ? err :
		    "--reset-key: no such account");
		ops->close(ctx);
		return 1;
	}
	if (net_new_token(key) < 0) {
		fprintf(stderr, "congo-server: no random numbers\n");
		ops->close(ctx);
		return 1;
	}
	net_key_hash(key, hash);
	store_change_accounts(&ch);
	store_account_rekey(&ch, lname, hash);
	if (ops->commit(ctx, &ch, err, sizeof err) < 0) {
		fprintf(stderr, "congo-server: cannot store the new key: %s\n",
		    err);
		ops->close(ctx);
		return 1;
	}
	ops->close(ctx);
	printf("%s %s\n", a.name, key);
	return 0;
}
