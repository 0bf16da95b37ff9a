// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SQLite's failures in the words a user needs, for the SQLite open path
 * and backend (schema.c, schema_open.c, dbfile.c, db_sqlite.c): the
 * system's reason next to SQLite's, and what a failed first read of a
 * file means.
 */
#include "config.h"

#include "schema.h"

#include <stdio.h>
#include <string.h>

#include <sqlite3.h>


const char *
schema_errmsg(sqlite3 *db, char *buf, size_t len)
{
	int sys = sqlite3_system_errno(db);
	int code = sqlite3_errcode(db) & 0xff;

	/* "disk I/O error" alone does not tell a full disk from a bad one. */
	if (sys != 0 && (code == SQLITE_IOERR || code == SQLITE_FULL ||
			 code == SQLITE_CANTOPEN))
		snprintf(buf, len, "%s (%s)", sqlite3_errmsg(db), strerror(sys));
	else if (sqlite3_extended_errcode(db) == SQLITE_IOERR_WRITE)
		snprintf(buf, len, "%s (a write failed: disk full or file "
			 "size limit?)", sqlite3_errmsg(db));
	else
		snprintf(buf, len, "%s", sqlite3_errmsg(db));
	return buf;
}

void
schema_set_err(char *err, size_t errlen, sqlite3 *db, const char *what)
{
	char msg[256];

	snprintf(err, errlen, "%s: %s", what, schema_errmsg(db, msg, sizeof(msg)));
}

void
schema_set_read_err(char *err, size_t errlen, sqlite3 *db)
{
	switch (sqlite3_errcode(db)) {
	case SQLITE_NOTADB:
		snprintf(err, errlen, "not an SQLite database");
		break;
	case SQLITE_CORRUPT:
		snprintf(err, errlen, "corrupt or truncated database: %s",
			 sqlite3_errmsg(db));
		break;
	default:
		schema_set_err(err, errlen, db, "cannot read database");
		break;
	}
}
