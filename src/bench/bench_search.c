#include <stdio.h>

#include "bench/bench.h"

int
bench_search(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "congo: the search benchmark is not available yet\n");
	return 2;
}
