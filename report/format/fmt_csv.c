// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The CSV comparison: one record per test and NEW side (tidy form), so the
 * columns stay the same however many tags are compared.  Empty fields are
 * values that do not exist (missing tests, a single process's noise).
 * Statistics come in full precision, as a script would recompute them.
 */
#include "config.h"

#include "fmt.h"

#include <math.h>
#include <stdlib.h>

#include "compare_latency.h"
#include "compare_scaling.h"
#include "csvout.h"
#include "series_db.h"

static const char *const columns[] = {
	"number",      "test",	      "units",	     "base_tag",
	"new_tag",     "base_status", "new_status",  "base",
	"new",	       "delta",	      "pct",	     "base_samples",
	"new_samples", "basis", "base_cv_pct", "new_cv_pct",
	"base_processes", "new_processes", "base_boots", "new_boots",
	"base_flagged", "new_flagged", "base_excluded", "new_excluded",
	"unit", "base_observations", "new_observations", "ratio",
	"pct_lo", "pct_hi", "df", "p", "q", "mdc_pct", "verdict", "reason",
	"base_levels", "new_levels", "base_mean", "new_mean", "mean_delta",
	"mean_pct", "looks",
};

/* Side S's two levels, empty when it has one (compare_levels.c). */
static void
levels_field(FILE *f, const struct cmp_row *row, size_t s)
{
	char *l = compare_levels_side(row, s);

	csvout_field(f, 0, l);
	free(l);
}

static void
rate_field(FILE *f, const struct cmp_value *v)
{
	char buf[FMT_NUM_MAX];

	csvout_field(f, 0, v->state == CMP_OK ?
			   fmt_cents(v->rate_c, buf, sizeof(buf)) : NULL);
}

static void
cv_field(FILE *f, const struct cmp_value *v)
{
	char buf[FMT_NUM_MAX];

	csvout_field(f, 0, isnan(v->cv_pct) ? NULL :
			   fmt_2f(v->cv_pct, buf, sizeof(buf)));
}

static void
counts(FILE *f, const struct cmp_value *b, const struct cmp_value *n)
{
	csvout_fieldf(f, 0, "%zu", b->n_results);
	csvout_fieldf(f, 0, "%zu", n->n_results);
	if (b->has_summary)
		csvout_fieldf(f, 0, "%zu", b->sum.n_boots);
	else
		csvout_field(f, 0, NULL);
	if (n->has_summary)
		csvout_fieldf(f, 0, "%zu", n->sum.n_boots);
	else
		csvout_field(f, 0, NULL);
	csvout_fieldf(f, 0, "%zu", b->n_flagged);
	csvout_fieldf(f, 0, "%zu", n->n_flagged);
	csvout_fieldf(f, 0, "%zu", b->n_excluded);
	csvout_fieldf(f, 0, "%zu", n->n_excluded);
}

static void
verdict_fields(FILE *f, const struct cmp_delta *d)
{
	const struct stats_cmp *c = &d->cmp;

	if (!d->has_stats) {
		/* The twelve columns from unit to reason. */
		for (int i = 0; i < 12; i++)
			csvout_field(f, 0, NULL);
		return;
	}
	csvout_field(f, 0, stats_unit_name(c->unit));
	csvout_fieldf(f, 0, "%zu", c->n_base);
	csvout_fieldf(f, 0, "%zu", c->n_new);
	csvout_number(f, 0, c->ratio);
	csvout_number(f, 0, (c->ratio_lo - 1.0) * 100.0);
	csvout_number(f, 0, (c->ratio_hi - 1.0) * 100.0);
	csvout_number(f, 0, c->df);
	csvout_number(f, 0, c->p);
	csvout_number(f, 0, c->q);
	csvout_number(f, 0, c->mdc_pct);
	csvout_field(f, 0, stats_verdict_name(c->verdict));
	csvout_field(f, 0, c->why);
}

/*
 * The classic mean centres and their change: base, new and pct are of
 * the rate judged, which for a peak-judged test is not the classic one.
 */
static void
mean_fields(FILE *f, const struct cmp_value *b, const struct cmp_value *n,
	    const struct cmp_delta *d)
{
	char buf[FMT_NUM_MAX];

	csvout_field(f, 0, b->state == CMP_OK ?
			   fmt_cents(b->mean_c, buf, sizeof(buf)) : NULL);
	csvout_field(f, 0, n->state == CMP_OK ?
			   fmt_cents(n->mean_c, buf, sizeof(buf)) : NULL);
	csvout_field(f, 0, d->valid ? fmt_cents(d->mean_delta_c, buf,
						sizeof(buf)) : NULL);
	csvout_field(f, 0, d->valid && !isnan(d->mean_pct) ?
			   fmt_2f(d->mean_pct, buf, sizeof(buf)) : NULL);
}

static void
print_record(FILE *f, const struct cmp_table *t, const struct cmp_row *row,
	     size_t s)
{
	const struct cmp_value *b = &row->v[0], *n = &row->v[s];
	const struct cmp_delta *d = &row->d[s - 1];
	char buf[FMT_NUM_MAX];

	csvout_fieldf(f, 1, "%d", row->number);
	csvout_field(f, 0, row->test);
	csvout_field(f, 0, row->units);
	csvout_field(f, 0, t->sides[0].tag);
	csvout_field(f, 0, t->sides[s].tag);
	csvout_field(f, 0, fmt_status(b));
	csvout_field(f, 0, fmt_status(n));
	rate_field(f, b);
	rate_field(f, n);
	csvout_field(f, 0, d->valid ? fmt_cents(d->delta_c, buf, sizeof(buf))
				    : NULL);
	csvout_field(f, 0, d->valid && !isnan(d->pct) ?
			   fmt_2f(d->pct, buf, sizeof(buf)) : NULL);
	csvout_fieldf(f, 0, "%zu", b->n_samples);
	csvout_fieldf(f, 0, "%zu", n->n_samples);
	csvout_field(f, 0, stats_basis_name(row->basis));
	cv_field(f, b);
	cv_field(f, n);
	counts(f, b, n);
	verdict_fields(f, d);
	levels_field(f, row, 0);
	levels_field(f, row, s);
	mean_fields(f, b, n, d);
	/* Grown by --until-decided: the looks its verdict took. */
	if (d->seq)
		csvout_fieldf(f, 0, "%zu", d->looks);
	else
		csvout_field(f, 0, NULL);
	if (t->counters)
		csvout_field(f, 0, NULL);	/* the test itself */
	csvout_end(f);
}

/*
 * --counters: after a test's record, one per metric, with the metric in
 * the last column; base and new are per call, empty where absent.
 */
static void
counter_record(FILE *f, const struct cmp_table *t, const struct cmp_row *row,
	       const struct cmp_counter *c, size_t s)
{
	const struct cmp_counter_value *b = &c->v[0], *n = &c->v[s];
	const struct cmp_delta *d = &c->d[s - 1];
	char *units = fmt_counter_units(c);

	csvout_fieldf(f, 1, "%d", row->number);
	csvout_field(f, 0, row->test);
	csvout_field(f, 0, units);
	csvout_field(f, 0, t->sides[0].tag);
	csvout_field(f, 0, t->sides[s].tag);
	csvout_field(f, 0, fmt_status(&row->v[0]));
	csvout_field(f, 0, fmt_status(&row->v[s]));
	csvout_number(f, 0, b->have ? b->per_call : NAN);
	csvout_number(f, 0, n->have ? n->per_call : NAN);
	csvout_field(f, 0, NULL);
	csvout_number(f, 0, d->valid ? d->pct : NAN);
	csvout_fieldf(f, 0, "%zu", b->n_samples);
	csvout_fieldf(f, 0, "%zu", n->n_samples);
	/* basis to new_excluded: the test's record holds them. */
	for (int i = 0; i < 11; i++)
		csvout_field(f, 0, NULL);
	verdict_fields(f, d);
	/* levels, classic means, looks: the test's record holds them */
	for (int i = 0; i < 7; i++)
		csvout_field(f, 0, NULL);
	csvout_field(f, 0, fmt_counter_name(c));
	csvout_end(f);
	free(units);
}

static void
print_records(FILE *f, const struct cmp_table *t, const struct cmp_row *row)
{
	for (size_t s = 1; s < t->n_sides; s++) {
		print_record(f, t, row, s);
		for (size_t c = 0; c < row->n_counters; c++)
			counter_record(f, t, row, &row->counters[c], s);
	}
}

static int
fmt_csv(FILE *f, const struct cmp_table *t, unsigned flags)
{
	(void)flags;	/* the text table's */
	for (size_t i = 0; i < sizeof(columns) / sizeof(columns[0]); i++)
		csvout_field(f, i == 0, columns[i]);
	if (t->counters)
		csvout_field(f, 0, "metric");
	csvout_end(f);
	for (size_t i = 0; i < t->n_rows; i++)
		print_records(f, t, &t->rows[i]);
	/* Stream errors are sticky: one check covers every write above. */
	if (fflush(f) != 0 || ferror(f))
		return -1;
	return 0;
}

/* One record per field set: no room for the header's warnings. */
const struct cmp_format fmt_format_csv = {
	.name = "csv", .help = "one record per test and NEW tag",
	.stderr_warnings = 1, .counters = 1, .table = fmt_csv,
	.scaling = scaling_csv, .latency = lat_csv, .series = series_db_csv,
};
