/*
 * The database file as a file, before SQLite reads it (lib/schema.c).
 */
#ifndef AIM_DBFILE_H
#define AIM_DBFILE_H

#include <stddef.h>

/*
 * SQLite open flags for PATH: READONLY or READWRITE when it is a regular
 * file; READWRITE|CREATE when it does not exist and READONLY is 0, after
 * creating its missing parent directories (mode 0755).  Anything else
 * (a directory, a device, a missing file to read) is -1 with a one-line
 * reason in ERR.
 */
int dbfile_open_flags(const char *path, int readonly, char *err,
		      size_t errlen);

/*
 * PATH as an SQLite URI filename ("file:...?immutable=1", with %, ? and
 * # escaped) for reading a file whose directory is not writable, into URI.
 * 0, or -1 when it does not fit.
 */
int dbfile_immutable_uri(const char *path, char *uri, size_t len);

#endif
