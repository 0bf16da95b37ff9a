/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The producer of a timed command's resource metrics: what wait4()
 * returned for the run, as a meter of the table (meter_set.h), so the
 * executor treats it like any meter attached around a run.
 */
#ifndef AIM_METER_RUSAGE_H
#define AIM_METER_RUSAGE_H

#include <sys/resource.h>

#include "meter_set.h"

/*
 * The executor's reading (struct meter_target's rusage): it fills RU and
 * sets HAVE right after wait4(), before the meters stop; stop turns it
 * into user_ns, sys_ns, maxrss_kib, minor_faults, major_faults, vol_cs
 * and invol_cs.
 */
struct meter_rusage {
	struct rusage ru;
	int have;
};

/* Its row of the table: a command, whose target has a reading. */
extern const struct meter_kind meter_rusage_kind;

#endif
