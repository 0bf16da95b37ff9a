// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A statement of an SQLite file is stopped once its steps together ran
 * past the limit (db_sqlite_set_limit, DB_STATEMENT_LIMIT_S unless a
 * test shortens it): a view over an endless recursive query, whether it
 * spins inside one step or streams rows, ends in an error of one line
 * naming the file, and the connection goes on working.  Time the program
 * spends between steps does not count.
 */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sqlite3.h>

#include "clock.h"
#include "db.h"
#include "db_sqlite.h"
#include "storefx.h"
#include "tap.h"

#define LIMIT_NS (300 * INT64_C(1000000))
#define BOUND_NS (10 * INT64_C(1000000000))

static struct db *
hostile(const char *path)
{
	sqlite3 *h = NULL;

	if (sqlite3_open_v2(path, &h, SQLITE_OPEN_READWRITE |
			    SQLITE_OPEN_CREATE, NULL) != SQLITE_OK ||
	    sqlite3_exec(h, "CREATE VIEW forever AS WITH RECURSIVE"
			 " c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)"
			 " SELECT x FROM c", NULL, NULL, NULL) != SQLITE_OK)
		bail("cannot make %s: %s", path, sqlite3_errmsg(h));
	return db_sqlite_wrap(h);
}

/* The error of a stopped statement: one line, naming PATH. */
static int
stopped_line(struct db *db, const char *path)
{
	const char *m = db_errmsg(db);

	return strstr(m, path) != NULL && strstr(m, "stopped") != NULL &&
	       strchr(m, '\n') == NULL;
}

int
main(void)
{
	char path[PATH_MAX + 32];
	struct storefx fx;
	struct db_stmt *st;
	struct db *db;
	int64_t t0, rows = 0;
	int rc;

	plan_lazy();
	storefx_init(&fx, "db-limit");
	db = hostile(storefx_path(&fx, "hostile.db", path, sizeof(path)));
	db_sqlite_set_limit(db, LIMIT_NS);

	st = db_prepare(db, "SELECT count(*) FROM forever");
	t0 = clock_mono_ns();
	rc = st != NULL ? db_step(st) : DB_ROW;
	ok(rc == DB_ERROR, "a count over an endless view is stopped");
	ok(clock_mono_ns() - t0 < BOUND_NS, "within the bound");
	ok(stopped_line(db, path), "one line naming the file: %s",
	   db_errmsg(db));
	db_finalize(st);

	st = db_prepare(db, "SELECT x FROM forever");
	t0 = clock_mono_ns();
	while (st != NULL && (rc = db_step(st)) == DB_ROW)
		rows++;
	ok(rc == DB_ERROR && rows > 1000, "rows streamed from it are stopped "
	   "too, once their steps add up (%lld rows)", (long long)rows);
	ok(clock_mono_ns() - t0 < BOUND_NS && stopped_line(db, path),
	   "within the bound, with the same line");
	db_finalize(st);

	st = db_prepare(db, "SELECT x FROM forever LIMIT 3");
	rows = 0;
	while (st != NULL && (rc = db_step(st)) == DB_ROW) {
		const struct timespec pause = { 0, 200 * 1000000L };

		rows++;
		/* an early wake only shortens the pause */
		(void)nanosleep(&pause, NULL);
	}
	ok(rc == DB_DONE && rows == 3, "a statement the program is slow to "
	   "read is not stopped: only its steps count");
	db_finalize(st);
	st = db_prepare(db, "SELECT 42");
	ok(st != NULL && db_step(st) == DB_ROW && db_column_int64(st, 0) == 42,
	   "the connection goes on working");
	db_finalize(st);
	db_close(db);
	return storefx_finish(&fx, done_testing());
}
