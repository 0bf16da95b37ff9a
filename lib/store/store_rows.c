// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The store's writer: a run, its environment, each result with its
 * samples, their metrics and histograms, each write in one transaction
 * (or a savepoint of the caller's), so a killed aimrun leaves only whole
 * results behind, and each piece of the record (lib/core/record.h)
 * checked first.  The rows a run and a result bring many of go through
 * one bulk statement of db.h per table (on a server, sent together).
 */
#include "config.h"

#include "store.h"

#include <stdio.h>

#include "db.h"
#include "record.h"
#include "store_int.h"

struct db_stmt *
store_cached_bulk(struct store *st, enum store_stmt slot, const char *table,
		  const char *const *cols, int ncols)
{
	if (st->stmt[slot] == NULL)
		st->stmt[slot] = db_bulk_prepare(st->db, table, cols, ncols);
	return st->stmt[slot];
}

int
store_add_env(struct store *st, int64_t run_id, const struct record_kv *env,
	      size_t n_env)
{
	static const char *const cols[] = { "run_id", "key", "value" };
	struct db_stmt *stmt;
	size_t i;
	int rc = 0;

	if (record_check_env(env, n_env, st->err, sizeof(st->err)) < 0)
		return -1;
	stmt = store_cached_bulk(st, STORE_STMT_ENV, "run_env", cols, 3);
	if (stmt == NULL) {
		store_fail_sql(st, "cannot store environment");
		return -1;
	}
	for (i = 0; i < n_env && rc == 0; i++) {
		if (db_bind_int64(stmt, 1, run_id) < 0 ||
		    db_bind_text(stmt, 2, env[i].key) < 0 ||
		    db_bind_text(stmt, 3, env[i].value) < 0 ||
		    db_bulk_row(stmt) < 0) {
			store_fail_sql(st, "cannot store environment key %s",
				       env[i].key != NULL ? env[i].key :
				       "(null)");
			rc = -1;
		}
	}
	if (rc == 0 && db_bulk_flush(stmt) < 0) {
		store_fail_sql(st, "cannot store environment");
		rc = -1;
	}
	store_release(st, STORE_STMT_ENV);
	return rc;
}

static int
bind_sample(struct db_stmt *stmt, int64_t result_id, size_t seq,
	    const struct measure_sample *s)
{
	/* "Not measured" is any negative or NaN printed rate. */
	int printed = s->printed_ops >= 0.0;

	if (db_bind_int64(stmt, 1, result_id) < 0 ||
	    db_bind_int64(stmt, 2, (int64_t)seq) < 0 ||
	    db_bind_int64(stmt, 3, s->calls) < 0 ||
	    db_bind_int64(stmt, 4, s->elapsed_ns) < 0 ||
	    (printed ? db_bind_double(stmt, 5, s->printed_ops) :
		       db_bind_null(stmt, 5)) < 0)
		return -1;
	return 0;
}

/* The metrics S holds and its per-call buckets, into sample_metric. */
static int
insert_metrics(struct db_stmt *mst, int64_t result_id, size_t seq,
	       const struct measure_sample *s)
{
	struct measure_row r;

	for (int i = 0; measure_row(s, i, &r); i++)
		if (r.name != NULL &&
		    (db_bind_int64(mst, 1, result_id) < 0 ||
		     db_bind_int64(mst, 2, (int64_t)seq) < 0 ||
		     db_bind_text(mst, 3, r.name) < 0 ||
		     db_bind_int64(mst, 4, r.value) < 0 ||
		     db_bind_int64(mst, 5, r.bound) < 0 ||
		     db_bulk_row(mst) < 0))
			return -1;
	return 0;
}

/* The sample and metric statements of ST, made on first use; -1 on failure. */
static int
sample_stmts(struct store *st, struct db_stmt **stmt, struct db_stmt **mst)
{
	static const char *const scols[] = {
		"result_id", "seq", "calls", "elapsed_ns", "printed_ops",
	};
	static const char *const mcols[] = {
		"result_id", "seq", "metric", "value", "bound",
	};

	*stmt = store_cached_bulk(st, STORE_STMT_SAMPLE, "sample", scols, 5);
	*mst = store_cached_bulk(st, STORE_STMT_METRIC, "sample_metric",
				 mcols, 5);
	return *stmt != NULL && *mst != NULL ? 0 : -1;
}

/*
 * The samples of RES (its row RESULT_ID) into STMT, or with METRICS
 * their metrics and histograms into it; *BAD the sample that failed.
 */
static int
add_rows(struct db_stmt *stmt, int metrics, int64_t result_id,
	 const struct record_result *res, size_t *bad)
{
	for (size_t i = 0; i < res->n_samples; i++) {
		/* seq counts from 1, as intervals are numbered for users. */
		if (metrics ? insert_metrics(stmt, result_id, i + 1,
					     &res->samples[i]) < 0 :
			      bind_sample(stmt, result_id, i + 1,
					  &res->samples[i]) < 0 ||
			      db_bulk_row(stmt) < 0) {
			*bad = i + 1;
			return -1;
		}
	}
	return 0;
}

/*
 * Every sample, sent, before any metric: a metric row's key is its
 * sample's, and an engine may send a bulk statement's rows before the
 * flush (SQLite, a batch at a time).
 */
int
store_insert_samples(struct store *st, const struct record_result *res,
		     const int64_t *ids, size_t n)
{
	struct db_stmt *stmt, *mst;
	size_t i, bad = 0;
	int rc = 0;

	if (sample_stmts(st, &stmt, &mst) < 0) {
		store_fail_sql(st, "cannot store samples");
		return -1;
	}
	for (int pass = 0; pass < 2 && rc == 0; pass++) {
		struct db_stmt *b = pass == 0 ? stmt : mst;

		for (i = 0; i < n && rc == 0; i++)
			if (add_rows(b, pass, ids[i], &res[i], &bad) < 0) {
				store_fail_sql(st, "cannot store %s %zu of %s",
					       pass == 0 ? "sample" :
					       "the metrics of sample", bad,
					       res[i].test);
				rc = -1;
			}
		if (rc == 0 && db_bulk_flush(b) < 0) {
			store_fail_sql(st, "cannot store samples");
			rc = -1;
		}
	}
	store_release(st, STORE_STMT_SAMPLE);
	store_release(st, STORE_STMT_METRIC);
	return rc;
}

/* Nullable integer: negative means unknown. */
static int
bind_count(struct db_stmt *stmt, int i, int64_t v)
{
	if (v < 0)
		return db_bind_null(stmt, i);
	return db_bind_int64(stmt, i, v);
}

/* Step a fully bound insert or update once and reset it for reuse. */
static int
step_done(struct db_stmt *stmt)
{
	/* On failure the statement is left as is, keeping the message. */
	if (db_step(stmt) != DB_DONE)
		return -1;
	return db_reset(stmt);
}

/* Step a fully bound INSERT ... RETURNING id once: the new row's id, or -1. */
static int64_t
step_id(struct db_stmt *stmt)
{
	int64_t id;

	if (db_step(stmt) != DB_ROW)
		return -1;
	id = db_column_int64(stmt, 0);
	if (db_step(stmt) != DB_DONE || id < 0)
		return -1;
	return id;
}

/* A new run's own times, status and identity, where the copy gives none. */
struct run_fill {
	char started[32];
	char uuid[40];
};

int64_t
store_insert_run(struct store *st, const struct record_run *run)
{
	struct db_stmt *stmt;
	struct run_fill f;
	int64_t id = -1;

	if ((run->started_utc == NULL &&
	     store_now_utc(f.started, sizeof(f.started), st->err,
			   sizeof(st->err)) < 0) ||
	    (run->uuid == NULL &&
	     store_new_uuid(f.uuid, sizeof(f.uuid), st->err,
			    sizeof(st->err)) < 0))
		return -1;
	stmt = store_cached(st, STORE_STMT_RUN, "INSERT INTO run (tag, suite,"
			    " options, started_utc, ended_utc, status, source,"
			    " source_file, aim_version, host, uuid)"
			    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
			    " RETURNING id");
	if (stmt != NULL &&
	    db_bind_text(stmt, 1, run->tag) == 0 &&
	    db_bind_text(stmt, 2, run->suite) == 0 &&
	    db_bind_text(stmt, 3, run->options) == 0 &&
	    db_bind_text(stmt, 4, run->started_utc != NULL ?
			 run->started_utc : f.started) == 0 &&
	    db_bind_text(stmt, 5, run->ended_utc) == 0 &&
	    db_bind_text(stmt, 6, run->status != NULL ? run->status :
			 "incomplete") == 0 &&
	    db_bind_text(stmt, 7, run->source) == 0 &&
	    db_bind_text(stmt, 8, run->source_file) == 0 &&
	    db_bind_text(stmt, 9, run->aim_version) == 0 &&
	    db_bind_text(stmt, 10, run->host) == 0 &&
	    db_bind_text(stmt, 11, run->uuid != NULL ? run->uuid : f.uuid) == 0)
		id = step_id(stmt);
	if (id < 0)
		store_fail_sql(st, "cannot store run");
	store_release(st, STORE_STMT_RUN);
	return id;
}

int64_t
store_begin_run(struct store *st, const struct record_run *run)
{
	enum store_tx kind;
	int64_t id;

	if (record_check_run(run, st->err, sizeof(st->err)) < 0 ||
	    store_tx_enter(st, &kind) < 0)
		return -1;
	/* A new run under its tag waits for a rename checking that tag. */
	id = store_lock_identity(st) < 0 ? -1 : store_insert_run(st, run);
	if (id >= 0 && store_add_env(st, id, run->env, run->n_env) < 0)
		id = -1;
	if (store_tx_leave(st, kind, id >= 0) < 0)
		return -1;
	return id;
}

int
store_bind_result(struct db_stmt *stmt, const struct record_result *res,
		  const char *finished)
{
	return db_bind_int64(stmt, 2, res->number) < 0 ||
	       db_bind_text(stmt, 3, res->test) < 0 ||
	       db_bind_int64(stmt, 4, res->rep) < 0 ||
	       db_bind_text(stmt, 5, res->status) < 0 ||
	       db_bind_text(stmt, 6, res->reason) < 0 ||
	       db_bind_int64(stmt, 7, (int64_t)res->factor) < 0 ||
	       db_bind_text(stmt, 8, res->units) < 0 ||
	       db_bind_text(stmt, 9, res->finished_utc != NULL ?
			    res->finished_utc : finished) < 0 ||
	       bind_count(stmt, 10, res->warmup_calls) < 0 ||
	       bind_count(stmt, 11, res->warmup_ns) < 0 ||
	       db_bind_int64(stmt, 12, res->source_line) < 0 ||
	       db_bind_text(stmt, 13, measure_judged_word(res->judged)) < 0 ||
	       db_bind_text(stmt, 14, measure_better_word(res->better)) < 0 ||
	       db_bind_int64(stmt, 15, res->copies) < 0 ? -1 : 0;
}

static int64_t
insert_result(struct store *st, int64_t run_id,
	      const struct record_result *res)
{
	struct db_stmt *stmt;
	char now[32];
	int64_t id = -1;

	if (store_now_utc(now, sizeof(now), st->err, sizeof(st->err)) < 0)
		return -1;
	stmt = store_cached(st, STORE_STMT_RESULT, "INSERT INTO result (run_id,"
		      " number, test, rep, status, reason, factor, units,"
		      " finished_utc, warmup_calls, warmup_ns, source_line,"
		      " judged, better, copies) VALUES (?, ?, ?, ?, ?, ?, ?,"
		      " ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id");
	if (stmt == NULL) {
		store_fail_sql(st, "cannot store result %s", res->test);
		return -1;
	}
	if (db_bind_int64(stmt, 1, run_id) == 0 &&
	    store_bind_result(stmt, res, now) == 0)
		id = step_id(stmt);
	if (id < 0)
		store_fail_sql(st, "cannot store result %s rep %d",
			       res->test, res->rep);
	store_release(st, STORE_STMT_RESULT);
	return id;
}

int
store_add_result(struct store *st, int64_t run_id,
		 const struct record_result *res)
{
	enum store_tx kind;
	int64_t id;
	int ok;

	if (record_check_result(res, st->err, sizeof(st->err)) < 0 ||
	    store_tx_enter(st, &kind) < 0)
		return -1;
	id = insert_result(st, run_id, res);
	ok = id >= 0 && store_insert_samples(st, res, &id, 1) == 0 &&
	     store_summary_add(st, run_id, res) == 0 &&
	     store_insert_kernel(st, res, &id, 1) == 0;
	return store_tx_leave(st, kind, ok);
}

int
store_end_run(struct store *st, int64_t run_id, const char *status)
{
	struct db_stmt *stmt = NULL;
	enum store_tx kind;
	char now[32];
	int ok = 0;

	if (store_tx_enter(st, &kind) < 0)
		return -1;
	/* The time the run ended is when the write may go ahead. */
	if (store_now_utc(now, sizeof(now), st->err, sizeof(st->err)) < 0)
		return store_tx_leave(st, kind, 0);
	stmt = db_prepare(st->db, "UPDATE run SET status = ?, ended_utc = ?"
			  " WHERE id = ?");
	if (stmt != NULL && db_bind_text(stmt, 1, status) == 0 &&
	    db_bind_text(stmt, 2, now) == 0 &&
	    db_bind_int64(stmt, 3, run_id) == 0 && step_done(stmt) == 0) {
		ok = db_changes(st->db) == 1;
		if (!ok)
			snprintf(st->err, sizeof(st->err),
				 "cannot end run %lld: no such run",
				 (long long)run_id);
	} else {
		store_fail_sql(st, "cannot end run %lld", (long long)run_id);
	}
	db_finalize(stmt);
	return store_tx_leave(st, kind, ok);
}

/*
 * The runs' rows, children first.  The column is the caller's choice of
 * two, never text from data: each list is written out whole.
 */
#define RESULTS_OF(col) " WHERE result_id IN (SELECT r.id FROM result AS r" \
	" JOIN run AS u ON u.id = r.run_id WHERE u." col " = ?)"
#define RUNS_OF(col) " WHERE run_id IN (SELECT id FROM run WHERE " col " = ?)"
#define REMOVE_RUNS(col) { \
	"DELETE FROM sample_metric" RESULTS_OF(col), \
	"DELETE FROM sample" RESULTS_OF(col), \
	"DELETE FROM result_monitor" RESULTS_OF(col), \
	"DELETE FROM kernel_log" RESULTS_OF(col), \
	"DELETE FROM result" RUNS_OF(col), \
	"DELETE FROM run_env" RUNS_OF(col), \
	"DELETE FROM run_summary" RUNS_OF(col), \
	"DELETE FROM run_import" RUNS_OF(col), \
	"DELETE FROM run WHERE " col " = ?", \
}

int
store_remove_runs(struct db *db, enum store_runs_by by, const char *value)
{
	static const char *const by_tag[] = REMOVE_RUNS("tag");
	static const char *const by_uuid[] = REMOVE_RUNS("uuid");
	const char *const *sql = by == STORE_RUNS_BY_UUID ? by_uuid : by_tag;

	for (size_t i = 0; i < sizeof(by_tag) / sizeof(by_tag[0]); i++) {
		struct db_stmt *stmt = db_prepare(db, sql[i]);

		if (stmt == NULL || db_bind_text(stmt, 1, value) < 0 ||
		    step_done(stmt) < 0) {
			db_finalize(stmt);
			return -1;
		}
		db_finalize(stmt);
	}
	return 0;
}
