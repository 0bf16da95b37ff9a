/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Executors: what runs one repetition of a run's unit, a test of the
 * catalog or a timed command, in processes of its own under the
 * watchdog, and says what it came to as a struct runner_outcome.  The
 * run takes the first row of the table (executor.c) that takes its unit
 * and options: run.c for tests, cmd.c for commands.
 */
#ifndef AIM_EXECUTOR_H
#define AIM_EXECUTOR_H

#include <stddef.h>

#include "aim_test.h"
#include "runner.h"

struct monitor;

/* What one repetition runs: a test, or a command when TEST is NULL. */
struct exec_unit {
	const struct aim_test *test;
	const char *name;	/* a command: the name it is stored under */
	const char *path;	/* a command: the program, resolved */
	char *const *argv;	/* a command: its arguments, NULL-ended */
	int metered;		/* a command: the meters around its run */
	struct monitor *monitor;	/* a command: the kernel's monitors */
};

/* How: the watchdog, and what a test process is configured with. */
struct exec_cfg {
	/*
	 * The deadline, the grace before SIGKILL and the stop request for
	 * every unit; CHILD (timing, counters, CPU, sizes) for a test, and
	 * CHILD.counters for a command.
	 */
	struct runner_cfg runner;
	int copies;		/* instances at once (--copies); 1: alone */
	int threads;		/* the copies as threads of one process */
	const char *dir;	/* where copies make their scratch directories */
};

struct executor {
	const char *name;
	/* Whether it runs U under C. */
	int (*takes)(const struct exec_unit *u, const struct exec_cfg *c);
	/*
	 * One repetition: 0 with OUT filled, whatever the unit did (free it
	 * with runner_outcome_free); -1 when the harness could not run it,
	 * with a one-line reason in ERR.
	 */
	int (*run)(const struct exec_unit *u, const struct exec_cfg *c,
		   struct runner_outcome *out, char *err, size_t errlen);
};

/* The rows of the table that live beside what they drive. */
extern const struct executor exec_copies;	/* harness/copies.c */
extern const struct executor exec_command;	/* harness/cmd_exec.c */

/* The first executor of the table that takes U under C. */
const struct executor *executor_for(const struct exec_unit *u,
				    const struct exec_cfg *c);

#endif
