/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The statistics behind aimcmp's verdicts: per-run rates, summaries, the
 * Welch comparison of log rates with its ratio interval, the false
 * discovery rate correction across tests and the sample-quality rule.
 * Pure functions on caller-owned arrays, no I/O; doc/statistics.md
 * explains every number and why it is computed this way.
 */
#ifndef AIM_STATS_H
#define AIM_STATS_H

#include <stddef.h>

#include "measure.h"
#include <stdint.h>

/* Running mean and variance (Welford), stable for nearly equal values. */
struct stats_welford {
	size_t n;
	double mean;
	double m2;
};

void stats_welford_init(struct stats_welford *w);
void stats_welford_add(struct stats_welford *w, double x);
/* Sample variance (divisor n - 1); NaN when n < 2. */
double stats_welford_var(const struct stats_welford *w);

/* Median of N values (X is not modified); NaN when N is 0. */
double stats_median(const double *x, size_t n);
/* Median absolute deviation, unscaled; NaN when N is 0. */
double stats_mad(const double *x, size_t n);
/*
 * Modified z-score 0.6745 * (x - median) / mad (Iglewicz and Hoaglin).
 * NaN when MAD is 0 or not finite: there is no scale to judge by.
 */
double stats_modified_z(double x, double median, double mad);

/*
 * Samples are measurement records (lib/core/measure.h): one timed interval of
 * one run, with the involuntary context switches that can spoil it.
 */

enum stats_flag {
	STATS_FLAG_RATE = 1 << 0,	/* |modified z| of its rate > 3.5 */
	STATS_FLAG_PREEMPT = 1 << 1,	/* involuntary switches far above */
};

/* Limits of the sample-quality rule (doc/statistics.md, "Sample quality"). */
#define STATS_Z_LIMIT 3.5
#define STATS_PREEMPT_FACTOR 3.0
#define STATS_PREEMPT_FLOOR_HZ 50.0

/*
 * Flag the N samples of ONE run (one process) into FLAGS[N] (caller-owned,
 * overwritten with enum stats_flag bits).  STATS_FLAG_RATE: the sample's
 * rate has |modified z| > STATS_Z_LIMIT against the run's median and MAD
 * (needs N >= 3 and MAD > 0).  STATS_FLAG_PREEMPT: the sample's
 * involuntary switches per second exceed STATS_PREEMPT_FACTOR times the
 * run's median plus STATS_PREEMPT_FLOOR_HZ (samples with unknown counts
 * are not judged).  Returns the number of flagged samples, or -1 when an
 * elapsed time is not positive or a call count is negative.
 */
int stats_flag_samples(const struct measure_sample *s, size_t n,
		       unsigned *flags);

/*
 * Time-weighted rate of one run in operations per second:
 * sum(calls) * factor * 1e9 / sum(elapsed_ns) over the samples whose
 * FLAGS & EXCLUDE is 0 (FLAGS may be NULL: keep all).  Returns 0, or -1
 * when no sample is kept, FACTOR is not positive or a sample is invalid.
 */
int stats_run_rate(const struct measure_sample *s, const unsigned *flags,
		   size_t n, unsigned exclude, double factor, double *rate);

/*
 * The K-th fastest (1: the fastest) sample rate of one run in operations
 * per second, calls * factor * 1e9 / elapsed_ns, among the samples whose
 * FLAGS & EXCLUDE is 0 (FLAGS may be NULL: all); the slowest kept when
 * fewer than K are.  Returns 0, or -1 as stats_run_rate() does or when
 * K is 0.
 */
int stats_run_fastest(const struct measure_sample *s, const unsigned *flags,
		      size_t n, unsigned exclude, double factor, size_t k,
		      double *out);

/*
 * The rank of the peak among a run's samples: the second fastest, so
 * that one sample faster than the rest (a timer or accounting glitch, a
 * turbo burst) cannot make a process's peak, while interference from
 * outside, which only slows a test, still leaves it clear of the slowed
 * samples.  Of all samples, not only the unflagged: when an episode
 * slows most of a run, the quality rule flags its clean samples as the
 * outliers (doc/statistics.md, "Mean or peak": the simulation).
 */
