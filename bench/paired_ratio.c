// SPDX-License-Identifier: GPL-2.0-or-later
/* The paired ratio of bench/paired and bench/overhead (paired_ratio.h). */
#include "config.h"

#include <math.h>

#include "paired_ratio.h"
#include "stats.h"

void
paired_ratio(const double *q, size_t n, double *lr, struct paired_ratio *out)
{
	struct stats_welford w;
	double half;

	stats_welford_init(&w);
	for (size_t i = 0; i < n; i++) {
		lr[i] = log(q[i]);
		stats_welford_add(&w, lr[i]);
	}
	half = n > 1 ? stats_t_crit(0.05, (double)n - 1) *
	       sqrt(stats_welford_var(&w) / (double)n) : NAN;
	out->mean = exp(w.mean);
	out->lo = exp(w.mean - half);
	out->hi = exp(w.mean + half);
	out->median = stats_median(q, n);
}
