/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The SQLite backend of db.h.  Private to the files that must speak
 * to SQLite itself (db_sqlite.c, schema*.c, dbfile.c): the
 * open path with its pragmas, checks, WAL and immutable reopen.
 */
#ifndef AIM_DB_SQLITE_H
#define AIM_DB_SQLITE_H

#include <sqlite3.h>

#include "db.h"

/*
 * A connection of db.h over the open handle H, which it then owns
 * (db_close closes it).  NULL when out of memory, H closed.
 */
struct db *db_sqlite_wrap(sqlite3 *h);

/* The handle under DB, an SQLite connection of db_sqlite_wrap. */
sqlite3 *db_sqlite_handle(struct db *db);

/*
 * A statement of DB whose steps together run longer than LIMIT_NS is
 * stopped with an error naming the file: DB_STATEMENT_LIMIT_S unless
 * set here (a test's shorter limit).
 */
void db_sqlite_set_limit(struct db *db, int64_t limit_ns);

/*
 * Keep SQLite's reason for the failure that just happened on DB as its
 * db_errmsg; -1.
 */
int db_sqlite_fail(struct db *db);

/* db_sqlite_check.c: the ops schema_version and check of db_int.h. */
int db_sqlite_schema_version(struct db *db);
int db_sqlite_check(struct db *db, void (*fn)(const char *, void *),
		    void *arg, int64_t *orphans);

#endif
