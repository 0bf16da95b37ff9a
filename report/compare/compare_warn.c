// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The warnings of a comparison, in one place: compare_warnings() is the
 * one entry, called once by compare_build(), that decides which lines a
 * table gets and in which order (the environment through the gate of
 * lib/core/gate.c, the recorded --duration, the noise of
 * compare_noise.c, the kernel log of compare_klog.c, a side without
 * environment, the levels and boots of
 * compare_levels.c and compare_boots.c, a side of one boot); they and
 * compare_seq.c, which says why a pair is not the sequential one, add
 * their lines through compare_warn().  The formats print t->warnings
 * and compute none.
 * Part of the compare module.
 */
#include "config.h"

#include "compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_env.h"
#include "xalloc.h"

void
compare_warn(struct cmp_table *t, char *line)
{
	t->warnings = xrealloc(t->warnings,
			       (t->n_warnings + 1) * sizeof(*t->warnings));
	t->warnings[t->n_warnings++] = line;
}

/*
 * The --duration RUN was measured with, from the options aimrun stored
 * ("duration_s=0.600 runs=6 ..."), in seconds; NAN when not recorded.
 */
static double
run_duration(const struct record_run *run)
{
	const char *o = run->options, *p;
	char *end;
	double d;

	if (o == NULL)
		return NAN;
	for (p = o; (p = strstr(p, "duration_s=")) != NULL; p++)
		if (p == o || p[-1] == ' ')
			break;
	if (p == NULL)
		return NAN;
	d = strtod(p + 11, &end);
	return end > p + 11 && (*end == ' ' || *end == '\0') && d > 0.0 &&
	       d < 1e6 ? d : NAN;
}

/* The durations of SIDE's runs: the shortest and the longest. */
static int
side_durations(const struct query_tag *side, double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = 0.0;
	for (size_t i = 0; i < side->n_runs; i++) {
		double d = run_duration(&side->runs[i]);

		if (isnan(d))
			continue;
		*lo = fmin(*lo, d);
		*hi = fmax(*hi, d);
	}
	return *hi > 0.0;
}

/*
 * Samples are a tenth of a process's timed period, and shorter samples
 * scatter more, so their best is higher (the peak), and a process's fixed
 * costs weigh more in a shorter period: results compare only between runs
 * of the same --duration, which is what is compared here, as recorded,
 * rather than the length of the samples, which a slowed test stretches.
 */
static void
check_durations(const struct query_tag *sides, size_t n, struct cmp_table *t)
{
	double blo, bhi, lo, hi;

	for (size_t s = 0; s < n; s++)
		if (side_durations(&sides[s], &lo, &hi) && hi > lo * 1.001)
			compare_warn(t,
				 xasprintf("runs of %s differ in --duration: %g s to %g s (%.1f times): peak rates of shorter processes are the best of shorter samples, which peak higher; pool runs of one --duration (aimcmp --run picks them)",
					   sides[s].tag, lo, hi, hi / lo));
	if (!side_durations(&sides[0], &blo, &bhi))
		return;
	for (size_t s = 1; s < n; s++) {
		if (!side_durations(&sides[s], &lo, &hi) ||
		    (fabs(lo - blo) <= 0.001 * blo && fabs(hi - bhi) <= 0.001 * bhi))
			continue;
		compare_warn(t,
			 xasprintf("--duration differs: %s ran %g s a process, %s %g s (%.1f times %s): a peak rate is the best of samples a tenth of that, and shorter samples peak higher; a process's fixed costs weigh more in a shorter one; measure both with the same --duration",
				   sides[0].tag, bhi, sides[s].tag, hi,
				   hi > bhi ? hi / bhi : bhi / hi,
				   hi > bhi ? "longer" : "shorter"));
	}
}

/* A side whose runs record no environment, beside one that does. */
static void
check_unknown(const struct query_tag *sides, size_t n, struct cmp_table *t)
{
	int any = 0;

	for (size_t s = 0; s < n; s++)
		any |= compare_env_known(&sides[s]);
	for (size_t s = 0; s < n && any; s++)
		if (!compare_env_known(&sides[s]))
			compare_warn(t, xasprintf("no environment recorded for %s: its machine, CPU, settings and build cannot be checked",
						  sides[s].tag));
}

/*
 * A side of one boot, or of boots not recorded: the variance between
 * boots is unknown.  Last, as the formats always printed them; none when
 * no value pools two samples (single imported reports).
 */
static void
check_one_boot(struct cmp_table *t)
{
	for (size_t s = 0; t->repeated && s < t->n_sides; s++) {
		const struct cmp_side *side = &t->sides[s];

		if (side->n_boots >= 2)
			continue;
		compare_warn(t, xasprintf("%s: %s: between-boot variance unknown; run the same tag again after a reboot (the runs of a tag pool)",
					  side->tag, side->n_boots == 1 ?
					  "one boot only" :
					  "boots not recorded"));
		t->n_boot_warnings++;
	}
}

void
compare_warnings(const struct query_tag *sides, size_t n, struct cmp_table *t)
{
	compare_env_gate_all(sides, n, t);
	check_durations(sides, n, t);
	compare_noise(sides, n, t);
	compare_klog(sides, n, t);
	check_unknown(sides, n, t);
	compare_levels(t);
	compare_boots(t);
	check_one_boot(t);
}

void
compare_warnings_repeated(struct cmp_table *t)
{
	while (t->n_boot_warnings > 0) {
		free(t->warnings[--t->n_warnings]);
		t->n_boot_warnings--;
	}
	check_one_boot(t);
}
