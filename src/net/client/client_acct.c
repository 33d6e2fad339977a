/*
 * client_acct.c: the client's side of accounts (REGISTER once, its key
 * kept in the keys file, LOGIN on every connection), seeks (SEEK, sent
 * again after a reconnection, until PAIRED gives a seat), takebacks, the
 * lists (SEEKS, WHOIS, TOP, GAMES, RECORD, CHALLENGES, and GAMES
 * mine=yes as MINE) and the ratings of a rated game's STATE and RESULT.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/client/client_int.h"
#include "util/util.h"

static void
copy(char *dst, size_t n, const char *src)
{
	snprintf(dst, n, "%s", src != NULL ? src : "");
}

static void
login(struct net_client *c, const char *name, const char *key)
{
	cli_send(c, "#i LOGIN name=%s key=%s", name, key);
}

void
cli_after_hello(struct net_client *c)
{
	char name[CGP_NAME_MAX + 1], key[64];

	if (c->o.register_first) {
		/* The rest once the key is kept (OK REGISTER). */
		cli_send(c, "#g REGISTER name=%s", c->o.login);
		return;
	}
	if (net_keys_find(c->o.host, c->o.port, c->o.login, name, sizeof name,
	    key, sizeof key) == 0)
		login(c, name, key);
	else if (c->o.login[0] != '\0') {
		struct net_event *e = cli_event(c, NEV_ERROR);
		copy(e->verb, sizeof e->verb, "LOGIN");
		snprintf(e->text, sizeof e->text, "no key kept for %.31s on "
		    "%.100s port %d (--register %.31s makes the account)", c->o.login,
		    c->o.host, c->o.port, c->o.login);
		e->code = 401;
	}
	/* Replies come in order: LOGIN is done before what follows. */
	cli_establish(c);
}

void
cli_seek_send(struct net_client *c)
{
	c->seek_id[0] = '\0';
	cli_send(c, "#S SEEK %s", c->seek_args);
}

void
net_client_seek_bots(struct net_client *c, bool yes)
{
	c->seek_bots = yes;
}

void
net_client_seek(struct net_client *c, const char *variant, const char *clock,
    int days, bool rated, const char *color, const char *range)
{
	char ctl[32];

	/* a correspondence seek: days= instead of clock= (PROTOCOL.md SEEK) */
	if (days > 0)
		snprintf(ctl, sizeof ctl, "days=%d", days);
	else
		snprintf(ctl, sizeof ctl, "clock=%.20s", clock != NULL ? clock :
		    "");
	/* name= as CREATE and JOIN give it (the server shows an account's
	 * own name instead): without it a seek was "anonymous". */
	snprintf(c->seek_args, sizeof c->seek_args, "%s rated=%s "
	    "name=%s%s%s%s%s%s%s", ctl, rated ? "yes" : "no", c->o.name,
	    variant != NULL ? " variant=" : "", variant != NULL ? variant : "",
	    color != NULL ? " color=" : "", color != NULL ? color : "",
	    range != NULL ? " range=" : "", range != NULL ? range : "");
	if (c->seek_bots)               /* (issue 59: a bot may pair it) */
		snprintf(c->seek_args + strlen(c->seek_args),
		    sizeof c->seek_args - strlen(c->seek_args), " bots=yes");
	c->seek_bots = false;
	c->role = ROLE_SEEK;
	c->seat = -1;
	c->seek_since = util_now_ms();
	if (c->st == NET_ONLINE)
		cli_seek_send(c);
}

void
net_client_unseek(struct net_client *c)
{
	if (c->role != ROLE_SEEK)
		return;
	if (c->st == NET_ONLINE && c->seek_id[0] != '\0')
		cli_send(c, "#U UNSEEK seek=%s", c->seek_id);
	c->seek_id[0] = '\0';
	c->role = ROLE_NONE;
}

bool
net_client_seeking(const struct net_client *c, long long *since)
{
	if (c->role != ROLE_SEEK)
		return false;
	*since = c->seek_since;
	return true;
}

const char *
net_client_account(const struct net_client *c)
{
	return c->account;
}

int
net_client_takeback(struct net_client *c, const char *action, char *err,
    size_t errlen)
{
	return cli_seat_send(c, err, errlen, "#b TAKEBACK game=%s action=%s",
	    c->game, action);
}

/* The lists: the name the events carry, the command sent (and its
 * words of its own), the tag that tells its replies apart. */
static const struct {
	const char *verb, *wire, *args;
	char tag;
} lists[] = {
	{ "SEEKS", "SEEKS", "", 'K' }, { "WHOIS", "WHOIS", "", 'W' },
	{ "TOP", "TOP", "", 'T' }, { "GAMES", "GAMES", "", 'G' },
	{ "RECORD", "RECORD", "", 'D' },
	{ "CHALLENGES", "CHALLENGES", "", 'H' },
	{ "MINE", "GAMES", "mine=yes", 'M' },
	{ "TOURNEYS", "TOURNEYS", "", 'Y' },
	{ "STANDINGS", "STANDINGS", "", 'Z' },
};

