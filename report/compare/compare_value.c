// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One value of the comparison table: the pooled classic rate of one test
 * on one side, and its per-process observations (the classic rate and
 * the rate the test is judged on, mean or peak) with their summary.
 */
#include "config.h"

#include "compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "compare_env.h"
#include "stats.h"
#include "xalloc.h"

/* Rates are compared as printed, to the cent; beyond int64 nothing prints. */
int64_t
compare_cents(double rate)
{
	double c = rate * 100.0;

	if (!isfinite(c) || fabs(c) > 9.0e18)
		return 0;
	return (int64_t)llround(c);
}

/*
 * The value of one sample: operations per second, or for a result whose
 * lower values are better (a timed command) the time of one operation
 * in milliseconds, its stored unit: the number compared is the time,
 * never 1/time.
 */
static double
sample_rate(const struct measure_sample *s, unsigned long factor,
	    enum measure_better better)
{
	if (s->printed_ops >= 0)
		return s->printed_ops;
	if (better == MEASURE_LOWER)
		return s->calls > 0 && factor > 0 ?
		       (double)s->elapsed_ns / 1e6 /
		       ((double)s->calls * (double)factor) : 0.0;
	if (s->elapsed_ns <= 0)
		return 0.0;
	return (double)s->calls * (double)factor * 1e9 / (double)s->elapsed_ns;
}

static void
pool_failed(const struct record_result *const *res, size_t n,
	    struct cmp_value *out)
{
	out->state = CMP_FAILED;
	out->status = "nodata";	/* ok results that hold no sample */
	for (size_t i = 0; i < n; i++) {
		if (strcmp(res[i]->status, "ok") != 0) {
			out->status = res[i]->status;
			out->reason = res[i]->reason;
			return;
		}
	}
}

/* Printed rates: one is kept as is; several weighted by elapsed time. */
static double
pooled_printed(const struct record_result *const *res, size_t n)
{
	long double num = 0.0L, den = 0.0L, sum = 0.0L;
	size_t count = 0;
	int timed = 1;

	for (size_t i = 0; i < n; i++) {
		if (strcmp(res[i]->status, "ok") != 0)
			continue;
		for (size_t j = 0; j < res[i]->n_samples; j++) {
			const struct measure_sample *s = &res[i]->samples[j];

			num += (long double)s->printed_ops * s->elapsed_ns;
			den += s->elapsed_ns;
			sum += s->printed_ops;
			count++;
			if (s->elapsed_ns <= 0)
				timed = 0;
		}
	}
	if (count == 1)
		return (double)sum;
	if (timed && den > 0.0L)
		return (double)(num / den);
	return (double)(sum / (long double)count);
}

static void
pool_samples(const struct record_result *const *res, size_t n,
	     struct cmp_value *out, size_t total)
{
	long double ops = 0.0L;

	out->rates = xmalloc(total * sizeof(*out->rates));
	out->printed = 1;
	for (size_t i = 0; i < n; i++) {
		const struct record_result *r = res[i];

		if (strcmp(r->status, "ok") != 0)
			continue;
		/* A timed command's runs are each a process. */
		out->n_results += r->better == MEASURE_LOWER ? r->n_samples : 1;
		for (size_t j = 0; j < r->n_samples; j++) {
			const struct measure_sample *s = &r->samples[j];

			out->rates[out->n_samples++] =
				sample_rate(s, r->factor, r->better);
			out->calls += s->calls;
			out->elapsed_ns += s->elapsed_ns;
			ops += (long double)s->calls * r->factor;
			if (s->printed_ops < 0)
				out->printed = 0;
		}
	}
	if (out->printed)
		out->rate = pooled_printed(res, n);
	else if (out->better == MEASURE_LOWER && ops > 0.0L)
		out->rate = (double)(out->elapsed_ns / 1e6L / ops);
	else if (out->better == MEASURE_HIGHER && out->elapsed_ns > 0)
		out->rate = (double)(ops * 1e9L / out->elapsed_ns);
}

/* The direction of the first ok result: one test has one. */
static enum measure_better
pool_better(const struct record_result *const *res, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(res[i]->status, "ok") == 0)
			return res[i]->better;
	return n > 0 ? res[0]->better : MEASURE_HIGHER;
}

void
compare_pool(const struct record_result *const *res, size_t n,
	     struct cmp_value *out)
{
	size_t total = 0;

	memset(out, 0, sizeof(*out));
	out->cv_pct = NAN;
	out->mean_cv_pct = NAN;
	out->better = pool_better(res, n);
	if (n == 0) {
		out->state = CMP_MISSING;
		return;
	}
	for (size_t i = 0; i < n; i++)
		if (strcmp(res[i]->status, "ok") == 0)
			total += res[i]->n_samples;
	if (total == 0) {
		pool_failed(res, n, out);
		return;
	}
	out->state = CMP_OK;
	out->better = pool_better(res, n);
	pool_samples(res, n, out, total);
	out->rate_c = compare_cents(out->rate);
	out->center = out->rate;
	out->mean_c = out->rate_c;
	out->mean_center = out->rate;
}

