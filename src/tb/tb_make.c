/*
 * tb_make.c: `congo --make-tablebases [DIR] [--variant V] [--pieces N]
 * [--threads T]`: every material of up to N pieces beside the lions, for
 * one variant or both, into DIR/<variant>/<material>.ctb. A progress bar
 * on stderr when it is a terminal; one line a material on stdout
 * (positions, wins, draws, losses, the longest result, bytes) and the
 * totals.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tb/tb_internal.h"
#include "util/util.h"

struct progress {
	bool tty;
	uint64_t before;       /* entries of the materials already done */
	uint64_t total;        /* entries of all */
	int64_t start_ms;
	const char *variant;
	const char *name;
	int last_permille;
};

static void
show_progress(void *user, uint64_t done, uint64_t total)
{
	struct progress *p = user;
	uint64_t at = p->before + (done < total ? done : total);
	int permille = p->total ? (int)(at * 1000 / p->total) : 1000;
	char bar[41];
	int fill = permille * 40 / 1000, i;

	if (!p->tty || permille == p->last_permille)
		return;
	p->last_permille = permille;
	for (i = 0; i < 40; i++)
		bar[i] = i < fill ? '#' : '.';
	bar[40] = '\0';
	fprintf(stderr, "\r[%s] %3d.%d%% %s %-10s %4llds", bar, permille / 10,
	    permille % 10, p->variant, p->name,
	    (long long)((util_now_ms() - p->start_ms) / 1000));
	fflush(stderr);
}

static int
mkdirs(const char *path)
{
	char *p = xstrdup(path), *s;
	int rc = 0;

	for (s = p + 1; ; s++) {
		if (*s == '/' || *s == '\0') {
			char c = *s;

			*s = '\0';
			if (mkdir(p, 0777) != 0 && errno != EEXIST)
				rc = -1;
			*s = c;
			if (c == '\0')
				break;
		}
	}
	free(p);
	return rc;
}

void
tb_make_default_dir(char *out, size_t n)
{
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");

	if (xdg != NULL && xdg[0] == '/')
		snprintf(out, n, "%s/congo/tb", xdg);
	else if (home != NULL && *home != '\0')
		snprintf(out, n, "%s/.local/share/congo/tb", home);
	else
		snprintf(out, n, "tb");
}

struct totals {
	int tables;
	uint64_t positions, bytes;
};

/*
 * --material A,B,...: those materials only, in that order, each canonical
 * (the colours as stored); the tables they lead to are read from the
 * folder. NULL with a message when a name is not one.
 */
static struct tb_material *
named_materials(int variant, const char *names, int *count)
{
	struct vec v = VEC_INIT(sizeof(struct tb_material));
	char *copy = xstrdup(names), *save = NULL, *tok;

	for (tok = strtok_r(copy, ",", &save); tok != NULL;
	    tok = strtok_r(NULL, ",", &save)) {
		struct tb_material m;

		if (tb_material_parse(&m, variant, tok) != 0) {
			fprintf(stderr, "congo: '%s' is not a material of %s "
			    "(e.g. LZPvLE: White's pieces after L, Black's "
			    "after vL, in the order ZEGCMPSQ)\n", tok,
			    variant_name(variant));
			goto fail;
		}
		if (!tb_material_canonical(&m)) {
			const char *v = strchr(tok, 'v');

			fprintf(stderr, "congo: %s is stored with its colours "
			    "swapped, as %s%.*s\n", tok, v + 1, (int)(v - tok),
			    tok);
			goto fail;
		}
		*(struct tb_material *)vec_push(&v) = m;
	}
	free(copy);
	*count = (int)v.len;
	return v.data;
fail:
	free(copy);
	vec_free(&v);
	return NULL;
}

/* Has m a piece that only a promotion makes? */
static bool
promoted(const struct tb_material *m)
{
	for (int i = 0; i < m->n; i++)
		if (PIECE_TYPE(m->piece[i]) == variant_get(m->variant)->promotion)
			return true;
	return false;
}

