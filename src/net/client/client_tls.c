/*
 * client_tls.c: the client's CGP/1 over TLS (`tls://HOST[:PORT]`), with
 * libtls, non-blocking as the plain connection is (its poll events follow
 * TLS_WANT_POLLIN / TLS_WANT_POLLOUT). The certificate is checked against
 * the system's authorities, or only against --tls-ca FILE when given.
 * One that no authority vouches for (self-signed) is pinned on first use,
 * as ssh pins host keys (client_known.c): the connection is made again
 * without the check, only to read the certificate, and its SHA-256 is
 * compared with the pin before anything is sent; a new one is pinned and
 * the player told, a changed one refused naming the file and line.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <tls.h>

#include "net/client/client_int.h"

void
cli_tls_free(struct net_client *c)
{
	if (c->tls != NULL)
		tls_free(c->tls);
	c->tls = NULL;
	c->tls_hs = c->tls_rd_out = c->tls_wr_in = false;
}

/* Pinned already: compare with the pin straight away (an authority's
 * word is not asked of a certificate pinned as self-signed). */
static bool
pinned(const struct net_client *c)
{
	char path[1100], err[200];
	int line;

	return c->o.tls_ca[0] == '\0' && net_known_path(path, sizeof path,
	    err, sizeof err) == 0 && net_known_check(path, c->o.host,
	    c->o.port, NULL, &line) != NET_PIN_NONE;
}

int
cli_tls_start(struct net_client *c, char *err, size_t errlen)
{
	struct tls_config *cf;
	int rc = -1;

	cli_tls_free(c);
	if (c->tls_try == CLI_TLS_VERIFY && pinned(c))
		c->tls_try = CLI_TLS_PIN;
	if ((cf = tls_config_new()) == NULL || (c->tls = tls_client()) ==
	    NULL) {
		snprintf(err, errlen, "TLS: out of memory");
		goto out;
	}
	if (tls_config_set_protocols(cf, TLS_PROTOCOL_TLSv1_2 |
	    TLS_PROTOCOL_TLSv1_3) < 0 || (c->o.tls_ca[0] != '\0' &&
	    tls_config_set_ca_file(cf, c->o.tls_ca) < 0)) {
		snprintf(err, errlen, "TLS: %s", tls_config_error(cf));
		goto out;
	}
	if (c->tls_try == CLI_TLS_PIN) {
		/* Only to read the certificate: checked against the pin. */
		tls_config_insecure_noverifycert(cf);
		tls_config_insecure_noverifyname(cf);
	}
	if (tls_configure(c->tls, cf) < 0 ||
	    tls_connect_socket(c->tls, c->fd, c->o.host) < 0) {
		snprintf(err, errlen, "TLS: %s", tls_error(c->tls));
		goto out;
	}
	c->tls_hs = true;
	rc = 0;
out:
	if (rc < 0)
		cli_tls_free(c);
	tls_config_free(cf);
	return rc;
}

/* The certificate against the pin: 0 go on, -1 refused (why set). */
static int
check_pin(struct net_client *c, char *why, size_t n)
{
	const char *hash = tls_peer_cert_hash(c->tls);
	char path[1100], err[200];
	struct net_event *e;
	int line, rc;

	if (hash == NULL) {
		snprintf(why, n, "%s port %d sent no certificate", c->o.host,
		    c->o.port);
		return -1;
	}
	if (net_known_path(path, sizeof path, err, sizeof err) < 0) {
		snprintf(why, n, "cannot pin the certificate of %s port %d: "
		    "%.200s", c->o.host, c->o.port, err);
		return -1;
	}
	rc = net_known_check(path, c->o.host, c->o.port, hash, &line);
	if (rc == NET_PIN_SAME)
		return 0;
	if (rc == NET_PIN_CHANGED) {
		snprintf(why, n, "REFUSED: the certificate of %.100s:%d has "
		    "changed (now %.71s), it is not the one pinned in %.150s "
		    "line %d; "
		    "someone may be in between. If its operator says it "
		    "changed, remove that line", c->o.host, c->o.port, hash,
		    path, line);
		return -1;
	}
	if (net_known_add(path, c->o.host, c->o.port, hash, &line, err,
	    sizeof err) < 0) {
		snprintf(why, n, "cannot pin the certificate of %s port %d: "
		    "%.200s", c->o.host, c->o.port, err);
		return -1;
	}
	e = cli_event(c, NEV_NOTICE);
	snprintf(e->text, sizeof e->text, "%.60s:%d: no authority vouches "
	    "for its certificate; pinned on first use: %s (%.80s line %d)",
	    c->o.host, c->o.port, hash, path, line);
	return 0;
}

int
cli_tls_handshake(struct net_client *c, long long now)
{
	char why[512];
	int r = tls_handshake(c->tls);

	if (r == TLS_WANT_POLLIN || r == TLS_WANT_POLLOUT) {
		c->tls_rd_out = r == TLS_WANT_POLLOUT;
		return 1;
	}
	c->tls_rd_out = false;
	if (r < 0) {
		snprintf(why, sizeof why, "TLS with %.100s port %d: %.300s",
		    c->o.host, c->o.port, tls_error(c->tls) != NULL ?
		    tls_error(c->tls) : "the handshake failed");
		if (c->tls_try == CLI_TLS_VERIFY && c->o.tls_ca[0] == '\0') {
			/* No authority vouches for it: again, only to read
			 * the certificate and compare it with a pin. */
			c->tls_try = CLI_TLS_PIN;
			cli_redial(c, why, now);
			return -1;
		}
		cli_lost(c, why, true, now);
		return -1;
	}
	c->tls_hs = false;
	if (c->tls_try == CLI_TLS_PIN && check_pin(c, why, sizeof why) < 0) {
		cli_lost(c, why, false, now);
		return -1;
	}
	return 0;
}

ssize_t
cli_tls_read(struct net_client *c, void *buf, size_t len)
{
	ssize_t r = tls_read(c->tls, buf, len);

	c->tls_rd_out = r == TLS_WANT_POLLOUT;
	if (r == TLS_WANT_POLLIN || r == TLS_WANT_POLLOUT)
		return CLI_TLS_AGAIN;
	return r;
}

ssize_t
cli_tls_write(struct net_client *c, const void *buf, size_t len)
{
	ssize_t r = tls_write(c->tls, buf, len);

	c->tls_wr_in = r == TLS_WANT_POLLIN;
	if (r == TLS_WANT_POLLIN || r == TLS_WANT_POLLOUT)
		return CLI_TLS_AGAIN;
	return r;
}

const char *
cli_tls_error(struct net_client *c)
{
	const char *e = tls_error(c->tls);

	return e != NULL ? e : "TLS failed";
}
