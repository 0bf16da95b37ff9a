// SPDX-License-Identifier: GPL-2.0-or-later
/* One integer from a database, for the tests of lib/store/db.h (dbval.h). */
#include "config.h"

#include "dbval.h"

#include "db.h"

int64_t
dbval_int(struct db *db, const char *sql)
{
	struct db_stmt *st = db_prepare(db, sql);
	int64_t v = -1;

	if (st != NULL && db_step(st) == DB_ROW)
		v = db_column_int64(st, 0);
	db_finalize(st);
	return v;
}
