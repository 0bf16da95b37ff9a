// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The differences of two recorded environment facts, in words
 * (lib/core/envdiff.h).
 */
#include "config.h"

#include "envdiff.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

char *
envdiff_append(char *list, const char *sep, const char *item)
{
	char *out;

	if (list == NULL)
		return xstrdup(item);
	out = xasprintf("%s%s%s", list, sep, item);
	free(list);
	return out;
}

/* Words of the command line that name the kernel image, not its options. */
static int
image_word(const char *w)
{
	return strncmp(w, "BOOT_IMAGE=", 11) == 0 ||
	       strncmp(w, "initrd=", 7) == 0;
}

static int
has_word(const char *line, const char *word)
{
	size_t len = strlen(word);

	for (const char *p = line; (p = strstr(p, word)) != NULL; p += len)
		if ((p == line || isspace((unsigned char)p[-1])) &&
		    (p[len] == '\0' || isspace((unsigned char)p[len])))
			return 1;
	return 0;
}

/* Words of A missing from B, each with MARK before it, onto LIST. */
static char *
missing_words(const char *a, const char *b, const char *mark, char *list)
{
	char *copy = xstrdup(a), *save = NULL;

	for (char *w = strtok_r(copy, " \t\n", &save); w != NULL;
	     w = strtok_r(NULL, " \t\n", &save)) {
		char *item;

		if (image_word(w) || has_word(b, w))
			continue;
		item = xasprintf("%s%s", mark, w);
		list = envdiff_append(list, " ", item);
		free(item);
	}
	free(copy);
	return list;
}

static char *
words_diff(const char *a, const char *ta, const char *b, const char *tb)
{
	char *d = missing_words(b, a, "+", missing_words(a, b, "-", NULL));
	char *out;

	if (d == NULL)
		return NULL;
	out = xasprintf("%s (%s -> %s)", d, ta, tb);
	free(d);
	return out;
}

/* A vulnerability name followed by ": " starts at P. */
static int
item_start(const char *p)
{
	const char *q = p;

	while (islower((unsigned char)*q) || isdigit((unsigned char)*q) ||
	       *q == '_')
		q++;
	return q > p && q[0] == ':' && q[1] == ' ';
}

/*
 * The text of item NAME in S ("name: text; name: text", where a text may
 * itself hold "; "), as a malloc'd string, or NULL when absent.
 */
static char *
item_text(const char *s, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = s; p != NULL && *p != '\0';) {
		const char *end = strstr(p, "; ");

		while (end != NULL && !item_start(end + 2))
			end = strstr(end + 2, "; ");
		if (strncmp(p, name, len) == 0 && p[len] == ':' &&
		    item_start(p)) {
			const char *text = p + len + 2;

			return end != NULL ?
			       xasprintf("%.*s", (int)(end - text), text) :
			       xstrdup(text);
		}
		p = end != NULL ? end + 2 : NULL;
	}
	return NULL;
}

/* Names of the items of A whose text differs in B (or is absent). */
static char *
changed_items(const char *a, const char *b, char *list)
{
	for (const char *p = a; p != NULL && *p != '\0';) {
		const char *colon = strchr(p, ':');
		char *name = xasprintf("%.*s", (int)(colon - p), p);
		char *ta = item_text(a, name), *tb = item_text(b, name);

		if ((tb == NULL || strcmp(ta, tb) != 0) &&
		    (list == NULL || !has_word(list, name)))
			list = envdiff_append(list, " ", name);
		free(name);
		free(ta);
		free(tb);
		p = strstr(p, "; ");
		while (p != NULL && !item_start(p + 2))
			p = strstr(p + 2, "; ");
		p = p != NULL ? p + 2 : NULL;
	}
	return list;
}

static char *
items_diff(const char *a, const char *ta, const char *b, const char *tb)
{
	char *d, *out;

	if (!item_start(a) || !item_start(b))
		return strcmp(a, b) == 0 ? NULL :
		       xasprintf("%s (%s) vs %s (%s)", a, ta, b, tb);
	d = changed_items(b, a, changed_items(a, b, NULL));
	if (d == NULL)
		return NULL;
	out = xasprintf("%s (%s vs %s)", d, ta, tb);
	free(d);
	return out;
}

static char *
memory_diff(const char *a, const char *ta, const char *b, const char *tb)
{
	char *ea, *eb;
	double x = strtod(a, &ea), y = strtod(b, &eb);

	if (*ea != '\0' || *eb != '\0' || !(x > 0.0) || !(y > 0.0))
		return strcmp(a, b) == 0 ? NULL :
		       xasprintf("%s (%s) vs %s (%s)", a, ta, b, tb);
	/* Kernels reserve different amounts: only a machine moves this. */
	if (fabs(x - y) <= ENVDIFF_MEM_PCT / 100.0 * fmin(x, y))
		return NULL;
	return xasprintf("%.1f GiB (%s) vs %.1f GiB (%s)", x / 1073741824.0,
			 ta, y / 1073741824.0, tb);
}

char *
envdiff(enum envdiff_kind kind, const char *a, const char *ta, const char *b,
	const char *tb)
{
	switch (kind) {
	case ENVDIFF_WORDS:
		return words_diff(a, ta, b, tb);
	case ENVDIFF_ITEMS:
		return items_diff(a, ta, b, tb);
	case ENVDIFF_MEMORY:
		return memory_diff(a, ta, b, tb);
	case ENVDIFF_PINNED:	/* another CPU warns, pinned against not refuses */
	case ENVDIFF_PLAIN:
	default:
		return strcmp(a, b) == 0 ? NULL :
		       xasprintf("%s (%s) vs %s (%s)", a, ta, b, tb);
	}
}

