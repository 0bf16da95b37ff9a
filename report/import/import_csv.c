// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimkit's own CSV export read back: one record per sample (or per result
 * without samples), grouped again into runs, results and samples, and
 * into the environment of each run (records with env_key set).  A file
 * of this version's 41 columns carries each run whole, as the JSON
 * export does: the run's own record first, each result's own columns on
 * its records, a record per histogram bucket after its sample, per
 * monitor and kernel log line after its samples (import_csv_id.c).  A
 * file of 35 columns has no monitors nor log lines, one of 20 the run's
 * uuid and results' judged, better and copies only, one of 16 neither,
 * one of 13 no environment.  libcsv
 * parses; an empty unquoted field is NULL, "" is an empty string.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <csv.h>

#include "catalog.h"
#include "import_csv.h"
#include "tag.h"
#include "xalloc.h"

const char *const import_csv_columns[IMPORT_CSV_COLUMNS] = {
	"tag", "run_id", "number", "test", "rep", "seq", "status", "reason",
	"calls", "elapsed_ns", "factor", "units", "printed_ops", "env_key",
	"env_value", "metrics", "uuid", "judged", "better", "copies",
	"suite", "options", "started_utc", "ended_utc", "run_status",
	"source", "source_file", "sha256", "aim_version", "host",
	"finished_utc", "warmup_calls", "warmup_ns", "source_line", "bound",
	"monitor", "value", "log_level", "log_facility", "log_usec", "log_text",
};

struct report_key {
	const struct csvin *c;
	const char *tag;
	int64_t run;
};

struct result_key {
	const struct csvin *c;
	size_t report;
	const char *test;
	int rep;
};

static void
clear_fields(struct csvin *c)
{
	for (size_t i = 0; i < c->n_fields && i <= COL_COUNT; i++) {
		free(c->field[i]);
		c->field[i] = NULL;
	}
	c->n_fields = 0;
}

static void
on_field(void *s, size_t len, void *data)
{
	struct csvin *c = data;

	if (c->n_fields == 0)
		c->rec_line = c->line;
	if (c->n_fields <= COL_COUNT)
		c->field[c->n_fields] = s != NULL ? xasprintf("%.*s", (int)len,
							      (char *)s) : NULL;
	c->n_fields++;
}

static int
same_text(const char *a, const char *b)
{
	return (a == NULL && b == NULL) ||
	       (a != NULL && b != NULL && strcmp(a, b) == 0);
}

static int
same_report(size_t pos, const void *key)
{
	const struct report_key *k = key;
	const struct import_report *r = &k->c->f->reports[pos];

	return r->source_run == k->run && strcmp(r->title, k->tag) == 0;
}

/* The report of (tag, run_id), created on first sight. */
static struct import_report *
report_for(struct csvin *c, int64_t run)
{
	struct report_key k = { c, c->field[COL_TAG], run };
	uint64_t h = import_index_hash(&c->by_report, k.tag, strlen(k.tag),
				       run, 0);
	size_t pos = import_index_find(&c->by_report, h, same_report, &k);
	struct import_report *r;

	if (pos != IMPORT_INDEX_NONE)
		return &c->f->reports[pos];
	import_index_add(&c->by_report, h, c->f->n_reports);
	r = import_add_report(c->f, c->rec_line);
	r->title = xstrdup(k.tag);
	r->source_run = run;
	return r;
}

static int
same_result(size_t pos, const void *key)
{
	const struct result_key *k = key;
	const struct res_at *at = &k->c->res_at[pos];
	const struct record_result *res;

	if (at->report != k->report)
		return 0;
	res = &k->c->f->reports[at->report].run.results[at->result];
	return res->rep == k->rep && strcmp(res->test, k->test) == 0;
}

static uint64_t
result_hash(const struct csvin *c, const struct result_key *k)
{
	return import_index_hash(&c->by_result, k->test, strlen(k->test),
				 (int64_t)k->report, k->rep);
}

/* The result of test TEST, rep REP, already in report R, or NULL. */
static struct record_result *
find_result(const struct csvin *c, const struct import_report *r,
	    const char *test, int rep)
{
	struct result_key k = { c, (size_t)(r - c->f->reports), test, rep };
	size_t pos = import_index_find(&c->by_result, result_hash(c, &k),
				       same_result, &k);

	if (pos == IMPORT_INDEX_NONE)
		return NULL;
	return &r->run.results[c->res_at[pos].result];
}

/*
 * A new result of test NAME, rep REP, in report R, indexed: with the
 * catalog's facts of T in the older files, which do not say how it is
 * judged (T is then known), else as the record says.
 */
