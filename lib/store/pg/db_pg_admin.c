// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What db.h asks of a server beyond statements: the schema version
 * schema_pg.c keeps in aimkit_schema, and the check behind
 * `aimdb check`.
 */
#include <stdint.h>

#include "db_pg.h"
#include "db_pg_int.h"
#include "schema_ver.h"

/* One integer from SQL answering one row and column: 0 or -1. */
static int
one_int(struct db *db, const char *sql, int64_t *out)
{
	struct db_stmt *st = db_prepare(db, sql);
	int rc = -1;

	if (st != NULL && db_step(st) == DB_ROW) {
		*out = db_column_int64(st, 0);
		rc = db_step(st) == DB_DONE ? 0 : -1;
	}
	db_finalize(st);
	return rc;
}

/*
 * Asked apart from the version, since naming a missing table fails the
 * statement, and with it a snapshot's transaction.
 */
int
db_pg_schema_version(struct db *db)
{
	struct db_pg *d = (struct db_pg *)db;
	int64_t present = 0, v = 0;

	/* Once per connection: the readers ask before each statement. */
	if (d->version > 0)
		return d->version;
	if (one_int(db, "SELECT CAST(to_regclass('aimkit_schema') IS NOT NULL"
		    " AS INTEGER)", &present) < 0)
		return -1;
	if (!present)
		return 0;
	if (one_int(db, "SELECT COALESCE(MAX(version), 0) FROM aimkit_schema",
		    &v) < 0)
		return -1;
	if (v < 0 || v > 1000000)
		return -1;
	d->version = (int)v;
	return d->version;
}

void
db_pg_version_known(struct db *db, int version)
{
	((struct db_pg *)db)->version = version > 0 ? version : 0;
}

/* A lock of the session's transaction, released by its end. */
int
db_pg_lock(struct db *db, int64_t key)
{
	struct db_stmt *st;
	int rc = -1;

	if (!db_in_transaction(db)) {
		db_pg_fail_msg((struct db_pg *)db,
			       "a lock is taken inside a writing transaction");
		return -1;
	}
	st = db_prepare(db, "SELECT pg_advisory_xact_lock(?)");
	if (st != NULL && db_bind_int64(st, 1, key) == 0 &&
	    db_step(st) == DB_ROW && db_step(st) == DB_DONE)
		rc = 0;
	db_finalize(st);
	return rc;
}

/*
 * The server keeps its own pages and enforces the foreign keys, so its
 * verdict is "ok"; the rows without a parent are still counted, as
 * SQLite's foreign_key_check does, since a key can be dropped by hand,
 * and so are the samples and metrics, which no key holds (version 9).
 */
int
db_pg_check(struct db *db, void (*fn)(const char *, void *), void *arg,
	    int64_t *orphans)
{
	static const char sql[] =
		"SELECT (SELECT count(*) FROM run_env e WHERE NOT EXISTS"
		"  (SELECT 1 FROM run r WHERE r.id = e.run_id))"
		" + (SELECT count(*) FROM result x WHERE NOT EXISTS"
		"  (SELECT 1 FROM run r WHERE r.id = x.run_id))"
		" + (" SCHEMA_HELD_ORPHANS ")"
		" + (SELECT count(*) FROM run_import i WHERE NOT EXISTS"
		"  (SELECT 1 FROM run r WHERE r.id = i.run_id))"
		" + (SELECT count(*) FROM result_monitor o WHERE NOT EXISTS"
		"  (SELECT 1 FROM result x WHERE x.id = o.result_id))"
		" + (SELECT count(*) FROM kernel_log k WHERE NOT EXISTS"
		"  (SELECT 1 FROM result x WHERE x.id = k.result_id))";

	if (one_int(db, sql, orphans) < 0)
		return -1;
	fn("ok", arg);
	return 0;
}
