/*
 * Known answers for lib/stats: helpers, the per-run rate, the sample
 * flags, summaries, the Welch comparison (checked against closed forms
 * of Student's t with 2 degrees of freedom), zero noise, single runs,
 * ties, boots, the Benjamini-Hochberg step-up and the worked example
 * of doc/statistics.md, so the document cannot drift from the code.
 */
#include "config.h"

#include <math.h>
#include <stddef.h>

#include "stats.h"
#include "tap.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void
fill_runs(struct stats_run *r, const double *rate, size_t n, const char *boot)
{
	for (size_t i = 0; i < n; i++) {
		r[i].rate = rate[i];
		r[i].boot_id = boot;
	}
}

/* Compare two plain arrays of per-run rates, all from one boot. */
static int
cmp_rates(const double *b, size_t nb, const double *nw, size_t nn,
	  double equiv, struct stats_cmp *c)
{
	struct stats_run rb[16], rn[16];
	struct stats_opts opt;

	stats_opts_default(&opt);
	opt.equiv = equiv;
	fill_runs(rb, b, nb, "boot-a");
	fill_runs(rn, nw, nn, "boot-a");
	return stats_compare(rb, nb, rn, nn, &opt, c);
}

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
	struct stats_sample s[] = { { 100, 1000000000, 0 },
				    { 60, 3000000000, 0 } };
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
	struct stats_sample s[] = { { 100, 1000000000, 0 },
				    { 60, 3000000000, 0 },
				    { 75, 500000000, 0 } };
	unsigned flags[] = { 0, 0, STATS_FLAG_RATE };
	double peak = -1;

	is_int(stats_run_peak(s, NULL, 3, 0, 2.0, &peak), 0, "peak rate");
	is_double(peak, 300.0, 1e-9, "the fastest sample: 2 * 75 / 0.5 s");
	is_int(stats_run_peak(s, flags, 3, STATS_FLAG_RATE, 2.0, &peak), 0,
	       "peak without the flagged sample");
	is_double(peak, 200.0, 1e-9, "then the first sample: 2 * 100 / 1 s");
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
	struct stats_sample s[10];
	unsigned f[10];
	double all, kept;

	for (int i = 0; i < 10; i++) {
		s[i].calls = calls[i];
		s[i].elapsed_ns = 60000000 + 1000 * i;
		s[i].invol_cs = invol[i];
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
	s[4].invol_cs = -1;
	s[8].invol_cs = -1;
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

/* Two runs a side, equal variances: Welch has exactly 2 df. */
static void
test_welch_known(void)
{
	double b[] = { 100 * exp(-0.01), 100 * exp(0.01) };
	double nw[] = { 103 * exp(-0.01), 103 * exp(0.01) };
	double t = log(1.03) / sqrt(0.0002);
	struct stats_cmp c;

	ok(cmp_rates(b, 2, nw, 2, 0.02, &c) == 0, "compare 2 vs 2");
	is_double(c.ratio, 1.03, 1e-12, "ratio 1.03");
	is_double(c.se, sqrt(0.0002), 1e-12, "standard error of log ratio");
	is_double(c.df, 2.0, 1e-12, "2 degrees of freedom");
	/* Student t, 2 df: P(|T| > t) = 1 - t / sqrt(2 + t^2). */
	is_double(c.p, 1.0 - t / sqrt(2.0 + t * t), 1e-9, "p from closed form");
	/* t(0.975, 2) = 4.302653 from tables. */
	is_double(c.ratio_lo, 1.03 * exp(-4.302653 * sqrt(0.0002)), 1e-6,
		  "lower end of the 95 %% interval");
	is_double(c.ratio_hi, 1.03 * exp(4.302653 * sqrt(0.0002)), 1e-6,
		  "upper end of the 95 %% interval");
	is_int(c.verdict, STATS_INCONCLUSIVE, "too few runs to decide");
	is_int(c.unit, STATS_UNIT_RUN, "one boot a side: runs are the unit");
}

static void
test_welch_unequal(void)
{
	double b[] = { 50 * exp(-0.02), 50, 50 * exp(0.02) };
	double nw[] = { 40 * exp(-0.01), 40 * exp(0.01) };
	double vb = 0.0004 / 3, vn = 0.0002 / 2;
	struct stats_cmp c;

	ok(cmp_rates(b, 3, nw, 2, 0.02, &c) == 0, "compare 3 vs 2");
	is_double(c.df, 2.8823529, 1e-6, "Welch-Satterthwaite df");
	is_double(c.se, sqrt(vb + vn), 1e-12, "Welch standard error");
	is_double(c.ratio, 0.8, 1e-12, "ratio of geometric means");
	is_int(c.verdict, STATS_REGRESSED, "a 20 %% drop is a regression");
	is_double(c.mdc_pct, stats_mdc_pct(c.se, c.df, 0.05, 0.8), 1e-12,
		  "detectable change from se and df");
	is_double(stats_mdc_pct(0.01, 8, 0.05, 0.8),
		  100 * expm1((2.306004 + 0.888890) * 0.01), 1e-4,
		  "detectable change: t(.975, 8) + t(.80, 8) standard errors");
	ok(stats_mdc_pct(0.0, 8, 0.05, 0.8) == 0.0, "no noise: 0 %%");
}

static void
test_identical_and_shifts(void)
{
	double loose[] = { 99, 100, 101 }, tight[] = { 99.9, 100, 100.1 };
	double up[] = { 109.9, 110, 110.1 };
	struct stats_cmp c;

	ok(cmp_rates(loose, 3, loose, 3, 0.02, &c) == 0 && c.p == 1.0 &&
	   c.ratio == 1.0, "identical data: ratio 1, p 1");
	is_int(c.verdict, STATS_INCONCLUSIVE,
	       "identical but 1 %% noise in 3 runs: interval wider than 2 %%");
	ok(cmp_rates(tight, 3, tight, 3, 0.02, &c) == 0, "identical, quiet");
	is_int(c.verdict, STATS_EQUIVALENT, "identical, 0.1 %% noise: "
	       "equivalent");
	ok(cmp_rates(tight, 3, up, 3, 0.02, &c) == 0, "known +10 %% shift");
	is_double(c.ratio, 1.1, 1e-3, "ratio 1.1");
	is_int(c.verdict, STATS_IMPROVED, "improved");
	ok(cmp_rates(up, 3, tight, 3, 0.02, &c) == 0, "known -9.1 %% shift");
	is_int(c.verdict, STATS_REGRESSED, "regressed");
	ok(c.ratio_lo < c.ratio && c.ratio < c.ratio_hi && c.ratio_hi < 1.0,
	   "interval around the ratio, below 1");
}

static void
test_zero_noise(void)
{
	double a[] = { 100, 100, 100 }, b[] = { 101, 101, 101 };
	double c90[] = { 90, 90 }, c100[] = { 100, 100 }, v[] = { 95, 96, 97 };
	struct stats_cmp c;

	ok(cmp_rates(a, 3, a, 3, 0.02, &c) == 0 && c.p == 1.0 &&
	   c.se == 0.0 && c.mdc_pct == 0.0, "no noise, same: p 1, se 0");
	is_int(c.verdict, STATS_EQUIVALENT, "no noise, same: equivalent");
	ok(cmp_rates(c100, 2, c90, 2, 0.02, &c) == 0 && c.p == 0.0 &&
	   c.ratio_lo == c.ratio && c.ratio_hi == c.ratio,
	   "no noise, different: p 0, interval is the point");
	is_int(c.verdict, STATS_REGRESSED, "a deterministic drop regressed");
	ok(cmp_rates(a, 3, b, 3, 0.02, &c) == 0, "no noise, +1 %%");
	is_int(c.verdict, STATS_EQUIVALENT, "+1 %% is inside a 2 %% margin");
	ok(cmp_rates(a, 3, b, 3, 0.0, &c) == 0, "no noise, +1 %%, margin 0");
	is_int(c.verdict, STATS_IMPROVED, "margin 0: +1 %% is an improvement");
	ok(cmp_rates(a, 3, v, 3, 0.02, &c) == 0, "noise on one side only");
	is_double(c.df, 2.0, 1e-12, "df is that side's n - 1");
}

static void
test_single_and_errors(void)
{
	double one[] = { 200 }, three[] = { 99, 100, 101 }, bad[] = { 1, 0 };
	struct stats_run r[] = { { 100, NULL } };
	struct stats_opts opt;
	struct stats_cmp c;

	ok(cmp_rates(one, 1, three, 3, 0.02, &c) == 0, "one run on a side");
	is_int(c.verdict, STATS_INCONCLUSIVE, "one run: inconclusive");
	is_string(c.why, "needs >= 2 runs on each side", "and says why");
	ok(isnan(c.p) && isnan(c.ratio_lo) && isnan(c.mdc_pct),
	   "one run: no p, no interval, no detectable change");
	is_double(c.ratio, cbrt(99.0 * 100 * 101) / 200, 1e-12, "but a ratio");
	ok(cmp_rates(one, 1, one, 1, 0.02, &c) == 0 && c.ratio == 1.0,
	   "one sample each (classic form): ratio exactly 1");
	ok(cmp_rates(three, 0, three, 3, 0.02, &c) == -1, "no run refused");
	ok(cmp_rates(bad, 2, three, 3, 0.02, &c) == -1, "rate 0 refused");
	is_string(c.why, "a run rate is not positive and finite", "with why");
	stats_opts_default(&opt);
	opt.alpha = 0.0;
	ok(stats_compare(r, 1, r, 1, &opt, &c) == -1, "alpha 0 refused");
	opt.alpha = 0.05;
	opt.equiv = -0.01;
	ok(stats_compare(r, 1, r, 1, &opt, &c) == -1, "margin < 0 refused");
}

static void
test_boots(void)
{
	struct stats_run b[] = { { 100, "x" }, { 102, "x" },
				 { 110, "y" }, { 112, "y" } };
	struct stats_run n[] = { { 100, "p" }, { 110, "q" }, { 105, "r" } };
	struct stats_opts opt;
	struct stats_cmp c;

	stats_opts_default(&opt);
	ok(stats_compare(b, 4, n, 3, &opt, &c) == 0, "two and three boots");
	is_int(c.unit, STATS_UNIT_BOOT, "boots are the unit");
	is_int((int64_t)c.n_base, 2, "two boot means on the base side");
	is_double(c.base_center, sqrt(sqrt(100.0 * 102 * 110 * 112)), 1e-9,
		  "balanced boots: centre is the geometric mean of runs");
	ok(stats_compare(b, 4, n, 1, &opt, &c) == 0 &&
	   c.unit == STATS_UNIT_RUN && c.n_base == 4,
	   "one boot on a side: runs are the unit");
	is_string(stats_unit_name(STATS_UNIT_BOOT), "boot", "unit name");
}

/* Tied rates within and across sides, as integer call counts give. */
static void
test_ties_and_center(void)
{
	double b[] = { 100, 100, 101, 101 }, nw[] = { 100, 101, 101, 101 };
	struct stats_run r[] = { { 100, "x" }, { 121, "x" }, { 400, "y" } };
	struct stats_cmp c;

	ok(cmp_rates(b, 4, nw, 4, 0.02, &c) == 0, "ties compared");
	ok(c.p > 0.3 && c.p < 1.0, "ties: a small shift, p %.3f", c.p);
	is_int(c.verdict, STATS_EQUIVALENT, "ties inside the margin: "
	       "equivalent");
	is_double(stats_center(r, 3, 0), cbrt(100.0 * 121 * 400), 1e-9,
		  "centre by run: geometric mean of the runs");
	is_double(stats_center(r, 3, 1), sqrt(110.0 * 400), 1e-9,
		  "centre by boot: geometric mean of the boot means");
	is_double(stats_center(r, 2, 1), 110.0, 1e-9,
		  "one boot: by run whatever is asked");
	is_double(stats_center(r, 1, 1), 100.0, 0, "one run: its rate");
	ok(isnan(stats_center(r, 0, 0)), "no run: NaN");
}

/* The quality rule as aimcmp applies it to one run. */
static void
test_run_rate_checked(void)
{
	struct stats_sample s[5];
	size_t flagged = 0, excluded = 0;
	double rate, peak = -1;

	for (int i = 0; i < 5; i++) {
		s[i].calls = i == 2 ? 50 : 100;
		s[i].elapsed_ns = 1000000000;
		s[i].invol_cs = i == 2 ? 400 : 0;
	}
	ok(stats_run_rate_checked(s, 5, 1.0, 0, &rate, &peak, &flagged,
				  &excluded) == 0, "kept");
	is_double(rate, 450.0 / 5, 1e-9, "all samples count by default");
	is_double(peak, 100.0, 1e-9, "and the peak is the fastest sample");
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

static void
set_p(struct stats_cmp *c, double p)
{
	c->p = p;
	c->ratio = 0.9;
	c->ratio_lo = 0.8;
	c->ratio_hi = 0.99;
	c->se = 0.01;
}

static void
test_bh(void)
{
	static const double p[] = { 0.04, 0.5, 0.01, 0.01, NAN };
	static const double q[] = { 0.04 * 4 / 3, 0.5, 0.02, 0.02, NAN };
	struct stats_cmp c[5];
	struct stats_opts opt;

	stats_opts_default(&opt);
	for (int i = 0; i < 5; i++)
		set_p(&c[i], p[i]);
	stats_bh_adjust(c, 5, &opt);
	for (int i = 0; i < 5; i++)
		is_double(c[i].q, q[i], 1e-12, "BH q[%d], ties and a NaN", i);
	is_int(c[0].verdict, STATS_INCONCLUSIVE, "p 0.04 -> q 0.053: "
	       "inconclusive");
	is_string(c[0].why, "significant alone, not after correction for "
		  "all tests", "says why");
	is_int(c[2].verdict, STATS_REGRESSED, "q 0.02: regressed");
	is_int(c[4].verdict, STATS_INCONCLUSIVE, "no p: inconclusive");
	stats_bh_adjust(c, 0, &opt);
	is_string(stats_verdict_name(STATS_IMPROVED), "improved", "name");
}

/* The per-run rates of the worked example in doc/statistics.md. */
static const struct example {
	const char *name;
	double base[6], new_[6];
	double center_b, center_n, cv_b, cv_n;	/* as printed, %.2f */
	double pct, lo_pct, hi_pct, mdc_pct, p, q;
	enum stats_verdict verdict;
} examples[] = {
	{ "add_long",
	  { 4021350.12, 4018876.40, 4025113.95, 4016920.33, 4020467.81,
	    4023005.27 },
	  { 4019012.66, 4024480.19, 4017735.02, 4021968.54, 4015870.77,
	    4022551.30 },
	  4020954.77, 4020268.64, 0.07, 0.08,
	  -0.02, -0.12, 0.08, 0.14, 0.709, 0.709, STATS_EQUIVALENT },
	{ "brk_test",
	  { 1864202.5, 1836377.9, 1895914.2, 1828610.7, 1881045.3, 1853826.0 },
	  { 1817115.4, 1801760.2, 1851032.8, 1795418.9, 1840291.6, 1808950.1 },
	  1859846.99, 1818983.55, 1.39, 1.21,
	  -2.20, -3.83, -0.54, 2.37, 0.0147, 0.0293, STATS_REGRESSED },
	{ "exec_test",
	  { 912.4, 874.1, 948.7, 889.5, 931.2, 866.0 },
	  { 871.3, 905.6, 842.9, 918.8, 860.2, 889.4 },
	  903.16, 880.98, 3.62, 3.24,
	  -2.46, -6.68, 1.96, 6.36, 0.239, 0.318, STATS_INCONCLUSIVE },
	{ "fork_test",
	  { 2731.4, 2688.9, 2755.2, 2702.6, 2719.8, 2740.1 },
	  { 2598.3, 2627.9, 2571.0, 2642.5, 2605.4, 2586.6 },
	  2722.91, 2605.17, 0.90, 1.01,
	  -4.32, -5.50, -3.14, 1.73, 1.27e-5, 5.07e-5, STATS_REGRESSED },
};

static void
example_side(const double *rate, struct stats_run *r, double center,
	     double cv, const char *name)
{
	struct stats_summary s = { 0 };
	int rc;

	fill_runs(r, rate, 6, "boot-1");
	rc = stats_summarise(NULL, 0, r, 6, &s);
	ok(rc == 0 && fabs(s.center - center) < 0.005 &&
	   fabs(s.cv_pct - cv) < 0.005,
	   "example %s: centre %.2f cv %.2f %%", name, s.center, s.cv_pct);
}

static void
check_example(const struct example *e, const struct stats_cmp *c)
{
	ok(fabs(100 * (c->ratio - 1) - e->pct) < 0.005 &&
	   fabs(100 * (c->ratio_lo - 1) - e->lo_pct) < 0.005 &&
	   fabs(100 * (c->ratio_hi - 1) - e->hi_pct) < 0.005,
	   "example %s: %+.2f %% [%+.2f %%, %+.2f %%]", e->name,
	   100 * (c->ratio - 1), 100 * (c->ratio_lo - 1),
	   100 * (c->ratio_hi - 1));
	ok(fabs(c->mdc_pct - e->mdc_pct) < 0.005, "example %s: mdc %.2f %%",
	   e->name, c->mdc_pct);
	ok(fabs(c->p / e->p - 1) < 0.005 && fabs(c->q / e->q - 1) < 0.005,
	   "example %s: p %.3g q %.3g", e->name, c->p, c->q);
	is_string(stats_verdict_name(c->verdict),
		  stats_verdict_name(e->verdict), "example %s: verdict",
		  e->name);
}

static void
test_example(void)
{
	struct stats_cmp c[60];
	struct stats_run b[6], n[6];
	struct stats_opts opt;

	stats_opts_default(&opt);
	for (size_t i = 0; i < N(examples); i++) {
		example_side(examples[i].base, b, examples[i].center_b,
			     examples[i].cv_b, examples[i].name);
		example_side(examples[i].new_, n, examples[i].center_n,
			     examples[i].cv_n, examples[i].name);
		ok(stats_compare(b, 6, n, 6, &opt, &c[i]) == 0,
		   "example %s compared", examples[i].name);
	}
	stats_bh_adjust(c, N(examples), &opt);
	for (size_t i = 0; i < N(examples); i++)
		check_example(&examples[i], &c[i]);
	/* The same rows among 56 more tests with p = 0.5: brk_test fails. */
	for (size_t i = N(examples); i < 60; i++)
		set_p(&c[i], 0.5);
	stats_bh_adjust(c, 60, &opt);
	is_double(c[1].q, c[1].p * 60 / 2, 1e-12, "in 60 tests brk_test's q "
		  "is p * 60 / 2 = %.2f", c[1].q);
	is_int(c[1].verdict, STATS_INCONCLUSIVE, "and it is inconclusive");
	is_int(c[3].verdict, STATS_REGRESSED, "fork_test still regressed");
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
	test_welch_known();
	test_welch_unequal();
	test_identical_and_shifts();
	test_zero_noise();
	test_single_and_errors();
	test_boots();
	test_ties_and_center();
	test_run_rate_checked();
	test_bh();
	test_example();
	return done_testing();
}
