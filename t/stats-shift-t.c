// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The shift of a location between two groups (lib/stats/stats_shift.c): the
 * Hodges-Lehmann estimate and its distribution-free interval, on data
 * whose answer is known, and the interval's coverage by simulation.
 */
#include "config.h"

#include <math.h>
#include <stdint.h>

#include "stats.h"
#include "tap.h"

/* A fixed generator, so the simulation is the same on every machine. */
static double
uniform(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return ((double)(*s >> 11) + 0.5) / 9007199254740992.0;
}

static double
normal(uint64_t *s)
{
	double u = uniform(s), v = uniform(s);

	return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

static void
known(void)
{
	double b[20], n[20];
	struct stats_shift sh;

	for (int i = 0; i < 20; i++) {
		b[i] = 100 + i;
		n[i] = 110 + i;
	}
	is_int(stats_shift(b, 20, n, 20, 0.05, &sh), 0, "20 against 20");
	ok(sh.est == 10, "a shift of 10 is estimated as 10 (%g)", sh.est);
	ok(sh.lo > 0 && sh.lo <= 10 && sh.hi >= 10,
	   "its 95 %% interval holds 10 and not 0 ([%g, %g])", sh.lo, sh.hi);
	is_int(stats_shift(b, 20, b, 20, 0.05, &sh), 0, "a side against itself");
	ok(sh.est == 0 && sh.lo < 0 && sh.hi > 0,
	   "no shift, and an interval around 0 ([%g, %g])", sh.lo, sh.hi);
	/* One wild value moves a mean by 50, the estimate not at all. */
	n[19] = 1e6;
	(void)stats_shift(b, 20, n, 20, 0.05, &sh);
	ok(sh.est == 10, "an outlier does not move it (%g)", sh.est);
	is_int(stats_shift(b, 2, n, 2, 0.05, &sh), 0, "2 against 2");
	ok(isinf(sh.lo) && isinf(sh.hi) && sh.lo < 0,
	   "too few for a 95 %% interval: unbounded, never a false one");
	is_int(stats_shift(b, 0, n, 3, 0.05, &sh), -1, "an empty side: none");
}

/* Of 2000 intervals for a shift of 0.5 in normal data, about 95 % hold it. */
static void
coverage(void)
{
	uint64_t seed = 42;
	int held = 0, excluded_zero = 0;
	const int trials = 2000;

	for (int t = 0; t < trials; t++) {
		double b[20], n[20];
		struct stats_shift sh;

		for (int i = 0; i < 20; i++) {
			b[i] = normal(&seed);
			n[i] = normal(&seed) + 0.5;
		}
		if (stats_shift(b, 20, n, 20, 0.05, &sh) != 0)
			continue;
		held += sh.lo <= 0.5 && sh.hi >= 0.5;
		excluded_zero += sh.lo > 0;
	}
	ok(held >= 0.935 * trials && held <= 0.975 * trials,
	   "coverage of the 95 %% interval: %.1f %%", 100.0 * held / trials);
	/* A t test's power here is 0.34; this one is about as efficient. */
	ok(excluded_zero >= 0.25 * trials && excluded_zero <= 0.42 * trials,
	   "half a sigma is seen about as often as a t test sees it (%.1f %%)",
	   100.0 * excluded_zero / trials);
}

int
main(void)
{
	plan_lazy();
	known();
	coverage();
	return done_testing();
}
