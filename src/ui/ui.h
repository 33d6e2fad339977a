#ifndef CONGO_UI_H
#define CONGO_UI_H
/* The full-screen game (the default mode of `congo`). */
int ui_main(int argc, char **argv);
#endif