static struct record_result *
add_result(struct csvin *c, struct import_report *r,
	   const struct catalog_test *t, int64_t number, int rep)
{
	const char *name = c->field[COL_TEST];
	struct result_key k = { c, (size_t)(r - c->f->reports), name, rep };
	struct record_result *res;

	c->res_at = import_grow(c->res_at, c->n_res_at, sizeof(*c->res_at));
	c->res_at[c->n_res_at] = (struct res_at){ k.report, r->run.n_results };
	if (c->n_cols < COL_COUNT_JUDGED) {
		res = import_add_result(r, t, c->field[COL_STATUS], c->rec_line);
	} else {
		res = record_add_result(&r->run);
		res->number = (int)number;
		res->test = record_strdup(&r->run, name);
		res->units = record_strdup(&r->run, c->field[COL_UNITS]);
		res->status = record_strdup(&r->run, c->field[COL_STATUS]);
		res->source_line = (int)c->rec_line;
	}
	/* The name is the result's own now: the index keys on it. */
	k.test = res->test;
	import_index_add(&c->by_result, result_hash(c, &k), c->n_res_at++);
	res->rep = rep;
	return res;
}

/*
 * The test of this record: in the older files a test of the catalog,
 * with its number and units; from the 20 columns on, any, as stored.
 */
static int
check_test(const struct csvin *c, const struct catalog_test **t,
	   int64_t *number)
{
	const char *name = c->field[COL_TEST];
	int64_t factor;

	*t = name != NULL ? catalog_find(name) : NULL;
	if (name == NULL || c->field[COL_UNITS] == NULL ||
	    c->field[COL_STATUS] == NULL)
		return import_error(c->l->name, c->rec_line,
				    "a result's record needs test, units and status");
	if (import_csv_count(c, COL_NUMBER, 0, RECORD_NUMBER_MAX, number) < 0 ||
	    import_csv_count(c, COL_FACTOR, 1, RECORD_VALUE_MAX, &factor) < 0)
		return -1;
	if (c->n_cols >= COL_COUNT_JUDGED)
		return 0;
	if (*t == NULL)
		return import_error(c->l->name, c->rec_line,
				    "unknown test \"%s\"", name);
	if (*number != (*t)->number)
		return import_error(c->l->name, c->rec_line,
				    "%s is test number %d, not %lld", name,
				    (*t)->number, (long long)*number);
	if (!same_text(c->field[COL_UNITS], (*t)->units))
		return import_error(c->l->name, c->rec_line,
				    "%s: units \"%s\", expected \"%s\"", name,
				    c->field[COL_UNITS], (*t)->units);
	return 0;
}

/* The same facts as the result's first record, else an error. */
static int
same_result_facts(const struct csvin *c, const struct record_result *res,
		  int64_t number, int64_t factor)
{
	if (strcmp(res->status, c->field[COL_STATUS]) != 0 ||
	    !same_text(res->reason, c->field[COL_REASON]) ||
	    res->factor != (unsigned long)factor || res->number != number ||
	    strcmp(res->units, c->field[COL_UNITS]) != 0)
		return import_error(c->l->name, c->rec_line,
				    "%s rep %d: status, reason, number, units or factor differ from its first record",
				    res->test, res->rep);
	if (res->n_samples == 0)
		return import_error(c->l->name, c->rec_line,
				    "%s rep %d: already given without samples",
				    res->test, res->rep);
	return 0;
}

/* The result of this record: new, or the same one as earlier records. */
static int
result_for(struct csvin *c, struct import_report *r,
	   const struct catalog_test *t, int64_t number, int64_t rep,
	   struct record_result **out)
{
	struct record_result *res = find_result(c, r, c->field[COL_TEST],
						(int)rep);
	int64_t factor;
	int fresh = res == NULL;

	/* Checked before. */
	(void)import_csv_count(c, COL_FACTOR, 1, RECORD_VALUE_MAX, &factor);
	if (res == NULL) {
		res = add_result(c, r, t, number, (int)rep);
		res->factor = (unsigned long)factor;
		res->reason = record_strdup(&r->run, c->field[COL_REASON]);
	} else if (same_result_facts(c, res, number, factor) < 0) {
		return -1;
	}
	if (c->n_cols >= COL_COUNT_JUDGED &&
	    import_csv_judging(c->l->name, c->rec_line, &c->field[COL_JUDGED],
			       fresh, res) < 0)
		return -1;
	if (c->n_cols >= COL_COUNT_HIST &&
	    import_csv_result_id(c, r, res, fresh) < 0)
		return -1;
	*out = res;
	return 0;
}

