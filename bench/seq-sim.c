// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bench/seq-sim: the figures of doc/statistics.md, "Sampling until
 * decided": A/A families compared on the look schedule (false verdicts,
 * family-wise) and a known shift (how often found, in how many rounds);
 * "naive" is aimcmp's test at alpha after every round and "every round"
 * the level spent on a look at every round, for contrast; then A/A
 * families under injected noise, a CPU hog beside the test during NEW
 * and a host of two speeds, with the rules of aimrun (noisy processes
 * and samples left out, no look while most processes were noisy, no
 * decision on an interval over 50 %) and without them.
 * Usage: bench/seq-sim [TRIALS]   (default 2000; deterministic)
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "log.h"
#include "parse.h"
#include "seq.h"

static void
row(const char *what, double sd, double shift, size_t base, size_t rounds,
    size_t trials)
{
	struct seq_sim_cfg c = {
		.tests = 10, .base_runs = base, .rounds = rounds, .sd = sd,
		.shift = shift, .trials = trials, .seed = 20261201UL,
		.naive = what[0] == 'n', .every_round = what[0] == 'e',
	};
	struct seq_sim_out o;

	stats_opts_default(&c.opt);
	if (seq_sim_run(&c, &o) != 0)
		aim_die(2, "simulation: invalid configuration");
	printf("| %s | %.1f %% | %+.1f %% | %zu | %zu | %.4f | %.3f | %.3f | %.1f |\n",
	       what, 100.0 * sd, 100.0 * shift, base, rounds, o.false_family,
	       o.found, o.equivalent, o.mean_rounds);
}

static void
host_row(enum seq_host host, double share, int guarded, size_t trials)
{
	struct seq_host_cfg c = {
		.host = host, .share = share, .sd = 0.01, .tests = 10,
		.base_runs = 20, .rounds = 60, .trials = trials,
		.seed = 20261201UL, .guarded = guarded,
	};
	struct seq_host_out o;

	stats_opts_default(&c.opt);
	if (seq_host_sim(&c, &o) != 0)
		aim_die(2, "simulation: invalid configuration");
	printf("| %s | %.0f %% | %s | %.4f | %.3f | %.3f |\n",
	       host == SEQ_HOST_HOG ? "CPU hog during NEW" : "two-speed host",
	       100.0 * share, guarded ? "aimrun's" : "none", o.false_family,
	       o.equivalent, o.noisy);
}

int
main(int argc, char **argv)
{
	long trials = 2000;

	log_set_program("seq-sim");
	if (argc > 2 || (argc == 2 && parse_long(argv[1], 1, 1000000, &trials) != 0))
		aim_die(1, "usage: seq-sim [TRIALS from 1 to 1000000]");
	printf("10 tests a family, alpha 0.05, equivalence 2 %%, %ld trials\n\n", trials);
	printf("| case | sd | shift | base runs | most rounds | false family | found | equivalent | mean rounds |\n");
	printf("|---|---|---|---|---|---|---|---|---|\n");
	row("naive A/A", 0.01, 0.0, 20, 60, (size_t)trials);
	row("A/A", 0.01, 0.0, 20, 60, (size_t)trials);
	row("every round A/A", 0.01, 0.0, 20, 60, (size_t)trials);
	row("A/A", 0.02, 0.0, 40, 100, (size_t)trials);
	row("every round A/A", 0.02, 0.0, 40, 100, (size_t)trials);
	row("A/A", 0.05, 0.0, 6, 60, (size_t)trials);
	row("shift", 0.01, -0.03, 6, 60, (size_t)trials);
	row("shift", 0.01, -0.03, 20, 60, (size_t)trials);
	row("shift", 0.01, +0.03, 20, 60, (size_t)trials);
	row("shift", 0.02, -0.03, 20, 60, (size_t)trials);
	row("shift", 0.02, -0.03, 40, 100, (size_t)trials);
	row("every round shift", 0.02, -0.03, 40, 100, (size_t)trials);
	row("shift", 0.05, -0.03, 100, 200, (size_t)trials);
	printf("\nA/A under injected noise: 10 tests (5 mean, 5 peak), cv 1 %%, base 20, up to 60 rounds, %ld trials\n\n",
	       trials / 4);
	printf("| noise | processes it takes | rules | false family | equivalent | NEW processes noisy |\n");
	printf("|---|---|---|---|---|---|\n");
	for (int guarded = 0; guarded < 2; guarded++) {
		host_row(SEQ_HOST_HOG, 0.2, guarded, (size_t)trials / 4);
		host_row(SEQ_HOST_HOG, 0.5, guarded, (size_t)trials / 4);
		host_row(SEQ_HOST_HOG, 0.9, guarded, (size_t)trials / 4);
		host_row(SEQ_HOST_BIMODAL, 0.3, guarded, (size_t)trials / 4);
		host_row(SEQ_HOST_BIMODAL, 0.5, guarded, (size_t)trials / 4);
	}
	return aim_stdout_flush() != 0 ? 2 : 0;
}
