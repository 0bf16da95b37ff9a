// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Simulation of aimcmp's verdicts on synthetic suites with known truth:
 * A/A comparisons of 60 tests must rarely flag anything (family-wise),
 * a 5 % shift must be found, the detectable change must mean what it
 * says, and "equivalent" must not be claimed for a change at the margin.
 * Deterministic (fixed seed); prints the figures doc/statistics.md quotes.
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "stats.h"
#include "tap.h"

#define N_TESTS 60
#define N_FAMILIES 1000
#define SAMPLES_PER_RUN 10
#define SAMPLE_NS 80000000.0
#define MAX_RUNS 32
#define SEED 20240917UL
/* True changes smaller than this count as "no change" in A/A checks. */
#define NEGLIGIBLE 0.01

enum noise { GAUSSIAN, TAILED };

/* The truth of one test: noise between runs and how many runs per side. */
struct truth {
	double cv;		/* per-run coefficient of variation */
	int nb, nn;		/* runs on the base and new side */
	double shift;		/* true new/base - 1 */
};

/* What a set of families showed. */
struct tally {
	int families;
	int families_flagged;	/* at least one test regressed/improved */
	int max_flagged;	/* most tests flagged in one family */
	long flags;		/* all tests flagged */
	long cpu_tests;		/* tests with cv <= 1 % */
	long cpu_equivalent;
	long target_hits;	/* test 0 regressed (power trials) */
	long null_tests;	/* tests with no true change */
	long null_p_hits;	/* of those, p <= alpha before correction */
	int families_p;		/* families with such a test */
};

/*
 * The realistic suite: CV from 0.5 % to 5 % on a log scale (CPU-bound
 * tests are quiet, fork/exec and disk tests are not), 3 to 5 runs a side.
 */
static void
suite_profile(struct truth *t)
{
	for (int i = 0; i < N_TESTS; i++) {
		t[i].cv = 0.005 * pow(10.0, (double)i / (N_TESTS - 1));
		t[i].nb = 3 + i % 3;
		t[i].nn = 3 + (i / 3) % 3;
		t[i].shift = 0.0;
	}
}

/* Between-process effect of one run on the log rate. */
static double
run_effect(gsl_rng *r, double sd, enum noise kind)
{
	double e;

	if (kind == GAUSSIAN)
		return gsl_ran_gaussian(r, sd);
	/* Student t with 4 df has variance 2; add rare slow runs. */
	e = gsl_ran_tdist(r, 4.0) * sd / M_SQRT2;
	if (gsl_rng_uniform(r) < 0.05)
		e -= fabs(gsl_ran_gaussian(r, 3.0 * sd));
	return e;
}

/*
 * One run as aimrun stores it: 10 samples of about 80 ms whose rates
 * scatter around the run's own level; 80 % of the run-to-run variance
 * is between processes, the rest is sample noise that averages down.
 */
static double
simulate_run(gsl_rng *r, double rate, double cv, enum noise kind)
{
	struct measure_sample s[SAMPLES_PER_RUN];
	double level = rate * exp(run_effect(r, sqrt(0.64) * cv, kind));
	double within = sqrt(0.36 * SAMPLES_PER_RUN) * cv, out;

	for (int i = 0; i < SAMPLES_PER_RUN; i++) {
		double ns = SAMPLE_NS + gsl_rng_uniform(r) * 2e5;
		double v = level * exp(gsl_ran_gaussian(r, within));

		s[i].elapsed_ns = (int64_t)ns;
		s[i].calls = llround(v * ns / 1e9);
		measure_set(&s[i].m, MEASURE_INVOL_CS, 0);
	}
	if (stats_run_rate(s, NULL, SAMPLES_PER_RUN, 0, 1.0, &out) < 0)
		bail("stats_run_rate failed on simulated samples");
	return out;
}

static void
simulate_side(gsl_rng *r, double rate, double cv, int n, enum noise kind,
	      struct stats_run *runs)
{
	for (int i = 0; i < n; i++) {
		runs[i].rate = simulate_run(r, rate, cv, kind);
		runs[i].boot_id = "boot-0";
	}
}

