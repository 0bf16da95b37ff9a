// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A shift of location between two groups of observations that need not
 * be normal (per-sample quantiles of call times): Hodges-Lehmann with
 * Moses' interval, exact order statistics of the pairwise differences,
 * so an outlier moves neither much and no resampling makes the answer
 * differ between two invocations (doc/statistics.md, "Quantiles").
 */
#include "config.h"

#include "stats.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sort.h>

#include "xalloc.h"

int
stats_shift(const double *base, size_t nb, const double *new_, size_t nn,
	    double alpha, struct stats_shift *out)
{
	size_t m, k = 0;
	double *d, z, c;

	out->est = out->lo = out->hi = NAN;
	if (nb == 0 || nn == 0 || nb > STATS_SHIFT_MAX / nn ||
	    !(alpha > 0 && alpha < 1))
		return -1;
	m = nb * nn;
	d = xcalloc(m, sizeof(*d));
	for (size_t i = 0; i < nb; i++)
		for (size_t j = 0; j < nn; j++)
			d[k++] = new_[j] - base[i];
	gsl_sort(d, 1, m);
	out->est = m % 2 ? d[m / 2] : (d[m / 2 - 1] + d[m / 2]) / 2;
	/*
	 * The C-th smallest and C-th largest difference bound the interval,
	 * C = floor(m/2 - z sqrt(m (nb + nn + 1) / 12)); below 1 no pair of
	 * order statistics reaches the level.
	 */
	z = gsl_cdf_ugaussian_Qinv(alpha / 2);
	c = floor((double)m / 2 - z * sqrt((double)m * (double)(nb + nn + 1) / 12));
	if (c >= 1) {
		out->lo = d[(size_t)c - 1];
		out->hi = d[m - (size_t)c];
	} else {
		out->lo = -INFINITY;
		out->hi = INFINITY;
	}
	free(d);
	return 0;
}
