/*
 * port.h: CGP/1's port unless told another, the one number that both
 * net/proto (NET_DEFAULT_PORT) and config (CONF_SERVER_PORT, congo.conf's
 * default) start from. Here, below both, so that neither includes the
 * other: config knows nothing of net, net/proto nothing of config.
 */
#ifndef CONGO_UTIL_PORT_H
#define CONGO_UTIL_PORT_H

#define CONGO_DEFAULT_PORT 7153
#define CONGO_DEFAULT_TLS_PORT 7154   /* tls://HOST without a port */

#endif
