#include <stdio.h>

#include "ai/match.h"

int
match_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "congo: --match is not available yet\n");
	return 2;
}
