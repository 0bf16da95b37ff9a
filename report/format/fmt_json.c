// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The JSON comparison: one document a script can use without parsing
 * text.  Rates and percentages are JSON numbers spelled exactly as the
 * text format prints them, statistics in full precision; absent values
 * are null.
 */
#include "config.h"

#include "fmt.h"

#include <math.h>
#include <stdlib.h>

#include "compare_latency.h"
#include "compare_scaling.h"
#include "jsonout.h"
#include "series_db.h"

static struct json_object *
num_2f(double x)
{
	char buf[FMT_NUM_MAX];

	if (isnan(x))
		return NULL;
	return jsonout_number(x, fmt_2f(x, buf, sizeof(buf)));
}

static struct json_object *
cents(int64_t c)
{
	char buf[FMT_NUM_MAX];

	return jsonout_number((double)c / 100.0,
			      fmt_cents(c, buf, sizeof(buf)));
}

static struct json_object *
side_obj(const struct cmp_table *t, size_t i)
{
	const struct cmp_side *s = &t->sides[i];
	struct json_object *o = jsonout_object();
	struct json_object *runs = jsonout_array();

	for (size_t r = 0; r < s->n_runs; r++)
		jsonout_push(runs, jsonout_int(s->run_ids[r]));
	jsonout_put(o, "tag", jsonout_string(s->tag));
	jsonout_put(o, "runs", runs);
	jsonout_put(o, "incomplete_runs", jsonout_int((int64_t)s->n_incomplete));
	jsonout_put(o, "samples", jsonout_int((int64_t)s->n_samples));
	jsonout_put(o, "processes", jsonout_int((int64_t)s->n_procs));
	jsonout_put(o, "flagged", jsonout_int((int64_t)s->n_flagged));
	jsonout_put(o, "excluded", jsonout_int((int64_t)s->n_excluded));
	jsonout_put(o, "boots", jsonout_int((int64_t)s->n_boots));
	jsonout_put(o, "boots_unknown", jsonout_bool(s->boots_unknown));
	jsonout_put(o, "kernels", jsonout_string(s->kernels));
	jsonout_put(o, "hosts", jsonout_string(s->hosts));
	return o;
}

/* Side S's two levels, or null when it keeps to one. */
static struct json_object *
levels_obj(const struct cmp_row *row, size_t s)
{
	const struct cmp_levels *l;
	struct json_object *o;

	if (row->levels == NULL || !row->levels[s].split)
		return NULL;
	l = &row->levels[s];
	o = jsonout_object();
	jsonout_put(o, "high", jsonout_double(l->high));
	jsonout_put(o, "low", jsonout_double(l->low));
	jsonout_put(o, "processes_high", jsonout_int((int64_t)l->n_high));
	jsonout_put(o, "processes_low", jsonout_int((int64_t)l->n_low));
	return o;
}

static struct json_object *
value_obj(const struct cmp_value *v)
{
	struct json_object *o = jsonout_object();
	const struct stats_summary *s = &v->sum;

	jsonout_put(o, "status", jsonout_string(fmt_status(v)));
	jsonout_put(o, "rate", v->state == CMP_OK ? cents(v->rate_c) : NULL);
	jsonout_put(o, "mean_rate", v->state == CMP_OK ? cents(v->mean_c) :
				    NULL);
	jsonout_put(o, "samples", jsonout_int((int64_t)v->n_samples));
	jsonout_put(o, "processes", jsonout_int((int64_t)v->n_results));
	jsonout_put(o, "boots", v->has_summary ?
			 jsonout_int((int64_t)s->n_boots) : NULL);
	jsonout_put(o, "flagged", jsonout_int((int64_t)v->n_flagged));
	jsonout_put(o, "excluded", jsonout_int((int64_t)v->n_excluded));
	jsonout_put(o, "cv_pct", num_2f(v->cv_pct));
	jsonout_put(o, "mean_cv_pct", num_2f(v->mean_cv_pct));
	jsonout_put(o, "center", v->has_summary ?
			 jsonout_double(v->center) : NULL);
	jsonout_put(o, "sample_cv_pct", v->has_summary ?
			 jsonout_double(s->sample_cv_pct) : NULL);
	jsonout_put(o, "min", v->has_summary ? jsonout_double(s->min) : NULL);
	jsonout_put(o, "max", v->has_summary ? jsonout_double(s->max) : NULL);
	if (v->state == CMP_FAILED && v->reason != NULL)
		jsonout_put(o, "reason", jsonout_string(v->reason));
	return o;
}

