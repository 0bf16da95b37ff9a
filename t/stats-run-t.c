// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Known answers for what lib/stats computes inside one side: the median,
 * MAD and Welford helpers, the per-run mean and peak rates, the sample
 * quality flags (the jmp_test example of doc/statistics.md) and the
 * per-test summary.
 */
#include "config.h"

#include <math.h>
#include <stddef.h>

#include "stats.h"
#include "tap.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void
test_helpers(void)
{
	static const double x[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	static const double odd[] = { 3, 1, 2 }, even[] = { 4, 1, 3, 2 };
	static const double dev[] = { 1, 1, 2, 2, 4, 6, 9 };
	static const double tie[] = { 5, 5, 5, 5, 9 };
	struct stats_welford w;

	stats_welford_init(&w);
	for (size_t i = 0; i < N(x); i++)
		stats_welford_add(&w, x[i]);
	is_double(w.mean, 5.0, 1e-12, "Welford mean");
	is_double(stats_welford_var(&w), 32.0 / 7.0, 1e-12, "Welford variance");
	stats_welford_init(&w);
	stats_welford_add(&w, 1.0);
	ok(isnan(stats_welford_var(&w)), "variance of one value is NaN");
	for (int i = 0; i < 5; i++)
		stats_welford_add(&w, 1.0);
	is_double(stats_welford_var(&w), 0.0, 0.0, "equal values: variance 0");
	is_double(stats_median(odd, 3), 2.0, 0.0, "median of an odd count");
	is_double(stats_median(even, 4), 2.5, 0.0, "median of an even count");
	is_double(odd[0], 3.0, 0.0, "median leaves its input alone");
	ok(isnan(stats_median(odd, 0)), "median of nothing is NaN");
	is_double(stats_mad(dev, N(dev)), 1.0, 0.0, "MAD");
	is_double(stats_mad(tie, N(tie)), 0.0, 0.0, "MAD of ties is 0");
	is_double(stats_modified_z(10, 2, 1), 0.6745 * 8, 1e-12, "modified z");
	ok(isnan(stats_modified_z(9, 5, 0)), "modified z without scale: NaN");
}

static void
test_run_rate(void)
{
	/* 100 calls in 1 s, then 60 calls in 3 s: 160 calls in 4 s. */
	struct measure_sample s[] = { { .calls = 100, .elapsed_ns = 1000000000 },
				    { .calls = 60, .elapsed_ns = 3000000000 } };
	unsigned flags[] = { 0, STATS_FLAG_RATE };
	double rate = -1;

	is_int(stats_run_rate(s, NULL, 2, 0, 2.0, &rate), 0, "run rate");
	is_double(rate, 80.0, 1e-9, "time-weighted: 2 * 160 calls / 4 s = 80, "
		  "not the mean of the sample rates (120)");
	is_int(stats_run_rate(s, flags, 2, STATS_FLAG_RATE, 2.0, &rate), 0,
	       "run rate without the flagged sample");
	is_double(rate, 200.0, 1e-9, "only the first sample: 200");
	ok(stats_run_rate(s, flags, 2, 0, 2.0, &rate) == 0 &&
	   fabs(rate - 80.0) < 1e-9, "flags alone exclude nothing");
	flags[0] = STATS_FLAG_PREEMPT;
	ok(stats_run_rate(s, flags, 2, ~0u, 2.0, &rate) == -1,
	   "no sample kept is an error");
	ok(stats_run_rate(s, NULL, 2, 0, 0.0, &rate) == -1, "factor 0 refused");
	s[1].elapsed_ns = 0;
	ok(stats_run_rate(s, NULL, 2, 0, 1.0, &rate) == -1,
	   "zero elapsed time refused");
}

static void
test_run_peak(void)
{
	/* Sample rates 100/s, 20/s and 150/s; the last one is flagged. */
	struct measure_sample s[] = { { .calls = 100, .elapsed_ns = 1000000000 },
				    { .calls = 60, .elapsed_ns = 3000000000 },
				    { .calls = 75, .elapsed_ns = 500000000 } };
	unsigned flags[] = { 0, 0, STATS_FLAG_RATE };
	double peak = -1;

	is_int(stats_run_peak(s, NULL, 3, 0, 2.0, &peak), 0, "peak rate");
	is_double(peak, 200.0, 1e-9,
		  "the second-fastest sample: 2 * 100 / 1 s, not 2 * 75 / 0.5 s");
	is_int(stats_run_fastest(s, NULL, 3, 0, 2.0, 1, &peak), 0,
	       "the fastest");
	is_double(peak, 300.0, 1e-9, "is 2 * 75 / 0.5 s");
	is_int(stats_run_peak(s, flags, 3, STATS_FLAG_RATE, 2.0, &peak), 0,
	       "peak without the flagged sample");
	is_double(peak, 40.0, 1e-9,
		  "then the second of the two left: 2 * 60 / 3 s");
	is_int(stats_run_peak(s, flags, 1, STATS_FLAG_RATE, 2.0, &peak), 0,
	       "one sample");
	is_double(peak, 200.0, 1e-9, "is its own peak");
	is_int(stats_run_peak(s, NULL, 1, 0, 1.0, &peak), 0, "one sample");
	is_double(peak, 100.0, 1e-9, "one sample: peak and mean agree");
	s[1].calls = 0;
	ok(stats_run_peak(s + 1, NULL, 1, 0, 1.0, &peak) == 0 && peak == 0.0,
	   "a sample of no calls has peak 0 (a spoiled run, as for the mean)");
	ok(stats_run_peak(s, flags, 3, ~0u, 0.0, &peak) == -1,
	   "factor 0 refused");
	flags[0] = flags[1] = STATS_FLAG_PREEMPT;
	ok(stats_run_peak(s, flags, 3, ~0u, 1.0, &peak) == -1,
	   "no sample kept is an error");
	s[0].elapsed_ns = 0;
	ok(stats_run_peak(s, NULL, 3, 0, 1.0, &peak) == -1,
	   "zero elapsed time refused");
	is_string(stats_basis_name(STATS_BASIS_MEAN), "mean", "basis mean");
	is_string(stats_basis_name(STATS_BASIS_PEAK), "peak", "basis peak");
}

/* The jmp_test run of doc/statistics.md, "Sample quality". */
static void
test_flags(void)
{
	static const int64_t calls[] = { 126, 125, 127, 126, 96,
					 125, 126, 127, 125, 126 };
	static const int64_t invol[] = { 0, 0, 1, 0, 4, 0, 0, 0, 12, 0 };
	struct measure_sample s[10];
	unsigned f[10];
	double all, kept;

	for (int i = 0; i < 10; i++) {
		s[i].calls = calls[i];
		s[i].elapsed_ns = 60000000 + 1000 * i;
		measure_set(&s[i].m, MEASURE_INVOL_CS, invol[i]);
	}
	is_int(stats_flag_samples(s, 10, f), 2, "two of ten samples flagged");
	is_int(f[4], STATS_FLAG_RATE | STATS_FLAG_PREEMPT,
	       "slow sample: rate outlier and preempted (4 in 60 ms)");
	is_int(f[8], STATS_FLAG_PREEMPT, "12 switches in 60 ms: preempted");
	is_int(f[2], 0, "one switch in 60 ms is background");
	ok(stats_run_rate(s, f, 10, 0, 1000.0, &all) == 0 &&
	   stats_run_rate(s, f, 10, ~0u, 1000.0, &kept) == 0,
	   "run rate with and without the flagged samples");
	/* 1229 calls * 1000 in 600.045 ms; 1008 calls in 480.033 ms. */
	is_double(all, 1229e12 / 600045000.0, 1e-6, "kept: %.1f ops/s", all);
	is_double(kept, 1008e12 / 480033000.0, 1e-6, "excluded: %.1f ops/s",
		  kept);
	measure_set(&s[4].m, MEASURE_INVOL_CS, -1);
	measure_set(&s[8].m, MEASURE_INVOL_CS, -1);
	is_int(stats_flag_samples(s, 10, f), 1, "unknown counts not judged");
	for (int i = 0; i < 10; i++)
		s[i].calls = 100;
	is_int(stats_flag_samples(s, 10, f), 0,
	       "all rates nearly equal, tiny MAD: nothing flagged");
	s[0].calls = 50;
	is_int(stats_flag_samples(s, 2, f), 0, "two samples: no rate rule");
	s[1].elapsed_ns = -5;
	is_int(stats_flag_samples(s, 2, f), -1, "negative elapsed refused");
}

static void
test_summary(void)
{
	struct stats_run r[] = { { 100, "a" }, { 400, NULL }, { 200, "b" },
				 { 300, "a" }, { 250, NULL } };
	double samples[] = { 90, 120, 380, 410 };
	struct stats_summary s;

	ok(stats_summarise(samples, 4, r, 2, &s) == 0, "summarise two runs");
	is_double(s.center, 200.0, 1e-9, "centre: geometric mean of 100, 400");
	is_double(s.cv_pct, 100.0 * sqrt(45000.0) / 250.0, 1e-9,
		  "cv between runs");
	is_double(s.min, 90.0, 0, "min over samples");
	is_double(s.max, 410.0, 0, "max over samples");
	is_int((int64_t)s.n_boots, 2, "boot 'a' and one unknown boot");
	ok(stats_summarise(NULL, 0, r, 5, &s) == 0, "summarise, no samples");
	is_int((int64_t)s.n_boots, 3, "a, unknown, b: three boots");
	is_double(s.min, 100.0, 0, "min over runs when no samples");
	ok(isnan(s.sample_cv_pct), "no samples, no sample cv");
	ok(stats_summarise(NULL, 0, r + 2, 1, &s) == 0 && s.center == 200.0 &&
	   isnan(s.cv_pct), "one run: its rate exactly, no cv");
	ok(stats_summarise(NULL, 0, r, 0, &s) == -1, "no run refused");
	r[1].rate = 0.0;
	ok(stats_summarise(NULL, 0, r, 2, &s) == -1, "rate 0 refused");
}

/* The quality rule as aimcmp applies it to one run. */
static void
test_run_rate_checked(void)
{
	struct measure_sample s[5];
	size_t flagged = 0, excluded = 0;
	double rate, peak = -1;

	for (int i = 0; i < 5; i++) {
		s[i].calls = i == 2 ? 50 : 100;
		s[i].elapsed_ns = 1000000000;
		measure_set(&s[i].m, MEASURE_INVOL_CS, i == 2 ? 400 : 0);
	}
	ok(stats_run_rate_checked(s, 5, 1.0, 0, &rate, &peak, &flagged,
				  &excluded) == 0, "kept");
	is_double(rate, 450.0 / 5, 1e-9, "all samples count by default");
	is_double(peak, 100.0, 1e-9, "and the peak is the second-fastest sample");
	is_int((int64_t)flagged, 1, "one flagged");
	is_int((int64_t)excluded, 0, "none excluded");
	ok(stats_run_rate_checked(s, 5, 1.0, 1, &rate, NULL, &flagged,
				  &excluded) == 0, "excluded");
	is_double(rate, 100.0, 1e-9, "without the slow sample");
	is_int((int64_t)excluded, 1, "one excluded (counts add up)");
	s[0].elapsed_ns = 0;
	ok(stats_run_rate_checked(s, 5, 1.0, 1, &rate, NULL, &flagged,
				  &excluded) == -1, "a bad sample is refused");
}

int
main(void)
{
	plan_lazy();
	test_helpers();
	test_run_rate();
	test_run_peak();
	test_flags();
	test_summary();
	test_run_rate_checked();
	return done_testing();
}
