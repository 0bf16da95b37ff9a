/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Log-linear histograms of per-call times: values below 16 ns exactly,
 * above that 16 buckets per power of two (at most 1/16 = 6 % wide), so
 * quantiles read from the buckets (the middle of the one that holds the
 * rank) are within 3 % of the true ones.  The
 * test process counts into the dense form and hands the record the
 * buckets that hold calls (struct measure_hist); readers merge the
 * samples of a result and summarise them.
 */
#ifndef AIM_HIST_H
#define AIM_HIST_H

#include <stddef.h>
#include <stdint.h>

#include "measure.h"

#define HIST_SUB_BITS 4
/* Dense buckets: 16 exact values, then 16 per power of two, 2^4 to 2^62. */
#define HIST_DENSE (16 + 59 * 16)

/* The dense bucket of V (V >= 0), and the bound that ends bucket I. */
size_t hist_index(int64_t v);
int64_t hist_index_bound(size_t i);

/*
 * The buckets of DENSE that hold calls into H; when more than
 * MEASURE_HIST_MAX do, pairs of neighbours are merged (half the
 * resolution) until they fit, so no call is ever left out.
 */
void hist_compress(const int64_t *dense, struct measure_hist *h);

/* The samples of a result, merged. */
struct hist_acc {
	int64_t count[HIST_DENSE];
	int64_t calls, sum_ns, min_ns, max_ns, clock_ns;
	/* TSC ticks and core cycles, and the calls of the samples that had them */
	int64_t ticks, ticks_calls, cycles, cycles_calls;
	int samples;		/* samples with a histogram */
};

void hist_acc_init(struct hist_acc *a);
/* Add S when it holds a histogram; 1 when it did. */
int hist_acc_add(struct hist_acc *a, const struct measure_sample *s);

/*
 * The outlier rule: calls in buckets that start above HIST_CUT_FACTOR x
 * the median are counted as "cut" and shown beside the figures that keep
 * them, never dropped silently.
 */
#define HIST_CUT_FACTOR 100

struct hist_summary {
	int64_t calls, min, max, p50, p90, p99, p999;
	double mean;
	int64_t cut;		/* calls the rule would drop */
	double mean_kept;	/* mean without them (bucket midpoints) */
	int64_t clock_ns;	/* clock cost subtracted from each call */
	double ticks, cycles;	/* per call; < 0 when not counted */
};

/* -1 when A holds no call. */
int hist_summarise(const struct hist_acc *a, struct hist_summary *out);

/*
 * "NAME: avg=.. min=.. p50=.. p90=.. p99=.. p99.9=.. max=.. samples=N
 * (cut K > 100 x median[, avg=.. without]) ns per call[, tsc=T]
 * [cycles=C][ per call], clock C ns subtracted": tsc= and cycles= where
 * they were counted.  The length, or -1 when LEN is too small.
 */
int hist_format_line(const char *name, const struct hist_summary *s,
		     char *buf, size_t len);

#endif
