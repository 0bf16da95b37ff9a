/*
 * The store's writer: a run, its environment, each result with its
 * samples and their metrics, each write in one transaction (or a
 * savepoint of the caller's), so a killed aimrun leaves only whole
 * results behind.  The rows a run and a result bring many of go through
 * one bulk statement of db.h per table (on a server, sent together).
 */
#include "config.h"

#include "store.h"

#include <stdio.h>
#include <string.h>

#include "db.h"
#include "store_int.h"

/* How a write was wrapped: its own transaction, or a savepoint inside one. */
enum tx_kind {
	TX_TOP,
	TX_NESTED,
};

/* Start a write: a transaction of its own, or a savepoint in the caller's. */
static int
tx_enter(struct store *st, enum tx_kind *kind)
{
	*kind = db_in_transaction(st->db) ? TX_NESTED : TX_TOP;
	if ((*kind == TX_TOP ? db_begin(st->db) :
			       db_savepoint(st->db, "store_write")) < 0) {
		store_fail_sql(st, "cannot begin transaction");
		return -1;
	}
	return 0;
}

/* Finish a write: keep it when OK, else undo exactly what it did. */
static int
tx_leave(struct store *st, enum tx_kind kind, int ok)
{
	if (kind == TX_TOP) {
		if (ok && db_commit(st->db) == 0)
			return 0;
		if (ok)
			store_fail_sql(st, "cannot commit");
		store_rollback(st);
		return -1;
	}
	if (ok && db_release(st->db, "store_write") == 0)
		return 0;
	if (ok)
		store_fail_sql(st, "cannot release savepoint");
	/*
	 * After some errors SQLite has undone the caller's whole transaction
	 * (its commit will fail); else undoing fails as the write did.
	 */
	if (db_in_transaction(st->db)) {
		(void)db_rollback_to(st->db, "store_write");
		(void)db_release(st->db, "store_write");
	}
	return -1;
}

/* ST's statement SLOT, prepared with SQL on first use; NULL on failure. */
static struct db_stmt *
cached(struct store *st, enum store_stmt slot, const char *sql)
{
	if (st->stmt[slot] == NULL)
		st->stmt[slot] = db_prepare(st->db, sql);
	return st->stmt[slot];
}

void
store_stmt_release(struct store *st, enum store_stmt slot)
{
	if (st->stmt[slot] != NULL && db_reset(st->stmt[slot]) < 0) {
		db_finalize(st->stmt[slot]);
		st->stmt[slot] = NULL;
	}
}

struct db_stmt *
store_cached_bulk(struct store *st, enum store_stmt slot, const char *table,
		  const char *const *cols, int ncols)
{
	if (st->stmt[slot] == NULL)
		st->stmt[slot] = db_bulk_prepare(st->db, table, cols, ncols);
	return st->stmt[slot];
}

