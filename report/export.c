// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Export of tags, one run at a time: read whole (query_run_load), checked
 * to move whole, written, released, so memory holds one run whatever the
 * database holds.  The JSON document is written as it grows: its head,
 * each run as an object of every fact of the record, the kernel's
 * monitors and log lines of its results too (no row ids: a run
 * is known by its uuid, and the document of a run imported elsewhere is
 * the same document), its tail.
 */
#include "config.h"

#include "export.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "jsonout.h"
#include "log.h"
#include "query.h"
#include "store.h"

int
export_whole(const struct record_run *run, size_t unread, char *err,
	     size_t errlen)
{
	if (record_check(run, err, errlen) < 0)
		return -1;
	if (unread > 0) {
		snprintf(err, errlen,
			 "run %s (tag %.64s): %zu stored rows no record of this aimkit holds (metrics it does not know)",
			 run->uuid, run->tag, unread);
		return -1;
	}
	return 0;
}

/* The metrics of S by name, a histogram as its [bound, count] pairs. */
static struct json_object *
metrics_json(const struct measure_sample *s)
{
	struct json_object *m = jsonout_object(), *h = NULL;
	struct measure_row row;

	for (int i = 0; measure_row(s, i, &row); i++) {
		if (row.name == NULL)
			continue;
		if (row.bound == 0) {
			jsonout_put(m, row.name, jsonout_int(row.value));
			continue;
		}
		if (h == NULL) {
			h = jsonout_array();
			jsonout_put(m, row.name, h);
		}
		struct json_object *pair = jsonout_array();

		jsonout_push(pair, jsonout_int(row.bound));
		jsonout_push(pair, jsonout_int(row.value));
		jsonout_push(h, pair);
	}
	return m;
}

static struct json_object *
sample_json(const struct measure_sample *s, size_t k)
{
	struct json_object *o = jsonout_object();

	jsonout_put(o, "seq", jsonout_int((int64_t)k + 1));
	jsonout_put(o, "calls", jsonout_int(s->calls));
	jsonout_put(o, "elapsed_ns", jsonout_int(s->elapsed_ns));
	jsonout_put(o, "printed_ops", s->printed_ops >= 0 ?
			       jsonout_double(s->printed_ops) : NULL);
	jsonout_put(o, "metrics", metrics_json(s));
	return o;
}

/* A count, or null when unknown. */
static struct json_object *
count_json(int64_t v)
{
	return v >= 0 ? jsonout_int(v) : NULL;
}

/*
 * The kernel's monitors of R as an object of their changes by name, and
 * its kernel log lines in order, each its level, facility, stamp, text.
 */
static void
kernel_json(struct json_object *o, const struct record_result *r)
{
	struct json_object *m = jsonout_object(), *log = jsonout_array();

	for (size_t i = 0; i < r->n_monitors; i++)
		jsonout_put(m, r->monitors[i].name,
			    jsonout_int(r->monitors[i].value));
	jsonout_put(o, "monitors", m);
	for (size_t i = 0; i < r->n_klog; i++) {
		struct json_object *l = jsonout_object();

		jsonout_put(l, "level", jsonout_int(r->klog[i].level));
		jsonout_put(l, "facility", jsonout_int(r->klog[i].facility));
		jsonout_put(l, "usec", jsonout_int(r->klog[i].usec));
		jsonout_put(l, "text", jsonout_string(r->klog[i].text));
		jsonout_push(log, l);
	}
	jsonout_put(o, "kernel_log", log);
}

static struct json_object *
result_json(const struct record_result *r)
{
	struct json_object *o = jsonout_object(), *samples = jsonout_array();

	jsonout_put(o, "number", jsonout_int(r->number));
	jsonout_put(o, "test", jsonout_string(r->test));
	jsonout_put(o, "rep", jsonout_int(r->rep));
	jsonout_put(o, "status", jsonout_string(r->status));
	jsonout_put(o, "reason", jsonout_string(r->reason));
	jsonout_put(o, "factor", jsonout_int((int64_t)r->factor));
	jsonout_put(o, "units", jsonout_string(r->units));
	jsonout_put(o, "finished_utc", jsonout_string(r->finished_utc));
	jsonout_put(o, "warmup_calls", count_json(r->warmup_calls));
	jsonout_put(o, "warmup_ns", count_json(r->warmup_ns));
	jsonout_put(o, "source_line", jsonout_int(r->source_line));
	jsonout_put(o, "judged", jsonout_string(measure_judged_word(r->judged)));
	jsonout_put(o, "better", jsonout_string(measure_better_word(r->better)));
	jsonout_put(o, "copies", jsonout_int(r->copies));
	for (size_t k = 0; k < r->n_samples; k++)
		jsonout_push(samples, sample_json(&r->samples[k], k));
	jsonout_put(o, "samples", samples);
	kernel_json(o, r);
	return o;
}

