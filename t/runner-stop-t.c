// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A stopped aimrun (SIGSTOP, Ctrl-Z, a frozen cgroup) must not turn a
 * test that finished, or would finish in time, into a timeout: the
 * deadline counts time the watcher ran, and what is in the pipe is read
 * before the deadline is judged.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "runner.h"
#include "tap.h"

static enum aim_status
run_ok(struct aim_ctx *ctx)
{
	aim_sink_ptr(ctx);
	return AIM_OK;
}

static const struct aim_test t_ok = {
	.info = &(const struct catalog_test){
		.number = 90, .name = "ok", .units = "Fakes/second",
		.factor = 1,
	},
	.run = run_ok,
};

/* Silent past one poll of the watcher, then quick to finish. */
static enum aim_status
setup_slow(struct aim_ctx *ctx)
{
	struct timespec ts = { 0, 150000000 };

	aim_sink_ptr(ctx);
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
	return AIM_OK;
}

static const struct aim_test t_slow_start = {
	.info = &(const struct catalog_test){
		.number = 91, .name = "slow_start", .units = "Fakes/second",
		.factor = 1,
	},
	.setup = setup_slow, .run = run_ok,
};

static void
nap_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/* The first child of WATCHER (its test process), or 0. */
static pid_t
test_process(pid_t watcher)
{
	char path[64];
	long pid = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%ld/task/%ld/children",
		 (long)watcher, (long)watcher);
	f = fopen(path, "re");
	if (f == NULL)
		return 0;
	if (fscanf(f, "%ld", &pid) != 1)
		pid = 0;
	(void)fclose(f);
	return (pid_t)pid;
}

/*
 * From a grandchild (not ours to reap, so the runner's orphan sweep
 * cannot kill it): after AFTER_MS stop WATCHER, and with GROUP_TOO its
 * test's process group, for STOP_MS, then continue them.
 */
static void
stopper(pid_t watcher, long after_ms, long stop_ms, int group_too)
{
	pid_t pid = fork(), test;

	if (pid < 0)
		bail("fork: %s", strerror(errno));
	if (pid > 0) {
		if (waitpid(pid, NULL, 0) != pid)
			bail("waitpid: %s", strerror(errno));
		return;
	}
	if (fork() != 0)
		_exit(0);
	nap_ms(after_ms);
	test = group_too ? test_process(watcher) : 0;
	if (test > 0)
		(void)kill(-test, SIGSTOP);
	(void)kill(watcher, SIGSTOP);
	nap_ms(stop_ms);
	(void)kill(watcher, SIGCONT);
	if (test > 0)
		(void)kill(-test, SIGCONT);
	_exit(0);
}

static void
check(const char *what, int64_t duration_ns, long after_ms, int group_too)
{
	struct runner_cfg cfg = { .kill_grace_ns = 300000000 };
	struct runner_outcome out;

	timing_cfg_default(&cfg.child.timing, duration_ns);
	cfg.deadline_ns = 600000000;	/* well past the test's own time */
	stopper(getpid(), after_ms, 1200, group_too);
	is_int(runner_run(&t_ok, &cfg, &out), 0, "%s: harness works", what);
	is_string(runner_status_name(out.status), "ok", "%s: classified ok "
		  "(reason '%s')", what, out.reason);
	is_int((int64_t)out.n_samples, cfg.child.timing.samples,
	       "%s: every sample kept", what);
	runner_outcome_free(&out);
	nap_ms(50);	/* the stopper is surely gone */
}

/* The watcher loses the CPU right after a poll timed out. */
static void
late(void)
{
	nap_ms(400);
}

/*
 * The test writes all its records and exits while the watcher is late
 * after an empty poll: what it wrote is still read.
 */
static void
check_late(void)
{
	struct runner_cfg cfg = { .kill_grace_ns = 300000000, .idle = late };
	struct runner_outcome out;

	timing_cfg_default(&cfg.child.timing, 10000000);
	cfg.deadline_ns = 20000000000LL;
	is_int(runner_run(&t_slow_start, &cfg, &out), 0,
	       "late after an empty poll: harness works");
	is_string(runner_status_name(out.status), "ok", "late after an empty "
		  "poll: classified ok (reason '%s')", out.reason);
	is_int((int64_t)out.n_samples, cfg.child.timing.samples,
	       "late after an empty poll: every sample kept");
	runner_outcome_free(&out);
}

int
main(void)
{
	plan_lazy();
	/* The test ends while its watcher is stopped past the deadline. */
	check("watcher stopped", 50000000, 20, 0);
	/* Both stopped: the test ends after the deadline in wall time. */
	check("watcher and test stopped", 200000000, 60, 1);
	check_late();
	return done_testing();
}
