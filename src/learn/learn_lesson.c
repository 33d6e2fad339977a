/*
 * learn_lesson.c: the lesson file (congo(6), LEARNING): one directive a
 * line, `keyword text`; `lesson` opens a lesson, `step` a position in it.
 * Errors name the file and line (FILE:LINE:, as a compiler's) and are in
 * the reader's language; the keywords they name (step, accept, check
 * captures) are the file's, the same in every language.
 */

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "learn/learn.h"
#include "util/i18n.h"
#include "util/util.h"

struct parse {
	const char *name;
	int line;
	char *err;
	size_t errlen;
	struct learn_book *bk;
	struct learn_lesson *lesson;  /* the open lesson, or NULL */
	struct learn_step *step;      /* its open step, or NULL */
};

static int
perr(struct parse *p, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int
perr(struct parse *p, int line, const char *fmt, ...)
{
	char msg[LEARN_ERR_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	snprintf(p->err, p->errlen, "%s:%d: %s", p->name, line, msg);
	return -1;
}

void
learn_book_init(struct learn_book *bk)
{
	struct vec v = VEC_INIT(sizeof(struct learn_lesson));

	bk->lessons = v;
}

void
learn_book_free(struct learn_book *bk)
{
	size_t i;

	for (i = 0; i < bk->lessons.len; i++) {
		struct learn_lesson *l = vec_at(&bk->lessons, i);
		vec_free(&l->steps);
	}
	vec_free(&bk->lessons);
}

size_t
learn_book_count(const struct learn_book *bk)
{
	return bk->lessons.len;
}

const struct learn_lesson *
learn_book_lesson(const struct learn_book *bk, size_t i)
{
	return i < bk->lessons.len ? vec_at(&bk->lessons, i) : NULL;
}

const struct learn_lesson *
learn_book_find(const struct learn_book *bk, const char *id)
{
	size_t i;

	for (i = 0; i < bk->lessons.len; i++) {
		const struct learn_lesson *l = vec_at(&bk->lessons, i);
		if (strcmp(l->id, id) == 0)
			return l;
	}
	return NULL;
}

size_t
learn_lesson_nsteps(const struct learn_lesson *l)
{
	return l->steps.len;
}

const struct learn_step *
learn_lesson_step(const struct learn_lesson *l, size_t i)
{
	return i < l->steps.len ? vec_at(&l->steps, i) : NULL;
}

int
learn_step_position(const struct learn_lesson *l, const struct learn_step *s,
    struct board *b, char *err, size_t errlen)
{
	return learn_fen_read(l->variant, s->fen, b, err, errlen);
}

/* Copy text into a field of size n; -1 when it does not fit. */
static int
set_text(struct parse *p, char *dst, size_t n, const char *text,
    const char *what)
{
	if (strlen(text) >= n)
		return perr(p, p->line, _("%s is too long (at most %zu "
		    "characters)"), what, n - 1);
	strcpy(dst, text);
	return 0;
}

static int
need_lesson(struct parse *p, const char *kw)
{
	if (p->lesson == NULL)
		return perr(p, p->line, _("'%s' before any 'lesson' line"), kw);
	return 0;
}

static int
need_step(struct parse *p, const char *kw)
{
	if (need_lesson(p, kw) != 0)
		return -1;
	if (p->step == NULL)
		return perr(p, p->line, _("'%s' belongs to a step: put it "
		    "after a 'step FEN' line"), kw);
	return 0;
}

static bool
id_valid(const char *s)
{
	if (*s == '\0')
		return false;
	for (; *s != '\0'; s++)
		if (!isalnum((unsigned char)*s) && *s != '-' && *s != '_')
			return false;
	return true;
}

/* A move text token: squares only (checked for legality later). */
static bool
move_text_valid(const char *s)
{
	size_t n = strlen(s), i;

	if (n < 4 || n % 2 != 0 || n >= MOVE_TEXT_MAX)
		return false;
	for (i = 0; i < n; i += 2) {
		char sq[3] = { s[i], s[i + 1], '\0' };
		if (board_sq_parse(sq) < 0)
			return false;
	}
	return true;
}

static int
parse_check(struct parse *p, char *arg)
{
	struct learn_step *s = p->step;
	struct learn_check *c;
	char *word = strtok(arg, " \t"), *rest = strtok(NULL, " \t");

	if (s->ncheck >= LEARN_CHECK_MAX)
		return perr(p, p->line, _("more than %d checks in a step"),
		    LEARN_CHECK_MAX);
	if (word == NULL)
		return perr(p, p->line, _("'check' needs a kind: captures N, "
		    "takes-lion, no-drown, promotes, to SQ, from SQ or safe"));
	c = &s->check[s->ncheck];
	memset(c, 0, sizeof *c);
	if (strcmp(word, "captures") == 0) {
		long v;
		if (rest == NULL)
			return perr(p, p->line, _("'check captures' needs a "
			    "number"));
		if (parse_long(rest, 1, 14, &v, NULL, 0) != 0)
			return perr(p, p->line, _("'%s' is not a number of "
			    "captures (1..14)"), rest);
		c->kind = LC_CAPTURES;
		c->n = (int)v;
	} else if (strcmp(word, "to") == 0 || strcmp(word, "from") == 0) {
		if (rest == NULL || board_sq_parse(rest) < 0)
			return perr(p, p->line, _("'check %s' needs a square "
			    "such as d4"), word);
		c->kind = word[0] == 't' ? LC_TO : LC_FROM;
		c->sq = board_sq_parse(rest);
		rest = NULL;
	} else if (strcmp(word, "takes-lion") == 0) {
		c->kind = LC_TAKES_LION;
	} else if (strcmp(word, "no-drown") == 0) {
		c->kind = LC_NO_DROWN;
	} else if (strcmp(word, "promotes") == 0) {
		c->kind = LC_PROMOTES;
	} else if (strcmp(word, "safe") == 0) {
		c->kind = LC_SAFE;
	} else {
		return perr(p, p->line, _("unknown check '%s' (captures N, "
		    "takes-lion, no-drown, promotes, to SQ, from SQ, safe)"),
		    word);
	}
	if (c->kind != LC_CAPTURES && rest != NULL)
		return perr(p, p->line, _("'check %s' takes no argument"),
		    word);
	if (c->kind == LC_CAPTURES && strtok(NULL, " \t") != NULL)
		return perr(p, p->line, _("'check captures' takes one number"));
	s->ncheck++;
	return 0;
}

static int
parse_accept(struct parse *p, char *arg)
{
	struct learn_step *s = p->step;
	char *tok;

	for (tok = strtok(arg, " \t"); tok != NULL; tok = strtok(NULL, " \t")) {
		if (!move_text_valid(tok))
			return perr(p, p->line, _("'%s' is not move text "
			    "(such as d2d3 or b1d3f5)"), tok);
		if (s->naccept >= LEARN_ACCEPT_MAX)
			return perr(p, p->line,
			    _("more than %d accepted moves"), LEARN_ACCEPT_MAX);
		strcpy(s->accept[s->naccept++], tok);
	}
	if (s->naccept == 0)
		return perr(p, p->line, _("'accept' needs at least one move"));
	return 0;
}

static int
parse_wrong(struct parse *p, char *arg)
{
	struct learn_step *s = p->step;
	char *sp = strpbrk(arg, " \t");
	char *text;

	if (sp == NULL)
		return perr(p, p->line, _("'wrong' needs a move and the text "
		    "to show for it"));
	*sp = '\0';
	text = sp + 1;
	while (*text == ' ' || *text == '\t')
		text++;
	if (!move_text_valid(arg))
		return perr(p, p->line, _("'%s' is not move text"), arg);
	if (s->nwrong >= LEARN_WRONG_MAX)
		return perr(p, p->line, _("more than %d 'wrong' lines in a "
		    "step"), LEARN_WRONG_MAX);
	strcpy(s->wrong[s->nwrong].move, arg);
	if (set_text(p, s->wrong[s->nwrong].text, LEARN_TEXT_MAX, text,
	    _("the text")) != 0)
		return -1;
	s->nwrong++;
	return 0;
}

/* The lesson or step just finished: is it complete and consistent? */
static int
close_step(struct parse *p)
{
	struct learn_step *s = p->step;
	struct board b;
	move_t m;
	char why[LEARN_TEXT_MAX], err[LEARN_ERR_MAX];
	int i, j, right = 0;
	struct movelist *ml;

	p->step = NULL;
	if (s == NULL)
		return 0;
	if (s->goal[0] == '\0')
		return perr(p, s->line, _("this step has no 'goal' line"));
	if (s->naccept == 0 && s->ncheck == 0)
		return perr(p, s->line, _("this step has neither 'accept' nor "
		    "'check': nothing says which move reaches the goal"));
	if (!learn_variant_supported(p->lesson->variant))
		return 0;
	if (learn_fen_read(p->lesson->variant, s->fen, &b, err, sizeof err) != 0)
		return perr(p, s->line, _("bad position: %s"), err);
	{
		struct game_rules rules = GAME_RULES_DEFAULT;
		enum game_reason why_over;
		if (game_status(&b, NULL, 0, false, &rules, &why_over) !=
		    RESULT_NONE)
			return perr(p, s->line, _("the game is already over "
			    "in this position (%s)"),
			    game_reason_name(why_over));
	}
	for (i = 0; i < s->naccept; i++)
		if (notation_read(&b, s->accept[i], &m, err, sizeof err) != 0)
			return perr(p, s->line, _("accepted move: %s"), err);
	for (i = 0; i < s->nwrong; i++)
		if (notation_read(&b, s->wrong[i].move, &m, err, sizeof err) != 0)
			return perr(p, s->line, _("'wrong' move: %s"), err);
	ml = xmalloc(sizeof *ml);
	movegen_legal(&b, ml);
	for (j = 0; j < ml->n; j++)
		if (learn_step_check(s, &b, ml->moves[j], why, sizeof why))
			right++;
	free(ml);
	if (right == 0)
		return perr(p, s->line, _("no legal move reaches this step's "
		    "goal"));
	return 0;
}

static int
close_lesson(struct parse *p)
{
	struct learn_lesson *l = p->lesson;

	if (close_step(p) != 0)
		return -1;
	p->lesson = NULL;
	if (l == NULL)
		return 0;
	if (l->title[0] == '\0')
		return perr(p, l->line, _("lesson '%s' has no 'title'"), l->id);
	if (l->steps.len == 0)
		return perr(p, l->line, _("lesson '%s' has no step"), l->id);
	return 0;
}

/* A line cut into its keyword and its argument, the argument's trailing
 * blanks dropped; false for a blank line or a comment. */
static bool
split_keyword(char *s, char **kw, char **arg)
{
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '\0' || *s == '#')
		return false;
	*kw = s;
	while (*s != '\0' && *s != ' ' && *s != '\t')
		s++;
	if (*s != '\0')
		*s++ = '\0';
	while (*s == ' ' || *s == '\t')
		s++;
	*arg = s;
	s = *arg + strlen(*arg);
	while (s > *arg && (s[-1] == ' ' || s[-1] == '\t' || s[-1] == '\r'))
		*--s = '\0';
	return true;
}

/* 'lesson ID': the lesson before it closed, a new one started. */
static int
parse_lesson(struct parse *p, const char *arg)
{
	struct learn_lesson *l;

	if (close_lesson(p) != 0)
		return -1;
	if (!id_valid(arg) || strlen(arg) >= LEARN_ID_MAX)
		return perr(p, p->line, _("'%s' is not a lesson id "
		    "(letters, digits, '-' and '_', at most %d)"),
		    arg, LEARN_ID_MAX - 1);
	if (learn_book_find(p->bk, arg) != NULL)
		return perr(p, p->line, _("a second lesson '%s'"), arg);
	l = vec_push(&p->bk->lessons);
	l->line = p->line;
	strcpy(l->id, arg);
	strcpy(l->variant, "congo");
	l->steps = (struct vec)VEC_INIT(sizeof(struct learn_step));
	p->lesson = l;
	return 0;
}

/* 'variant NAME', before the lesson's first step. */
static int
parse_variant(struct parse *p, const char *kw, const char *arg)
{
	if (need_lesson(p, kw) != 0)
		return -1;
	if (p->lesson->steps.len > 0)
		return perr(p, p->line, _("'variant' must come before "
		    "the lesson's first step"));
	if (!learn_variant_known(arg))
		return perr(p, p->line, _("unknown variant '%s' "
		    "(congo or megapawn)"), arg);
	strcpy(p->lesson->variant, arg);
	return 0;
}

/* 'intro TEXT': added to the intro so far, after a space. */
static int
parse_intro(struct parse *p, const char *kw, const char *arg)
{
	char *in;
	size_t len;

	if (need_lesson(p, kw) != 0)
		return -1;
	in = p->lesson->intro;
	len = strlen(in);
	if (len + strlen(arg) + 2 > LEARN_INTRO_MAX)
		return perr(p, p->line, _("the intro is too long (at "
		    "most %d characters)"), LEARN_INTRO_MAX - 1);
	if (len > 0)
		in[len++] = ' ';
	strcpy(in + len, arg);
	return 0;
}

/* 'step FEN': the step before it closed, a new one started. */
static int
parse_step(struct parse *p, const char *kw, const char *arg)
{
	if (need_lesson(p, kw) != 0 || close_step(p) != 0)
		return -1;
	p->step = vec_push(&p->lesson->steps);
	p->step->line = p->line;
	return set_text(p, p->step->fen, FEN_MAX, arg, _("the FEN"));
}

/* 'goal', 'hint' or 'done' TEXT: once each in a step. */
static int
parse_step_text(struct parse *p, const char *kw, const char *arg)
{
	char *dst;

	if (need_step(p, kw) != 0)
		return -1;
	dst = kw[0] == 'g' ? p->step->goal : kw[0] == 'h' ?
	    p->step->hint : p->step->done;
	if (*dst != '\0')
		return perr(p, p->line, _("a second '%s' in this step"),
		    kw);
	return set_text(p, dst, LEARN_TEXT_MAX, arg, kw);
}

static int
parse_line(struct parse *p, char *s)
{
	char *kw, *arg;

	if (!split_keyword(s, &kw, &arg))
		return 0;
	if (strcmp(kw, "lesson") == 0)
		return parse_lesson(p, arg);
	if (*arg == '\0')
		return perr(p, p->line, _("'%s' needs a value"), kw);
	if (strcmp(kw, "title") == 0) {
		if (need_lesson(p, kw) != 0)
			return -1;
		return set_text(p, p->lesson->title, LEARN_TEXT_MAX, arg,
		    _("the title"));
	}
	if (strcmp(kw, "variant") == 0)
		return parse_variant(p, kw, arg);
	if (strcmp(kw, "intro") == 0)
		return parse_intro(p, kw, arg);
	if (strcmp(kw, "step") == 0)
		return parse_step(p, kw, arg);
	if (strcmp(kw, "goal") == 0 || strcmp(kw, "hint") == 0 ||
	    strcmp(kw, "done") == 0)
		return parse_step_text(p, kw, arg);
	if (strcmp(kw, "accept") == 0)
		return need_step(p, kw) != 0 ? -1 : parse_accept(p, arg);
	if (strcmp(kw, "check") == 0)
		return need_step(p, kw) != 0 ? -1 : parse_check(p, arg);
	if (strcmp(kw, "wrong") == 0)
		return need_step(p, kw) != 0 ? -1 : parse_wrong(p, arg);
	return perr(p, p->line, _("unknown keyword '%s' (lesson, title, "
	    "variant, intro, step, goal, accept, check, wrong, hint, done)"),
	    kw);
}

int
learn_book_parse(struct learn_book *bk, const char *text, const char *name,
    char *err, size_t errlen)
{
	struct parse p;
	const char *s = text;
	int rc = 0;

	memset(&p, 0, sizeof p);
	p.name = name;
	p.err = err;
	p.errlen = errlen;
	p.bk = bk;
	while (*s != '\0' && rc == 0) {
		const char *nl = strchr(s, '\n');
		size_t len = nl != NULL ? (size_t)(nl - s) : strlen(s);
		char *line = xstrndup(s, len);
		p.line++;
		rc = parse_line(&p, line);
		free(line);
		s += len;
		if (*s == '\n')
			s++;
	}
	if (rc == 0)
		rc = close_lesson(&p);
	if (rc == 0 && bk->lessons.len == 0) {
		snprintf(err, errlen, _("%s: no lesson"), name);
		rc = -1;
	}
	if (rc != 0) {
		learn_book_free(bk);
		learn_book_init(bk);
	}
	return rc;
}

int
learn_book_read(struct learn_book *bk, const char *path, char *err,
    size_t errlen)
{
	FILE *f = fopen(path, "r");
	struct vec buf = VEC_INIT(1);
	char chunk[4096];
	size_t got;
	int rc;

	if (f == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
		vec_reserve(&buf, buf.len + got + 1);
		memcpy((char *)buf.data + buf.len, chunk, got);
		buf.len += got;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		fclose(f);
		vec_free(&buf);
		return -1;
	}
	fclose(f);
	vec_reserve(&buf, buf.len + 1);
	((char *)buf.data)[buf.len] = '\0';
	if (strlen(buf.data) != buf.len) {
		snprintf(err, errlen, _("%s: a NUL byte: not a text file"),
		    path);
		vec_free(&buf);
		return -1;
	}
	rc = learn_book_parse(bk, buf.data, path, err, errlen);
	vec_free(&buf);
	return rc;
}
