// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * t/bulkfx.c in a new schema of a PostgreSQL server, then the server
 * ending the session while rows wait to be sent: the flush fails as a
 * lost connection, and none of the rows is stored.  Skips without one.
 */
#include "config.h"

#include <stdio.h>

#include "bulkfx.h"
#include "db.h"
#include "pgfx.h"
#include "tap.h"

/* N rows of run_env for RUN on DB, its session ended before they are sent. */
static void
test_lost(const struct pgfx *fx, int64_t run, int n)
{
	static const char *const cols[] = { "run_id", "key", "value" };
	struct db *db = pgfx_connect(fx);
	struct db_stmt *q = db_prepare(db, "SELECT pg_backend_pid()");
	struct db_stmt *b = db_bulk_prepare(db, "run_env", cols, 3);
	char key[32], sql[96];
	long long pid = -1;
	long long before = pgfx_int(fx, "SELECT count(*) FROM run_env");
	int rc = q != NULL && b != NULL && db_begin(db) == 0 ? 0 : -1;

	if (rc == 0 && db_step(q) == DB_ROW)
		pid = db_column_int64(q, 0);
	for (int i = 0; i < n && rc == 0; i++) {
		snprintf(key, sizeof(key), "lost %d", i);
		rc = db_bind_int64(b, 1, run) < 0 ||
		     db_bind_text(b, 2, key) < 0 ||
		     db_bind_text(b, 3, "v\t\\") < 0 || db_bulk_row(b) < 0;
	}
	snprintf(sql, sizeof(sql), "SELECT pg_terminate_backend(%lld)::int",
		 pid);
	ok(rc == 0 && pid > 0 && pgfx_int(fx, sql) == 1, "%d rows kept, the"
	   " session ended", n);
	ok(db_bulk_flush(b) < 0 && db_lost(db), "sending them fails as a"
	   " lost connection: %s", db_errmsg(db));
	is_int(pgfx_int(fx, "SELECT count(*) FROM run_env"), before,
	       "and none of them is stored");
	db_finalize(b);
	db_finalize(q);
	db_close(db);
}

int
main(void)
{
	struct pgfx fx;

	plan_lazy();
	pgfx_init(&fx, "bulk");
	bulkfx_run(fx.conninfo);
	test_lost(&fx, pgfx_int(&fx, "SELECT min(id) FROM run"), 20);
	test_lost(&fx, pgfx_int(&fx, "SELECT min(id) FROM run"), 2);
	return pgfx_finish(&fx, done_testing());
}
