// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pure comparison: one row per test with the values of every side
 * (compare_value.c), their centres, deltas in cents of the printed rates
 * (so two imported reports give the published difference to the last
 * digit), and the verdict of lib/stats with the correction over every
 * comparison of the table.
 */
#include "config.h"

#include "compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_env.h"
#include "stats.h"
#include "xalloc.h"

/* The distinct tests of all sides, as rows with nothing filled in yet. */
static void
collect_rows(const struct query_tag *sides, size_t n, struct cmp_table *t)
{
	size_t cap = 0;

	for (size_t s = 0; s < n; s++) {
		for (size_t i = 0; i < sides[s].n_results; i++) {
			const struct record_result *r = &sides[s].results[i];
			size_t k;

			for (k = 0; k < t->n_rows; k++)
				if (strcmp(t->rows[k].test, r->test) == 0)
					break;
			if (k < t->n_rows)
				continue;
			if (t->n_rows == cap) {
				cap = cap ? 2 * cap : 64;
				t->rows = xrealloc(t->rows,
						   cap * sizeof(*t->rows));
			}
			memset(&t->rows[t->n_rows], 0, sizeof(*t->rows));
			t->rows[t->n_rows].number = r->number;
			t->rows[t->n_rows].test = r->test;
			t->rows[t->n_rows].units = r->units;
			t->rows[t->n_rows].basis = compare_basis(r->judged);
			t->rows[t->n_rows].better = r->better;
			t->n_rows++;
		}
	}
}

/* (NEW - BASE) / BASE of two printed centres, in percent; NaN at 0. */
static double
cents_pct(int64_t delta, int64_t base)
{
	return base != 0 ? (double)delta / (double)base * 100.0 : NAN;
}

/*
 * Each NEW side against the base: the printed change is of the judged
 * centres, those the interval is about, so it lies inside it; the
 * classic mean's change is kept beside it.
 */
static void
fill_deltas(struct cmp_row *row, size_t n_sides, const struct cmp_opts *opt,
	    int by_boot)
{
	const struct cmp_value *base = &row->v[0];
	struct stats_opts so;

	row->d = xcalloc(n_sides - 1, sizeof(*row->d));
	if (opt != NULL) {
		so = opt->stats;
		so.per_run = !by_boot;
	}
	for (size_t s = 1; s < n_sides; s++) {
		struct cmp_delta *d = &row->d[s - 1];
		const struct cmp_value *v = &row->v[s];

		d->pct = NAN;
		d->mean_pct = NAN;
		if (base->state != CMP_OK || v->state != CMP_OK)
			continue;
		d->valid = 1;
		d->delta_c = v->rate_c - base->rate_c;
		d->pct = cents_pct(d->delta_c, base->rate_c);
		d->mean_delta_c = v->mean_c - base->mean_c;
		d->mean_pct = cents_pct(d->mean_delta_c, base->mean_c);
		if (opt != NULL && base->n_runs > 0 && v->n_runs > 0)
			d->has_stats = stats_compare(base->runs, base->n_runs,
						     v->runs, v->n_runs, &so,
						     row->better, &d->cmp) == 0;
	}
}

/*
 * The printed centre of each side is the one the comparison works on:
 * of the judged rates, per boot when every side of the row has runs
 * from two boots or more (then every pair is compared by boot), else
 * per process.  Returns whether the row is by boot.
 */
static int
fill_centers(struct cmp_row *row, size_t n)
{
	int by_boot = 1;

	for (size_t s = 0; s < n; s++)
		if (row->v[s].n_runs > 0 &&
		    stats_count_boots(row->v[s].runs, row->v[s].n_runs) < 2)
			by_boot = 0;
	for (size_t s = 0; s < n; s++) {
		struct cmp_value *v = &row->v[s];

		if (v->state != CMP_OK || v->n_runs == 0)
			continue;
		v->center = stats_center(v->runs, v->n_runs, by_boot);
		v->rate_c = compare_cents(v->center);
		v->mean_center = stats_center(v->mean_runs, v->n_runs,
					      by_boot);
		v->mean_c = compare_cents(v->mean_center);
	}
	return by_boot;
}

static void
fill_row(struct cmp_row *row, const struct query_tag *sides, size_t n,
	 const struct cmp_opts *opt)
{
	const struct record_result **pick = NULL;

	row->v = xcalloc(n, sizeof(*row->v));
	for (size_t s = 0; s < n; s++) {
		size_t k = 0;

		pick = xrealloc(pick, (sides[s].n_results + 1) * sizeof(*pick));
		for (size_t i = 0; i < sides[s].n_results; i++)
			if (strcmp(sides[s].results[i].test, row->test) == 0)
				pick[k++] = &sides[s].results[i];
		compare_pool(pick, k, &row->v[s]);
		if (row->v[s].state == CMP_OK)
			compare_value_stats(&sides[s], pick, k,
					    opt->exclude_flagged, row->basis,
					    &row->v[s]);
	}
	free(pick);
	fill_deltas(row, n, opt, fill_centers(row, n));
}

