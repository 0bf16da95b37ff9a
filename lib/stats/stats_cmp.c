// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimcmp's verdict for one test and for the whole family of tests:
 * Welch's t-test on log per-run (or per-boot) rates, the interval for
 * the ratio NEW/BASE, the minimum detectable change, and the
 * Benjamini-Hochberg correction that keeps chance "regressions" rare
 * when sixty tests are compared at once.
 */
#include "config.h"

#include "stats.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sort.h>

#include "xalloc.h"

/* Mean and variance of the log rates of one side's observations. */
struct side {
	size_t n;
	double mean;
	double var;
};

void
stats_opts_default(struct stats_opts *opt)
{
	opt->alpha = 0.05;
	opt->equiv = 0.02;
	opt->per_run = 0;
}

static int
opts_valid(const struct stats_opts *opt)
{
	return opt != NULL && opt->alpha > 0.0 && opt->alpha < 0.5 &&
	       opt->equiv >= 0.0 && opt->equiv < 1.0;
}

const char *
stats_verdict_name(enum stats_verdict v)
{
	switch (v) {
	case STATS_EQUIVALENT:
		return "equivalent";
	case STATS_IMPROVED:
		return "improved";
	case STATS_REGRESSED:
		return "regressed";
	case STATS_INCONCLUSIVE:
		break;
	}
	return "inconclusive";
}

const char *
stats_unit_name(enum stats_unit u)
{
	return u == STATS_UNIT_BOOT ? "boot" : "run";
}

double
stats_mdc_pct(double se, double df, double alpha, double power)
{
	double k;

	if (!(se >= 0.0) || !isfinite(se))
		return NAN;
	if (se == 0.0)
		return 0.0;
	if (!(df > 0.0) || !(alpha > 0.0 && alpha < 1.0) ||
	    !(power > 0.0 && power < 1.0))
		return NAN;
	k = gsl_cdf_tdist_Qinv(alpha / 2.0, df) +
	    gsl_cdf_tdist_Qinv(1.0 - power, df);
	return 100.0 * expm1(k * se);
}

static int
rates_valid(const struct stats_run *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!(r[i].rate > 0.0) || !isfinite(r[i].rate))
			return 0;
	return 1;
}

static void
side_stats(const struct stats_run *r, size_t n, int by_boot, struct side *s)
{
	struct stats_welford w;

	stats_welford_init(&w);
	for (size_t i = 0; i < n; i++) {
		if (!by_boot)
			stats_welford_add(&w, log(r[i].rate));
		else if (stats_first_of_boot(r, i))
			stats_welford_add(&w, stats_boot_mean_log(r, n, i));
	}
	s->n = w.n;
	s->mean = w.mean;
	s->var = stats_welford_var(&w);
}

double
stats_t_crit(double alpha, double df)
{
	if (!(df > 0.0) || !(alpha > 0.0 && alpha < 1.0))
		return NAN;
	return gsl_cdf_tdist_Qinv(alpha / 2.0, df);
}

/* Welch's t on the log rates: p, interval, df and detectable change. */
static void
welch(const struct side *b, const struct side *nw,
      const struct stats_opts *opt, struct stats_cmp *c)
{
	double d = nw->mean - b->mean;
	double vb = b->var / (double)b->n, vn = nw->var / (double)nw->n;
	double tq;

	c->se = sqrt(vb + vn);
	if (c->se == 0.0) {
		/* Nothing varies: the observed difference is the answer. */
		c->df = (double)(b->n + nw->n - 2);
		c->ratio_lo = c->ratio;
		c->ratio_hi = c->ratio;
		c->p = d == 0.0 ? 1.0 : 0.0;
		c->mdc_pct = 0.0;
		return;
	}
	c->df = (vb + vn) * (vb + vn) /
		(vb * vb / (double)(b->n - 1) + vn * vn / (double)(nw->n - 1));
	c->p = 2.0 * gsl_cdf_tdist_Q(fabs(d) / c->se, c->df);
	if (c->p > 1.0)
		c->p = 1.0;
	tq = gsl_cdf_tdist_Qinv(opt->alpha / 2.0, c->df);
	c->ratio_lo = c->ratio * exp(-tq * c->se);
	c->ratio_hi = c->ratio * exp(tq * c->se);
	c->mdc_pct = stats_mdc_pct(c->se, c->df, opt->alpha, STATS_POWER);
}

/*
 * Equivalence is judged first: the margin is the user's statement of
 * which changes do not matter, so a change proven smaller than it is not
 * reported as a regression even when it is proven non-zero.
 */
