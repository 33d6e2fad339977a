/*
 * congo_server.c: the `congo-server` program.
 */
#include "net/net.h"

int
main(int argc, char **argv)
{
	return server_main(argc, argv);
}
