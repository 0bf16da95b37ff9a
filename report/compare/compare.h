/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The comparison of tags, test by test: pooled operation rates, deltas,
 * noise, the verdict of each NEW side against the base and whether the
 * environments allow a comparison at all, computed from loaded data
 * without any I/O so that every output format prints the same numbers.
 */
#ifndef AIM_COMPARE_H
#define AIM_COMPARE_H

#include <stddef.h>
#include <stdint.h>

#include "query.h"
#include "stats.h"
#include "store_plan.h"
#include "varcomp.h"

enum cmp_state {
	CMP_OK,		/* at least one ok result with samples */
	CMP_FAILED,	/* results exist, none usable: see status */
	CMP_MISSING,	/* the test has no result on this side */
};

/* What the statistics may do with the samples. */
struct cmp_opts {
	struct stats_opts stats;	/* alpha, equivalence margin */
	int exclude_flagged;		/* leave flagged samples out */
};

/* alpha 0.05, equivalence 2 %, flagged samples kept. */
void compare_opts_default(struct cmp_opts *o);

/* One test on one side, pooled over the side's runs and repetitions. */
struct cmp_value {
	enum cmp_state state;
	const char *status;	/* CMP_FAILED: first non-ok status (borrowed) */
	const char *reason;	/* CMP_FAILED: its reason or NULL (borrowed) */
	enum measure_better better;	/* LOWER: every value is a time */
	double rate;		/* classic pooled ops/s: total ops / time, or
				 * for LOWER ms per operation: time / ops */
	int64_t rate_c;		/* the printed centre, in cents: of the
				 * judged rates, so peak rates for a
				 * peak-judged test */
	double center;		/* geometric mean of per-process judged
				 * rates (the pooled rate without them) */
	int64_t mean_c;		/* the classic centre, in cents: of the
				 * per-process mean rates */
	double mean_center;	/* its unrounded value */
	int printed;		/* every sample is an imported printed rate */
	size_t n_results;	/* ok results pooled: processes */
	size_t n_samples;	/* samples pooled */
	size_t n_flagged;	/* samples flagged by the quality rule */
	size_t n_excluded;	/* of those, left out (exclude_flagged) */
	int64_t calls;		/* total calls of the pooled samples */
	int64_t elapsed_ns;	/* their total elapsed time */
	double *rates;		/* per-sample ops/s, n_samples of them (owned) */
	struct stats_run *runs;	/* per-process judged rates (owned) */
	struct stats_run *mean_runs;	/* their classic rates (owned) */
	size_t n_runs;		/* 0 when a process has no usable rate */
	int has_summary;	/* sum is filled (n_runs > 0) */
	struct stats_summary sum;
	double cv_pct;		/* of per-process judged rates; NaN below 2 */
	double mean_cv_pct;	/* of per-process classic rates */
};

/*
 * One NEW side against the base: the printed difference and the
 * verdict of lib/stats, computed here and only printed by the formats.
 */
struct cmp_delta {
	int valid;		/* both sides CMP_OK */
	int64_t delta_c;	/* new - base, in cents of the printed rates */
	double pct;		/* delta / base * 100; NaN when base is 0:
				 * the change of the judged centres, so
				 * inside the interval of cmp */
	int64_t mean_delta_c;	/* the same of the classic mean centres */
	double mean_pct;
	int has_stats;		/* cmp is filled: both sides have runs */
	struct stats_cmp cmp;	/* interval, p, q, mdc, verdict, why */
	int seq;		/* the sequential verdict (compare_seq.c):
				 * cmp is its last look's, outside the
				 * correction */
	size_t looks;		/* looks made, with seq */
};

/* One metric of one test on one side, per call (aimcmp --counters). */
struct cmp_counter_value {
	int have;		/* a sample of an ok result holds the metric */
	double per_call;	/* the centre, as for rates; else pooled */
	size_t n_samples;	/* samples holding it */
	struct stats_run *runs;	/* per-process values per call (owned) */
	size_t n_runs;		/* 0: no statistics (a process lacks it or
				   counted none) */
};

