/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One run of one test in a fresh child process, watched by the parent:
 * deadline, then SIGTERM, then SIGKILL of the child's process group, then
 * reaping, and the outcome classified as ok, skip, fail, timeout or crash.
 */
#ifndef AIM_RUNNER_H
#define AIM_RUNNER_H

#include <stddef.h>
#include <stdint.h>

#include "aim_test.h"
#include "child.h"
#include "outcome.h"

struct child_prog;

struct runner_cfg {
	struct child_cfg child;
	/*
	 * The test program the child execs (aimrun); NULL: the test runs
	 * in the forked process itself (tests of the runner, whose tests
	 * are their own).
	 */
	const struct child_prog *prog;
	int64_t deadline_ns;	/* whole child lifetime before SIGTERM */
	int64_t kill_grace_ns;	/* SIGTERM to SIGKILL */
	/* Polled while waiting; non-zero means stop now (a signal arrived). */
	int (*interrupted)(void);
	/*
	 * Called after a poll that timed out, before the child is looked at;
	 * NULL in aimrun.  Tests make the watcher late there, as a loaded
	 * machine or a stop can.
	 */
	void (*idle)(void);
};

/* The deadline aimrun uses for a timing configuration. */
int64_t runner_default_deadline(const struct timing_cfg *t);

/*
 * Run T once.  Returns 0 with OUT filled (whatever the test did), or -1
 * when the harness itself could not work (pipe or fork failed; errno set).
 * Afterwards every child of the caller is killed and reaped, so what the
 * test left (reparented to a child subreaper) cannot outlive it: call it
 * only from a process whose children are its tests.
 */
int runner_run(const struct aim_test *t, const struct runner_cfg *cfg,
	       struct runner_outcome *out);

void runner_outcome_free(struct runner_outcome *out);

/*
 * Kill and reap what a finished process left to this one (a child
 * subreaper): orphans that moved out of its process group.  Waits up to
 * a second for them.
 */
void runner_reap_orphans(void);

/* "ok", "skip", "fail", "timeout", "crash" (stored status text). */
const char *runner_status_name(enum runner_status st);

#endif
