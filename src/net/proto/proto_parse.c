/*
 * proto_parse.c: CGP/1 lines cut into their parts, both directions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "net/proto/proto.h"
#include "util/util.h"

static const char *const verb_names[CGP_NVERBS] = {
	[CGP_V_UNKNOWN] = "",
	[CGP_V_HELLO] = "HELLO",
	[CGP_V_CREATE] = "CREATE",
	[CGP_V_JOIN] = "JOIN",
	[CGP_V_REJOIN] = "REJOIN",
	[CGP_V_MOVE] = "MOVE",
	[CGP_V_RESIGN] = "RESIGN",
	[CGP_V_DRAW] = "DRAW",
	[CGP_V_OBSERVE] = "OBSERVE",
	[CGP_V_STATE] = "STATE",
	[CGP_V_LIST] = "LIST",
	[CGP_V_HISTORY] = "HISTORY",
	[CGP_V_PING] = "PING",
	[CGP_V_PONG] = "PONG",
	[CGP_V_QUIT] = "QUIT",
	[CGP_V_CANCEL] = "CANCEL",
	[CGP_V_CLAIM] = "CLAIM",
	[CGP_V_REMATCH] = "REMATCH",
	[CGP_V_SAY] = "SAY",
	[CGP_V_TAKEBACK] = "TAKEBACK",
	[CGP_V_REGISTER] = "REGISTER",
	[CGP_V_LOGIN] = "LOGIN",
	[CGP_V_WHOIS] = "WHOIS",
	[CGP_V_TOP] = "TOP",
	[CGP_V_GAMES] = "GAMES",
	[CGP_V_RECORD] = "RECORD",
	[CGP_V_SEEK] = "SEEK",
	[CGP_V_UNSEEK] = "UNSEEK",
	[CGP_V_SEEKS] = "SEEKS",
	[CGP_V_CHALLENGE] = "CHALLENGE",
	[CGP_V_CHALLENGES] = "CHALLENGES",
	[CGP_V_BLOCK] = "BLOCK",
	[CGP_V_UNBLOCK] = "UNBLOCK",
	[CGP_V_BLOCKS] = "BLOCKS",
	[CGP_V_TOURNEY] = "TOURNEY",
	[CGP_V_TJOIN] = "TJOIN",
	[CGP_V_TLEAVE] = "TLEAVE",
	[CGP_V_TPAUSE] = "TPAUSE",
	[CGP_V_TOURNEYS] = "TOURNEYS",
	[CGP_V_STANDINGS] = "STANDINGS",
	[CGP_V_BERSERK] = "BERSERK",
};

const char *
cgp_verb_name(enum cgp_verb v)
{
	if ((int)v < 0 || v >= CGP_NVERBS)
		return "";
	return verb_names[v];
}

enum cgp_verb
cgp_verb_lookup(const char *s)
{
	int v;

	for (v = 1; v < CGP_NVERBS; v++)
		if (strcasecmp(s, verb_names[v]) == 0)
			return (enum cgp_verb)v;
	return CGP_V_UNKNOWN;
}

/* Where the first byte of s[0..len) that is not printable ASCII is; len
 * when there is none. */
static size_t
first_unprintable(const char *s, size_t len)
{
	size_t k;

	for (k = 0; k < len; k++)
		if ((unsigned char)s[k] < 0x20 || (unsigned char)s[k] > 0x7e)
			break;
	return k;
}

/* The value of key among n key=value pairs; NULL when absent. */
static const char *
kv_get(const char *const *keys, const char *const *vals, int n,
    const char *key)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(keys[i], key) == 0)
			return vals[i];
	return NULL;
}

/* Cut buf into words at spaces (runs of them); returns the count. */
static int
split_words(char *buf, char **w, int max, int *too_many)
{
	int n = 0;
	char *p = buf;

	*too_many = 0;
	for (;;) {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		if (n == max) {
			*too_many = 1;
			break;
		}
		w[n++] = p;
		while (*p != ' ' && *p != '\0')
			p++;
		if (*p == ' ')
			*p++ = '\0';
	}
	return n;
}

/* A command's words after its verb, w[from..n-1]: its arguments and
 * key=value parameters. */
static int
cmd_params(struct cgp_cmd *cmd, char **w, int from, int n, char *err,
    size_t errlen)
{
	int i;

	for (i = from; i < n; i++) {
		char *eq = strchr(w[i], '=');
		int j;

		if (eq == NULL) {
			if (cmd->nargs == CGP_MAX_ARGS)
				return util_error_code(CGP_BAD_SYNTAX,
				    err, errlen, "too many words");
			cmd->args[cmd->nargs++] = w[i];
			continue;
		}
		if (eq == w[i])
			return util_error_code(CGP_BAD_SYNTAX, err, errlen,
			    "a parameter without a key");
		*eq = '\0';
		for (j = 0; j < cmd->nkv; j++)
			if (strcmp(cmd->key[j], w[i]) == 0)
				return util_error_code(CGP_BAD_SYNTAX,
				    err, errlen, "a key given twice");
		if (cmd->nkv == CGP_MAX_KV)
			return util_error_code(CGP_BAD_SYNTAX, err, errlen,
			    "too many parameters");
		cmd->key[cmd->nkv] = w[i];
		cmd->val[cmd->nkv] = eq + 1;
		cmd->nkv++;
	}
	return 0;
}

