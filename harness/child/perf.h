/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Counters per sample through perf_event_open(2): which events exist,
 * which a run wants (aimrun --counters), which the kernel lets us count,
 * and opening and reading them.  The kernel is reached only through a
 * struct perf_source, so t/meter-perf-t drives every path (events
 * missing, refused, multiplexed, failing reads) with a fake one.
 */
#ifndef AIM_PERF_H
#define AIM_PERF_H

#include <stdint.h>
#include <sys/types.h>
#include <linux/perf_event.h>

#include "measure.h"
#include "meter_set.h"
#include "timing.h"

/* How events are opened, read and closed: the kernel, or a fake. */
struct perf_source {
	/* perf_event_open(ATTR, PID, -1, GROUP_FD, CLOEXEC): fd, or -1 and errno */
	int (*open)(void *arg, struct perf_event_attr *attr, pid_t pid,
		    int group_fd);
	ssize_t (*read)(void *arg, int fd, void *buf, size_t len);
	void (*close)(void *arg, int fd);
	/* kernel.perf_event_paranoid, or INT32_MIN when it cannot be read */
	int (*paranoid)(void *arg);
	void *arg;
};

/* The running kernel. */
const struct perf_source *perf_source_kernel(void);

/* The events aimrun knows, in the order of perf_event_name(). */
#define PERF_EVENTS 18
#define PERF_SOFTWARE 6		/* the first six; the rest need a PMU */

/* A set of events: bit i is event i. */
struct perf_plan {
	uint32_t want;
	/*
	 * 1: the events were named (--counters LIST), so each one the
	 * kernel refuses is said; 0: "default", which counts the hardware
	 * events where the machine has them, so a machine without a PMU
	 * is aimrun --check's to say, not every run's.
	 */
	int named;
	/*
	 * Read each group whole (PERF_FORMAT_GROUP); 0 when the kernel
	 * refused that together with inherit, so each event is read alone.
	 */
	int grouped;
};

/* "task-clock", ..., "cycles:u" (I < PERF_EVENTS); the --counters names. */
const char *perf_event_name(int i);

/* The metric of the table event I fills. */
enum measure_id perf_event_metric(int i);

/*
 * The group event I is read in, one per PMU: task-clock, the other
 * software events, the hardware events.  Software events never
 * multiplex, and a hardware event that cannot be scheduled must not take
 * them along.  task-clock has a PMU of its own, and a member of another
 * PMU than its leader's is not counted until the task is next scheduled
 * in (seen on 6.18: page_test, which never sleeps, read 0 page faults in
 * a group led by task-clock, and task-clock read 0 under page-faults).
 */
#define PERF_GROUPS 3
int perf_event_group(int i);

/*
 * The attributes of event I: counting from the open, inherited, read
 * with the times enabled and running, as a group when GROUP_FORMAT.
 */
void perf_event_attr_of(int i, struct perf_event_attr *attr,
			int group_format);

/*
 * Parse --counters: "default" (every event counting user and kernel
 * mode together: the software events and the hardware events, these
 * where the machine has them), "none", or a comma-separated list of
 * names.
 * 0, or -1 with a one-line reason listing the valid names in ERR.
 */
int perf_plan_parse(const char *spec, struct perf_plan *plan, char *err,
		    size_t errlen);

/*
 * The events of PLAN by their --counters names, comma-separated, into
 * BUF ("none" when it has none): the fact "counters" of a run.
 */
void perf_plan_names(const struct perf_plan *plan, char *buf, size_t len);

/*
 * Once per run, in aimrun itself: open each wanted event on this process
 * and drop from PLAN those the kernel refuses, calling SAY once per cause
 * with a line "counters: not supported: EVENT, EVENT...: ERRNO TEXT" (and
 * the sysctl to change when perf_event_paranoid is the cause), so each
 * event is named once; the hardware events of a default plan on a
 * machine without a PMU are dropped without a word (PLAN->named).
 * Decides PLAN->grouped.
 */
void perf_plan_probe(const struct perf_source *src, struct perf_plan *plan,
		     void (*say)(void *arg, const char *line), void *arg);

/* Why the hardware events cannot be counted where there is no PMU. */
#define PERF_NO_PMU "no hardware counters: the CPU, or the hypervisor it runs under, exposes no PMU"

/* 1 when SRC has no PMU: its hardware events do not exist (ENOENT). */
int perf_no_pmu(const struct perf_source *src);

/*
 * The events of a plan opened on one process and, through inherit, on
 * every process it forks after the open, in one group per PMU (see
 * perf_event_group()).
 */
struct perf_group {
	int fd[PERF_EVENTS];	/* fd[0] leads */
	enum measure_id id[PERF_EVENTS];
	int n;
	uint64_t start[3 + PERF_EVENTS];	/* enabled, running, values */
	int started;
};

struct meter_perf {
	const struct perf_source *src;
	struct perf_group g[PERF_EVENTS];	/* grouped: PERF_GROUPS */
	int n_groups;
	int grouped;
};

/*
 * Open PLAN's events on PID (0: this process) with inherit, counting
 * from now.  Returns how many events are open (0: nothing to meter);
 * an event that fails to open is left out.  meter_perf() then makes a
 * meter of M for the timed loop.
 *
 * For a command (a program run by fork and exec): fork a child that
 * waits on a pipe, open on its pid here, let it exec, call start right
 * before releasing it and stop after wait4(); inherit carries the
 * counts of everything it forks.  Or open on 0 right before the fork.
 */
int meter_perf_open(struct meter_perf *m, const struct perf_plan *plan,
		    const struct perf_source *src, pid_t pid);
void meter_perf_close(struct meter_perf *m);

/* A meter over M (opened), which must outlive the timed loop. */
struct timing_meter meter_perf(struct meter_perf *m);

/*
 * Its row of the table (meter_set.h): the counters of the target's
 * plan on a test's thread, or on a command's process before it execs.
 */
extern const struct meter_kind meter_perf_kind;

/* The event "cycles" (user and kernel), its index in the table. */
#define PERF_EVENT_CYCLES 6

/*
 * Core cycles read around each call timed per call (harness/child/latency.c):
 * the event "cycles" alone on this process, read whole each time.
 */
struct meter_cycles {
	const struct perf_source *src;
	int fd;
	struct timing_counter counter;	/* reads fd; < 0 when multiplexed */
};

/* 0 when PLAN counts cycles and the event opened; else -1. */
int meter_cycles_open(struct meter_cycles *m, const struct perf_plan *plan,
		      const struct perf_source *src);
void meter_cycles_close(struct meter_cycles *m);

#endif
