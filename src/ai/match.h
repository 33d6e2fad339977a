#ifndef CONGO_MATCH_H
#define CONGO_MATCH_H
/* `congo --match ...`: headless games between two players. */
int match_main(int argc, char **argv);
/* `congo --tune FILE...`: Texel's method over games (tune_main.c). */
int tune_main(int argc, char **argv);
#endif
