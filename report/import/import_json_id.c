// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What makes a run of the JSON export the same run when imported: its
 * uuid, times, status and provenance (source, file, content hash), and
 * each result's own time, warm-up and source line; a sample's metrics
 * with its histogram; and a result's kernel's monitors and log lines.  The forms are checked by record_check
 * (lib/core/record.h), so exporting the copy gives the same document.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "import_int.h"
#include "import_json.h"
#include "xalloc.h"

int
import_json_identity(struct jin *j, struct json_object *o,
		     const struct import_file *f, struct import_report *r)
{
	struct record_run *run = &r->run;

	if (!json_object_object_get_ex(o, "uuid", NULL))
		return 0;
	r->copy = 1;
	if (import_json_text(j, o, "uuid", 0, r, &run->uuid) < 0 ||
	    import_json_text(j, o, "started_utc", 0, r, &run->started_utc) < 0 ||
	    import_json_text(j, o, "ended_utc", 1, r, &run->ended_utc) < 0 ||
	    import_json_text(j, o, "status", 0, r, &run->status) < 0 ||
	    import_json_text(j, o, "suite", 0, r, &run->suite) < 0 ||
	    import_json_text(j, o, "options", 0, r, &run->options) < 0 ||
	    import_json_text(j, o, "source", 0, r, &run->source) < 0 ||
	    import_json_text(j, o, "source_file", 1, r,
			     &run->source_file) < 0 ||
	    import_json_text(j, o, "aim_version", 0, r,
			     &run->aim_version) < 0)
		return -1;
	/* Exports before this aimkit carry no content hash. */
	if (json_object_object_get_ex(o, "sha256", NULL) &&
	    import_json_text(j, o, "sha256", 1, r, &run->sha256) < 0)
		return -1;
	for (size_t i = 0; i < f->n_reports; i++) {
		const char *u = f->reports[i].run.uuid;

		if (&f->reports[i] != r && u != NULL &&
		    strcmp(u, run->uuid) == 0)
			return import_json_bad(j, "uuid", "given to two runs");
	}
	return 0;
}

/* Member KEY as null (-1) or a count up to RECORD_VALUE_MAX. */
static int
get_count(const struct jin *j, struct json_object *o, const char *key,
	  int64_t *out)
{
	struct json_object *v;

	*out = -1;
	if (json_object_object_get_ex(o, key, &v) && v == NULL)
		return 0;
	return import_json_int(j, o, key, 0, RECORD_VALUE_MAX, out);
}

int
import_json_result_identity(struct jin *j, struct json_object *o,
			    struct import_report *r, struct record_result *res)
{
	int64_t line;

	if (!r->copy)
		return 0;
	if (import_json_text(j, o, "finished_utc", 0, r,
			     &res->finished_utc) < 0 ||
	    get_count(j, o, "warmup_calls", &res->warmup_calls) < 0 ||
	    get_count(j, o, "warmup_ns", &res->warmup_ns) < 0 ||
	    import_json_int(j, o, "source_line", 0, IMPORT_LINES_MAX,
			    &line) < 0)
		return -1;
	res->source_line = (int)line;
	return 0;
}

/* [[bound, count], ...]: the histogram of S, owned by R's run. */
static int
buckets(const struct jin *j, const char *key, struct json_object *arr,
	struct import_report *r, struct measure_sample *s)
{
	size_t n = json_object_array_length(arr);
	struct measure_hist *h;

	if (n > MEASURE_HIST_MAX)
		return import_json_bad(j, key, "more buckets than a histogram holds");
	h = record_add_hist(&r->run, s);
	for (size_t i = 0; i < n; i++) {
		struct json_object *p = json_object_array_get_idx(arr, i);
		struct json_object *b, *c;

		if (!json_object_is_type(p, json_type_array) ||
		    json_object_array_length(p) != 2 ||
		    !json_object_is_type(b = json_object_array_get_idx(p, 0),
					 json_type_int) ||
		    !json_object_is_type(c = json_object_array_get_idx(p, 1),
					 json_type_int) ||
		    json_object_get_int64(b) < 1 || json_object_get_int64(c) < 0 ||
		    json_object_get_int64(b) > RECORD_METRIC_MAX ||
		    json_object_get_int64(c) > RECORD_METRIC_MAX)
			return import_json_bad(j, key,
					       "a bucket is not [bound, count] of 1 to 18 digits");
		h->b[i].bound = json_object_get_int64(b);
		h->b[i].count = json_object_get_int64(c);
	}
	h->n = (int32_t)n;
	return 0;
}

