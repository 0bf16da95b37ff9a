/*
 * Export of tags.  The CSV keeps what a comparison needs and reads back
 * into identical comparisons: each run's environment (records with only
 * tag, run_id, env_key and env_value), then its samples; a result without
 * samples (a failed test) is one record with empty seq, calls and
 * elapsed_ns; each sample's metrics follow the environment's fields, then
 * the run's uuid and the result's judged, better and copies (appended, so
 * readers by position of the older columns read on).  The JSON document
 * dumps every stored column, so it follows the schema as it grows, but
 * the row ids: a run is known by its uuid, and the document of a run
 * imported elsewhere is the same document.  A run of a file older than
 * uuids (schema 4) gets one derived from its content.
 */
#include "config.h"

#include "export.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "csvout.h"
#include "filehash.h"
#include "jsonout.h"
#include "log.h"
#include "query.h"
#include "query_admin.h"
#include "store.h"
#include "xalloc.h"

const char export_csv_header[] =
	"tag,run_id,number,test,rep,seq,status,reason,calls,elapsed_ns,"
	"factor,units,printed_ops,env_key,env_value,metrics,uuid,judged,better,"
	"copies";

static void
csv_prefix(FILE *f, const struct query_result *r, const char *tag)
{
	csvout_field(f, 1, tag);
	csvout_fieldf(f, 0, "%" PRId64, r->run_id);
	csvout_fieldf(f, 0, "%d", r->number);
	csvout_field(f, 0, r->test);
	csvout_fieldf(f, 0, "%d", r->rep);
}

static void
csv_suffix(FILE *f, const struct query_result *r)
{
	csvout_fieldf(f, 0, "%lu", r->factor);
	csvout_field(f, 0, r->units);
}

/*
 * After printed_ops: a sample or result record has no env_key, env_value;
 * then the metrics of a sample (lib/core/measure.h, measure_format), the run's
 * UUID (none before schema 4) and how R is judged, which way is better
 * and its copies, as the JSON export says them.
 */
static void
csv_end(FILE *f, const struct query_result *r, const char *uuid,
	const struct measure_metrics *m)
{
	char text[MEASURE_TEXT_MAX];

	csvout_field(f, 0, NULL);
	csvout_field(f, 0, NULL);
	csvout_field(f, 0, m != NULL && measure_format(m, text, sizeof(text)) > 0 ?
			   text : NULL);
	csvout_field(f, 0, uuid);
	csvout_field(f, 0, measure_judged_word(r->judged));
	csvout_field(f, 0, measure_better_word(r->better));
	csvout_fieldf(f, 0, "%d", r->copies > 0 ? r->copies : 1);
	csvout_end(f);
}

/*
 * The facts of RUN.  Its import.run_id is left out: the run_id column
 * says it, and the import that reads this file records its own.
 */
static void
csv_env(FILE *f, const struct query_run *run, const char *tag)
{
	for (size_t i = 0; i < run->n_env; i++) {
		if (strcmp(run->env[i].key, "import.run_id") == 0)
			continue;
		csvout_field(f, 1, tag);
		csvout_fieldf(f, 0, "%" PRId64, run->id);
		for (int k = 0; k < 11; k++)	/* number .. printed_ops */
			csvout_field(f, 0, NULL);
		csvout_field(f, 0, run->env[i].key);
		csvout_field(f, 0, run->env[i].value);
		csvout_field(f, 0, NULL);	/* metrics */
		csvout_field(f, 0, run->uuid);
		for (int k = 0; k < 3; k++)	/* judged, better, copies */
			csvout_field(f, 0, NULL);
		csvout_end(f);
	}
}

static void
csv_result(FILE *f, const struct query_result *r, const char *tag,
	   const char *uuid)
{
	char buf[32];

	if (r->n_samples == 0) {
		csv_prefix(f, r, tag);
		csvout_field(f, 0, NULL);
		csvout_field(f, 0, r->status);
		csvout_field(f, 0, r->reason);
		csvout_field(f, 0, NULL);
		csvout_field(f, 0, NULL);
		csv_suffix(f, r);
		csvout_field(f, 0, NULL);
		csv_end(f, r, uuid, NULL);
	}
	for (size_t j = 0; j < r->n_samples; j++) {
		const struct measure_sample *s = &r->samples[j];

		csv_prefix(f, r, tag);
		csvout_fieldf(f, 0, "%d", s->seq);
		csvout_field(f, 0, r->status);
		csvout_field(f, 0, r->reason);
		csvout_fieldf(f, 0, "%" PRId64, s->calls);
		csvout_fieldf(f, 0, "%" PRId64, s->elapsed_ns);
		csv_suffix(f, r);
		/* Shortest digits that read back as the stored double. */
		csvout_field(f, 0, s->printed_ops >= 0 ?
				   jsonout_shortest(s->printed_ops, buf,
						    sizeof(buf)) : NULL);
		csv_end(f, r, uuid, &s->m);
	}
}

