// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The table of meters and the sets opened from it.  A meter's state is
 * allocated when it opens, so the set costs nothing for the kinds that
 * do not measure a target; starting and stopping are the same indirect
 * calls whatever the table holds (timing.c loops over them per sample,
 * never per call).
 */
#include "config.h"

#include "meter_set.h"

#include <errno.h>
#include <stdlib.h>

#include "meter.h"
#include "meter_rusage.h"
#include "meter_sched.h"
#include "perf.h"

/*
 * The order is what each reads around: the counters last, so their reads
 * bracket the least besides the calls; a command's rusage before them,
 * so that it stops last and its faults are the ones a run keeps.
 */
const struct meter_kind *const meter_kinds[] = {
	&meter_cs_kind,
	&meter_sched_kind,
	&meter_rusage_kind,
	&meter_perf_kind,
	NULL,
};
_Static_assert(sizeof(meter_kinds) / sizeof(meter_kinds[0]) - 1 <= METER_MAX,
	       "a set holds every row of the table");

int
meter_set_open(struct meter_set *s, const struct meter_target *t)
{
	s->n = 0;
	for (size_t i = 0; meter_kinds[i] != NULL; i++) {
		const struct meter_kind *k = meter_kinds[i];
		void *state;

		if (!(k->on & t->on))
			continue;
		state = calloc(1, k->size);
		if (state == NULL) {
			meter_set_close(s);
			return -1;
		}
		if (k->open(state, t) <= 0) {
			free(state);
			continue;
		}
		s->on[s->n] = (struct timing_meter){ k->start, k->stop, state };
		s->kind[s->n++] = k;
	}
	return 0;
}

void
meter_set_start(const struct meter_set *s)
{
	for (size_t i = 0; i < s->n; i++)
		s->on[i].start(s->on[i].state);
}

void
meter_set_stop(const struct meter_set *s, struct measure_sample *out)
{
	for (size_t i = s->n; i-- > 0;)
		s->on[i].stop(s->on[i].state, out);
}

void
meter_set_close(struct meter_set *s)
{
	int err = errno;

	while (s->n > 0) {
		s->n--;
		if (s->kind[s->n]->close != NULL)
			s->kind[s->n]->close(s->on[s->n].state);
		free(s->on[s->n].state);
	}
	errno = err;
}
