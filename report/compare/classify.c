// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The bisect rule (doc/bisect.md): the tests on which GOOD and BAD
 * differ (Welch on log per-process rates, Benjamini-Hochberg over the
 * tests at alpha) decide; on each, CANDIDATE is like GOOD when the
 * whole interval of its position lies on GOOD's side of the midpoint
 * between GOOD and BAD, like BAD when on BAD's side.  The intervals are
 * Bonferroni-corrected over the deciding tests, so a wrong "like" on
 * some test is at most alpha; deciding tests that disagree, or none
 * that places the candidate, give "cannot tell".
 */
#include "config.h"

#include "classify.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tag.h"
#include "xalloc.h"

/* Mean and variance of one side's log per-process rates. */
struct logs {
	size_t n;
	double mean;
	double var;
};

static int
side_logs(const struct cmp_value *v, struct logs *out)
{
	struct stats_welford w;

	if (v->state != CMP_OK || v->n_runs < 2)
		return -1;
	stats_welford_init(&w);
	for (size_t i = 0; i < v->n_runs; i++) {
		double r = v->runs[i].rate;

		if (!(r > 0.0) || !isfinite(r))
			return -1;
		stats_welford_add(&w, log(r));
	}
	out->n = w.n;
	out->mean = w.mean;
	out->var = stats_welford_var(&w);
	return 0;
}

/* Why a candidate value cannot be placed, or NULL when it can. */
static const char *
unplaced(const struct cmp_value *v)
{
	if (v->state == CMP_MISSING)
		return "missing on the candidate";
	if (v->state == CMP_FAILED)
		return "failed on the candidate";
	if (v->n_runs < 2)
		return "fewer than 2 processes on the candidate";
	return "no usable rate on the candidate";
}

/*
 * The contrast log C - (log G + log B) / 2 and its Welch interval at
 * ALPHA, as a position from GOOD (0) to BAD (1).
 */
static void
place(struct classify_test *ct, const struct logs s[3], double alpha)
{
	static const double w[3] = { 0.5, 0.5, 1.0 };
	double u[3], var = 0.0, den = 0.0, step, d, half = 0.0;

	for (int i = 0; i < 3; i++) {
		u[i] = w[i] * w[i] * s[i].var / (double)s[i].n;
		var += u[i];
		den += u[i] * u[i] / (double)(s[i].n - 1);
	}
	step = s[1].mean - s[0].mean;
	d = s[2].mean - 0.5 * (s[0].mean + s[1].mean);
	if (var > 0.0 && den > 0.0)
		half = stats_t_crit(alpha, var * var / den) * sqrt(var) /
		       fabs(step);
	ct->pos = 0.5 + d / step;
	ct->pos_lo = ct->pos - half;
	ct->pos_hi = ct->pos + half;
	ct->cand_pct = (exp(s[2].mean - s[0].mean) - 1.0) * 100.0;
	if (isnan(half))
		ct->why = "no interval for the candidate";
	else if (ct->pos_hi < 0.5)
		ct->verdict = CLASSIFY_GOOD;
	else if (ct->pos_lo > 0.5)
		ct->verdict = CLASSIFY_BAD;
	else
		ct->why = "its interval spans the midpoint";
}

/* The rows on which GOOD and BAD differ after the correction. */
static void
deciding_rows(const struct cmp_table *t, struct classify *out)
{
	struct stats_cmp *c = xcalloc(t->n_rows + 1, sizeof(*c));
	size_t *at = xcalloc(t->n_rows + 1, sizeof(*at)), k = 0;
	struct stats_opts opt = t->opt.stats;

	opt.equiv = 0.0;
	for (size_t i = 0; i < t->n_rows; i++) {
		const struct cmp_value *v = t->rows[i].v;

		if (v[0].n_runs == 0 || v[1].n_runs == 0 ||
		    stats_compare(v[0].runs, v[0].n_runs, v[1].runs,
				  v[1].n_runs, &opt, t->rows[i].better,
				  &c[k]) < 0)
			continue;
		at[k++] = i;
	}
	stats_bh_adjust(c, k, &opt);
	out->tests = xcalloc(k + 1, sizeof(*out->tests));
	for (size_t j = 0; j < k; j++) {
		struct classify_test *ct = &out->tests[out->n_tests];

		if (c[j].verdict != STATS_REGRESSED &&
		    c[j].verdict != STATS_IMPROVED)
			continue;
		ct->row = &t->rows[at[j]];
		ct->bad_pct = (c[j].ratio - 1.0) * 100.0;
		out->n_tests++;
	}
	out->n_ignored = t->n_rows - out->n_tests;
	free(c);
	free(at);
}

