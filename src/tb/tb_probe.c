/*
 * tb_probe.c: sets of tables, where they are looked for, and probing. The
 * process holds one set a variant, read whole on its first probe (a few
 * megabytes for every ending of two pieces) and never changed while it is
 * in use: probes from the search's threads take no lock.
 */

#include <dirent.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tb/tb_internal.h"
#include "util/util.h"
#include "util/datadir.h"

#define PATH_CAP 4096
#define ERR_CAP 4096

struct tb_set *
tb_set_new(int variant)
{
	struct tb_set *s = xcalloc(1, sizeof *s);

	tb_index_init();
	s->variant = variant;
	s->max_pieces = -1;
	return s;
}

void
tb_set_free(struct tb_set *s)
{
	if (s == NULL)
		return;
	for (int k = 0; k < TB_NKEYS; k++)
		tb_table_free(s->table[k]);
	free(s);
}

void
tb_set_add(struct tb_set *s, struct tb_table *t)
{
	if (s->table[t->mat.key] != NULL)
		tb_table_free(s->table[t->mat.key]);
	else
		s->count++;
	s->table[t->mat.key] = t;
	if (t->mat.n > s->max_pieces)
		s->max_pieces = t->mat.n;
}

static void
add_error(char *err, size_t errlen, const char *msg)
{
	size_t len = strlen(err);

	if (len + strlen(msg) + 2 < errlen)
		snprintf(err + len, errlen - len, "%s\n", msg);
}

static int
name_order(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
tb_set_load_dir(struct tb_set *s, const char *dir, char *err, size_t errlen)
{
	char path[PATH_CAP], msg[PATH_CAP + 160];
	struct vec names = VEC_INIT(sizeof(char *));
	struct dirent *de;
	DIR *d;
	int nread = 0;

	snprintf(path, sizeof path, "%s/%s", dir, variant_name(s->variant));
	if ((d = opendir(path)) == NULL)
		return 0;
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name), sl = strlen(TB_SUFFIX);

		if (len > sl && strcmp(de->d_name + len - sl, TB_SUFFIX) == 0)
			*(char **)vec_push(&names) = xstrdup(de->d_name);
	}
	closedir(d);
	/* a folder with no table has no list at all (data NULL), which
	 * qsort may not be given */
	if (names.len > 1)
		qsort(names.data, names.len, sizeof(char *), name_order);
	for (size_t k = 0; k < names.len; k++) {
		char *name = ((char **)names.data)[k];
		struct tb_material m;
		struct tb_table *t;

		snprintf(path, sizeof path, "%s/%s/%s", dir,
		    variant_name(s->variant), name);
		name[strlen(name) - strlen(TB_SUFFIX)] = '\0';
		if (tb_material_parse(&m, s->variant, name) != 0 ||
		    !tb_material_canonical(&m)) {
			snprintf(msg, sizeof msg, "%s: not the name of a "
			    "material of %s", path, variant_name(s->variant));
			add_error(err, errlen, msg);
		} else if ((t = tb_file_read(path, s->variant, msg,
		    sizeof msg)) == NULL) {
			add_error(err, errlen, msg);
		} else if (t->mat.key != m.key) {
			snprintf(msg, sizeof msg, "%s: holds the table of %s",
			    path, t->mat.name);
			add_error(err, errlen, msg);
			tb_table_free(t);
		} else {
			tb_set_add(s, t);
			nread++;
		}
		free(name);
	}
	vec_free(&names);
	return nread;
}

int
tb_set_entry(const struct tb_set *s, const struct board *b)
{
	const struct tb_table *t;
	bool flip;
	int64_t key;

	if (b->variant != s->variant)
		return TB_INVALID;
	key = tb_board_key(b, &flip);
	if (key < 0 || (t = s->table[key]) == NULL)
		return TB_INVALID;
	return t->data[tb_index(&t->mat, b, flip)];
}

void
tb_entry_result(int entry, struct tb_result *out)
{
	int d = entry - 1;

	memset(out, 0, sizeof *out);
	if (entry == 0) {
		out->wdl = TB_DRAW;
		return;
	}
	out->wdl = (d & 1) ? TB_WIN : TB_LOSS;
	out->plies = d;
	out->moves = (d + 1) / 2;
}

void
tb_result_text(const struct tb_result *r, char *buf, size_t n)
{
	if (r->wdl == TB_WIN)
		snprintf(buf, n, "win %d", r->moves);
	else if (r->wdl == TB_LOSS)
		snprintf(buf, n, "loss %d", r->moves);
	else
		snprintf(buf, n, "draw");
}

/* ---- the process's tables ---- */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char *explicit_dir;                      /* NULL: the defaults */
static struct tb_set *_Atomic sets[NVARIANTS];
static atomic_bool loaded[NVARIANTS];
static char used_dir[NVARIANTS][PATH_CAP];
static char errors[ERR_CAP];

void
tb_set_path(const char *dir)
{
	pthread_mutex_lock(&lock);
	free(explicit_dir);
	explicit_dir = NULL;
	if (dir != NULL && strncmp(dir, "~/", 2) == 0 &&
	    getenv("HOME") != NULL)
		xasprintf(&explicit_dir, "%s/%s", getenv("HOME"), dir + 2);
	else if (dir != NULL && *dir != '\0')
		explicit_dir = xstrdup(dir);
	for (int v = 0; v < NVARIANTS; v++) {
		tb_set_free(atomic_load(&sets[v]));
		atomic_store(&sets[v], NULL);
		atomic_store(&loaded[v], false);
		used_dir[v][0] = '\0';
	}
	errors[0] = '\0';
	pthread_mutex_unlock(&lock);
}