void
compare_value_free(struct cmp_value *v)
{
	free(v->rates);
	free(v->runs);
	free(v->mean_runs);
	v->rates = NULL;
	v->runs = NULL;
	v->mean_runs = NULL;
}

void
compare_opts_default(struct cmp_opts *o)
{
	stats_opts_default(&o->stats);
	o->exclude_flagged = 0;
}

enum stats_basis
compare_basis(enum measure_judged judged)
{
	return judged == MEASURE_JUDGED_PEAK ? STATS_BASIS_PEAK
					     : STATS_BASIS_MEAN;
}

enum stats_basis
compare_basis_known(const char *test)
{
	const struct catalog_test *c = test != NULL ? catalog_find(test) : NULL;

	return compare_basis(c != NULL ? c->judged : MEASURE_JUDGED_MEAN);
}

/* The classic and the peak rate of one process, quality rule applied. */
static int
result_rate(const struct record_result *r, int exclude, struct cmp_value *out,
	    double *rate, double *peak)
{
	if (r->samples[0].printed_ops >= 0) {
		/* An imported report keeps one rate: it is both. */
		*rate = pooled_printed(&r, 1);
		*peak = *rate;
		return 0;
	}
	return stats_run_rate_checked(r->samples, r->n_samples,
				      (double)r->factor, exclude, rate, peak,
				      &out->n_flagged, &out->n_excluded);
}

static int
rate_usable(double r)
{
	return r > 0.0 && isfinite(r);
}

/*
 * A timed command's samples are its runs, each a fresh process: each is
 * one observation, its time per operation (no peak, no quality rule,
 * which judge intervals inside one process).  0, or -1 for a time that
 * is not usable.
 */
static int
time_runs(const struct query_tag *side, const struct record_result *const *res,
	  size_t n, struct cmp_value *out)
{
	int usable = 1;

	for (size_t i = 0; i < n; i++) {
		const char *boot = compare_env_boot(side, res[i]->run_id);

		if (strcmp(res[i]->status, "ok") != 0)
			continue;
		for (size_t j = 0; j < res[i]->n_samples; j++) {
			double v = sample_rate(&res[i]->samples[j],
					       res[i]->factor, MEASURE_LOWER);

			struct stats_run *r = &out->runs[out->n_runs];

			usable &= rate_usable(v);
			r->rate = v;
			r->boot_id = boot;
			out->mean_runs[out->n_runs++] = *r;
		}
	}
	return usable ? 0 : -1;
}

/* Observations a side can have: processes, or a command's runs. */
static size_t
max_runs(const struct record_result *const *res, size_t n,
	 enum measure_better better)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += better == MEASURE_LOWER ? res[i]->n_samples : 1;
	return k ? k : 1;
}

void
compare_value_stats(const struct query_tag *side,
		    const struct record_result *const *res, size_t n,
		    int exclude, enum stats_basis basis, struct cmp_value *out)
{
	struct stats_summary mean_sum;
	size_t cap = max_runs(res, n, out->better);
	int usable = 1;

	out->runs = xcalloc(cap, sizeof(*out->runs));
	out->mean_runs = xcalloc(cap, sizeof(*out->mean_runs));
	out->n_runs = 0;
	if (out->better == MEASURE_LOWER)
		usable = time_runs(side, res, n, out) == 0;
	for (size_t i = 0; i < n && out->better == MEASURE_HIGHER; i++) {
		struct stats_run *run = &out->runs[out->n_runs];
		struct stats_run *mean = &out->mean_runs[out->n_runs];
		double peak = NAN;

		if (strcmp(res[i]->status, "ok") != 0 || res[i]->n_samples == 0)
			continue;
		if (result_rate(res[i], exclude, out, &mean->rate, &peak) < 0 ||
		    !rate_usable(mean->rate) || !rate_usable(peak))
			usable = 0;
		mean->boot_id = compare_env_boot(side, res[i]->run_id);
		run->boot_id = mean->boot_id;
		run->rate = basis == STATS_BASIS_PEAK ? peak : mean->rate;
		out->n_runs++;
	}
	/* A process without a usable rate spoils the side; none is dropped. */
	if (!usable)
		out->n_runs = 0;
	out->has_summary = out->n_runs > 0 &&
			   stats_summarise(out->rates, out->n_samples,
					   out->runs, out->n_runs,
					   &out->sum) == 0;
	out->cv_pct = out->has_summary ? out->sum.cv_pct : NAN;
	out->mean_cv_pct = out->has_summary &&
			   stats_summarise(NULL, 0, out->mean_runs,
					   out->n_runs, &mean_sum) == 0 ?
			   mean_sum.cv_pct : NAN;
}