static int
make_variant(const char *dir, int variant, int pieces, const char *names,
    int threads, struct progress *pr, struct totals *tot)
{
	struct tb_material *list;
	struct tb_set *set;
	char path[4096], err[4096 + 128];
	int count, k, maxn = 0;

	if (snprintf(path, sizeof path, "%s/%s", dir, variant_name(variant)) >=
	    (int)sizeof path - 16) {
		fprintf(stderr, "congo: the folder name is too long\n");
		return -1;
	}
	if (mkdirs(path) != 0) {
		fprintf(stderr, "congo: cannot create %s: %s\n", path,
		    strerror(errno));
		return -1;
	}
	set = tb_set_new(variant);
	if (names != NULL) {
		err[0] = '\0';
		tb_set_load_dir(set, dir, err, sizeof err);
		if (err[0] != '\0')
			fprintf(stderr, "congo: refused:\n%s", err);
		list = named_materials(variant, names, &count);
		if (list == NULL) {
			tb_set_free(set);
			return -1;
		}
	} else {
		list = tb_material_list(variant, pieces, &count);
	}
	pr->variant = variant_name(variant);
	for (k = 0; k < count; k++)
		if (list[k].n > maxn)
			maxn = list[k].n;
	for (k = 0; k < count; k++) {
		struct tb_material *m = &list[k];
		struct tb_table *t;
		int64_t t0 = util_now_ms();
		uint64_t bytes, pos;

		pr->name = m->name;
		t = tb_generate(m, set, threads, show_progress, pr);
		pr->before += m->entries;
		if (snprintf(path, sizeof path, "%s/%s/%s%s", dir,
		    variant_name(variant), m->name, TB_SUFFIX) >=
		    (int)sizeof path)
			fatal("%s: the folder name is too long", dir);
		if (tb_file_write(t, path, &bytes, err, sizeof err) != 0) {
			if (pr->tty)
				fputc('\n', stderr);
			fprintf(stderr, "congo: %s\n", err);
			tb_table_free(t);
			tb_set_free(set);
			free(list);
			return -1;
		}
		pos = t->wins + t->draws + t->losses;
		if (pr->tty)
			fputs("\r\033[K", stderr);
		printf("%s %-8s %9llu positions: %9llu wins %9llu draws "
		    "%9llu losses, longest %3d plies, %8llu bytes, %.1f s\n",
		    variant_name(variant), m->name, (unsigned long long)pos,
		    (unsigned long long)t->wins, (unsigned long long)t->draws,
		    (unsigned long long)t->losses, t->max_plies,
		    (unsigned long long)bytes,
		    (double)(util_now_ms() - t0) / 1000.0);
		fflush(stdout);
		tot->tables++;
		tot->positions += pos;
		tot->bytes += bytes;
		/* only a promotion leads to as many pieces: keep the others
		 * of the most pieces out of memory */
		if (m->n == maxn && !promoted(m))
			tb_table_free(t);
		else
			tb_set_add(set, t);
	}
	tb_set_free(set);
	free(list);
	return 0;
}

int
tb_make_run(const struct tb_make_opts *o)
{
	struct progress pr;
	struct totals tot;
	const char *dir = o->dir, *names = o->material;
	int variant = o->variant, pieces = o->pieces, threads = o->threads;
	int v, k, count;
	char defdir[4096];

	if (dir == NULL) {
		tb_make_default_dir(defdir, sizeof defdir);
		dir = defdir;
	}
	if (threads < 1)
		threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (threads < 1)
		threads = 1;
	if (names != NULL && variant < 0) {
		fprintf(stderr, "congo: --material needs --variant\n");
		return 2;
	}
	memset(&pr, 0, sizeof pr);
	memset(&tot, 0, sizeof tot);
	pr.tty = isatty(STDERR_FILENO) != 0;
	pr.start_ms = util_now_ms();
	pr.last_permille = -1;
	for (v = 0; v < NVARIANTS; v++) {
		struct tb_material *list;

		if (variant >= 0 && v != variant)
			continue;
		list = names != NULL ? named_materials(v, names, &count) :
		    tb_material_list(v, pieces, &count);
		if (list == NULL)
			return 2;
		for (k = 0; k < count; k++)
			pr.total += list[k].entries;
		free(list);
	}
	for (v = 0; v < NVARIANTS; v++) {
		if (variant >= 0 && v != variant)
			continue;
		if (make_variant(dir, v, pieces, names, threads, &pr,
		    &tot) != 0)
			return 1;
	}
	printf("%d tables, %llu positions, %llu bytes in %s, %.1f s\n",
	    tot.tables, (unsigned long long)tot.positions,
	    (unsigned long long)tot.bytes, dir,
	    (double)(util_now_ms() - pr.start_ms) / 1000.0);
	return 0;
}
