/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The noisy samples of a run, listed at its end (lib/stats/noise.h's rule):
 * each sample whose run delay and steal took more than NOISE_SAMPLE_PCT
 * of its time, or whose round's canary fell, with the shares and the
 * canary's drop; or one line saying there were none.
 */
#ifndef AIM_NOISY_H
#define AIM_NOISY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "measure.h"

/* Lines of the block before "... and N more". */
#define NOISY_SHOWN 10

struct noisy_sample {
	const char *test;	/* lives as long as the run (the catalog's) */
	int copies, rep, seq;
	double delay_pct, steal_pct;	/* of the copies' timed time */
};

struct noisy {
	struct noisy_sample *v;		/* every measured sample of the run */
	size_t n;
	int64_t *canary;		/* ns by round, 0 where not timed */
	size_t n_rounds;
};

/* The N measured samples S of repetition REP (= its round) of TEST. */
void noisy_add(struct noisy *ny, const char *test, int copies, int rep,
	       const struct measure_sample *s, size_t n);
/* The canary of round ROUND (from 1), NS > 0. */
void noisy_canary(struct noisy *ny, int round, int64_t ns);
/* The block, or the line; -1 on a write error. */
int noisy_print(FILE *f, const struct noisy *ny);
void noisy_free(struct noisy *ny);

#endif
