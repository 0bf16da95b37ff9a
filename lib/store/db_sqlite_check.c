// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What db.h asks of an SQLite file beyond statements: its schema version
 * (user_version) and the check behind `aimdb check`, SQLite's own
 * integrity and foreign key checks.
 */
#include "config.h"

#include "db_sqlite.h"

#include <stdint.h>
#include <string.h>

#include "schema.h"
#include "schema_ver.h"

int
db_sqlite_schema_version(struct db *db)
{
	int64_t v;

	if (schema_query_int(db_sqlite_handle(db), "PRAGMA user_version", &v) < 0)
		return db_sqlite_fail(db);
	return v >= 0 && v <= INT32_MAX ? (int)v : 0;
}

/*
 * Add to *ORPHANS the samples and metrics without a parent, which no key
 * holds from version 9 on, so foreign_key_check does not see them.
 */
static int
held_orphans(struct db *db, int64_t *orphans)
{
	int64_t n;
	int version = db_sqlite_schema_version(db);

	if (version < SCHEMA_HELD_VERSION)
		return 0;
	if (schema_query_int(db_sqlite_handle(db), SCHEMA_HELD_ORPHANS, &n) < 0)
		return -1;
	*orphans += n;
	return 0;
}

/*
 * integrity_check's lines, then foreign_key_check's rows counted when
 * they said "ok"; a file too damaged to answer is one more line of the
 * verdict, not an error of the check.
 */
int
db_sqlite_check(struct db *db, void (*fn)(const char *, void *), void *arg,
		int64_t *orphans)
{
	sqlite3 *h = db_sqlite_handle(db);
	sqlite3_stmt *s = NULL;
	int rc = sqlite3_prepare_v2(h, "PRAGMA integrity_check", -1, &s,
				    NULL), lines = 0, ok = 0;

	while (rc == SQLITE_OK && (rc = sqlite3_step(s)) == SQLITE_ROW) {
		const char *line = (const char *)sqlite3_column_text(s, 0);

		ok = lines++ == 0 && line != NULL && strcmp(line, "ok") == 0;
		fn(line != NULL ? line : "", arg);
		rc = SQLITE_OK;
	}
	if (rc != SQLITE_DONE && (sqlite3_errcode(h) & 0xff) == SQLITE_CORRUPT) {
		fn(sqlite3_errmsg(h), arg);
		ok = 0;
		rc = SQLITE_DONE;
	}
	if (rc != SQLITE_DONE)
		(void)db_sqlite_fail(db);
	(void)sqlite3_finalize(s);	/* the step's failure is kept */
	*orphans = -1;
	if (rc != SQLITE_DONE || !ok || lines != 1)
		return rc == SQLITE_DONE ? 0 : -1;
	/*
	 * A key whose parent is no longer a table (a view put in its place)
	 * cannot be checked: the file is damaged, which the schema check
	 * names; the rows stay uncounted.
	 */
	if (sqlite3_prepare_v2(h, "PRAGMA foreign_key_check", -1, &s,
			       NULL) != SQLITE_OK)
		return 0;
	*orphans = 0;
	while ((rc = sqlite3_step(s)) == SQLITE_ROW)
		(*orphans)++;
	(void)sqlite3_finalize(s);	/* the step's code is rc */
	if (rc != SQLITE_DONE || held_orphans(db, orphans) < 0)
		*orphans = -1;
	return 0;
}
