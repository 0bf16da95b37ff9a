// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Descriptive statistics of aimkit's samples: robust centre and spread,
 * the per-run time-weighted rate, the sample-quality flags, runs grouped
 * by boot and the per-test summary aimcmp prints.  The comparison itself is in
 * stats_cmp.c; doc/statistics.md gives the reasons for each choice.
 */
#include "config.h"

#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "xalloc.h"

/* 1 / 1.4826: makes the MAD of normal data comparable to its sd. */
#define MOD_Z_SCALE 0.6745

void
stats_welford_init(struct stats_welford *w)
{
	w->n = 0;
	w->mean = 0.0;
	w->m2 = 0.0;
}

void
stats_welford_add(struct stats_welford *w, double x)
{
	double d = x - w->mean;

	w->n++;
	w->mean += d / (double)w->n;
	w->m2 += d * (x - w->mean);
}

double
stats_welford_var(const struct stats_welford *w)
{
	if (w->n < 2)
		return NAN;
	/* Rounding can leave a tiny negative sum for equal values. */
	return w->m2 > 0.0 ? w->m2 / (double)(w->n - 1) : 0.0;
}

double
stats_median(const double *x, size_t n)
{
	double *tmp, m;

	if (n == 0)
		return NAN;
	tmp = xmalloc(n * sizeof(*tmp));
	memcpy(tmp, x, n * sizeof(*tmp));
	gsl_sort(tmp, 1, n);
	m = gsl_stats_median_from_sorted_data(tmp, 1, n);
	free(tmp);
	return m;
}

double
stats_mad(const double *x, size_t n)
{
	double *work, m;

	if (n == 0)
		return NAN;
	work = xmalloc(n * sizeof(*work));
	m = gsl_stats_mad0(x, 1, n, work);
	free(work);
	return m;
}

double
stats_modified_z(double x, double median, double mad)
{
	if (!(mad > 0.0) || !isfinite(mad))
		return NAN;
	return MOD_Z_SCALE * (x - median) / mad;
}

static int
sample_valid(const struct measure_sample *s)
{
	return s->elapsed_ns > 0 && s->calls >= 0;
}

/* Rate outliers against the run's own median and MAD. */
static void
flag_rate(const struct measure_sample *s, size_t n, unsigned *flags)
{
	double *rate = xmalloc(n * sizeof(*rate));
	double med, mad;

	for (size_t i = 0; i < n; i++)
		rate[i] = (double)s[i].calls / (double)s[i].elapsed_ns;
	med = stats_median(rate, n);
	mad = stats_mad(rate, n);
	for (size_t i = 0; i < n; i++) {
		double z = stats_modified_z(rate[i], med, mad);

		if (fabs(z) > STATS_Z_LIMIT)
			flags[i] |= STATS_FLAG_RATE;
	}
	free(rate);
}

/* Preemption far above what this run usually sees. */
static void
flag_preempt(const struct measure_sample *s, size_t n, unsigned *flags)
{
	double *hz = xmalloc(n * sizeof(*hz));
	size_t k = 0;
	double limit;
	int64_t cs;

	for (size_t i = 0; i < n; i++)
		if (measure_get(&s[i].m, MEASURE_INVOL_CS, &cs))
			hz[k++] = (double)cs * 1e9 / (double)s[i].elapsed_ns;
	if (k > 0) {
		limit = STATS_PREEMPT_FACTOR * stats_median(hz, k) +
			STATS_PREEMPT_FLOOR_HZ;
		for (size_t i = 0; i < n; i++) {
			if (!measure_get(&s[i].m, MEASURE_INVOL_CS, &cs))
				continue;
			if ((double)cs * 1e9 / (double)s[i].elapsed_ns > limit)
				flags[i] |= STATS_FLAG_PREEMPT;
		}
	}
	free(hz);
}

int
stats_flag_samples(const struct measure_sample *s, size_t n, unsigned *flags)
{
	int count = 0;

	for (size_t i = 0; i < n; i++) {
		if (!sample_valid(&s[i]))
			return -1;
		flags[i] = 0;
	}
	if (n == 0)
		return 0;
	/* Fewer than three samples have no majority to be an outlier from. */
	if (n >= 3)
		flag_rate(s, n, flags);
	flag_preempt(s, n, flags);
	for (size_t i = 0; i < n; i++)
		if (flags[i] != 0)
			count++;
	return count;
}

int
stats_run_rate(const struct measure_sample *s, const unsigned *flags,
	       size_t n, unsigned exclude, double factor, double *rate)
{
	double calls = 0.0, ns = 0.0;

	if (!(factor > 0.0) || !isfinite(factor))
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (!sample_valid(&s[i]))
			return -1;
		if (flags != NULL && (flags[i] & exclude) != 0)
			continue;
		calls += (double)s[i].calls;
		ns += (double)s[i].elapsed_ns;
	}
	if (!(ns > 0.0))
		return -1;
	*rate = calls * factor * 1e9 / ns;
	return 0;
}

/* Descending order of doubles, for the fastest samples first. */
static int
desc(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return a > b ? -1 : a < b;
}

