// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The database file as a file: which paths may be opened as a database
 * (only plain names of regular files, never a directory or a device), the
 * directories created for a new one, the name handed to SQLite, and the
 * URI that reads it where its directory is not writable.
 */
#include "config.h"

#include "dbfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "dbpath.h"
#include "schema.h"

/*
 * One component NAME of a directory to create under DIRFD: opened, and
 * made first when missing; never followed when it is a link.  The new
 * descriptor, or -1 with ERR naming the path up to it, SOFAR.
 */
static int
open_component(int dirfd, const char *name, const char *sofar, char *err,
	       size_t errlen)
{
	const int flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
	int fd = openat(dirfd, name, flags);
	struct stat sb;

	if (fd < 0 && errno == ENOENT &&
	    (mkdirat(dirfd, name, 0755) == 0 || errno == EEXIST))
		fd = openat(dirfd, name, flags);
	if (fd >= 0)
		return fd;
	if (fstatat(dirfd, name, &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
	    S_ISLNK(sb.st_mode))
		snprintf(err, errlen, "%s is a symbolic link: a directory is "
			 "never created through one (create it first)", sofar);
	else if (errno == ENOTDIR)
		snprintf(err, errlen, "%s is not a directory", sofar);
	else
		snprintf(err, errlen, "cannot create directory %s: %s", sofar,
			 strerror(errno));
	return -1;
}

/*
 * mkdir -p of everything before the last '/' of PATH, mode 0755.  A
 * parent that exists is used as it is, links and all: the user named it.
 * Creating one walks down from the start, and a link met on the way
 * (another user's, perhaps, in a shared directory) refuses.
 */
static int
make_parent_dirs(const char *path, char *err, size_t errlen)
{
	char dir[4096];
	char *slash, *p, *name;
	struct stat sb;
	int fd, next;

	if (snprintf(dir, sizeof(dir), "%s", path) >= (int)sizeof(dir)) {
		snprintf(err, errlen, "path too long");
		return -1;
	}
	slash = strrchr(dir, '/');
	if (slash == NULL || slash == dir)
		return 0;
	*slash = '\0';
	if (stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode))
		return 0;
	fd = open(dir[0] == '/' ? "/" : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "cannot open %s: %s",
			 dir[0] == '/' ? "/" : ".", strerror(errno));
		return -1;
	}
	for (name = p = dir + (dir[0] == '/'); ; p++) {
		int last = *p == '\0';

		if (*p != '/' && !last)
			continue;
		*p = '\0';
		/* "a//b" has an empty component: the same directory. */
		next = open_component(fd, *name == '\0' ? "." : name, dir, err,
				      errlen);
		(void)close(fd);	/* a directory opened for reading */
		if (next < 0)
			return -1;
		fd = next;
		if (last)
			break;
		*p = '/';
		name = p + 1;
	}
	(void)close(fd);	/* as above */
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

/*
 * Open flags for PATH, refusing what cannot be a database file.  A writer
 * never follows a link at the name (root would create or write its
 * target, anyone's file); a reader may, since reading there is harmless.
 */
int
dbfile_open_flags(const char *path, enum dbfile_use use, char *err,
		  size_t errlen)
{
	struct stat sb;
	int rc;

	if (dbpath_check(path, err, errlen) < 0)
		return -1;
	rc = use == DBFILE_READ ? stat(path, &sb) : lstat(path, &sb);
	if (rc == 0 && S_ISLNK(sb.st_mode)) {
		snprintf(err, errlen, "is a symbolic link: give the path of "
			 "the file itself");
		return -1;
	}
	if (rc == 0)
		rc = existing_flags(path, &sb, use, err, errlen);
	else if (errno != ENOENT || use != DBFILE_CREATE)
		snprintf(err, errlen, "%s", errno == ENOENT ?
			 "no such database" : strerror(errno));
	else if (make_parent_dirs(path, err, errlen) < 0 ||
		 check_writable_dir(path, err, errlen) < 0)
		rc = -1;
	else
		rc = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
	return rc < 0 ? -1 : rc | SQLITE_OPEN_NOFOLLOW;
}

/*
 * The name handed to SQLite, opened with SQLITE_OPEN_NOFOLLOW, which
 * refuses a link in any component: so the links a user may have in the
 * path are resolved first, the directory's for a writer, the whole path
 * for a reader.  Absolute, so even a library built with URI names on by
 * default (SQLITE_USE_URI) never reads it as "file:...".
 */
int
dbfile_sqlite_name(const char *path, enum dbfile_use use, char *name,
		   size_t len, char *err, size_t errlen)
{
	char dir[4096], *real;
	const char *base = "";
	char *slash;
	int n;

	if (snprintf(dir, sizeof(dir), "%s", path) >= (int)sizeof(dir))
		goto too_long;
	slash = strrchr(dir, '/');
	if (use != DBFILE_READ && slash == NULL) {
		base = path;
		snprintf(dir, sizeof(dir), ".");
	} else if (use != DBFILE_READ) {
		base = path + (slash - dir) + 1;
		slash[slash == dir] = '\0';	/* "/a.db" lives in "/" */
	}
	real = realpath(dir, NULL);
	if (real == NULL) {
		snprintf(err, errlen, "cannot resolve the path: %s",
			 strerror(errno));
		return -1;
	}
	n = snprintf(name, len, "%s%s%s", real,
		     *base != '\0' && strcmp(real, "/") != 0 ? "/" : "", base);
	free(real);
	if (n >= 0 && (size_t)n < len)
		return 0;
too_long:
	snprintf(err, errlen, "path too long");
	return -1;
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
	if (sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI |
			    SQLITE_OPEN_NOFOLLOW,
			    NULL) != SQLITE_OK ||
	    schema_inspect(db, version, err, errlen) < 0) {
		if (db != NULL && sqlite3_errcode(db) != SQLITE_OK)
			schema_set_read_err(err, errlen, db);
		(void)sqlite3_close(db);	/* NULL-safe; nothing is open */
		return NULL;
	}
	return db;
}
