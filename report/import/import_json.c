// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimkit's own JSON export read back: every run with its environment,
 * results, samples, their metrics and histograms, the results' kernel's
 * monitors and log lines, into the record of
 * each run; what export writes, this reads.  The document is hostile
 * like any import: its nesting is bounded by the tokener, every number
 * must be a JSON integer (or, for printed_ops, a number) within the range
 * of its field before it is cast, and every string is text without NUL;
 * what may be stored, record_check says when the import is finished.
 * Errors of shape name the member, e.g. "runs[0].results[3]".
 */
#include "config.h"

#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "import_int.h"
#include "import_json.h"
#include "store.h"
#include "tag.h"
#include "xalloc.h"

/* doc > runs > run > results > result > samples > sample > metrics > h. */
#define JSON_DEPTH 12

static int
bad(const struct jin *j, const char *field, const char *why)
{
	return import_error(j->name, 0, "%s%s%s: %s", j->where,
			    j->where[0] != '\0' ? "." : "", field, why);
}

/* Member KEY of O as an integer in [MIN, MAX]. */
static int
get_int(const struct jin *j, struct json_object *o, const char *key,
	int64_t min, int64_t max, int64_t *out)
{
	struct json_object *v;
	char why[96];

	if (!json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, json_type_int))
		return bad(j, key, "missing or not an integer");
	*out = json_object_get_int64(v);
	if (*out < min || *out > max) {
		snprintf(why, sizeof(why), "%lld out of range (%lld to %lld)",
			 (long long)*out, (long long)min, (long long)max);
		return bad(j, key, why);
	}
	return 0;
}

/* Member KEY of O as text copied into R's run; NULL when NULLABLE and null. */
static int
get_text(const struct jin *j, struct json_object *o, const char *key,
	 int nullable, struct import_report *r, const char **out)
{
	struct json_object *v;
	const char *s;

	*out = NULL;
	if (!json_object_object_get_ex(o, key, &v))
		return bad(j, key, "missing");
	if (v == NULL && nullable)
		return 0;
	if (!json_object_is_type(v, json_type_string))
		return bad(j, key, nullable ? "not a string or null" :
					      "not a string");
	s = json_object_get_string(v);
	/* json-c keeps \u0000, which would cut the text short. */
	if (strlen(s) != (size_t)json_object_get_string_len(v))
		return bad(j, key, "holds a NUL character");
	*out = record_strdup(&r->run, s);
	return 0;
}

/* Member KEY of O as an array (of at most MAX elements) or object. */
static struct json_object *
get_kind(const struct jin *j, struct json_object *o, const char *key,
	 enum json_type type, size_t max)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, type)) {
		(void)bad(j, key, type == json_type_array ? "missing or not an array" :
							  "missing or not an object");
		return NULL;
	}
	if (type == json_type_array && json_object_array_length(v) > max) {
		(void)bad(j, key, "too many elements");
		return NULL;
	}
	return v;
}

static int
sample(struct jin *j, struct json_object *o, size_t k,
       struct import_report *r, struct record_result *res)
{
	struct measure_sample s;
	struct json_object *p;
	int64_t seq;

	if (!json_object_is_type(o, json_type_object))
		return bad(j, "samples", "an element is not an object");
	if (get_int(j, o, "seq", 1, RECORD_SAMPLES_MAX, &seq) < 0)
		return -1;
	/* The store numbers samples from 1 in order: any other seq is lost. */
	if ((uint64_t)seq != k + 1)
		return bad(j, "seq", "not the sample's place, counted from 1");
	measure_init(&s, (int)seq);
	if (get_int(j, o, "calls", 0, RECORD_VALUE_MAX, &s.calls) < 0 ||
	    get_int(j, o, "elapsed_ns", 0, RECORD_VALUE_MAX,
		    &s.elapsed_ns) < 0 ||
	    import_json_metrics(j, o, r, &s) < 0)
		return -1;
	if (!json_object_object_get_ex(o, "printed_ops", &p))
		return bad(j, "printed_ops", "missing");
	if (p != NULL) {
		if (!json_object_is_type(p, json_type_int) &&
		    !json_object_is_type(p, json_type_double))
			return bad(j, "printed_ops", "not a number or null");
		s.printed_ops = json_object_get_double(p);
		if (!isfinite(s.printed_ops) || s.printed_ops < 0)
			return bad(j, "printed_ops", "not finite, or below 0");
	}
	return import_add_sample(j->name, 0, res, &s);
}

/*
 * Member KEY when present: 0 for the word W0, 1 for W1, else refused.  A
 * file without it leaves *OUT as it was (the catalog's, else 0).
 */
