/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The database file as a file, before SQLite reads it (schema.c).
 */
#ifndef AIM_DBFILE_H
#define AIM_DBFILE_H

#include <stddef.h>

#include <sqlite3.h>

enum dbfile_use {
	DBFILE_READ,	/* an existing file, read only */
	DBFILE_EDIT,	/* an existing, non-empty file, read and written */
	DBFILE_CREATE,	/* as EDIT, or created when missing or empty */
};

/*
 * SQLite open flags for PATH: READONLY for DBFILE_READ, READWRITE for a
 * regular file otherwise; READWRITE|CREATE for a missing file and
 * DBFILE_CREATE, after creating its missing parent directories (mode
 * 0755, never through a symbolic link); NOFOLLOW always.  Anything else
 * (a name dbpath_check() refuses, a symbolic link to write, a directory,
 * a device, a missing file to read or edit, an empty file to edit, a file
 * or directory on a read-only file system to write) is -1 with a one-line
 * reason in ERR ("no such database" for a missing file, "is a symbolic
 * link").
 */
int dbfile_open_flags(const char *path, enum dbfile_use use, char *err,
		      size_t errlen);

/*
 * PATH as the absolute file name for sqlite3_open_v2 with NOFOLLOW and
 * without URI handling, into NAME: the links of its directory resolved
 * for writers, of the whole path for DBFILE_READ.  0, or -1 with ERR.
 */
int dbfile_sqlite_name(const char *path, enum dbfile_use use, char *name,
		       size_t len, char *err, size_t errlen);

/*
 * PATH as an SQLite URI filename ("file:...?immutable=1", with %, ? and
 * # escaped) for reading a file whose directory is not writable, into URI.
 * 0, or -1 when it does not fit.
 */
int dbfile_immutable_uri(const char *path, char *uri, size_t len);

/*
 * A reader of a WAL database creates PATH-shm; where it cannot (a
 * directory it may not write), SQLite reads the file only as immutable,
 * which is right as long as no write-ahead log holds newer commits.
 * Closes DB (whose failure ERR already describes); returns the new handle
 * with *VERSION read (schema_inspect), or NULL with ERR.
 */
sqlite3 *dbfile_reopen_immutable(const char *path, sqlite3 *db, int *version,
				 char *err, size_t errlen);

#endif