/*
 * One metric of one test, or one of the kernel's monitors (aimcmp
 * --monitors): every side, and each NEW side's change.
 */
struct cmp_counter {
	int metric;			/* enum measure_id, unless MONITOR */
	const char *monitor;		/* a monitor's name (borrowed); NULL:
					 * the metric */
	struct cmp_counter_value *v;	/* n_sides, [0] is the base */
	struct cmp_delta *d;		/* n_sides - 1; delta_c unused */
};

/* One side's per-process rates at two levels (compare_levels.c). */
struct cmp_levels {
	int split;		/* 0: one level, the rest unset */
	size_t n_low, n_high;	/* processes at each level */
	double low, high;	/* geometric means of the levels */
	double score;		/* gap / sd within; inf with no spread */
};

/* One test's design against the base (compare_sizing.c). */
struct cmp_sizing {
	int valid;		/* both sides have two boots or more */
	double between_pct;	/* spreads of log rates, sd in %: boots, */
	double within_pct;	/*   processes of a boot, */
	double sample_pct;	/*   samples of a process (NaN unknown) */
	int boots;		/* of each kernel; 0: more than the most */
	int procs;		/* per boot */
	double cost_s;		/* of it all, both kernels */
	double process_s;	/* what a process was taken to cost */
};

struct cmp_row {
	int number;		/* classic number */
	const char *test;	/* borrowed from the loaded data */
	const char *units;
	enum stats_basis basis;	/* which per-process rate is judged */
	enum measure_better better;	/* as stored with the results */
	struct cmp_value *v;	/* n_sides values, [0] is the base */
	struct cmp_delta *d;	/* n_sides - 1 deltas, [i] for side i + 1 */
	struct cmp_counter *counters;	/* compare_counters(), else NULL */
	size_t n_counters;
	struct cmp_levels *levels;	/* n_sides; NULL when none splits */
	struct cmp_sizing *sizing;	/* n_sides - 1; NULL: not sized */
};

/* What the header says about one side. */
struct cmp_side {
	const char *tag;	/* borrowed */
	size_t n_runs;
	int64_t *run_ids;
	size_t n_incomplete;	/* runs not marked complete */
	size_t n_samples;	/* samples of ok results over all tests */
	size_t n_procs;		/* ok results (processes), all tests */
	size_t n_flagged;	/* flagged samples over all tests */
	size_t n_excluded;	/* of those, left out */
	size_t n_boots;		/* distinct known boot ids */
	int boots_unknown;	/* some run has no boot id */
	char *kernels;		/* distinct uname.release values, "unknown" */
	char *hosts;		/* distinct machines, "unknown" */
	size_t seq_family;	/* grown by --until-decided against the base:
				 * its family, else 0 */
	double seq_alpha;	/* and the alpha spent over its looks */
};

/* A line of the kernel log while a side's result ran (compare_klog()). */
struct cmp_klog {
	size_t side;
	const char *test;		/* borrowed */
	int rep;
	const struct klog_line *line;	/* borrowed */
};

struct cmp_table {
	size_t n_sides;
	struct cmp_side *sides;
	struct cmp_row *rows;
	size_t n_rows;
	struct cmp_opts opt;
	int repeated;		/* some value pooled two or more samples */
	int counters;		/* compare_counters() filled the rows */
	size_t n_family;	/* comparisons in the correction */
	size_t n_verdicts[4];	/* rows per enum stats_verdict */
	char **warnings;	/* every warning line, in order */
	size_t n_warnings;
	size_t n_boot_warnings;	/* the last of them: sides of one boot */
	char **refusals;	/* differences that forbid comparing */
	size_t n_refusals;
	struct cmp_klog *klog;	/* every side's, by side, test, run, rep */
	size_t n_klog;
};

enum cmp_sort {
	CMP_SORT_NUMBER,
	CMP_SORT_NAME,
	CMP_SORT_PCT,		/* first NEW's percentage, worst first */
};

