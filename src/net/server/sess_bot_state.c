/*
 * sess_bot_state.c: the bots' titles in STATE (issue 59, PROTOCOL.md
 * "Bots"): wtitle=BOT / btitle=BOT beside a seat held by a bot account,
 * as this server knows its bots (sess_bot.c).
 */
#include <stddef.h>

#include "net/server/sess_bot.h"
#include "net/server/sess_feature.h"

static void
bot_state_kv(struct sess *s, struct sgame *g, struct cgp_out *o)
{
	static const char *const key[2] = { "wtitle", "btitle" };
	int k;

	for (k = 0; k < 2; k++)
		if (g->seated[k] && g->account[k] &&
		    sess_bot_named(s, g->name[k]))
			cgp_out_kv(o, key[k], "BOT");
}

const struct sess_feature sess_feature_bot = {
	.name = "bot",
	.state_kv = bot_state_kv,
};
