/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The executor of timed commands (aimrun --cmd): one run of a program in
 * a fresh process started with an argument vector, never a shell, under
 * the watchdog of test runs: a deadline, then SIGTERM, then SIGKILL of
 * its process group, then reaping.  The child is forked first and held
 * before exec; the meters of the table that measure a command
 * (harness/child/meter_set.h) are opened on it then, start right before
 * the clock reading that releases it and stop after wait4() reaped it,
 * so what they report belongs to the run's wall time (counters opened
 * on it are inherited by what it starts).  It is the executor
 * exec_command (harness/executor.h).
 */
#ifndef AIM_CMD_EXEC_H
#define AIM_CMD_EXEC_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "aim_test.h"
#include "perf.h"
#include "runner.h"

struct monitor;

struct cmd_exec_cfg {
	const char *path;		/* the program, resolved (cmd_resolve) */
	char *const *argv;		/* NULL-terminated; argv[0] is shown */
	int64_t deadline_ns;		/* of the run, before SIGTERM */
	int64_t kill_grace_ns;		/* SIGTERM to SIGKILL */
	int (*interrupted)(void);	/* polled; non-zero: stop now */
	int metered;			/* the meters around the run */
	const struct perf_plan *counters;	/* for the meters; NULL: none */
	/*
	 * The kernel's monitors, read right outside the meters around the
	 * run (the caller keeps the span of a run that passed); NULL: none.
	 */
	struct monitor *monitor;
};

/*
 * PROG as execv() should get it: a name with a '/' as it is, any other
 * the first executable regular file of that name in $PATH (or
 * /usr/local/bin:/usr/bin:/bin without one).  A malloc'd path, or NULL
 * with a one-line reason in ERR.
 */
char *cmd_resolve(const char *prog, char *err, size_t errlen);

/*
 * Run CFG's program once, to its end or its deadline.  Returns 0 with
 * OUT filled (whatever the program did: status OK, FAIL, TIMEOUT, CRASH
 * or INTERRUPTED, and one sample, calls 1, elapsed_ns the wall time), or
 * -1 when the harness could not start it (pipe or fork failed; errno
 * set).  The run's whole process group and the orphans it left to this
 * process (a child subreaper) are killed and reaped before it returns.
 */
int cmd_exec(const struct cmd_exec_cfg *cfg, struct runner_outcome *out);

#endif
