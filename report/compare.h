/*
 * The comparison of tags, test by test: pooled operation rates, deltas,
 * percentages and noise, computed from loaded data without any I/O so that
 * every output format prints the same numbers.
 */
#ifndef AIM_COMPARE_H
#define AIM_COMPARE_H

#include <stddef.h>
#include <stdint.h>

#include "query.h"

enum cmp_state {
	CMP_OK,		/* at least one ok result with samples */
	CMP_FAILED,	/* results exist, none usable: see status */
	CMP_MISSING,	/* the test has no result on this side */
};

/* One test on one side, pooled over the side's runs and repetitions. */
struct cmp_value {
	enum cmp_state state;
	const char *status;	/* CMP_FAILED: first non-ok status (borrowed) */
	const char *reason;	/* CMP_FAILED: its reason or NULL (borrowed) */
	double rate;		/* pooled ops/s */
	int64_t rate_c;		/* the pooled rate in cents, as printed */
	int printed;		/* every sample is an imported printed rate */
	size_t n_results;	/* ok results pooled */
	size_t n_samples;	/* samples pooled */
	int64_t calls;		/* total calls of the pooled samples */
	int64_t elapsed_ns;	/* their total elapsed time */
	double *rates;		/* per-sample ops/s, n_samples of them (owned) */
	double cv_pct;		/* coefficient of variation; NaN below 2 */
};

/*
 * One NEW side against the base.  Figures that judge the difference (a
 * noise band, a significance verdict) belong here, computed in compare.c
 * and only printed by the formats.
 */
struct cmp_delta {
	int valid;		/* both sides CMP_OK */
	int64_t delta_c;	/* new - base, in cents of the printed rates */
	double pct;		/* delta / base * 100; NaN when base is 0 */
};

struct cmp_row {
	int number;		/* classic number */
	const char *test;	/* borrowed from the loaded data */
	const char *units;
	struct cmp_value *v;	/* n_sides values, [0] is the base */
	struct cmp_delta *d;	/* n_sides - 1 deltas, [i] for side i + 1 */
};

/* What the header says about one side. */
struct cmp_side {
	const char *tag;	/* borrowed */
	size_t n_runs;
	int64_t *run_ids;
	size_t n_incomplete;	/* runs not marked complete */
	size_t n_samples;	/* samples of ok results over all tests */
	char *kernels;		/* distinct uname.release values, "unknown" */
	char *hosts;		/* distinct machines, "unknown" */
};

struct cmp_table {
	size_t n_sides;
	struct cmp_side *sides;
	struct cmp_row *rows;
	size_t n_rows;
	int repeated;		/* some value pooled two or more samples */
	char **warnings;	/* environment differences, one line each */
	size_t n_warnings;
};

enum cmp_sort {
	CMP_SORT_NUMBER,
	CMP_SORT_NAME,
	CMP_SORT_PCT,		/* first NEW's percentage, most negative first */
};

/*
 * Pool the N results of one test on one side.  Imported samples (printed
 * rates) keep their printed value exactly when there is one; several are
 * averaged weighted by elapsed time.  Measured samples give total
 * operations over total elapsed time, as the classic table does.  OUT's
 * rates array is malloc'd; free with compare_value_free().
 */
void compare_pool(const struct query_result *const *res, size_t n,
		  struct cmp_value *out);
/* Release the rates of V. */
void compare_value_free(struct cmp_value *v);

/*
 * Compare SIDES[1..N-1] with SIDES[0] (N >= 2): one row per test found on
 * any side, in number order.  The table borrows strings from SIDES, which
 * must outlive it.
 */
void compare_build(const struct query_tag *sides, size_t n,
		   struct cmp_table *out);

/*
 * Keep only the rows of the N tests in NAMES, in table order.  Names not in
 * the table are kept as rows missing on every side when NUMBERS gives
 * their classic number (0 to drop them).
 */
void compare_select(struct cmp_table *t, const char *const *names,
		    const int *numbers, const char *const *units, size_t n);

/* Order the rows by KEY; ties fall back to the test number. */
void compare_sort(struct cmp_table *t, enum cmp_sort key);
/* Release everything compare_build() allocated (not the sides). */
void compare_free(struct cmp_table *t);

#endif
