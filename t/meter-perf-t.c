// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The perf counters with a fake event source: --counters parsing, the
 * probe's one line per cause of refusal (no PMU, paranoid, not supported),
 * the groups opened, and what a sample stores when the groups count,
 * are multiplexed, or cannot be read.  Then the real kernel: a meter
 * opened on this process counts the page faults of the children it
 * forks afterwards (inherit).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "perf.h"
#include "tap.h"

#define FDS 64
#define FD0 100

struct fake {
	int hw_errno;		/* open of a hardware event fails so */
	int kernel_errno;	/* open counting kernel mode fails so */
	int stalled_errno;	/* stalled-cycles events fail so */
	int group_errno;	/* PERF_FORMAT_GROUP fails so */
	int paranoid;
	int fail_read;		/* the read numbered so (from 1) fails */
	int multiplex_hw;	/* hardware leaders run half the time */
	int reads;
	struct perf_event_attr attr[FDS];
	int group_fd[FDS], nread[FDS], is_open[FDS];
	int n;
	char said[8][1024];
	int n_said;
};

static int
fake_open(void *arg, struct perf_event_attr *attr, pid_t pid, int group_fd)
{
	struct fake *f = arg;
	int hw = attr->type == PERF_TYPE_HARDWARE;
	int e = 0;

	(void)pid;
	if (hw && f->hw_errno)
		e = f->hw_errno;
	else if (hw && f->stalled_errno &&
		 (attr->config == PERF_COUNT_HW_STALLED_CYCLES_FRONTEND ||
		  attr->config == PERF_COUNT_HW_STALLED_CYCLES_BACKEND))
		e = f->stalled_errno;
	else if (!attr->exclude_kernel && f->kernel_errno)
		e = f->kernel_errno;
	else if ((attr->read_format & PERF_FORMAT_GROUP) && f->group_errno)
		e = f->group_errno;
	if (e != 0 || f->n == FDS) {
		errno = e != 0 ? e : EMFILE;
		return -1;
	}
	f->attr[f->n] = *attr;
	f->group_fd[f->n] = group_fd;
	f->is_open[f->n] = 1;
	return FD0 + f->n++;
}

/* Event K's count after R reads of its leader: 10 x (metric + 1) per read. */
static uint64_t
count_of(const struct fake *f, int k, int r)
{
	(void)f;
	return (uint64_t)r * 10u * (uint64_t)(k + 1) + 7u;
}

static ssize_t
fake_read(void *arg, int fd, void *buf, size_t len)
{
	struct fake *f = arg;
	uint64_t *v = buf;
	int k = fd - FD0, r, nr = 0;
	int hw = f->attr[k].type == PERF_TYPE_HARDWARE;

	if (++f->reads == f->fail_read) {
		errno = EIO;
		return -1;
	}
	r = ++f->nread[k];
	v[1] = 1000u * (uint64_t)r;			/* enabled */
	v[2] = (hw && f->multiplex_hw ? 500u : 1000u) * (uint64_t)r;
	if (!(f->attr[k].read_format & PERF_FORMAT_GROUP)) {
		v[0] = count_of(f, k, r);
		return 3 * sizeof(*v);
	}
	for (int j = 0; j < f->n; j++)
		if (j == k || f->group_fd[j] == fd)
			v[3 + nr++] = count_of(f, j, r);
	v[0] = (uint64_t)nr;
	(void)len;
	return (ssize_t)((3 + (size_t)nr) * sizeof(*v));
}

static void
fake_close(void *arg, int fd)
{
	struct fake *f = arg;

	f->is_open[fd - FD0] = 0;
}

static int
fake_paranoid(void *arg)
{
	return ((struct fake *)arg)->paranoid;
}

static void
say(void *arg, const char *line)
{
	struct fake *f = arg;

	if (f->n_said < 8)
		snprintf(f->said[f->n_said++], sizeof(f->said[0]), "%s", line);
}

static struct perf_source
source(struct fake *f)
{
	struct perf_source s = { fake_open, fake_read, fake_close,
				 fake_paranoid, f };

	memset(f->is_open, 0, sizeof(f->is_open));
	return s;
}

static int
still_open(const struct fake *f)
{
	int n = 0;

	for (int i = 0; i < f->n; i++)
		n += f->is_open[i];
	return n;
}

