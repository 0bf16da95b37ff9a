/*
 * The producer of a timed command's resource metrics: what wait4()
 * returned for the run, as a struct timing_meter (harness/child/timing.h), so
 * the executor treats it like any meter attached around a run.
 */
#ifndef AIM_METER_RUSAGE_H
#define AIM_METER_RUSAGE_H

#include <sys/resource.h>

#include "timing.h"

/*
 * The executor fills RU and sets HAVE right after wait4(), before the
 * meters stop; stop turns it into user_ns, sys_ns, maxrss_kib,
 * minor_faults, major_faults, vol_cs and invol_cs.
 */
struct meter_rusage {
	struct rusage ru;
	int have;
};

/* A meter over STATE, which must outlive the runs it measures. */
struct timing_meter meter_rusage(struct meter_rusage *state);

#endif