static struct json_object *
run_json(const struct record_run *run)
{
	struct json_object *o = jsonout_object(), *env = jsonout_object();
	struct json_object *results = jsonout_array();

	jsonout_put(o, "tag", jsonout_string(run->tag));
	jsonout_put(o, "suite", jsonout_string(run->suite));
	jsonout_put(o, "options", jsonout_string(run->options));
	jsonout_put(o, "started_utc", jsonout_string(run->started_utc));
	jsonout_put(o, "ended_utc", jsonout_string(run->ended_utc));
	jsonout_put(o, "status", jsonout_string(run->status));
	jsonout_put(o, "source", jsonout_string(run->source));
	jsonout_put(o, "source_file", jsonout_string(run->source_file));
	jsonout_put(o, "sha256", jsonout_string(run->sha256));
	jsonout_put(o, "aim_version", jsonout_string(run->aim_version));
	jsonout_put(o, "host", jsonout_string(run->host));
	jsonout_put(o, "uuid", jsonout_string(run->uuid));
	for (size_t i = 0; i < run->n_env; i++)
		jsonout_put(env, run->env[i].key,
			    jsonout_string(run->env[i].value));
	jsonout_put(o, "env", env);
	for (size_t i = 0; i < run->n_results; i++)
		jsonout_push(results, result_json(&run->results[i]));
	jsonout_put(o, "results", results);
	return o;
}

/* The document's head; each run then follows, then json_tail. */
static void
json_head(FILE *f)
{
	fprintf(f, "{\n  \"aimkit_version\": \"%s\",\n"
		   "  \"schema_version\": %d,\n  \"runs\": [", PACKAGE_VERSION,
		store_schema_version());
}

static void
json_tail(FILE *f, size_t n_runs)
{
	fputs(n_runs > 0 ? "\n  ]\n}\n" : " ]\n}\n", f);
}

/* Run RUN as an element of the runs array (K: its place). */
static int
json_run(FILE *f, const struct record_run *run, size_t k)
{
	struct json_object *o = run_json(run);

	fputs(k > 0 ? ",\n" : "\n", f);
	return jsonout_print_indented(f, o, 4);
}

/* Each run of TAG read, checked and written; *N counts them. */
static int
export_tag(FILE *f, enum export_format format, struct db *db,
	   const char *tag, int lossy, size_t *n)
{
	int64_t *ids;
	size_t n_ids;
	int rc = 0;

	if (query_run_ids(db, tag, &ids, &n_ids) < 0)
		return -1;
	for (size_t i = 0; i < n_ids && rc == 0; i++) {
		struct record_run run;
		size_t unread;
		char err[1200];
		int found = query_run_load(db, ids[i], QUERY_LOAD_HISTS |
					   QUERY_LOAD_MONITORS, &run, &unread);

		if (found < 0)
			rc = -1;
		if (found <= 0)
			continue;
		export_derive_uuid(&run);
		if (!lossy && export_whole(&run, unread, err, sizeof(err)) < 0) {
			aim_warn("export: %s: no import takes it back whole; --lossy writes it as well as %s can",
				 err, format == EXPORT_JSON ? "JSON" : "CSV");
			rc = -3;
		} else if (format == EXPORT_JSON) {
			rc = json_run(f, &run, (*n)++) < 0 ? -2 : 0;
		} else {
			export_csv_run(f, &run);
			(*n)++;
		}
		record_free(&run);
	}
	free(ids);
	return rc;
}

int
export_write(FILE *f, enum export_format format, struct db *db,
	     char *const *tags, size_t n, int lossy)
{
	size_t n_runs = 0;
	int rc = 0;

	if (format == EXPORT_JSON)
		json_head(f);
	else
		export_csv_header(f);
	for (size_t i = 0; i < n && rc == 0; i++)
		rc = export_tag(f, format, db, tags[i], lossy, &n_runs);
	if (rc != 0)
		return rc;
	if (format == EXPORT_JSON)
		json_tail(f, n_runs);
	/* Stream errors are sticky: one check covers every write above. */
	return fflush(f) != 0 || ferror(f) ? -2 : 0;
}
