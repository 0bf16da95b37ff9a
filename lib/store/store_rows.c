/*
 * The rows a run and a result bring many of: the run's environment, the
 * samples and their metrics, each table's rows through one bulk
 * statement of db.h (on a server, sent together).
 */
#include "config.h"

#include "store.h"

#include "db.h"
#include "store_int.h"

/* ST's bulk statement SLOT for TABLE's COLS, made on first use, or NULL. */
static struct db_stmt *
cached_bulk(struct store *st, enum store_stmt slot, const char *table,
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

	stmt = cached_bulk(st, STORE_STMT_ENV, "run_env", cols, 3);
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

	*stmt = cached_bulk(st, STORE_STMT_SAMPLE, "sample", scols, 5);
	*mst = cached_bulk(st, STORE_STMT_METRIC, "sample_metric", mcols, 5);
	return *stmt != NULL && *mst != NULL ? 0 : -1;
}

/*
 * The samples first: a metric row's key is its sample's, so on a server
 * the samples are sent before the metrics are.
 */
int
store_insert_samples(struct store *st, int64_t result_id, const char *test,
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
	store_release(st, STORE_STMT_SAMPLE);
	store_release(st, STORE_STMT_METRIC);
	return rc;
}