/* The verdict of one NEW side, or null when it has none. */
static struct json_object *
verdict_obj(const struct cmp_delta *d)
{
	const struct stats_cmp *c = &d->cmp;
	struct json_object *o;

	if (!d->has_stats)
		return NULL;
	o = jsonout_object();
	jsonout_put(o, "verdict", jsonout_string(stats_verdict_name(c->verdict)));
	jsonout_put(o, "reason", jsonout_string(c->why));
	jsonout_put(o, "unit", jsonout_string(stats_unit_name(c->unit)));
	jsonout_put(o, "base_observations", jsonout_int((int64_t)c->n_base));
	jsonout_put(o, "new_observations", jsonout_int((int64_t)c->n_new));
	jsonout_put(o, "ratio", jsonout_double(c->ratio));
	jsonout_put(o, "ratio_lo", jsonout_double(c->ratio_lo));
	jsonout_put(o, "ratio_hi", jsonout_double(c->ratio_hi));
	jsonout_put(o, "pct_lo", jsonout_double((c->ratio_lo - 1.0) * 100.0));
	jsonout_put(o, "pct_hi", jsonout_double((c->ratio_hi - 1.0) * 100.0));
	jsonout_put(o, "se", jsonout_double(c->se));
	jsonout_put(o, "df", jsonout_double(c->df));
	jsonout_put(o, "p", jsonout_double(c->p));
	jsonout_put(o, "q", jsonout_double(c->q));
	jsonout_put(o, "mdc_pct", jsonout_double(c->mdc_pct));
	/* Grown by --until-decided: the looks of the sequential test. */
	jsonout_put(o, "sequential", jsonout_bool(d->seq));
	jsonout_put(o, "looks", d->seq ? jsonout_int((int64_t)d->looks) : NULL);
	return o;
}

/* A metric per call on one side: null where the side holds none. */
static struct json_object *
per_call(const struct cmp_counter_value *v)
{
	return v->have ? jsonout_double(v->per_call) : NULL;
}

/* --counters, --monitors: one object per metric or monitor of the test. */
static struct json_object *
counters_arr(const struct cmp_table *t, const struct cmp_row *row)
{
	struct json_object *a = jsonout_array();

	for (size_t k = 0; k < row->n_counters; k++) {
		const struct cmp_counter *c = &row->counters[k];
		struct json_object *o = jsonout_object(), *news = jsonout_array();

		jsonout_put(o, "metric", jsonout_string(fmt_counter_name(c)));
		jsonout_put(o, "monitor", jsonout_bool(c->monitor != NULL));
		jsonout_put(o, "unit", jsonout_string(fmt_counter_unit(c)));
		jsonout_put(o, "better", jsonout_string(
				measure_better_word(fmt_counter_better(c))));
		jsonout_put(o, "base", per_call(&c->v[0]));
		jsonout_put(o, "base_samples", jsonout_int((int64_t)c->v[0].n_samples));
		for (size_t s = 1; s < t->n_sides; s++) {
			const struct cmp_delta *d = &c->d[s - 1];
			struct json_object *n = jsonout_object();

			jsonout_put(n, "tag", jsonout_string(t->sides[s].tag));
			jsonout_put(n, "per_call", per_call(&c->v[s]));
			jsonout_put(n, "samples", jsonout_int((int64_t)c->v[s].n_samples));
			jsonout_put(n, "pct", d->valid && !isnan(d->pct) ?
					 jsonout_double(d->pct) : NULL);
			jsonout_put(n, "statistics", verdict_obj(d));
			jsonout_push(news, n);
		}
		jsonout_put(o, "new", news);
		jsonout_push(a, o);
	}
	return a;
}

/* Sizing of NEW side S against the base, or null (compare_sizing.c). */
static struct json_object *
sizing_obj(const struct cmp_row *row, size_t s)
{
	const struct cmp_sizing *z = row->sizing != NULL ?
				     &row->sizing[s - 1] : NULL;
	struct json_object *o;

	if (z == NULL || !z->valid)
		return NULL;
	o = jsonout_object();
	jsonout_put(o, "between_boots_pct", jsonout_double(z->between_pct));
	jsonout_put(o, "between_processes_pct", jsonout_double(z->within_pct));
	jsonout_put(o, "between_samples_pct", jsonout_double(z->sample_pct));
	jsonout_put(o, "boots", z->boots > 0 ? jsonout_int(z->boots) : NULL);
	jsonout_put(o, "processes_per_boot", jsonout_int(z->procs));
	jsonout_put(o, "cost_s", z->boots > 0 ? jsonout_double(z->cost_s) :
			 NULL);
	return o;
}