void
classify_table(const struct cmp_table *t, struct classify *out)
{
	memset(out, 0, sizeof(*out));
	deciding_rows(t, out);
	for (size_t j = 0; j < out->n_tests; j++) {
		struct classify_test *ct = &out->tests[j];
		const struct cmp_value *v = ct->row->v;
		struct logs s[3];

		ct->verdict = CLASSIFY_UNSURE;
		ct->cand_pct = ct->pos = ct->pos_lo = ct->pos_hi = NAN;
		if (side_logs(&v[0], &s[0]) < 0 || side_logs(&v[1], &s[1]) < 0)
			ct->why = "no usable rate on good or bad";
		else if (side_logs(&v[2], &s[2]) < 0)
			ct->why = unplaced(&v[2]);
		else
			place(ct, s, t->opt.stats.alpha /
				     (double)out->n_tests);
		out->n_good += ct->verdict == CLASSIFY_GOOD;
		out->n_bad += ct->verdict == CLASSIFY_BAD;
	}
	if (out->n_good > 0 && out->n_bad == 0)
		out->verdict = CLASSIFY_GOOD;
	else if (out->n_bad > 0 && out->n_good == 0)
		out->verdict = CLASSIFY_BAD;
}

int
classify_exit(const struct classify *c)
{
	if (c->verdict == CLASSIFY_GOOD)
		return CLASSIFY_EXIT_GOOD;
	if (c->verdict == CLASSIFY_BAD)
		return CLASSIFY_EXIT_BAD;
	return CLASSIFY_EXIT_SKIP;
}

static const char *
verdict_word(enum classify_verdict v)
{
	return v == CLASSIFY_GOOD ? "good" : v == CLASSIFY_BAD ? "bad" :
	       "unsure";
}

/* "like bad (exit 1): 2 of 3 deciding tests say bad, none good". */
static void
headline(FILE *f, const struct classify *c)
{
	size_t unsure = c->n_tests - c->n_good - c->n_bad;

	if (c->verdict == CLASSIFY_UNSURE)
		fprintf(f, "cannot tell (exit %d): ", CLASSIFY_EXIT_SKIP);
	else
		fprintf(f, "like %s (exit %d): ", verdict_word(c->verdict),
			classify_exit(c));
	fprintf(f, "of %zu test%s that tell good from bad, %zu say%s good, %zu bad, %zu unsure; %zu test%s ignored (good and bad do not differ)\n",
		c->n_tests, c->n_tests == 1 ? "" : "s", c->n_good,
		c->n_good == 1 ? "s" : "", c->n_bad, unsure, c->n_ignored,
		c->n_ignored == 1 ? "" : "s");
}

int
classify_print(FILE *f, const struct classify *c)
{
	headline(f, c);
	for (size_t j = 0; j < c->n_tests; j++) {
		const struct classify_test *ct = &c->tests[j];

		fprintf(f, "  %d ", ct->row->number);
		tag_fput(f, ct->row->test, 0);
		fprintf(f, ": bad %+.2f%%", ct->bad_pct);
		if (isnan(ct->pos))
			fprintf(f, ", candidate -");
		else
			fprintf(f, ", candidate %+.2f%%, position %.2f [%.2f,%.2f] (0 good, 1 bad)",
				ct->cand_pct, ct->pos, ct->pos_lo,
				ct->pos_hi);
		fprintf(f, ": %s%s%s\n", verdict_word(ct->verdict),
			ct->why != NULL ? ", " : "",
			ct->why != NULL ? ct->why : "");
	}
	/* A verdict git bisect reads must have been written whole. */
	return fflush(f) != 0 || ferror(f) ? -1 : 0;
}

void
classify_free(struct classify *c)
{
	free(c->tests);
	memset(c, 0, sizeof(*c));
}
