// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimcmp --monitors: the kernel's monitors per call, the number that
 * explains a rate (lkp's "changed stats").  A process's value is its
 * monitor's change over its warm-up and samples divided by their calls;
 * a monitor a monitored process does not hold changed by 0 there, when
 * its run read that source (the run's fact "monitors"); a process of a
 * run that read none is left out.  Each is judged as a --counters metric
 * is (lower is better: a cost per call), in a correction family of its
 * own, and under each test the monitors judged changed are kept, the
 * largest change first (the ratio of the centres, either way), at most
 * TOP.  Without two processes a side nothing can be judged: the largest
 * changes of MIN_PCT or more are kept then, without a verdict.  Named
 * patterns keep every monitor they match instead, judged or not.
 */
#include "config.h"

#include "compare.h"

#include <fnmatch.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_env.h"
#include "monitor.h"
#include "xalloc.h"

/* Without statistics, the least change kept, in percent. */
#define MIN_PCT 10.0

/* Whether R was monitored, and its calls: warm-up and samples. */
static int64_t
monitored_calls(const struct record_result *r)
{
	int64_t calls = r->warmup_calls > 0 ? r->warmup_calls : 0;

	if (r->n_monitors == 0 || strcmp(r->status, "ok") != 0)
		return 0;
	for (size_t j = 0; j < r->n_samples; j++)
		calls += r->samples[j].calls > 0 ? r->samples[j].calls : 0;
	return calls;
}

/* Whether run RUN_ID of SIDE read the source of NAME. */
static int
source_read(const struct query_tag *side, int64_t run_id, const char *name)
{
	const struct monitor_source *src = monitor_source_of(name);
	size_t len = src != NULL ? strlen(src->name) : 0;

	for (size_t i = 0; src != NULL && i < side->n_runs; i++) {
		const char *read = side->runs[i].id == run_id ?
				   record_env(&side->runs[i], "monitors") : NULL;

		for (const char *p = read; p != NULL && *p != '\0';) {
			size_t n = strcspn(p, ",");

			if (n == len && strncmp(p, src->name, len) == 0)
				return 1;
			p += n + (p[n] == ',');
		}
	}
	return 0;
}

/* NAME's change in R, or 0 when R does not hold it. */
static int64_t
change_of(const struct record_result *r, const char *name)
{
	size_t lo = 0, hi = r->n_monitors;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(r->monitors[mid].name, name);

		if (c == 0)
			return r->monitors[mid].value;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* Monitor NAME of TEST on SIDE: per-process values and the pooled one. */
static void
fill_value(const struct query_tag *side, const char *test, const char *name,
	   struct cmp_counter_value *v)
{
	long double value = 0, calls = 0;
	int usable = 1;

	v->runs = xcalloc(side->n_results + 1, sizeof(*v->runs));
	for (size_t i = 0; i < side->n_results; i++) {
		const struct record_result *r = &side->results[i];
		int64_t c = strcmp(r->test, test) == 0 ? monitored_calls(r) : 0;
		int64_t x;

		if (c <= 0 || !source_read(side, r->run_id, name))
			continue;
		x = change_of(r, name);
		value += x;
		calls += c;
		v->n_samples += r->n_samples;
		v->runs[v->n_runs].rate = (double)x / (double)c;
		v->runs[v->n_runs].boot_id = compare_env_boot(side, r->run_id);
		/* Centres are geometric: a process that counted none has none. */
		usable &= x > 0;
		v->n_runs++;
	}
	v->have = v->n_runs > 0;
	v->per_call = v->have ? (double)(value / calls) : NAN;
	if (!usable)
		v->n_runs = 0;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * The names of the monitors some side holds for TEST (borrowed, each
 * once, sorted), those N_PICK patterns PICK match when there are any.
 */
static const char **
names_of(const struct query_tag *sides, size_t n_sides, const char *test,
	 const char *const *pick, size_t n_pick, size_t *n)
{
	const char **names = NULL;
	size_t k = 0, cap = 0;

	for (size_t s = 0; s < n_sides; s++)
		for (size_t i = 0; i < sides[s].n_results; i++) {
			const struct record_result *r = &sides[s].results[i];

			if (strcmp(r->test, test) != 0)
				continue;
			for (size_t j = 0; j < r->n_monitors; j++) {
				const char *name = r->monitors[j].name;
				int match = n_pick == 0;

				for (size_t p = 0; p < n_pick && !match; p++)
					match = fnmatch(pick[p], name, 0) == 0;
				if (!match)
					continue;
				if (k == cap) {
					cap = cap > 0 ? 2 * cap : 64;
					names = xrealloc(names, cap * sizeof(*names));
				}
				names[k++] = name;
			}
		}
	if (k > 1)
		qsort(names, k, sizeof(*names), by_name);
	*n = 0;
	for (size_t i = 0; i < k; i++)
		if (*n == 0 || strcmp(names[i], names[*n - 1]) != 0)
			names[(*n)++] = names[i];
	return names;
}

/* Every monitor of ROW's test, judged, after its metrics. */
static void
fill_row(struct cmp_row *row, const struct cmp_table *t,
	 const struct query_tag *sides, const char *const *pick,
	 size_t n_pick)
{
	size_t n;
	const char **names = names_of(sides, t->n_sides, row->test, pick,
				      n_pick, &n);

	for (size_t k = 0; k < n; k++) {
		struct cmp_counter c = { .monitor = names[k] };

		c.v = xcalloc(t->n_sides, sizeof(*c.v));
		c.d = xcalloc(t->n_sides, sizeof(*c.d));
		for (size_t s = 0; s < t->n_sides; s++)
			fill_value(&sides[s], row->test, names[k], &c.v[s]);
		compare_counter_judge(&c, t->n_sides, &t->opt.stats);
		row->counters = xrealloc(row->counters, (row->n_counters + 1) *
					 sizeof(*row->counters));
		row->counters[row->n_counters++] = c;
	}
	free(names);
}

/*
 * How large C's change is, the largest over the NEW sides of T: |log| of
 * the ratio of the centres; 0 when it is not kept (judged unchanged, or
 * without statistics less than MIN_PCT; JUDGED says which applies).
 */
static double
weight(const struct cmp_table *t, const struct cmp_counter *c, int judged)
{
	double w = 0.0;

	for (size_t s = 1; s < t->n_sides; s++) {
		const struct cmp_delta *d = &c->d[s - 1];
		double r = c->v[s].per_call / c->v[0].per_call;

		if (!d->valid || !(r > 0) || !isfinite(r))
			continue;
		if (judged ? d->has_stats &&
			     (d->cmp.verdict == STATS_IMPROVED ||
			      d->cmp.verdict == STATS_REGRESSED) :
			     fabs(d->pct) >= MIN_PCT)
			w = fmax(w, fabs(log(r)));
	}
	return w;
}

struct ranked {
	struct cmp_counter c;
	double w;
};

static int
by_weight(const void *a, const void *b)
{
	double x = ((const struct ranked *)a)->w, y = ((const struct ranked *)b)->w;

	return (x < y) - (x > y);
}

/* Keep of ROW's monitors the TOP largest changes (its metrics all). */
static void
select_row(const struct cmp_table *t, struct cmp_row *row, size_t top)
{
	struct ranked *m = xcalloc(row->n_counters + 1, sizeof(*m));
	size_t n = 0, kept = 0;
	int judged = 0;

	for (size_t k = 0; k < row->n_counters; k++)
		for (size_t s = 0; s + 1 < t->n_sides; s++)
			judged |= row->counters[k].monitor != NULL &&
				  row->counters[k].d[s].has_stats;
	for (size_t k = 0; k < row->n_counters; k++) {
		struct cmp_counter *c = &row->counters[k];

		if (c->monitor == NULL)
			row->counters[kept++] = *c;
		else
			m[n++] = (struct ranked){ *c, weight(t, c, judged) };
	}
	qsort(m, n, sizeof(*m), by_weight);
	for (size_t k = 0; k < n; k++) {
		if (k < top && m[k].w > 0.0)
			row->counters[kept++] = m[k].c;
		else
			compare_counter_free(&m[k].c, t->n_sides);
	}
	row->n_counters = kept;
	free(m);
}

/* A side without a monitored result: nothing of it can be compared. */
static void
warn_unmonitored(struct cmp_table *t, const struct query_tag *sides)
{
	for (size_t s = 0; s < t->n_sides; s++) {
		size_t i = 0;

		while (i < sides[s].n_results &&
		       monitored_calls(&sides[s].results[i]) == 0)
			i++;
		if (i == sides[s].n_results)
			compare_warn(t, xasprintf("--monitors: %s holds no monitors: its runs read none (an aimrun before schema 8, an import, or no /proc/vmstat)",
						  sides[s].tag));
	}
}

void
compare_monitors(struct cmp_table *t, const struct query_tag *sides,
		 const char *const *pick, size_t n_pick, size_t top)
{
	t->counters = 1;
	warn_unmonitored(t, sides);
	for (size_t i = 0; i < t->n_rows; i++)
		fill_row(&t->rows[i], t, sides, pick, n_pick);
	compare_counters_adjust(t, 1);
	if (n_pick == 0)
		for (size_t i = 0; i < t->n_rows; i++)
			select_row(t, &t->rows[i], top);
}
