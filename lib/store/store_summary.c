/*
 * A run's summary (run_summary, schema_ver.h): what aimdb list shows of
 * it, kept true by the writer in the transaction of each result, so a
 * listing never counts a fleet's samples.
 */
#include "config.h"

#include <string.h>

#include "db.h"
#include "store_int.h"

/*
 * One statement, new run or not: the result just inserted is of a new
 * test when it is its test's only result in the run.
 */
static const char sql_add[] =
	"INSERT INTO run_summary (run_id, n_tests, n_ok, n_samples)"
	" VALUES (?, (SELECT CASE WHEN COUNT(*) = 1 THEN 1 ELSE 0 END"
	" FROM result WHERE run_id = ? AND test = ?), ?, ?)"
	" ON CONFLICT (run_id) DO UPDATE SET"
	" n_tests = run_summary.n_tests + excluded.n_tests,"
	" n_ok = run_summary.n_ok + excluded.n_ok,"
	" n_samples = run_summary.n_samples + excluded.n_samples";

/*
 * Prepared at each result: SQLite's prepare costs microseconds, and a
 * server keeps the statement prepared for the next (db_pg_stmt.c).
 */
int
store_summary_add(struct store *st, int64_t run_id,
		  const struct store_result *res, size_t n_samples)
{
	struct db_stmt *stmt = db_prepare(st->db, sql_add);
	int rc = -1;

	if (stmt != NULL &&
	    db_bind_int64(stmt, 1, run_id) == 0 &&
	    db_bind_int64(stmt, 2, run_id) == 0 &&
	    db_bind_text(stmt, 3, res->test) == 0 &&
	    db_bind_int64(stmt, 4, strcmp(res->status, "ok") == 0) == 0 &&
	    db_bind_int64(stmt, 5, (int64_t)n_samples) == 0 &&
	    db_step(stmt) == DB_DONE)
		rc = 0;
	if (rc < 0)
		store_fail_sql(st, "cannot summarise run %lld",
			       (long long)run_id);
	db_finalize(stmt);
	return rc;
}
