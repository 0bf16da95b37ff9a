/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Sampling until a question is answered: the precision of one tag's rate
 * (aimrun --precision) and the sequential comparison with a base
 * (aimrun --until-decided), whose verdicts stay as rare by chance as
 * aimcmp's however often it looks.  Pure functions; doc/statistics.md,
 * "Sampling until decided", gives the design and the simulation.
 */
#ifndef AIM_SEQ_H
#define AIM_SEQ_H

#include <stddef.h>

#include "measure.h"
#include "stats.h"

/*
 * The level spent at look K (1, 2, ...) of one test in a family of M:
 * alpha / M / (K (K + 1)).  Over any number of looks and the M tests the
 * levels sum to at most ALPHA, so by the union bound the chance of any
 * false verdict is at most ALPHA whenever the looks stop.  NaN when K or
 * M is 0 or ALPHA is outside (0, 1).
 */
double seq_look_alpha(double alpha, size_t m, size_t k);

/*
 * When looks are made: at SEQ_FIRST_LOOK processes of NEW, then each
 * time NEW has half as many again (4, 6, 9, 14, 21, 32, 48, ...).  A
 * look at every round spends the level on looks that add one process
 * to many; on this schedule look K comes at about 4 * 1.5^(K-1)
 * processes, so late looks keep levels that can still decide.  Returns
 * the count at which the look after one at N is due (N + 1 at least).
 */
#define SEQ_FIRST_LOOK 4
size_t seq_next_look(size_t n);

/*
 * The narrowest interval (half-width, percent) any look can reach
 * against a base of NB processes whose log rates have sample sd SD:
 * NEW's side adds to the standard error and looks spend less than the
 * first, so t(alpha_1, NB - 1) SD / sqrt(NB) bounds every look from
 * below.  Wider than the equivalence margin: the test can never be
 * called equivalent against that base.  NaN when NB < 2.
 */
double seq_base_floor_pct(double sd, size_t nb, double alpha, size_t m);

/*
 * The --precision (95 % half-width, percent) a base needs for its floor
 * to take at most half of an equivalence margin of MARGIN_PCT at the
 * first look in a family of M: the margin's half scaled by t(0.05) over
 * t(alpha_1), at 30 degrees of freedom, in [0.01, 100].  A 95 % interval
 * of +/-MARGIN is far from enough: the first look is made at about
 * alpha / M / 2.  NaN when M is 0 or MARGIN_PCT is not positive.
 */
double seq_base_precision_pct(double margin_pct, double alpha, size_t m);

/*
 * The sample sd of the logarithms of N rates (NaN when N < 2 or a rate
 * is not positive and finite).
 */
double seq_log_sd(const struct stats_run *runs, size_t n);

/*
 * Half-width, in percent, of the (1 - ALPHA) interval of the geometric
 * mean of N per-process rates: 100 (exp(t sd / sqrt(N)) - 1) on their
 * logarithms.  NaN when N < 2 or a rate is not positive and finite.
 */
double seq_halfwidth_pct(const struct stats_run *runs, size_t n,
			 double alpha);

/*
 * The rate one process is judged on in the sequential comparison: the
 * peak for JUDGED peak, else the time-weighted mean, of the samples the
 * noise rule of lib/stats/noise.h does not flag (every sample when it flags
 * them all or cannot judge them: no run delay recorded, or NOISE is 0:
 * AIM_NOISE=keep); an imported report's printed rate is both.  0, or -1
 * when unusable.
 */
int seq_process_rate(const struct measure_sample *s, size_t n,
		     double factor, enum measure_judged judged, int noise,
		     double *rate);

/*
 * Look K at one test of a family of M: stats_compare() at the level
 * seq_look_alpha() spends on it, the family being accounted for by that
 * level (q is p), higher being better (rounds are of tests, rates).
 * The interval, mdc and verdict are those of the look.
 * Returns 0, or -1 as stats_compare() does.
 */
int seq_look(const struct stats_run *base, size_t nb,
	     const struct stats_run *new_, size_t nn,
	     const struct stats_opts *opt, size_t m, size_t k,
	     struct stats_cmp *out);

/*
 * A decision needs an interval that knows the change: one spanning less
 * than this (hi / lo - 1, in percent: 100 is a factor of two), or whose
 * half-width in logarithms is at most half its centre's distance from no
 * change (a -99 % found within [-99.6 %, -98.8 %] spans a factor of
 * three).  A look whose interval excludes 1 but is wider does not
 * decide, since so wide an interval says the processes disagree far more
 * than the test's model allows (disk_src "improved [+39 %, +1889 %]", a
 * factor of 14 around +425 %, under a load of 164); equivalence needs a
 * narrow one anyway.
 */
#define SEQ_WIDTH_MAX_PCT 100.0

/*
 * Whether look C decides: a verdict other than inconclusive, and for
 * regressed or improved an interval as above, else C is made
 * inconclusive with the reason.
 */
