// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Copy counts are a dimension of a result: a rate of N copies at once is
 * another quantity than a rate of one, so they meet only when the user
 * names the counts to set against each other.
 */
#include "config.h"

#include "compare_scaling.h"

#include <stdlib.h>
#include <string.h>

#include "cli_exit.h"
#include "log.h"
#include "tag.h"
#include "xalloc.h"

/* Keep the results of SIDE with COPIES copies only. */
static void
keep_only(struct query_tag *side, int copies)
{
	size_t k = 0;

	for (size_t i = 0; i < side->n_results; i++) {
		if (side->results[i].copies == copies)
			side->results[k++] = side->results[i];
		else
			record_results_free(&side->results[i], 1);
	}
	side->n_results = k;
}

/* Name each result of SIDE by its count when it is not 1 (or ALWAYS). */
static void
name_counts(struct query_tag *side, const char *label, int always)
{
	for (size_t i = 0; i < side->n_results; i++) {
		struct record_result *r = &side->results[i];
		char *name;

		if (r->copies == 1 && !always)
			continue;
		name = label != NULL ? xasprintf("%s x%s", r->test, label) :
				       xasprintf("%s x%d", r->test, r->copies);
		r->test = record_strdup(&side->own, name);
		free(name);
	}
}

static int
has_count(const struct query_tag *side, int copies)
{
	for (size_t i = 0; i < side->n_results; i++)
		if (side->results[i].copies == copies)
			return 1;
	return 0;
}

/* Does SIDE have a result whose count BASE lacks? */
static int
shares_count(const struct query_tag *base, const struct query_tag *side)
{
	for (size_t i = 0; i < side->n_results; i++)
		if (has_count(base, side->results[i].copies))
			return 1;
	return side->n_results == 0 || base->n_results == 0;
}

static int
refuse(const struct query_tag *base, const struct query_tag *side)
{
	char a[64], b[64];

	aim_warn("%s ran with --copies %d, %s with --copies %d: different copy counts are not the same test (--copies %d:%d compares them)",
		 tag_shown(base->tag, a, sizeof(a)), base->results[0].copies,
		 tag_shown(side->tag, b, sizeof(b)), side->results[0].copies,
		 base->results[0].copies, side->results[0].copies);
	return CLI_USER;
}

int
scaling_row_of(const char *row, const char *test)
{
	size_t len = strlen(test);

	return row != NULL && strncmp(row, test, len) == 0 &&
	       row[len] == ' ' && row[len + 1] == 'x' &&
	       row[len + 2] >= '0' && row[len + 2] <= '9' &&
	       strspn(row + len + 2, "0123456789:") == strlen(row + len + 2);
}

int
scaling_pick(struct query_tag *sides, size_t n, const struct scaling_sel *sel)
{
	if (sel->base > 0) {
		char label[32];

		snprintf(label, sizeof(label), sel->base == sel->other ? "%d" :
			 "%d:%d", sel->base, sel->other);
		for (size_t s = 0; s < n; s++) {
			keep_only(&sides[s], s == 0 ? sel->base : sel->other);
			if (sel->base != 1 || sel->other != 1)
				name_counts(&sides[s], label, 1);
		}
		return CLI_OK;
	}
	for (size_t s = 1; s < n; s++)
		if (!shares_count(&sides[0], &sides[s]))
			return refuse(&sides[0], &sides[s]);
	for (size_t s = 0; s < n; s++)
		name_counts(&sides[s], NULL, 0);
	return CLI_OK;
}