/*
 * Benjamini-Hochberg over every comparison shown (each row, each NEW
 * side) but the sequential ones, which spent their level over their
 * looks, then the count of each verdict.
 */
static void
adjust_family(struct cmp_table *t)
{
	size_t n_new = t->n_sides - 1, k = 0;
	struct stats_cmp *all = xcalloc(t->n_rows * n_new + 1, sizeof(*all));

	for (size_t i = 0; i < t->n_rows; i++)
		for (size_t s = 0; s < n_new; s++)
			if (t->rows[i].d[s].has_stats && !t->rows[i].d[s].seq)
				all[k++] = t->rows[i].d[s].cmp;
	stats_bh_adjust(all, k, &t->opt.stats);
	t->n_family = 0;
	memset(t->n_verdicts, 0, sizeof(t->n_verdicts));
	k = 0;
	for (size_t i = 0; i < t->n_rows; i++) {
		for (size_t s = 0; s < n_new; s++) {
			struct cmp_delta *d = &t->rows[i].d[s];

			if (!d->has_stats)
				continue;
			if (!d->seq) {
				d->cmp = all[k++];
				t->n_family += !isnan(d->cmp.p);
			}
			t->n_verdicts[d->cmp.verdict]++;
		}
	}
	free(all);
}

static int
by_number(const void *a, const void *b)
{
	const struct cmp_row *x = a, *y = b;

	if (x->number != y->number)
		return x->number < y->number ? -1 : 1;
	return strcmp(x->test, y->test);
}

static int
by_name(const void *a, const void *b)
{
	const struct cmp_row *x = a, *y = b;
	int c = strcmp(x->test, y->test);

	return c != 0 ? c : by_number(a, b);
}

/* The first NEW's percentage with the sign of better: negative is worse. */
static double
gain_pct(const struct cmp_row *r)
{
	return r->better == MEASURE_LOWER ? -r->d[0].pct : r->d[0].pct;
}

/* Worst first; rows without a percentage go last, in number order. */
static int
by_pct(const void *a, const void *b)
{
	const struct cmp_row *x = a, *y = b;
	int hx = x->d[0].valid && !isnan(x->d[0].pct);
	int hy = y->d[0].valid && !isnan(y->d[0].pct);

	if (hx != hy)
		return hx ? -1 : 1;
	if (hx && gain_pct(x) != gain_pct(y))
		return gain_pct(x) < gain_pct(y) ? -1 : 1;
	return by_number(a, b);
}

void
compare_sort(struct cmp_table *t, enum cmp_sort key)
{
	int (*fn)(const void *, const void *) = by_number;

	if (key == CMP_SORT_NAME)
		fn = by_name;
	else if (key == CMP_SORT_PCT)
		fn = by_pct;
	if (t->n_rows > 1)
		qsort(t->rows, t->n_rows, sizeof(*t->rows), fn);
}

/* Noise columns appear when any shown value pooled two samples or more. */
static void
update_repeated(struct cmp_table *t)
{
	t->repeated = 0;
	for (size_t i = 0; i < t->n_rows; i++)
		for (size_t s = 0; s < t->n_sides; s++)
			if (t->rows[i].v[s].n_samples >= 2)
				t->repeated = 1;
}

void
compare_build(const struct query_tag *sides, size_t n,
	      const struct cmp_opts *opt, struct cmp_table *out)
{
	memset(out, 0, sizeof(*out));
	out->n_sides = n;
	if (opt != NULL)
		out->opt = *opt;
	else
		compare_opts_default(&out->opt);
	collect_rows(sides, n, out);
	for (size_t i = 0; i < out->n_rows; i++)
		fill_row(&out->rows[i], sides, n, &out->opt);
	compare_sort(out, CMP_SORT_NUMBER);
	update_repeated(out);
	compare_env(sides, n, out);
	compare_seq(sides, n, out);
	adjust_family(out);
	compare_warnings(sides, n, out);
}

static void
free_row(struct cmp_row *row, size_t n_sides)
{
	if (row->v != NULL)
		for (size_t s = 0; s < n_sides; s++)
			compare_value_free(&row->v[s]);
	compare_counters_free(row, n_sides);
	free(row->levels);
	free(row->sizing);
	free(row->v);
	free(row->d);
}

