#ifndef CONGO_UI_H
#define CONGO_UI_H
/* The full-screen game (the default mode of `congo`). */
int ui_main(int argc, char **argv);
/* The game's options (part of `congo --help`). */
#include <stdio.h>
void ui_usage(FILE *out);
/* The network options' part of --help. */
void ui_net_usage(FILE *out);

#endif
