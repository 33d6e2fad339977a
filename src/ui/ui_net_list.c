/*
 * ui_net_list.c: lists of the server's in the game.
 */
#include "net/net.h"
#include "ui/ui_net.h"

void
ui_net_list_open(struct ui_app *a, const struct ui_cmd *cmd)
{
	(void)cmd;
	session_msg(&a->s, SM_ERROR, "not yet");
}

void
ui_net_list_event(struct ui_app *a, const struct net_event *e)
{
	(void)a;
	(void)e;
}
