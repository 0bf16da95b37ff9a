/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The paired ratio of two sides measured in turns: the geometric mean of
 * the pairs' ratios with its 95 % interval (Student's t on the log
 * ratios, lib/stats/) and their median.  Each pair's two measurements
 * are neighbours in time, so what the host does between pairs cancels,
 * and the interval says whether what is left is a gap or noise.
 */
#ifndef AIM_BENCH_PAIRED_RATIO_H
#define AIM_BENCH_PAIRED_RATIO_H

#include <stddef.h>

struct paired_ratio {
	double mean, lo, hi;	/* geometric mean, its interval (NAN: 1 pair) */
	double median;
};

/* Of the N ratios Q (each > 0; N >= 1), LR's room for their logs. */
void paired_ratio(const double *q, size_t n, double *lr,
		  struct paired_ratio *out);

#endif
