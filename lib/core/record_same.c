// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Run identity by content: two runs are the same run when they hold the
 * same results (by test and rep), each of the same status with as many
 * samples, and their samples' rates agree.  This is how aimdb import
 * knows one run read from two files or two formats of different
 * precision (a classic logfile.suite9 prints a rate to the hundredth,
 * its suite9.ss to the whole operation), which a file's hash cannot.
 * Tags, hosts, environments and provenance are not content: the same
 * report imported under two tags is still one run.
 */
#include "config.h"

#include "record.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

double
record_sample_rate(const struct record_result *res,
		   const struct measure_sample *s)
{
	if (s->printed_ops >= 0.0)
		return s->printed_ops;
	if (s->elapsed_ns <= 0)
		return NAN;
	return (double)s->calls * (double)res->factor * 1e9 /
	       (double)s->elapsed_ns;
}

/* How far apart two rates of one measurement may be: see record.h. */
static double
rate_slack(double rate)
{
	return fmax(RECORD_RATE_SLACK, RECORD_RATE_REL * fabs(rate));
}

int
record_rates_agree(double a, double b)
{
	if (isnan(a) || isnan(b))
		return isnan(a) && isnan(b);
	return fabs(a - b) <= rate_slack(fmax(fabs(a), fabs(b)));
}

void
record_rate_span(double rate, double *lo, double *hi)
{
	/* Twice the slack: it holds every rate that agrees with RATE. */
	*lo = rate - 2.0 * rate_slack(rate);
	*hi = rate + 2.0 * rate_slack(rate);
}

/* X and Y, of one test and rep, hold the same outcome and samples. */
static int
same_result(const struct record_result *x, const struct record_result *y)
{
	if (strcmp(x->status, y->status) != 0 || x->n_samples != y->n_samples)
		return 0;
	for (size_t i = 0; i < x->n_samples; i++)
		if (!record_rates_agree(record_sample_rate(x, &x->samples[i]),
					record_sample_rate(y, &y->samples[i])))
			return 0;
	return 1;
}

/* RUN's results by test and rep, into a new array. */
static const struct record_result **
sorted_results(const struct record_run *run)
{
	const struct record_result **s = xcalloc(run->n_results + 1,
						 sizeof(*s));

	for (size_t i = 0; i < run->n_results; i++)
		s[i] = &run->results[i];
	qsort(s, run->n_results, sizeof(*s), record_result_key_cmp);
	return s;
}

int
record_same_content(const struct record_run *a, const struct record_run *b)
{
	const struct record_result **x, **y;
	int same = a->n_results == b->n_results;

	if (!same)
		return 0;
	x = sorted_results(a);
	y = sorted_results(b);
	for (size_t i = 0; same && i < a->n_results; i++)
		same = record_result_key_cmp(&x[i], &y[i]) == 0 &&
		       same_result(x[i], y[i]);
	free(x);
	free(y);
	return same;
}
