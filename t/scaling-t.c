// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimcmp --scaling in every format (report/format/scaling_out.c): a tag whose
 * add_long ran as 1 and 2 copies and whose fork_test ran as 2 only.  The
 * CSV is read back with libcsv and the JSON parsed with json-c, and both
 * must hold the same rates, slowest and fastest copy, fairness, speedup
 * and efficiency as the text table; a tag with a comma, a quote and a
 * bar stays one field, one string and one cell.
 */
#include "config.h"

#include <csv.h>
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmpfx.h"
#include "compare_scaling.h"
#include "measure.h"
#include "tap.h"
#include "xalloc.h"

#define TAG "sw,e\"ep|x"

/* N samples of CALLS in 1 ms each; with copies, the slowest's LO. */
static void
samples(struct record_result *r, int copies, int64_t calls, int64_t lo)
{
	r->copies = copies;
	for (int k = 0; k < 2; k++) {
		cmpfx_sample(r, calls, 1000000, -1.0);
		if (copies > 1) {
			measure_set(&r->samples[k].m, MEASURE_COPY_MIN_CALLS, lo);
			measure_set(&r->samples[k].m, MEASURE_COPY_MAX_CALLS,
				    calls - lo);
		}
	}
}

static void
side(struct query_tag *t)
{
	cmpfx_tag(t, TAG, 1);
	samples(cmpfx_result(t, 3, "add_long", "ok", 1), 1, 1000, 0);
	samples(cmpfx_result(t, 3, "add_long", "ok", 1), 2, 1900, 900);
	samples(cmpfx_result(t, 4, "fork_test", "ok", 1), 2, 400, 100);
}

static char *
render(const struct query_tag *t, const char *format)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (f == NULL)
		bail("open_memstream failed");
	ok(fmt_find(format)->scaling(f, t, 1) == 0, "format %s writes", format);
	if (fclose(f) != 0)
		bail("cannot close the memory stream");
	return buf;
}

struct records {
	char *field[8][16];
	size_t n, nf[8];
};

static void
on_field(void *s, size_t len, void *arg)
{
	struct records *r = arg;

	char *v;

	if (r->n >= 8 || r->nf[r->n] >= 16)
		return;
	v = xmalloc(len + 1);
	memcpy(v, s, len);
	v[len] = '\0';
	r->field[r->n][r->nf[r->n]++] = v;
}

static void
on_record(int c, void *arg)
{
	struct records *r = arg;

	(void)c;
	r->n++;
}

static void
check_csv(const char *text)
{
	struct csv_parser p;
	struct records r = { 0 };
	size_t len = strlen(text);

	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0)
		bail("csv_init failed");
	ok(csv_parse(&p, text, len, on_field, on_record, &r) == len &&
	   csv_fini(&p, on_field, on_record, &r) == 0, "CSV reads back");
	csv_free(&p);
	ok(r.n == 4, "CSV: a header and 3 records (%zu)", r.n);
	is_string(r.field[0][0], "tag", "CSV: the header names the tag first");
	ok(r.nf[0] == 13 && r.nf[1] == 13 && r.nf[3] == 13,
	   "CSV: 13 fields in every record");
	is_string(r.field[1][0], TAG, "CSV: the tag is one field");
	is_string(r.field[2][4], "2", "CSV: the count");
	is_string(r.field[2][6], "1900000.00", "CSV: total rate at 2");
	is_string(r.field[2][7], "950000.00", "CSV: rate per copy at 2");
	is_string(r.field[2][8], "900000.00", "CSV: slowest copy");
	is_string(r.field[2][9], "1000000.00", "CSV: fastest copy");
	is_string(r.field[2][10], "0.9000", "CSV: fairness, slowest/fastest");
	is_string(r.field[2][11], "1.9000", "CSV: speedup against 1 copy");
	is_string(r.field[2][12], "95.00", "CSV: efficiency in %%");
	is_string(r.field[1][8], "", "CSV: one copy has no slowest copy");
	is_string(r.field[3][11], "", "CSV: no speedup without 1 copy");
	for (size_t i = 0; i < r.n; i++)
		for (size_t j = 0; j < r.nf[i]; j++)
			free(r.field[i][j]);
}

static struct json_object *
row_of(struct json_object *doc, size_t i)
{
	struct json_object *sides, *tests;

	if (!json_object_object_get_ex(doc, "scaling", &sides) ||
	    !json_object_object_get_ex(json_object_array_get_idx(sides, 0),
				       "tests", &tests))
		return NULL;
	return json_object_array_get_idx(tests, i);
}

static double
num(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) ||
	    (!json_object_is_type(v, json_type_double) &&
	     !json_object_is_type(v, json_type_int)))
		return NAN;
	return json_object_get_double(v);
}

static int
is_null(struct json_object *o, const char *key)
{
	struct json_object *v;

	return json_object_object_get_ex(o, key, &v) && v == NULL;
}

static void
check_json(const char *text)
{
	struct json_object *doc = json_tokener_parse(text), *sides, *tag, *two;

	ok(doc != NULL, "JSON parses");
	ok(json_object_object_get_ex(doc, "scaling", &sides) &&
	   json_object_array_length(sides) == 1 &&
	   json_object_object_get_ex(json_object_array_get_idx(sides, 0),
				     "tag", &tag) &&
	   strcmp(json_object_get_string(tag), TAG) == 0,
	   "JSON: one side, its tag a string");
	ok(row_of(doc, 2) != NULL && row_of(doc, 3) == NULL,
	   "JSON: three rows");
	two = row_of(doc, 1);
	ok(num(two, "copies") == 2 && num(two, "number") == 3,
	   "JSON: add_long at 2 copies");
	ok(fabs(num(two, "ops_per_s") - 1.9e6) < 1e-6 &&
	   fabs(num(two, "ops_per_s_per_copy") - 9.5e5) < 1e-6,
	   "JSON: total and per-copy rate");
	ok(fabs(num(two, "slowest_copy") - 9e5) < 1e-6 &&
	   fabs(num(two, "fastest_copy") - 1e6) < 1e-6 &&
	   fabs(num(two, "fairness") - 0.9) < 1e-9,
	   "JSON: slowest, fastest copy and fairness");
	ok(fabs(num(two, "speedup") - 1.9) < 1e-9 &&
	   fabs(num(two, "efficiency_pct") - 95.0) < 1e-9,
	   "JSON: speedup and efficiency");
	ok(is_null(row_of(doc, 0), "slowest_copy") &&
	   is_null(row_of(doc, 2), "speedup") &&
	   is_null(row_of(doc, 2), "efficiency_pct"),
	   "JSON: null where a value does not exist");
	json_object_put(doc);
}

int
main(void)
{
	struct query_tag t;
	char *text, *md;

	plan_lazy();
	side(&t);
	text = render(&t, "csv");
	check_csv(text);
	free(text);
	text = render(&t, "json");
	check_json(text);
	free(text);
	md = render(&t, "markdown");
	ok(strstr(md, "sw,e\"ep\\|x") != NULL, "Markdown: the bar escaped");
	ok(strstr(md, "| 3 | add_long | 2 | 1900000.00 | 950000.00 | 900000.00 | 1000000.00 | 0.90 | 1.90x | 95.0% |\n") != NULL,
	   "Markdown: the row at 2 copies");
	free(md);
	text = render(&t, "text");
	ok(strstr(text, "1.90x") != NULL && strstr(text, "95.0%") != NULL,
	   "text: speedup and efficiency");
	free(text);
	query_tag_free(&t);
	return done_testing();
}
