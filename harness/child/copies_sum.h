/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What aimrun --copies and --threads share between the parent and the
 * test process: the counts of copies, what may not run as copies or
 * threads, and the sum of the copies' samples per interval.
 */
#ifndef AIM_COPIES_SUM_H
#define AIM_COPIES_SUM_H

#include <stddef.h>

#include "aim_test.h"
#include "outcome.h"

/* Most copies of one test; a sweep holds at most COPIES_LIST_MAX counts. */
#define COPIES_MAX 1024
#define COPIES_LIST_MAX 32

/*
 * Parse "1,2,4,max" (max: NCPU) into OUT (sorted, no repeats); N counts.
 * 0, or -1 with a reason in ERR.
 */
int copies_parse(const char *spec, int ncpu, int *out, size_t *n, char *err,
		 size_t errlen);

/*
 * Why T cannot run as N copies, as threads of one process when THREADS
 * (aimrun --threads): the skip reason, in BUF; NULL when it can.
 */
const char *copies_refusal(const struct aim_test *t, int n, int threads,
			   char *buf, size_t len);

/* --scale: 1, 2, 4, ... below NCPU, then NCPU. */
size_t copies_scale(int ncpu, int *out);

/* The CPUs this process may run on (at least 1). */
int copies_ncpu(void);

/*
 * Combine the outcomes of N copies into OUT: the first copy that did not
 * succeed decides the status, its reason led by "copy K of N: " ("thread
 * K of N: " when THREADS, the copies of --threads); else sample k sums
 * the calls of every
 * copy's sample k (as many samples as the copy with fewest), lasts as
 * long as the longest, sums the counted metrics every copy has, and
 * holds the fewest and most calls of one copy (copy_min_calls,
 * copy_max_calls).
 */
void copies_combine(const struct runner_outcome *each, int n, int threads,
		    struct runner_outcome *out);

#endif