/* One aimcmp invocation over N tests; verdicts land in CMP. */
static void
family(gsl_rng *r, const struct truth *t, int n, enum noise kind,
       const struct stats_opts *opt, struct stats_cmp *cmp)
{
	struct stats_run b[MAX_RUNS], nw[MAX_RUNS];

	for (int i = 0; i < n; i++) {
		double rate = 1e5 * (1.0 + i);

		simulate_side(r, rate, t[i].cv, t[i].nb, kind, b);
		simulate_side(r, rate * (1.0 + t[i].shift), t[i].cv, t[i].nn,
			      kind, nw);
		if (stats_compare(b, (size_t)t[i].nb, nw, (size_t)t[i].nn, opt,
				  MEASURE_HIGHER, &cmp[i]) < 0)
			bail("stats_compare: %s", cmp[i].why);
	}
	stats_bh_adjust(cmp, (size_t)n, opt);
}

static int
flagged(const struct stats_cmp *c)
{
	return c->verdict == STATS_REGRESSED || c->verdict == STATS_IMPROVED;
}

static void
count_family(const struct truth *t, const struct stats_cmp *cmp,
	     double alpha, struct tally *y)
{
	int f = 0, fp = 0;

	for (int i = 0; i < N_TESTS; i++) {
		/* Only tests whose truth is "no change" can be false flags. */
		if (fabs(t[i].shift) < NEGLIGIBLE) {
			y->null_tests++;
			fp += cmp[i].p <= alpha;
			f += flagged(&cmp[i]);
		}
		if (t[i].cv <= 0.01) {
			y->cpu_tests++;
			if (cmp[i].verdict == STATS_EQUIVALENT)
				y->cpu_equivalent++;
		}
	}
	if (cmp[0].verdict == STATS_REGRESSED)
		y->target_hits++;
	y->families++;
	y->flags += f;
	y->null_p_hits += fp;
	y->families_p += fp > 0;
	if (f > 0)
		y->families_flagged++;
	if (f > y->max_flagged)
		y->max_flagged = f;
}

static void
run_families(gsl_rng *r, const struct truth *t, enum noise kind,
	     const struct stats_opts *opt, struct tally *y)
{
	struct stats_cmp cmp[N_TESTS];

	*y = (struct tally){ 0 };
	for (int k = 0; k < N_FAMILIES; k++) {
		family(r, t, N_TESTS, kind, opt, cmp);
		count_family(t, cmp, opt->alpha, y);
	}
}

/*
 * A/A: both tags on the same kernel.  DRIFT gives each test a true offset
 * of up to +/- DRIFT, as two tags run minutes apart see (warmer machine,
 * fuller page cache); offsets below NEGLIGIBLE still count as "no change".
 */
static void
check_aa(gsl_rng *r, enum noise kind, double drift, const char *name,
	 const struct stats_opts *opt)
{
	struct truth t[N_TESTS];
	struct tally y;
	double fwer;

	suite_profile(t);
	for (int i = 0; i < N_TESTS; i++)
		t[i].shift = drift * (double)(i % 5 - 2) / 2.0;
	run_families(r, t, kind, opt, &y);
	fwer = (double)y.families_flagged / y.families;
	diag("A/A %s: %d families of %d tests, %d with a false flag "
	     "(family-wise rate %.3f), %.3f flags per family, at most %d",
	     name, y.families, N_TESTS, y.families_flagged, fwer,
	     (double)y.flags / y.families, y.max_flagged);
	diag("A/A %s: without correction p <= alpha in %.2f %% of tests, "
	     "%.2f per family, %.1f %% of families", name,
	     100.0 * (double)y.null_p_hits / (double)y.null_tests,
	     (double)y.null_p_hits / y.families,
	     100.0 * y.families_p / y.families);
	diag("A/A %s: tests with cv <= 1 %%: %.1f %% equivalent", name,
	     100.0 * (double)y.cpu_equivalent / (double)y.cpu_tests);
	ok(fwer <= opt->alpha, "A/A %s: family-wise false flag rate %.3f "
	   "<= alpha %.2f", name, fwer, opt->alpha);
	ok(y.max_flagged <= 3, "A/A %s: no family flags more than 3 of %d "
	   "tests (most: %d)", name, N_TESTS, y.max_flagged);
}

