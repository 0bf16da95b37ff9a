// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The sequential comparison under injected noise, sample by sample: A/A
 * families of tests (half judged on the mean, half on the peak) whose
 * NEW side meets a CPU hog beside the test on its CPU, or whose host
 * runs every process at one of two speeds.  Each process's samples go
 * through the rate and noise rules aimrun uses (seq_process()), and the
 * looks through seq_replay(), against the plain looks of before (no
 * noise rules, no width bound) for contrast.  bench/seq-sim prints the
 * figures; t/seq-t holds the bound.
 */
#include "config.h"

#include "seq.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "xalloc.h"

#define SIM_SAMPLES 10
#define SIM_SAMPLE_NS 60000000

/*
 * One process at LEVEL whose samples HOG_FROM to HOG_TO share the CPU
 * with a hog: they run at half speed, wait half their time (run delay,
 * so noisy) and are preempted often.
 */
static void
host_process(gsl_rng *rng, double level, int hog_from, int hog_to,
	     enum measure_judged judged, struct seq_proc *out, double *plain)
{
	struct measure_sample s[SIM_SAMPLES];
	size_t flagged = 0, excluded = 0;
	double mean, peak;

	for (int i = 0; i < SIM_SAMPLES; i++) {
		int hog = i >= hog_from && i <= hog_to;
		double v = level * exp(gsl_ran_gaussian(rng, 0.005)) *
			   (hog ? 0.5 : 1.0);

		measure_init(&s[i], i + 1);
		s[i].elapsed_ns = SIM_SAMPLE_NS;
		s[i].calls = llround(v * SIM_SAMPLE_NS / 1e9);
		measure_set(&s[i].m, MEASURE_INVOL_CS, hog ? 25 : 0);
		measure_set(&s[i].m, MEASURE_RUN_DELAY,
			    hog ? SIM_SAMPLE_NS / 2 : SIM_SAMPLE_NS / 1000);
		measure_set(&s[i].m, MEASURE_STEAL, 0);
	}
	(void)seq_process(s, SIM_SAMPLES, 1.0, judged, 1, out);
	/* As aimcmp takes it: every sample. */
	if (stats_run_rate_checked(s, SIM_SAMPLES, 1.0, 0, &mean, &peak,
				   &flagged, &excluded) != 0)
		mean = peak = 0.0;
	*plain = judged == MEASURE_JUDGED_PEAK ? peak : mean;
}

/* A process of the model: on NEW (IS_NEW) with the hog, or bimodal. */
static void
model_process(const struct seq_host_cfg *c, gsl_rng *rng, int is_new,
	      enum measure_judged judged, struct seq_proc *out, double *plain)
{
	double level = 1e6 * exp(gsl_ran_gaussian(rng, c->sd));
	double u = gsl_rng_uniform(rng);
	int from = SIM_SAMPLES, to = -1;

	if (c->host == SEQ_HOST_BIMODAL && u < c->share)
		level *= 0.62;
	if (c->host == SEQ_HOST_HOG && is_new && u < c->share / 2.0) {
		from = 0;
		to = SIM_SAMPLES - 1;
	} else if (c->host == SEQ_HOST_HOG && is_new && u < c->share) {
		from = (int)gsl_rng_uniform_int(rng, SIM_SAMPLES);
		to = from + (int)gsl_rng_uniform_int(rng, SIM_SAMPLES - from);
	}
	host_process(rng, level, from, to, judged, out, plain);
}

/*
 * The looks of before: every process at its rate over every sample, no
 * noise rule, no width bound.
 */
static enum stats_verdict
plain(const struct seq_proc *b, size_t nb, const struct seq_proc *n,
      size_t nn, const struct seq_host_cfg *c)
{
	struct stats_run *rb = xcalloc(nb, sizeof(*rb));
	struct stats_run *rn = xcalloc(nn, sizeof(*rn));
	enum stats_verdict v = STATS_INCONCLUSIVE;
	struct stats_cmp cmp;
	size_t looked = 0, k = 0;

	for (size_t i = 0; i < nb; i++)
		rb[i].rate = b[i].rate;
	for (size_t i = 0; i < nn && v == STATS_INCONCLUSIVE; i++) {
		rn[i].rate = n[i].rate;
		if (i + 1 < 2 || (i + 1 < seq_next_look(looked) && i + 1 < nn))
			continue;
		looked = i + 1;
		if (seq_look(rb, nb, rn, i + 1, &c->opt, c->tests, ++k,
			     &cmp) == 0)
			v = cmp.verdict;
	}
	free(rb);
	free(rn);
	return v;
}

static int
cfg_valid(const struct seq_host_cfg *c)
{
	return c->tests > 0 && c->base_runs >= 2 && c->rounds >= 2 &&
	       c->trials > 0 && c->sd >= 0.0 && c->share >= 0.0 &&
	       c->share <= 1.0 && c->opt.alpha > 0.0 && c->opt.alpha < 0.5;
}

/* One test of one trial: the verdict, with the rules or without. */
static enum stats_verdict
host_test(const struct seq_host_cfg *c, gsl_rng *rng, size_t j,
	  struct seq_proc *b, struct seq_proc *n, struct seq_host_out *o)
{
	enum measure_judged judged = j % 2 ? MEASURE_JUDGED_PEAK :
					     MEASURE_JUDGED_MEAN;
	struct seq_state st;

	/* Each array holds the guarded process, then its plain rate. */
	for (size_t i = 0; i < c->base_runs; i++)
		model_process(c, rng, 0, judged, &b[i],
			      &b[c->base_runs + i].rate);
	for (size_t i = 0; i < c->rounds; i++) {
		model_process(c, rng, 1, judged, &n[i], &n[c->rounds + i].rate);
		o->noisy += n[i].noisy == 1;
	}
	if (!c->guarded)
		return plain(b + c->base_runs, c->base_runs, n + c->rounds,
			     c->rounds, c);
	if (seq_replay(b, c->base_runs, n, c->rounds, &c->opt, c->tests, 1,
		       &st) != 0 || !st.decided)
		return STATS_INCONCLUSIVE;
	return st.cmp.verdict;
}

int
seq_host_sim(const struct seq_host_cfg *c, struct seq_host_out *o)
{
	struct seq_proc *b, *n;
	gsl_rng *rng;
	double cases;

	if (!cfg_valid(c) || (rng = gsl_rng_alloc(gsl_rng_mt19937)) == NULL)
		return -1;
	gsl_rng_set(rng, c->seed);
	b = xcalloc(2 * c->base_runs, sizeof(*b));
	n = xcalloc(2 * c->rounds, sizeof(*n));
	memset(o, 0, sizeof(*o));
	for (size_t t = 0; t < c->trials; t++) {
		int any = 0;

		for (size_t j = 0; j < c->tests; j++) {
			enum stats_verdict v = host_test(c, rng, j, b, n, o);

			any |= v == STATS_REGRESSED || v == STATS_IMPROVED;
			o->equivalent += v == STATS_EQUIVALENT;
		}
		o->false_family += any;
	}
	cases = (double)c->trials * (double)c->tests;
	o->false_family /= (double)c->trials;
	o->equivalent /= cases;
	o->noisy /= cases * (double)c->rounds;
	free(b);
	free(n);
	gsl_rng_free(rng);
	return 0;
}
