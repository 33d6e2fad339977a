/*
 * learn_state.c: the learner's progress, kept in $XDG_STATE_HOME/congo/learn
 * (default ~/.local/state/congo/learn), one fact a line:
 *
 *   lesson ID                   the lesson is done
 *   player NAME R RD GAMES      a puzzle rating
 *   solved NAME KEY             the player solved the puzzle KEY
 *   streak NAME N               the player's best puzzle streak
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "learn/learn.h"
#include "util/util.h"

int
learn_state_dir(char *out, size_t n)
{
	const char *x = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	int k;

	if (x != NULL && x[0] == '/')
		k = snprintf(out, n, "%s/congo", x);
	else if (home != NULL && *home != '\0')
		k = snprintf(out, n, "%s/.local/state/congo", home);
	else
		return -1;
	return k < 0 || (size_t)k >= n ? -1 : 0;
}

int
learn_state_path(char *out, size_t n)
{
	char dir[1024];
	int k;

	if (learn_state_dir(dir, sizeof dir) != 0)
		return -1;
	k = snprintf(out, n, "%s/learn", dir);
	return k < 0 || (size_t)k >= n ? -1 : 0;
}

void
learn_state_init(struct learn_state *st)
{
	struct vec l = VEC_INIT(LEARN_ID_MAX);
	struct vec p = VEC_INIT(sizeof(struct learn_player));

	st->lessons = l;
	st->players = p;
}

void
learn_state_free(struct learn_state *st)
{
	size_t i;

	for (i = 0; i < st->players.len; i++) {
		struct learn_player *p = vec_at(&st->players, i);
		vec_free(&p->solved);
	}
	vec_free(&st->players);
	vec_free(&st->lessons);
}

/* Is s one of the strings held in v? */
bool
learn_state_lesson_done(const struct learn_state *st, const char *id)
{
	return vec_find_str(&st->lessons, id) >= 0;
}

void
learn_state_mark_lesson(struct learn_state *st, const char *id)
{
	if (learn_state_lesson_done(st, id) || strlen(id) >= LEARN_ID_MAX)
		return;
	strcpy(vec_push(&st->lessons), id);
}

struct learn_player *
learn_state_player(struct learn_state *st, const char *name)
{
	struct learn_rating start = LEARN_RATING_START;
	struct learn_player *p;
	size_t i;

	for (i = 0; i < st->players.len; i++) {
		p = vec_at(&st->players, i);
		if (strcmp(p->name, name) == 0)
			return p;
	}
	p = vec_push(&st->players);
	snprintf(p->name, sizeof p->name, "%s", name);
	p->rating = start;
	p->best_streak = 0;
	p->solved = (struct vec)VEC_INIT(17);
	return p;
}

bool
learn_player_solved(const struct learn_player *p, const char *key)
{
	return vec_find_str(&p->solved, key) >= 0;
}

void
learn_player_mark_solved(struct learn_player *p, const char *key)
{
	if (!learn_player_solved(p, key) && strlen(key) == 16)
		strcpy(vec_push(&p->solved), key);
}

static bool
word_ok(const char *s, size_t max)
{
	size_t n = strlen(s), i;

	if (n == 0 || n >= max)
		return false;
	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] <= ' ')
			return false;
	return true;
}

static int
load_line(struct learn_state *st, char *line, char *msg, size_t n)
{
	char *kw = strtok(line, " \t\r"), *a = strtok(NULL, " \t\r");
	char *b = strtok(NULL, " \t\r"), *c = strtok(NULL, " \t\r");
	char *d = strtok(NULL, " \t\r"), *e = strtok(NULL, " \t\r");

	if (kw == NULL || kw[0] == '#')
		return 0;
	if (strcmp(kw, "lesson") == 0) {
		if (a == NULL || b != NULL || !word_ok(a, LEARN_ID_MAX))
			return snprintf(msg, n, "'lesson' takes one lesson id"), -1;
		learn_state_mark_lesson(st, a);
		return 0;
	}
	if (strcmp(kw, "player") == 0) {
		struct learn_player *p;
		double r, rd;
		long games;
		if (a == NULL || d == NULL || e != NULL ||
		    !word_ok(a, LEARN_ID_MAX))
			return snprintf(msg, n, "'player' takes a name, a rating, a "
			    "deviation and a number of puzzles"), -1;
		if (parse_double(b, -5000, 10000, &r, NULL, 0) != 0 ||
		    parse_double(c, 1, 1000, &rd, NULL, 0) != 0 ||
		    parse_long(d, 0, 100000000, &games, NULL, 0) != 0 ||
		    r == -5000 || r == 10000)
			return snprintf(msg, n, "bad rating numbers '%s %s %s'", b,
			    c, d), -1;
		p = learn_state_player(st, a);
		p->rating.r = r;
		p->rating.rd = rd;
		p->rating.games = (int)games;
		return 0;
	}
	if (strcmp(kw, "solved") == 0) {
		if (a == NULL || b == NULL || c != NULL ||
		    !word_ok(a, LEARN_ID_MAX) || strlen(b) != 16 ||
		    strspn(b, "0123456789abcdef") != 16)
			return snprintf(msg, n, "'solved' takes a player name and a "
			    "puzzle key of 16 hex digits"), -1;
		learn_player_mark_solved(learn_state_player(st, a), b);
		return 0;
	}
	if (strcmp(kw, "streak") == 0) {
		long best;
		if (a == NULL || b == NULL || c != NULL ||
		    !word_ok(a, LEARN_ID_MAX) ||
		    parse_long(b, 0, 1000000, &best, NULL, 0) != 0)
			return snprintf(msg, n, "'streak' takes a player name and "
			    "a number of puzzles"), -1;
		learn_state_player(st, a)->best_streak = (int)best;
		return 0;
	}
	return snprintf(msg, n, "unknown keyword '%s' (lesson, player, solved, "
	    "streak)", kw), -1;
}