/* Share of families in which test 0, shifted by SHIFT, is "regressed". */
static double
power_single(gsl_rng *r, double cv, int runs, double shift, int families,
	     const struct stats_opts *opt)
{
	struct truth t[N_TESTS];
	struct stats_cmp cmp[N_TESTS];
	struct tally y = { 0 };

	suite_profile(t);
	t[0].cv = cv;
	t[0].nb = runs;
	t[0].nn = runs;
	t[0].shift = shift;
	for (int k = 0; k < families; k++) {
		family(r, t, N_TESTS, GAUSSIAN, opt, cmp);
		count_family(t, cmp, opt->alpha, &y);
	}
	return (double)y.target_hits / families;
}

static void
check_power(gsl_rng *r, const struct stats_opts *opt)
{
	double p1 = power_single(r, 0.01, 6, -0.05, N_FAMILIES, opt);
	double p2 = power_single(r, 0.02, 12, -0.05, N_FAMILIES, opt);
	double p3 = power_single(r, 0.01, 3, -0.05, N_FAMILIES, opt);

	ok(p1 >= 0.90, "5 %% regression, cv 1 %%, 6 runs a side, among 59 "
	   "unchanged tests: found in %.1f %% of families", 100.0 * p1);
	ok(p2 >= 0.90, "5 %% regression, cv 2 %%, 12 runs a side, among 59 "
	   "unchanged tests: found in %.1f %% of families", 100.0 * p2);
	/* Three runs leave too few degrees of freedom; the docs say so. */
	ok(p3 < 0.5, "with 3 runs a side the same regression is found in "
	   "only %.1f %% of families", 100.0 * p3);
}

/* Power of one isolated test at one change (family of one, p only). */
static double
power_alone(gsl_rng *r, double cv, int runs, double shift, int trials,
	    const struct stats_opts *opt)
{
	struct stats_run b[MAX_RUNS], nw[MAX_RUNS];
	struct stats_cmp c;
	int hits = 0;

	for (int k = 0; k < trials; k++) {
		simulate_side(r, 1e6, cv, runs, GAUSSIAN, b);
		simulate_side(r, 1e6 * (1.0 + shift), cv, runs, GAUSSIAN, nw);
		if (stats_compare(b, (size_t)runs, nw, (size_t)runs, opt,
				  MEASURE_HIGHER, &c) < 0)
			bail("stats_compare: %s", c.why);
		if (c.p <= opt->alpha && c.ratio < 1.0)
			hits++;
	}
	return (double)hits / trials;
}

/*
 * The detectable change is computed for 80 % power: a change of exactly
 * that size, seen by one test alone, must be found about 80 % of the time.
 */
static void
check_mdc(gsl_rng *r, const struct stats_opts *opt)
{
	int runs = 5;
	double cv = 0.01, se = cv * sqrt(2.0 / runs);
	double mdc = stats_mdc_pct(se, 2.0 * runs - 2.0, opt->alpha,
				   STATS_POWER);
	double pw = power_alone(r, cv, runs, -mdc / (100.0 + mdc), 4000, opt);

	diag("cv 1 %%, 5 runs a side: detectable change %.2f %%, simulated "
	     "power at that change %.3f", mdc, pw);
	ok(pw >= 0.74 && pw <= 0.86, "power at the detectable change is "
	   "%.3f, near the promised %.2f", pw, STATS_POWER);
}

/* Share of single comparisons called "equivalent" at a true SHIFT. */
static double
equivalent_share(gsl_rng *r, double cv, int runs, double shift, int trials,
		 const struct stats_opts *opt)
{
	struct stats_run b[MAX_RUNS], nw[MAX_RUNS];
	struct stats_cmp c;
	int hits = 0;

	for (int k = 0; k < trials; k++) {
		simulate_side(r, 1e6, cv, runs, GAUSSIAN, b);
		simulate_side(r, 1e6 * (1.0 + shift), cv, runs, GAUSSIAN, nw);
		if (stats_compare(b, (size_t)runs, nw, (size_t)runs, opt,
				  MEASURE_HIGHER, &c) < 0)
			bail("stats_compare: %s", c.why);
		if (c.verdict == STATS_EQUIVALENT)
			hits++;
	}
	return (double)hits / trials;
}

