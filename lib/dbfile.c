/*
 * The database file as a file: which paths may be opened as a database
 * (never a directory or a device), the directories created for a new one,
 * and the URI that reads it where its directory is not writable.
 */
#include "config.h"

#include "dbfile.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <sqlite3.h>

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

/* Open flags for PATH, refusing what cannot be a database file. */
int
dbfile_open_flags(const char *path, int readonly, char *err, size_t errlen)
{
	struct stat sb;

	if (stat(path, &sb) == 0) {
		if (S_ISDIR(sb.st_mode)) {
			snprintf(err, errlen, "is a directory");
			return -1;
		}
		if (!S_ISREG(sb.st_mode)) {
			snprintf(err, errlen, "not a regular file");
			return -1;
		}
		return readonly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE;
	}
	if (errno != ENOENT || readonly) {
		snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	if (make_parent_dirs(path, err, errlen) < 0)
		return -1;
	return SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
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
