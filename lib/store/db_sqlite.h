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

#endif