static int
get_word(const struct jin *j, struct json_object *o, const char *key,
	 const char *w0, const char *w1, int *out)
{
	struct json_object *v;
	const char *s;
	char why[64];

	if (!json_object_object_get_ex(o, key, &v))
		return 0;
	s = json_object_is_type(v, json_type_string) ?
		    json_object_get_string(v) : "";
	if (strcmp(s, w0) == 0 || strcmp(s, w1) == 0) {
		*out = strcmp(s, w1) == 0;
		return 0;
	}
	snprintf(why, sizeof(why), "not \"%s\" or \"%s\"", w0, w1);
	return bad(j, key, why);
}

/*
 * How the file says the result is judged, which way is better and how
 * many copies ran; exports before schema 4 and 5 do not say, and the
 * catalog's test of that name (else a rate judged on its mean) and one
 * copy stand in.
 */
static int
result_how(const struct jin *j, struct json_object *o,
	   struct record_result *res)
{
	const struct catalog_test *t = catalog_find(res->test);
	int judged = t != NULL && t->judged == MEASURE_JUDGED_PEAK;
	int lower = t != NULL && t->better == MEASURE_LOWER;
	int64_t copies = 1;

	if (json_object_object_get_ex(o, "copies", NULL) &&
	    get_int(j, o, "copies", 1, RECORD_COPIES_MAX, &copies) < 0)
		return -1;
	res->copies = (int)copies;
	if (get_word(j, o, "judged", measure_judged_word(MEASURE_JUDGED_MEAN),
		     measure_judged_word(MEASURE_JUDGED_PEAK), &judged) < 0 ||
	    get_word(j, o, "better", measure_better_word(MEASURE_HIGHER),
		     measure_better_word(MEASURE_LOWER), &lower) < 0)
		return -1;
	res->judged = judged ? MEASURE_JUDGED_PEAK : MEASURE_JUDGED_MEAN;
	res->better = lower ? MEASURE_LOWER : MEASURE_HIGHER;
	return 0;
}

/* The result's own members, as stored: any test, with its facts. */
static int
result_facts(struct jin *j, struct json_object *o, struct import_report *r,
	     struct record_result *res)
{
	int64_t number, rep, factor;

	if (get_text(j, o, "test", 0, r, &res->test) < 0 ||
	    get_text(j, o, "units", 0, r, &res->units) < 0 ||
	    get_text(j, o, "status", 0, r, &res->status) < 0 ||
	    get_text(j, o, "reason", 1, r, &res->reason) < 0 ||
	    get_int(j, o, "number", 0, RECORD_NUMBER_MAX, &number) < 0 ||
	    get_int(j, o, "rep", 1, RECORD_REP_MAX, &rep) < 0 ||
	    get_int(j, o, "factor", 1, RECORD_VALUE_MAX, &factor) < 0)
		return -1;
	res->number = (int)number;
	res->rep = (int)rep;
	res->factor = (unsigned long)factor;
	/* json-c gives no positions: the document is line 1. */
	res->source_line = 1;
	return result_how(j, o, res) < 0 ||
	       import_json_result_identity(j, o, r, res) < 0 ? -1 : 0;
}

static int
result(struct jin *j, struct json_object *o, struct import_report *r)
{
	struct record_result *res;
	struct json_object *samples;
	size_t len = strlen(j->where);

	if (!json_object_is_type(o, json_type_object))
		return bad(j, "results", "an element is not an object");
	if ((samples = get_kind(j, o, "samples", json_type_array,
				RECORD_SAMPLES_MAX)) == NULL)
		return -1;
	res = record_add_result(&r->run);
	if (result_facts(j, o, r, res) < 0)
		return -1;
	for (size_t k = 0; k < json_object_array_length(samples); k++) {
		snprintf(j->where + len, sizeof(j->where) - len,
			 ".samples[%zu]", k);
		if (sample(j, json_object_array_get_idx(samples, k), k, r,
			   res) < 0)
			return -1;
	}
	j->where[len] = '\0';
	return import_json_kernel(j, o, res);
}

/* The facts of a run, as strings; record_check says which may be stored. */
static int
env(const struct jin *j, struct json_object *o, struct import_report *r)
{
	struct json_object *obj = get_kind(j, o, "env", json_type_object, 0);

	if (obj == NULL)
		return -1;
	json_object_object_foreach(obj, key, v) {
		if (!json_object_is_type(v, json_type_string) ||
		    strlen(json_object_get_string(v)) !=
			    (size_t)json_object_get_string_len(v))
			return bad(j, "env", "a value is not a string without NUL");
		import_add_env(r, key, json_object_get_string(v));
	}
	return 0;
}

