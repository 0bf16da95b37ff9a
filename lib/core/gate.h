/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The comparability gate: the one rule that says whether runs of one
 * tag may be compared with runs of another at all, used by every
 * command that compares (aimcmp BASE NEW..., --classify, the steps of
 * --series and aimplot, aimrun --until-decided and --precision).
 * Another machine, CPU model or aimkit build, pinned against unpinned
 * runs, copies as threads against processes, and a known environment
 * against an unknown one move results for reasons that are not the
 * kernel: they refuse unless forced.  Other differences of the recorded
 * environments (governor, THP, mitigations, command line...) warn.
 */
#ifndef AIM_GATE_H
#define AIM_GATE_H

#include <stddef.h>

/* The mark of a run imported without any environment. */
#define GATE_ENV_UNKNOWN_KEY "environment"
#define GATE_ENV_UNKNOWN "unknown"

/* The runs of one side, read through callbacks on CTX. */
struct gate_side {
	const char *tag;
	size_t n_runs;
	const void *ctx;
	/* Environment fact KEY of run I, NULL when not recorded. */
	const char *(*value)(const void *ctx, size_t i, const char *key);
	/* Run I's host (run.host), source ("aimrun", "import-..."), or NULL. */
	const char *(*host)(const void *ctx, size_t i);
	const char *(*source)(const void *ctx, size_t i);
	/* How many facts run I holds. */
	size_t (*n_env)(const void *ctx, size_t i);
};

/* Lines of text, each malloc'd, appended to by the gate. */
struct gate_lines {
	char ***line;
	size_t *n;
};

/*
 * SIDES[1..N-1] against SIDES[0]: each difference of their environments
 * a line of WARN (NULL: not wanted), each that forbids the comparison a
 * label of REFUSE ("CPU model", "machine (host name a (x) vs b (y))").
 * A fact one side did not record never refuses.
 */
void gate_compare(const struct gate_side *sides, size_t n,
		  const struct gate_lines *warn, const struct gate_lines *refuse);

/* Whether SIDE holds some run with an environment (not just its mark). */
int gate_has_env(const struct gate_side *side);

/* The tag of the first of N SIDES pooling copies as threads and as
 * processes (aimrun --threads), or NULL. */
const char *gate_mode_mixed(const struct gate_side *sides, size_t n);

/* The value of KEY of a side's first run that has it, or NULL. */
const char *gate_first(const struct gate_side *side, const char *key);

/*
 * The distinct values of KEY over SIDE's runs, in run order, joined by
 * ", " (malloc'd); NULL when no run has it.  *COUNT gets their number.
 */
char *gate_distinct(const struct gate_side *side, const char *key,
		    size_t *count);

/*
 * The line of a refusal of OTHER against BASE (OTHER NULL: "the
 * others") for the N labels WHY: "BASE vs NEW: not comparable: CPU model
 * differs", and with FORCED the warning that says it was compared all
 * the same.  Malloc'd.
 */
char *gate_say(const char *base, const char *other, char *const *why,
	       size_t n, int forced);

#endif
