// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A run's summary (run_summary, schema_ver.h): what aimdb list shows of
 * it, kept true by the writer in the transaction of each result aimrun
 * stores and of each whole run an import, merge or push stores, so a
 * listing never counts a fleet's samples.
 */
#include "config.h"

#include <string.h>

#include "db.h"
#include "record.h"
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
 * A whole run (store_put_run): the counts of the rows just inserted, its
 * samples the record's.
 */
static const char sql_put[] =
	"INSERT INTO run_summary (run_id, n_tests, n_ok, n_samples)"
	" SELECT ?, COUNT(DISTINCT test),"
	" COALESCE(SUM(CASE WHEN status = 'ok' THEN 1 ELSE 0 END), 0), ?"
	" FROM result WHERE run_id = ?";

/* STMT bound, run as the summary of run RUN_ID; 0 or -1 with ST's error. */
static int
summary_step(struct store *st, struct db_stmt *stmt, int bound,
	     int64_t run_id)
{
	int rc = bound && db_step(stmt) == DB_DONE ? 0 : -1;

	if (rc < 0)
		store_fail_sql(st, "cannot summarise run %lld",
			       (long long)run_id);
	db_finalize(stmt);
	return rc;
}

/*
 * Prepared at each write: SQLite's prepare costs microseconds, and a
 * server keeps the statement prepared for the next (db_pg_stmt.c).
 */
int
store_summary_add(struct store *st, int64_t run_id,
		  const struct record_result *res)
{
	struct db_stmt *stmt = db_prepare(st->db, sql_add);

	return summary_step(st, stmt, stmt != NULL &&
			    db_bind_int64(stmt, 1, run_id) == 0 &&
			    db_bind_int64(stmt, 2, run_id) == 0 &&
			    db_bind_text(stmt, 3, res->test) == 0 &&
			    db_bind_int64(stmt, 4,
					  strcmp(res->status, "ok") == 0) == 0 &&
			    db_bind_int64(stmt, 5,
					  (int64_t)res->n_samples) == 0,
			    run_id);
}

int
store_summary_put(struct store *st, int64_t run_id,
		  const struct record_run *run)
{
	struct db_stmt *stmt = db_prepare(st->db, sql_put);
	int64_t n_samples = 0;

	for (size_t i = 0; i < run->n_results; i++)
		n_samples += (int64_t)run->results[i].n_samples;
	return summary_step(st, stmt, stmt != NULL &&
			    db_bind_int64(stmt, 1, run_id) == 0 &&
			    db_bind_int64(stmt, 2, n_samples) == 0 &&
			    db_bind_int64(stmt, 3, run_id) == 0,
			    run_id);
}
