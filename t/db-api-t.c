// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lib/store/db.h on SQLite (lib/store/db_sqlite.c): the
 * engine-independent body of t/dbfx.c on two connections to one new
 * file.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <sqlite3.h>

#include "db_sqlite.h"
#include "dbfx.h"
#include "storefx.h"
#include "tap.h"

static struct db *
open_file(void *arg, char *err, size_t errlen)
{
	sqlite3 *h = NULL;

	if (sqlite3_open_v2(arg, &h, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
			    NULL) != SQLITE_OK ||
	    sqlite3_busy_timeout(h, 5000) != SQLITE_OK ||
	    /* As aimkit's files are: readers and a writer at once. */
	    sqlite3_exec(h, "PRAGMA journal_mode = WAL", NULL, NULL,
			 NULL) != SQLITE_OK) {
		snprintf(err, errlen, "%s", h != NULL ? sqlite3_errmsg(h) :
						       "out of memory");
		(void)sqlite3_close(h);	/* NULL-safe; nothing is open */
		return NULL;
	}
	return db_sqlite_wrap(h);
}

int
main(void)
{
	struct storefx fx;
	char path[4200];
	struct dbfx_engine e = {
		.name = "sqlite",
		.engine = DB_SQLITE,
		.open = open_file,
		.arg = path,
		.table_sql = "CREATE TABLE dbfx (id INTEGER PRIMARY KEY,"
			     " n INTEGER, x REAL, s TEXT, u TEXT UNIQUE)",
	};

	storefx_init(&fx, "db-api");
	storefx_path(&fx, "api.db", path, sizeof(path));
	return storefx_finish(&fx, dbfx_run(&e));
}
