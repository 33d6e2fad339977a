/*
 * web_data.c: the buffers of a game's snapshot (struct web_gamedata)
 * and of a tournament's page (struct web_tourneydata),
 * which the server fills (web_host's game) and the pages free.
 */

#include <stdlib.h>
#include <string.h>

#include "engine/fen.h"
#include "util/util.h"
#include "web/web_host.h"

#define MOVE_MAX 32

void
web_gamedata_alloc(struct web_gamedata *d, int nply)
{
	int i;

	d->w.nply = nply;
	d->fenbuf = xcalloc((size_t)nply + 1, FEN_MAX);
	d->movebuf = xcalloc((size_t)nply + 1, MOVE_MAX);
	d->fens = xcalloc((size_t)nply + 1, sizeof *d->fens);
	d->moves = xcalloc((size_t)nply + 1, sizeof *d->moves);
	for (i = 0; i <= nply; i++) {
		d->fens[i] = "";
		d->moves[i] = "";
	}
	d->w.fens = d->fens;
	d->w.moves = d->moves;
}

char *
web_gamedata_fen(struct web_gamedata *d, int i)
{
	d->fens[i] = d->fenbuf + (size_t)i * FEN_MAX;
	return d->fenbuf + (size_t)i * FEN_MAX;
}

char *
web_gamedata_move(struct web_gamedata *d, int i)
{
	d->moves[i] = d->movebuf + (size_t)i * MOVE_MAX;
	return d->movebuf + (size_t)i * MOVE_MAX;
}

void
web_gamedata_free(struct web_gamedata *d)
{
	free(d->fenbuf);
	free(d->movebuf);
	free(d->fens);
	free(d->moves);
	memset(d, 0, sizeof *d);
}

void
web_tourneydata_free(struct web_tourneydata *d)
{
	free(d->st);
	free(d->p);
	memset(d, 0, sizeof *d);
}
