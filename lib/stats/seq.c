// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The per-look levels of the sequential comparison, the precision of
 * one side, and the rate of one process as aimcmp judges it.
 */
#include "config.h"

#include "seq.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "noise.h"
#include "xalloc.h"

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

/*
 * FLAGS[I] 1 for the samples the noise rule says lost time to a hog or
 * the host (lib/stats/noise.h), 0 else; the count of them.
 */
static size_t
noise_flags(const struct measure_sample *s, size_t n, unsigned *flags,
	    size_t *known)
{
	size_t noisy = 0;

	*known = 0;
	for (size_t i = 0; i < n; i++) {
		int64_t lost;
		int f = noise_sample(&s[i], 1, &lost);

		flags[i] = f == 1;
		*known += f >= 0;
		noisy += f == 1;
	}
	return noisy;
}

int
seq_process_rate(const struct measure_sample *s, size_t n, double factor,
		 enum measure_judged judged, int noise, double *rate)
{
	unsigned *flags;
	size_t known, noisy;
	unsigned out;
	int rc;

	if (n == 0 || s == NULL)
		return -1;
	if (s[0].printed_ops >= 0) {
		*rate = printed_rate(s, n);
		return *rate > 0.0 && isfinite(*rate) ? 0 : -1;
	}
	flags = xcalloc(n, sizeof(*flags));
	noisy = noise_flags(s, n, flags, &known);
	/* A sample that waited measured the machine: left out while any is kept. */
	out = noise && noisy < n ? 1u : 0u;
	rc = judged == MEASURE_JUDGED_PEAK ?
	     stats_run_peak(s, flags, n, out, factor, rate) :
	     stats_run_rate(s, flags, n, out, factor, rate);
	free(flags);
	return rc == 0 && *rate > 0.0 && isfinite(*rate) ? 0 : -1;
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

int
seq_decides(struct stats_cmp *c)
{
	if (c->verdict == STATS_INCONCLUSIVE)
		return 0;
	if (c->verdict == STATS_EQUIVALENT ||
	    c->ratio_hi / c->ratio_lo - 1.0 <= SEQ_WIDTH_MAX_PCT / 100.0 ||
	    log(c->ratio_hi / c->ratio_lo) <= fabs(log(c->ratio)))
		return 1;
	c->verdict = STATS_INCONCLUSIVE;
	c->why = "interval too wide to decide: over a factor of two, and wider than its distance from no change";
	return 0;
}

int
seq_process(const struct measure_sample *s, size_t n, double factor,
	    enum measure_judged judged, int noise, struct seq_proc *out)
{
	unsigned *flags = xcalloc(n ? n : 1, sizeof(*flags));
	size_t known, noisy = s != NULL ? noise_flags(s, n, flags, &known) : 0;

	if (s == NULL || !noise)
		known = 0;
	free(flags);
	out->noisy = known == 0 ? -1 : 2 * noisy > known;
	if (seq_process_rate(s, n, factor, judged, noise, &out->rate) != 0) {
		out->rate = 0.0;
		return -1;
	}
	return 0;
}

int
seq_look_quiet(size_t noisy, size_t n)
{
	return 2 * noisy <= n;
}

/* The usable processes of N, noisy ones left out, into RUNS: how many. */
static size_t
usable(const struct seq_proc *p, size_t n, struct stats_run *runs,
       size_t *noisy, int *spoiled)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		if (p[i].noisy == 1) {
			(*noisy)++;
			continue;
		}
		if (!(p[i].rate > 0.0) || !isfinite(p[i].rate))
			*spoiled = 1;
		runs[k].rate = p[i].rate;
		runs[k++].boot_id = NULL;
	}
	return k;
}

/* Look K+1 at NU usable NEW processes; 1 when it decides. */
static int
replay_look(const struct stats_run *b, size_t nb, const struct stats_run *nw,
	    size_t nu, const struct stats_opts *opt, size_t m,
	    struct seq_state *out)
{
	out->looks++;
	out->looked_n = nu;
	if (seq_look(b, nb, nw, nu, opt, m, out->looks, &out->cmp) != 0)
		return 0;
	return out->decided = seq_decides(&out->cmp);
}

int
seq_replay(const struct seq_proc *base, size_t nb,
	   const struct seq_proc *new_, size_t nn,
	   const struct stats_opts *opt, size_t m, int final,
	   struct seq_state *out)
{
	struct stats_run *b = xcalloc(nb + 1, sizeof(*b));
	struct stats_run *nw = xcalloc(nn + 1, sizeof(*nw));
	size_t since = 0, since_noisy = 0, nu = 0;

	memset(out, 0, sizeof(*out));
	out->cmp.verdict = STATS_INCONCLUSIVE;
	out->cmp.mdc_pct = NAN;
	out->used_base = usable(base, nb, b, &out->noisy_base, &out->spoiled);
	for (size_t i = 0; i < nn && !out->decided && !out->spoiled; i++) {
		since++;
		if (new_[i].noisy == 1) {
			out->noisy_new++;
			since_noisy++;
			continue;
		}
		if (!(new_[i].rate > 0.0) || !isfinite(new_[i].rate)) {
			out->spoiled = 1;
			break;
		}
		nw[nu].rate = new_[i].rate;
		nw[nu++].boot_id = NULL;
		if (nu < 2 || out->used_base < 2 ||
		    nu < seq_next_look(out->looked_n))
			continue;
		if (!seq_look_quiet(since_noisy, since)) {
			out->skipped++;
			continue;
		}
		since = since_noisy = 0;
		(void)replay_look(b, out->used_base, nw, nu, opt, m, out);
	}
	out->used_new = nu;
	if (final && !out->decided && !out->spoiled && nu >= 2 &&
	    out->used_base >= 2 && nu != out->looked_n) {
		if (seq_look_quiet(since_noisy, since))
			(void)replay_look(b, out->used_base, nw, nu, opt, m,
					  out);
		else
			out->skipped++;
	}
	free(b);
	free(nw);
	return m == 0 || isnan(seq_look_alpha(opt->alpha, m, 1)) ? -1 : 0;
}
