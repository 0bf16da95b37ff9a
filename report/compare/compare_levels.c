// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Per-process levels (doc/statistics.md, "Levels"): the judged
 * per-process rates of one test on one side that fall into two groups
 * far apart, each process steady at its own level.  Where a process's
 * stack, code or data landed decides its level, so the spread is not
 * noise that more samples remove cheaply, and the wide interval it
 * makes is said, not left silent.
 */
#include "config.h"

#include "compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* The rule: a gap this many times the spread within the two groups... */
#define LEVELS_K 8.0
/* ...of at least this many processes each, out of at least LEVELS_N... */
#define LEVELS_SIDE 2
#define LEVELS_N 6
/* ...that is at least 1 % of the rate. */
#define LEVELS_MIN_GAP 0.01

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Mean of X[0..N-1] and its sum of squares added to *SS. */
static double
group(const double *x, size_t n, double *ss)
{
	double m = 0.0;

	for (size_t i = 0; i < n; i++)
		m += x[i] / (double)n;
	for (size_t i = 0; i < n; i++)
		*ss += (x[i] - m) * (x[i] - m);
	return m;
}

/* The split of the sorted log rates X[N] with the largest score. */
static void
best_split(const double *x, size_t n, struct cmp_levels *out)
{
	for (size_t k = LEVELS_SIDE; k + LEVELS_SIDE <= n; k++) {
		double ss = 0.0, lo, hi, gap = x[k] - x[k - 1], score;

		lo = group(x, k, &ss);
		hi = group(x + k, n - k, &ss);
		score = ss > 0.0 ? gap / sqrt(ss / (double)(n - 2)) :
			gap > 0.0 ? INFINITY : 0.0;
		if (gap >= log1p(LEVELS_MIN_GAP) && score > out->score) {
			out->score = score;
			out->n_low = k;
			out->low = exp(lo);
			out->high = exp(hi);
		}
	}
}

/* 1 when the processes of V fall into two levels, described in OUT. */
static int
value_levels(const struct cmp_value *v, struct cmp_levels *out)
{
	double *x;

	memset(out, 0, sizeof(*out));
	if (v->state != CMP_OK || v->n_runs < LEVELS_N)
		return 0;
	x = xcalloc(v->n_runs, sizeof(*x));
	for (size_t i = 0; i < v->n_runs; i++) {
		if (!(v->runs[i].rate > 0.0) || !isfinite(v->runs[i].rate)) {
			free(x);
			return 0;
		}
		x[i] = log(v->runs[i].rate);
	}
	qsort(x, v->n_runs, sizeof(*x), cmp_double);
	best_split(x, v->n_runs, out);
	free(x);
	out->split = out->score > LEVELS_K;
	out->n_high = v->n_runs - out->n_low;
	return out->split;
}


/* "bare (4 near 7.3e+08, 2 near 5.2e+08: 40.38 % apart, 53 x ...)". */
static char *
side_text(const struct cmp_table *t, size_t s, const struct cmp_value *v,
	  const struct cmp_levels *l)
{
	char score[32];

	if (isinf(l->score))
		snprintf(score, sizeof(score), "no spread within");
	else
		snprintf(score, sizeof(score), "%.0f x the spread within",
			 l->score);
	return xasprintf("%s (%zu near %.3g, %zu near %.3g: %.2f %% apart, %s)",
			 t->sides[s].tag, l->n_low, l->low,
			 v->n_runs - l->n_low, l->high,
			 (l->high / l->low - 1.0) * 100.0, score);
}

/* ROW's levels and one warning naming every side whose processes split. */
static void
row_levels(struct cmp_table *t, struct cmp_row *row)
{
	char *sides = NULL;
	struct cmp_levels *lv = xcalloc(t->n_sides, sizeof(*lv));

	for (size_t s = 0; s < t->n_sides; s++) {
		struct cmp_levels *l = &lv[s];
		char *one, *next;

		if (!value_levels(&row->v[s], l))
			continue;
		one = side_text(t, s, &row->v[s], l);
		next = sides == NULL ? one :
		       xasprintf("%s; %s", sides, one);
		if (next != one)
			free(one);
		free(sides);
		sides = next;
	}
	if (sides == NULL) {
		free(lv);
		return;
	}
	row->levels = lv;
	compare_warn(t, xasprintf("%d %s: per-process rates at two levels: %s: each process keeps to its level (the machine's speed while it ran, or where its code, stack or data landed: bench/levels tells which), so more samples do not narrow the interval; more processes, spread over time, do (doc/statistics.md, \"Levels\")",
				  row->number, row->test, sides));
	free(sides);
}

void
compare_levels(struct cmp_table *t)
{
	for (size_t i = 0; i < t->n_rows; i++)
		row_levels(t, &t->rows[i]);
}

char *
compare_levels_side(const struct cmp_row *row, size_t s)
{
	const struct cmp_levels *l;

	if (row->levels == NULL || !row->levels[s].split)
		return NULL;
	l = &row->levels[s];
	return xasprintf("%.3g and %.3g, %zu and %zu processes", l->high,
			 l->low, l->n_high, l->n_low);
}

char *
compare_levels_row(const struct cmp_table *t, const struct cmp_row *row)
{
	char *out = NULL;

	for (size_t s = 0; s < t->n_sides; s++) {
		char *one = compare_levels_side(row, s), *next;

		if (one == NULL)
			continue;
		next = xasprintf("%s%s %s", out == NULL ? "two levels: " : "; ",
				 t->sides[s].tag, one);
		if (out != NULL) {
			char *cat = xasprintf("%s%s", out, next);

			free(next);
			next = cat;
		}
		free(out);
		free(one);
		out = next;
	}
	return out;
}
