// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Context switches as a meter.  getrusage() costs a system call each at
 * start and stop of a sample, never inside it.  The calling thread's:
 * the process's unless it runs a test as threads (aimrun --threads),
 * where each thread meters its own calls.
 */
#include "config.h"

#include "meter.h"

static void
cs_start(void *arg)
{
	struct meter_cs *m = arg;

	m->started = getrusage(RUSAGE_THREAD, &m->start) == 0;
}

static void
cs_stop(void *arg, struct measure_sample *s)
{
	struct meter_cs *m = arg;
	struct rusage ru;

	/* Without both readings the counts stay unknown. */
	if (!m->started || getrusage(RUSAGE_THREAD, &ru) != 0)
		return;
	measure_set(&s->m, MEASURE_VOL_CS, ru.ru_nvcsw - m->start.ru_nvcsw);
	measure_set(&s->m, MEASURE_INVOL_CS, ru.ru_nivcsw - m->start.ru_nivcsw);
}

struct timing_meter
meter_cs(struct meter_cs *state)
{
	struct timing_meter m = { cs_start, cs_stop, state };

	state->started = 0;
	return m;
}

static int
cs_open(void *state, const struct meter_target *t)
{
	(void)meter_cs(state);
	return 1;
}

const struct meter_kind meter_cs_kind = {
	.name = "context switches", .on = METER_ON_THREAD,
	.size = sizeof(struct meter_cs), .open = cs_open,
	.start = cs_start, .stop = cs_stop,
};
