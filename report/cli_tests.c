// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --tests of aimcmp and aimplot: the names given, then matched against
 * the names the loaded results hold, so a timed command, an imported
 * test or a family's variant is picked by the name it was stored under,
 * whatever this build's catalog holds.
 */
#include "config.h"

#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "log.h"
#include "suggest.h"
#include "plot.h"
#include "tag.h"
#include "xalloc.h"

int
cli_parse_tests(const char *list, struct plot_want **want, size_t *n)
{
	char *copy = xstrdup(list), *save = NULL, why[256], shown[128];
	int rc = CLI_OK;

	for (char *name = strtok_r(copy, ",", &save); name != NULL;
	     name = strtok_r(NULL, ",", &save)) {
		const struct catalog_test *t = catalog_find(name);
		size_t i;

		if (tag_text_check("the name", name, TAG_MAX_BYTES, 1, why,
				   sizeof(why)) < 0) {
			rc = cli_bad_usage("--tests: '%s': %s",
					   tag_shown(name, shown, sizeof(shown)),
					   why);
			break;
		}
		for (i = 0; i < *n && strcmp((*want)[i].name, name) != 0; i++)
			continue;
		if (i < *n)
			continue;
		*want = xrealloc(*want, (*n + 1) * sizeof(**want));
		(*want)[*n].name = xstrdup(name);
		(*want)[*n].number = t != NULL ? t->number : -1;
		(*want)[(*n)++].units = t != NULL ? t->units : NULL;
	}
	free(copy);
	if (rc == CLI_OK && *n == 0)
		rc = cli_bad_usage("--tests: empty list");
	return rc;
}

void
cli_tests_free(struct plot_want *want, size_t n)
{
	/* The names are cli_parse_tests' copies; the const is for readers. */
	for (size_t i = 0; i < n; i++)
		free((char *)want[i].name);
	free(want);
}

/* The tags as one printable line: "A, B, C" (malloc'd). */
static char *
tags_line(char *const *tags, size_t n)
{
	size_t len = 1;
	char *s, shown[64];

	for (size_t i = 0; i < n; i++)
		len += strlen(tag_shown(tags[i], shown, sizeof(shown))) + 2;
	s = xcalloc(len, 1);
	for (size_t i = 0; i < n; i++) {
		if (i > 0)
			strcat(s, ", ");
		strcat(s, tag_shown(tags[i], shown, sizeof(shown)));
	}
	return s;
}

/* The loaded test named NAME, or NULL. */
static const struct cli_test_seen *
seen_as(const char *name, const struct cli_test_seen *seen, size_t n_seen)
{
	for (size_t i = 0; i < n_seen; i++)
		if (strcmp(seen[i].name, name) == 0)
			return &seen[i];
	return NULL;
}

/* " (did you mean ...?)" of the loaded names near NAME, or "". */
static const char *
near_seen(const char *name, const struct cli_test_seen *seen, size_t n_seen,
	  char *buf, size_t len)
{
	struct suggest sg;

	suggest_init(&sg, name);
	for (size_t i = 0; i < n_seen; i++)
		if (seen_as(seen[i].name, seen, i) == NULL)
			suggest_offer(&sg, seen[i].name);
	return suggest_text(&sg, buf, len);
}

int
cli_tests_resolve(struct plot_want *want, size_t *n,
		  const struct cli_test_seen *seen, size_t n_seen,
		  char *const *tags, size_t n_tags)
{
	char *line = tags_line(tags, n_tags), shown[128], near[160];
	size_t k = 0, found = 0;
	int rc = CLI_OK;

	for (size_t i = 0; i < *n && rc == CLI_OK; i++) {
		const struct cli_test_seen *s = seen_as(want[i].name, seen,
							n_seen);

		if (s != NULL) {
			want[i].number = s->number;
			want[i].units = s->units;
			found++;
		} else if (want[i].number < 0) {
			rc = cli_bad_usage("--tests: '%s': no result of that name in %s%s",
					   tag_shown(want[i].name, shown,
						     sizeof(shown)), line,
					   near_seen(want[i].name, seen, n_seen,
						     near, sizeof(near)));
		}
		want[k++] = want[i];
	}
	if (rc == CLI_OK && found == 0)
		rc = cli_bad_usage("--tests: none of the tests named has a result in %s",
				   line);
	free(line);
	*n = k;
	return rc;
}
