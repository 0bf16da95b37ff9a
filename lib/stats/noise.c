// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The noise rule of lib/stats/noise.h.
 */
#include "config.h"

#include "noise.h"

int
noise_sample(const struct measure_sample *s, int copies, int64_t *lost_ns)
{
	int64_t d = 0, st = 0;
	int have = measure_get(&s->m, MEASURE_RUN_DELAY, &d) |
		   measure_get(&s->m, MEASURE_STEAL, &st);

	if (!have || s->elapsed_ns <= 0 || s->printed_ops >= 0 || d < 0 ||
	    st < 0 || d > INT64_MAX - st || copies < 1)
		return -1;
	*lost_ns = d + st;
	return (double)*lost_ns > NOISE_SAMPLE_PCT / 100.0 * (double)copies *
				  (double)s->elapsed_ns;
}

int
noise_canary_fell(int64_t ns, int64_t best)
{
	return best > 0 &&
	       (double)ns > (1.0 + NOISE_CANARY_PCT / 100.0) * (double)best;
}
