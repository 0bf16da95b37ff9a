/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aimplot --latency: the per-call distributions of the tests timed call
 * by call (aimrun --latency, the mem family).  For the mem family at one
 * size, a grouped bar chart per function (copy, clear, ...): each
 * routine's p50 ns per call, hot beside cold, for each tag; then a CDF
 * per function with a step line per variant and tag, and one per other
 * test, all from the stored buckets.
 */
#ifndef AIM_PLOT_LATENCY_H
#define AIM_PLOT_LATENCY_H

#include <stddef.h>
#include <stdio.h>

#include "hist.h"
#include "query.h"

struct plot_opts;

/* One test at one tag: its calls summarised and their CDF. */
struct plat_variant {
	const char *test;		/* borrowed from the loaded tags */
	size_t tag;
	/* The name's parts for the mem family ("" for another test). */
	char fn[16], routine[16], state[16];
	struct hist_summary sum;
	double *x, *y;			/* CDF: ns below which a share y falls */
	size_t n_cdf;
};

struct plot_latency {
	struct plat_variant *v;		/* by tag, then catalog order */
	size_t n;
	const char *const *tags;	/* borrowed */
	size_t n_tags;
	char size[16];			/* the mem family's size drawn */
};

/*
 * From the N loaded TAGS, their histograms loaded (query_hist.h): the
 * mem family's variants of SIZE ("4k", "1m", "2m", "llc", "2g") and
 * every other test with histograms.
 */
void plot_latency_build(const struct query_tag *tags, const char *const *names,
			size_t n, const char *size, struct plot_latency *pl);
void plot_latency_free(struct plot_latency *pl);

/* The gnuplot script, data inline, into one picture.  -1 on error. */
int plot_latency_write(FILE *f, const struct plot_latency *pl,
		       const struct plot_opts *o);

#endif
