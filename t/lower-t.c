// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tests whose lower values are better (timed commands): a larger time is
 * a regression in the statistics, the comparison table, every output
 * format, the overall line, the sort and the change points of a series;
 * a smaller one an improvement.  Data built in memory in the shape
 * query.c loads, as aimrun --cmd stores it: one result per invocation,
 * one sample (one process) per run.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmpfx.h"
#include "compare.h"
#include "fmt.h"
#include "series.h"
#include "stats.h"
#include "tap.h"

/* Six runs of 10 ms (base) and of 12 ms, a little noise, as stored. */
static const int64_t base_ns[6] = { 10100000, 9900000, 10050000, 9950000,
				    10000000, 10020000 };

static void
command_tag(struct query_tag *t, const char *tag, int64_t run, double scale)
{
	struct record_result *r;

	cmpfx_tag(t, tag, run);
	r = cmpfx_result(t, 0, "sleep10ms", "ok", 1);
	r->units = "milliseconds";
	r->better = MEASURE_LOWER;
	for (int k = 0; k < 6; k++)
		cmpfx_sample(r, 1, (int64_t)((double)base_ns[k] * scale), -1.0);
}

/* The base runs in ms into B, and the same 20 % longer into N. */
static void
fill_runs(struct stats_run *b, struct stats_run *n)
{
	for (int k = 0; k < 6; k++) {
		b[k] = (struct stats_run){ (double)base_ns[k] / 1e6, NULL };
		n[k] = (struct stats_run){ 1.2 * (double)base_ns[k] / 1e6, NULL };
	}
}

static void
test_stats(void)
{
	struct stats_run b[6], n[6];
	struct stats_opts opt;
	struct stats_cmp c;

	stats_opts_default(&opt);
	fill_runs(b, n);
	ok(stats_compare(b, 6, n, 6, &opt, MEASURE_LOWER, &c) == 0 &&
	   c.verdict == STATS_REGRESSED && c.ratio > 1.19,
	   "stats: a time 20%% longer is regressed (ratio %g)", c.ratio);
	ok(stats_compare(n, 6, b, 6, &opt, MEASURE_LOWER, &c) == 0 &&
	   c.verdict == STATS_IMPROVED, "stats: a time 20%% shorter improved");
	ok(stats_compare(b, 6, n, 6, &opt, MEASURE_HIGHER, &c) == 0 &&
	   c.verdict == STATS_IMPROVED, "stats: the same ratio of rates improved");
	stats_bh_adjust(&c, 1, &opt);
	ok(c.verdict == STATS_IMPROVED && c.better == MEASURE_HIGHER,
	   "the correction keeps each comparison's direction");
}

static void
test_table(void)
{
	struct query_tag s[2];
	struct cmp_table t;
	struct cmp_overall o;
	const struct cmp_delta *d;

	command_tag(&s[0], "old", 1, 1.0);
	command_tag(&s[1], "new", 2, 1.2);
	compare_build(s, 2, NULL, &t);
	d = &t.rows[0].d[0];
	is_int((int)t.rows[0].v[0].n_runs, 6, "each run is one observation");
	ok(fabs(t.rows[0].v[0].center - 10.0) < 0.05,
	   "the value is the time of one run in ms (%g)", t.rows[0].v[0].center);
	ok(d->delta_c > 0 && d->pct > 19.0 && d->pct < 21.0,
	   "the delta is +20%% (%g)", d->pct);
	ok(d->has_stats && d->cmp.verdict == STATS_REGRESSED &&
	   d->cmp.ratio_lo < 1.2 && d->cmp.ratio_hi > 1.2,
	   "slower: regressed, the interval covers +20%% [%g, %g]",
	   d->cmp.ratio_lo, d->cmp.ratio_hi);
	is_int((int)t.n_verdicts[STATS_REGRESSED], 1, "counted as a regression");
	compare_overall(&t, 1, &o);
	ok(o.better == MEASURE_LOWER && o.ratio > 1.19 && o.ratio < 1.21,
	   "the overall line is of times, +20%% (%g)", o.ratio);
	/* What says regressed in each format, and what would say improved. */
	static const char *const want[][3] = {
		{ "text", "% R ", "% I " },
		{ "csv", ",regressed,", ",improved," },
		{ "json", "\"verdict\": \"regressed\"",
		  "\"verdict\": \"improved\"" },
		{ "markdown", "| regressed |", "| improved |" },
		{ "html", "class=\"l regressed\"", "class=\"l improved\"" },
		{ "lines", " regressed [", " improved [" },
	};
	for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
		char *out = cmpfx_render(want[k][0], &t);

		ok(strstr(out, want[k][1]) != NULL &&
		   strstr(out, want[k][2]) == NULL,
		   "format %s says regressed", want[k][0]);
		if (strcmp(want[k][0], "json") == 0)
			ok(strstr(out, "\"better\": \"lower\"") != NULL ||
			   strstr(out, "\"better\":\"lower\"") != NULL,
			   "JSON names the direction");
		if (strcmp(want[k][0], "html") == 0)
			ok(strstr(out, ", time 10 ms") != NULL,
			   "HTML: the strip's figure is a time");
		free(out);
	}
	cmpfx_release(&t, s, 2);
}

