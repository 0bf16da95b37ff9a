/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aimcmp --latency: per-call distributions side by side.  For each test
 * with per-call histograms (aimrun --latency, the mem family), each
 * side's summary over all its ok results (lib/core/hist.h: the compact line)
 * and, against the first side, the shift of p50 and of p99: the
 * Hodges-Lehmann estimate over the per-sample quantiles with its
 * distribution-free interval (lib/stats/stats_shift.c, doc/statistics.md).
 */
#ifndef AIM_COMPARE_LATENCY_H
#define AIM_COMPARE_LATENCY_H

#include <stddef.h>
#include <stdio.h>

#include "hist.h"
#include "query.h"
#include "stats.h"

struct lat_side {
	int have;			/* a call timed per call */
	struct hist_summary sum;	/* over every call of the side */
	double *p50, *p99;		/* per sample */
	size_t n;
	/* Against side 0 (unset for it): new - base, ns. */
	int shifted;			/* both sides have two samples or more */
	struct stats_shift d50, d99;
};

struct lat_row {
	int number;
	const char *test;		/* borrowed from the sides */
	struct lat_side *sides;		/* one per tag */
};

struct lat_table {
	struct lat_row *rows;		/* by number, then name */
	size_t n_rows;
	const char *const *tags;	/* borrowed */
	size_t n_sides;
	double alpha;
};

/*
 * The table of the N SIDES (their samples' histograms loaded,
 * report/query/query_hist.h) named TAGS, intervals at 1 - ALPHA.
 */
void lat_build(const struct query_tag *sides, const char *const *tags,
	       size_t n, double alpha, struct lat_table *out);
void lat_free(struct lat_table *t);

/*
 * T in each function's format (fmt_latency.c; the latency writers of
 * report/format/fmt.h's table: text and lines alike); < 0 on error.
 */
int lat_text(FILE *f, const struct lat_table *t);
int lat_csv(FILE *f, const struct lat_table *t);
int lat_json(FILE *f, const struct lat_table *t);
int lat_md(FILE *f, const struct lat_table *t);

#endif