#define STATS_PEAK_RANK 2

/*
 * Peak rate of one run: stats_run_fastest() at STATS_PEAK_RANK over the
 * samples kept as in stats_run_rate().  For a test that never enters
 * the kernel in its timed loop the fast end of its samples is the
 * steadiest measure of what the machine allows.  Returns 0, or -1 as
 * stats_run_rate() does.
 */
int stats_run_peak(const struct measure_sample *s, const unsigned *flags,
		   size_t n, unsigned exclude, double factor, double *peak);

/*
 * The rate and the peak rate of one run under the sample-quality rule:
 * flags its N samples (adding their count to *N_FLAGGED) and, with
 * EXCLUDE, leaves the flagged ones out of both (adding their count to
 * *N_EXCLUDED); a run is never dropped whole.  Returns 0, or -1 as
 * stats_run_rate() does.
 */
int stats_run_rate_checked(const struct measure_sample *s, size_t n,
			   double factor, int exclude, double *rate,
			   double *peak, size_t *n_flagged,
			   size_t *n_excluded);

/*
 * Which per-run rate a test is judged on: the classic time-weighted rate,
 * or the peak rate for tests whose timed loop makes no system call.
 */
enum stats_basis {
	STATS_BASIS_MEAN,
	STATS_BASIS_PEAK,
};

/* "mean" or "peak". */
const char *stats_basis_name(enum stats_basis b);

/* One run (one process) of one test on one side. */
struct stats_run {
	double rate;		/* ops/s, from stats_run_rate() */
	const char *boot_id;	/* NULL: unknown (all unknown: one boot) */
};

/* Distinct boot ids among N runs; all unknown (NULL) ids count as one. */
size_t stats_count_boots(const struct stats_run *runs, size_t n);
/* Whether run I is the first of its boot among RUNS. */
int stats_first_of_boot(const struct stats_run *runs, size_t i);
/* Mean log rate of the N RUNS of the boot that run FIRST belongs to. */
double stats_boot_mean_log(const struct stats_run *runs, size_t n,
			   size_t first);

/*
 * The centre of one side as stats_compare() computes it: the geometric
 * mean of the N per-run rates, or with BY_BOOT (and runs from two boots
 * or more) of the per-boot geometric means; one run gives its own rate.
 * NaN when N is 0 or a rate is not positive and finite.
 */
double stats_center(const struct stats_run *runs, size_t n, int by_boot);

struct stats_summary {
	size_t n_samples;
	size_t n_runs;
	size_t n_boots;
	double center;		/* geometric mean of the per-run rates */
	double cv_pct;		/* 100 sd / mean of run rates, or NaN */
	double sample_cv_pct;	/* the same over all samples, or NaN */
	double min;		/* of sample rates, else of run rates */
	double max;
};

/*
 * Summarise one test on one side.  SAMPLE_RATES are the per-sample ops/s
 * of all runs (may be NULL when N_SAMPLES is 0).  Returns 0, or -1 when
 * N_RUNS is 0 or a run rate is not positive and finite.
 */
int stats_summarise(const double *sample_rates, size_t n_samples,
		    const struct stats_run *runs, size_t n_runs,
		    struct stats_summary *out);

struct stats_opts {
	double alpha;		/* false discovery rate, (0, 0.5); 0.05 */
	double equiv;		/* equivalence margin, a fraction; 0.02 */
	int per_run;		/* 1: runs are the unit even when both sides
				 * have boots, so that every side of an
				 * N-way row is centred alike; 0 */
};

/* Power at which the minimum detectable change is computed. */
#define STATS_POWER 0.80

void stats_opts_default(struct stats_opts *opt);

enum stats_verdict {
	STATS_INCONCLUSIVE,
	STATS_EQUIVALENT,
	STATS_IMPROVED,
	STATS_REGRESSED,
};

/* "inconclusive", "equivalent", "improved", "regressed". */
const char *stats_verdict_name(enum stats_verdict v);

