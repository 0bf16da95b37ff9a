/*
 * The database file as a file, before SQLite reads it (lib/schema.c).
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
 * 0755).  Anything else (a name dbpath_check() refuses, a directory, a
 * device, a missing file to read or edit, an empty file to edit, a file or
 * directory on a read-only file system to write) is -1 with a one-line
 * reason in ERR ("no such database" for a missing file).
 */
int dbfile_open_flags(const char *path, enum dbfile_use use, char *err,
		      size_t errlen);

/*
 * PATH as the file name for sqlite3_open_v2 (never opened as a URI):
 * "./" before a relative path.  0, or -1 when it does not fit in LEN.
 */
int dbfile_sqlite_name(const char *path, char *name, size_t len);

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
