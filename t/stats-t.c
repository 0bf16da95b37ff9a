// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Known answers for the comparison of lib/stats: Welch's test (checked
 * against closed forms of Student's t with 2 degrees of freedom), zero
 * noise, single runs, ties, boots, the Benjamini-Hochberg step-up and the
 * worked example of doc/statistics.md, so the document cannot drift from
 * the code.  The per-run numbers are in t/stats-run-t.c.
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
	return stats_compare(rb, nb, rn, nn, &opt, MEASURE_HIGHER, c);
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
	ok(stats_compare(r, 1, r, 1, &opt, MEASURE_HIGHER, &c) == -1, "alpha 0 refused");
	opt.alpha = 0.05;
	opt.equiv = -0.01;
	ok(stats_compare(r, 1, r, 1, &opt, MEASURE_HIGHER, &c) == -1, "margin < 0 refused");
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
	ok(stats_compare(b, 4, n, 3, &opt, MEASURE_HIGHER, &c) == 0, "two and three boots");
	is_int(c.unit, STATS_UNIT_BOOT, "boots are the unit");
	is_int((int64_t)c.n_base, 2, "two boot means on the base side");
	is_double(c.base_center, sqrt(sqrt(100.0 * 102 * 110 * 112)), 1e-9,
		  "balanced boots: centre is the geometric mean of runs");
	ok(stats_compare(b, 4, n, 1, &opt, MEASURE_HIGHER, &c) == 0 &&
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
		ok(stats_compare(b, 6, n, 6, &opt, MEASURE_HIGHER, &c[i]) == 0,
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
	test_welch_known();
	test_welch_unequal();
	test_identical_and_shifts();
	test_zero_noise();
	test_single_and_errors();
	test_boots();
	test_ties_and_center();
	test_bh();
	test_example();
	return done_testing();
}