int
net_client_query(struct net_client *c, const char *verb, const char *args)
{
	size_t i;

	if (c->st != NET_ONLINE)
		return -1;
	if (args == NULL)
		args = "";
	for (i = 0; i < sizeof lists / sizeof lists[0]; i++)
		if (strcmp(lists[i].verb, verb) == 0) {
			cli_send(c, "#%c %s%s%s%s%s", lists[i].tag,
			    lists[i].wire, lists[i].args[0] != '\0' ? " " : "",
			    lists[i].args, args[0] != '\0' ? " " : "", args);
			return 0;
		}
	return -1;
}

/* The list a reply's tag answers (its verb), and the command's verb on
 * the wire. */
static const char *
list_verb(const char *tag)
{
	size_t i;

	for (i = 0; i < sizeof lists / sizeof lists[0]; i++)
		if (tag[0] == '#' && tag[1] == lists[i].tag && tag[2] == '\0')
			return lists[i].verb;
	return NULL;
}

static const char *
list_wire(const char *verb)
{
	size_t i;

	for (i = 0; i < sizeof lists / sizeof lists[0]; i++)
		if (strcmp(lists[i].verb, verb) == 0)
			return lists[i].wire;
	return verb;
}

/* A line's key=value words as text. */
static void
kv_text(const struct cgp_msg *m, char *out, size_t n)
{
	size_t len = 0;
	int i;

	out[0] = '\0';
	for (i = 0; i < m->nkv && len < n; i++)
		len += (size_t)snprintf(out + len, n - len, "%s%s=%s",
		    i ? " " : "", m->key[i], m->val[i]);
}

bool
net_kv_get(const char *text, const char *key, char *out, size_t n)
{
	size_t kl = strlen(key);
	const char *p = text;

	while (p != NULL && *p != '\0') {
		while (*p == ' ')
			p++;
		if (strncmp(p, key, kl) == 0 && p[kl] == '=') {
			size_t vl = strcspn(p + kl + 1, " ");
			snprintf(out, n, "%.*s", (int)vl, p + kl + 1);
			return true;
		}
		p = strchr(p, ' ');
	}
	if (n > 0)
		out[0] = '\0';
	return false;
}

bool
cli_acct_ok(struct net_client *c, const struct cgp_msg *m)
{
	const char *v = m->verb, *lv;
	char err[200];
	struct net_event *e;

	if (strcmp(v, "REGISTER") == 0) {
		const char *name = cgp_msg_get(m, "name"), *key =
		    cgp_msg_get(m, "key");
		c->o.register_first = false;
		if (name == NULL || key == NULL)
			return true;
		if (net_keys_save(c->o.host, c->o.port, name, key, err,
		    sizeof err) < 0) {
			/* Shown once by the server: the player must keep
			 * it some other way. */
			e = cli_event(c, NEV_ERROR);
			copy(e->verb, sizeof e->verb, "REGISTER");
			snprintf(e->text, sizeof e->text, "the key of %.31s "
			    "is %.26s: write it down (%.150s)", name, key, err);
		}
		c->registered = true;
		copy(c->o.login, sizeof c->o.login, name);
		login(c, name, key);
		cli_establish(c);
		return true;
	}
	if (strcmp(v, "LOGIN") == 0) {
		copy(c->account, sizeof c->account, cgp_msg_get(m, "name"));
		e = cli_event(c, NEV_ACCOUNT);
		copy(e->name, sizeof e->name, c->account);
		copy(e->text, sizeof e->text, c->registered ? "registered" :
		    "");
		c->registered = false;
		return true;
	}
	if (strcmp(v, "SEEK") == 0) {
		if (c->role == ROLE_SEEK) {
			copy(c->seek_id, sizeof c->seek_id,
			    cgp_msg_get(m, "seek"));
			e = cli_event(c, NEV_SEEKING);
			copy(e->name, sizeof e->name, c->seek_id);
		} else if (cgp_msg_get(m, "seek") != NULL)
			/* withdrawn before the server had it */
			cli_send(c, "#U UNSEEK seek=%s", cgp_msg_get(m,
			    "seek"));
		return true;
	}
	if (cli_tourney_ok(c, m))
		return true;
	if (strcmp(v, "UNSEEK") == 0 || strcmp(v, "LOGIN") == 0 ||
	    strcmp(v, "TAKEBACK") == 0)
		return true;
	if ((lv = list_verb(m->tag)) != NULL &&
	    strcmp(list_wire(lv), v) == 0) {
		/* (the events carry the list's name: MINE's OK says GAMES) */
		c->items_left = (int)cgp_parse_num(cgp_msg_get(m, "n"), 1000);
		copy(c->items_verb, sizeof c->items_verb, lv);
		e = cli_event(c, NEV_ITEMS);
		copy(e->verb, sizeof e->verb, lv);
		kv_text(m, e->text, sizeof e->text);
		if (c->items_left <= 0) {
			c->items_left = 0;
			copy(cli_event(c, NEV_ITEMS_END)->verb,
			    sizeof e->verb, lv);
		}
		return true;
	}
	return false;
}

