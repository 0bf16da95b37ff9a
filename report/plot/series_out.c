// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The listings of a judged series (series_db.c) in text, CSV and JSON:
 * each step with its tags, its change and interval, and the machines a
 * split series covers; strings from the database through the writers'
 * escaping (tag_fput, csvout, jsonout).
 */
#include "config.h"

#include "series_db.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "csvout.h"
#include "jsonout.h"
#include "log.h"
#include "xalloc.h"
#include "tag.h"

/* "# 2 machines, each its own series: a b", when the model is split. */
static void
hosts_line(FILE *f, const struct plot_model *m)
{
	const char *last = NULL;
	size_t n = 0;

	/* The tests come machine by machine. */
	for (size_t k = 0; k < m->n_tests; k++)
		if (m->tests[k].host != NULL &&
		    (last == NULL || strcmp(last, m->tests[k].host) != 0)) {
			last = m->tests[k].host;
			n++;
		}
	if (n == 0)
		return;
	fprintf(f, "# %zu machines, each its own series (--host picks one):", n);
	last = NULL;
	for (size_t k = 0; k < m->n_tests; k++)
		if (m->tests[k].host != NULL &&
		    (last == NULL || strcmp(last, m->tests[k].host) != 0)) {
			last = m->tests[k].host;
			fputc(' ', f);
			tag_fput(f, last, 0);
		}
	fputc('\n', f);
}

int
series_db_text(FILE *f, const struct series_db *sd)
{
	const struct plot_model *m = &sd->model;

	fprintf(f, "# %zu tags in %s order:", m->n_tags,
		tagorder_mode_name(sd->order));
	/* Tags come from the database: shown as data, on this one line. */
	for (size_t i = 0; i < m->n_tags; i++) {
		fputc(' ', f);
		tag_fput(f, m->tags[i], 0);
	}
	fputc('\n', f);
	hosts_line(f, m);
	for (size_t i = 0; i < sd->n_notes; i++) {
		fputs("# warning: ", f);
		tag_fput(f, sd->notes[i], 0);
		fputc('\n', f);
	}
	if (series_print(f, &sd->steps, sd->tests, m->tags) < 0)
		return -1;
	return fflush(f) != 0 || ferror(f) ? -1 : 0;
}

static const char *const csv_columns[] = {
	"number", "test", "units", "from", "to", "basis", "significant",
	"verdict",
	"unit", "base_observations", "new_observations", "ratio", "pct",
	"pct_lo", "pct_hi", "df", "p", "q", "mdc_pct", "reason", "host",
};

static void
csv_record(FILE *f, const struct series_db *sd, const struct series_step *st)
{
	const struct series_test *t = &sd->tests[st->test];
	const struct stats_cmp *c = &st->cmp;

	csvout_fieldf(f, 1, "%d", t->number);
	csvout_field(f, 0, t->name);
	csvout_field(f, 0, t->units);
	csvout_field(f, 0, sd->model.tags[st->from]);
	csvout_field(f, 0, sd->model.tags[st->to]);
	csvout_field(f, 0, stats_basis_name(t->basis));
	csvout_field(f, 0, series_step_significant(st) ? "true" : "false");
	if (st->judged) {
		csvout_field(f, 0, stats_verdict_name(c->verdict));
		csvout_field(f, 0, stats_unit_name(c->unit));
		csvout_fieldf(f, 0, "%zu", c->n_base);
		csvout_fieldf(f, 0, "%zu", c->n_new);
		csvout_number(f, 0, c->ratio);
		csvout_number(f, 0, (c->ratio - 1.0) * 100.0);
		csvout_number(f, 0, (c->ratio_lo - 1.0) * 100.0);
		csvout_number(f, 0, (c->ratio_hi - 1.0) * 100.0);
		csvout_number(f, 0, c->df);
		csvout_number(f, 0, c->p);
		csvout_number(f, 0, c->q);
		csvout_number(f, 0, c->mdc_pct);
	} else {
		/* The twelve columns from verdict to mdc_pct. */
		for (int i = 0; i < 12; i++)
			csvout_field(f, 0, NULL);
	}
	csvout_field(f, 0, c->why);
	csvout_field(f, 0, t->host);
	csvout_end(f);
}

int
series_db_csv(FILE *f, const struct series_db *sd)
{
	for (size_t i = 0; i < sizeof(csv_columns) / sizeof(csv_columns[0]);
	     i++)
		csvout_field(f, i == 0, csv_columns[i]);
	csvout_end(f);
	for (size_t i = 0; i < sd->steps.n_steps; i++)
		csv_record(f, sd, &sd->steps.steps[i]);
	/* Stream errors are sticky: one check covers every write above. */
	return fflush(f) != 0 || ferror(f) ? -1 : 0;
}