/* The folders to look in, in order (n of them). */
static int
candidates(char out[][PATH_CAP], int cap)
{
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	const char *data = getenv("CONGO_DATADIR");
	int n = 0;

	if (explicit_dir != NULL && n < cap)
		snprintf(out[n++], PATH_CAP, "%s", explicit_dir);
	if (xdg != NULL && xdg[0] == '/' && n < cap)
		snprintf(out[n++], PATH_CAP, "%s/congo/tb", xdg);
	else if (home != NULL && home[0] == '/' && n < cap)
		snprintf(out[n++], PATH_CAP, "%s/.local/share/congo/tb", home);
	if (data != NULL && *data != '\0' && n < cap) {
		snprintf(out[n++], PATH_CAP, "%s/tb", data);
	} else {
		if (n < cap)
			snprintf(out[n++], PATH_CAP, "%s/tb", PKGDATADIR);
		if (strcmp(SRCDATADIR, PKGDATADIR) != 0 && n < cap)
			snprintf(out[n++], PATH_CAP, "%s/tb", SRCDATADIR);
	}
	return n;
}

int
tb_load(int variant)
{
	static char dirs[4][PATH_CAP];
	struct tb_set *s;
	int n, k, count = 0;

	if (variant < 0 || variant >= NVARIANTS)
		return 0;
	pthread_mutex_lock(&lock);
	if (atomic_load(&loaded[variant])) {
		s = atomic_load(&sets[variant]);
		pthread_mutex_unlock(&lock);
		return s != NULL ? s->count : 0;
	}
	n = candidates(dirs, 4);
	s = tb_set_new(variant);
	for (k = 0; k < n; k++) {
		if (tb_set_load_dir(s, dirs[k], errors, sizeof errors) > 0) {
			strcpy(used_dir[variant], dirs[k]);
			break;
		}
	}
	if (s->count == 0) {
		tb_set_free(s);
		s = NULL;
	} else {
		count = s->count;
	}
	atomic_store(&sets[variant], s);
	atomic_store(&loaded[variant], true);
	pthread_mutex_unlock(&lock);
	return count;
}

const char *
tb_path(int variant)
{
	if (variant < 0 || variant >= NVARIANTS)
		return "";
	tb_load(variant);
	return used_dir[variant];
}

int
tb_max_pieces(int variant)
{
	struct tb_set *s;

	if (variant < 0 || variant >= NVARIANTS)
		return -1;
	if (!atomic_load_explicit(&loaded[variant], memory_order_acquire))
		tb_load(variant);
	s = atomic_load_explicit(&sets[variant], memory_order_acquire);
	return s != NULL ? s->max_pieces : -1;
}

const char *
tb_errors(void)
{
	return errors;
}

int
tb_probe(const struct board *b, struct tb_result *out)
{
	struct tb_set *s;
	int e, v = b->variant;

	if (v >= NVARIANTS)
		return -1;
	if (!atomic_load_explicit(&loaded[v], memory_order_acquire))
		tb_load(v);
	s = atomic_load_explicit(&sets[v], memory_order_acquire);
	if (s == NULL || bb_popcount(b->occ[WHITE] | b->occ[BLACK]) >
	    s->max_pieces + 2)
		return -1;
	if ((e = tb_set_entry(s, b)) == TB_INVALID)
		return -1;
	tb_entry_result(e, out);
	return 0;
}

/* A result as a number: the higher the better for the side to move. */
static int
result_score(const struct tb_result *r)
{
	if (r->wdl == TB_WIN)
		return 1000 - r->plies;
	if (r->wdl == TB_LOSS)
		return -1000 + r->plies;
	return 0;
}

move_t
tb_best_move(const struct board *b, struct tb_result *out)
{
	struct movelist *ml = xmalloc(sizeof *ml);
	move_t best = MOVE_NONE;
	int bestscore = -100000, k;

	movegen_legal(b, ml);
	for (k = 0; k < ml->n && !ml->truncated; k++) {
		struct board c = *b;
		struct move_effects fx;
		struct tb_result r;
		int s;

		board_make(&c, ml->moves[k], &fx);
		if (fx.lion_captured) {
			s = 999;
		} else if (tb_probe(&c, &r) != 0) {
			best = MOVE_NONE;
			break;
		} else {
			s = result_score(&r);
			s = -s + (s > 0) - (s < 0);
		}
		if (s > bestscore) {
			bestscore = s;
			best = ml->moves[k];
		}
	}
	free(ml);
	if (best != MOVE_NONE && out != NULL) {
		memset(out, 0, sizeof *out);
		if (bestscore > 0) {
			out->wdl = TB_WIN;
			out->plies = 1000 - bestscore;
		} else if (bestscore < 0) {
			out->wdl = TB_LOSS;
			out->plies = bestscore + 1000;
		}
		out->moves = (out->plies + 1) / 2;
	}
	return best;
}

uint64_t
tb_visit_wins(int variant, int plies, tb_visit_fn fn, void *user)
{
	struct tb_set *s;
	struct tb_result r;
	uint64_t n = 0;

	if (variant < 0 || variant >= NVARIANTS || plies < 1 || !(plies & 1) ||
	    plies > TB_MAX_PLIES)
		return 0;
	tb_load(variant);
	if ((s = atomic_load(&sets[variant])) == NULL)
		return 0;
	tb_entry_result(plies + 1, &r);
	for (int k = 0; k < TB_NKEYS; k++) {
		const struct tb_table *t = s->table[k];

		if (t == NULL)
			continue;
		for (uint64_t i = 0; i < t->mat.entries; i++) {
			struct board b;

			if (t->data[i] != plies + 1 ||
			    !tb_decode(&t->mat, i, &b))
				continue;
			n++;
			if (!fn(user, &b, &r))
				return n;
		}
	}
	return n;
}
