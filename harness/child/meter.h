/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The meters of the timed loop (struct timing_meter, harness/child/timing.h):
 * each producer of metrics of the table in lib/core/measure.c.
 */
#ifndef AIM_METER_H
#define AIM_METER_H

#include <sys/resource.h>

#include "meter_set.h"
#include "timing.h"

/* Context switches of the calling thread (getrusage), vol_cs, invol_cs. */
struct meter_cs {
	struct rusage start;
	int started;	/* the start reading succeeded */
};

/* A meter over STATE, which must outlive the timed loop. */
struct timing_meter meter_cs(struct meter_cs *state);

/* Its row of the table (meter_set.h): a test's thread. */
extern const struct meter_kind meter_cs_kind;

#endif