/* The statistics of a judged step, as the comparison's JSON has them. */
static struct json_object *
cmp_obj(const struct stats_cmp *c)
{
	struct json_object *o = jsonout_object();

	jsonout_put(o, "verdict", jsonout_string(stats_verdict_name(c->verdict)));
	jsonout_put(o, "unit", jsonout_string(stats_unit_name(c->unit)));
	jsonout_put(o, "base_observations", jsonout_int((int64_t)c->n_base));
	jsonout_put(o, "new_observations", jsonout_int((int64_t)c->n_new));
	jsonout_put(o, "ratio", jsonout_double(c->ratio));
	jsonout_put(o, "pct", jsonout_double((c->ratio - 1.0) * 100.0));
	jsonout_put(o, "pct_lo", jsonout_double((c->ratio_lo - 1.0) * 100.0));
	jsonout_put(o, "pct_hi", jsonout_double((c->ratio_hi - 1.0) * 100.0));
	jsonout_put(o, "df", jsonout_double(c->df));
	jsonout_put(o, "p", jsonout_double(c->p));
	jsonout_put(o, "q", jsonout_double(c->q));
	jsonout_put(o, "mdc_pct", jsonout_double(c->mdc_pct));
	return o;
}

static struct json_object *
step_obj(const struct series_db *sd, const struct series_step *st)
{
	const struct series_test *t = &sd->tests[st->test];
	struct json_object *o = jsonout_object();

	jsonout_put(o, "number", jsonout_int(t->number));
	jsonout_put(o, "test", jsonout_string(t->name));
	jsonout_put(o, "units", jsonout_string(t->units));
	jsonout_put(o, "from", jsonout_string(sd->model.tags[st->from]));
	jsonout_put(o, "to", jsonout_string(sd->model.tags[st->to]));
	jsonout_put(o, "basis",
		    jsonout_string(stats_basis_name(t->basis)));
	jsonout_put(o, "significant", jsonout_bool(series_step_significant(st)));
	jsonout_put(o, "reason", jsonout_string(st->cmp.why));
	jsonout_put(o, "host", t->host != NULL ? jsonout_string(t->host) : NULL);
	jsonout_put(o, "statistics", st->judged ? cmp_obj(&st->cmp) : NULL);
	return o;
}

/* How the steps were judged and how many are which. */
static struct json_object *
stats_obj(const struct series *s)
{
	struct json_object *o = jsonout_object();

	jsonout_put(o, "test", jsonout_string("welch-log-rates"));
	jsonout_put(o, "alpha", jsonout_double(s->opt.alpha));
	jsonout_put(o, "equivalence_pct", jsonout_double(100.0 * s->opt.equiv));
	jsonout_put(o, "steps", jsonout_int((int64_t)s->n_steps));
	jsonout_put(o, "family", jsonout_int((int64_t)(s->n_steps -
							s->n_unjudged -
							s->n_one_run)));
	jsonout_put(o, "significant", jsonout_int((int64_t)s->n_significant));
	jsonout_put(o, "one_run", jsonout_int((int64_t)s->n_one_run));
	jsonout_put(o, "unjudged", jsonout_int((int64_t)s->n_unjudged));
	jsonout_put(o, "not_comparable", jsonout_int((int64_t)s->n_refused));
	return o;
}

int
series_db_json(FILE *f, const struct series_db *sd)
{
	struct json_object *doc = jsonout_object();
	struct json_object *tags = jsonout_array();
	struct json_object *steps = jsonout_array();
	struct json_object *warnings = jsonout_array();

	for (size_t i = 0; i < sd->model.n_tags; i++)
		jsonout_push(tags, jsonout_string(sd->model.tags[i]));
	jsonout_put(doc, "order", jsonout_string(tagorder_mode_name(sd->order)));
	jsonout_put(doc, "tags", tags);
	for (size_t i = 0; i < sd->n_notes; i++)
		jsonout_push(warnings, jsonout_string(sd->notes[i]));
	jsonout_put(doc, "warnings", warnings);
	jsonout_put(doc, "statistics", stats_obj(&sd->steps));
	for (size_t i = 0; i < sd->steps.n_steps; i++)
		jsonout_push(steps, step_obj(sd, &sd->steps.steps[i]));
	jsonout_put(doc, "steps", steps);
	return jsonout_print(f, doc);
}
