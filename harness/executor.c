// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The table of executors, and the two that run a test in one test
 * process: alone, or as threads of it (--threads).  --copies runs each
 * copy through the first in a watcher of its own (harness/copies.c).
 */
#include "config.h"

#include "executor.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "copies_sum.h"
#include "log.h"
#include "scratch.h"

static int
takes_test(const struct exec_unit *u, const struct exec_cfg *c)
{
	return u->test != NULL;
}

/* One test process under CFG, with a scratch directory when it needs one. */
static int
run_process(const struct aim_test *t, const struct runner_cfg *cfg,
	    const char *dir, struct runner_outcome *out, char *err,
	    size_t errlen)
{
	struct runner_cfg rc = *cfg;
	char *scratch = NULL;
	int ret;

	if (t->needs & AIM_NEEDS_SCRATCH) {
		scratch = scratch_create(dir);
		if (scratch == NULL) {
			snprintf(err, errlen,
				 "%s: cannot create a scratch directory: %s",
				 dir, strerror(errno));
			return -1;
		}
		rc.child.scratch = scratch;
	}
	ret = runner_run(t, &rc, out);
	if (ret != 0)
		snprintf(err, errlen, "%s: cannot start the test process: %s",
			 t->info->name, strerror(errno));
	if (scratch != NULL && scratch_remove(scratch) != 0)
		aim_warn_errno("%s: cannot remove scratch directory", scratch);
	free(scratch);
	return ret;
}

static int
run_test(const struct exec_unit *u, const struct exec_cfg *c,
	 struct runner_outcome *out, char *err, size_t errlen)
{
	return run_process(u->test, &c->runner, c->dir, out, err, errlen);
}

static const struct executor exec_test = {
	.name = "test", .takes = takes_test, .run = run_test,
};

static int
takes_threads(const struct exec_unit *u, const struct exec_cfg *c)
{
	return u->test != NULL && c->threads;
}

/* The copies as threads: one process, each thread's sample k summed. */
static int
run_threads(const struct exec_unit *u, const struct exec_cfg *c,
	    struct runner_outcome *out, char *err, size_t errlen)
{
	struct runner_cfg rc = c->runner;

	memset(out, 0, sizeof(*out));
	if (copies_refusal(u->test, c->copies, 1, out->reason,
			   sizeof(out->reason)) != NULL) {
		out->status = RUNNER_SKIP;
		return 0;
	}
	rc.child.threads = c->copies;
	rc.child.timing.samples_fixed = 1;
	return run_process(u->test, &rc, c->dir, out, err, errlen);
}

static const struct executor exec_threads = {
	.name = "threads", .takes = takes_threads, .run = run_threads,
};

/* The first row that takes a unit runs it: the most particular first. */
static const struct executor *const executors[] = {
	&exec_command,
	&exec_threads,
	&exec_copies,
	&exec_test,
};

const struct executor *
executor_for(const struct exec_unit *u, const struct exec_cfg *c)
{
	for (size_t i = 0; i < sizeof(executors) / sizeof(executors[0]); i++)
		if (executors[i]->takes(u, c))
			return executors[i];
	return NULL;	/* unreachable: exec_test takes every test */
}
