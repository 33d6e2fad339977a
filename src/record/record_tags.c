/*
 * record_tags.c: the tag pairs of a game record.
 */
#include <string.h>
#include <time.h>

#include "record/record.h"

/* Copy at most n-1 bytes, not cutting a UTF-8 sequence in two. */
static void
copy_cut(char *dst, const char *src, size_t n)
{
	size_t len = strlen(src);

	if (len >= n) {
		len = n - 1;
		while (len > 0 && ((unsigned char)src[len] & 0xC0) == 0x80)
			len--;
	}
	memcpy(dst, src, len);
	dst[len] = '\0';
}

void
record_tag_set(struct record_tags *t, const char *name, const char *value)
{
	char key[sizeof t->name[0]];
	int i;

	copy_cut(key, name, sizeof key);
	for (i = 0; i < t->n; i++)
		if (strcmp(t->name[i], key) == 0)
			break;
	if (i == t->n) {
		if (t->n >= RECORD_TAG_MAX)
			return;
		t->n++;
		strcpy(t->name[i], key);
	}
	copy_cut(t->value[i], value, sizeof t->value[i]);
}

const char *
record_tag_get(const struct record_tags *t, const char *name)
{
	for (int i = 0; i < t->n; i++)
		if (strcmp(t->name[i], name) == 0)
			return t->value[i];
	return NULL;
}

void
record_tags_default(struct record_tags *t, const char *white,
    const char *black)
{
	char date[16];
	time_t now = time(NULL);
	struct tm tm;

	t->n = 0;
	record_tag_set(t, "Event", "Casual game");
	if (localtime_r(&now, &tm) != NULL &&
	    strftime(date, sizeof date, "%Y.%m.%d", &tm) > 0)
		record_tag_set(t, "Date", date);
	else
		record_tag_set(t, "Date", "????.??.??");
	record_tag_set(t, "White", white != NULL ? white : "?");
	record_tag_set(t, "Black", black != NULL ? black : "?");
}

const char *
record_result_text(enum game_result r)
{
	switch (r) {
	case RESULT_WHITE_WINS:
		return "1-0";
	case RESULT_BLACK_WINS:
		return "0-1";
	case RESULT_DRAW:
		return "1/2-1/2";
	default:
		return "*";
	}
}
