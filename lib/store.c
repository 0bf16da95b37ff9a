/*
 * The results database: opening with checks that never write to a file we
 * would refuse, then runs, results and samples each written in one
 * transaction, so a killed aimrun leaves only whole results behind.
 */
#include "config.h"

#include "store.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <sqlite3.h>

#include "schema.h"

#define STORE_ERR_MAX 512
#define STORE_NOW_UTC "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"

struct store {
	sqlite3 *db;
	char err[STORE_ERR_MAX];
};

/* How a write was wrapped: its own transaction, or a savepoint inside one. */
enum tx_kind {
	TX_TOP,
	TX_NESTED,
};

/* Reason = formatted WHAT, then ": " and SQLite's message for the failure. */
static void __attribute__((format(printf, 2, 3)))
fail_sql(struct store *st, const char *fmt, ...)
{
	char what[256], msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	snprintf(st->err, sizeof(st->err), "%s: %s", what,
		 schema_errmsg(st->db, msg, sizeof(msg)));
}

/* Wrap DB, or close it and return NULL. */
static struct store *
wrap(sqlite3 *db, char *err, size_t errlen)
{
	struct store *st;

	if (db == NULL)
		return NULL;
	st = sqlite3_malloc(sizeof(*st));
	if (st == NULL) {
		snprintf(err, errlen, "out of memory");
		(void)sqlite3_close(db);	/* no statement is open */
		return NULL;
	}
	st->db = db;
	snprintf(st->err, sizeof(st->err), "no error");
	return st;
}

struct store *
store_open(const char *path, enum store_mode mode, char *err, size_t errlen)
{
	static const enum dbfile_use use[] = {
		[STORE_RO] = DBFILE_READ,
		[STORE_RW] = DBFILE_CREATE,
		[STORE_EDIT] = DBFILE_EDIT,
	};

	return wrap(schema_open(path, use[mode], NULL, err, errlen), err,
		    errlen);
}

struct store *
store_reopen(const char *path, struct store_checked *seen, char *err,
	     size_t errlen)
{
	return wrap(schema_open(path, DBFILE_CREATE, seen, err, errlen), err,
		    errlen);
}

struct store *
store_open_memory(char *err, size_t errlen)
{
	return wrap(schema_open_memory(err, errlen), err, errlen);
}

int
store_verify_schema(struct store *st, void (*fn)(const char *, void *),
		    void *arg)
{
	char err[STORE_ERR_MAX];
	int version;

	/* A reader's file may be of an older version, checked as that. */
	if (schema_inspect(st->db, &version, err, sizeof(err)) < 0) {
		fn(err, arg);
		return -1;
	}
	return schema_verify(st->db, version, fn, arg);
}

int
store_in_transaction(const struct store *st)
{
	return !sqlite3_get_autocommit(st->db);
}

void
store_close(struct store *st)
{
	if (st == NULL)
		return;
	if (!sqlite3_get_autocommit(st->db))
		store_rollback(st);
	/* close_v2 waits for statements a reader left open; never fails. */
	(void)sqlite3_close_v2(st->db);
	sqlite3_free(st);
}

const char *
store_errmsg(const struct store *st)
{
	return st != NULL ? st->err : "no database";
}

struct sqlite3 *
store_handle(struct store *st)
{
	return st != NULL ? st->db : NULL;
}

int
store_begin(struct store *st)
{
	if (schema_exec(st->db, "BEGIN IMMEDIATE") < 0) {
		fail_sql(st, "cannot begin transaction");
		return -1;
	}
	return 0;
}

int
store_snapshot(struct store *st)
{
	/* A deferred transaction takes its snapshot at the first read. */
	if (schema_exec(st->db, "BEGIN DEFERRED;"
			" SELECT count(*) FROM sqlite_master") < 0) {
		fail_sql(st, "cannot read a snapshot");
		store_rollback(st);
		return -1;
	}
	return 0;
}

int
store_commit(struct store *st)
{
	if (schema_exec(st->db, "COMMIT") < 0) {
		fail_sql(st, "cannot commit");
		store_rollback(st);
		return -1;
	}
	return 0;
}

