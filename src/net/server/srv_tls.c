/*
 * srv_tls.c: CGP/1 over TLS (congo-server --tls-listen), with libtls: the
 * certificate and key read into a server context (again on SIGHUP: new
 * connections get the new one, those already open keep theirs), each
 * accepted socket's handshake under a deadline, and its reads and writes,
 * non-blocking: libtls's TLS_WANT_POLLIN / TLS_WANT_POLLOUT change what the
 * loop waits for (srv_int.h, struct conn). The lines inside are exactly
 * CGP/1; srv_conn.c cuts them as on plain TCP.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <tls.h>

#include "net/server/srv_int.h"
#include "web/web_host.h"

/* One certificate as read: a server context, and the connections that
 * were accepted with it (it is freed with the last of them). */
struct srv_tls {
	struct tls *t;
	int refs;
};

static void
tls_unref(struct srv_tls *x)
{
	if (x != NULL && --x->refs == 0) {
		tls_free(x->t);
		free(x);
	}
}

/* libtls refused the pair, saying why: its "failed to load private key"
 * (a key of another certificate), "key mismatch", "failed to load
 * certificate" said in words (web_tls_key_why), anything else as is. */
static void
refused(const struct srv_opts *o, const uint8_t *cert, size_t certlen,
    const uint8_t *key, size_t keylen, const char *why, char *err,
    size_t errlen)
{
	if (why == NULL)
		why = "refused";
	if (strstr(why, "key") != NULL || strstr(why, "certificate") != NULL)
		web_tls_key_why(o->tls_cert, (const char *)cert, certlen,
		    o->tls_key, (const char *)key, keylen, err, errlen);
	else
		snprintf(err, errlen, "--tls-cert %s, --tls-key %s: %s",
		    o->tls_cert, o->tls_key, why);
}

/* A server context of the files named in the options. NULL with err. */
static struct srv_tls *
tls_load(const struct srv_opts *o, char *err, size_t errlen)
{
	struct tls_config *cf = tls_config_new();
	struct srv_tls *x = NULL;
	uint8_t *cert = NULL, *key = NULL;
	size_t certlen = 0, keylen = 0;

	if (cf == NULL) {
		snprintf(err, errlen, "TLS: out of memory");
		return NULL;
	}
	if ((cert = tls_load_file(o->tls_cert, &certlen, NULL)) == NULL) {
		snprintf(err, errlen, "--tls-cert %s: %s", o->tls_cert,
		    tls_config_error(cf) != NULL ? tls_config_error(cf) :
		    strerror(errno));
		goto out;
	}
	if ((key = tls_load_file(o->tls_key, &keylen, NULL)) == NULL) {
		snprintf(err, errlen, "--tls-key %s: %s", o->tls_key,
		    tls_config_error(cf) != NULL ? tls_config_error(cf) :
		    strerror(errno));
		goto out;
	}
	/* TLS 1.2 or later (PROTOCOL.md "Guarantees"); TLS 1.2 with an
	 * ephemeral key exchange and an AEAD cipher only (SRV_TLS_CIPHERS). */
	if (tls_config_set_protocols(cf, TLS_PROTOCOL_TLSv1_2 |
	    TLS_PROTOCOL_TLSv1_3) < 0 ||
	    tls_config_set_ciphers(cf, SRV_TLS_CIPHERS) < 0 ||
	    tls_config_set_keypair_mem(cf, cert, certlen, key, keylen) < 0) {
		refused(o, cert, certlen, key, keylen, tls_config_error(cf),
		    err, errlen);
		goto out;
	}
	x = xcalloc(1, sizeof *x);
	x->refs = 1;
	if ((x->t = tls_server()) == NULL || tls_configure(x->t, cf) < 0) {
		refused(o, cert, certlen, key, keylen, x->t != NULL ?
		    tls_error(x->t) : "out of memory", err, errlen);
		tls_free(x->t);
		free(x);
		x = NULL;
	}
out:
	if (cert != NULL)
		tls_unload_file(cert, certlen);
	if (key != NULL)
		tls_unload_file(key, keylen);      /* zeroed */
	tls_config_free(cf);
	return x;
}

int
srv_tls_open(struct srv *sv, char *err, size_t errlen)
{
	if (sv->o.tls_listen[0] == '\0')
		return 0;
	if (sv->o.tls_cert[0] == '\0' || sv->o.tls_key[0] == '\0') {
		snprintf(err, errlen, "--tls-listen needs --tls-cert FILE and "
		    "--tls-key FILE");
		return -1;
	}
	sv->tls = tls_load(&sv->o, err, errlen);
	return sv->tls != NULL ? 0 : -1;
}

/* SIGHUP: --https's certificate read again (web_reload: its daemon
 * started again, on a new epoll descriptor). */
