/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aimcmp --classify GOOD BAD CANDIDATE: is CANDIDATE like GOOD or like
 * BAD, for git bisect run.  Pure: works on a table compare_build() made
 * of the three sides, in that order (doc/bisect.md gives the rule).
 */
#ifndef AIM_CLASSIFY_H
#define AIM_CLASSIFY_H

#include <stdio.h>

#include "compare.h"
#include "stats.h"

/* Exit statuses of aimcmp --classify, as git bisect run reads them. */
enum {
	CLASSIFY_EXIT_GOOD = 0,
	CLASSIFY_EXIT_BAD = 1,
	CLASSIFY_EXIT_SKIP = 125,	/* cannot tell: git skips the commit */
	CLASSIFY_EXIT_ABORT = 128,	/* an error: git bisect run stops */
};

enum classify_verdict {
	CLASSIFY_UNSURE,
	CLASSIFY_GOOD,
	CLASSIFY_BAD,
};

/* One test on which GOOD and BAD differ decisively. */
struct classify_test {
	const struct cmp_row *row;	/* borrowed from the table */
	double bad_pct;		/* BAD / GOOD - 1, in % */
	double cand_pct;	/* CANDIDATE / GOOD - 1, in %; NaN: none */
	double pos;		/* 0 at GOOD, 1 at BAD; NaN: none */
	double pos_lo;		/* its interval, from the judged contrast */
	double pos_hi;
	enum classify_verdict verdict;
	const char *why;	/* static: why unsure, else NULL */
};

struct classify {
	struct classify_test *tests;	/* the deciding tests (owned) */
	size_t n_tests;
	size_t n_ignored;	/* tests on which GOOD and BAD do not differ */
	size_t n_good, n_bad;	/* deciding tests placing CANDIDATE so */
	enum classify_verdict verdict;
};

/*
 * Classify side 2 of T between sides 0 (GOOD) and 1 (BAD) with the
 * alpha of T's options.  OUT->n_tests is 0 when no test tells GOOD
 * from BAD (there is nothing to bisect on).
 */
void classify_table(const struct cmp_table *t, struct classify *out);
/* The exit status of C: CLASSIFY_EXIT_GOOD, _BAD or _SKIP. */
int classify_exit(const struct classify *c);
/* Why, in a few lines, flushed.  0, or -1 when writing F failed. */
int classify_print(FILE *f, const struct classify *c);
void classify_free(struct classify *c);

#endif