static void
missing_row(struct cmp_row *row, size_t n_sides, int number,
	    const char *test, const char *units)
{
	row->number = number;
	row->test = test;
	row->units = units;
	row->basis = compare_basis_known(test);
	row->v = xcalloc(n_sides, sizeof(*row->v));
	for (size_t s = 0; s < n_sides; s++) {
		row->v[s].state = CMP_MISSING;
		row->v[s].cv_pct = NAN;
		row->v[s].mean_cv_pct = NAN;
	}
	fill_deltas(row, n_sides, NULL, 0);
}

void
compare_select(struct cmp_table *t, const char *const *names,
	       const int *numbers, const char *const *units, size_t n)
{
	struct cmp_row *keep = xcalloc(n ? n : 1, sizeof(*keep));
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		size_t j;

		for (j = 0; j < t->n_rows; j++)
			if (t->rows[j].test != NULL &&
			    strcmp(t->rows[j].test, names[i]) == 0)
				break;
		if (j < t->n_rows) {
			keep[k++] = t->rows[j];
			/* Taken: a repeated name must not free it twice. */
			memset(&t->rows[j], 0, sizeof(t->rows[j]));
		} else if (numbers != NULL && numbers[i] > 0) {
			missing_row(&keep[k++], t->n_sides, numbers[i],
				    names[i], units != NULL ? units[i] : "");
		}
	}
	for (size_t j = 0; j < t->n_rows; j++)
		free_row(&t->rows[j], t->n_sides);
	free(t->rows);
	t->rows = keep;
	t->n_rows = k;
	update_repeated(t);
	adjust_family(t);
	compare_warnings_repeated(t);
}

void
compare_free(struct cmp_table *t)
{
	for (size_t i = 0; i < t->n_rows; i++)
		free_row(&t->rows[i], t->n_sides);
	free(t->rows);
	for (size_t s = 0; s < t->n_sides && t->sides != NULL; s++) {
		free(t->sides[s].run_ids);
		free(t->sides[s].kernels);
		free(t->sides[s].hosts);
	}
	free(t->sides);
	for (size_t i = 0; i < t->n_warnings; i++)
		free(t->warnings[i]);
	free(t->warnings);
	for (size_t i = 0; i < t->n_refusals; i++)
		free(t->refusals[i]);
	free(t->refusals);
	free(t->klog);
	memset(t, 0, sizeof(*t));
}

/* log NEW/BASE of one test: the judged ratio, else the printed one. */
static double
log_ratio(const struct cmp_row *row, const struct cmp_delta *d)
{
	if (d->has_stats && d->cmp.ratio > 0.0 && isfinite(d->cmp.ratio))
		return log(d->cmp.ratio);
	return log((double)(row->v[0].rate_c + d->delta_c)) -
	       log((double)row->v[0].rate_c);
}

/* LOWER when every test of the mean is a time, else HIGHER. */
static enum measure_better
overall_better(const struct cmp_table *t, size_t s)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n_rows; i++) {
		if (!t->rows[i].d[s - 1].valid)
			continue;
		if (t->rows[i].better != MEASURE_LOWER)
			return MEASURE_HIGHER;
		n++;
	}
	return n > 0 ? MEASURE_LOWER : MEASURE_HIGHER;
}

void
compare_overall(const struct cmp_table *t, size_t s, struct cmp_overall *out)
{
	double sum = 0.0, var = 0.0, var2_df = 0.0, se, tq;
	int all_se = 1;

	*out = (struct cmp_overall){ .ratio = NAN, .lo = NAN, .hi = NAN };
	out->better = overall_better(t, s);
	for (size_t i = 0; i < t->n_rows; i++) {
		const struct cmp_row *row = &t->rows[i];
		const struct cmp_delta *d = &row->d[s - 1];
		double v;

		if (!d->valid || row->v[0].rate_c <= 0 ||
		    row->v[0].rate_c + d->delta_c <= 0)
			continue;
		/* A time against rates: BASE/NEW, above 1 better as theirs. */
		sum += row->better == out->better ? log_ratio(row, d) :
		       -log_ratio(row, d);
		out->n++;
		if (!d->has_stats || !isfinite(d->cmp.se) ||
		    !(d->cmp.df > 0.0)) {
			all_se = 0;
			continue;
		}
		v = d->cmp.se * d->cmp.se;
		var += v;
		var2_df += v * v / d->cmp.df;
	}
	if (out->n == 0)
		return;
	out->ratio = exp(sum / (double)out->n);
	if (!all_se)
		return;
	/* Independent tests: the variance of a mean of n logs. */
	se = sqrt(var) / (double)out->n;
	tq = var2_df > 0.0 ? stats_t_crit(t->opt.stats.alpha,
					  var * var / var2_df) : 0.0;
	out->lo = out->ratio * exp(-tq * se);
	out->hi = out->ratio * exp(tq * se);
}
