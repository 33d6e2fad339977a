/*
 * web_tls.c: the web pages over TLS (congo-server --https): the
 * certificate and key of --tls-cert and --tls-key handed to libmicrohttpd
 * (GnuTLS inside it) in memory, the key zeroed once the daemon has it; HSTS
 * on its responses (web_headers). On SIGHUP the files are read again: a
 * running MHD daemon cannot change its certificate, so it is checked on a
 * daemon without a socket, then the daemon is started again on the same
 * listening socket (MHD_quiesce_daemon hands it over) and the old one
 * stopped: its open connections are closed, event streams too (the page's
 * EventSource, and the shared worker's, opens a new one within 2 s).
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "util/util.h"
#include "web/web_host.h"
#include "web/web_http.h"

#ifdef HAVE_MICROHTTPD

#define PEM_MAX (1024 * 1024)          /* a chain is a few KiB */

/* The whole file, NUL-terminated (read at once into a buffer of its size:
 * no copy of a key left behind by a realloc), or NULL with err. */
static char *
pem_read(const char *opt, const char *path, char *err, size_t errlen)
{
	struct stat st;
	size_t len;
	char *s;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		snprintf(err, errlen, "%s %s: %s", opt, path, strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
	    st.st_size > PEM_MAX) {
		snprintf(err, errlen, "%s %s: not a PEM file (a regular file "
		    "of at most 1 MiB)", opt, path);
		close(fd);
		return NULL;
	}
	s = xmalloc((size_t)st.st_size + 1);
	len = util_read_all(fd, s, (size_t)st.st_size);
	close(fd);
	s[len] = '\0';
	if (len == 0 || strlen(s) != len || strstr(s, "-----BEGIN ") == NULL) {
		snprintf(err, errlen, "%s %s: not a PEM file", opt, path);
		sodium_memzero(s, (size_t)st.st_size + 1);
		free(s);
		return NULL;
	}
	return s;
}

static void
pem_free(char *s)
{
	if (s == NULL)
		return;
	sodium_memzero(s, strlen(s));
	free(s);
}

static enum MHD_Result
no_page(void *cls, struct MHD_Connection *c, const char *url,
    const char *method, const char *version, const char *upload,
    size_t *upload_size, void **con_cls)
{
	(void)cls, (void)c, (void)url, (void)method, (void)version;
	(void)upload, (void)upload_size, (void)con_cls;
	return MHD_NO;
}

/* Would libmicrohttpd take them? A daemon without a socket says. */
static bool
pair_ok(const char *cert, const char *key)
{
	struct MHD_Daemon *d;

	d = MHD_start_daemon(MHD_USE_TLS | MHD_USE_NO_LISTEN_SOCKET, 0, NULL,
	    NULL, no_page, NULL,
	    MHD_OPTION_HTTPS_MEM_KEY, key,
	    MHD_OPTION_HTTPS_MEM_CERT, cert,
	    MHD_OPTION_END);
	if (d == NULL)
		return false;
	MHD_stop_daemon(d);
	return true;
}

bool
web_tls_load(const struct web *w, char **cert, char **key, char *err,
    size_t errlen)
{
	*cert = *key = NULL;
	if (w->tls_cert[0] == '\0' || w->tls_key[0] == '\0') {
		snprintf(err, errlen, "--https needs --tls-cert FILE and "
		    "--tls-key FILE");
		return false;
	}
	if ((*cert = pem_read("--tls-cert", w->tls_cert, err, errlen)) ==
	    NULL)
		return false;
	if ((*key = pem_read("--tls-key", w->tls_key, err, errlen)) == NULL) {
		pem_free(*cert);
		*cert = NULL;
		return false;
	}
	/* Refused: said why here, not only in libmicrohttpd's log line. */
	if (!pair_ok(*cert, *key)) {
		web_tls_key_why(w->tls_cert, *cert, strlen(*cert), w->tls_key,
		    *key, strlen(*key), err, errlen);
		web_tls_unload(*cert, *key);
		*cert = *key = NULL;
		return false;
	}
	return true;
}

void
web_tls_unload(char *cert, char *key)
{
	pem_free(cert);
	pem_free(key);                 /* zeroed */
}

bool
web_conn_tls(struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *ci;
	const union MHD_DaemonInfo *di;

	ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_DAEMON);
	if (ci == NULL || ci->daemon == NULL)
		return false;
	di = MHD_get_daemon_info(ci->daemon, MHD_DAEMON_INFO_FLAGS);
	return di != NULL && (di->flags & MHD_USE_TLS) != 0;
}

int
web_reload(struct web *w, char *err, size_t errlen)
{
	char *cert, *key, why[300];
	bool ok;
	int lfd;

	if (!w->tls || w->d == NULL) {
		snprintf(err, errlen, "--https: nothing to reload");
		return -1;
	}
	if (!web_tls_load(w, &cert, &key, err, errlen))
		return -1;             /* (the pair checked there) */
	/* The listening socket handed from the old daemon to the new. */
	lfd = MHD_quiesce_daemon(w->d);
	if (lfd < 0) {
		web_tls_unload(cert, key);
		snprintf(err, errlen, "--https: the daemon keeps its socket");
		return -1;
	}
	web_stop(w);
	ok = web_start(w, lfd, NULL, cert, key, why, sizeof why);
	web_tls_unload(cert, key);
	if (!ok) {
		/* (MHD closed lfd.) */
		snprintf(err, errlen, "--https: %s", why);
		return -2;
	}
	return 0;
}

#else
typedef int web_tls_absent;
#endif