static void
test_parse(void)
{
	struct perf_plan p;
	char err[600];

	ok(perf_plan_parse("none", &p, err, sizeof(err)) == 0 && p.want == 0,
	   "none counts nothing");
	ok(perf_plan_parse("default", &p, err, sizeof(err)) == 0 &&
	   p.want == (1u << 14) - 1, "default: six software, eight hardware");
	ok(perf_plan_parse("page-faults,cycles:u,instructions:k", &p, err,
			   sizeof(err)) == 0 &&
	   p.want == (1u << 3 | 1u << 14 | 1u << 17), "a list");
	ok(perf_plan_parse("page-faults,bogus\033[31m", &p, err,
			   sizeof(err)) < 0, "an unknown name is refused");
	ok(strstr(err, "unknown event; valid: default, none, task-clock,") &&
	   strstr(err, "instructions:k") && !strchr(err, '\n') &&
	   !strstr(err, "bogus"),
	   "in one line listing the valid names, quoting nothing: %s", err);
	ok(perf_plan_parse("cycles,,page-faults", &p, err, sizeof(err)) < 0 &&
	   strstr(err, "an empty event"), "an empty name is refused");
	ok(perf_plan_parse("", &p, err, sizeof(err)) < 0, "so is nothing");
}

static void
test_probe(void)
{
	struct fake f = { .hw_errno = ENOENT, .paranoid = 2 };
	struct perf_source src = source(&f);
	struct perf_plan p;
	char err[600];

	(void)perf_plan_parse("default", &p, err, sizeof(err));
	perf_plan_probe(&src, &p, say, &f);
	is_int(p.want, (1 << PERF_SOFTWARE) - 1, "no PMU: software left");
	is_int(f.n_said, 0,
	       "the default says nothing of a missing PMU (aimrun --check does)");
	ok(p.grouped, "group reads where the kernel takes them");
	is_int(still_open(&f), 0, "the probe closes what it opened");
	ok(perf_no_pmu(&src), "no PMU: perf_no_pmu says so");
	(void)perf_plan_parse("task-clock,cycles,instructions,branches,branch-misses,cache-references,cache-misses,stalled-cycles-frontend,stalled-cycles-backend",
			      &p, err, sizeof(err));
	perf_plan_probe(&src, &p, say, &f);
	is_int(f.n_said, 1, "events named: one line for the missing hardware");
	is_string(f.said[0], "counters: not supported: cycles, instructions, branches, branch-misses, cache-references, cache-misses, stalled-cycles-frontend, stalled-cycles-backend: No such file or directory (no hardware counters: the CPU, or the hypervisor it runs under, exposes no PMU)",
		  "naming each event once, with the reason");
	is_int(still_open(&f), 0, "... and closes what it opened");

	memset(&f, 0, sizeof(f));
	f.kernel_errno = EACCES;
	f.paranoid = 2;
	f.stalled_errno = EOPNOTSUPP;
	src = source(&f);
	(void)perf_plan_parse("task-clock,cycles,cycles:u,stalled-cycles-backend",
			      &p, err, sizeof(err));
	perf_plan_probe(&src, &p, say, &f);
	is_int(p.want, 1u << 14, "paranoid 2: only user-mode counting left");
	is_int(f.n_said, 2, "one line per cause");
	is_string(f.said[0], "counters: not supported: task-clock, cycles: Permission denied (kernel.perf_event_paranoid is 2: set it to 1 or lower, sysctl kernel.perf_event_paranoid=1, or give aimrun CAP_PERFMON)",
		  "the paranoid level named with the sysctl to change");
	is_string(f.said[1], "counters: not supported: stalled-cycles-backend: Operation not supported",
		  "an event the PMU lacks");

	memset(&f, 0, sizeof(f));
	f.kernel_errno = EACCES;
	f.paranoid = 1;
	src = source(&f);
	(void)perf_plan_parse("page-faults", &p, err, sizeof(err));
	perf_plan_probe(&src, &p, say, &f);
	is_string(f.said[0], "counters: not supported: page-faults: Permission denied",
		  "no sysctl named when the level allows it (seccomp, LSM)");

	memset(&f, 0, sizeof(f));
	f.group_errno = EINVAL;
	src = source(&f);
	(void)perf_plan_parse("default", &p, err, sizeof(err));
	perf_plan_probe(&src, &p, say, &f);
	ok(!perf_no_pmu(&src), "a PMU: perf_no_pmu says no");
	ok(!p.grouped && f.n_said == 0 && p.want == (1u << 14) - 1,
	   "a kernel refusing inherit with group reads: each event alone");
}

