// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimcmp --counters: each metric of a test per call, side by side.  A
 * process's value is the sum of the metric over its samples that hold
 * it divided by their calls (as its rate is calls over time), a side's
 * centre the geometric mean over processes, and a change is judged by
 * the Welch comparison of lib/stats on those per-process values, like a
 * rate.  A metric no sample of a side holds is absent there, never 0.
 */
#include "config.h"

#include "compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_env.h"
#include "measure.h"
#include "stats.h"
#include "xalloc.h"

/* Sums of one metric over samples of one process (or one side). */
struct csum {
	long double value;
	long double calls;
	size_t n;
};

/* The samples of R holding metric ID, flagged ones left out on request. */
static void
sum_result(const struct record_result *r, int id, int exclude,
	   struct csum *out)
{
	unsigned *flags = NULL;

	*out = (struct csum){ 0 };
	if (exclude) {
		flags = xcalloc(r->n_samples, sizeof(*flags));
		if (stats_flag_samples(r->samples, r->n_samples, flags) < 0)
			memset(flags, 0, r->n_samples * sizeof(*flags));
	}
	for (size_t j = 0; j < r->n_samples; j++) {
		const struct measure_sample *s = &r->samples[j];
		int64_t v;

		if ((flags != NULL && flags[j] != 0) || s->calls <= 0 ||
		    !measure_get(&s->m, (enum measure_id)id, &v))
			continue;
		out->value += v;
		out->calls += s->calls;
		out->n++;
	}
	free(flags);
}

static int
positive(double x)
{
	return x > 0.0 && isfinite(x);
}

/* Metric ID of TEST on one side: per-process values and the pooled one. */
static void
fill_value(const struct query_tag *side, const char *test, int id,
	   int exclude, struct cmp_counter_value *v)
{
	struct csum all = { 0 }, one;
	int usable = 1;

	v->runs = xcalloc(side->n_results + 1, sizeof(*v->runs));
	for (size_t i = 0; i < side->n_results; i++) {
		const struct record_result *r = &side->results[i];

		if (strcmp(r->test, test) != 0 || strcmp(r->status, "ok") != 0)
			continue;
		sum_result(r, id, exclude, &one);
		if (r->n_samples > 0 && one.n == 0)
			usable = 0;	/* a process without it */
		if (one.n == 0)
			continue;
		all.value += one.value;
		all.calls += one.calls;
		all.n += one.n;
		v->runs[v->n_runs].rate = (double)(one.value / one.calls);
		v->runs[v->n_runs].boot_id = compare_env_boot(side, r->run_id);
		if (!positive(v->runs[v->n_runs].rate))
			usable = 0;	/* no ratio of a zero */
		v->n_runs++;
	}
	v->have = all.n > 0;
	v->n_samples = all.n;
	v->per_call = v->have ? (double)(all.value / all.calls) : NAN;
	if (!usable)
		v->n_runs = 0;
}

/* Centres as fill_centers() takes them: by boot when every side can. */
static void
fill_centers(struct cmp_counter *c, size_t n)
{
	int by_boot = 1;

	for (size_t s = 0; s < n; s++)
		if (c->v[s].n_runs > 0 &&
		    stats_count_boots(c->v[s].runs, c->v[s].n_runs) < 2)
			by_boot = 0;
	for (size_t s = 0; s < n; s++)
		if (c->v[s].n_runs > 0)
			c->v[s].per_call = stats_center(c->v[s].runs,
							c->v[s].n_runs,
							by_boot);
}

