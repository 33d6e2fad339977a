/*
 * session_net_list.h: the server's lists (session_net_list.c): :whois,
 * :top, :games, and a game's RECORD asked from one.
 */
#ifndef CONGO_SESSION_NET_LIST_H
#define CONGO_SESSION_NET_LIST_H

#include <stdbool.h>
#include <stdio.h>

#include "session/session_net.h"

/* A list of the server's (session_net_list.c): :whois, :top, :games. */
#define SESSION_LIST_MAX 100

struct session_net_list {
	char verb[16];            /* WHOIS, TOP, GAMES */
	char what[64];            /* whom or what it asked about */
	char title[160];
	char lines[SESSION_LIST_MAX][160];
	char games[SESSION_LIST_MAX][16]; /* GAMES: each line's game */
	int n, sel;
	bool done;                /* all its lines came */
	FILE *rec;                /* a RECORD being gathered */
	char recpath[300];
	char recgame[16];
	bool reclobby;            /* asked for from the lobby */
	bool loaded;              /* a record was loaded (with view_serial) */
	struct session_cmd wait;  /* asked while the connection was being
	                             made (the way back to the lobby is a
	                             new one): asked once it is online */
};

/* session_net_list.c: :whois, :top, :games asked (0, or -1 with a
 * message; while the connection is being made, asked once it is online:
 * session_net_list_online, at NET_ONLINE); the ITEMs of a reply (SEEKS' included; false for another
 * event); game i of a :games list asked for its RECORD, reviewed once it
 * came (session_net_record_open; lobby: the list was asked for in the
 * lobby, where q goes back to; 0 asked, -1 with a message); freed with
 * the network. */
int session_net_list_open(struct session *s, const struct session_cmd *cmd);
bool session_net_list_event(struct session *s, const struct net_event *e);
int session_net_list_record(struct session *s, int i, bool lobby);
void session_net_list_online(struct session *s);
/* The server refused the list's question (NEV_ERROR of its verb): the
 * list says why in words (a WHOIS of nobody: no such player). True when
 * the error was the list's. */
bool session_net_list_error(struct session *s, const struct net_event *e);
void session_net_list_free(struct session *s);

#endif
