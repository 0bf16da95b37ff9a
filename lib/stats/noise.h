/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What makes a measurement noisy, one rule for aimrun (the list at the
 * end of a run, harness/noisy.c) and aimcmp (report/compare/compare_noise.c).
 * A sample is noisy when its run delay plus steal exceed
 * NOISE_SAMPLE_PCT of the time its copies were timed; a round's canary
 * fell when it took more than NOISE_CANARY_PCT longer than the run's
 * fastest.
 */
#ifndef AIM_NOISE_H
#define AIM_NOISE_H

#include <stdint.h>

#include "measure.h"

#define NOISE_SAMPLE_PCT 5.0
#define NOISE_CANARY_PCT 10.0

/*
 * Whether sample S of COPIES copies at once (their run delay and steal
 * are summed) is noisy (1) or not (0), with its lost time in *LOST_NS;
 * -1 when it has neither metric (an import, an older run).
 */
int noise_sample(const struct measure_sample *s, int copies, int64_t *lost_ns);

/* Whether a canary of NS fell against the run's fastest, BEST (> 0). */
int noise_canary_fell(int64_t ns, int64_t best);

#endif