/* The line into cmd->buf; a word starting with ':' starts a text that
 * runs to the end of the line, spaces and all (SAY): cmd->text. */
static void
cmd_copy(struct cgp_cmd *cmd, const char *line, size_t len)
{
	char *colon;

	memcpy(cmd->buf, line, len);
	cmd->buf[len] = '\0';
	if (cmd->buf[0] == ':' || (colon = strstr(cmd->buf, " :")) != NULL) {
		colon = cmd->buf[0] == ':' ? cmd->buf : colon + 1;
		*colon = '\0';
		cmd->text = colon + 1;
	}
}

int
cgp_parse(const char *line, size_t len, struct cgp_cmd *cmd, char *err,
    size_t errlen)
{
	char *w[CGP_MAX_KV + CGP_MAX_ARGS + 3];
	int nw, first, too_many;
	size_t bad, at;

	memset(cmd, 0, sizeof *cmd);
	strcpy(cmd->tag, "*");
	cmd->verb_text = "";
	if (err != NULL && errlen > 0)
		err[0] = '\0';
	/* The limit counts the LF, so the text holds at most 511 bytes. */
	if (len >= CGP_LINE_MAX)
		return util_error_code(CGP_LINE_TOO_LONG, err, errlen,
		    "lines are at most 512 bytes with the LF");
	/* Printable ASCII, but for a SAY's text (UTF-8): seen once the
	 * verb is known. */
	bad = first_unprintable(line, len);
	cmd_copy(cmd, line, len);

	nw = split_words(cmd->buf, w, (int)(sizeof w / sizeof w[0]),
	    &too_many);
	/* Other bytes than printable ASCII: in a SAY's text only. */
	at = cmd->text != NULL ? (size_t)(cmd->text - cmd->buf) : len;
	first = nw > 0 && w[0][0] == '#';
	if (bad < len && (bad < at || nw <= first ||
	    cgp_verb_lookup(w[first]) != CGP_V_SAY))
		return util_error_code(CGP_BAD_SYNTAX, err, errlen,
		    "only printable ASCII is allowed (UTF-8 in a SAY's text "
		    "only)");
	if (nw == 0)
		return 0;
	first = 0;
	if (w[0][0] == '#') {
		if (!cgp_valid_tag(w[0]))
			return util_error_code(CGP_BAD_SYNTAX, err, errlen,
			    "a tag is '#' and 1-16 letters, digits, '-' or '_'");
		strcpy(cmd->tag, w[0]);
		first = 1;
		if (nw == 1)
			return util_error_code(CGP_BAD_SYNTAX, err, errlen,
			    "a tag without a command");
	}
	if (too_many)
		return util_error_code(CGP_BAD_SYNTAX, err, errlen,
		    "too many words");
	cmd->verb_text = w[first];
	cmd->verb = cgp_verb_lookup(w[first]);
	if (cmd->verb == CGP_V_SAY && at < len &&
	    cgp_text_check(cmd->text, len - at, err, errlen) != 0)
		return CGP_BAD_SYNTAX;
	if (cmd->verb == CGP_V_UNKNOWN)
		return util_error_code(CGP_UNKNOWN_COMMAND, err, errlen,
		    "unknown command");
	return cmd_params(cmd, w, first + 1, nw, err, errlen);
}

const char *
cgp_get(const struct cgp_cmd *cmd, const char *key)
{
	return kv_get(cmd->key, cmd->val, cmd->nkv, key);
}

const char *
cgp_msg_get(const struct cgp_msg *m, const char *key)
{
	return kv_get(m->key, m->val, m->nkv, key);
}

/* key=value words from w[from..n-1] into m; a ':' word starts the text. */
static int
msg_kv(struct cgp_msg *m, char **w, int from, int n, char *err, size_t errlen)
{
	int i;

	for (i = from; i < n; i++) {
		char *eq = strchr(w[i], '=');
		if (eq == NULL || eq == w[i])
			return util_error_code(-1, err, errlen,
			    "a word is not key=value");
		if (m->nkv == CGP_MAX_KV)
			return util_error_code(-1, err, errlen,
			    "too many parameters");
		*eq = '\0';
		m->key[m->nkv] = w[i];
		m->val[m->nkv] = eq + 1;
		m->nkv++;
	}
	return 0;
}

/* The server's lines but PING and PONG: the first word, the words they
 * have at least (key=value ones follow), and what the refusal of a shorter
 * one says. */
