/*
 * congo_server.c: the `congo-server` program.
 */
#include "net/server/server.h"
#include "util/i18n.h"
#include "util/util.h"

int
main(int argc, char **argv)
{
	util_set_progname("congo-server");
	i18n_init();
	return server_main(argc, argv);
}
