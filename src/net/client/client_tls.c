/*
 * client_tls.c: the client's CGP/1 over TLS (`tls://HOST[:PORT]`), with
 * libtls, non-blocking as the plain connection is (its poll events follow
 * TLS_WANT_POLLIN / TLS_WANT_POLLOUT). Nothing is sent (no HELLO, no
 * LOGIN) before the certificate is accepted.
 *
 * The certificate is checked against the system's authorities, or only
 * against --tls-ca FILE when given (CLI_TLS_VERIFY). When that fails, the
 * reason decides, and libtls says only "it failed" in words meant for a
 * person; so the reason is found by asking libtls again, never by reading
 * its words:
 *
 *  1. CLI_TLS_VOUCH: a second handshake that checks the chain to an
 *     authority but not the dates nor the host name
 *     (tls_config_insecure_noverifytime, _noverifyname). If it succeeds,
 *     an authority vouches for this certificate and it failed on its
 *     dates, its name or its revocation: REFUSED, never pinned, the
 *     reason read from the certificate itself (tls_peer_cert_notbefore /
 *     _notafter against the clock, tls_peer_cert_contains_name of the
 *     host, tls_peer_ocsp_cert_status of an OCSP answer stapled to it,
 *     when libtls read it). Should none explain the first failure, it is
 *     said in the first check's words and tried again later, from the
 *     start; this connection is never used.
 *  2. CLI_TLS_PIN: when no authority vouches for the chain (self-signed,
 *     an unknown issuer, or one not in --tls-ca's FILE), a third
 *     handshake without the checks reads the certificate, compared with
 *     the pin kept for HOST:PORT (client_known.c, as ssh pins host keys).
 *     The same pin: go on. Another: refused, naming the file and the
 *     line. None: with --tls-ca refused; else trusted on first use only
 *     as the options say (struct net_client_opts trust): the player asked
 *     (NEV_TRUST: host, port and SHA-256; the connection closed while the
 *     question waits, net_client_trust answers: yes pins it and connects
 *     again, the pin checked as for any pinned host), pinned with a notice
 *     (--tls-trust-new), or refused (a run no person answers).
 *
 * A host with a pin already goes straight to the pin (an authority's word
 * is not asked of a certificate pinned as self-signed). Revocation is
 * known only from an OCSP answer the server staples (libtls is given no
 * CRL here): the first check refuses a revoked certificate ("ocsp verify
 * failed: revoked cert"), and as the second one succeeds it is never
 * pinned nor asked about, only refused again at each try. A chain that
 * no authority vouches for for another reason (a bad signature) is, like
 * an unknown issuer, one the player may pin only after seeing its
 * fingerprint.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>
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
	} else if (c->tls_try == CLI_TLS_VOUCH) {
		/* The chain alone: is it an authority's? */
		tls_config_insecure_noverifyname(cf);
		tls_config_insecure_noverifytime(cf);
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

/* Refused for good: said, the link closed; -1. */
static int
refuse(struct net_client *c, const char *why, long long now)
{
	cli_lost(c, why, false, now);
	return -1;
}

/* A certificate with no pin, no authority vouching for it: trusted on
 * first use as the options say (0 go on, -1 closed or asked). */
static int
first_use(struct net_client *c, const char *hash, const char *path,
    long long now)
{
	char why[700], err[200];
	struct net_event *e;
	int line;

	if (c->o.tls_ca[0] != '\0') {
		snprintf(why, sizeof why, "REFUSED: %.200s: no authority in "
		    "%.150s vouches for the certificate of %.100s port %d "
		    "(%.71s); nothing was sent", c->tls_first, c->o.tls_ca,
		    c->o.host, c->o.port, hash);
		return refuse(c, why, now);
	}
	if (c->o.trust == NET_TRUST_ASK) {
		snprintf(c->tls_ask, sizeof c->tls_ask, "%s", hash);
		cli_hold(c);
		e = cli_event(c, NEV_TRUST);
		snprintf(e->text, sizeof e->text, "%s", hash);
		return -1;
	}
	if (c->o.trust != NET_TRUST_NEW) {
		snprintf(why, sizeof why, "REFUSED: no authority vouches for "
		    "the certificate of %.100s port %d (%s) and none of it is "
		    "pinned: nothing was sent. To trust it on first use, "
		    "answer yes in congo or congo --plain at a terminal, or "
		    "give --tls-trust-new", c->o.host, c->o.port, hash);
		return refuse(c, why, now);
	}
	if (net_known_add(path, c->o.host, c->o.port, hash, &line, err,
	    sizeof err) < 0) {
		snprintf(why, sizeof why, "cannot pin the certificate of %s "
		    "port %d: %.200s", c->o.host, c->o.port, err);
		return refuse(c, why, now);
	}
	e = cli_event(c, NEV_NOTICE);
	snprintf(e->text, sizeof e->text, "%.40s:%d: pinned on first use: "
	    "%.71s (%.88s line %d)", c->o.host, c->o.port, hash, path, line);
	return 0;
}

