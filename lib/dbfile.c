/*
 * The database file as a file: which paths may be opened as a database
 * (only plain names of regular files, never a directory or a device), the
 * directories created for a new one, the name handed to SQLite, and the
 * URI that reads it where its directory is not writable.
 */
#include "config.h"

#include "dbfile.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "dbpath.h"
#include "schema.h"

/* mkdir -p of everything before the last '/' of PATH, mode 0755. */
static int
make_parent_dirs(const char *path, char *err, size_t errlen)
{
	char dir[4096];
	char *slash, *p;
	struct stat sb;

	if (snprintf(dir, sizeof(dir), "%s", path) >= (int)sizeof(dir)) {
		snprintf(err, errlen, "path too long");
		return -1;
	}
	slash = strrchr(dir, '/');
	if (slash == NULL || slash == dir)
		return 0;
	*slash = '\0';
	for (p = dir + 1; ; p++) {
		int last = *p == '\0';

		if (*p != '/' && !last)
			continue;
		*p = '\0';
		if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
			snprintf(err, errlen, "cannot create directory %s: %s",
				 dir, strerror(errno));
			return -1;
		}
		if (last)
			break;
		*p = '/';
	}
	if (stat(dir, &sb) < 0 || !S_ISDIR(sb.st_mode)) {
		snprintf(err, errlen, "%s is not a directory", dir);
		return -1;
	}
	return 0;
}

/*
 * Whether the directory of PATH takes new files (-wal, -shm, a new
 * database).  Without this a read-only mount shows up later as SQLite
 * failing to open PATH-shm, "No such file or directory".  -1 with ERR.
 */
static int
check_writable_dir(const char *path, char *err, size_t errlen)
{
	char dir[4096];
	char *slash;

	if (snprintf(dir, sizeof(dir), "%s", path) >= (int)sizeof(dir)) {
		snprintf(err, errlen, "path too long");
		return -1;
	}
	slash = strrchr(dir, '/');
	if (slash == NULL)
		snprintf(dir, sizeof(dir), ".");
	else
		slash[slash == dir] = '\0';	/* "/a.db" lives in "/" */
	if (access(dir, W_OK) < 0 && errno == EROFS) {
		snprintf(err, errlen, "cannot write: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* Flags for an existing regular file, refusing what cannot be one. */
static int
existing_flags(const char *path, const struct stat *sb, enum dbfile_use use,
	       char *err, size_t errlen)
{
	if (S_ISDIR(sb->st_mode)) {
		snprintf(err, errlen, "is a directory");
		return -1;
	}
	if (!S_ISREG(sb->st_mode)) {
		snprintf(err, errlen, "not a regular file");
		return -1;
	}
	if (use == DBFILE_READ)
		return SQLITE_OPEN_READONLY;
	if (use == DBFILE_EDIT && sb->st_size == 0) {
		snprintf(err, errlen, "empty file, not a database");
		return -1;
	}
	/* Even root may not write there; say so before SQLite hides it. */
	if (access(path, W_OK) < 0 && errno == EROFS) {
		snprintf(err, errlen, "cannot write: %s", strerror(errno));
		return -1;
	}
	if (check_writable_dir(path, err, errlen) < 0)
		return -1;
	return SQLITE_OPEN_READWRITE;
}

/* Open flags for PATH, refusing what cannot be a database file. */
int
dbfile_open_flags(const char *path, enum dbfile_use use, char *err,
		  size_t errlen)
{
	struct stat sb;

	if (dbpath_check(path, err, errlen) < 0)
		return -1;
	if (stat(path, &sb) == 0)
		return existing_flags(path, &sb, use, err, errlen);
	if (errno != ENOENT || use != DBFILE_CREATE) {
		snprintf(err, errlen, "%s", errno == ENOENT ?
			 "no such database" : strerror(errno));
		return -1;
	}
	if (make_parent_dirs(path, err, errlen) < 0 ||
	    check_writable_dir(path, err, errlen) < 0)
		return -1;
	return SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
}

/*
 * PATH as the name given to sqlite3_open_v2 without SQLITE_OPEN_URI: a
 * relative name gets "./", so that even a library built with URI names
 * on by default (SQLITE_USE_URI) never reads it as "file:...".
 */
int
dbfile_sqlite_name(const char *path, char *name, size_t len)
{
	int n = snprintf(name, len, "%s%s", path[0] == '/' ? "" : "./", path);

	return n >= 0 && (size_t)n < len ? 0 : -1;
}

/* PATH as an SQLite URI filename for an immutable read.  0 or -1. */
int
dbfile_immutable_uri(const char *path, char *uri, size_t len)
{
	/* "file://" keeps a path starting with "//" from naming a host. */
	size_t j = (size_t)snprintf(uri, len, "file:%s",
				    *path == '/' ? "//" : "");

	for (; *path != '\0'; path++) {
		if (j + 4 >= len)
			return -1;
		if (strchr("%?#", *path) != NULL)
			j += (size_t)snprintf(uri + j, len - j, "%%%02X",
					      (unsigned char)*path);
		else
			uri[j++] = *path;
	}
	uri[j] = '\0';
	return snprintf(uri + j, len - j, "?immutable=1") < (int)(len - j) ?
		0 : -1;
}

/*
 * A reader of a WAL database creates PATH-shm; where it cannot (a
 * directory it may not write), SQLite reads the file only as immutable,
 * which is right as long as no write-ahead log holds newer commits.
 * Closes DB; returns the new handle with *VERSION read, or NULL.
 */
sqlite3 *
dbfile_reopen_immutable(const char *path, sqlite3 *db, int *version, char *err,
		 size_t errlen)
{
	int code = sqlite3_errcode(db) & 0xff;
	char uri[4200];
	struct stat sb;

	(void)sqlite3_close(db);	/* every statement is finalized */
	if (code != SQLITE_READONLY && code != SQLITE_CANTOPEN)
		return NULL;	/* ERR already says why */
	snprintf(uri, sizeof(uri), "%s-wal", path);
	if (stat(uri, &sb) == 0 && sb.st_size > 0) {
		snprintf(err, errlen, "cannot read: the directory is not "
			 "writable and %s holds recent results", uri);
		return NULL;
	}
	if (dbfile_immutable_uri(path, uri, sizeof(uri)) < 0) {
		snprintf(err, errlen, "path too long");
		return NULL;
	}
	db = NULL;
	if (sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI,
			    NULL) != SQLITE_OK ||
	    schema_inspect(db, version, err, errlen) < 0) {
		if (db != NULL && sqlite3_errcode(db) != SQLITE_OK)
			schema_set_read_err(err, errlen, db);
		(void)sqlite3_close(db);	/* NULL-safe; nothing is open */
		return NULL;
	}
	return db;
}