/*
 * Pool the N results of one test on one side.  Imported samples (printed
 * rates) keep their printed value exactly when there is one; several are
 * averaged weighted by elapsed time.  Measured samples give total
 * operations over total elapsed time, as the classic table does.  OUT's
 * rates array is malloc'd; free with compare_value_free().  The
 * statistics fields stay empty: compare_build() fills them.
 */
void compare_pool(const struct record_result *const *res, size_t n,
		  struct cmp_value *out);
/* Release the arrays of V. */
void compare_value_free(struct cmp_value *v);

/* RATE in cents as printed (rounded); 0 beyond what int64 holds. */
int64_t compare_cents(double rate);

/*
 * Compare SIDES[1..N-1] with SIDES[0] (N >= 2): one row per test found on
 * any side, in number order, each NEW value judged against the base with
 * the correction over every row and NEW side.  OPT may be NULL (defaults).
 * The table borrows strings from SIDES, which must outlive it.
 */
void compare_build(const struct query_tag *sides, size_t n,
		   const struct cmp_opts *opt, struct cmp_table *out);

/*
 * Keep only the rows of the N tests in NAMES, in table order.  Names not in
 * the table are kept as rows missing on every side when NUMBERS gives
 * their classic number (0 to drop them).  The correction is then redone
 * over the rows kept.
 */
void compare_select(struct cmp_table *t, const char *const *names,
		    const int *numbers, const char *const *units, size_t n);

/* All tests of a table at once, one NEW side against the base. */
struct cmp_overall {
	size_t n;		/* tests in the mean: valid deltas of two rates */
	enum measure_better better;	/* LOWER: every test is a time */
	double ratio;		/* geometric mean of NEW/BASE; NaN when n is 0 */
	double lo;		/* its (1 - alpha) interval; NaN when a test */
	double hi;		/*   in it has none (single samples) */
};

/*
 * The geometric mean of the ratios of side S (1..n_sides - 1) over every
 * test compared: the ratio each test is judged on when it has statistics,
 * else the ratio of the printed rates.  When every test in it is a time
 * (lower is better) it is the mean ratio of times (OUT->better LOWER);
 * otherwise times enter as BASE/NEW, so that above 1 is better for all.  The interval combines the
 * standard errors of the per-test log ratios (doc/statistics.md,
 * "The overall line").
 */
void compare_overall(const struct cmp_table *t, size_t s,
		     struct cmp_overall *out);

/*
 * aimcmp --counters: for every row of T, each metric of the table of
 * lib/core/measure.c that some side holds, per call, with the change and the
 * verdict of each NEW side (lower is better for every counter), judged
 * as the rates are, in a correction family of their own so that asking
 * for counters never changes a rate's verdict.  SIDES are those T was
 * built from.  compare_free() releases it all (compare_counters.c).
 */
void compare_counters(struct cmp_table *t, const struct query_tag *sides);
/* Release the counters of ROW. */
void compare_counters_free(struct cmp_row *row, size_t n_sides);
/*
 * The centres of C's sides and each NEW side's change and verdict
 * (lower is better for a monitor), as for a metric; and the correction
 * over every comparison of T's counters of one kind (MONITORS or
 * metrics), a family of their own.
 */
void compare_counter_judge(struct cmp_counter *c, size_t n_sides,
			   const struct stats_opts *opt);
void compare_counters_adjust(struct cmp_table *t, int monitors);
/* Release C, one counter of a table of N_SIDES. */
void compare_counter_free(struct cmp_counter *c, size_t n_sides);

/*
 * aimcmp --monitors: under every row of T, the kernel's monitors per
 * call (a process's change over the calls of its warm-up and samples,
 * each process one value) whose change between the sides is largest
 * among those judged changed, at most TOP of them; with N_PICK patterns
 * (fnmatch) PICK, every monitor a pattern matches instead.  SIDES are
 * those T was built from, their monitors loaded (query_load_monitors);
 * compare_monitors.c, doc/aimcmp.1.
 */
void compare_monitors(struct cmp_table *t, const struct query_tag *sides,
		      const char *const *pick, size_t n_pick, size_t top);

