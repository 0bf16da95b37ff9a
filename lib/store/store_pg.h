/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Opening a results store on a PostgreSQL server, for store_open() when
 * the name is a server (db_target_is_postgres, dbtarget.h).
 */
#ifndef AIM_STORE_PG_H
#define AIM_STORE_PG_H

#include <stddef.h>

struct db;

/*
 * Connect to TARGET (db_pg_connect) and check what its schema holds as
 * a file is checked (schema_pg_inspect): a foreign or newer schema is
 * refused untouched.  WRITABLE creates or migrates it
 * (schema_pg_migrate); otherwise an empty one is refused ("no results in
 * this database").  The connection, or NULL with a one-line reason in
 * ERR; in a build without libpq, always NULL with that reason.
 * store_open() opens STORE_EDIT as a reader first, so that an editor
 * never creates an empty schema, then as a writer if it must migrate.
 */
struct db *store_pg_open(const char *target, int writable, char *err,
			 size_t errlen);

#endif
