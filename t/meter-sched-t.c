// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The noise meter (harness/child/meter_sched.c) on a made-up /proc: run delay
 * from the second field of schedstat, steal from the eighth column of the
 * cpu line of /proc/stat in USER_HZ ticks turned into ns, each unknown
 * when its file is missing, lacks the field or goes backwards.  Then on
 * the running system.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "meter_sched.h"
#include "tap.h"

static void
put(const char *root, const char *path, const char *text)
{
	char full[4096];
	FILE *f;

	snprintf(full, sizeof(full), "%s%s", root, path);
	f = fopen(full, "w");	/* the same inode: the meter holds it open */
	if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0)
		bail("cannot write %s", full);
}

/* One sample over the fake files: start, rewrite them, stop. */
static void
sample(const char *root, const char *delay1, const char *stat1,
       struct measure_sample *s)
{
	struct meter_sched m;
	struct timing_meter t;

	meter_sched_open(&m, root);
	t = meter_sched(&m);
	measure_init(s, 1);
	t.start(t.state);
	if (delay1 != NULL)
		put(root, "/proc/thread-self/schedstat", delay1);
	if (stat1 != NULL)
		put(root, "/proc/stat", stat1);
	t.stop(t.state, s);
	meter_sched_close(&m);
}

static void
fake(const char *root)
{
	struct measure_sample s;
	int64_t v = -1;
	long hz = sysconf(_SC_CLK_TCK);

	put(root, "/proc/thread-self/schedstat", "100 2000 5\n");
	put(root, "/proc/stat", "cpu  1 2 3 4 5 6 7 8 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n");
	sample(root, "150 5000 7\n", "cpu  1 2 3 4 5 6 7 10 0 0\n", &s);
	ok(measure_get(&s.m, MEASURE_RUN_DELAY, &v) && v == 3000,
	   "run delay: the second field's growth");
	ok(measure_get(&s.m, MEASURE_STEAL, &v) && v == 2 * (1000000000 / hz),
	   "steal: two ticks in ns");
	sample(root, "150 4000 7\n", "cpu  1 2 3 4 5 6 7\n", &s);
	ok(!measure_get(&s.m, MEASURE_RUN_DELAY, &v),
	   "a run delay going backwards stays unknown");
	ok(!measure_get(&s.m, MEASURE_STEAL, &v),
	   "no steal column: unknown");
	is_int(meter_sched_steal_ticks("cpu  1 2 3 4 5 6 7 99"), 99, "steal column");
	is_int(meter_sched_steal_ticks("cpu0 1 2 3 4 5 6 7 99"), -1,
	       "only the machine's line");
	is_int(meter_sched_steal_ticks("cpu  1 2 3 4 5 6 7 1234567890123456789"),
	       -1, "19 digits refused");
	is_int(meter_sched_open(&(struct meter_sched){ 0 }, "/nonexistent"), 0,
	       "no /proc: nothing to read");
}

static void
real(void)
{
	struct meter_sched m;
	struct timing_meter t;
	struct measure_sample s;
	volatile unsigned long sink = 0;
	int64_t v;

	if (access("/proc/thread-self/schedstat", R_OK) != 0) {
		skip("no /proc/thread-self/schedstat here");
		return;
	}
	ok(meter_sched_open(&m, "") >= 1, "the running system gives run delay");
	t = meter_sched(&m);
	measure_init(&s, 1);
	t.start(t.state);
	for (unsigned long i = 0; i < 1000000; i++)
		sink = sink + i;
	t.stop(t.state, &s);
	meter_sched_close(&m);
	ok(measure_get(&s.m, MEASURE_RUN_DELAY, &v) && v >= 0,
	   "a real sample's run delay is known");
}

int
main(void)
{
	char root[] = "/tmp/meter-sched-t.XXXXXX", dir[4096];

	if (mkdtemp(root) == NULL)
		bail("mkdtemp");
	snprintf(dir, sizeof(dir), "%s/proc", root);
	if (mkdir(dir, 0700) != 0)
		bail("mkdir");
	snprintf(dir, sizeof(dir), "%s/proc/thread-self", root);
	if (mkdir(dir, 0700) != 0)
		bail("mkdir");
	plan_lazy();
	fake(root);
	real();
	/* Remove the tree, deepest first. */
	static const char *const made[] = {
		"/proc/thread-self/schedstat", "/proc/stat",
		"/proc/thread-self", "/proc", "",
	};
	for (size_t i = 0; i < sizeof(made) / sizeof(made[0]); i++) {
		snprintf(dir, sizeof(dir), "%s%s", root, made[i]);
		if (remove(dir) != 0)
			diag("cannot remove %s", dir);
	}
	return done_testing();
}