/* Open PLAN on a fresh fake, run one sample, return its metrics. */
static struct measure_metrics
one_sample(struct fake *f, const char *spec, int grouped, int *open)
{
	struct perf_source src = source(f);
	struct perf_plan p;
	struct meter_perf m;
	struct timing_meter t;
	struct measure_sample s;
	char err[600];

	(void)perf_plan_parse(spec, &p, err, sizeof(err));
	p.grouped = grouped;
	*open = meter_perf_open(&m, &p, &src, 0);
	t = meter_perf(&m);
	measure_init(&s, 1);
	t.start(t.state);
	t.stop(t.state, &s);
	meter_perf_close(&m);
	ok(still_open(f) == 0, "%s: every event closed", spec);
	return s.m;
}

/* Event K of the fake holds metric ID with one read's step. */
static int
has(const struct measure_metrics *mm, enum measure_id id, int k)
{
	int64_t v;

	return measure_get(mm, id, &v) && v == 10 * (k + 1);
}

static void
test_meter(void)
{
	struct fake f = { 0 };
	struct measure_metrics mm;
	int open, ids = 1;

	mm = one_sample(&f, "default", 1, &open);
	is_int(open, 14, "every event opened");
	ok(f.group_fd[0] == -1 && f.group_fd[1] == -1 && f.group_fd[2] == FD0 + 1 &&
	   f.group_fd[5] == FD0 + 1 && f.group_fd[6] == -1 &&
	   f.group_fd[13] == FD0 + 6,
	   "groups: task-clock, the other software events, the hardware");
	for (int k = 0; k < 14; k++)
		ids &= f.attr[k].inherit && !f.attr[k].exclude_kernel &&
		       !f.attr[k].exclude_user && f.attr[k].exclude_hv &&
		       !f.attr[k].disabled &&
		       (f.attr[k].read_format & PERF_FORMAT_GROUP);
	ok(ids, "inherited, user and kernel, counting, read as groups");
	ok(has(&mm, MEASURE_TASK_CLOCK, 0) && has(&mm, MEASURE_PAGE_FAULTS, 3) &&
	   has(&mm, MEASURE_MAJOR_FAULTS, 5) && has(&mm, MEASURE_CYCLES, 6) &&
	   has(&mm, MEASURE_STALLED_BACKEND, 13),
	   "each count is the difference of the stop and start reads");
	is_int(__builtin_popcountll(mm.have), 14, "and only those are set");

	memset(&f, 0, sizeof(f));
	mm = one_sample(&f, "cycles:u,instructions:k", 1, &open);
	ok(f.attr[0].exclude_kernel && !f.attr[0].exclude_user &&
	   f.attr[1].exclude_user && !f.attr[1].exclude_kernel,
	   ":u excludes the kernel, :k the user");
	ok(has(&mm, MEASURE_CYCLES_USER, 0) &&
	   has(&mm, MEASURE_INSTRUCTIONS_KERNEL, 1), "stored apart");
}

static void
test_meter_faults(void)
{
	struct fake f = { 0 };
	struct measure_metrics mm;
	int open;

	f.multiplex_hw = 1;
	mm = one_sample(&f, "default", 1, &open);
	ok(has(&mm, MEASURE_PAGE_FAULTS, 3) && has(&mm, MEASURE_TASK_CLOCK, 0) &&
	   !measure_get(&mm, MEASURE_CYCLES, &(int64_t){ 0 }) &&
	   !measure_get(&mm, MEASURE_CACHE_MISSES, &(int64_t){ 0 }),
	   "multiplexed hardware: unknown, never scaled; software kept");

	memset(&f, 0, sizeof(f));
	f.fail_read = 5;	/* stop reads hardware, software, task-clock */
	mm = one_sample(&f, "default", 1, &open);
	ok(has(&mm, MEASURE_TASK_CLOCK, 0) && has(&mm, MEASURE_CYCLES, 6) &&
	   !measure_get(&mm, MEASURE_PAGE_FAULTS, &(int64_t){ 0 }) &&
	   !measure_get(&mm, MEASURE_CONTEXT_SWITCHES, &(int64_t){ 0 }),
	   "a failed read leaves that group's metrics unknown");

	memset(&f, 0, sizeof(f));
	f.fail_read = 1;	/* start's read of task-clock */
	mm = one_sample(&f, "task-clock,page-faults", 1, &open);
	ok(!measure_get(&mm, MEASURE_TASK_CLOCK, &(int64_t){ 0 }) &&
	   has(&mm, MEASURE_PAGE_FAULTS, 1),
	   "so does a failed start read");

	memset(&f, 0, sizeof(f));
	f.hw_errno = ENOENT;
	mm = one_sample(&f, "page-faults,cycles,minor-faults", 1, &open);
	ok(open == 2 && has(&mm, MEASURE_PAGE_FAULTS, 0) &&
	   has(&mm, MEASURE_MINOR_FAULTS, 1),
	   "an event that fails to open in the child is left out");

	memset(&f, 0, sizeof(f));
	mm = one_sample(&f, "page-faults,minor-faults", 0, &open);
	ok(f.group_fd[1] == -1 && !(f.attr[1].read_format & PERF_FORMAT_GROUP) &&
	   has(&mm, MEASURE_PAGE_FAULTS, 0) && has(&mm, MEASURE_MINOR_FAULTS, 1),
	   "not grouped: each event opened and read alone");
}

