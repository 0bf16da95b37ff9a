// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The simulation behind the sequential design: families of tests with a
 * known truth, the base fixed, NEW growing by one process a round and
 * compared on the look schedule of lib/stats/seq.h until decided.
 * bench/seq-sim prints its figures; t/seq-t runs a small one and holds
 * the bounds to it.
 */
#include "config.h"

#include "seq.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "xalloc.h"

/* What one trial of one test showed. */
struct sim_test {
	enum stats_verdict verdict;
	size_t rounds;
};

static int
cfg_valid(const struct seq_sim_cfg *c)
{
	return c->tests > 0 && c->base_runs >= 2 && c->rounds >= 2 &&
	       c->trials > 0 && c->sd >= 0.0 && isfinite(c->sd) &&
	       c->shift > -1.0 && isfinite(c->shift) &&
	       c->opt.alpha > 0.0 && c->opt.alpha < 0.5;
}

static void
draw(gsl_rng *rng, double sd, double shift, struct stats_run *r, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		r[i].rate = 1e6 * (1.0 + shift) * exp(gsl_ran_gaussian(rng, sd));
		r[i].boot_id = NULL;
	}
}

/* Whether NEW's N-th process is looked at (every one), and if so look K. */
static int
due(const struct seq_sim_cfg *c, size_t n, size_t *next, size_t *k)
{
	(void)c;
	(void)next;
	if (n < 2)
		return 0;
	*k = n - 1;
	return 1;
}

/* The naive and every-round contrasts: a look after every process. */
static void
sim_every(const struct seq_sim_cfg *c, gsl_rng *rng, struct stats_run *base,
	  struct stats_run *new_, struct sim_test *out)
{
	struct stats_cmp cmp;
	size_t next = SEQ_FIRST_LOOK, k = 0;

	for (size_t n = 1; n <= c->rounds; n++) {
		draw(rng, c->sd, c->shift, &new_[n - 1], 1);
		out->rounds = n;
		if (!due(c, n, &next, &k))
			continue;
		if (c->naive ? stats_compare(base, c->base_runs, new_, n,
					     &c->opt, MEASURE_HIGHER,
					     &cmp) != 0 :
			       seq_look(base, c->base_runs, new_, n, &c->opt,
					c->tests, k, &cmp) != 0)
			continue;
		if (cmp.verdict != STATS_INCONCLUSIVE) {
			out->verdict = cmp.verdict;
			return;
		}
	}
}

/*
 * One test: rounds until a verdict or the budget of rounds ends, as
 * aimrun --until-decided runs them: seq_replay() over NEW's processes.
 */
static void
sim_one(const struct seq_sim_cfg *c, gsl_rng *rng, struct stats_run *base,
	struct stats_run *new_, struct sim_test *out)
{
	struct seq_proc *b, *n;
	struct seq_state st;

	draw(rng, c->sd, 0.0, base, c->base_runs);
	out->verdict = STATS_INCONCLUSIVE;
	if (c->naive || c->every_round) {
		sim_every(c, rng, base, new_, out);
		return;
	}
	draw(rng, c->sd, c->shift, new_, c->rounds);
	b = xcalloc(c->base_runs, sizeof(*b));
	n = xcalloc(c->rounds, sizeof(*n));
	for (size_t i = 0; i < c->base_runs; i++)
		b[i] = (struct seq_proc){ base[i].rate, 0 };
	for (size_t i = 0; i < c->rounds; i++)
		n[i] = (struct seq_proc){ new_[i].rate, 0 };
	if (seq_replay(b, c->base_runs, n, c->rounds, &c->opt, c->tests, 1,
		       &st) == 0 && st.decided) {
		out->verdict = st.cmp.verdict;
		out->rounds = st.looked_n;
	} else {
		out->rounds = c->rounds;
	}
	free(b);
	free(n);
}

static int
wrong_way(const struct seq_sim_cfg *c, enum stats_verdict v)
{
	if (v == STATS_REGRESSED)
		return !(c->shift < 0.0);
	if (v == STATS_IMPROVED)
		return !(c->shift > 0.0);
	return 0;
}

static void
tally(const struct seq_sim_cfg *c, const struct sim_test *t,
      struct seq_sim_out *o, size_t *false_trials)
{
	int any_false = 0;

	for (size_t j = 0; j < c->tests; j++) {
		any_false |= wrong_way(c, t[j].verdict);
		o->found += (t[j].verdict == STATS_REGRESSED ||
			     t[j].verdict == STATS_IMPROVED) &&
			    !wrong_way(c, t[j].verdict);
		o->equivalent += t[j].verdict == STATS_EQUIVALENT;
		o->wrong_equiv += t[j].verdict == STATS_EQUIVALENT &&
				  fabs(c->shift) > c->opt.equiv;
		o->mean_rounds += (double)t[j].rounds;
	}
	*false_trials += (size_t)any_false;
}

int
seq_sim_run(const struct seq_sim_cfg *c, struct seq_sim_out *o)
{
	gsl_rng *rng;
	struct stats_run *base, *new_;
	struct sim_test *t;
	size_t false_trials = 0;
	double cases;

	if (!cfg_valid(c))
		return -1;
	rng = gsl_rng_alloc(gsl_rng_mt19937);
	if (rng == NULL)
		return -1;
	gsl_rng_set(rng, c->seed);
	base = xcalloc(c->base_runs, sizeof(*base));
	new_ = xcalloc(c->rounds, sizeof(*new_));
	t = xcalloc(c->tests, sizeof(*t));
	*o = (struct seq_sim_out){ 0 };
	for (size_t i = 0; i < c->trials; i++) {
		for (size_t j = 0; j < c->tests; j++)
			sim_one(c, rng, base, new_, &t[j]);
		tally(c, t, o, &false_trials);
	}
	cases = (double)c->trials * (double)c->tests;
	o->false_family = (double)false_trials / (double)c->trials;
	o->found /= cases;
	o->equivalent /= cases;
	o->wrong_equiv /= cases;
	o->mean_rounds /= cases;
	free(t);
	free(new_);
	free(base);
	gsl_rng_free(rng);
	return 0;
}
