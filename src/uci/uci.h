#ifndef CONGO_UCI_H
#define CONGO_UCI_H
#include <stdio.h>
/* `congo --engine`: read commands from in, answer on out, until quit/EOF. */
int uci_main(int argc, char **argv);
int uci_run(FILE *in, FILE *out);
#endif