/* Run K of T: its environment, then its results; nothing if none. */
static void
csv_run(FILE *f, const struct query_tag *t, size_t k, const char *tag)
{
	int env_done = 0;

	for (size_t j = 0; j < t->n_results; j++) {
		if (t->results[j].run_id != t->runs[k].id)
			continue;
		if (!env_done)
			csv_env(f, &t->runs[k], tag);
		env_done = 1;
		csv_result(f, &t->results[j], tag, t->runs[k].uuid);
	}
}

int
export_csv(FILE *f, struct db *db, char *const *tags, size_t n)
{
	fprintf(f, "%s\n", export_csv_header);
	for (size_t i = 0; i < n; i++) {
		struct query_tag t;

		if (query_tag_load(db, tags[i], NULL, 0, NULL, &t) < 0)
			return -1;
		/* By run, so that import recreates the runs in this order. */
		for (size_t k = 0; k < t.n_runs; k++)
			csv_run(f, &t, k, tags[i]);
		query_tag_free(&t);
	}
	/* Stream errors are sticky: one check covers every write above. */
	return fflush(f) != 0 || ferror(f) ? -2 : 0;
}

struct dump {
	struct db *db;
	struct json_object *out;	/* array or object being filled */
	struct query_result *res;	/* samples: their seq, for metrics */
	int ids;			/* keep each run's id (aimdb merge) */
};

/* The ids of the exporting database's rows, which a copy cannot keep. */
static int
is_row_id(const char *name)
{
	return strcmp(name, "id") == 0 || strcmp(name, "run_id") == 0 ||
	       strcmp(name, "result_id") == 0;
}

static struct json_object *
cell_json(const struct query_cell *c)
{
	switch (c->type) {
	case QUERY_INT:
		return jsonout_int(c->i);
	case QUERY_REAL:
		return jsonout_double(c->d);
	case QUERY_TEXT:
		return jsonout_string(c->s);
	case QUERY_NULL:
	default:
		return NULL;
	}
}

static struct json_object *
row_json(const struct query_cell *cells, size_t n, int64_t *id)
{
	struct json_object *o = jsonout_object();

	for (size_t i = 0; i < n; i++) {
		if (strcmp(cells[i].name, "id") == 0 && cells[i].type == QUERY_INT)
			*id = cells[i].i;
		if (!is_row_id(cells[i].name))
			jsonout_put(o, cells[i].name, cell_json(&cells[i]));
	}
	return o;
}

static int
on_sample(const struct query_cell *cells, size_t n, void *arg)
{
	struct dump *d = arg;
	struct query_result *r = d->res;
	struct measure_sample *s;
	int64_t id = 0;

	jsonout_push(d->out, row_json(cells, n, &id));
	r->samples = xrealloc(r->samples, (r->n_samples + 1) * sizeof(*s));
	s = &r->samples[r->n_samples++];
	measure_init(s, 0);
	for (size_t i = 0; i < n; i++)
		if (strcmp(cells[i].name, "seq") == 0 &&
		    cells[i].type == QUERY_INT && cells[i].i <= INT32_MAX &&
		    cells[i].i >= INT32_MIN)
			s->seq = (int32_t)cells[i].i;
	return 0;
}

/* Each sample's metrics as an object {"name": value}, in table order. */
static int
put_metrics(struct db *db, struct json_object *samples,
	    struct query_result *r)
{
	if (query_load_metrics(db, r, 1) < 0)
		return -1;
	for (size_t j = 0; j < r->n_samples; j++) {
		struct json_object *m = jsonout_object();
		struct json_object *o = jsonout_at(samples, j);
		int64_t v;

		for (int i = 0; i < MEASURE_COUNT; i++)
			if (measure_get(&r->samples[j].m, (enum measure_id)i, &v))
				jsonout_put(m, measure_def((enum measure_id)i)->name,
					    jsonout_int(v));
		if (o == NULL) {	/* never: one object per sample */
			jsonout_free(m);
			return -1;
		}
		jsonout_put(o, "metrics", m);
	}
	return 0;
}