static int
add_sample(struct csvin *c, struct record_result *res)
{
	struct measure_sample s;
	const char *p = c->field[COL_PRINTED];
	char why[80];
	int64_t seq;

	measure_init(&s, 0);
	if (import_csv_count(c, COL_SEQ, 1, RECORD_SAMPLES_MAX, &seq) < 0 ||
	    import_csv_count(c, COL_CALLS, 0, RECORD_VALUE_MAX, &s.calls) < 0 ||
	    import_csv_count(c, COL_ELAPSED, 0, RECORD_VALUE_MAX,
			     &s.elapsed_ns) < 0)
		return -1;
	if (seq != (int64_t)res->n_samples + 1)
		return import_error(c->l->name, c->rec_line,
				    "%s rep %d: sample %lld out of order",
				    res->test, res->rep, (long long)seq);
	if (p != NULL) {
		if (import_number(p, strlen(p), &s.printed_ops) < 0)
			return import_error(c->l->name, c->rec_line,
					    "printed_ops: not a number: \"%s\"", p);
		if (import_value(c->l->name, c->rec_line, NULL, "printed_ops:",
				 s.printed_ops) < 0)
			return -1;
	}
	if (c->field[COL_METRICS] != NULL &&
	    measure_parse(c->field[COL_METRICS], &s.m, why, sizeof(why)) < 0)
		return import_error(c->l->name, c->rec_line, "metrics: %s", why);
	return import_add_sample(c->l->name, c->rec_line, res, &s);
}

/* tag,run_id,,,...,env_key,env_value: one fact of the run's environment. */
static int
env_record(struct csvin *c, int64_t run)
{
	const char *key = c->field[COL_ENV_KEY], *value = c->field[COL_ENV_VALUE];
	struct import_report *r;

	if (import_csv_empty(c, COL_NUMBER, COL_ENV_KEY, COL_COUNT,
			     "an environment record") < 0 ||
	    import_csv_empty(c, COL_METRICS, COL_COUNT, COL_UUID,
			     "an environment record") < 0 ||
	    import_csv_fact(c->l->name, c->rec_line, key, value) < 0)
		return -1;
	r = report_for(c, run);
	if (record_env(&r->run, key) != NULL)
		return import_error(c->l->name, c->rec_line,
				    "env_key %s given twice for run %lld",
				    key, (long long)run);
	import_add_env(r, key, value);
	return 0;
}

static int
result_record(struct csvin *c, int64_t run)
{
	const struct catalog_test *t;
	struct import_report *r;
	struct record_result *res = NULL;
	int64_t rep, number;
	int no_sample = c->field[COL_SEQ] == NULL;

	if (import_csv_count(c, COL_REP, 1, RECORD_REP_MAX, &rep) < 0 ||
	    check_test(c, &t, &number) < 0)
		return -1;
	if (no_sample && (c->field[COL_CALLS] || c->field[COL_ELAPSED] ||
			  c->field[COL_PRINTED] || c->field[COL_METRICS]))
		return import_error(c->l->name, c->rec_line,
				    "a record without seq must have no calls, elapsed_ns, printed_ops or metrics");
	if (c->n_cols >= COL_COUNT_ENV && c->field[COL_ENV_VALUE] != NULL)
		return import_error(c->l->name, c->rec_line,
				    "env_value without env_key");
	if (import_csv_empty(c, COL_SUITE, COL_FINISHED, COL_COUNT,
			     "a result's record") < 0 ||
	    import_csv_empty(c, COL_MONITOR, COL_COUNT, COL_COUNT,
			     "a result's record") < 0)
		return -1;
	r = report_for(c, run);
	if (no_sample && find_result(c, r, c->field[COL_TEST], (int)rep) != NULL)
		return import_error(c->l->name, c->rec_line,
				    "%s rep %lld given twice", c->field[COL_TEST],
				    (long long)rep);
	if (result_for(c, r, t, number, rep, &res) < 0)
		return -1;
	return no_sample ? 0 : add_sample(c, res);
}

/*
 * A record of a result given before it (a bucket of a histogram after
 * its sample, a monitor or log line after the samples), READ into it.
 */
static int
part_record(struct csvin *c, int64_t run,
	    int (*read)(const struct csvin *, struct import_report *,
			struct record_result *))
{
	struct import_report *r = report_for(c, run);
	struct record_result *res;
	int64_t rep;

	if (c->field[COL_TEST] == NULL ||
	    import_csv_count(c, COL_REP, 1, RECORD_REP_MAX, &rep) < 0)
		return -1;
	res = find_result(c, r, c->field[COL_TEST], (int)rep);
	if (res == NULL)
		return import_error(c->l->name, c->rec_line,
				    "a bucket, monitor or log line before its result");
	return read(c, r, res);
}