static void
check_equivalence(gsl_rng *r, const struct stats_opts *opt)
{
	double at_margin = equivalent_share(r, 0.005, 5, -opt->equiv, 4000,
					    opt);
	double same = equivalent_share(r, 0.005, 5, 0.0, 4000, opt);

	ok(at_margin <= opt->alpha, "a true change of -%.0f %% (the margin) "
	   "is called equivalent in %.2f %% of trials (<= alpha)",
	   100.0 * opt->equiv, 100.0 * at_margin);
	ok(same >= 0.90, "no change, cv 0.5 %%, 5 runs a side: equivalent in "
	   "%.1f %% of trials", 100.0 * same);
}

/* How power grows with runs: the table in doc/statistics.md. */
static void
power_table(gsl_rng *r, const struct stats_opts *opt)
{
	static const double cvs[] = { 0.005, 0.01, 0.02, 0.05 };
	static const int runs[] = { 3, 5, 6, 8, 10, 20 };

	diag("power for one 5 %% regression among 60 tests (200 families "
	     "each); columns: runs a side 3 5 6 8 10 20");
	for (size_t i = 0; i < sizeof(cvs) / sizeof(cvs[0]); i++) {
		double p[6];

		for (size_t j = 0; j < 6; j++)
			p[j] = power_single(r, cvs[i], runs[j], -0.05, 200,
					    opt);
		diag("  cv %.1f %%: %.2f %.2f %.2f %.2f %.2f %.2f",
		     100.0 * cvs[i], p[0], p[1], p[2], p[3], p[4], p[5]);
	}
}

/*
 * Candidate aimrun defaults of about five minutes for 60 tests: R runs of
 * D seconds, with the per-run noise cv(D)^2 = c^2 + c^2 * 1 s / D (as
 * much noise between processes as within one second of one process).
 */
static void
defaults_table(gsl_rng *r, const struct stats_opts *opt)
{
	static const int runs[] = { 3, 5, 6, 8, 10 };
	static const double secs[] = { 2.0, 0.8, 0.6, 0.4, 0.3 };
	static const double cs[] = { 0.0035, 0.007 };

	for (size_t i = 0; i < 2; i++) {
		diag("c %.2f %%: runs x seconds, suite minutes, run cv, power "
		     "for 5 %%, A/A equivalent", 100.0 * cs[i]);
		for (size_t j = 0; j < 5; j++) {
			double cv = cs[i] * sqrt(1.0 + 1.0 / secs[j]);

			diag("  %2d x %.1f s  %.1f  %.2f %%  %.2f  %.2f",
			     runs[j], secs[j],
			     N_TESTS * runs[j] * (secs[j] + 0.2) / 60,
			     100.0 * cv,
			     power_single(r, cv, runs[j], -0.05, 200, opt),
			     equivalent_share(r, cv, runs[j], 0.0, 1000, opt));
		}
	}
}

int
main(int argc, char **argv)
{
	struct stats_opts opt;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);

	if (r == NULL)
		bail("cannot allocate the random generator");
	gsl_rng_set(r, SEED);
	stats_opts_default(&opt);
	plan_lazy();
	check_aa(r, GAUSSIAN, 0.0, "gaussian", &opt);
	check_aa(r, TAILED, 0.0, "heavy-tailed", &opt);
	check_aa(r, GAUSSIAN, 0.005, "drift 0.5 %", &opt);
	check_power(r, &opt);
	check_mdc(r, &opt);
	check_equivalence(r, &opt);
	/* The table costs a few seconds; "full" adds it for the docs. */
	if (argc > 1 && argv[1][0] == 'f')
		power_table(r, &opt);
	if (argc > 1 && argv[1][0] == 'f')
		defaults_table(r, &opt);
	gsl_rng_free(r);
	return done_testing();
}