static int
on_result(const struct query_cell *cells, size_t n, void *arg)
{
	struct dump *d = arg;
	int64_t id = 0;
	struct json_object *o = row_json(cells, n, &id);
	struct query_result r = { .id = id };
	struct dump sub = { d->db, jsonout_array(), &r, 0 };
	int rc;

	jsonout_put(o, "samples", sub.out);
	jsonout_push(d->out, o);
	rc = query_dump(d->db, QUERY_DUMP_SAMPLES, NULL, id, on_sample, &sub);
	if (rc == 0)
		rc = put_metrics(d->db, sub.out, &r);
	free(r.samples);
	return rc;
}

static int
on_env(const struct query_cell *cells, size_t n, void *arg)
{
	struct dump *d = arg;
	const char *key = NULL;
	struct json_object *val = NULL;

	for (size_t i = 0; i < n; i++) {
		if (strcmp(cells[i].name, "key") == 0)
			key = cells[i].s;
		else if (strcmp(cells[i].name, "value") == 0)
			val = cell_json(&cells[i]);
	}
	if (key != NULL)
		jsonout_put(d->out, key, val);
	return 0;
}

/*
 * A run stored before runs had a uuid: one from the SHA-256 of its id in
 * the file and all it holds (RFC 9562 version 8), the same for every
 * export and merge of the file, where a later file's uuid column is.  The
 * id keeps two runs of the same content (imported twice with --again in
 * one second) two runs.
 */
static void
put_derived_uuid(struct json_object *run, int64_t id, struct json_object *env,
		 struct json_object *res)
{
	struct json_object *parts[] = { run, env, res };
	char hex[FILEHASH_HEX_LEN + 1], uuid[37];
	struct filehash h;
	int v;

	filehash_init(&h);
	snprintf(uuid, sizeof(uuid), "%" PRId64, id);
	filehash_update(&h, uuid, strlen(uuid) + 1);
	for (size_t i = 0; i < 3; i++) {
		const char *text = json_object_to_json_string_ext(
			parts[i], JSON_C_TO_STRING_PLAIN);

		if (text == NULL)
			aim_die(2, "out of memory");
		filehash_update(&h, text, strlen(text) + 1);
	}
	filehash_hex(&h, hex);
	v = hex[16] <= '9' ? hex[16] - '0' : hex[16] - 'a' + 10;
	hex[12] = '8';		/* the version, then the variant */
	hex[16] = "89ab"[v & 3];
	snprintf(uuid, sizeof(uuid), "%.8s-%.4s-%.4s-%.4s-%.12s", hex, hex + 8,
		 hex + 12, hex + 16, hex + 20);
	jsonout_put(run, "uuid", jsonout_string(uuid));
}

static int
on_run(const struct query_cell *cells, size_t n, void *arg)
{
	struct dump *d = arg;
	int64_t id = 0;
	struct json_object *o = row_json(cells, n, &id), *uuid;
	struct dump env = { d->db, jsonout_object(), NULL, 0 };
	struct dump res = { d->db, jsonout_array(), NULL, 0 };
	int rc = query_dump(d->db, QUERY_DUMP_ENV, NULL, id, on_env, &env);

	if (rc == 0)
		rc = query_dump(d->db, QUERY_DUMP_RESULTS, NULL, id, on_result,
				&res);
	if (rc == 0 && (!json_object_object_get_ex(o, "uuid", &uuid) ||
			uuid == NULL))
		put_derived_uuid(o, id, env.out, res.out);
	jsonout_put(o, "env", env.out);
	jsonout_put(o, "results", res.out);
	if (d->ids)
		jsonout_put(o, "id", jsonout_int(id));
	jsonout_push(d->out, o);
	return rc != 0 ? -1 : 0;
}

struct json_object *
export_json_doc(struct db *db, char *const *tags, size_t n, int ids)
{
	struct json_object *doc = jsonout_object();
	struct dump runs = { db, jsonout_array(), NULL, ids };

	jsonout_put(doc, "aimkit_version", jsonout_string(PACKAGE_VERSION));
	jsonout_put(doc, "schema_version", jsonout_int(store_schema_version()));
	jsonout_put(doc, "runs", runs.out);
	for (size_t i = 0; i < n; i++) {
		if (query_dump(db, QUERY_DUMP_RUNS, tags[i], 0, on_run,
			       &runs) != 0) {
			jsonout_free(doc);
			return NULL;
		}
	}
	return doc;
}

int
export_json(FILE *f, struct db *db, char *const *tags, size_t n)
{
	struct json_object *doc = export_json_doc(db, tags, n, 0);

	if (doc == NULL)
		return -1;
	return jsonout_print(f, doc) < 0 ? -2 : 0;
}
