/*
 * congo_server.c: the `congo-server` program.
 */
#include "net/server/server.h"
#include "util/util.h"

int
main(int argc, char **argv)
{
	util_set_progname("congo-server");
	return server_main(argc, argv);
}
