/*
 * record_write.c: writing a game record (the format is in record.h and
 * congo(6), GAME RECORD FORMAT).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "engine/fen.h"
#include "engine/notation.h"
#include "record/record.h"

#define LINE_MAX_COLS 79

/* The tags written first, in this order. */
static const char *const fixed_order[] = {
	"Event", "Site", "Date", "Round", "White", "Black", "Variant", "FEN",
	"Result", "Termination", NULL
};

static int
write_tag(FILE *f, const char *name, const char *value)
{
	if (fprintf(f, "[%s \"", name) < 0)
		return -1;
	for (const char *p = value; *p != '\0'; p++) {
		unsigned char c = (unsigned char)*p;
		if (c == '"' || c == '\\') {
			if (putc('\\', f) == EOF)
				return -1;
		} else if (c < 0x20 || c == 0x7f)
			c = ' ';
		if (putc(c, f) == EOF)
			return -1;
	}
	return fputs("\"]\n", f) == EOF ? -1 : 0;
}

static bool
is_fixed(const char *name)
{
	for (int i = 0; fixed_order[i] != NULL; i++)
		if (strcmp(fixed_order[i], name) == 0)
			return true;
	return false;
}

/* The value of a fixed tag: the game's own for Variant, FEN, Result and
 * Termination, else the caller's; "" means not written. */
static const char *
fixed_value(const char *name, const struct game *g,
    const struct record_tags *tags, char *fen, size_t n)
{
	const char *v = tags != NULL ? record_tag_get(tags, name) : NULL;

	if (strcmp(name, "Variant") == 0)
		return g->variant == VARIANT_CONGO ? "Congo" :
		    variant_name(g->variant);
	if (strcmp(name, "FEN") == 0) {
		fen_write(&g->pos[0], fen, n);
		return strcmp(fen, variant_start_fen(g->variant)) != 0 ? fen :
		    "";
	}
	if (strcmp(name, "Result") == 0)
		return record_result_text(g->result);
	if (strcmp(name, "Termination") == 0)
		return game_over(g) ? game_reason_name(g->reason) : "";
	if (v != NULL && v[0] != '\0')
		return v;
	if (strcmp(name, "Date") == 0)
		return "????.??.??";
	if (strcmp(name, "Event") == 0 || strcmp(name, "White") == 0 ||
	    strcmp(name, "Black") == 0)
		return "?";
	return "";
}

/* Move text, wrapped: each unit ("12. d2d3" or "d6d5") stays whole. */
struct wrap {
	FILE *f;
	int col;
	int err;
};

static void
put_unit(struct wrap *w, const char *s)
{
	int len = (int)strlen(s);

	if (w->col > 0 && w->col + 1 + len > LINE_MAX_COLS) {
		if (putc('\n', w->f) == EOF)
			w->err = -1;
		w->col = 0;
	} else if (w->col > 0) {
		if (putc(' ', w->f) == EOF)
			w->err = -1;
		w->col++;
	}
	if (fputs(s, w->f) == EOF)
		w->err = -1;
	w->col += len;
}

int
record_write(FILE *f, const struct game *g, const struct record_tags *tags)
{
	return record_write_clk(f, g, tags, NULL);
}

int
record_write_clk(FILE *f, const struct game *g,
    const struct record_tags *tags, const int64_t *clk)
{
	struct wrap w = { f, 0, 0 };
	char unit[MOVE_TEXT_MAX + 16], mv[MOVE_TEXT_MAX], fen[FEN_MAX];
	int i, written = 0;

	for (i = 0; fixed_order[i] != NULL; i++) {
		const char *v = fixed_value(fixed_order[i], g, tags, fen,
		    sizeof fen);
		if (v[0] == '\0')
			continue;
		if (write_tag(f, fixed_order[i], v) != 0)
			return -1;
		written++;
	}
	/* The reader takes at most RECORD_TAG_MAX tags: the fixed ones
	 * written above may push the last of the others out. */
	for (i = 0; tags != NULL && i < tags->n; i++) {
		if (is_fixed(tags->name[i]))
			continue;
		if (written == RECORD_TAG_MAX)
			break;
		if (write_tag(f, tags->name[i], tags->value[i]) != 0)
			return -1;
		written++;
	}
	if (putc('\n', f) == EOF)
		return -1;

	for (i = 0; i < g->nply; i++) {
		const struct board *b = &g->pos[i];
		notation_write(g->moves[i], mv, sizeof mv);
		if (b->side == WHITE)
			snprintf(unit, sizeof unit, "%d. %s", b->fullmove, mv);
		else if (i == 0)
			snprintf(unit, sizeof unit, "%d... %s", b->fullmove, mv);
		else
			snprintf(unit, sizeof unit, "%s", mv);
		put_unit(&w, unit);
		if (clk != NULL && clk[i] >= 0) {
			int64_t sec = clk[i] / 1000;
			snprintf(unit, sizeof unit, "{[%%clk %d:%02d:%02d]}",
			    (int)(sec / 3600), (int)(sec / 60 % 60),
			    (int)(sec % 60));
			put_unit(&w, unit);
		}
	}
	put_unit(&w, record_result_text(g->result));
	if (putc('\n', f) == EOF || w.err != 0 || ferror(f))
		return -1;
	return 0;
}

int
record_save(const char *path, const struct game *g,
    const struct record_tags *tags, char *err, size_t errlen)
{
	return record_save_clk(path, g, tags, NULL, err, errlen);
}

int
record_save_clk(const char *path, const struct game *g,
    const struct record_tags *tags, const int64_t *clk, char *err,
    size_t errlen)
{
	char tmp[4096];
	FILE *f;
	int fd, saved;

	/* Write a temporary file beside it, then rename: an old record is
	 * never left half written. */
	if (snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid()) >=
	    (int)sizeof tmp) {
		snprintf(err, errlen, "%s: %s", path, strerror(ENAMETOOLONG));
		return -1;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd < 0 || (f = fdopen(fd, "w")) == NULL) {
		saved = errno;
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		snprintf(err, errlen, "%s: %s", path, strerror(saved));
		return -1;
	}
	if (record_write_clk(f, g, tags, clk) != 0 || fflush(f) != 0 ||
	    fsync(fileno(f)) != 0) {
		saved = errno != 0 ? errno : EIO;
		fclose(f);
		unlink(tmp);
		snprintf(err, errlen, "%s: %s", path, strerror(saved));
		return -1;
	}
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		saved = errno;
		unlink(tmp);
		snprintf(err, errlen, "%s: %s", path, strerror(saved));
		return -1;
	}
	return 0;
}