/* Order the rows by KEY; ties fall back to the test number. */
void compare_sort(struct cmp_table *t, enum cmp_sort key);
/* Release everything compare_build() allocated (not the sides). */
void compare_free(struct cmp_table *t);

/*
 * The per-process observations of the N results of one test: the rate
 * of each ok result with samples (its peak rate with STATS_BASIS_PEAK,
 * and its classic rate in OUT->mean_runs either way), from its unflagged
 * samples when EXCLUDE, with the boot id of its run in SIDE.  Counts
 * flagged and excluded samples into OUT.  Used by compare_build();
 * exposed for the header counts of compare_env.c.
 */
void compare_value_stats(const struct query_tag *side,
			 const struct record_result *const *res, size_t n,
			 int exclude, enum stats_basis basis,
			 struct cmp_value *out);

/*
 * The per-process rate a result JUDGED so is compared on: its peak rate
 * (the test's timed loop makes no system call), else the classic mean.
 * What was stored decides, never the test's name.
 */
enum stats_basis compare_basis(enum measure_judged judged);

/* The same for a test with no data: the catalog's, else the mean. */
enum stats_basis compare_basis_known(const char *test);

/*
 * Per-process levels (compare_levels.c): for each test whose per-process
 * rates on some side fall into two groups far apart (doc/statistics.md,
 * "Levels"), its row's levels and a warning.
 */
void compare_levels(struct cmp_table *t);
/*
 * "7.3e+08 and 5.2e+08, 4 and 2 processes" for side S of ROW, or NULL
 * when its processes keep to one level.  Malloc'd.
 */
char *compare_levels_side(const struct cmp_row *row, size_t s);
/*
 * "two levels: bare 7.3e+08 and 5.2e+08, 4 and 2 processes; ..." naming
 * every side of ROW that splits, or NULL.  Malloc'd.
 */
char *compare_levels_row(const struct cmp_table *t, const struct cmp_row *row);
/*
 * Boots (compare_boots.c): for each side with runs from two boots or
 * more, the between-boot and within-boot parts of the spread; when only
 * some sides have several boots, which way that leans the verdicts.
 */
void compare_boots(struct cmp_table *t);
/* What sizing needs beside the table (compare_sizing()). */
struct cmp_sizing_in {
	double change;		/* to resolve, a fraction (0.02) */
	double alpha;
	int per_test;		/* a line per test, not just the summary */
	struct plan_costs costs;	/* measured by plans, if any */
	const struct plan *plans;	/* the plans the runs came from */
	size_t n_plans;
};

/*
 * Sizing (compare_sizing.c): a line per plan that stored runs of the
 * sides (its order and progress); then, when both sides of a test have
 * runs from two boots or more, each test's variance components and the
 * boots and processes per boot that resolve IN->change (row->sizing),
 * with a summary line (and a line per test with IN->per_test).  SIDES
 * are those T was built from.
 */
void compare_sizing(struct cmp_table *t, const struct query_tag *sides,
		    const struct cmp_sizing_in *in);

/*
 * The kernel log's lines of the N SIDES into T->klog, and a warning line
 * when there are any (compare_klog.c).
 */
void compare_klog(const struct query_tag *sides, size_t n,
		  struct cmp_table *t);
/* Add LINE (malloc'd, taken) to the warnings of T (compare_warn.c). */
void compare_warn(struct cmp_table *t, char *line);
/*
 * Every warning of the table of the N SIDES, in order, once
 * (compare_warn.c); compare_build() calls it.
 */
void compare_warnings(const struct query_tag *sides, size_t n,
		      struct cmp_table *t);
/* After compare_select(): the lines of a side of one boot, again. */
void compare_warnings_repeated(struct cmp_table *t);
/*
 * One verdict per question (compare_seq.c): each NEW side of T that
 * aimrun grew by --until-decided against the base gets the sequential
 * verdicts, replayed on its stored processes, or a warning says why not
 * or where the replay differs from what aimrun stored.
 */
void compare_seq(const struct query_tag *sides, size_t n, struct cmp_table *t);

#endif
