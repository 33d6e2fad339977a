#ifndef CONGO_MAIN_H
#define CONGO_MAIN_H
/* The overall usage text (`congo --help`). */
void congo_usage(FILE *out);
#endif
