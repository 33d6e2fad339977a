#include <stdio.h>

#include "ui/ui.h"

int
ui_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "congo: the full-screen game is not available yet\n");
	return 2;
}
