// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reading a tag's samples back for aimrun: one query for the runs, one
 * for the samples in result order, each result handed on whole.
 */
#include "config.h"

#include "store_read.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "gate.h"
#include "xalloc.h"

/* The samples of the result being read. */
struct acc {
	int64_t id;
	char *test;
	struct store_read_result r;
	struct measure_sample *s;
	size_t cap;
};

static int64_t
count_runs(struct db *db, const char *tag)
{
	struct db_stmt *stmt = db_prepare(db, "SELECT count(*) FROM run"
					  " WHERE tag = ?");
	int64_t n = -1;

	if (stmt != NULL && db_bind_text(stmt, 1, tag) == 0 &&
	    db_step(stmt) == DB_ROW)
		n = db_column_int64(stmt, 0);
	db_finalize(stmt);	/* a failure is already in n */
	return n;
}

static int
flush(struct acc *a, int (*fn)(void *, const struct store_read_result *),
      void *arg)
{
	int rc = 0;

	if (a->r.n_samples > 0) {
		a->r.test = a->test;
		a->r.samples = a->s;
		rc = fn(arg, &a->r);
	}
	a->r.n_samples = 0;
	free(a->test);
	a->test = NULL;
	return rc;
}

/* The sample's metric NAME (lib/core/measure.c), NULL when not measured. */
#define SAMPLE_METRIC(name) \
	"(SELECT m.value FROM sample_metric m WHERE m.result_id = s.result_id" \
	" AND m.seq = s.seq AND m.metric = '" name "' AND m.bound = 0)"

static const int metric[3] = {
	MEASURE_INVOL_CS, MEASURE_RUN_DELAY, MEASURE_STEAL,
};

/* One row: a sample, the first of a new result or of the same. */
static int
take(struct acc *a, struct db_stmt *stmt,
     int (*fn)(void *, const struct store_read_result *), void *arg)
{
	int64_t id = db_column_int64(stmt, 0);
	const char *test = db_column_text(stmt, 1);
	const char *judged = db_column_text(stmt, 3);
	int64_t factor = db_column_int64(stmt, 2);
	struct measure_sample *s;

	if (test == NULL || judged == NULL || factor < 1 ||
	    (unsigned long long)factor > ULONG_MAX)
		return -1;
	if (a->test == NULL || id != a->id) {
		if (flush(a, fn, arg) != 0)
			return -1;
		a->id = id;
		a->test = xstrdup(test);
		a->r.run_id = db_column_int64(stmt, 10);
		a->r.factor = (unsigned long)factor;
		a->r.judged = strcmp(judged, "peak") == 0 ?
			      MEASURE_JUDGED_PEAK : MEASURE_JUDGED_MEAN;
	}
	if (a->r.n_samples == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 16;
		a->s = xrealloc(a->s, a->cap * sizeof(*a->s));
	}
	s = &a->s[a->r.n_samples++];
	measure_init(s, (int)a->r.n_samples);
	s->calls = db_column_int64(stmt, 4);
	s->elapsed_ns = db_column_int64(stmt, 5);
	s->printed_ops = db_column_is_null(stmt, 6) ? -1.0 :
			 db_column_double(stmt, 6);
	/* What the noise and quality rules read, as aimcmp reads them. */
	for (int k = 0; k < 3; k++)
		if (!db_column_is_null(stmt, 7 + k) &&
		    db_column_int64(stmt, 7 + k) >= 0)
			measure_set(&s->m, metric[k], db_column_int64(stmt, 7 + k));
	return 0;
}

static int
read_samples(struct db *db, const char *tag,
	     int (*fn)(void *, const struct store_read_result *), void *arg)
{
	struct db_stmt *stmt;
	struct acc a = { 0 };
	int rc = -1, step;

	stmt = db_prepare(db, "SELECT r.id, r.test, r.factor, r.judged,"
			  " s.calls, s.elapsed_ns, s.printed_ops, "
			  SAMPLE_METRIC("invol_cs") ", "
			  SAMPLE_METRIC("run_delay_ns") ", "
			  SAMPLE_METRIC("steal_ns") ", u.id"
			  " FROM run u JOIN result r ON r.run_id = u.id"
			  " JOIN sample s ON s.result_id = r.id"
			  " WHERE u.tag = ? AND r.status = 'ok'"
			  " ORDER BY u.id, r.rep, r.id, s.seq");
	if (stmt != NULL && db_bind_text(stmt, 1, tag) == 0) {
		while ((step = db_step(stmt)) == DB_ROW)
			if (take(&a, stmt, fn, arg) != 0)
				break;
		if (step == DB_DONE && flush(&a, fn, arg) == 0)
			rc = 0;
	}
	db_finalize(stmt);	/* a failure is already in rc */
	free(a.test);
	free(a.s);
	return rc;
}

