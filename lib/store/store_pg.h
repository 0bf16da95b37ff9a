/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Opening a results store on a PostgreSQL server, for store_open() when
 * the name is a server (db_target_is_postgres, dbtarget.h).
 */
#ifndef AIM_STORE_PG_H
#define AIM_STORE_PG_H

#include <stddef.h>

#include "store.h"

struct db;

/*
 * Connect to TARGET (db_pg_connect) and check what its schema holds as
 * a file is checked (schema_pg_inspect): a foreign or newer schema is
 * refused untouched.  STORE_RW creates or migrates it
 * (schema_pg_migrate); STORE_EDIT migrates an older one; the others
 * refuse an empty one ("no results in this database").  Then a writer
 * (STORE_RW, STORE_EDIT) needs the schema exactly this version's
 * (schema_pg_verify): a trigger, rule, policy, function or column
 * aimkit did not make is refused, naming it; with SEEN (store_reopen's,
 * may be NULL) only on the first open that SEEN has not yet marked
 * verified.  A reader is held by the session's statement timeout, and
 * one that copies from the server (merge, push) compares the schema
 * itself (store_verify_schema).  The connection, or NULL with a one-line reason in ERR; in
 * a build without libpq, always NULL with that reason.
 */
struct db *store_pg_open(const char *target, enum store_mode mode,
			 struct store_checked *seen, char *err, size_t errlen);

#endif
