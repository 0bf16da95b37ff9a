/*
 * aimrun --copies: N instances of one test at once, each its own process
 * under the runner's watchdog with its own scratch directory, SysV IPC
 * keys and meters, released together by a barrier after their setup.
 * The result's samples are the sums of the copies' calls per interval.
 */
#ifndef AIM_COPIES_H
#define AIM_COPIES_H

#include <stddef.h>

#include "runner.h"

/* Most copies of one test; a sweep holds at most COPIES_LIST_MAX counts. */
#define COPIES_MAX 1024
#define COPIES_LIST_MAX 32

/*
 * The barrier as the test process sees it: after setup it writes its
 * copy number to READY_FD, then, if setup succeeded, waits on GO_FD for
 * end of file (the parent closes the only write end once every copy is
 * ready or gone).
 */
struct copies_gate {
	int ready_fd;
	int go_fd;
	int copy;		/* 0 .. n-1 */
};

/* In the test process: report setup done (OK: it succeeded), wait. */
void copies_gate_pass(const struct copies_gate *g, int ok);

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
 * Run N copies of T under CFG (its scratch is ignored: each copy gets a
 * new directory under DIR when T needs one).  0 with OUT filled, as
 * runner_run(); -1 when the harness could not work (errno set).  A test
 * whose descriptor says it cannot run as copies is a skip with its reason.
 */
int copies_run(const struct aim_test *t, const struct runner_cfg *cfg, int n,
	       const char *dir, struct runner_outcome *out);

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
