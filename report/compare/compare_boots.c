// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Boots (doc/statistics.md, "Boots"): each side with runs from two boots
 * or more gets the between-boot and within-boot parts of the spread of
 * its per-process rates (one-way random effects, method of moments on
 * the log rates), the median over the tests; when some sides have
 * several boots and others one, the table says which way that leans.
 */
#include "config.h"

#include "compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "xalloc.h"

struct comp {
	double between;		/* variance of log rates between boots */
	double within;		/* and within one boot */
};

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

/* The components of the N runs R; -1 when there are not enough. */
static int
components(const struct stats_run *r, size_t n, struct comp *out)
{
	double total = 0.0, ssw = 0.0, ssb = 0.0, sum_n2 = 0.0, grand;
	size_t k = 0, cnt;
	double sum, sq;

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
	out->within = ssw / (double)(n - k);
	out->between = fmax(0.0, (ssb / (double)(k - 1) - out->within) /
				 (((double)n - sum_n2 / (double)n) /
				  (double)(k - 1)));
	return 0;
}

/* Standard deviation of a log variance, in %. */
static double
sd_pct(double var)
{
	return 100.0 * sqrt(var);
}

/* Median between-boot sd (%) of side S over the rows; NaN: none. */
static double
side_components(const struct cmp_table *t, size_t s, char **line)
{
	double *b = xcalloc(t->n_rows + 1, sizeof(*b));
	double *w = xcalloc(t->n_rows + 1, sizeof(*w));
	double top = -1.0, mb;
	const struct cmp_row *top_row = NULL;
	size_t k = 0;

	for (size_t i = 0; i < t->n_rows; i++) {
		const struct cmp_value *v = &t->rows[i].v[s];
		struct comp c;

		if (v->state != CMP_OK || components(v->runs, v->n_runs, &c) < 0)
			continue;
		b[k] = sd_pct(c.between);
		w[k] = sd_pct(c.within);
		if (b[k] > top) {
			top = b[k];
			top_row = &t->rows[i];
		}
		k++;
	}
	mb = stats_median(b, k);
	*line = NULL;
	if (k > 0)
		*line = xasprintf("%s: %zu boots: spread of the per-process rates between boots %.2f %%, within a boot %.2f %% (standard deviations, median over %zu test%s; most between boots: %d %s, %.2f %%)",
				  t->sides[s].tag, t->sides[s].n_boots, mb,
				  stats_median(w, k), k, k == 1 ? "" : "s",
				  top_row->number, top_row->test, top);
	free(b);
	free(w);
	return mb;
}

/* Sides of one boot beside sides of several: the one boot's offset. */
static void
mixed_boots(struct cmp_table *t, size_t many, double between)
{
	for (size_t s = 0; s < t->n_sides; s++) {
		if (t->sides[s].n_boots >= 2)
			continue;
		compare_warn(t, xasprintf("%s: one boot beside %zu of %s: processes are the unit, and the one boot may sit off by about the %.2f %% between boots that %s shows, which no interval holds: verdicts lean towards deciding (false regressed, improved or equivalent) for changes of that size; run %s again after a reboot (doc/statistics.md, \"Boots\")",
					  t->sides[s].tag,
					  t->sides[many].n_boots,
					  t->sides[many].tag, between,
					  t->sides[many].tag, t->sides[s].tag));
	}
}

void
compare_boots(struct cmp_table *t)
{
	double first = NAN;
	size_t many = 0;

	if (!t->repeated)
		return;
	for (size_t s = 0; s < t->n_sides; s++) {
		char *line;
		double mb;

		if (t->sides[s].n_boots < 2)
			continue;
		mb = side_components(t, s, &line);
		if (line != NULL)
			compare_warn(t, line);
		if (isnan(first) && !isnan(mb)) {
			first = mb;
			many = s;
		}
	}
	if (!isnan(first))
		mixed_boots(t, many, first);
}
