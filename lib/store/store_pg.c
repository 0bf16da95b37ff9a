// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The checks of opening a PostgreSQL store, in the order schema_open.c
 * makes them for a file: what the schema holds before anything is
 * written, the creation or migration of a writer, then, for a writer,
 * the schema exactly.
 */
#include "config.h"

#include "store_pg.h"

#include <stdio.h>

#include "db.h"
#include "db_pg.h"
#include "schema_ver.h"
#include "schema_pg.h"

#ifdef HAVE_LIBPQ
/*
 * An editor, like a reader, never makes the tables: an empty schema
 * holds no run to change, and is refused as a reader refuses it; a
 * schema it finds older it migrates, as every writer does.
 */
struct db *
store_pg_open(const char *target, enum store_mode mode,
	      struct store_checked *seen, char *err, size_t errlen)
{
	struct db *db = db_pg_connect(target, err, errlen);
	struct schema_first f = { err, errlen, 0 };
	int version;

	if (db == NULL)
		return NULL;
	if (schema_pg_inspect(db, &version, err, errlen) < 0)
		goto fail;
	if (mode != STORE_RW && schema_check_ro(version, err, errlen) < 0)
		goto fail;
	if ((mode == STORE_RW || mode == STORE_EDIT) &&
	    version < schema_pg_version() &&
	    schema_pg_migrate(db, err, errlen) < 0)
		goto fail;
	/*
	 * Triggers, rules, policies, columns: what no file could hold
	 * either, before a writer writes; once per writer's run, as a
	 * file's costly checks are.  A reader is bounded by the session's
	 * statement timeout; what copies from a server checks it itself.
	 */
	if ((mode == STORE_RW || mode == STORE_EDIT) &&
	    (seen == NULL || seen->version != schema_pg_version()) &&
	    schema_pg_verify(db, schema_first_problem, &f) != 0)
		goto fail;
	if (seen != NULL)
		seen->version = schema_pg_version();
	return db;
fail:
	db_close(db);
	return NULL;
}
#else
struct db *
store_pg_open(const char *target, enum store_mode mode,
	      struct store_checked *seen, char *err, size_t errlen)
{
	(void)target;
	(void)mode;
	(void)seen;
	snprintf(err, errlen, "a PostgreSQL server: this aimkit was built "
		 "without PostgreSQL (configure --without-postgresql)");
	return NULL;
}
#endif