int64_t
store_read_tag(struct store *st, const char *tag,
	       int (*fn)(void *arg, const struct store_read_result *r),
	       void *arg, char *err, size_t errlen)
{
	struct db *db = store_db(st);
	int64_t n;

	if (db == NULL || tag == NULL) {
		snprintf(err, errlen, "no database");
		return -1;
	}
	n = count_runs(db, tag);
	if (n > 0 && read_samples(db, tag, fn, arg) != 0)
		n = -1;
	if (n < 0)
		snprintf(err, errlen, "cannot read the results: %s",
			 db_errmsg(db));
	return n;
}

/* The facts of run ID into R; 0, or -1. */
static int
read_env(struct db *db, int64_t id, struct record_run *r)
{
	struct db_stmt *stmt = db_prepare(db, "SELECT key, value FROM run_env"
					  " WHERE run_id = ? ORDER BY key");
	int step = DB_ERROR;

	if (stmt != NULL && db_bind_int64(stmt, 1, id) == 0) {
		while ((step = db_step(stmt)) == DB_ROW) {
			const char *k = db_column_text(stmt, 0);
			const char *v = db_column_text(stmt, 1);

			record_add_env(r, k != NULL ? k : "",
				       v != NULL ? v : "");
		}
	}
	db_finalize(stmt);	/* a failure is already in step */
	return step == DB_DONE ? 0 : -1;
}

int
store_read_runs(struct store *st, const char *tag,
		struct record_run **out, size_t *n, char *err,
		size_t errlen)
{
	struct db *db = store_db(st);
	struct db_stmt *stmt;
	int step = DB_ERROR, rc = 0;

	*out = NULL;
	*n = 0;
	stmt = db != NULL ? db_prepare(db, "SELECT id, host, source FROM run"
				       " WHERE tag = ? ORDER BY id") : NULL;
	if (stmt != NULL && db_bind_text(stmt, 1, tag) == 0) {
		while ((step = db_step(stmt)) == DB_ROW) {
			struct record_run *r;

			*out = xrealloc(*out, (*n + 1) * sizeof(**out));
			r = memset(&(*out)[(*n)++], 0, sizeof(**out));
			r->id = db_column_int64(stmt, 0);
			r->tag = record_strdup(r, tag);
			r->host = record_strdup(r, db_column_text(stmt, 1));
			r->source = record_strdup(r, db_column_text(stmt, 2));
		}
	}
	db_finalize(stmt);	/* a failure is already in step */
	if (step != DB_DONE)
		rc = -1;
	for (size_t i = 0; rc == 0 && i < *n; i++)
		rc = read_env(db, (*out)[i].id, &(*out)[i]);
	if (rc != 0) {
		snprintf(err, errlen, "cannot read the runs: %s",
			 db != NULL ? db_errmsg(db) : "no database");
		store_read_runs_free(*out, *n);
		*out = NULL;
		*n = 0;
	}
	return rc;
}

void
store_read_runs_free(struct record_run *r, size_t n)
{
	for (size_t i = 0; r != NULL && i < n; i++)
		record_free(&r[i]);
	free(r);
}

static const char *
run_value(const void *ctx, size_t i, const char *key)
{
	const struct record_run *r = &((const struct record_run *)ctx)[i];

	for (size_t k = 0; k < r->n_env; k++)
		if (strcmp(r->env[k].key, key) == 0)
			return r->env[k].value;
	return NULL;
}

static const char *
run_host(const void *ctx, size_t i)
{
	return ((const struct record_run *)ctx)[i].host;
}

static const char *
run_source(const void *ctx, size_t i)
{
	return ((const struct record_run *)ctx)[i].source;
}

static size_t
run_n_env(const void *ctx, size_t i)
{
	return ((const struct record_run *)ctx)[i].n_env;
}

void
store_read_gate(const char *tag, const struct record_run *runs, size_t n,
		struct gate_side *out)
{
	*out = (struct gate_side){
		.tag = tag, .n_runs = n, .ctx = runs, .value = run_value,
		.host = run_host, .source = run_source, .n_env = run_n_env,
	};
}
