// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The watchdog and outcome classification against test-only tests that
 * pass, skip, fail, crash, abort, exit, hang and leave children behind.
 * After each, no child, zombie or descriptor of ours may remain.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runner.h"
#include "sanitizer.h"
#include "tap.h"

static enum aim_status
run_ok(struct aim_ctx *ctx)
{
	aim_sink_ptr(ctx);
	return AIM_OK;
}

static enum aim_status
setup_skip(struct aim_ctx *ctx)
{
	return aim_skip(ctx, "no frobnicator: /dev/frob absent");
}

static enum aim_status
run_fail(struct aim_ctx *ctx)
{
	errno = ENOSPC;
	return aim_fail_errno(ctx, "write");
}

static enum aim_status
run_segv(struct aim_ctx *ctx)
{
	(void)raise(SIGSEGV);
	return AIM_OK;
}

static enum aim_status
run_abort(struct aim_ctx *ctx)
{
	abort();
}

static enum aim_status
run_exit(struct aim_ctx *ctx)
{
	_exit(7);
}

static enum aim_status
run_hang(struct aim_ctx *ctx)
{
	while (pause() != 1)
		;
	return AIM_OK;
}

static enum aim_status
run_ignore_term(struct aim_ctx *ctx)
{
	(void)signal(SIGTERM, SIG_IGN);
	while (pause() != 1)
		;
	return AIM_OK;
}

/* Leaves a grandchild that would live for a minute. */
static enum aim_status
setup_orphan(struct aim_ctx *ctx)
{
	pid_t pid = fork();

	if (pid < 0)
		return aim_fail_errno(ctx, "fork");
	if (pid == 0) {
		(void)sleep(60);
		_exit(0);
	}
	return AIM_OK;
}

#define T(nm, su, ru) { .info = &(const struct catalog_test){ \
		.number = 90, .name = nm, .units = "Fakes/second", \
		.factor = 1 }, \
	.setup = su, .run = ru }

static const struct aim_test t_ok = T("ok", NULL, run_ok);
static const struct aim_test t_skip = T("skip", setup_skip, run_ok);
static const struct aim_test t_fail = T("fail", NULL, run_fail);
static const struct aim_test t_segv = T("segv", NULL, run_segv);
static const struct aim_test t_abort = T("abort", NULL, run_abort);
static const struct aim_test t_exit = T("exit", NULL, run_exit);
/* Says where its stack and a new heap block are, through the skip reason. */
static enum aim_status
setup_where(struct aim_ctx *ctx)
{
	volatile char local = 0;
	void *block = malloc(32);
	enum aim_status st;

	st = aim_skip(ctx, "%lx %lx", (unsigned long)(uintptr_t)&local,
		      (unsigned long)(uintptr_t)block);
	free(block);
	return st;
}

static const struct aim_test t_hang = T("hang", NULL, run_hang);
static const struct aim_test t_term = T("ignore-term", NULL, run_ignore_term);
static const struct aim_test t_orphan = T("orphan", setup_orphan, run_ok);
static const struct aim_test t_where = T("where", setup_where, run_ok);

static int
count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		n += e->d_name[0] != '.';
	(void)closedir(d);
	return n;
}

static int
no_children_left(void)
{
	return waitpid(-1, NULL, WNOHANG) < 0 && errno == ECHILD;
}

static void
check(const struct aim_test *t, enum runner_status want, const char *reason_has,
      int64_t deadline_ns)
{
	struct runner_cfg cfg = { .kill_grace_ns = 300000000 };
	struct runner_outcome out;
	int fds = count_fds();

	timing_cfg_default(&cfg.child.timing, 20000000);
	cfg.deadline_ns = deadline_ns;
	cfg.child.filesize_k = 5120;
	is_int(runner_run(t, &cfg, &out), 0, "%s: harness works", t->info->name);
	is_string(runner_status_name(out.status), runner_status_name(want),
		  "%s: classified %s", t->info->name, runner_status_name(want));
	if (reason_has != NULL)
		ok(strstr(out.reason, reason_has) != NULL, "%s: reason '%s' has '%s'",
		   t->info->name, out.reason, reason_has);
	if (want == RUNNER_OK)
		ok(out.n_samples == (size_t)cfg.child.timing.samples &&
		   out.samples[0].calls > 0 && out.warmup_calls > 0,
		   "%s: samples and warm-up reported", t->info->name);
	ok(no_children_left(), "%s: no child or zombie left", t->info->name);
	is_int(count_fds(), fds, "%s: no descriptor leaked", t->info->name);
	runner_outcome_free(&out);
}

/* 1 when X[I] differs from every earlier value. */
static int
distinct(const unsigned long *x, int i)
{
	for (int j = 0; j < i; j++)
		if (x[j] == x[i])
			return 0;
	return 1;
}

/*
 * Runs fork from one parent, so only the harness can give each its own
 * layout: the stack and the heap of the test must move between runs.
 */
static void
check_layout(void)
{
	struct runner_cfg cfg = { .kill_grace_ns = 300000000 };
	unsigned long stack[8], heap[8];
	int stacks = 0, heaps = 0;

	timing_cfg_default(&cfg.child.timing, 20000000);
	cfg.deadline_ns = 10000000000LL;
	for (int i = 0; i < 8; i++) {
		struct runner_outcome out;

		if (runner_run(&t_where, &cfg, &out) != 0 ||
		    sscanf(out.reason, "%lx %lx", &stack[i], &heap[i]) != 2)
			bail("layout probe: no addresses in '%s'", out.reason);
		runner_outcome_free(&out);
		stacks += distinct(stack, i);
		heaps += distinct(heap, i);
	}
	/* 256 offsets each: 5 or fewer of 8 distinct is a 1 in 5000 chance. */
	ok(stacks >= 6, "the stack moves from run to run (%d of 8 runs at "
	   "distinct addresses)", stacks);
	if (SANITIZED)
		skip("the sanitizer's allocator serves each size from its own "
		     "region, so the pad cannot move a small block");
	else
		ok(heaps >= 6, "the heap moves from run to run (%d of 8 runs "
		   "at distinct addresses)", heaps);
	ok(stack[0] % 16 == stack[1] % 16, "the stack keeps its 16-byte "
	   "alignment");
}

int
main(void)
{
	plan_lazy();
	/* Grandchildren orphaned by a test come to us, as in aimrun. */
	(void)prctl(PR_SET_CHILD_SUBREAPER, 1);
	check(&t_ok, RUNNER_OK, NULL, 10000000000LL);
	check(&t_skip, RUNNER_SKIP, "/dev/frob absent", 10000000000LL);
	check(&t_fail, RUNNER_FAIL, "write: No space left on device", 10000000000LL);
	check(&t_segv, RUNNER_CRASH, "signal 11", 10000000000LL);
	check(&t_abort, RUNNER_CRASH, "signal 6", 10000000000LL);
	check(&t_exit, RUNNER_FAIL, "exited with status 7", 10000000000LL);
	check(&t_hang, RUNNER_TIMEOUT, "process group killed", 500000000LL);
	check(&t_term, RUNNER_TIMEOUT, "process group killed", 500000000LL);
	check(&t_orphan, RUNNER_OK, NULL, 10000000000LL);
	check_layout();
	return done_testing();
}
