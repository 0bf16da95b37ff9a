/*
 * aimkit's own CSV export read back: one record per sample (or per result
 * without samples), grouped again into runs, results and samples so that
 * export followed by import gives the same comparisons, and into the
 * environment of each run (records with env_key set), so that the
 * comparability gate sees the machine and build the results came from.
 * The run's uuid and each result's judged, better and copies come last:
 * the same run, judged the same (import_csv_id.c).  A file of the older
 * 16 columns has neither, one of 13 no environment.  libcsv parses; an
 * empty unquoted field is NULL, "" is an empty string.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <csv.h>

#include "import_index.h"
#include "import_int.h"
#include "tag.h"
#include "xalloc.h"

/* Most facts of a run's environment. */
#define ENV_FACTS_MAX 256

enum col {
	C_TAG, C_RUN, C_NUMBER, C_TEST, C_REP, C_SEQ, C_STATUS, C_REASON,
	C_CALLS, C_ELAPSED, C_FACTOR, C_UNITS, C_PRINTED, C_ENV_KEY,
	C_ENV_VALUE, C_METRICS, C_UUID, C_JUDGED, C_BETTER, C_COPIES, C_COUNT
};

/*
 * Older files end at metrics, at env_value, or without the environment
 * at printed_ops.
 */
#define C_COUNT_METRICS C_UUID
#define C_COUNT_ENV C_METRICS
#define C_COUNT_OLD C_ENV_KEY

static const char *const header[C_COUNT] = {
	"tag", "run_id", "number", "test", "rep", "seq", "status", "reason",
	"calls", "elapsed_ns", "factor", "units", "printed_ops", "env_key",
	"env_value", "metrics", "uuid", "judged", "better", "copies",
};

struct csvin {
	const struct import_lines *l;
	struct import_file *f;
	char *field[C_COUNT + 1];
	size_t n_fields;	/* may exceed C_COUNT: only counted then */
	size_t line;		/* line being fed */
	size_t rec_line;	/* line where the record started */
	size_t n_records;
	size_t n_cols;		/* of the header: C_COUNT or an older count */
	int failed;
	/* Reports by (tag, run id) and uuid; results by (report, test, rep). */
	struct import_index by_report, by_uuid, by_result;
	struct res_at *res_at;	/* what by_result positions stand for */
	size_t n_res_at;
};