void
store_rollback(struct store *st)
{
	/* SQLite may already have rolled back after a full disk or I/O error. */
	if (sqlite3_get_autocommit(st->db))
		return;
	/* A failed ROLLBACK leaves nothing better to do than report the cause. */
	(void)schema_exec(st->db, "ROLLBACK");
}

/* Start a write: a transaction of its own, or a savepoint in the caller's. */
static int
tx_enter(struct store *st, enum tx_kind *kind)
{
	*kind = sqlite3_get_autocommit(st->db) ? TX_TOP : TX_NESTED;
	if (schema_exec(st->db, *kind == TX_TOP ? "BEGIN IMMEDIATE" :
						  "SAVEPOINT store_write") < 0) {
		fail_sql(st, "cannot begin transaction");
		return -1;
	}
	return 0;
}

/* Finish a write: keep it when OK, else undo exactly what it did. */
static int
tx_leave(struct store *st, enum tx_kind kind, int ok)
{
	if (kind == TX_TOP) {
		if (ok && schema_exec(st->db, "COMMIT") == 0)
			return 0;
		if (ok)
			fail_sql(st, "cannot commit");
		store_rollback(st);
		return -1;
	}
	if (ok && schema_exec(st->db, "RELEASE store_write") == 0)
		return 0;
	if (ok)
		fail_sql(st, "cannot release savepoint");
	/*
	 * After some errors SQLite has undone the caller's whole transaction
	 * (its commit will fail); else undoing fails as the write did.
	 */
	if (!sqlite3_get_autocommit(st->db)) {
		(void)schema_exec(st->db, "ROLLBACK TO store_write");
		(void)schema_exec(st->db, "RELEASE store_write");
	}
	return -1;
}

static int
bind_text(sqlite3_stmt *stmt, int i, const char *s)
{
	if (s == NULL)
		return sqlite3_bind_null(stmt, i);
	return sqlite3_bind_text(stmt, i, s, -1, SQLITE_TRANSIENT);
}

/* Nullable integer: negative means unknown. */
static int
bind_count(sqlite3_stmt *stmt, int i, int64_t v)
{
	if (v < 0)
		return sqlite3_bind_null(stmt, i);
	return sqlite3_bind_int64(stmt, i, v);
}

/* Step a fully bound insert or update once and reset it for reuse. */
static int
step_done(sqlite3_stmt *stmt)
{
	/* On failure the statement is left as is, keeping SQLite's message. */
	if (sqlite3_step(stmt) != SQLITE_DONE)
		return -1;
	if (sqlite3_reset(stmt) != SQLITE_OK)
		return -1;
	return sqlite3_clear_bindings(stmt) == SQLITE_OK ? 0 : -1;
}

int
store_add_env(struct store *st, int64_t run_id, const struct store_kv *env,
	      size_t n_env)
{
	sqlite3_stmt *stmt = NULL;
	size_t i;
	int rc = 0;

	if (sqlite3_prepare_v2(st->db,
			       "INSERT INTO run_env (run_id, key, value)"
			       " VALUES (?1, ?2, ?3)",
			       -1, &stmt, NULL) != SQLITE_OK) {
		fail_sql(st, "cannot store environment");
		return -1;
	}
	for (i = 0; i < n_env && rc == 0; i++) {
		if (sqlite3_bind_int64(stmt, 1, run_id) != SQLITE_OK ||
		    bind_text(stmt, 2, env[i].key) != SQLITE_OK ||
		    bind_text(stmt, 3, env[i].value) != SQLITE_OK ||
		    step_done(stmt) < 0) {
			fail_sql(st, "cannot store environment key %s",
				 env[i].key != NULL ? env[i].key : "(null)");
			rc = -1;
		}
	}
	/* Errors were reported by the step; finalize only repeats them. */
	(void)sqlite3_finalize(stmt);
	return rc;
}

