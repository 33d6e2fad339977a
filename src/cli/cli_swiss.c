/*
 * cli_swiss.c: `congo --swiss-pair FILE.trf`: the next round of the Swiss
 * event FILE (FIDE's TRF) by the Dutch system (src/tourn), printed as
 * bbpPairings -p prints it: the number of pairs, then "WHITE BLACK" a
 * line by starting rank, 0 for the bye.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "tourn/tourn.h"
#include "util/i18n.h"
#include "util/util.h"

#define TRF_MAX (16 << 20)

static void
usage(FILE *out)
{
	fputs(_("usage: congo --swiss-pair FILE.trf\n"
	    "The next round of the Swiss event FILE (FIDE's TRF) by the FIDE\n"
	    "Dutch system: the number of pairs, then WHITE BLACK a line by\n"
	    "starting rank, 0 for the bye (as bbpPairings -p prints them).\n"),
	    out);
}

/* FILE's text (malloc'd, *len), or NULL with errno. */
static char *
read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;

	if (!f)
		return NULL;
	buf = xmalloc(TRF_MAX + 1);
	*len = fread(buf, 1, TRF_MAX + 1, f);
	if (ferror(f) || *len > TRF_MAX) {
		errno = ferror(f) ? EIO : EFBIG;
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	return buf;
}

int
cli_swiss_pair_main(int argc, char **argv)
{
	struct tourn t;
	struct tourn_pair *pairs;
	char err[256], *text;
	size_t len;
	int np;

	if (argc != 2 || argv[1][0] == '-') {
		usage(argc == 2 && strcmp(argv[1], "--help") == 0 ? stdout : stderr);
		return argc == 2 && strcmp(argv[1], "--help") == 0 ? 0 : 2;
	}
	if (!(text = read_file(argv[1], &len))) {
		fprintf(stderr, _("congo --swiss-pair: %s: %s\n"), argv[1],
		    strerror(errno));
		return 1;
	}
	if (tourn_trf_read(text, len, &t, err, sizeof err) < 0) {
		free(text);
		fprintf(stderr, "congo --swiss-pair: %s: %s\n", argv[1], err);
		return 1;
	}
	free(text);
	if (tourn_dutch_pair(&t, &pairs, &np, err, sizeof err) < 0) {
		tourn_free(&t);
		fprintf(stderr, "congo --swiss-pair: %s: %s\n", argv[1], err);
		return 1;
	}
	tourn_pairs_print(stdout, &t, pairs, np);
	free(pairs);
	tourn_free(&t);
	return 0;
}