enum stats_unit {
	STATS_UNIT_RUN,		/* each run (process) is one value */
	STATS_UNIT_BOOT,	/* runs of one boot are averaged first */
};

/* "run" or "boot". */
const char *stats_unit_name(enum stats_unit u);

/*
 * One test compared, NEW against BASE.  The values are rates (higher is
 * better) or times per operation (lower is better: a timed command);
 * BETTER says which, and only the verdict depends on it.
 */
struct stats_cmp {
	enum stats_unit unit;
	enum measure_better better;	/* ratio > 1 improved (higher) or regressed */
	size_t n_base;		/* observations (runs or boots) a side */
	size_t n_new;
	double base_center;	/* geometric means over those observations */
	double new_center;
	double ratio;		/* new_center / base_center */
	double ratio_lo;	/* (1 - alpha) interval for the ratio; NaN */
	double ratio_hi;	/*   when a side has one observation */
	double se;		/* standard error of log(ratio) */
	double df;		/* Welch-Satterthwaite degrees of freedom */
	double p;		/* two-sided Welch p-value; NaN if no test */
	double q;		/* p adjusted for all tests compared (BH) */
	double mdc_pct;		/* change found with 80 % power, in % */
	enum stats_verdict verdict;
	const char *why;	/* static text: why this verdict */
};

/*
 * Compare one test.  Observations are the log per-run rates, or the mean
 * log rate of each boot when both sides have runs from at least two
 * boots.  Fills everything; q and the verdict are those of a family of
 * one test until stats_bh_adjust() is called on the whole family.
 * Returns 0, or -1 (with OUT->why set) when a side has no run, a rate is
 * not positive and finite, or OPT is out of range.
 */
int stats_compare(const struct stats_run *base, size_t nb,
		  const struct stats_run *new_, size_t nn,
		  const struct stats_opts *opt, enum measure_better better,
		  struct stats_cmp *out);

/*
 * 1 when RATIO (NEW / BASE) is a change for the worse under BETTER:
 * below 1 for rates, above 1 for times.
 */
int stats_ratio_worse(double ratio, enum measure_better better);

/*
 * Benjamini-Hochberg over the N comparisons of one aimcmp invocation
 * (every test and every NEW tag): sets q for those with a p-value (the
 * others get NaN and do not count in the family) and then every verdict.
 * OPT must be valid, as stats_compare() accepted it.
 */
void stats_bh_adjust(struct stats_cmp *cmps, size_t n,
		     const struct stats_opts *opt);

/*
 * The verdict of C from its interval, p and q, as stats_compare() and
 * stats_bh_adjust() give it; for callers that set those themselves.
 */
void stats_decide(struct stats_cmp *c, const struct stats_opts *opt);

/*
 * Smallest change, in percent, that a two-sided Welch test at ALPHA has
 * probability POWER to detect, given the standard error SE of the log
 * ratio and DF degrees of freedom: exp((t(1-alpha/2) + t(power)) * se) - 1.
 * 0 when SE is 0, NaN when SE or DF are not usable.
 */
double stats_mdc_pct(double se, double df, double alpha, double power);

/*
 * The two-sided critical value of Student's t at ALPHA with DF degrees of
 * freedom: an interval mean +/- it * se holds 1 - ALPHA.  NaN when DF is
 * not positive or ALPHA is outside (0, 1).
 */
double stats_t_crit(double alpha, double df);

/*
 * The shift of NEW against BASE (lib/stats/stats_shift.c): the Hodges-Lehmann
 * estimate, the median of the NB x NN differences new - base, and the
 * distribution-free interval of 1 - ALPHA around it whose ends are order
 * statistics of those differences (Moses; the rank from the normal
 * approximation of the Mann-Whitney statistic).  LO and HI are
 * infinite when the groups are too small for that level.  0, or -1 when
 * a group is empty or the differences would take more than
 * STATS_SHIFT_MAX doubles.
 */
#define STATS_SHIFT_MAX (1u << 22)
struct stats_shift {
	double est, lo, hi;
};
int stats_shift(const double *base, size_t nb, const double *new_,
		size_t nn, double alpha, struct stats_shift *out);

#endif