bool
cli_acct_item(struct net_client *c, const struct cgp_msg *m)
{
	const char *lv = list_verb(m->tag);
	struct net_event *e;

	if (lv == NULL || c->items_left <= 0 || strcmp(lv, c->items_verb) != 0)
		return false;
	e = cli_event(c, NEV_ITEM);
	copy(e->verb, sizeof e->verb, lv);
	if (strcmp(lv, "RECORD") == 0)
		copy(e->text, sizeof e->text, m->text);
	else
		kv_text(m, e->text, sizeof e->text);
	if (--c->items_left == 0)
		copy(cli_event(c, NEV_ITEMS_END)->verb, sizeof e->verb, lv);
	return true;
}

bool
cli_acct_err(struct net_client *c, const struct cgp_msg *m)
{
	const char *t = m->tag, *lv;

	if (t[0] != '#')
		return false;
	switch (t[1]) {
	case 'g':
		c->o.register_first = false;
		cli_error_event(c, m, "REGISTER");
		return true;
	case 'i':
		cli_error_event(c, m, "LOGIN");
		return true;
	case 'S':
		cli_error_event(c, m, "SEEK");
		if (c->role == ROLE_SEEK)
			c->role = ROLE_NONE;
		return true;
	case 'U':
		return true;    /* gone already: paired or dropped */
	case 'b':
		cli_error_event(c, m, "TAKEBACK");
		return true;
	default:
		break;
	}
	if ((lv = list_verb(t)) != NULL) {
		cli_error_event(c, m, lv);
		copy(cli_event(c, NEV_ITEMS_END)->verb, 16, lv);
		return true;
	}
	return false;
}

void
cli_paired(struct net_client *c, const struct cgp_msg *m)
{
	const char *tok = cgp_msg_get(m, "token");
	int seat = cgp_seat_parse(cgp_msg_get(m, "seat"));

	if (cli_tourney_paired(c, m))
		return;
	if (c->role != ROLE_SEEK || tok == NULL || seat < 0 ||
	    !cgp_valid_game(m->game) || !cgp_valid_token(tok))
		return;
	c->seek_id[0] = '\0';
	/* The STATE that follows starts the mirror. Its presence of the
	 * opponent may predate the opponent's seat (the server seats one
	 * seeker, then the other): a STATE asked now has both. */
	cli_take_seat(c, m->game, tok, seat, NEV_SEATED);
}

/* A rating change ("+162", "-162"); 0 when missing or not one. */
static int
signed_num(const char *s)
{
	int v = 0;

	(void)parse_int(s, -100000, 100000, &v, NULL, 0);
	return v;
}

void
cli_rating_keys(const struct cgp_msg *m, struct net_event *e)
{
	const char *v = cgp_msg_get(m, "wrating");
	int k;

	e->rd[0] = e->rd[1] = -1;
	if (!(v != NULL || (cgp_msg_get(m, "rated") != NULL &&
	    strcmp(cgp_msg_get(m, "rated"), "1") == 0)))
		return;
	e->rated = true;
	for (k = 0; k < 2; k++) {
		char key[8];
		snprintf(key, sizeof key, "%crating", k ? 'b' : 'w');
		e->rating[k] = (int)cgp_parse_num(cgp_msg_get(m, key), 100000);
		snprintf(key, sizeof key, "%crd", k ? 'b' : 'w');
		e->rd[k] = (int)cgp_parse_num(cgp_msg_get(m, key), 100000);
		snprintf(key, sizeof key, "%cdiff", k ? 'b' : 'w');
		e->diff[k] = signed_num(cgp_msg_get(m, key));
	}
}

void
cli_account_keys(const struct net_client *c, const struct cgp_msg *m,
    struct net_event *e)
{
	const char *w = cgp_msg_get(m, "waccount"), *b = cgp_msg_get(m,
	    "baccount"), *r = cgp_msg_get(m, "rated");
	bool rated = r != NULL && strcmp(r, "1") == 0;

	/* A rated game's seats are accounts' whatever the server says. */
	e->guest[0] = c->accounts && !rated && !(w != NULL &&
	    strcmp(w, "1") == 0);
	e->guest[1] = c->accounts && !rated && !(b != NULL &&
	    strcmp(b, "1") == 0);
	w = cgp_msg_get(m, "wtitle");
	b = cgp_msg_get(m, "btitle");
	e->bot[0] = w != NULL && strcmp(w, "BOT") == 0;
	e->bot[1] = b != NULL && strcmp(b, "BOT") == 0;
}
