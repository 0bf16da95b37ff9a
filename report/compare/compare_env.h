/*
 * The header facts of a comparison: which runs each side pools, where
 * their environments differ, and which differences forbid a comparison
 * because the deltas would not be about the kernel.  Part of the compare
 * module, kept apart so that compare.c stays about numbers.
 */
#ifndef AIM_COMPARE_ENV_H
#define AIM_COMPARE_ENV_H

#include <stddef.h>
#include <stdint.h>

#include "compare.h"
#include "query.h"

/* Memory sizes further apart than this are different machines. */
#define COMPARE_ENV_MEM_PCT 5.0

/*
 * Fill T->sides (counts over every ok result of each side), T->warnings
 * (each environment difference, one line) and T->refusals (one label per
 * difference of machine, CPU model or aimkit build between the base and
 * a NEW side) from the N loaded SIDES.  A fact missing on a side never
 * refuses.  T->opt must be set.
 */
void compare_env(const struct query_tag *sides, size_t n, struct cmp_table *t);

/*
 * Refusals in T when the copies of the base and a NEW side ran, one as
 * threads (aimrun --threads), the other as processes, or a side pools
 * runs of both (compare_mode.c).
 */
void compare_mode(const struct query_tag *sides, size_t n,
		  struct cmp_table *t);

/* The tag of the first of N SIDES that pools both, or NULL. */
const char *compare_mode_mixed(const struct query_tag *sides, size_t n);

/* The word aimplan adds to a command line it controls: its boot's mark. */
#define COMPARE_ENV_PLAN_MARK "aimplan.boot="

/*
 * Whether the command-line word W names the kernel image or the boot
 * (BOOT_IMAGE=, initrd=, aimplan's mark of a boot), not an option of the
 * kernel: such words differ between boots of one kernel.
 */
int compare_env_boot_word(const char *w);

/* Whether some run of SIDE has an environment (not just its mark). */
int compare_env_has(const struct query_tag *side);
/*
 * Add to T->refusals when one of the base and NEW side S holds a run of
 * unknown environment and the other a run of known environment.
 */
void compare_env_unknown(const struct query_tag *sides, size_t s,
			 struct cmp_table *t);

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
 * A "noisy machine" line in T->warnings for each such of the N SIDES, a
 * "machine speed" line for each NEW side whose canary moved, and an
 * "unsteady machine" line for each side whose canary spread.
 */
void compare_noise(const struct query_tag *sides, size_t n,
		   struct cmp_table *t);

#endif