static void
web_tls_reload(struct srv *sv)
{
	char err[1200];
	int r;

	if (sv->webs == NULL)
		return;
	if ((r = web_reload(sv->webs, err, sizeof err)) == -1) {
		srv_log(sv, NET_LOG_ERROR, "SIGHUP: %s; the web pages keep the "
		    "certificate read before", err);
		return;
	}
	if (r == 0 && srv_watch(sv, web_fd(sv->webs), SRV_TAG_WEBS,
	    EPOLLIN) < 0) {
		snprintf(err, sizeof err, "epoll: %s", strerror(errno));
		r = -2;
	}
	if (r < 0)
		srv_log(sv, NET_LOG_ERROR, "SIGHUP: %s; no web pages over TLS "
		    "until a restart", err);
	else
		srv_log(sv, NET_LOG_INFO, "SIGHUP: certificate %s read again; "
		    "the web pages over TLS started again with it (their open "
		    "connections closed)", sv->o.tls_cert);
}

static void
cgp_reload(struct srv *sv)
{
	struct srv_tls *x;
	char err[1200];

	if (sv->tls == NULL)
		return;
	if ((x = tls_load(&sv->o, err, sizeof err)) == NULL) {
		srv_log(sv, NET_LOG_ERROR, "SIGHUP: %s; the certificate read "
		    "before is kept", err);
		return;
	}
	tls_unref(sv->tls);
	sv->tls = x;
	srv_log(sv, NET_LOG_INFO, "SIGHUP: certificate %s read again; new "
	    "TLS connections get it", sv->o.tls_cert);
}

void
srv_tls_reload(struct srv *sv)
{
	cgp_reload(sv);
	web_tls_reload(sv);
}

void
srv_tls_free(struct srv *sv)
{
	tls_unref(sv->tls);
	sv->tls = NULL;
}

int
srv_tls_accept(struct srv *sv, int id, long long now)
{
	struct conn *c = &sv->conns[id];

	if (tls_accept_socket(sv->tls->t, &c->tls, c->fd) < 0) {
		srv_log(sv, NET_LOG_WARN, "%s: TLS: %s", c->addr,
		    tls_error(sv->tls->t));
		c->tls = NULL;
		return -1;
	}
	c->tctx = sv->tls;
	sv->tls->refs++;
	c->hs = true;
	c->hs_by = now + SRV_TLS_HANDSHAKE_MS;
	return 0;
}

void
srv_tls_conn_free(struct conn *c)
{
	if (c->tls == NULL)
		return;
	/* One try at close_notify: the socket never blocks, a peer that
	 * does not read it does not hold us. */
	if (!c->hs)
		tls_close(c->tls);
	tls_free(c->tls);
	c->tls = NULL;
	tls_unref(c->tctx);
	c->tctx = NULL;
}

/* What the last call asked for: wait for input or for room to write. */
static int
want(struct conn *c, ssize_t r, bool reading)
{
	if (reading)
		c->tls_rd_out = r == TLS_WANT_POLLOUT;
	else
		c->tls_wr_in = r == TLS_WANT_POLLIN;
	return SRV_TLS_AGAIN;
}

int
srv_tls_handshake(struct srv *sv, int id)
{
	struct conn *c = &sv->conns[id];
	int r = tls_handshake(c->tls);

	if (r == TLS_WANT_POLLIN || r == TLS_WANT_POLLOUT) {
		c->tls_rd_out = r == TLS_WANT_POLLOUT;
		return SRV_TLS_AGAIN;
	}
	if (r < 0) {
		char why[300];
		snprintf(why, sizeof why, "TLS handshake: %.250s",
		    tls_error(c->tls) != NULL ? tls_error(c->tls) : "failed");
		conn_drop(sv, id, why);
		return -1;
	}
	c->hs = false;
	c->tls_rd_out = false;
	srv_log(sv, NET_LOG_DEBUG, "%s: %s %s (#%d)", c->addr,
	    tls_conn_version(c->tls), tls_conn_cipher(c->tls), id);
	return 0;
}

ssize_t
srv_tls_read(struct conn *c, void *buf, size_t len, char *why, size_t n)
{
	ssize_t r = tls_read(c->tls, buf, len);

	if (r == TLS_WANT_POLLIN || r == TLS_WANT_POLLOUT)
		return want(c, r, true);
	c->tls_rd_out = false;
	if (r < 0)
		snprintf(why, n, "TLS: %.250s", tls_error(c->tls) != NULL ?
		    tls_error(c->tls) : "read failed");
	return r;
}

ssize_t
srv_tls_write(struct conn *c, const void *buf, size_t len)
{
	ssize_t r = tls_write(c->tls, buf, len);

	if (r == TLS_WANT_POLLIN || r == TLS_WANT_POLLOUT)
		return want(c, r, false);
	c->tls_wr_in = false;
	return r;
}

unsigned
srv_tls_interest(const struct conn *c, unsigned want_plain)
{
	if (c->hs)
		return c->tls_rd_out ? EPOLLOUT : EPOLLIN;
	return want_plain | (c->tls_rd_out ? EPOLLOUT : 0) |
	    (c->tls_wr_in ? EPOLLIN : 0);
}