static int
data_record(struct csvin *c)
{
	int64_t run;

	if (c->field[COL_TAG] == NULL || c->field[COL_TAG][0] == '\0')
		return import_error(c->l->name, c->rec_line, "empty tag");
	if (import_csv_count(c, COL_RUN, 1, IMPORT_RUN_MAX, &run) < 0 ||
	    (c->n_cols >= COL_COUNT_JUDGED &&
	     import_csv_uuid(c->l->name, c->rec_line, c->field[COL_UUID], c->f,
			     report_for(c, run), &c->by_uuid) < 0))
		return -1;
	if (c->n_cols >= COL_COUNT_ENV && c->field[COL_ENV_KEY] != NULL)
		return env_record(c, run);
	if (c->n_cols >= COL_COUNT_HIST && c->field[COL_BOUND] != NULL)
		return part_record(c, run, import_csv_bucket);
	if (c->n_cols == COL_COUNT && (c->field[COL_MONITOR] != NULL ||
				       c->field[COL_LOG_TEXT] != NULL))
		return part_record(c, run, import_csv_kernel);
	if (c->n_cols >= COL_COUNT_HIST && c->field[COL_TEST] == NULL)
		return import_csv_run(c, report_for(c, run));
	if (c->n_cols >= COL_COUNT_HIST && !report_for(c, run)->copy)
		return import_error(c->l->name, c->rec_line,
				    "run %lld: a result before the run's own record",
				    (long long)run);
	return result_record(c, run);
}

static int
header_record(struct csvin *c)
{
	c->n_cols = c->n_fields <= COL_COUNT ? c->n_fields : 0;
	for (size_t i = 0; i < c->n_cols; i++)
		if (!same_text(c->field[i], import_csv_columns[i]))
			c->n_cols = 0;
	if (c->n_cols != COL_COUNT && c->n_cols != COL_COUNT_HIST &&
	    c->n_cols != COL_COUNT_JUDGED &&
	    c->n_cols != COL_COUNT_METRICS && c->n_cols != COL_COUNT_ENV &&
	    c->n_cols != COL_COUNT_OLD)
		return import_error(c->l->name, c->rec_line,
				    "not an aimkit CSV export: the header must be that of aimdb export (doc/schema.md), or of an older one: up to bound, copies, metrics, env_value or printed_ops");
	return 0;
}

static int
record(struct csvin *c)
{
	if (c->n_records++ == 0)
		return header_record(c);
	if (c->n_fields != c->n_cols)
		return import_error(c->l->name, c->rec_line,
				    "expected %zu fields, found %zu", c->n_cols,
				    c->n_fields);
	return data_record(c);
}

static void
on_record(int term, void *data)
{
	struct csvin *c = data;

	(void)term;
	if (!c->failed && record(c) < 0)
		c->failed = 1;
	clear_fields(c);
}

static int
parse_all(struct csvin *c, struct csv_parser *p)
{
	for (size_t i = 0; i < c->l->n && !c->failed; i++) {
		const char *s = c->l->text[i];
		size_t len = strlen(s);

		c->line = i + 1;
		if (csv_parse(p, s, len, on_field, on_record, c) != len ||
		    csv_parse(p, "\n", 1, on_field, on_record, c) != 1)
			return import_error(c->l->name, c->line, "CSV: %s",
					    csv_strerror(csv_error(p)));
	}
	if (!c->failed && csv_fini(p, on_field, on_record, c) != 0)
		return import_error(c->l->name, c->line, "CSV: %s",
				    csv_strerror(csv_error(p)));
	return c->failed ? -1 : 0;
}

static int
import_csv(const struct import_lines *l, struct import_file *f)
{
	struct csvin c = { .l = l, .f = f };
	struct csv_parser p;
	int rc;

	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL |
				 CSV_EMPTY_IS_NULL) != 0)
		return import_error(l->name, 0, "out of memory");
	import_index_init(&c.by_report);
	import_index_init(&c.by_uuid);
	import_index_init(&c.by_result);
	rc = parse_all(&c, &p);
	csv_free(&p);
	clear_fields(&c);
	import_index_free(&c.by_report);
	import_index_free(&c.by_uuid);
	import_index_free(&c.by_result);
	free(c.res_at);
	if (rc == 0 && f->n_reports == 0)
		rc = import_error(l->name, l->n ? 1 : 0, "no results found");
	for (size_t i = 0; rc == 0 && i < f->n_reports; i++)
		if (f->reports[i].run.n_results == 0 && !f->reports[i].copy)
			rc = import_error(l->name, (size_t)f->reports[i].line,
					  "run %lld: an environment without results",
					  (long long)f->reports[i].source_run);
	return rc;
}

/* The export's header names its first columns. */
static int
is_csv(const struct import_lines *l)
{
	return l->n > 0 && strncmp(l->text[0], "tag,run_id,number,test,", 23) == 0;
}

const struct importer importer_csv = {
	.name = "csv",
	.detect = is_csv,
	.parse = import_csv,
	.own_tags = 1,
};