struct res_at {
	size_t report, result;
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
	for (size_t i = 0; i < c->n_fields && i <= C_COUNT; i++) {
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
	if (c->n_fields <= C_COUNT)
		c->field[c->n_fields] = s != NULL ? xasprintf("%.*s", (int)len,
							      (char *)s) : NULL;
	c->n_fields++;
}

/* Field K as a whole number from MIN to MAX, else an error naming it. */
static int
field_count(const struct csvin *c, enum col k, int64_t min, int64_t max,
	    int64_t *out)
{
	const char *s = c->field[k];
	size_t len = s != NULL ? strlen(s) : 0;

	if (s == NULL || len == 0 || strspn(s, "0123456789") != len)
		return import_error(c->l->name, c->rec_line,
				    "%s: expected a whole number, found \"%s\"",
				    header[k], s != NULL ? s : "");
	/* More than 18 digits may not fit in int64: out of range anyway. */
	if (import_count(s, len, out) < 0 || *out < min || *out > max)
		return import_error(c->l->name, c->rec_line,
				    "%s: %s out of range (%lld to %lld)",
				    header[k], s, (long long)min,
				    (long long)max);
	return 0;
}

static int
same_text(const char *a, const char *b)
{
	return (a == NULL && b == NULL) ||
	       (a != NULL && b != NULL && strcmp(a, b) == 0);
}

static int
check_status(const struct csvin *c)
{
	static const char *const ok[] = { "ok", "skip", "fail", "timeout",
					  "crash" };
	const char *s = c->field[C_STATUS];

	for (size_t i = 0; s != NULL && i < sizeof(ok) / sizeof(ok[0]); i++)
		if (strcmp(s, ok[i]) == 0)
			return 0;
	return import_error(c->l->name, c->rec_line, "status: unknown \"%s\"",
			    s != NULL ? s : "");
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
	struct report_key k = { c, c->field[C_TAG], run };
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
	const struct import_result *res;

	if (at->report != k->report)
		return 0;
	res = &k->c->f->reports[at->report].results[at->result];
	return res->rep == k->rep && strcmp(res->test, k->test) == 0;
}

static uint64_t
result_hash(const struct csvin *c, const struct result_key *k)
{
	return import_index_hash(&c->by_result, k->test, strlen(k->test),
				 (int64_t)k->report, k->rep);
}

/* The result of test TEST, rep REP, already in report R, or NULL. */
static struct import_result *
find_result(const struct csvin *c, const struct import_report *r,
	    const char *test, int rep)
{
	struct result_key k = { c, (size_t)(r - c->f->reports), test, rep };
	size_t pos = import_index_find(&c->by_result, result_hash(c, &k),
				       same_result, &k);

	if (pos == IMPORT_INDEX_NONE)
		return NULL;
	return &r->results[c->res_at[pos].result];
}

/* A new result of T, rep REP, in report R, indexed. */
static struct import_result *
add_result(struct csvin *c, struct import_report *r,
	   const struct catalog_test *t, int rep)
{
	struct result_key k = { c, (size_t)(r - c->f->reports), t->name, rep };
	struct import_result *res;

	c->res_at = import_grow(c->res_at, c->n_res_at, sizeof(*c->res_at));
	c->res_at[c->n_res_at] = (struct res_at){ k.report, r->n_results };
	import_index_add(&c->by_result, result_hash(c, &k), c->n_res_at++);
	res = import_add_result(r, t, c->field[C_STATUS], c->rec_line);
	res->rep = rep;
	return res;
}

static int
check_test(const struct csvin *c, const struct catalog_test **t)
{
	const char *name = c->field[C_TEST];
	int64_t number, factor;

	*t = name != NULL ? catalog_find(name) : NULL;
	if (*t == NULL)
		return import_error(c->l->name, c->rec_line,
				    "unknown test \"%s\"", name ? name : "");
	if (field_count(c, C_NUMBER, 1, 1000, &number) < 0 ||
	    field_count(c, C_FACTOR, 1, IMPORT_FACTOR_MAX, &factor) < 0)
		return -1;
	if (number != (*t)->number)
		return import_error(c->l->name, c->rec_line,
				    "%s is test number %d, not %lld", name,
				    (*t)->number, (long long)number);
	if (!same_text(c->field[C_UNITS], (*t)->units))
		return import_error(c->l->name, c->rec_line,
				    "%s: units \"%s\", expected \"%s\"", name,
				    c->field[C_UNITS] ? c->field[C_UNITS] : "",
				    (*t)->units);
	return check_status(c);
}

/* The result of this record: new, or the same one as earlier records. */
static int
result_for(struct csvin *c, struct import_report *r, const struct catalog_test *t,
	   int64_t rep, struct import_result **out)
{
	struct import_result *res = find_result(c, r, t->name, (int)rep);
	int64_t factor;
	int fresh = res == NULL;

	/* Checked before. */
	(void)field_count(c, C_FACTOR, 1, IMPORT_FACTOR_MAX, &factor);
	if (res == NULL) {
		res = add_result(c, r, t, (int)rep);
		res->factor = (unsigned long)factor;
		res->reason = c->field[C_REASON] ? xstrdup(c->field[C_REASON])
						 : NULL;
	} else if (strcmp(res->status, c->field[C_STATUS]) != 0 ||
		   !same_text(res->reason, c->field[C_REASON]) ||
		   res->factor != (unsigned long)factor) {
		return import_error(c->l->name, c->rec_line,
				    "%s rep %lld: status, reason or factor differ from line %d",
				    t->name, (long long)rep, res->line);
	} else if (res->n_samples == 0) {
		return import_error(c->l->name, c->rec_line,
				    "%s rep %lld: already given without samples on line %d",
				    t->name, (long long)rep, res->line);
	}
	if (c->n_cols == C_COUNT &&
	    import_csv_judging(c->l->name, c->rec_line, &c->field[C_JUDGED],
			       fresh, res) < 0)
		return -1;
	*out = res;
	return 0;
}

static int
add_sample(struct csvin *c, struct import_result *res)
{
	struct import_sample s = { 0 };
	const char *p = c->field[C_PRINTED];
	char why[80];
	int64_t seq;

	if (field_count(c, C_SEQ, 1, IMPORT_SEQ_MAX, &seq) < 0 ||
	    field_count(c, C_CALLS, 0, (int64_t)IMPORT_VALUE_MAX,
			&s.calls) < 0 ||
	    field_count(c, C_ELAPSED, 0, (int64_t)IMPORT_VALUE_MAX,
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
		s.has_printed = 1;
	}
	if (c->field[C_METRICS] != NULL &&
	    measure_parse(c->field[C_METRICS], &s.m, why, sizeof(why)) < 0)
		return import_error(c->l->name, c->rec_line, "metrics: %s", why);
	if (s.elapsed_ns == 0 && !s.has_printed)
		return import_error(c->l->name, c->rec_line,
				    "%s rep %d: a sample of no time needs printed_ops",
				    res->test, res->rep);
	return import_add_sample(c->l->name, c->rec_line, res, &s);
}

/* tag,run_id,,,...,env_key,env_value: one fact of the run's environment. */
static int
env_record(struct csvin *c, int64_t run)
{
	const char *key = c->field[C_ENV_KEY], *value = c->field[C_ENV_VALUE];
	struct import_report *r;

	for (size_t k = C_NUMBER; k < C_COUNT; k++)
		if (k != C_ENV_KEY && k != C_ENV_VALUE && k != C_UUID &&
		    c->field[k] != NULL)
			return import_error(c->l->name, c->rec_line,
					    "an environment record must have no %s",
					    header[k]);
	if (import_csv_fact(c->l->name, c->rec_line, key, value) < 0)
		return -1;
	r = report_for(c, run);
	for (size_t i = 0; i < r->n_env; i++)
		if (strcmp(r->env[i].key, key) == 0)
			return import_error(c->l->name, c->rec_line,
					    "env_key %s given twice for run %lld",
					    key, (long long)run);
	if (r->n_env == ENV_FACTS_MAX)
		return import_error(c->l->name, c->rec_line,
				    "run %lld: more than %d environment records",
				    (long long)run, ENV_FACTS_MAX);
	import_add_env(r, key, value);
	return 0;
}

static int
result_record(struct csvin *c, int64_t run)
{
	const struct catalog_test *t;
	struct import_report *r;
	struct import_result *res = NULL;
	int64_t rep;
	int no_sample = c->field[C_SEQ] == NULL;

	if (field_count(c, C_REP, 1, IMPORT_REP_MAX, &rep) < 0 ||
	    check_test(c, &t) < 0)
		return -1;
	if (no_sample && (c->field[C_CALLS] || c->field[C_ELAPSED] ||
			  c->field[C_PRINTED] || c->field[C_METRICS]))
		return import_error(c->l->name, c->rec_line,
				    "a record without seq must have no calls, elapsed_ns, printed_ops or metrics");
	if (c->n_cols >= C_COUNT_ENV && c->field[C_ENV_VALUE] != NULL)
		return import_error(c->l->name, c->rec_line,
				    "env_value without env_key");
	r = report_for(c, run);
	if (no_sample && find_result(c, r, t->name, (int)rep) != NULL)
		return import_error(c->l->name, c->rec_line,
				    "%s rep %lld given twice", t->name,
				    (long long)rep);
	if (result_for(c, r, t, rep, &res) < 0)
		return -1;
	return no_sample ? 0 : add_sample(c, res);
}

static int
data_record(struct csvin *c)
{
	int64_t run;

	if (c->field[C_TAG] == NULL || c->field[C_TAG][0] == '\0')
		return import_error(c->l->name, c->rec_line, "empty tag");
	if (field_count(c, C_RUN, 1, IMPORT_RUN_MAX, &run) < 0 ||
	    (c->n_cols == C_COUNT &&
	     import_csv_uuid(c->l->name, c->rec_line, c->field[C_UUID], c->f,
			     report_for(c, run), &c->by_uuid) < 0))
		return -1;
	if (c->n_cols >= C_COUNT_ENV && c->field[C_ENV_KEY] != NULL)
		return env_record(c, run);
	return result_record(c, run);
}

static int
header_record(struct csvin *c)
{
	c->n_cols = c->n_fields <= C_COUNT ? c->n_fields : 0;
	for (size_t i = 0; i < c->n_cols; i++)
		if (!same_text(c->field[i], header[i]))
			c->n_cols = 0;
	if (c->n_cols != C_COUNT && c->n_cols != C_COUNT_METRICS &&
	    c->n_cols != C_COUNT_ENV && c->n_cols != C_COUNT_OLD)
		return import_error(c->l->name, c->rec_line,
				    "not an aimkit CSV export: the header must be tag,run_id,number,test,rep,seq,status,reason,calls,elapsed_ns,factor,units,printed_ops,env_key,env_value,metrics,uuid,judged,better,copies (or end at metrics, env_value or printed_ops)");
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
		if (f->reports[i].n_results == 0)
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