int
learn_state_load(struct learn_state *st, const char *path, char *err,
    size_t errlen)
{
	FILE *f = fopen(path, "r");
	char line[512], msg[256];
	int no = 0;

	if (f == NULL) {
		if (errno == ENOENT)
			return 0;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		no++;
		if (strchr(line, '\n') == NULL && !feof(f)) {
			snprintf(err, errlen, "%s:%d: line too long", path, no);
			fclose(f);
			return -1;
		}
		line[strcspn(line, "\n")] = '\0';
		if (load_line(st, line, msg, sizeof msg) != 0) {
			snprintf(err, errlen, "%s:%d: %s", path, no, msg);
			fclose(f);
			return -1;
		}
	}
	if (ferror(f)) {
		/* a folder opens, then cannot be read */
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		fclose(f);
		return -1;
	}
	fclose(f);
	return 0;
}

/* The longest state file's path learn_state_save writes. */
#define STATE_PATH_MAX 1023

/* mkdir -p of the file's directory. */
static int
make_dirs(const char *path)
{
	char buf[STATE_PATH_MAX + 1];
	char *s;

	if (strlen(path) >= sizeof buf)
		return -1;
	strcpy(buf, path);
	s = strrchr(buf, '/');
	if (s == NULL || s == buf)
		return 0;
	*s = '\0';
	for (s = buf + 1; *s != '\0'; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(buf, 0700) != 0 && errno != EEXIST)
			return -1;
		*s = '/';
	}
	if (mkdir(buf, 0700) != 0 && errno != EEXIST)
		return -1;
	return 0;
}

int
learn_state_save(const struct learn_state *st, const char *path, char *err,
    size_t errlen)
{
	char tmp[STATE_PATH_MAX + sizeof ".tmp"];
	FILE *f;
	size_t i, j;
	int bad;

	/* a path too long for its folders or its temporary name is refused
	 * first (cut short, the temporary name would be another file's,
	 * written and renamed over path) */
	if (strlen(path) > STATE_PATH_MAX) {
		snprintf(err, errlen, "%.60s...: the path is too long (%zu "
		    "bytes, at most %d)", path, strlen(path), STATE_PATH_MAX);
		return -1;
	}
	if (make_dirs(path) != 0) {
		snprintf(err, errlen, "%s: cannot make its directory: %s", path,
		    strerror(errno));
		return -1;
	}
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	f = fopen(tmp, "w");
	if (f == NULL) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		return -1;
	}
	fprintf(f, "# congo: lessons done and puzzle ratings (congo(6), "
	    "LEARNING)\n");
	for (i = 0; i < st->lessons.len; i++)
		fprintf(f, "lesson %s\n", (const char *)vec_at(&st->lessons, i));
	for (i = 0; i < st->players.len; i++) {
		const struct learn_player *p = vec_at(&st->players, i);
		fprintf(f, "player %s %.1f %.1f %d\n", p->name, p->rating.r,
		    p->rating.rd, p->rating.games);
		if (p->best_streak > 0)
			fprintf(f, "streak %s %d\n", p->name, p->best_streak);
		for (j = 0; j < p->solved.len; j++)
			fprintf(f, "solved %s %s\n", p->name,
			    (const char *)vec_at(&p->solved, j));
	}
	bad = ferror(f);
	if (fclose(f) != 0 || bad) {
		snprintf(err, errlen, "%s: write failed", tmp);
		unlink(tmp);
		return -1;
	}
	if (rename(tmp, path) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}
