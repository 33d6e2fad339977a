#ifndef CONGO_MATCH_H
#define CONGO_MATCH_H
/* `congo --match ...`: headless games between two players. */
int match_main(int argc, char **argv);
#endif
