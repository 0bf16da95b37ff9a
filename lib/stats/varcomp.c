// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Variance components and the design they call for (lib/stats/varcomp.h):
 * one-way random effects by the method of moments, and Kalibera and
 * Jones' choice of repetitions per level at the least cost.
 */
#include "config.h"

#include "varcomp.h"

#include <math.h>
#include <string.h>

static int
same_boot(const char *a, const char *b)
{
	return a == NULL || b == NULL ? a == b : strcmp(a, b) == 0;
}

/* Sums of the boot of run I, when I is its first run: 0 otherwise. */
static int
boot_sums(const struct stats_run *r, size_t n, size_t i, double *sum,
	  double *sq, size_t *count)
{
	for (size_t j = 0; j < i; j++)
		if (same_boot(r[j].boot_id, r[i].boot_id))
			return 0;
	*sum = *sq = 0.0;
	*count = 0;
	for (size_t j = i; j < n; j++) {
		if (!same_boot(r[j].boot_id, r[i].boot_id))
			continue;
		*sum += log(r[j].rate);
		*sq += log(r[j].rate) * log(r[j].rate);
		(*count)++;
	}
	return 1;
}

int
varcomp_boots(const struct stats_run *r, size_t n, struct varcomp *out)
{
	double total = 0.0, ssw = 0.0, ssb = 0.0, sum_n2 = 0.0, grand;
	double sum, sq, n0;
	size_t k = 0, cnt;

	for (size_t i = 0; i < n; i++) {
		if (!(r[i].rate > 0.0) || !isfinite(r[i].rate))
			return -1;
		total += log(r[i].rate);
	}
	grand = n > 0 ? total / (double)n : 0.0;
	for (size_t i = 0; i < n; i++) {
		if (!boot_sums(r, n, i, &sum, &sq, &cnt))
			continue;
		k++;
		ssw += fmax(0.0, sq - sum * sum / (double)cnt);
		ssb += (double)cnt * (sum / (double)cnt - grand) *
		       (sum / (double)cnt - grand);
		sum_n2 += (double)cnt * (double)cnt;
	}
	if (k < 2 || n <= k)
		return -1;
	/* n0: the effective runs per boot of an unbalanced design. */
	n0 = ((double)n - sum_n2 / (double)n) / (double)(k - 1);
	out->within = ssw / (double)(n - k);
	out->between = fmax(0.0, (ssb / (double)(k - 1) - out->within) / n0);
	out->df_between = (double)(k - 1);
	out->df_within = (double)(n - k);
	return 0;
}

static double
weighted(double a, double wa, double b, double wb)
{
	return wa + wb > 0.0 ? (a * wa + b * wb) / (wa + wb) : NAN;
}

void
varcomp_pool(const struct varcomp *a, const struct varcomp *b,
	     struct varcomp *out)
{
	struct varcomp c;

	c.between = weighted(a->between, a->df_between, b->between,
			     b->df_between);
	c.within = weighted(a->within, a->df_within, b->within, b->df_within);
	c.df_between = a->df_between + b->df_between;
	c.df_within = a->df_within + b->df_within;
	*out = c;
}

void
varcomp_samples_add(struct varcomp_samples *s, const double *x, size_t n)
{
	double mean = 0.0;

	if (n < 2)
		return;
	for (size_t i = 0; i < n; i++)
		mean += x[i];
	mean /= (double)n;
	for (size_t i = 0; i < n; i++)
		s->ss += (x[i] - mean) * (x[i] - mean);
	s->df += (double)(n - 1);
}

double
varcomp_samples_var(const struct varcomp_samples *s)
{
	return s->df > 0.0 ? s->ss / s->df : NAN;
}

/* Kalibera and Jones' processes per boot. */
static int
best_procs(const struct varcomp *c, const struct varcomp_cost *cost)
{
	double n;

	if (c->within <= 0.0)
		return 1;
	if (c->between <= 0.0)
		return VARCOMP_MAX_PROCS;
	n = sqrt(cost->boot_s * c->within / (cost->process_s * c->between));
	if (!(n < VARCOMP_MAX_PROCS))
		return VARCOMP_MAX_PROCS;
	return n < 1.5 ? 1 : (int)lround(n);
}

/* t(1 - ALPHA/2, DF) + t(POWER, DF), the second 0 at POWER 0.5. */
static double
t_sum(double alpha, double power, double df)
{
	double a = stats_t_crit(alpha, df);

	return power > 0.5 ? a + stats_t_crit(2.0 * (1.0 - power), df) : a;
}

int
varcomp_boots_needed(const struct varcomp *c, int procs, double change,
		     double alpha, double power)
{
	double target, v;

	if (!(c->between >= 0.0) || !(c->within >= 0.0) ||
	    !isfinite(c->between) || !isfinite(c->within) || procs < 1 ||
	    !(change > 0.0) || !isfinite(change) ||
	    !(alpha > 0.0 && alpha < 1.0) || !(power >= 0.5 && power < 1.0))
		return -1;
	target = log1p(change);
	v = c->between + c->within / (double)procs;
	for (int b = 2; b <= VARCOMP_MAX_BOOTS; b++)
		if (t_sum(alpha, power, 2.0 * (b - 1)) * sqrt(2.0 * v / b) <=
		    target)
			return b;
	return 0;
}

int
varcomp_size(const struct varcomp *c, const struct varcomp_cost *cost,
	     double change, double alpha, double power,
	     struct varcomp_size *out)
{
	if (!(cost->boot_s > 0.0) || !(cost->process_s > 0.0) ||
	    !isfinite(cost->boot_s) || !isfinite(cost->process_s) ||
	    !(c->between >= 0.0) || !(c->within >= 0.0))
		return -1;
	out->procs = best_procs(c, cost);
	out->boots = varcomp_boots_needed(c, out->procs, change, alpha, power);
	if (out->boots < 0)
		return -1;
	out->cost_s = out->boots > 0 ?
		      2.0 * out->boots * (cost->boot_s +
					  out->procs * cost->process_s) : NAN;
	return 0;
}