static void
fill_deltas(struct cmp_counter *c, size_t n, const struct stats_opts *opt)
{
	const struct cmp_counter_value *b = &c->v[0];
	enum measure_better better = c->monitor != NULL ? MEASURE_LOWER :
		measure_def((enum measure_id)c->metric)->better;

	for (size_t s = 1; s < n; s++) {
		struct cmp_delta *d = &c->d[s - 1];
		const struct cmp_counter_value *v = &c->v[s];

		d->pct = NAN;
		if (!b->have || !v->have)
			continue;
		d->valid = 1;
		if (b->per_call != 0.0)
			d->pct = (v->per_call - b->per_call) / b->per_call *
				 100.0;
		if (b->n_runs > 0 && v->n_runs > 0)
			d->has_stats = stats_compare(b->runs, b->n_runs,
						     v->runs, v->n_runs, opt,
						     better, &d->cmp) == 0;
	}
}

void
compare_counter_judge(struct cmp_counter *c, size_t n_sides,
		      const struct stats_opts *opt)
{
	fill_centers(c, n_sides);
	fill_deltas(c, n_sides, opt);
}

void
compare_counter_free(struct cmp_counter *c, size_t n_sides)
{
	for (size_t s = 0; s < n_sides; s++)
		free(c->v[s].runs);
	free(c->v);
	free(c->d);
}

/* The metrics some side holds for ROW, each filled. */
static void
fill_row(struct cmp_row *row, const struct cmp_table *t,
	 const struct query_tag *sides)
{
	for (int id = 0; id < MEASURE_COUNT; id++) {
		struct cmp_counter c = { .metric = id };
		int any = 0;

		c.v = xcalloc(t->n_sides, sizeof(*c.v));
		c.d = xcalloc(t->n_sides, sizeof(*c.d));
		for (size_t s = 0; s < t->n_sides; s++) {
			fill_value(&sides[s], row->test, id,
				   t->opt.exclude_flagged, &c.v[s]);
			any |= c.v[s].have;
		}
		if (!any) {
			compare_counter_free(&c, t->n_sides);
			continue;
		}
		compare_counter_judge(&c, t->n_sides, &t->opt.stats);
		row->counters = xrealloc(row->counters, (row->n_counters + 1) *
					 sizeof(*row->counters));
		row->counters[row->n_counters++] = c;
	}
}

/*
 * Visit every comparison with statistics of T's counters of one kind
 * (MONITORS or metrics), in table order.
 */
static size_t
each_cmp(struct cmp_table *t, int monitors, struct stats_cmp *all, int put)
{
	size_t k = 0;

	for (size_t i = 0; i < t->n_rows; i++) {
		struct cmp_row *row = &t->rows[i];

		for (size_t c = 0; c < row->n_counters; c++) {
			struct cmp_counter *cc = &row->counters[c];

			if ((cc->monitor != NULL) != (monitors != 0))
				continue;
			for (size_t s = 0; s + 1 < t->n_sides; s++) {
				struct cmp_delta *d = &cc->d[s];

				if (!d->has_stats)
					continue;
				if (!put) {
					all[k++] = d->cmp;
					continue;
				}
				/* The direction went into stats_compare. */
				d->cmp = all[k++];
			}
		}
	}
	return k;
}

void
compare_counters_adjust(struct cmp_table *t, int monitors)
{
	size_t n = 0;
	struct stats_cmp *all;

	for (size_t i = 0; i < t->n_rows; i++)
		n += t->rows[i].n_counters * (t->n_sides - 1);
	all = xcalloc(n + 1, sizeof(*all));
	n = each_cmp(t, monitors, all, 0);
	stats_bh_adjust(all, n, &t->opt.stats);
	(void)each_cmp(t, monitors, all, 1);	/* the same walk: the same count */
	free(all);
}

void
compare_counters(struct cmp_table *t, const struct query_tag *sides)
{
	t->counters = 1;
	for (size_t i = 0; i < t->n_rows; i++)
		fill_row(&t->rows[i], t, sides);
	compare_counters_adjust(t, 0);
}

void
compare_counters_free(struct cmp_row *row, size_t n_sides)
{
	for (size_t c = 0; c < row->n_counters; c++)
		compare_counter_free(&row->counters[c], n_sides);
	free(row->counters);
	row->counters = NULL;
	row->n_counters = 0;
}
