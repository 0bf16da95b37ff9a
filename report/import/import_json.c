/*
 * aimkit's own JSON export read back: every run with its environment,
 * results, samples and their metrics.  The document is hostile like any
 * import: its nesting is bounded by the tokener, every number must be a
 * JSON integer (or, for printed_ops, a number) within the range of its
 * column before it is cast, and every string is printable text of
 * bounded length.  Errors name the member, e.g. "runs[0].results[3]".
 */
#include "config.h"

#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "import_json.h"
#include "store.h"
#include "tag.h"
#include "xalloc.h"

/* doc > runs > run > results > result > samples > sample > metrics. */
#define JSON_DEPTH 10
/* Bounds of one environment fact and of a run's environment (as CSV). */
#define JSON_KEY_MAX 64
#define JSON_TEXT_MAX 16384
#define JSON_FACTS_MAX 256
/* Metric values: 1 to 18 decimal digits, as the CSV export allows. */
#define JSON_METRIC_MAX 999999999999999999LL

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

/* S is printable text of at most MAX bytes (NUL-free: json-c keeps \u0000). */
static int
text_ok(struct json_object *v, size_t max)
{
	const char *s = json_object_get_string(v);
	size_t len = (size_t)json_object_get_string_len(v);
	char *shown;
	int same;

	if (len > max || strlen(s) != len)
		return 0;
	shown = tag_printable_dup(s);
	same = strcmp(shown, s) == 0;
	free(shown);
	return same;
}