int
store_add_env(struct store *st, int64_t run_id, const struct store_kv *env,
	      size_t n_env)
{
	static const char *const cols[] = { "run_id", "key", "value" };
	struct db_stmt *stmt;
	size_t i;
	int rc = 0;

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
	store_stmt_release(st, STORE_STMT_ENV);
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
 * The N SAMPLES of result RESULT_ID (of TEST, for messages) and their
 * metrics, in the caller's transaction; 0 or -1.  The samples first: a
 * metric row's key is its sample's, so on a server the samples are sent
 * before the metrics are.
 */
static int
insert_samples(struct store *st, int64_t result_id, const char *test,
	       const struct measure_sample *samples, size_t n)
{
	struct db_stmt *stmt, *mst;
	size_t i;
	int rc = 0;

	if (sample_stmts(st, &stmt, &mst) < 0) {
		store_fail_sql(st, "cannot store samples of %s", test);
		return -1;
	}
	for (i = 0; i < n && rc == 0; i++) {
		/* seq counts from 1, as intervals are numbered for users. */
		if (bind_sample(stmt, result_id, i + 1, &samples[i]) < 0 ||
		    db_bulk_row(stmt) < 0 ||
		    insert_metrics(mst, result_id, i + 1, &samples[i]) < 0) {
			store_fail_sql(st, "cannot store sample %zu of %s",
				       i + 1, test);
			rc = -1;
		}
	}
	if (rc == 0 && (db_bulk_flush(stmt) < 0 || db_bulk_flush(mst) < 0)) {
		store_fail_sql(st, "cannot store samples of %s", test);
		rc = -1;
	}
	store_stmt_release(st, STORE_STMT_SAMPLE);
	store_stmt_release(st, STORE_STMT_METRIC);
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

static int64_t
insert_run(struct store *st, const struct store_run *run)
{
	struct db_stmt *stmt;
	struct run_fill f;
	int64_t id = -1;

	if (store_run_check(run, st->err, sizeof(st->err)) < 0 ||
	    (run->started_utc == NULL &&
	     store_now_utc(f.started, sizeof(f.started), st->err,
			   sizeof(st->err)) < 0) ||
	    (run->uuid == NULL &&
	     store_new_uuid(f.uuid, sizeof(f.uuid), st->err,
			    sizeof(st->err)) < 0))
		return -1;
	stmt = db_prepare(st->db, "INSERT INTO run (tag, suite, options,"
			  " started_utc, ended_utc, status, source,"
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
	db_finalize(stmt);
	return id;
}

int64_t
store_begin_run(struct store *st, const struct store_run *run,
		const struct store_kv *env, size_t n_env)
{
	enum tx_kind kind;
	int64_t id;

	if (tx_enter(st, &kind) < 0)
		return -1;
	id = insert_run(st, run);
	if (id >= 0 && store_add_env(st, id, env, n_env) < 0)
		id = -1;
	if (tx_leave(st, kind, id >= 0) < 0)
		return -1;
	return id;
}

/* The values of RES after the run id, in the order of insert_result's SQL. */
static int
bind_result(struct db_stmt *stmt, const struct store_result *res,
	    const char *finished)
{
	return db_bind_int64(stmt, 2, res->number) < 0 ||
	       db_bind_text(stmt, 3, res->test) < 0 ||
	       db_bind_int64(stmt, 4, res->rep) < 0 ||
	       db_bind_text(stmt, 5, res->status) < 0 ||
	       db_bind_text(stmt, 6, res->reason) < 0 ||
	       db_bind_int64(stmt, 7, (int64_t)res->factor) < 0 ||
	       db_bind_text(stmt, 8, res->units) < 0 ||
	       db_bind_text(stmt, 9, finished) < 0 ||
	       bind_count(stmt, 10, res->warmup_calls) < 0 ||
	       bind_count(stmt, 11, res->warmup_ns) < 0 ||
	       db_bind_int64(stmt, 12, res->source_line) < 0 ||
	       db_bind_text(stmt, 13, measure_judged_word(res->judged)) < 0 ||
	       db_bind_text(stmt, 14, measure_better_word(res->better)) < 0 ||
	       db_bind_int64(stmt, 15, res->copies > 1 ? res->copies : 1) < 0 ?
	       -1 : 0;
}

static int64_t
insert_result(struct store *st, int64_t run_id, const struct store_result *res)
{
	struct db_stmt *stmt;
	char now[32];
	int64_t id = -1;

	if (res->factor > (unsigned long)INT64_MAX ||
	    (res->finished_utc != NULL && !store_utc_valid(res->finished_utc))) {
		snprintf(st->err, sizeof(st->err), "cannot store result %s: "
			 "factor too large or finished_utc not a UTC time",
			 res->test);
		return -1;
	}
	if (res->finished_utc == NULL &&
	    store_now_utc(now, sizeof(now), st->err, sizeof(st->err)) < 0)
		return -1;
	stmt = cached(st, STORE_STMT_RESULT, "INSERT INTO result (run_id,"
		      " number, test, rep, status, reason, factor, units,"
		      " finished_utc, warmup_calls, warmup_ns, source_line,"
		      " judged, better, copies) VALUES (?, ?, ?, ?, ?, ?, ?,"
		      " ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id");
	if (stmt == NULL) {
		store_fail_sql(st, "cannot store result %s", res->test);
		return -1;
	}
	if (db_bind_int64(stmt, 1, run_id) == 0 &&
	    bind_result(stmt, res, res->finished_utc != NULL ?
			res->finished_utc : now) == 0)
		id = step_id(stmt);
	if (id < 0)
		store_fail_sql(st, "cannot store result %s rep %d",
			       res->test, res->rep);
	store_stmt_release(st, STORE_STMT_RESULT);
	return id;
}

int
store_add_result(struct store *st, int64_t run_id,
		 const struct store_result *res,
		 const struct measure_sample *samples, size_t n_samples)
{
	enum tx_kind kind;
	int64_t id;
	int ok;

	if (tx_enter(st, &kind) < 0)
		return -1;
	id = insert_result(st, run_id, res);
	ok = id >= 0 &&
	     insert_samples(st, id, res->test, samples, n_samples) == 0 &&
	     store_kernel_rows(st, id, res) == 0;
	return tx_leave(st, kind, ok);
}

int
store_end_run(struct store *st, int64_t run_id, const char *status)
{
	struct db_stmt *stmt = NULL;
	enum tx_kind kind;
	char now[32];
	int ok = 0;

	if (tx_enter(st, &kind) < 0)
		return -1;
	/* The time the run ended is when the write may go ahead. */
	if (store_now_utc(now, sizeof(now), st->err, sizeof(st->err)) < 0)
		return tx_leave(st, kind, 0);
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
	return tx_leave(st, kind, ok);
}
