// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One judged number per row: the change a comparison prints beside a
 * verdict is the change of the rate the verdict judged, inside the
 * printed interval; "=" never stands beside a change beyond the margin;
 * one fast sample per process makes no verdict; the classic mean change
 * is still printed, apart (doc/statistics.md, "Reading a row").
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmpfx.h"
#include "compare.h"
#include "fmt.h"
#include "stats.h"
#include "tap.h"
#include "xalloc.h"

#define SAMPLES 10
#define SAMPLE_NS 60000000

/* A small deterministic generator: the same data on every machine. */
static double
uniform(unsigned long *state)
{
	*state = *state * 6364136223846793005UL + 1442695040888963407UL;
	return (double)(*state >> 11) / 9007199254740992.0;
}

/*
 * One process of add_long (peak-judged) at RATE ops/s: samples within
 * 0.2 %, the first SLOW of them slowed by DEPTH, and with FAST one more
 * sample 1.3 times as fast as the rest.
 */
static void
process(struct query_tag *t, double rate, int slow, double depth, int fast,
	unsigned long *seed)
{
	struct record_result *r = cmpfx_result(t, 3, "add_long", "ok", 1);

	for (int i = 0; i < SAMPLES; i++) {
		double v = rate * (1.0 + 0.004 * (uniform(seed) - 0.5));

		if (i < slow)
			v *= 1.0 - depth;
		if (fast && i == SAMPLES - 1)
			v *= 1.3;
		cmpfx_sample(r, llround(v * SAMPLE_NS / 1e9), SAMPLE_NS, -1);
	}
}

/* What the issue saw, checked on every row of T. */
static int
row_agrees(const struct cmp_table *t, const struct cmp_row *row, size_t s)
{
	const struct cmp_delta *d = &row->d[s - 1];
	char pct[FMT_NUM_MAX], iv[2 * FMT_NUM_MAX];
	double p, lo, hi;

	if (!d->has_stats || isnan(d->cmp.ratio_lo))
		return 1;
	fmt_pct(d, pct, sizeof(pct));
	fmt_interval(d, iv, sizeof(iv));
	if (sscanf(pct, "%lf%%", &p) != 1 ||
	    sscanf(iv, "[%lf%%,%lf%%]", &lo, &hi) != 2)
		return 0;
	if (p < lo || p > hi)
		return 0;
	return d->cmp.verdict != STATS_EQUIVALENT ||
	       fabs(p) <= 100.0 * t->opt.stats.equiv;
}

/*
 * The first case: equal peaks, NEW's processes slowed for part
 * of their period: the mean moves by 6 %, the peak does not.
 */
static void
test_equivalent_beside_mean(void)
{
	struct query_tag s[2];
	struct cmp_table t;
	unsigned long seed = 1;
	char *text, *lines, mean[FMT_NUM_MAX];

	cmpfx_tag(&s[0], "bare", 1);
	cmpfx_tag(&s[1], "quicklist", 2);
	for (int k = 0; k < 6; k++) {
		process(&s[0], 4e6, 0, 0.0, 0, &seed);
		process(&s[1], 4e6, 4, 0.15, 0, &seed);
	}
	compare_build(s, 2, NULL, &t);
	is_int(t.rows[0].d[0].cmp.verdict, STATS_EQUIVALENT,
	       "equal peaks: equivalent");
	ok(row_agrees(&t, &t.rows[0], 1), "the printed change (%.2f%%) lies in "
	   "the interval, within the margin", t.rows[0].d[0].pct);
	ok(t.rows[0].d[0].mean_pct < -5.5, "the classic mean moved by %.2f%%",
	   t.rows[0].d[0].mean_pct);
	text = cmpfx_render("text", &t);
	ok(strstr(text, "  peak  ") != NULL &&
	   strstr(text, " interval ") != NULL && strstr(text, " = ") != NULL,
	   "the default table says peak and shows the interval");
	free(text);
	text = cmpfx_render("lines", &t);
	lines = strstr(text, "\n# 3 add_long: classic ");
	fmt_mean_pct(&t.rows[0].d[0], mean, sizeof(mean));
	ok(lines != NULL && strstr(lines, mean) != NULL &&
	   strchr(lines + 1, '\n') > strstr(lines, mean),
	   "--format lines: the classic mean change (%s) on its own line",
	   mean);
	free(text);
	cmpfx_release(&t, s, 2);
}

/* The second case: one sample 1.3x fast in each NEW process. */
static void
test_one_fast_sample(int exclude)
{
	struct query_tag s[2];
	struct cmp_table t;
	struct cmp_opts opt;
	unsigned long seed = 2;

	compare_opts_default(&opt);
	opt.exclude_flagged = exclude;
	cmpfx_tag(&s[0], "bare", 1);
	cmpfx_tag(&s[1], "quicklist", 2);
	for (int k = 0; k < 6; k++) {
		process(&s[0], 4e6, 0, 0.0, 0, &seed);
		process(&s[1], 4e6, 0, 0.0, 1, &seed);
	}
	compare_build(s, 2, &opt, &t);
	ok(t.rows[0].d[0].cmp.verdict != STATS_IMPROVED &&
	   fabs(t.rows[0].d[0].pct) < 0.5,
	   "one fast sample per process%s: no verdict from it (%.2f%% %s)",
	   exclude ? ", --exclude-flagged" : "", t.rows[0].d[0].pct,
	   stats_verdict_name(t.rows[0].d[0].cmp.verdict));
	ok(row_agrees(&t, &t.rows[0], 1), "... and the change in its interval");
	cmpfx_release(&t, s, 2);
}

/*
 * Many rows of A/A pairs with interference and fast samples on either
 * side: every printed change in its interval, no "=" beyond the margin.
 */
static void
test_every_row(void)
{
	struct query_tag s[3];
	struct cmp_table t;
	unsigned long seed = 3;
	int bad = 0, rows = 0;

	for (int round = 0; round < 40; round++) {
		cmpfx_tag(&s[0], "a", 1);
		cmpfx_tag(&s[1], "b", 2);
		cmpfx_tag(&s[2], "c", 3);
		for (size_t side = 0; side < 3; side++)
			for (int k = 0; k < 6; k++)
				process(&s[side], 1e5 * (1 + round),
					(int)(uniform(&seed) * 6),
					0.4 * uniform(&seed),
					uniform(&seed) < 0.3, &seed);
		compare_build(s, 3, NULL, &t);
		for (size_t side = 1; side < 3; side++, rows++)
			bad += !row_agrees(&t, &t.rows[0], side);
		cmpfx_release(&t, s, 3);
	}
	is_int(bad, 0, "%d rows of A/A pairs (N-way): every change in its "
	       "interval, no = beyond the margin", rows);
}

int
main(void)
{
	plan_lazy();
	test_equivalent_beside_mean();
	test_one_fast_sample(0);
	test_one_fast_sample(1);
	test_every_row();
	return done_testing();
}