/* Member KEY of O as text, NULL when NULLABLE and the member is null. */
static int
get_text(const struct jin *j, struct json_object *o, const char *key,
	 int nullable, const char **out)
{
	struct json_object *v;

	*out = NULL;
	if (!json_object_object_get_ex(o, key, &v))
		return bad(j, key, "missing");
	if (v == NULL && nullable)
		return 0;
	if (!json_object_is_type(v, json_type_string))
		return bad(j, key, nullable ? "not a string or null" :
					      "not a string");
	if (!text_ok(v, JSON_TEXT_MAX))
		return bad(j, key,
			   "longer than 16384 bytes, control characters or invalid UTF-8");
	*out = json_object_get_string(v);
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
metrics(const struct jin *j, struct json_object *o, struct measure_metrics *m)
{
	struct json_object *obj = get_kind(j, o, "metrics", json_type_object, 0);

	if (obj == NULL)
		return -1;
	json_object_object_foreach(obj, key, v) {
		int id = measure_lookup(key, strlen(key));
		int64_t x;

		if (id < 0)
			return bad(j, "metrics", "unknown metric");
		if (!json_object_is_type(v, json_type_int))
			return bad(j, key, "not an integer");
		x = json_object_get_int64(v);
		if (x < 0 || x > JSON_METRIC_MAX)
			return bad(j, key, "out of range");
		measure_set(m, (enum measure_id)id, x);
	}
	return 0;
}

static int
sample(struct jin *j, struct json_object *o, size_t k,
       struct import_result *res)
{
	struct import_sample s = { 0 };
	struct json_object *p;
	int64_t seq;

	if (!json_object_is_type(o, json_type_object))
		return bad(j, "samples", "an element is not an object");
	if (get_int(j, o, "seq", 1, IMPORT_SEQ_MAX, &seq) < 0 ||
	    get_int(j, o, "calls", 0, (int64_t)IMPORT_VALUE_MAX, &s.calls) < 0 ||
	    get_int(j, o, "elapsed_ns", 0, (int64_t)IMPORT_VALUE_MAX,
		    &s.elapsed_ns) < 0 || metrics(j, o, &s.m) < 0)
		return -1;
	measure_sanitize(&s.m);
	/* The store numbers samples from 1 in order: any other seq is lost. */
	if ((uint64_t)seq != k + 1)
		return bad(j, "seq", "not the sample's place, counted from 1");
	if (!json_object_object_get_ex(o, "printed_ops", &p))
		return bad(j, "printed_ops", "missing");
	if (p != NULL) {
		if (!json_object_is_type(p, json_type_int) &&
		    !json_object_is_type(p, json_type_double))
			return bad(j, "printed_ops", "not a number or null");
		s.printed_ops = json_object_get_double(p);
		s.has_printed = 1;
		if (!isfinite(s.printed_ops))
			return bad(j, "printed_ops", "not finite");
	}
	return import_add_sample(j->name, 0, res, &s);
}

static int
status_ok(const char *s)
{
	static const char *const known[] = { "ok", "skip", "fail", "timeout",
					     "crash" };

	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (strcmp(s, known[i]) == 0)
			return 1;
	return 0;
}

/*
 * Member KEY when present: 0 for the word W0, 1 for W1, else refused.  A
 * file without it leaves *OUT as the catalog set it.
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

/* How the file says the result is judged and which way is better. */
static int
result_how(const struct jin *j, struct json_object *o,
	   struct import_result *res)
{
	int judged = res->judged == MEASURE_JUDGED_PEAK;
	int lower = res->better == MEASURE_LOWER;
	struct json_object *v;
	int64_t copies = 1;

	/* Exports before schema version 5 do not say: one copy. */
	if (json_object_object_get_ex(o, "copies", &v) &&
	    get_int(j, o, "copies", 1, 1024, &copies) < 0)
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

/* The test the result names: in the catalog, with its number and units. */
static const struct catalog_test *
result_test(const struct jin *j, struct json_object *o)
{
	const char *name, *units;
	const struct catalog_test *t;
	int64_t number;

	if (get_text(j, o, "test", 0, &name) < 0 ||
	    get_text(j, o, "units", 0, &units) < 0 ||
	    get_int(j, o, "number", 0, 1000000, &number) < 0)
		return NULL;
	t = import_test(name, strlen(name));
	if (t == NULL)
		(void)bad(j, "test", "not a test of this aimkit");
	else if (t->number != number || strcmp(t->units, units) != 0)
		(void)bad(j, "test", "number or units differ from the test's");
	else
		return t;
	return NULL;
}

static int
result(struct jin *j, struct json_object *o, struct import_report *r)
{
	const struct catalog_test *t;
	const char *status, *reason;
	int64_t rep, factor;
	struct import_result *res;
	struct json_object *samples;
	size_t len = strlen(j->where);

	if (!json_object_is_type(o, json_type_object))
		return bad(j, "results", "an element is not an object");
	if ((t = result_test(j, o)) == NULL ||
	    get_int(j, o, "rep", 1, IMPORT_REP_MAX, &rep) < 0 ||
	    get_int(j, o, "factor", 1, IMPORT_FACTOR_MAX, &factor) < 0 ||
	    get_text(j, o, "status", 0, &status) < 0 ||
	    get_text(j, o, "reason", 1, &reason) < 0 ||
	    (samples = get_kind(j, o, "samples", json_type_array,
				IMPORT_SEQ_MAX)) == NULL)
		return -1;
	if (!status_ok(status))
		return bad(j, "status", "not ok, skip, fail, timeout or crash");
	if (import_find_result(r, t->name, (int)rep) != NULL)
		return bad(j, "rep", "the test's repetition is given twice");
	/* json-c gives no positions: the document is line 1. */
	res = import_add_result(r, t, status, 1);
	res->rep = (int)rep;
	res->factor = (unsigned long)factor;
	res->reason = reason != NULL ? xstrdup(reason) : NULL;
	if (result_how(j, o, res) < 0 ||
	    import_json_result_identity(j, o, r, res) < 0)
		return -1;
	for (size_t k = 0; k < json_object_array_length(samples); k++) {
		snprintf(j->where + len, sizeof(j->where) - len,
			 ".samples[%zu]", k);
		if (sample(j, json_object_array_get_idx(samples, k), k,
			   res) < 0)
			return -1;
	}
	j->where[len] = '\0';
	return 0;
}

/* The facts of a run: names as aimkit writes them, values printable. */
static int
env(const struct jin *j, struct json_object *o, struct import_report *r)
{
	struct json_object *obj = get_kind(j, o, "env", json_type_object, 0);

	if (obj == NULL)
		return -1;
	if (json_object_object_length(obj) > JSON_FACTS_MAX)
		return bad(j, "env", "more than 256 facts");
	json_object_object_foreach(obj, key, v) {
		size_t len = strlen(key);

		if (len == 0 || len > JSON_KEY_MAX ||
		    strspn(key, "abcdefghijklmnopqrstuvwxyz"
				"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") != len)
			return bad(j, "env",
				   "a name is not 1 to 64 letters, digits and ._-");
		if (!json_object_is_type(v, json_type_string) ||
		    !text_ok(v, JSON_TEXT_MAX))
			return bad(j, key,
				   "not a string of at most 16384 bytes of printable text");
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
	char why[256];
	int64_t id;
	size_t len = strlen(j->where);

	if (!json_object_is_type(o, json_type_object))
		return bad(j, "runs", "an element is not an object");
	/* Row ids are the exporting database's: older exports have them. */
	id = 0;
	if ((json_object_object_get_ex(o, "id", NULL) &&
	     get_int(j, o, "id", 1, IMPORT_RUN_MAX, &id) < 0) ||
	    get_text(j, o, "tag", 0, &tag) < 0 ||
	    get_text(j, o, "host", 1, &host) < 0 ||
	    (results = get_kind(j, o, "results", json_type_array,
				IMPORT_LINES_MAX)) == NULL)
		return -1;
	if (tag_check(tag, why, sizeof(why)) < 0)
		return bad(j, "tag", why);
	for (size_t i = 0; i < f->n_reports && id > 0; i++)
		if (f->reports[i].source_run == id)
			return bad(j, "id", "given to two runs");
	r = import_add_report(f, 0);
	r->title = xstrdup(tag);
	r->host = host != NULL ? xstrdup(host) : NULL;
	r->source_run = id;
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

int
import_json_doc(const char *name, struct json_object *doc,
		struct import_file *f)
{
	struct jin j = { .name = name };

	return runs(&j, doc, f);
}

static int
import_json(const struct import_lines *l, struct import_file *f)
{
	struct json_object *doc = parse(l);
	int rc;

	if (doc == NULL)
		return -1;
	rc = import_json_doc(l->name, doc, f);
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
		 int nullable, const char **out)
{
	return get_text(j, o, key, nullable, out);
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