static int64_t
insert_run(struct store *st, const struct store_run *run)
{
	sqlite3_stmt *stmt = NULL;
	int64_t id = -1;

	if (store_run_check(run, st->err, sizeof(st->err)) < 0)
		return -1;
	if (sqlite3_prepare_v2(st->db,
			       "INSERT INTO run (tag, suite, options,"
			       " started_utc, ended_utc, status, source,"
			       " source_file, aim_version, host, uuid)"
			       " VALUES (?1, ?2, ?3, COALESCE(?9, "
			       STORE_NOW_UTC "), ?10, COALESCE(?11,"
			       " 'incomplete'), ?4, ?5, ?6, ?7,"
			       " COALESCE(?8, " SCHEMA_NEW_UUID "))",
			       -1, &stmt, NULL) != SQLITE_OK) {
		fail_sql(st, "cannot store run");
		return -1;
	}
	if (bind_text(stmt, 1, run->tag) == SQLITE_OK &&
	    bind_text(stmt, 2, run->suite) == SQLITE_OK &&
	    bind_text(stmt, 3, run->options) == SQLITE_OK &&
	    bind_text(stmt, 4, run->source) == SQLITE_OK &&
	    bind_text(stmt, 5, run->source_file) == SQLITE_OK &&
	    bind_text(stmt, 6, run->aim_version) == SQLITE_OK &&
	    bind_text(stmt, 7, run->host) == SQLITE_OK &&
	    bind_text(stmt, 8, run->uuid) == SQLITE_OK &&
	    bind_text(stmt, 9, run->started_utc) == SQLITE_OK &&
	    bind_text(stmt, 10, run->ended_utc) == SQLITE_OK &&
	    bind_text(stmt, 11, run->status) == SQLITE_OK &&
	    step_done(stmt) == 0)
		id = sqlite3_last_insert_rowid(st->db);
	else
		fail_sql(st, "cannot store run");
	(void)sqlite3_finalize(stmt);	/* as in store_add_env */
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

static int64_t
insert_result(struct store *st, int64_t run_id, const struct store_result *res)
{
	sqlite3_stmt *stmt = NULL;
	int64_t id = -1;

	if (res->factor > (unsigned long)INT64_MAX ||
	    (res->finished_utc != NULL && !store_utc_valid(res->finished_utc))) {
		snprintf(st->err, sizeof(st->err), "cannot store result %s: "
			 "factor too large or finished_utc not a UTC time",
			 res->test);
		return -1;
	}
	if (sqlite3_prepare_v2(st->db,
			       "INSERT INTO result (run_id, number, test, rep,"
			       " status, reason, factor, units, finished_utc,"
			       " warmup_calls, warmup_ns, source_line,"
			       " judged, better, copies) VALUES (?1, ?2, ?3, ?4,"
			       " ?5, ?6, ?7, ?8, COALESCE(?14, " STORE_NOW_UTC "),"
			       " ?9, ?10, ?11, ?12, ?13, ?15)",
			       -1, &stmt, NULL) != SQLITE_OK) {
		fail_sql(st, "cannot store result %s", res->test);
		return -1;
	}
	if (sqlite3_bind_int64(stmt, 1, run_id) == SQLITE_OK &&
	    sqlite3_bind_int(stmt, 2, res->number) == SQLITE_OK &&
	    bind_text(stmt, 3, res->test) == SQLITE_OK &&
	    sqlite3_bind_int(stmt, 4, res->rep) == SQLITE_OK &&
	    bind_text(stmt, 5, res->status) == SQLITE_OK &&
	    bind_text(stmt, 6, res->reason) == SQLITE_OK &&
	    sqlite3_bind_int64(stmt, 7, (int64_t)res->factor) == SQLITE_OK &&
	    bind_text(stmt, 8, res->units) == SQLITE_OK &&
	    bind_count(stmt, 9, res->warmup_calls) == SQLITE_OK &&
	    bind_count(stmt, 10, res->warmup_ns) == SQLITE_OK &&
	    sqlite3_bind_int(stmt, 11, res->source_line) == SQLITE_OK &&
	    bind_text(stmt, 12, measure_judged_word(res->judged)) == SQLITE_OK &&
	    bind_text(stmt, 13, measure_better_word(res->better)) == SQLITE_OK &&
	    bind_text(stmt, 14, res->finished_utc) == SQLITE_OK &&
	    sqlite3_bind_int(stmt, 15, res->copies > 1 ? res->copies : 1) == SQLITE_OK &&
	    step_done(stmt) == 0)
		id = sqlite3_last_insert_rowid(st->db);
	else
		fail_sql(st, "cannot store result %s rep %d", res->test,
			 res->rep);
	(void)sqlite3_finalize(stmt);	/* as in store_add_env */
	return id;
}

static int
bind_sample(sqlite3_stmt *stmt, int64_t result_id, size_t seq,
	    const struct measure_sample *s)
{
	/* "Not measured" is any negative or NaN printed rate. */
	int printed = s->printed_ops >= 0.0;

	if (sqlite3_bind_int64(stmt, 1, result_id) != SQLITE_OK ||
	    sqlite3_bind_int64(stmt, 2, (int64_t)seq) != SQLITE_OK ||
	    sqlite3_bind_int64(stmt, 3, s->calls) != SQLITE_OK ||
	    sqlite3_bind_int64(stmt, 4, s->elapsed_ns) != SQLITE_OK ||
	    (printed ? sqlite3_bind_double(stmt, 5, s->printed_ops) :
		       sqlite3_bind_null(stmt, 5)) != SQLITE_OK)
		return -1;
	return 0;
}

/* The metrics S holds and its per-call buckets, into sample_metric. */
static int
insert_metrics(sqlite3_stmt *mst, int64_t result_id, size_t seq,
	       const struct measure_sample *s)
{
	struct measure_row r;

	for (int i = 0; measure_row(s, i, &r); i++)
		if (r.name != NULL &&
		    (sqlite3_bind_int64(mst, 1, result_id) != SQLITE_OK ||
		     sqlite3_bind_int64(mst, 2, (int64_t)seq) != SQLITE_OK ||
		     bind_text(mst, 3, r.name) != SQLITE_OK ||
		     sqlite3_bind_int64(mst, 4, r.value) != SQLITE_OK ||
		     sqlite3_bind_int64(mst, 5, r.bound) != SQLITE_OK ||
		     step_done(mst) < 0))
			return -1;
	return 0;
}

static int
insert_samples(struct store *st, int64_t result_id, const char *test,
	       const struct measure_sample *samples, size_t n)
{
	sqlite3_stmt *stmt = NULL, *mst = NULL;
	size_t i;
	int rc = 0;

	if (sqlite3_prepare_v2(st->db,
			       "INSERT INTO sample (result_id, seq, calls,"
			       " elapsed_ns, printed_ops)"
			       " VALUES (?1, ?2, ?3, ?4, ?5)",
			       -1, &stmt, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(st->db,
			       "INSERT INTO sample_metric (result_id, seq,"
			       " metric, value, bound) VALUES (?1, ?2, ?3, ?4, ?5)",
			       -1, &mst, NULL) != SQLITE_OK) {
		fail_sql(st, "cannot store samples of %s", test);
		rc = -1;
	}
	for (i = 0; i < n && rc == 0; i++) {
		/* seq counts from 1, as intervals are numbered for users. */
		if (bind_sample(stmt, result_id, i + 1, &samples[i]) < 0 ||
		    step_done(stmt) < 0 ||
		    insert_metrics(mst, result_id, i + 1, &samples[i]) < 0) {
			fail_sql(st, "cannot store sample %zu of %s", i + 1,
				 test);
			rc = -1;
		}
	}
	(void)sqlite3_finalize(stmt);	/* as in store_add_env */
	(void)sqlite3_finalize(mst);
	return rc;
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
	     insert_samples(st, id, res->test, samples, n_samples) == 0;
	return tx_leave(st, kind, ok);
}

int
store_end_run(struct store *st, int64_t run_id, const char *status)
{
	sqlite3_stmt *stmt = NULL;
	enum tx_kind kind;
	int ok = 0;

	if (tx_enter(st, &kind) < 0)
		return -1;
	if (sqlite3_prepare_v2(st->db,
			       "UPDATE run SET status = ?1, ended_utc = "
			       STORE_NOW_UTC " WHERE id = ?2",
			       -1, &stmt, NULL) == SQLITE_OK &&
	    bind_text(stmt, 1, status) == SQLITE_OK &&
	    sqlite3_bind_int64(stmt, 2, run_id) == SQLITE_OK &&
	    step_done(stmt) == 0) {
		ok = sqlite3_changes(st->db) == 1;
		if (!ok)
			snprintf(st->err, sizeof(st->err),
				 "cannot end run %lld: no such run",
				 (long long)run_id);
	} else {
		fail_sql(st, "cannot end run %lld", (long long)run_id);
	}
	(void)sqlite3_finalize(stmt);	/* as in store_add_env */
	return tx_leave(st, kind, ok);
}
