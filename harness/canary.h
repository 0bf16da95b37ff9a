/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The canary: a short, fixed, CPU-bound loop that aimrun times before
 * every round, on the CPU of --cpu when given.  A neighbour sharing the
 * core on the host slows it while steal stays at zero, so a round whose
 * canary fell is flagged by aimcmp (report/compare/compare_noise.c).  Each time
 * is stored with the run as the fact canary.round.N (ns).
 */
#ifndef AIM_CANARY_H
#define AIM_CANARY_H

#include <stdint.h>

/* What the loop is, stored as the fact canary.loop. */
#define CANARY_ITERATIONS 1000000
#define CANARY_LOOP "xorshift64 x 1000000, median of 3, ns"

/* The loop's value from SEED (exposed so a test can see the work done). */
uint64_t canary_loop(uint64_t seed, long iterations);

/* The median of three timed loops, in ns (> 0). */
int64_t canary_ns(void);

#endif
