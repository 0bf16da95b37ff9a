// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Boots (doc/statistics.md, "Boots"): each side with runs from two boots
 * or more gets the between-boot and within-boot parts of the spread of
 * its per-process rates (lib/stats/varcomp.c: one-way random effects, method
 * of moments on the log rates), the median over the tests; when some
 * sides have several boots and others one, the table says which way
 * that leans.
 */
#include "config.h"

#include "compare.h"

#include <math.h>
#include <stdlib.h>

#include "stats.h"
#include "varcomp.h"
#include "xalloc.h"

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
		struct varcomp c;

		if (v->state != CMP_OK ||
		    varcomp_boots(v->runs, v->n_runs, &c) < 0)
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
