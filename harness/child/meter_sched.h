/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Noise as a meter: the time the test process waited for a CPU while it
 * was runnable (run_delay_ns, from /proc/thread-self/schedstat) and the
 * time the hypervisor gave the machine's CPUs to others (steal_ns, from
 * the cpu line of /proc/stat, in USER_HZ ticks turned into ns).
 */
#ifndef AIM_METER_SCHED_H
#define AIM_METER_SCHED_H

#include <stdint.h>

#include "meter_set.h"
#include "timing.h"

struct meter_sched {
	int delay_fd, stat_fd;		/* -1: that metric stays unknown */
	int64_t delay0, steal0;		/* at the start of the sample; -1 */
	long tick_hz;			/* USER_HZ */
};

/*
 * Open the files below ROOT ("" for the running system; a test's fake
 * tree otherwise) for the calling thread.  Returns the number of metrics
 * it can read (0 to 2); close with meter_sched_close() either way.
 */
int meter_sched_open(struct meter_sched *m, const char *root);
void meter_sched_close(struct meter_sched *m);

/* A meter over M, opened. */
struct timing_meter meter_sched(struct meter_sched *m);

/* Its row of the table (meter_set.h): a test's thread. */
extern const struct meter_kind meter_sched_kind;

/*
 * The steal column of the cpu line of /proc/stat text BUF, in ticks, or
 * -1 when the kernel does not report it (before 2.6.11) or BUF is not
 * that form.
 */
int64_t meter_sched_steal_ticks(const char *buf);

#endif
