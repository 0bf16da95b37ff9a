// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimcmp --latency: the rows.  Only ok results count; a sample whose
 * histogram holds no call adds nothing.
 */
#include "config.h"

#include "compare_latency.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

static int
has_hist(const struct record_result *r)
{
	if (strcmp(r->status, "ok") != 0)
		return 0;
	for (size_t j = 0; j < r->n_samples; j++)
		if (r->samples[j].hist != NULL)
			return 1;
	return 0;
}

/* The row of TEST, added in order when new. */
static struct lat_row *
row_of(struct lat_table *t, const struct record_result *r)
{
	size_t i = 0;

	while (i < t->n_rows && (t->rows[i].number < r->number ||
	       (t->rows[i].number == r->number &&
		strcmp(t->rows[i].test, r->test) < 0)))
		i++;
	if (i < t->n_rows && t->rows[i].number == r->number &&
	    strcmp(t->rows[i].test, r->test) == 0)
		return &t->rows[i];
	t->rows = xrealloc(t->rows, (t->n_rows + 1) * sizeof(*t->rows));
	memmove(&t->rows[i + 1], &t->rows[i],
		(t->n_rows - i) * sizeof(*t->rows));
	t->n_rows++;
	t->rows[i].number = r->number;
	t->rows[i].test = r->test;
	t->rows[i].sides = xcalloc(t->n_sides, sizeof(*t->rows[i].sides));
	return &t->rows[i];
}

/* S's histogram alone: its p50 and p99 into the side's lists. */
static void
add_sample(struct lat_side *side, const struct measure_sample *s,
	   struct hist_acc *one)
{
	struct hist_summary sum;

	hist_acc_init(one);
	if (!hist_acc_add(one, s) || hist_summarise(one, &sum) != 0)
		return;
	side->p50 = xrealloc(side->p50, (side->n + 1) * sizeof(double));
	side->p99 = xrealloc(side->p99, (side->n + 1) * sizeof(double));
	side->p50[side->n] = (double)sum.p50;
	side->p99[side->n] = (double)sum.p99;
	side->n++;
}

/* Side K of TEST: every call summarised, each sample's quantiles kept. */
static void
fill_side(const struct query_tag *side, const char *test, struct lat_side *out,
	  struct hist_acc *all, struct hist_acc *one)
{
	hist_acc_init(all);
	for (size_t i = 0; i < side->n_results; i++) {
		const struct record_result *r = &side->results[i];

		if (strcmp(r->test, test) != 0 || !has_hist(r))
			continue;
		for (size_t j = 0; j < r->n_samples; j++) {
			(void)hist_acc_add(all, &r->samples[j]);
			add_sample(out, &r->samples[j], one);
		}
	}
	out->have = hist_summarise(all, &out->sum) == 0;
}

void
lat_build(const struct query_tag *sides, const char *const *tags, size_t n,
	  double alpha, struct lat_table *out)
{
	struct hist_acc *all = xmalloc(sizeof(*all)), *one = xmalloc(sizeof(*one));

	memset(out, 0, sizeof(*out));
	out->tags = tags;
	out->n_sides = n;
	out->alpha = alpha;
	for (size_t s = 0; s < n; s++)
		for (size_t i = 0; i < sides[s].n_results; i++)
			if (has_hist(&sides[s].results[i]))
				(void)row_of(out, &sides[s].results[i]);
	for (size_t i = 0; i < out->n_rows; i++) {
		struct lat_row *row = &out->rows[i];

		for (size_t s = 0; s < n; s++) {
			struct lat_side *b = &row->sides[0], *v = &row->sides[s];

			fill_side(&sides[s], row->test, v, all, one);
			v->shifted = s > 0 && b->n >= 2 && v->n >= 2 &&
				stats_shift(b->p50, b->n, v->p50, v->n, alpha,
					    &v->d50) == 0 &&
				stats_shift(b->p99, b->n, v->p99, v->n, alpha,
					    &v->d99) == 0;
		}
	}
	free(all);
	free(one);
}

void
lat_free(struct lat_table *t)
{
	for (size_t i = 0; i < t->n_rows; i++) {
		for (size_t s = 0; s < t->n_sides; s++) {
			free(t->rows[i].sides[s].p50);
			free(t->rows[i].sides[s].p99);
		}
		free(t->rows[i].sides);
	}
	free(t->rows);
	memset(t, 0, sizeof(*t));
}
