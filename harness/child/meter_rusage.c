// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * wait4() rusage as a meter.  Start forgets the last run's reading, so a
 * run whose wait4 never came (a process killed and reaped elsewhere)
 * reports nothing rather than the run before it.
 */
#include "config.h"

#include "meter_rusage.h"

/* The state: the reading of the target's executor. */
struct ru_state {
	struct meter_rusage *src;
};

static int64_t
tv_ns(const struct timeval *tv)
{
	return (int64_t)tv->tv_sec * 1000000000LL + (int64_t)tv->tv_usec * 1000;
}

static int
ru_open(void *state, const struct meter_target *t)
{
	struct ru_state *m = state;

	m->src = t->rusage;
	return m->src != NULL;
}

static void
ru_start(void *arg)
{
	struct ru_state *m = arg;

	m->src->have = 0;
}

static void
ru_stop(void *arg, struct measure_sample *s)
{
	const struct ru_state *m = arg;
	const struct rusage *ru = &m->src->ru;

	if (!m->src->have)
		return;
	/* measure_set() leaves a negative (impossible) value unknown. */
	measure_set(&s->m, MEASURE_USER_NS, tv_ns(&ru->ru_utime));
	measure_set(&s->m, MEASURE_SYS_NS, tv_ns(&ru->ru_stime));
	measure_set(&s->m, MEASURE_MAXRSS_KIB, ru->ru_maxrss);
	measure_set(&s->m, MEASURE_MINOR_FAULTS, ru->ru_minflt);
	measure_set(&s->m, MEASURE_MAJOR_FAULTS, ru->ru_majflt);
	measure_set(&s->m, MEASURE_VOL_CS, ru->ru_nvcsw);
	measure_set(&s->m, MEASURE_INVOL_CS, ru->ru_nivcsw);
}

const struct meter_kind meter_rusage_kind = {
	.name = "command rusage", .on = METER_ON_COMMAND,
	.size = sizeof(struct ru_state), .open = ru_open,
	.start = ru_start, .stop = ru_stop,
};