static int
run(struct jin *j, struct json_object *o, struct import_file *f)
{
	struct import_report *r;
	struct json_object *results;
	const char *tag, *host;
	int64_t id = 0;
	size_t len = strlen(j->where);

	if (!json_object_is_type(o, json_type_object))
		return bad(j, "runs", "an element is not an object");
	r = import_add_report(f, 0);
	/* Row ids are the exporting database's: older exports have them. */
	if ((json_object_object_get_ex(o, "id", NULL) &&
	     get_int(j, o, "id", 1, IMPORT_RUN_MAX, &id) < 0) ||
	    get_text(j, o, "tag", 0, r, &tag) < 0 ||
	    get_text(j, o, "host", 1, r, &host) < 0 ||
	    (results = get_kind(j, o, "results", json_type_array,
				IMPORT_LINES_MAX)) == NULL)
		return -1;
	r->title = xstrdup(tag);
	r->host = host != NULL ? xstrdup(host) : NULL;
	r->run.host = host;
	if (import_json_identity(j, o, f, r) < 0 || env(j, o, r) < 0)
		return -1;
	for (size_t k = 0; k < json_object_array_length(results); k++) {
		snprintf(j->where + len, sizeof(j->where) - len,
			 ".results[%zu]", k);
		if (result(j, json_object_array_get_idx(results, k), r) < 0)
			return -1;
	}
	return 0;
}

/* The lines joined again: JSON strings hold no raw line ends. */
static char *
joined(const struct import_lines *l, size_t *len)
{
	size_t n = 1;
	char *s, *p;

	for (size_t i = 0; i < l->n; i++)
		n += strlen(l->text[i]) + 1;
	p = s = xmalloc(n);
	for (size_t i = 0; i < l->n; i++)
		p = stpcpy(stpcpy(p, l->text[i]), "\n");
	*p = '\0';
	*len = (size_t)(p - s);
	return s;
}

static struct json_object *
parse(const struct import_lines *l)
{
	struct json_tokener *tok = json_tokener_new_ex(JSON_DEPTH);
	size_t len, end;
	char *s = joined(l, &len);
	struct json_object *doc = NULL;

	if (tok == NULL || len > INT32_MAX) {
		(void)import_error(l->name, 0, "out of memory or too large");
	} else {
		doc = json_tokener_parse_ex(tok, s, (int)len);
		end = json_tokener_get_parse_end(tok);
		if (doc == NULL || end + strspn(s + end, " \t\n") != len) {
			(void)import_error(l->name, 0, "not JSON: %s",
					   doc == NULL ? json_tokener_error_desc(
								 json_tokener_get_error(tok)) :
							 "text after the document");
			json_object_put(doc);
			doc = NULL;
		}
	}
	if (tok != NULL)
		json_tokener_free(tok);
	free(s);
	return doc;
}

static int
runs(struct jin *j, struct json_object *doc, struct import_file *f)
{
	struct json_object *arr;
	int64_t version;

	if (!json_object_is_type(doc, json_type_object))
		return bad(j, "document", "not a JSON object");
	if (get_int(j, doc, "schema_version", 1, store_schema_version(),
		    &version) < 0 ||
	    (arr = get_kind(j, doc, "runs", json_type_array,
			    IMPORT_LINES_MAX)) == NULL)
		return -1;
	if (json_object_array_length(arr) == 0)
		return bad(j, "runs", "no runs");
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		snprintf(j->where, sizeof(j->where), "runs[%zu]", i);
		if (run(j, json_object_array_get_idx(arr, i), f) < 0)
			return -1;
	}
	return 0;
}

static int
import_json(const struct import_lines *l, struct import_file *f)
{
	struct json_object *doc = parse(l);
	struct jin j = { .name = l->name };
	int rc;

	if (doc == NULL)
		return -1;
	rc = runs(&j, doc, f);
	json_object_put(doc);
	return rc;
}

int
import_json_bad(const struct jin *j, const char *field, const char *why)
{
	return bad(j, field, why);
}

int
import_json_int(const struct jin *j, struct json_object *o, const char *key,
		int64_t min, int64_t max, int64_t *out)
{
	return get_int(j, o, key, min, max, out);
}

int
import_json_text(const struct jin *j, struct json_object *o, const char *key,
		 int nullable, struct import_report *r, const char **out)
{
	return get_text(j, o, key, nullable, r, out);
}

static int
is_json(const struct import_lines *l)
{
	const char *key = "\"aimkit_version\":";
	const char *s;

	if (l->n == 0 || l->text[0][0] != '{')
		return 0;
	s = l->text[0] + 1;
	if (*s == '\0' && l->n > 1)
		s = l->text[1];
	s += strspn(s, " \t");
	return strncmp(s, key, strlen(key)) == 0;
}

const struct importer importer_json = {
	.name = "json",
	.detect = is_json,
	.parse = import_json,
	.own_tags = 1,
};