int seq_decides(struct stats_cmp *c);

/* One process as the sequential comparison takes it. */
struct seq_proc {
	double rate;		/* seq_process_rate(); <= 0: unusable */
	int noisy;		/* most samples noisy (lib/stats/noise.h); -1 unknown */
};

/*
 * The rate (seq_process_rate()) and the noise of the N samples of one
 * process into OUT: noisy when more than half its samples lost more than
 * NOISE_SAMPLE_PCT of their time waiting for a CPU or stolen, and then
 * left out of the comparison; with NOISE 0 none is (OUT->noisy -1).  0,
 * or -1 when the rate is unusable (OUT->rate is then 0).
 */
int seq_process(const struct measure_sample *s, size_t n, double factor,
		enum measure_judged judged, int noise, struct seq_proc *out);

/*
 * Whether a look is made after N processes since the last one, NOISY of
 * them mostly noisy: not while most were, since a machine busy for those
 * processes may have slowed the others too.
 */
int seq_look_quiet(size_t noisy, size_t n);

/* Where a sequential comparison of one test stands. */
struct seq_state {
	size_t looks;		/* looks made */
	size_t looked_n;	/* usable NEW processes at the last look */
	size_t skipped;		/* looks due but not made: mostly noisy */
	size_t used_base, used_new;	/* processes compared */
	size_t noisy_base, noisy_new;	/* left out: mostly noisy */
	int spoiled;		/* a process without a usable rate */
	int decided;		/* a look decided: the test is closed */
	struct stats_cmp cmp;	/* of the last look */
};

/*
 * Replay the sequential comparison of one test of a family of M: the
 * base's NB processes against NEW's NN in the order they ran, looked at
 * on the schedule (seq_next_look()) over the usable NEW processes, a
 * process mostly noisy left out of both sides, a look not made while
 * the processes since the last one were mostly noisy, each look by
 * seq_look() and seq_decides(), until one decides; with FINAL a last
 * look at what came since the last one (the budget's end).  aimrun
 * --until-decided calls it after every round and aimcmp on the stored
 * processes, so both give one verdict.  0, or -1 on a bad OPT or M.
 */
int seq_replay(const struct seq_proc *base, size_t nb,
	       const struct seq_proc *new_, size_t nn,
	       const struct stats_opts *opt, size_t m, int final,
	       struct seq_state *out);

/* A simulated family of tests, looked at on the schedule above. */
struct seq_sim_cfg {
	size_t tests;		/* family size M */
	size_t base_runs;	/* processes of the base, fixed */
	size_t rounds;		/* most NEW processes a test gets */
	double sd;		/* sd of a log per-process rate */
	double shift;		/* true NEW/BASE - 1 of every test */
	struct stats_opts opt;	/* alpha, equivalence margin */
	size_t trials;
	unsigned long seed;
	int naive;		/* aimcmp's test at alpha every round instead */
	int every_round;	/* the level spent on a look at every round */
};

struct seq_sim_out {
	double false_family;	/* trials with any wrong regressed/improved */
	double found;		/* tests decided the right way (a shift) */
	double equivalent;	/* tests decided equivalent */
	double wrong_equiv;	/* equivalent while |shift| > margin */
	double mean_rounds;	/* rounds a test ran, on average */
};

/* Run the simulation (deterministic for a seed).  0, or -1 on a bad CFG. */
int seq_sim_run(const struct seq_sim_cfg *cfg, struct seq_sim_out *out);

/* Noise injected into an A/A family, sample by sample (seq_sim_host.c). */
enum seq_host {
	/*
	 * A CPU hog beside the test on its CPU during NEW: SHARE of NEW's
	 * processes meet it, half of them throughout, half for a stretch
	 * of their samples, which run at half speed and wait half the time.
	 */
	SEQ_HOST_HOG,
	/*
	 * A host that runs each process, on both sides, at one of two
	 * speeds 38 % apart, the slow one with probability SHARE; nothing
	 * in the samples says which.
	 */
	SEQ_HOST_BIMODAL,
};

struct seq_host_cfg {
	enum seq_host host;
	double share;		/* of processes the noise takes, 0 to 1 */
	double sd;		/* of the log rate between processes */
	size_t tests;		/* family size M: half mean, half peak */
	size_t base_runs;	/* processes of the base, fixed */
	size_t rounds;		/* most NEW processes a test gets */
	struct stats_opts opt;
	size_t trials;
	unsigned long seed;
	int guarded;		/* seq_replay(); 0: the plain looks */
};

struct seq_host_out {
	double false_family;	/* trials with any regressed or improved */
	double equivalent;	/* tests called equivalent */
	double noisy;		/* NEW processes mostly noisy */
};

/* Run it (deterministic for a seed).  0, or -1 on a bad CFG. */
int seq_host_sim(const struct seq_host_cfg *cfg, struct seq_host_out *out);

#endif