/* The certificate against the pin: 0 go on, -1 refused or asked. */
static int
check_pin(struct net_client *c, long long now)
{
	const char *h = tls_peer_cert_hash(c->tls);
	char path[1100], err[200], why[700], hash[80];
	int line, rc;

	if (h == NULL) {
		snprintf(why, sizeof why, "%s port %d sent no certificate",
		    c->o.host, c->o.port);
		return refuse(c, why, now);
	}
	snprintf(hash, sizeof hash, "%s", h);   /* (the context's) */
	if (net_known_path(path, sizeof path, err, sizeof err) < 0) {
		snprintf(why, sizeof why, "cannot pin the certificate of %s "
		    "port %d: %.200s", c->o.host, c->o.port, err);
		return refuse(c, why, now);
	}
	rc = c->o.tls_ca[0] != '\0' ? NET_PIN_NONE : net_known_check(path,
	    c->o.host, c->o.port, hash, &line);
	if (rc == NET_PIN_SAME)
		return 0;
	if (rc == NET_PIN_CHANGED) {
		snprintf(why, sizeof why, "REFUSED: the certificate of "
		    "%.100s:%d has changed (now %.71s), it is not the one "
		    "pinned in %.150s line %d; someone may be in between. If "
		    "its operator says it changed, remove that line",
		    c->o.host, c->o.port, hash, path, line);
		return refuse(c, why, now);
	}
	return first_use(c, hash, path, now);
}

/* A UTC time as "2026-01-31 12:00 UTC". */
static void
utc(time_t t, char *buf, size_t n)
{
	struct tm tm;

	if (gmtime_r(&t, &tm) == NULL || strftime(buf, n, "%Y-%m-%d %H:%M UTC",
	    &tm) == 0)
		snprintf(buf, n, "%lld", (long long)t);
}

/* An authority vouches for the chain (CLI_TLS_VOUCH succeeded): why the
 * full check failed, read from the certificate into why; false when
 * neither its dates nor its name explain it. */
static bool
vouched_why(struct net_client *c, char *why, size_t n)
{
	time_t now = time(NULL), nb = tls_peer_cert_notbefore(c->tls);
	time_t na = tls_peer_cert_notafter(c->tls);
	const char *subj = tls_peer_cert_subject(c->tls);
	char what[400] = "", day[40];
	size_t w;

	if (na != -1 && now > na) {
		utc(na, day, sizeof day);
		w = strlen(what);
		snprintf(what + w, sizeof what - w, "it expired on %s", day);
	}
	if (nb != -1 && now < nb) {
		utc(nb, day, sizeof day);
		w = strlen(what);
		snprintf(what + w, sizeof what - w, "%sit is not valid before "
		    "%s", w > 0 ? " and " : "", day);
	}
	if (tls_peer_ocsp_cert_status(c->tls) == TLS_OCSP_CERT_REVOKED) {
		utc(tls_peer_ocsp_revocation_time(c->tls), day, sizeof day);
		w = strlen(what);
		snprintf(what + w, sizeof what - w, "%sit was revoked on %s "
		    "(its authority's OCSP answer)", w > 0 ? " and " : "",
		    day);
	}
	if (tls_peer_cert_contains_name(c->tls, c->o.host) != 1) {
		w = strlen(what);
		snprintf(what + w, sizeof what - w, "%sit is not for the name "
		    "%.100s (it is %.120s)", w > 0 ? " and " : "", c->o.host,
		    subj != NULL ? subj : "?");
	}
	if (what[0] == '\0')
		return false;
	snprintf(why, n, "REFUSED: the certificate of %.100s port %d is "
	    "vouched for by an authority, but %s; it is not pinned, nothing "
	    "was sent", c->o.host, c->o.port, what);
	return true;
}