static void
decide(struct stats_cmp *c, const struct stats_opts *opt)
{
	c->verdict = STATS_INCONCLUSIVE;
	if (isnan(c->p)) {
		c->why = "needs >= 2 runs on each side";
	} else if (c->ratio_lo >= 1.0 - opt->equiv &&
		   c->ratio_hi <= 1.0 + opt->equiv) {
		c->verdict = STATS_EQUIVALENT;
		c->why = c->se == 0.0 ?
			 "no noise, inside the equivalence margin" :
			 "interval inside the equivalence margin";
	} else if (c->q <= opt->alpha) {
		c->verdict = stats_ratio_worse(c->ratio, c->better) ?
			     STATS_REGRESSED : STATS_IMPROVED;
		c->why = c->se == 0.0 ?
			 "no noise, a deterministic difference" :
			 "significant after correction for all tests";
	} else if (c->p <= opt->alpha) {
		c->why =
		   "significant alone, not after correction for all tests";
	} else {
		c->why = "interval too wide for a change or for equivalence";
	}
}

int
stats_ratio_worse(double ratio, enum measure_better better)
{
	return better == MEASURE_LOWER ? ratio > 1.0 : ratio < 1.0;
}

static void
cmp_init(struct stats_cmp *c, enum measure_better better)
{
	c->unit = STATS_UNIT_RUN;
	c->better = better;
	c->n_base = 0;
	c->n_new = 0;
	c->base_center = NAN;
	c->new_center = NAN;
	c->ratio = NAN;
	c->ratio_lo = NAN;
	c->ratio_hi = NAN;
	c->se = NAN;
	c->df = NAN;
	c->p = NAN;
	c->q = NAN;
	c->mdc_pct = NAN;
	c->verdict = STATS_INCONCLUSIVE;
	c->why = NULL;
}

static double
center(const struct side *s, const struct stats_run *r)
{
	/*
	 * One observation is one run (boots need two per side): give its
	 * own rate rather than exp(log()) with a rounding step.
	 */
	return s->n == 1 ? r[0].rate : exp(s->mean);
}

double
stats_center(const struct stats_run *runs, size_t n, int by_boot)
{
	struct side s;

	if (n == 0 || runs == NULL || !rates_valid(runs, n))
		return NAN;
	/* One boot is one observation: its runs are the spread. */
	if (by_boot && stats_count_boots(runs, n) < 2)
		by_boot = 0;
	side_stats(runs, n, by_boot, &s);
	return center(&s, runs);
}

int
stats_compare(const struct stats_run *base, size_t nb,
	      const struct stats_run *new_, size_t nn,
	      const struct stats_opts *opt, enum measure_better better,
	      struct stats_cmp *out)
{
	struct side b, n;
	int by_boot;

	cmp_init(out, better);
	if (!opts_valid(opt)) {
		out->why = "invalid alpha or equivalence margin";
		return -1;
	}
	if (nb == 0 || nn == 0 || base == NULL || new_ == NULL) {
		out->why = "a side has no run";
		return -1;
	}
	if (!rates_valid(base, nb) || !rates_valid(new_, nn)) {
		out->why = "a run rate is not positive and finite";
		return -1;
	}
	by_boot = !opt->per_run && stats_count_boots(base, nb) >= 2 &&
		  stats_count_boots(new_, nn) >= 2;
	side_stats(base, nb, by_boot, &b);
	side_stats(new_, nn, by_boot, &n);
	out->unit = by_boot ? STATS_UNIT_BOOT : STATS_UNIT_RUN;
	out->n_base = b.n;
	out->n_new = n.n;
	out->base_center = center(&b, base);
	out->new_center = center(&n, new_);
	out->ratio = out->new_center / out->base_center;
	if (b.n >= 2 && n.n >= 2)
		welch(&b, &n, opt, out);
	out->q = out->p;
	decide(out, opt);
	return 0;
}

void
stats_bh_adjust(struct stats_cmp *cmps, size_t n, const struct stats_opts *opt)
{
	double *p = xmalloc((n + 1) * sizeof(*p));
	size_t *who = xmalloc((n + 1) * sizeof(*who));
	size_t *rank = xmalloc((n + 1) * sizeof(*rank));
	size_t m = 0;
	double run = 1.0;

	for (size_t i = 0; i < n; i++) {
		cmps[i].q = NAN;
		if (!isnan(cmps[i].p)) {
			p[m] = cmps[i].p;
			who[m++] = i;
		}
	}
	if (m > 0)
		gsl_sort_index(rank, p, 1, m);
	/* Step up from the largest p: q is the smallest m/k * p(k) above. */
	for (size_t k = m; k-- > 0;) {
		double v = p[rank[k]] * (double)m / (double)(k + 1);

		if (v < run)
			run = v;
		cmps[who[rank[k]]].q = run;
	}
	for (size_t i = 0; i < n; i++)
		decide(&cmps[i], opt);
	free(rank);
	free(who);
	free(p);
}

void
stats_decide(struct stats_cmp *c, const struct stats_opts *opt)
{
	decide(c, opt);
}
