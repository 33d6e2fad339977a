/*
 * store_timing.c: a game's timing as its stored events say (STORE_TIMING's
 * column: its last JOINED, MOVE or UNDO body, then " start=<fen>"): the
 * side to move (the FEN after the last move, else the start position's)
 * and a correspondence game's deadline (deadline=, PROTOCOL.md
 * "Correspondence"). For lists of games not in a server's memory (the web
 * pages); the session keeps its own for the games it holds. And an UNDO's
 * ply, which the games' summary (LIST's ply=) is set to.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "net/store/store.h"

/* The value of " key=" in text (the first), or NULL. */
static const char *
value(const char *text, const char *key)
{
	size_t n = strlen(key);
	const char *p;

	for (p = text; (p = strstr(p, key)) != NULL; p += n)
		if ((p == text || p[-1] == ' ') && p[n] == '=')
			return p + n + 1;
	return NULL;
}

/* "2026-11-25T15:30:02Z" at v as Unix ms, 0 when it is not that. */
static long long
iso(const char *v)
{
	struct tm tm;
	int len = 0;

	if (v == NULL)
		return 0;
	memset(&tm, 0, sizeof tm);
	if (sscanf(v, "%4d-%2d-%2dT%2d:%2d:%2dZ%n", &tm.tm_year, &tm.tm_mon,
	    &tm.tm_mday, &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &len) != 6 ||
	    len != 20 || (v[len] != '\0' && v[len] != ' '))
		return 0;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	return (long long)timegm(&tm) * 1000;
}

/* The side to move of a wire-form FEN at v ("..._w_0_1"), "" unknown. */
static const char *
side(const char *v)
{
	const char *u = v != NULL ? strpbrk(v, "_ ") : NULL;

	if (u == NULL || *u != '_')
		return "";
	return u[1] == 'w' ? "white" : u[1] == 'b' ? "black" : "";
}

void
store_timing_parse(const char *text, struct store_item *it)
{
	const char *start = text != NULL ? strstr(text, " start=") : NULL;
	const char *fen;
	char body[512];
	size_t n;

	it->turn[0] = '\0';
	it->deadline = 0;
	if (text == NULL)
		return;
	/* The body alone (the start position is its own). */
	n = start != NULL ? (size_t)(start - text) : strlen(text);
	if (n >= sizeof body)
		n = sizeof body - 1;
	memcpy(body, text, n);
	body[n] = '\0';
	it->deadline = iso(value(body, "deadline"));
	fen = value(body, "fen");
	snprintf(it->turn, sizeof it->turn, "%s", fen != NULL ? side(fen) :
	    start != NULL ? side(start + strlen(" start=")) : "");
}

long
store_undo_ply(const char *kind, const char *body)
{
	const char *v;
	char *end;
	long ply;

	if (kind == NULL || body == NULL || strcmp(kind, "UNDO") != 0 ||
	    (v = value(body, "ply")) == NULL || *v < '0' || *v > '9')
		return -1;
	ply = strtol(v, &end, 10);
	return (*end == ' ' || *end == '\0') && ply <= 1000000L ? ply : -1;
}