/* A handshake failed: the next check, or the end (-1). */
static int
hs_failed(struct net_client *c, long long now)
{
	const char *e = tls_error(c->tls);
	char why[600];

	snprintf(why, sizeof why, "TLS with %.100s port %d: %.300s",
	    c->o.host, c->o.port, e != NULL ? e : "the handshake failed");
	switch (c->tls_try) {
	case CLI_TLS_VERIFY:
		/* Is the chain an authority's? Again, without the dates and
		 * the name. */
		snprintf(c->tls_first, sizeof c->tls_first, "%.399s", why);
		c->tls_try = CLI_TLS_VOUCH;
		cli_redial(c, why, now);
		return -1;
	case CLI_TLS_VOUCH:
		/* No authority's: again, only to read the certificate and
		 * compare it with a pin. */
		c->tls_try = CLI_TLS_PIN;
		cli_redial(c, c->tls_first, now);
		return -1;
	default:
		/* not even without the checks: the connection's failure, or
		 * what libtls refuses whatever the options (a revoked
		 * certificate's OCSP answer), said with the first check's */
		if (c->tls_first[0] != '\0' && strcmp(c->tls_first, why) != 0) {
			char both[sizeof why + sizeof c->tls_first];
			snprintf(both, sizeof both, "%s; without the checks: "
			    "%s", c->tls_first, e != NULL ? e :
			    "the handshake failed");
			cli_lost(c, both, true, now);
			return -1;
		}
		cli_lost(c, why, true, now);
		return -1;
	}
}

int
cli_tls_handshake(struct net_client *c, long long now)
{
	char why[700];
	int r = tls_handshake(c->tls);

	if (r == TLS_WANT_POLLIN || r == TLS_WANT_POLLOUT) {
		c->tls_rd_out = r == TLS_WANT_POLLOUT;
		return 1;
	}
	c->tls_rd_out = false;
	if (r < 0)
		return hs_failed(c, now);
	c->tls_hs = false;
	if (c->tls_try == CLI_TLS_VOUCH) {
		/* Never used: its name and dates were not checked. */
		if (vouched_why(c, why, sizeof why))
			return refuse(c, why, now);
		cli_lost(c, c->tls_first, true, now);
		return -1;
	}
	if (c->tls_try == CLI_TLS_PIN)
		return check_pin(c, now);
	return 0;
}

void
net_client_trust(struct net_client *c, bool yes, long long now)
{
	char hash[80], path[1100], err[200], why[700];
	struct net_event *e;
	int line;

	if (c->tls_ask[0] == '\0')
		return;
	snprintf(hash, sizeof hash, "%s", c->tls_ask);
	c->tls_ask[0] = '\0';
	if (!yes) {
		snprintf(why, sizeof why, "REFUSED: the certificate of %.100s "
		    "port %d (%s) was not trusted; nothing was sent",
		    c->o.host, c->o.port, hash);
		cli_lost(c, why, false, now);
		return;
	}
	if (net_known_path(path, sizeof path, err, sizeof err) < 0 ||
	    net_known_add(path, c->o.host, c->o.port, hash, &line, err,
	    sizeof err) < 0) {
		snprintf(why, sizeof why, "cannot pin the certificate of %s "
		    "port %d: %.200s", c->o.host, c->o.port, err);
		cli_lost(c, why, false, now);
		return;
	}
	e = cli_event(c, NEV_NOTICE);
	snprintf(e->text, sizeof e->text, "%.60s:%d: its certificate is "
	    "pinned: %.71s (%.80s line %d)", c->o.host, c->o.port, hash, path,
	    line);
	/* Again: the pin checked before anything is sent. */
	net_client_start(c, now);
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