static struct json_object *
row_obj(const struct cmp_table *t, const struct cmp_row *row)
{
	struct json_object *o = jsonout_object();
	struct json_object *news = jsonout_array();
	struct json_object *base = value_obj(&row->v[0]);

	jsonout_put(o, "number", jsonout_int(row->number));
	jsonout_put(o, "test", jsonout_string(row->test));
	jsonout_put(o, "units", jsonout_string(row->units));
	jsonout_put(o, "basis", jsonout_string(stats_basis_name(row->basis)));
	jsonout_put(o, "better", jsonout_string(measure_better_word(row->better)));
	jsonout_put(base, "levels", levels_obj(row, 0));
	jsonout_put(o, "base", base);
	for (size_t s = 1; s < t->n_sides; s++) {
		const struct cmp_delta *d = &row->d[s - 1];
		struct json_object *n = value_obj(&row->v[s]);

		jsonout_put(n, "levels", levels_obj(row, s));

		jsonout_put(n, "tag", jsonout_string(t->sides[s].tag));
		jsonout_put(n, "delta", d->valid ? cents(d->delta_c) : NULL);
		jsonout_put(n, "pct", d->valid ? num_2f(d->pct) : NULL);
		jsonout_put(n, "mean_delta", d->valid ? cents(d->mean_delta_c) :
					     NULL);
		jsonout_put(n, "mean_pct", d->valid ? num_2f(d->mean_pct) :
					   NULL);
		jsonout_put(n, "statistics", verdict_obj(d));
		jsonout_put(n, "sizing", sizing_obj(row, s));
		jsonout_push(news, n);
	}
	jsonout_put(o, "new", news);
	if (t->counters)
		jsonout_put(o, "counters", counters_arr(t, row));
	return o;
}

/* How the verdicts were reached, for a script to check or redo. */
static struct json_object *
stats_obj(const struct cmp_table *t)
{
	struct json_object *o = jsonout_object();
	struct json_object *v = jsonout_object();
	struct json_object *refusals = jsonout_array();

	jsonout_put(o, "test", jsonout_string("welch-log-rates"));
	jsonout_put(o, "alpha", jsonout_double(t->opt.stats.alpha));
	jsonout_put(o, "equivalence_pct",
		    jsonout_double(100.0 * t->opt.stats.equiv));
	jsonout_put(o, "power", jsonout_double(STATS_POWER));
	jsonout_put(o, "family", jsonout_int((int64_t)t->n_family));
	jsonout_put(o, "exclude_flagged", jsonout_bool(t->opt.exclude_flagged));
	for (int k = STATS_INCONCLUSIVE; k <= STATS_REGRESSED; k++)
		jsonout_put(v, stats_verdict_name((enum stats_verdict)k),
			    jsonout_int((int64_t)t->n_verdicts[k]));
	jsonout_put(o, "verdicts", v);
	for (size_t i = 0; i < t->n_refusals; i++)
		jsonout_push(refusals, jsonout_string(t->refusals[i]));
	jsonout_put(o, "refusals", refusals);
	return o;
}

static int
fmt_json(FILE *f, const struct cmp_table *t, unsigned flags)
{
	struct json_object *doc = jsonout_object();
	struct json_object *news = jsonout_array();
	struct json_object *warnings = jsonout_array();
	struct json_object *tests = jsonout_array();
	char *w;

	(void)flags;	/* the text table's */
	jsonout_put(doc, "base", side_obj(t, 0));
	for (size_t s = 1; s < t->n_sides; s++)
		jsonout_push(news, side_obj(t, s));
	jsonout_put(doc, "new", news);
	for (size_t i = 0; (w = fmt_warning(t, i)) != NULL; i++) {
		jsonout_push(warnings, jsonout_string(w));
		free(w);
	}
	jsonout_put(doc, "warnings", warnings);
	jsonout_put(doc, "statistics", stats_obj(t));
	for (size_t i = 0; i < t->n_rows; i++)
		jsonout_push(tests, row_obj(t, &t->rows[i]));
	jsonout_put(doc, "tests", tests);
	return jsonout_print(f, doc);
}

const struct cmp_format fmt_format_json = {
	.name = "json", .help = "one document a script can use",
	.counters = 1, .table = fmt_json, .scaling = scaling_json,
	.latency = lat_json, .series = series_db_json,
};
