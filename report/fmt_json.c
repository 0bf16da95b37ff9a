/*
 * The JSON comparison: one document a script can use without parsing
 * text.  Rates and percentages are JSON numbers spelled exactly as the
 * text format prints them; absent values are null.
 */
#include "config.h"

#include "fmt.h"

#include <math.h>

#include "jsonout.h"

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
	jsonout_put(o, "kernels", jsonout_string(s->kernels));
	jsonout_put(o, "hosts", jsonout_string(s->hosts));
	return o;
}

static struct json_object *
value_obj(const struct cmp_value *v)
{
	struct json_object *o = jsonout_object();

	jsonout_put(o, "status", jsonout_string(fmt_status(v)));
	jsonout_put(o, "rate", v->state == CMP_OK ? cents(v->rate_c) : NULL);
	jsonout_put(o, "samples", jsonout_int((int64_t)v->n_samples));
	jsonout_put(o, "cv_pct", num_2f(v->cv_pct));
	if (v->state == CMP_FAILED && v->reason != NULL)
		jsonout_put(o, "reason", jsonout_string(v->reason));
	return o;
}

static struct json_object *
row_obj(const struct cmp_table *t, const struct cmp_row *row)
{
	struct json_object *o = jsonout_object();
	struct json_object *news = jsonout_array();

	jsonout_put(o, "number", jsonout_int(row->number));
	jsonout_put(o, "test", jsonout_string(row->test));
	jsonout_put(o, "units", jsonout_string(row->units));
	jsonout_put(o, "base", value_obj(&row->v[0]));
	for (size_t s = 1; s < t->n_sides; s++) {
		const struct cmp_delta *d = &row->d[s - 1];
		struct json_object *n = value_obj(&row->v[s]);

		jsonout_put(n, "tag", jsonout_string(t->sides[s].tag));
		jsonout_put(n, "delta", d->valid ? cents(d->delta_c) : NULL);
		jsonout_put(n, "pct", d->valid ? num_2f(d->pct) : NULL);
		jsonout_push(news, n);
	}
	jsonout_put(o, "new", news);
	return o;
}

int
fmt_json(FILE *f, const struct cmp_table *t)
{
	struct json_object *doc = jsonout_object();
	struct json_object *news = jsonout_array();
	struct json_object *warnings = jsonout_array();
	struct json_object *tests = jsonout_array();

	jsonout_put(doc, "base", side_obj(t, 0));
	for (size_t s = 1; s < t->n_sides; s++)
		jsonout_push(news, side_obj(t, s));
	jsonout_put(doc, "new", news);
	for (size_t i = 0; i < t->n_warnings; i++)
		jsonout_push(warnings, jsonout_string(t->warnings[i]));
	jsonout_put(doc, "warnings", warnings);
	for (size_t i = 0; i < t->n_rows; i++)
		jsonout_push(tests, row_obj(t, &t->rows[i]));
	jsonout_put(doc, "tests", tests);
	return jsonout_print(f, doc);
}
