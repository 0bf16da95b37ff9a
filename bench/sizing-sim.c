// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench/sizing-sim: the figures of doc/statistics.md, "Boots and sizing".
 * Two kernels with known variance components (between boots, between
 * processes of a boot, between samples of a process) compared three
 * ways: boot means (what aimcmp does when both sides have two boots or
 * more), processes as if independent, and the hierarchical bootstrap;
 * first with no difference (how often each flags one) and with a 3 %
 * one (how often its interval holds it), then at the design
 * varcomp_size() gives for a change (how often it is found).
 * Usage: bench/sizing-sim [TRIALS]   (default 2000; deterministic)
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "log.h"
#include "parse.h"
#include "varcomp.h"

static void
row(size_t boots, size_t procs, double between, double within, double shift,
    size_t trials, size_t resamples)
{
	struct varcomp_sim_cfg c = {
		.boots = boots, .procs = procs, .samples = 10,
		.between = between, .within = within, .sample = 0.01,
		.shift = shift, .alpha = 0.05, .resamples = resamples,
		.trials = trials, .seed = 20261206UL,
	};
	struct varcomp_sim_out o;

	if (varcomp_sim_run(&c, &o) != 0)
		aim_die(2, "simulation: invalid configuration");
	if (shift == 0.0)
		printf("| %zu x %zu | %.1f %% | %.1f %% | A/A | %.3f | %.3f | %.3f |\n",
		       boots, procs, 100.0 * between, 100.0 * within,
		       o.flag_boot, o.flag_proc, o.flag_hb);
	else
		printf("| %zu x %zu | %.1f %% | %.1f %% | %+.0f %%, covered | %.3f | %.3f | %.3f |\n",
		       boots, procs, 100.0 * between, 100.0 * within,
		       100.0 * shift, o.cover_boot, o.cover_proc, o.cover_hb);
}

/* The design for CHANGE, then how often it finds that change. */
static void
sized(double between, double within, double boot_s, double change,
      size_t trials)
{
	const struct varcomp vc = { .between = between * between,
				    .within = within * within };
	const struct varcomp_cost cost = { .boot_s = boot_s, .process_s = 1.0 };
	struct varcomp_size z;
	struct varcomp_sim_cfg c = {
		.samples = 10, .between = between, .within = within,
		.sample = 0.0, .shift = -change, .alpha = 0.05,
		.trials = trials, .seed = 20261207UL,
	};
	struct varcomp_sim_out o;

	if (varcomp_size(&vc, &cost, change, 0.05, 0.80, &z) != 0)
		aim_die(2, "sizing: invalid configuration");
	c.boots = (size_t)z.boots;
	c.procs = (size_t)z.procs;
	if (z.boots == 0 || z.boots > 32 || varcomp_sim_run(&c, &o) != 0) {
		printf("| %.1f %% | %.1f %% | %.0f s | %.0f %% | %d x %d | - |\n",
		       100.0 * between, 100.0 * within, boot_s, 100.0 * change,
		       z.boots, z.procs);
		return;
	}
	printf("| %.1f %% | %.1f %% | %.0f s | %.0f %% | %d x %d | %.3f |\n",
	       100.0 * between, 100.0 * within, boot_s, 100.0 * change,
	       z.boots, z.procs, o.flag_boot);
}

int
main(int argc, char **argv)
{
	long trials = 2000;
	size_t n;

	log_set_program("sizing-sim");
	if (argc > 2 ||
	    (argc == 2 && parse_long(argv[1], 1, 1000000, &trials) != 0))
		aim_die(1, "usage: sizing-sim [TRIALS from 1 to 1000000]");
	n = (size_t)trials;
	printf("alpha 0.05, 10 samples a process (sd 1 %%), %zu trials; hierarchical bootstrap of 1000 resamples\n\n", n);
	printf("| boots x processes a kernel | between boots | within a boot | case | boot means | processes | bootstrap |\n");
	printf("|---|---|---|---|---|---|---|\n");
	row(2, 5, 0.02, 0.01, 0.0, n, 1000);
	row(3, 5, 0.02, 0.01, 0.0, n, 1000);
	row(5, 5, 0.02, 0.01, 0.0, n, 1000);
	row(10, 3, 0.02, 0.01, 0.0, n, 1000);
	row(3, 5, 0.0, 0.01, 0.0, n, 1000);
	row(3, 5, 0.02, 0.01, -0.03, n, 1000);
	row(5, 5, 0.02, 0.01, -0.03, n, 1000);
	row(10, 3, 0.02, 0.01, -0.03, n, 1000);
	printf("\nThe design for a change (power 0.80, alpha 0.05, a process costs 1 s), and how often that design finds it\n\n");
	printf("| between boots | within a boot | boot costs | change | boots x processes | found |\n");
	printf("|---|---|---|---|---|---|\n");
	sized(0.01, 0.01, 60.0, 0.03, n);
	sized(0.01, 0.02, 60.0, 0.03, n);
	sized(0.005, 0.02, 60.0, 0.02, n);
	sized(0.01, 0.02, 10.0, 0.03, n);
	sized(0.02, 0.01, 60.0, 0.05, n);
	return aim_stdout_flush() != 0 ? 2 : 0;
}