static const struct {
	const char *word;
	enum cgp_msg_type type;
	int words;
	const char *missing;
} kinds[] = {
	{ "OK", CGP_M_OK, 3, "OK without tag and verb" },
	{ "ERR", CGP_M_ERR, 4, "ERR without tag and code" },
	{ "EV", CGP_M_EV, 4, "EV without game and seq" },
	{ "ITEM", CGP_M_ITEM, 2, "ITEM without tag" },
	{ "HELLO", CGP_M_HELLO, 2, "HELLO without version" },
};
#define NKINDS (sizeof kinds / sizeof kinds[0])

/* The words of m's kind that come before its key=value ones (w[1..],
 * as many as its row of kinds[] says it has). */
static int
msg_head(struct cgp_msg *m, char **w, char *err, size_t errlen)
{
	long v;

	switch (m->type) {
	case CGP_M_OK:
		m->tag = w[1];
		m->verb = w[2];
		break;
	case CGP_M_ERR:
		m->tag = w[1];
		v = cgp_parse_num(w[2], 999);
		if (v < 100)
			return util_error_code(-1, err, errlen,
			    "ERR with a bad code");
		m->code = (int)v;
		m->name = w[3];
		break;
	case CGP_M_EV:
		m->game = w[1];
		m->seq = cgp_parse_num(w[2], 1000000000L);
		if (m->seq < 0)
			return util_error_code(-1, err, errlen,
			    "EV with a bad seq");
		m->verb = w[3];
		break;
	case CGP_M_ITEM:
		m->tag = w[1];
		break;
	default:
		m->verb = w[1];         /* HELLO's version */
		break;
	}
	return 0;
}

/* An event whose line has other bytes than printable ASCII (the first at
 * bad): true when they are all in a SAID's text (text: it has one), as
 * UTF-8 it may hold. */
static bool
msg_said_text(const struct cgp_msg *m, size_t len, size_t bad, bool text)
{
	size_t at;

	if (strcmp(m->verb, "SAID") != 0 || !text)
		return false;
	at = (size_t)(m->text - m->buf);
	return bad >= at && cgp_text_check(m->text, len - at, NULL, 0) == 0;
}

int
cgp_parse_msg(const char *line, size_t len, struct cgp_msg *m, char *err,
    size_t errlen)
{
	char *w[CGP_MAX_KV + 8];
	char *colon;
	int nw, too_many, rc;
	size_t bad, k;

	memset(m, 0, sizeof *m);
	m->text = "";
	m->tag = m->verb = m->name = m->game = m->word = "";
	if (err != NULL && errlen > 0)
		err[0] = '\0';
	if (len >= CGP_SLINE_MAX)
		return util_error_code(-1, err, errlen, "server line too long");
	/* Printable ASCII, but for a SAID's text (UTF-8): seen once the
	 * line is cut. */
	bad = first_unprintable(line, len);
	memcpy(m->buf, line, len);
	m->buf[len] = '\0';
	/* An ERR's, an event's (SAID) or an ITEM's (RECORD) text runs from
	 * " :" to the end of the line. */
	colon = NULL;
	if ((strncmp(m->buf, "ERR ", 4) == 0 ||
	    strncmp(m->buf, "EV ", 3) == 0 ||
	    strncmp(m->buf, "ITEM ", 5) == 0) &&
	    (colon = strstr(m->buf, " :")) != NULL) {
		*colon = '\0';
		m->text = colon + 2;
	}
	nw = split_words(m->buf, w, (int)(sizeof w / sizeof w[0]), &too_many);
	if (bad < len && (nw == 0 || strcmp(w[0], "EV") != 0))
		return util_error_code(-1, err, errlen, "not printable ASCII");
	if (too_many)
		return util_error_code(-1, err, errlen, "too many words");
	if (nw == 0)
		return util_error_code(-1, err, errlen, "empty line");
	if (strcmp(w[0], "PING") == 0 || strcmp(w[0], "PONG") == 0) {
		m->type = w[0][1] == 'I' ? CGP_M_PING : CGP_M_PONG;
		m->word = nw > 1 ? w[1] : "";
		return 0;
	}
	for (k = 0; k < NKINDS && strcmp(w[0], kinds[k].word) != 0; k++)
		;
	if (k == NKINDS)
		return util_error_code(-1, err, errlen, "unknown server line");
	if (nw < kinds[k].words)
		return util_error_code(-1, err, errlen, "%s",
		    kinds[k].missing);
	m->type = kinds[k].type;
	if (msg_head(m, w, err, errlen) != 0)
		return -1;
	rc = msg_kv(m, w, kinds[k].words, nw, err, errlen);
	if (m->type == CGP_M_EV && rc == 0 && bad < len &&
	    !msg_said_text(m, len, bad, colon != NULL))
		return util_error_code(-1, err, errlen,
		    "not printable ASCII");
	return rc;
}
