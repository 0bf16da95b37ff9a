/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Change points along a series of tags: for every test, each tag is
 * compared with the tag before it (Welch on log per-run rates, stats.h)
 * and the p-values of all steps of all tests are corrected together, so
 * "when did this regress" is answered without looking at every pair.
 * Pure computation, plus the text listing of the significant steps.
 */
#ifndef AIM_SERIES_H
#define AIM_SERIES_H

#include <stddef.h>
#include <stdio.h>

#include "measure.h"
#include "stats.h"

/* One test at one tag: the rates of its repetitions. */
struct series_point {
	const struct stats_run *runs;	/* borrowed */
	size_t n_runs;			/* 0: no usable result at this tag */
};

struct series_test {
	int number;			/* classic number */
	const char *name;		/* borrowed */
	const char *units;		/* borrowed */
	enum stats_basis basis;		/* the rate its runs are */
	enum measure_better better;	/* LOWER: a time; a rise regressed */
	const struct series_point *points;	/* one per tag, in order */
	const char *host;		/* the machine of a store of several,
					 * whose series is its own; NULL */
};

/* A step of one test from one tag to the next tag that has data. */
struct series_step {
	size_t test;			/* index into the tests */
	size_t from;			/* tag indexes, from < to */
	size_t to;
	int judged;			/* stats_compare() accepted the rates */
	int refused;			/* the gate refused the two tags */
	struct stats_cmp cmp;		/* NEW = to, BASE = from */
};

struct series {
	struct series_step *steps;	/* by test, then by tag */
	size_t n_steps;
	size_t n_significant;		/* regressed or improved */
	size_t n_unjudged;		/* rates refused (not positive) */
	size_t n_refused;		/* of those, tags not comparable */
	size_t n_one_run;		/* judged, fewer than 2 runs a side */
	struct stats_opts opt;
};

/*
 * Compare every test's consecutive tags (N_TAGS points per test; a tag
 * without data is passed over, so its neighbours are compared) and apply
 * stats_bh_adjust() to the whole family of judged steps.  OPT must be
 * valid (stats_opts_default() or checked values).  Fills *OUT, which the
 * caller releases with series_free().  Returns 0, or -1 when OPT is
 * invalid (*OUT is then empty).
 */
int series_compute(const struct series_test *tests, size_t n_tests,
		   size_t n_tags, const struct stats_opts *opt,
		   struct series *out);

/*
 * Whether two tags may be compared at all (lib/core/gate.h): COMPARABLE
 * returns 0 for a step of test TEST from tag FROM to tag TO that the
 * comparability gate refuses.
 */
struct series_gate {
	int (*comparable)(void *arg, size_t test, size_t from, size_t to);
	void *arg;
};

/*
 * series_compute() with GATE (NULL: every step may be judged): a refused
 * step is not judged and is outside the family.
 */
int series_compute_gated(const struct series_test *tests, size_t n_tests,
			 size_t n_tags, const struct stats_opts *opt,
			 const struct series_gate *gate, struct series *out);
void series_free(struct series *s);

/* 1 when the step's verdict is regressed or improved. */
int series_step_significant(const struct series_step *step);

/*
 * The listing of significant steps, as "aimcmp --series" prints it:
 * comment lines starting with "# " (the family, the counts, the
 * settings), then one line per significant step, by test and then by tag
 * order, fields separated by single spaces:
 *   number name from to pct% verdict [lo%,hi%] q Q units
 * and, in a series split by machine, "# host NAME" before each machine's.
 * TESTS and TAGS are those given to series_compute().  Returns 0, or -1
 * when writing to F failed.
 */
int series_print(FILE *f, const struct series *s,
		 const struct series_test *tests, char *const *tags);

#endif
