/*
 * The per-look levels of the sequential comparison, the precision of
 * one side, and the rate of one process as aimcmp judges it.
 */
#include "config.h"

#include "seq.h"

#include <math.h>
#include <stdint.h>

#include <gsl/gsl_cdf.h>

double
seq_look_alpha(double alpha, size_t m, size_t k)
{
	if (k == 0 || m == 0 || !(alpha > 0.0 && alpha < 1.0))
		return NAN;
	/* 1 / (k (k + 1)) sums to 1 over k = 1, 2, ...: no last look needed. */
	return alpha / (double)m / ((double)k * ((double)k + 1.0));
}

size_t
seq_next_look(size_t n)
{
	size_t next;

	if (n < SEQ_FIRST_LOOK)
		return SEQ_FIRST_LOOK;
	if (n > SIZE_MAX / 3)
		return SIZE_MAX;
	next = (3 * n + 1) / 2;		/* ceil(1.5 n) */
	return next > n ? next : n + 1;
}

double
seq_log_sd(const struct stats_run *runs, size_t n)
{
	struct stats_welford w;

	if (n < 2 || runs == NULL)
		return NAN;
	stats_welford_init(&w);
	for (size_t i = 0; i < n; i++) {
		if (!(runs[i].rate > 0.0) || !isfinite(runs[i].rate))
			return NAN;
		stats_welford_add(&w, log(runs[i].rate));
	}
	return sqrt(stats_welford_var(&w));
}

double
seq_base_floor_pct(double sd, size_t nb, double alpha, size_t m)
{
	double a1 = seq_look_alpha(alpha, m, 1), t;

	if (nb < 2 || isnan(a1) || !(sd >= 0.0))
		return NAN;
	t = stats_t_crit(a1, (double)(nb - 1));
	if (isnan(t))
		return NAN;
	return 100.0 * expm1(t * sd / sqrt((double)nb));
}

double
seq_base_precision_pct(double margin_pct, double alpha, size_t m)
{
	double a1 = seq_look_alpha(alpha, m, 1), p;

	if (isnan(a1) || !(margin_pct > 0.0))
		return NAN;
	p = margin_pct / 2.0 * stats_t_crit(0.05, 30.0) / stats_t_crit(a1, 30.0);
	return p < 0.01 ? 0.01 : p > 100.0 ? 100.0 : p;
}

double
seq_halfwidth_pct(const struct stats_run *runs, size_t n, double alpha)
{
	double sd = seq_log_sd(runs, n), t;

	if (isnan(sd))
		return NAN;
	t = stats_t_crit(alpha, (double)(n - 1));
	if (isnan(t))
		return NAN;
	return 100.0 * expm1(t * sd / sqrt((double)n));
}

/* An imported report's rate: printed rates weighted by time when timed. */
static double
printed_rate(const struct measure_sample *s, size_t n)
{
	long double num = 0.0L, den = 0.0L, sum = 0.0L;
	int timed = 1;

	for (size_t i = 0; i < n; i++) {
		num += (long double)s[i].printed_ops * s[i].elapsed_ns;
		den += s[i].elapsed_ns;
		sum += s[i].printed_ops;
		if (s[i].elapsed_ns <= 0)
			timed = 0;
	}
	if (timed && den > 0.0L)
		return (double)(num / den);
	return (double)(sum / (long double)n);
}

int
seq_process_rate(const struct measure_sample *s, size_t n, double factor,
		 enum measure_judged judged, double *rate)
{
	size_t flagged = 0, excluded = 0;
	double mean, peak;

	if (n == 0 || s == NULL)
		return -1;
	if (s[0].printed_ops >= 0) {
		*rate = printed_rate(s, n);
	} else {
		if (stats_run_rate_checked(s, n, factor, 0, &mean, &peak,
					   &flagged, &excluded) != 0)
			return -1;
		*rate = judged == MEASURE_JUDGED_PEAK ? peak : mean;
	}
	return *rate > 0.0 && isfinite(*rate) ? 0 : -1;
}

/*
 * Welch's degrees of freedom trust each side's variance: a side of two
 * or three processes whose rates happen to agree makes the test look
 * sure, and over many looks at small levels that happens.  The smaller
 * side's n - 1 is never too many (Hsu's conservative choice).
 */
static void
conservative(struct stats_cmp *c, const struct stats_opts *look)
{
	double tq;

	if (isnan(c->p) || c->se == 0.0)
		return;
	c->df = (double)(c->n_base < c->n_new ? c->n_base : c->n_new) - 1.0;
	c->p = 2.0 * gsl_cdf_tdist_Q(fabs(log(c->ratio)) / c->se, c->df);
	if (c->p > 1.0)
		c->p = 1.0;
	c->q = c->p;
	tq = gsl_cdf_tdist_Qinv(look->alpha / 2.0, c->df);
	c->ratio_lo = c->ratio * exp(-tq * c->se);
	c->ratio_hi = c->ratio * exp(tq * c->se);
	c->mdc_pct = stats_mdc_pct(c->se, c->df, look->alpha, STATS_POWER);
	stats_decide(c, look);
}

int
seq_look(const struct stats_run *base, size_t nb,
	 const struct stats_run *new_, size_t nn,
	 const struct stats_opts *opt, size_t m, size_t k,
	 struct stats_cmp *out)
{
	struct stats_opts look = *opt;

	look.alpha = seq_look_alpha(opt->alpha, m, k);
	if (isnan(look.alpha)) {
		out->why = "no look to spend a level on";
		out->verdict = STATS_INCONCLUSIVE;
		return -1;
	}
	/* Rounds are of tests, whose rates are higher-is-better. */
	if (stats_compare(base, nb, new_, nn, &look, MEASURE_HIGHER, out) != 0)
		return -1;
	conservative(out, &look);
	return 0;
}
