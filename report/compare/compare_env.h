/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The header facts of a comparison: which runs each side pools, where
 * their environments differ, and which differences forbid a comparison
 * because the deltas would not be about the kernel (lib/core/gate.h).  Part of
 * the compare module, kept apart so that compare.c stays about numbers.
 */
#ifndef AIM_COMPARE_ENV_H
#define AIM_COMPARE_ENV_H

#include <stddef.h>
#include <stdint.h>

#include "compare.h"
#include "query.h"

struct gate_side;

/*
 * Fill T->sides (counts over every ok result of each side) from the N
 * loaded SIDES.  T->opt must be set.
 */
void compare_env(const struct query_tag *sides, size_t n, struct cmp_table *t);
/*
 * The gate of lib/core/gate.h over the N SIDES: T->warnings gets each
 * environment difference, one line, T->refusals one label per difference
 * that forbids comparing the base and a NEW side.
 */
void compare_env_gate_all(const struct query_tag *sides, size_t n,
			  struct cmp_table *t);
/* Whether some run of SIDE records an environment (not just its mark). */
int compare_env_known(const struct query_tag *side);

/* SIDE as the gate of lib/core/gate.h reads it; OUT borrows SIDE. */
void compare_env_gate(const struct query_tag *side, struct gate_side *out);

/* The tag of the first of N SIDES that pools copies as threads and as
 * processes (aimrun --threads), or NULL. */
const char *compare_mode_mixed(const struct query_tag *sides, size_t n);

/* Boot id of run RUN_ID of SIDE; NULL when it was not recorded. */
const char *compare_env_boot(const struct query_tag *side, int64_t run_id);

/*
 * Noise (compare_noise.c), by the rule of lib/stats/noise.h: a side is a noisy
 * machine when NOISE_SIDE_PCT of its samples are noisy or a canary fell.
 */
#define NOISE_SIDE_PCT 10.0

/*
 * A NEW side whose median canary time is this many percent longer or
 * shorter than BASE's ran on a slower or faster machine: the equivalence
 * margin, the smallest change a verdict names.
 */
#define NOISE_SPEED_PCT 2.0

/*
 * A side whose canary rounds spread (the sd of their log times) so much
 * that an interval within the margin needs more runs than it has rounds
 * is an unsteady machine; fewer rounds than this say too little.
 */
#define NOISE_STEADY_ROUNDS 4

/*
 * Sides measured DRIFT_GAP_S or more apart, and at least DRIFT_FACTOR
 * times the longer of them, or one over DRIFT_SPAN_S or more and at
 * least DRIFT_FACTOR times as long as the other, get a "drift" warning
 * with what the canary saw between them.
 */
#define DRIFT_GAP_S 600
#define DRIFT_SPAN_S 60
#define DRIFT_FACTOR 4

/*
 * A "noisy machine" line in T->warnings for each such of the N SIDES, a
 * "machine speed" line for each NEW side whose canary moved, an
 * "unsteady machine" line for each side whose canary spread, and a
 * "drift" line for each NEW side measured far from the base.
 */
void compare_noise(const struct query_tag *sides, size_t n,
		   struct cmp_table *t);

#endif
