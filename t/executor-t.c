// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The table of executors (harness/executor.c): which row runs a test
 * alone, as copies, as threads, and a command; a command through its
 * executor (one sample, its status); a test that cannot run as threads
 * refused as a skip before any process starts.
 */
#include "config.h"

#include <string.h>

#include "executor.h"
#include "interrupt.h"
#include "tap.h"

static enum aim_status
nop_run(struct aim_ctx *ctx)
{
	(void)ctx;
	return AIM_OK;
}

static const struct aim_test t_shared = {
	.info = &(const struct catalog_test){
		.number = 99, .name = "shared", .units = "Calls/second",
		.factor = 1,
	},
	.run = nop_run,
	.no_threads = "shares the working directory",
};

static const char *
picked(const struct exec_unit *u, const struct exec_cfg *c)
{
	const struct executor *e = executor_for(u, c);

	return e != NULL ? e->name : "none";
}

static void
test_choice(void)
{
	const struct exec_unit test = { .test = &t_shared };
	const struct exec_unit cmd = { .name = "c", .path = "/bin/true" };

	is_string(picked(&test, &(struct exec_cfg){ .copies = 1 }), "test",
		  "a test alone: one test process");
	is_string(picked(&test, &(struct exec_cfg){ .copies = 3 }), "copies",
		  "--copies 3: copies");
	is_string(picked(&test, &(struct exec_cfg){ .copies = 3, .threads = 1 }),
		  "threads", "--copies 3 --threads: threads");
	is_string(picked(&cmd, &(struct exec_cfg){ .copies = 1 }), "command",
		  "a command: the command's");
}

static void
test_command(void)
{
	char t[] = "true", f[] = "false";
	char *const yes[] = { t, NULL }, *const no[] = { f, NULL };
	const struct exec_unit ok_unit = {
		.name = "yes", .path = "/bin/true", .argv = yes, .metered = 1,
	};
	const struct exec_unit bad_unit = {
		.name = "no", .path = "/bin/false", .argv = no,
	};
	const struct exec_cfg cfg = {
		.runner = { .deadline_ns = 10000000000LL,
			    .kill_grace_ns = 1000000000LL,
			    .interrupted = interrupt_pending },
	};
	struct runner_outcome out;
	char err[256];
	int64_t v;

	is_int(executor_for(&ok_unit, &cfg)->run(&ok_unit, &cfg, &out, err,
						 sizeof(err)), 0,
	       "a command runs");
	is_int(out.status, RUNNER_OK, "... and succeeds");
	ok(out.n_samples == 1 && out.samples[0].calls == 1 &&
	   out.samples[0].elapsed_ns > 0, "... one sample of one call");
	ok(measure_get(&out.samples[0].m, MEASURE_MAXRSS_KIB, &v) && v > 0,
	   "... metered: its rusage");
	runner_outcome_free(&out);
	is_int(executor_for(&bad_unit, &cfg)->run(&bad_unit, &cfg, &out, err,
						  sizeof(err)), 0,
	       "a failing command runs");
	is_int(out.status, RUNNER_FAIL, "... and fails");
	is_string(out.reason, "exited with status 1", "... with its status");
	ok(!measure_get(&out.samples[0].m, MEASURE_MAXRSS_KIB, &v),
	   "... unmetered: no rusage");
	runner_outcome_free(&out);
}

static void
test_refused(void)
{
	const struct exec_unit u = { .test = &t_shared };
	const struct exec_cfg cfg = { .copies = 2, .threads = 1 };
	struct runner_outcome out;
	char err[256];

	is_int(executor_for(&u, &cfg)->run(&u, &cfg, &out, err, sizeof(err)),
	       0, "threads of a test that cannot be");
	is_int(out.status, RUNNER_SKIP, "... is a skip");
	is_string(out.reason,
		  "cannot run as threads: shares the working directory",
		  "... with its reason");
	runner_outcome_free(&out);
}

int
main(void)
{
	plan_lazy();
	test_choice();
	test_command();
	test_refused();
	return done_testing();
}