int
import_json_metrics(const struct jin *j, struct json_object *o,
		    struct import_report *r, struct measure_sample *s)
{
	struct json_object *obj;

	if (!json_object_object_get_ex(o, "metrics", &obj) ||
	    !json_object_is_type(obj, json_type_object))
		return import_json_bad(j, "metrics", "missing or not an object");
	json_object_object_foreach(obj, key, v) {
		int id = measure_lookup(key, strlen(key));
		int64_t x;

		if (id < 0)
			return import_json_bad(j, "metrics", "unknown metric");
		if (measure_def((enum measure_id)id)->kind == MEASURE_BUCKET) {
			if (!json_object_is_type(v, json_type_array) ||
			    s->hist != NULL)
				return import_json_bad(j, key,
						       "not an array of buckets");
			if (buckets(j, key, v, r, s) < 0)
				return -1;
			continue;
		}
		if (!json_object_is_type(v, json_type_int))
			return import_json_bad(j, key, "not an integer");
		x = json_object_get_int64(v);
		if (x < 0 || x > RECORD_METRIC_MAX)
			return import_json_bad(j, key, "out of range");
		measure_set(&s->m, (enum measure_id)id, x);
	}
	return 0;
}

/* Line K of "kernel_log", O, into a new line of RES. */
static int
klog_line(struct jin *j, struct json_object *o, size_t k,
	  struct record_result *res)
{
	size_t len = strlen(j->where);
	struct json_object *t;
	struct klog_line *l;
	int64_t level, facility, usec;
	const char *s;

	snprintf(j->where + len, sizeof(j->where) - len, ".kernel_log[%zu]", k);
	if (!json_object_is_type(o, json_type_object))
		return import_json_bad(j, "kernel_log",
				       "an element is not an object");
	if (import_json_int(j, o, "level", 0, 7, &level) < 0 ||
	    import_json_int(j, o, "facility", 0, KLOG_FACILITY_MAX,
			    &facility) < 0 ||
	    import_json_int(j, o, "usec", 0, KLOG_USEC_MAX, &usec) < 0)
		return -1;
	if (!json_object_object_get_ex(o, "text", &t) ||
	    !json_object_is_type(t, json_type_string))
		return import_json_bad(j, "text", "missing or not a string");
	s = json_object_get_string(t);
	if (strlen(s) != (size_t)json_object_get_string_len(t) ||
	    strlen(s) == 0 || strlen(s) >= KLOG_TEXT_MAX)
		return import_json_bad(j, "text",
				       "not 1 to 511 bytes without NUL");
	l = record_add_klog(res);
	l->level = (int)level;
	l->facility = (int)facility;
	l->usec = usec;
	memcpy(l->text, s, strlen(s) + 1);
	j->where[len] = '\0';
	return 0;
}

int
import_json_kernel(struct jin *j, struct json_object *o,
		   struct record_result *res)
{
	struct json_object *m, *log;
	struct monitor_val *mv;

	if (json_object_object_get_ex(o, "monitors", &m)) {
		if (!json_object_is_type(m, json_type_object) ||
		    json_object_object_length(m) > MONITOR_VALUES_MAX)
			return import_json_bad(j, "monitors",
					       "not an object of at most 4096 members");
		json_object_object_foreach(m, key, v) {
			if (!monitor_name_valid(key, strlen(key)) ||
			    !json_object_is_type(v, json_type_int))
				return import_json_bad(j, "monitors",
						       "not a name a reading makes, or a value not an integer");
			mv = record_add_monitor(res);
			memcpy(mv->name, key, strlen(key) + 1);
			mv->value = json_object_get_int64(v);
		}
		/* A document's members come in any order; names are unique. */
		res->n_monitors = monitor_unique(res->monitors, res->n_monitors);
	}
	if (!json_object_object_get_ex(o, "kernel_log", &log))
		return 0;
	if (!json_object_is_type(log, json_type_array) ||
	    json_object_array_length(log) > KLOG_LINES_MAX)
		return import_json_bad(j, "kernel_log",
				       "not an array of at most 100 lines");
	for (size_t k = 0; k < json_object_array_length(log); k++)
		if (klog_line(j, json_object_array_get_idx(log, k), k, res) < 0)
			return -1;
	return 0;
}