/* The real kernel: the faults of children forked after the open count. */
static void
test_inherit(void)
{
	struct perf_plan p;
	struct meter_perf m;
	struct timing_meter t;
	struct measure_sample s;
	char err[64];
	int64_t faults = 0;
	int counted;

	(void)perf_plan_parse("page-faults", &p, err, sizeof(err));
	if (meter_perf_open(&m, &p, perf_source_kernel(), 0) != 1) {
		skip("perf_event_open refused here: %s", strerror(errno));
		return;
	}
	t = meter_perf(&m);
	measure_init(&s, 1);
	t.start(t.state);
	for (int c = 0; c < 4; c++) {
		pid_t pid = fork();

		if (pid == 0) {
			char *mem = mmap(NULL, 256 * 4096, PROT_READ | PROT_WRITE,
					 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

			for (int i = 0; mem != MAP_FAILED && i < 256; i++)
				mem[i * 4096] = 1;
			_exit(0);
		}
		if (pid > 0)
			(void)waitpid(pid, NULL, 0);
	}
	t.stop(t.state, &s);
	meter_perf_close(&m);
	counted = measure_get(&s.m, MEASURE_PAGE_FAULTS, &faults);
	ok(counted && faults >= 1024,
	   "the 4 x 256 page faults of the children are counted (%lld)",
	   (long long)faults);
}

/* The per-call cycles counter: only when the plan counts cycles. */
static void
test_cycles(void)
{
	struct fake f = { 0 };
	struct perf_source src = source(&f);
	struct perf_plan p;
	struct meter_cycles mc;
	char err[600];
	int64_t a, b;

	is_int(perf_event_metric(PERF_EVENT_CYCLES), MEASURE_CYCLES,
	       "PERF_EVENT_CYCLES names the cycles event");
	(void)perf_plan_parse("task-clock", &p, err, sizeof(err));
	is_int(meter_cycles_open(&mc, &p, &src), -1,
	       "a plan without cycles opens no per-call counter");
	is_int(meter_cycles_open(&mc, NULL, &src), -1, "nor does no plan");
	(void)perf_plan_parse("cycles", &p, err, sizeof(err));
	is_int(meter_cycles_open(&mc, &p, &src), 0, "a plan with cycles does");
	ok(f.attr[0].config == PERF_COUNT_HW_CPU_CYCLES &&
	   !(f.attr[0].read_format & PERF_FORMAT_GROUP), "cycles, read alone");
	a = mc.counter.read(mc.counter.arg);
	b = mc.counter.read(mc.counter.arg);
	is_int(b - a, 10, "successive reads give the count's growth");
	f.fail_read = f.reads + 1;
	is_int(mc.counter.read(mc.counter.arg), -1, "a failed read is -1");
	meter_cycles_close(&mc);
	is_int(still_open(&f), 0, "closed");
	f = (struct fake){ .hw_errno = ENOENT };
	src = source(&f);
	is_int(meter_cycles_open(&mc, &p, &src), -1, "no PMU: no counter");
	f = (struct fake){ .multiplex_hw = 1 };
	src = source(&f);
	(void)meter_cycles_open(&mc, &p, &src);
	is_int(mc.counter.read(mc.counter.arg), -1,
	       "a multiplexed count is no count");
	meter_cycles_close(&mc);
}

int
main(void)
{
	plan_lazy();
	test_cycles();
	test_parse();
	test_probe();
	test_meter();
	test_meter_faults();
	test_inherit();
	return done_testing();
}