int
stats_run_fastest(const struct measure_sample *s, const unsigned *flags,
		  size_t n, unsigned exclude, double factor, size_t k,
		  double *out)
{
	double *r;
	size_t kept = 0;

	if (!(factor > 0.0) || !isfinite(factor) || k == 0)
		return -1;
	r = xmalloc((n ? n : 1) * sizeof(*r));
	for (size_t i = 0; i < n; i++) {
		if (!sample_valid(&s[i])) {
			free(r);
			return -1;
		}
		if (flags == NULL || (flags[i] & exclude) == 0)
			r[kept++] = (double)s[i].calls / (double)s[i].elapsed_ns;
	}
	if (kept > 0) {
		qsort(r, kept, sizeof(*r), desc);
		*out = r[(k < kept ? k : kept) - 1] * factor * 1e9;
	}
	free(r);
	return kept > 0 ? 0 : -1;
}

int
stats_run_peak(const struct measure_sample *s, const unsigned *flags,
	       size_t n, unsigned exclude, double factor, double *peak)
{
	return stats_run_fastest(s, flags, n, exclude, factor,
				 STATS_PEAK_RANK, peak);
}

const char *
stats_basis_name(enum stats_basis b)
{
	return b == STATS_BASIS_PEAK ? "peak" : "mean";
}

/* Both rates of one run over the samples FLAGS & EXCLUDE leaves in. */
static int
both_rates(const struct measure_sample *s, const unsigned *flags, size_t n,
	   unsigned exclude, double factor, double *rate, double *peak)
{
	double unused;

	if (stats_run_rate(s, flags, n, exclude, factor, rate) < 0)
		return -1;
	return stats_run_peak(s, flags, n, exclude, factor,
			      peak != NULL ? peak : &unused);
}

int
stats_run_rate_checked(const struct measure_sample *s, size_t n, double factor,
		       int exclude, double *rate, double *peak,
		       size_t *n_flagged, size_t *n_excluded)
{
	unsigned *flags = xcalloc(n ? n : 1, sizeof(*flags));
	int count = stats_flag_samples(s, n, flags);
	int rc = -1;

	if (count >= 0) {
		*n_flagged += (size_t)count;
		/*
		 * The median sample is never beyond either limit, so some
		 * sample is always kept; should a later rule flag them all,
		 * the run keeps every sample rather than vanish.
		 */
		if (exclude && count > 0 && (size_t)count < n) {
			rc = both_rates(s, flags, n, ~0u, factor, rate, peak);
			if (rc == 0)
				*n_excluded += (size_t)count;
		} else {
			rc = both_rates(s, NULL, n, 0, factor, rate, peak);
		}
	}
	free(flags);
	return rc;
}

static int
same_boot(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a == b;
	return strcmp(a, b) == 0;
}

double
stats_boot_mean_log(const struct stats_run *r, size_t n, size_t first)
{
	struct stats_welford w;

	stats_welford_init(&w);
	for (size_t j = first; j < n; j++)
		if (same_boot(r[j].boot_id, r[first].boot_id))
			stats_welford_add(&w, log(r[j].rate));
	return w.mean;
}

int
stats_first_of_boot(const struct stats_run *r, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (same_boot(r[j].boot_id, r[i].boot_id))
			return 0;
	return 1;
}

size_t
stats_count_boots(const struct stats_run *r, size_t n)
{
	size_t boots = 0;

	for (size_t i = 0; i < n; i++)
		boots += (size_t)stats_first_of_boot(r, i);
	return boots;
}

static double
cv_pct(const double *x, size_t n)
{
	double mean;

	if (n < 2)
		return NAN;
	mean = gsl_stats_mean(x, 1, n);
	return 100.0 * gsl_stats_sd_m(x, 1, n, mean) / mean;
}

static void
run_spread(const struct stats_run *runs, size_t n, struct stats_summary *out)
{
	double *rate = xmalloc(n * sizeof(*rate));
	struct stats_welford w;

	stats_welford_init(&w);
	for (size_t i = 0; i < n; i++) {
		rate[i] = runs[i].rate;
		stats_welford_add(&w, log(rate[i]));
	}
	/* One run: its own rate, not exp(log()) with a rounding step. */
	out->center = n == 1 ? rate[0] : exp(w.mean);
	out->cv_pct = cv_pct(rate, n);
	gsl_stats_minmax(&out->min, &out->max, rate, 1, n);
	free(rate);
}

int
stats_summarise(const double *sample_rates, size_t n_samples,
		const struct stats_run *runs, size_t n_runs,
		struct stats_summary *out)
{
	if (n_runs == 0)
		return -1;
	for (size_t i = 0; i < n_runs; i++)
		if (!(runs[i].rate > 0.0) || !isfinite(runs[i].rate))
			return -1;
	out->n_samples = n_samples;
	out->n_runs = n_runs;
	out->n_boots = stats_count_boots(runs, n_runs);
	run_spread(runs, n_runs, out);
	out->sample_cv_pct = NAN;
	if (n_samples > 0) {
		out->sample_cv_pct = cv_pct(sample_rates, n_samples);
		gsl_stats_minmax(&out->min, &out->max, sample_rates, 1,
				 n_samples);
	}
	return 0;
}