static void
test_faster_and_mixed(void)
{
	struct query_tag s[2];
	struct record_result *r;
	struct cmp_table t;
	struct cmp_overall o;

	command_tag(&s[0], "old", 1, 1.0);
	command_tag(&s[1], "new", 2, 0.8);
	/* A rate that rose 25 %: as good as the time that fell by a fifth. */
	for (int i = 0; i < 2; i++)
		for (int k = 0; k < 6; k++) {
			r = cmpfx_result(&s[i], 3, "add_long", "ok", 1);
			cmpfx_sample(r, 1, 1000000000,
				     (i ? 1.25e6 : 1e6) * (1.0 + 0.001 * k));
		}
	compare_build(s, 2, NULL, &t);
	for (size_t i = 0; i < t.n_rows; i++)
		ok(t.rows[i].d[0].cmp.verdict == STATS_IMPROVED,
		   "%s: faster is improved", t.rows[i].test);
	compare_overall(&t, 1, &o);
	ok(o.better == MEASURE_HIGHER && fabs(o.ratio - 1.25) < 0.01,
	   "mixed: times enter as BASE/NEW, the mean is of speed-ups (%g)",
	   o.ratio);
	cmpfx_release(&t, s, 2);
}

/* Worst first: a time that rose before a rate that fell less. */
static void
test_sort(void)
{
	struct query_tag s[2];
	struct cmp_table t;

	command_tag(&s[0], "old", 1, 1.0);
	command_tag(&s[1], "new", 2, 1.5);
	for (int i = 0; i < 2; i++)
		for (int k = 0; k < 6; k++)
			cmpfx_sample(cmpfx_result(&s[i], 3, "add_long", "ok", 1),
				     1, 1000000000,
				     (i ? 0.9e6 : 1e6) * (1.0 + 0.001 * k));
	compare_build(s, 2, NULL, &t);
	compare_sort(&t, CMP_SORT_PCT);
	ok(strcmp(t.rows[0].test, "sleep10ms") == 0,
	   "--sort pct: the +50%% time is the worst, first");
	cmpfx_release(&t, s, 2);
}

static void
test_series(void)
{
	struct stats_run a[6], b[6];
	struct series_point p[2] = { { a, 6 }, { b, 6 } };
	struct series_test st = { 0, "sleep10ms", "milliseconds",
				  STATS_BASIS_MEAN, MEASURE_LOWER, p, NULL };
	struct stats_opts opt;
	struct series s;

	stats_opts_default(&opt);
	fill_runs(a, b);
	ok(series_compute(&st, 1, 2, &opt, &s) == 0 && s.n_steps == 1 &&
	   s.steps[0].cmp.verdict == STATS_REGRESSED,
	   "a change point where the time rises is a regression");
	series_free(&s);
}

int
main(void)
{
	plan_lazy();
	test_stats();
	test_table();
	test_faster_and_mixed();
	test_sort();
	test_series();
	return done_testing();
}
