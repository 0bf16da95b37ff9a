// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lib/stats/varcomp: variance components of runs grouped by boot, the spread of
 * samples, Kalibera and Jones' processes per boot, the boots a change
 * needs, and a small simulation held to its bounds (boot means keep the
 * false flags near alpha where processes as the unit do not).
 */
#include "config.h"

#include <math.h>
#include <stddef.h>

#include "tap.h"
#include "varcomp.h"

static void
test_boots(void)
{
	/* Logs: boot a at 0 and 0.02, boot b at 0.1 and 0.12. */
	struct stats_run r[] = {
		{ exp(0.00), "a" }, { exp(0.02), "a" },
		{ exp(0.10), "b" }, { exp(0.12), "b" },
	};
	struct varcomp c;

	ok(varcomp_boots(r, 4, &c) == 0, "two boots of two runs");
	/*
	 * Within: 2 x (0.01^2 + 0.01^2) / 2 = 2e-4.  Between: the mean
	 * square of the boot means 0.01 and 0.11 is 2 x 2 x 0.05^2 = 0.01,
	 * less within, over 2 runs a boot.
	 */
	is_double(c.within, 2e-4, 1e-12, "within: the mean square within boots");
	is_double(c.between, (0.01 - 2e-4) / 2.0, 1e-12,
		  "between: the excess over it, per run of a boot");
	is_double(c.df_between, 1, 0, "a degree of freedom between");
	is_double(c.df_within, 2, 0, "two within");
	ok(varcomp_boots(r, 2, &c) < 0, "one boot: no between-boot part");
	r[1].boot_id = "c";
	r[3].boot_id = "d";
	ok(varcomp_boots(r, 4, &c) < 0, "one run a boot: no within part");
	r[1].boot_id = "a";
	r[3].boot_id = "b";
	r[2].rate = 0.0;
	ok(varcomp_boots(r, 4, &c) < 0, "a rate of 0 is refused");
}

static void
test_pool_samples(void)
{
	const struct varcomp a = { 1e-4, 4e-4, 1, 2 }, b = { 3e-4, 1e-4, 3, 2 };
	const double x[] = { 1.0, 1.2, 1.4 }, y[] = { 2.0, 2.0 };
	struct varcomp_samples s = { 0.0, 0.0 };
	struct varcomp c;

	varcomp_pool(&a, &b, &c);
	is_double(c.between, (1e-4 + 3 * 3e-4) / 4, 1e-15,
		  "pooled between, weighted by degrees of freedom");
	is_double(c.within, 2.5e-4, 1e-15, "pooled within");
	varcomp_samples_add(&s, x, 3);
	varcomp_samples_add(&s, y, 2);
	varcomp_samples_add(&s, x, 1);
	is_double(varcomp_samples_var(&s), 0.08 / 3.0, 1e-12,
		  "samples: within each process, pooled (one sample adds "
		  "nothing)");
}

static void
test_size(void)
{
	struct varcomp c = { 1e-4, 1e-4, 4, 20 };
	const struct varcomp_cost cost = { 100.0, 1.0 };
	struct varcomp_size z;
	int small, big;

	ok(varcomp_size(&c, &cost, 0.02, 0.05, 0.8, &z) == 0, "a design");
	is_int(z.procs, 10, "processes a boot: sqrt(100 s x 1e-4 / (1 s x "
	       "1e-4)) = 10 (Kalibera and Jones)");
	ok(z.boots >= 2 && z.cost_s > 0, "and %d boots of each kernel", z.boots);
	small = varcomp_boots_needed(&c, 10, 0.05, 0.05, 0.8);
	big = varcomp_boots_needed(&c, 10, 0.005, 0.05, 0.8);
	ok(small >= 2 && big > small, "a smaller change needs more boots "
	   "(%d, %d)", small, big);
	c.between = 0.0;
	c.within = 0.0;
	is_int(varcomp_boots_needed(&c, 1, 0.01, 0.05, 0.8), 2,
	       "no noise: two boots, the fewest a test on boot means takes");
	ok(varcomp_size(&c, &cost, 0.01, 0.05, 0.8, &z) == 0 && z.procs == 1,
	   "no spread within a boot: one process a boot");
	c.between = 1.0;
	is_int(varcomp_boots_needed(&c, 1, 0.001, 0.05, 0.8), 0,
	       "out of reach: 0");
	ok(varcomp_boots_needed(&c, 0, 0.01, 0.05, 0.8) < 0 &&
	   varcomp_boots_needed(&c, 1, 0.0, 0.05, 0.8) < 0,
	   "arguments out of range are refused");
}

static void
test_sim(void)
{
	struct varcomp_sim_cfg cfg = {
		.boots = 3, .procs = 5, .samples = 5, .between = 0.02,
		.within = 0.01, .sample = 0.01, .shift = 0.0, .alpha = 0.05,
		.resamples = 200, .trials = 400, .seed = 7,
	};
	struct varcomp_sim_out o;

	ok(varcomp_sim_run(&cfg, &o) == 0, "A/A, 3 boots x 5 processes");
	ok(o.flag_boot < 0.10, "boot means flag %.3f (alpha 0.05)",
	   o.flag_boot);
	ok(o.flag_proc > 0.25, "processes as the unit flag %.3f", o.flag_proc);
	ok(o.flag_hb > o.flag_boot, "the bootstrap of 3 boots flags more "
	   "than boot means (%.3f)", o.flag_hb);
	cfg.shift = -0.03;
	ok(varcomp_sim_run(&cfg, &o) == 0 && o.cover_boot > 0.9 &&
	   o.cover_proc < o.cover_boot, "a 3 %% change: boot means cover it "
	   "%.3f, processes %.3f", o.cover_boot, o.cover_proc);
	cfg.boots = 1;
	ok(varcomp_sim_run(&cfg, &o) < 0, "one boot a kernel is refused");
}

int
main(void)
{
	plan_lazy();
	test_boots();
	test_pool_samples();
	test_size();
	test_sim();
	return done_testing();
}
