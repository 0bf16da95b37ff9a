/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Variance components of a kernel comparison and what they say about its
 * size (doc/statistics.md, "Boots and sizing"): the spread of log rates
 * between boots, between processes of one boot and between samples of
 * one process, estimated from the data (one-way random effects, method
 * of moments), and from them and the cost of each level the numbers of
 * boots and of processes per boot that resolve a given change at the
 * least cost (Kalibera and Jones, "Rigorous benchmarking in reasonable
 * time", ISMM 2013).  Pure functions.
 */
#ifndef AIM_VARCOMP_H
#define AIM_VARCOMP_H

#include <stddef.h>

#include "stats.h"

/* The components of one side, or of two pooled; variances of logs. */
struct varcomp {
	double between;		/* between boots */
	double within;		/* between processes of one boot */
	double df_between;	/* their degrees of freedom: boots - 1 */
	double df_within;	/*   and processes - boots */
};

/*
 * The components of the N runs R grouped by boot id (unknown ids are
 * one boot): within is the mean square within boots, between the excess
 * of the mean square between them over it, divided by the effective
 * number of runs per boot, and 0 when negative.  0, or -1 when there are
 * fewer than two boots, no boot holds two runs, or a rate is not
 * positive and finite.
 */
int varcomp_boots(const struct stats_run *r, size_t n, struct varcomp *out);

/*
 * A and B pooled, each weighted by its degrees of freedom (two kernels
 * are assumed to share their components, as Welch's test does not but
 * a plan must, to size both sides alike).
 */
void varcomp_pool(const struct varcomp *a, const struct varcomp *b,
		  struct varcomp *out);

/* The spread between samples of one process, pooled over processes. */
struct varcomp_samples {
	double ss;		/* sum of squares about each process's mean */
	double df;		/* samples - processes */
};

/* Add one process's N sample log rates X. */
void varcomp_samples_add(struct varcomp_samples *s, const double *x,
			 size_t n);
/* Their variance; NaN with no degree of freedom. */
double varcomp_samples_var(const struct varcomp_samples *s);

/* What repeating each level costs, in seconds. */
struct varcomp_cost {
	double boot_s;		/* a boot: reboot and start, up to the block */
	double process_s;	/* a process of one test, start to end */
};

/* The cheapest design that resolves a change. */
struct varcomp_size {
	int procs;		/* processes of the test per boot */
	int boots;		/* boots of each kernel; 0 when above the cap */
	double cost_s;		/* both kernels' boots and processes */
};

/* Processes per boot and boots a side that varcomp_size() never passes. */
#define VARCOMP_MAX_PROCS 64
#define VARCOMP_MAX_BOOTS 1000

/*
 * The design for two kernels of components C and costs COST: processes
 * per boot at Kalibera and Jones' optimum sqrt(boot_s within /
 * (process_s between)), rounded and within [1, VARCOMP_MAX_PROCS]; then
 * the fewest boots a kernel (2 at least) with which a two-sided test at
 * ALPHA on boot means finds a change of CHANGE (a fraction: 0.02 for
 * 2 %) with probability POWER, on 2 (boots - 1) degrees of freedom:
 * (t(1 - ALPHA/2) + t(POWER)) sqrt(2 (between + within / procs) / boots)
 * <= log(1 + CHANGE).  POWER 0.5 asks for an interval of half-width
 * CHANGE instead.  0, or -1 when an argument is out of range.
 */
int varcomp_size(const struct varcomp *c, const struct varcomp_cost *cost,
		 double change, double alpha, double power,
		 struct varcomp_size *out);

/*
 * The fewest boots a kernel (2 at least, VARCOMP_MAX_BOOTS at most)
 * with PROCS processes each that resolve CHANGE as varcomp_size() says;
 * 0 when more would be needed, -1 when an argument is out of range.
 */
int varcomp_boots_needed(const struct varcomp *c, int procs, double change,
			 double alpha, double power);

/* A simulation of nested data with known components (lib/stats/varcomp_sim.c). */
struct varcomp_sim_cfg {
	size_t boots;		/* a kernel */
	size_t procs;		/* a boot */
	size_t samples;		/* a process */
	double between, within, sample;	/* standard deviations of logs */
	double shift;		/* true NEW/BASE - 1 */
	double alpha;
	size_t resamples;	/* of the hierarchical bootstrap; 0: none */
	size_t trials;
	unsigned long seed;
};

/* How often each estimator flagged a difference, and covered the truth. */
struct varcomp_sim_out {
	double flag_boot, flag_proc, flag_hb;	/* interval without 1 */
	double cover_boot, cover_proc, cover_hb;/* interval holds the shift */
};

/*
 * Run the simulation (deterministic for a seed): boot means with
 * Welch's test (what aimcmp does with two boots or more a side),
 * processes as if independent, and the hierarchical bootstrap (boots
 * resampled, then processes within each).  0, or -1 on a bad CFG.
 */
int varcomp_sim_run(const struct varcomp_sim_cfg *cfg,
		    struct varcomp_sim_out *out);

#endif
