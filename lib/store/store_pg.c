// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The checks of opening a PostgreSQL store, in the order schema_open.c
 * makes them for a file: what the schema holds before anything is
 * written, then the creation or migration of a writer.
 */
#include "config.h"

#include "store_pg.h"

#include <stdio.h>

#include "db.h"
#include "db_pg.h"
#include "schema_ver.h"
#include "schema_pg.h"

#ifdef HAVE_LIBPQ
struct db *
store_pg_open(const char *target, int writable, char *err, size_t errlen)
{
	struct db *db = db_pg_connect(target, err, errlen);
	int version;

	if (db == NULL)
		return NULL;
	if (schema_pg_inspect(db, &version, err, errlen) < 0)
		goto fail;
	if (!writable && schema_check_ro(version, err, errlen) < 0)
		goto fail;
	if (writable && version < schema_pg_version() &&
	    schema_pg_migrate(db, err, errlen) < 0)
		goto fail;
	return db;
fail:
	db_close(db);
	return NULL;
}
#else
struct db *
store_pg_open(const char *target, int writable, char *err, size_t errlen)
{
	snprintf(err, errlen, "a PostgreSQL server: this aimkit was built "
		 "without PostgreSQL (configure --without-postgresql)");
	return NULL;
}
#endif
