// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A whole run stored at once (an import, a merge, a push): the record
 * checked first, then each table's rows sent together, the results as
 * one bulk statement and their new ids read back in one query, so a run
 * costs a few round trips to a server whatever it holds.
 */
#include "config.h"

#include "store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "record.h"
#include "store_int.h"
#include "xalloc.h"

/* Every result row of RUN (stored as RUN_ID), sent together. */
static int
send_results(struct store *st, int64_t run_id, const struct record_run *run)
{
	static const char *const cols[] = {
		"run_id", "number", "test", "rep", "status", "reason",
		"factor", "units", "finished_utc", "warmup_calls",
		"warmup_ns", "source_line", "judged", "better", "copies",
	};
	struct db_stmt *stmt = st->stmt[STORE_STMT_RESULTS];
	char now[32];
	int rc = 0;

	if (store_now_utc(now, sizeof(now), st->err, sizeof(st->err)) < 0)
		return -1;
	if (stmt == NULL)
		stmt = st->stmt[STORE_STMT_RESULTS] =
			db_bulk_prepare(st->db, "result", cols, 15);
	if (stmt == NULL) {
		store_fail_sql(st, "cannot store results");
		return -1;
	}
	for (size_t i = 0; i < run->n_results && rc == 0; i++)
		if (db_bind_int64(stmt, 1, run_id) < 0 ||
		    store_bind_result(stmt, &run->results[i], now) < 0 ||
		    db_bulk_row(stmt) < 0) {
			store_fail_sql(st, "cannot store result %s rep %d",
				       run->results[i].test,
				       run->results[i].rep);
			rc = -1;
		}
	if (rc == 0 && db_bulk_flush(stmt) < 0) {
		store_fail_sql(st, "cannot store results");
		rc = -1;
	}
	store_release(st, STORE_STMT_RESULTS);
	return rc;
}

/* Row STMT is on (id, test, rep) into IDS at the place of its result. */
static int
take_id(struct db_stmt *stmt, const struct record_run *run,
	const struct record_result **sorted, int64_t *ids)
{
	struct record_result key = {
		.test = db_column_text(stmt, 1),
		.rep = (int)db_column_int64(stmt, 2),
	};
	const struct record_result *k = &key, **hit;

	if (key.test == NULL)
		return -1;
	hit = bsearch(&k, sorted, run->n_results, sizeof(*sorted), record_result_key_cmp);
	if (hit == NULL)
		return -1;
	ids[*hit - run->results] = db_column_int64(stmt, 0);
	return 0;
}

/* The ids the results of RUN (RUN_ID) were given, in RUN's order. */
static int
read_ids(struct store *st, int64_t run_id, const struct record_run *run,
	 int64_t *ids)
{
	const struct record_result **sorted;
	struct db_stmt *stmt;
	size_t n = 0;
	int rc;

	stmt = store_cached(st, STORE_STMT_IDS, "SELECT id, test, rep"
			    " FROM result WHERE run_id = ?");
	if (stmt == NULL || db_bind_int64(stmt, 1, run_id) < 0) {
		store_fail_sql(st, "cannot read the results stored");
		if (stmt != NULL)
			store_release(st, STORE_STMT_IDS);
		return -1;
	}
	sorted = xcalloc(run->n_results + 1, sizeof(*sorted));
	for (size_t i = 0; i < run->n_results; i++)
		sorted[i] = &run->results[i];
	qsort(sorted, run->n_results, sizeof(*sorted), record_result_key_cmp);
	while ((rc = db_step(stmt)) == DB_ROW && n <= run->n_results)
		if (take_id(stmt, run, sorted, ids) == 0)
			n++;
	free(sorted);
	if (rc != DB_DONE || n != run->n_results) {
		if (rc == DB_DONE || rc == DB_ROW)
			snprintf(st->err, sizeof(st->err),
				 "cannot read the results stored: %zu of %zu",
				 n, run->n_results);
		else
			store_fail_sql(st, "cannot read the results stored");
		rc = -1;
	} else {
		rc = 0;
	}
	store_release(st, STORE_STMT_IDS);
	return rc;
}

/* The content hash RUN was imported from, as run RUN_ID's. */
static int
insert_hash(struct store *st, int64_t run_id, const char *sha256)
{
	struct db_stmt *stmt = db_prepare(st->db, "INSERT INTO run_import"
					  " (run_id, sha256) VALUES (?, ?)");
	int ok = stmt != NULL && db_bind_int64(stmt, 1, run_id) == 0 &&
		 db_bind_text(stmt, 2, sha256) == 0 &&
		 db_step(stmt) == DB_DONE;

	if (!ok)
		store_fail_sql(st, "cannot store the run's content hash");
	db_finalize(stmt);
	return ok ? 0 : -1;
}

int64_t
store_put_run(struct store *st, const struct record_run *run)
{
	int64_t id, *ids = xcalloc(run->n_results + 1, sizeof(*ids));
	enum store_tx kind;
	int ok;

	if (record_check(run, st->err, sizeof(st->err)) < 0 ||
	    store_tx_enter(st, &kind) < 0) {
		free(ids);
		return -1;
	}
	id = store_insert_run(st, run);
	ok = id >= 0 && store_add_env(st, id, run->env, run->n_env) == 0 &&
	     send_results(st, id, run) == 0 &&
	     read_ids(st, id, run, ids) == 0 &&
	     store_insert_samples(st, run->results, ids, run->n_results) == 0 &&
	     store_summary_put(st, id, run) == 0 &&
	     store_insert_kernel(st, run->results, ids, run->n_results) == 0 &&
	     (run->sha256 == NULL || insert_hash(st, id, run->sha256) == 0);
	free(ids);
	if (store_tx_leave(st, kind, ok) < 0)
		return -1;
	return id;
}
