// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Default database location.  A results/ folder of one's own in the
 * current directory wins over the per-user data directory so that a
 * checkout of a project keeps its numbers next to it.
 */
#include "config.h"

#include "dbpath.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dbtarget.h"
#include "xalloc.h"

/*
 * Whether PATH is a directory of the effective user that nobody else may
 * write: in a shared directory (a lab machine's /tmp, someone's checkout
 * run by root) another user could otherwise make results/ or plant links
 * in it and choose where root writes.  A link named PATH is not followed.
 */
static int
is_private_dir(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0 && S_ISDIR(st.st_mode) &&
	       st.st_uid == geteuid() && (st.st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

/*
 * Whether every directory on the way to the absolute PATH that exists
 * is the effective user's or root's, and writable by nobody else unless
 * sticky: the rule of results/ for a path that may go through shared
 * directories, whose missing part the writer then creates.  Another
 * user who could write one of them could plant a link or a directory of
 * theirs and choose where we write.
 */
static int
is_safe_path(const char *path)
{
	char *p = xstrdup(path);
	int safe = 1;

	for (char *slash = p; safe && slash != NULL;
	     slash = strchr(slash + 1, '/')) {
		struct stat st;
		char keep = slash[1];

		slash[1] = '\0';	/* the prefix up to this '/' */
		if (stat(p, &st) != 0) {
			slash[1] = keep;
			break;	/* made by the writer, below a safe one */
		}
		slash[1] = keep;
		safe = S_ISDIR(st.st_mode) &&
		       (st.st_uid == geteuid() || st.st_uid == 0) &&
		       ((st.st_mode & (S_IWGRP | S_IWOTH)) == 0 ||
			(st.st_mode & S_ISVTX) != 0);
	}
	if (safe) {
		struct stat st;

		safe = stat(p, &st) != 0 ||
		       (S_ISDIR(st.st_mode) && st.st_uid == geteuid() &&
			(st.st_mode & (S_IWGRP | S_IWOTH)) == 0);
	}
	free(p);
	return safe;
}

char *
dbpath_default(void)
{
	const char *env = getenv("AIM_DB");
	const char *xdg, *home;
	char *dir;

	if (env != NULL && *env != '\0')
		return xstrdup(env);
	if (is_private_dir("results"))
		return xstrdup("results/aim.db");
	/* The XDG spec says relative values are invalid and to be ignored. */
	xdg = getenv("XDG_DATA_HOME");
	dir = xdg != NULL && xdg[0] == '/' ? xasprintf("%s/aimkit", xdg) : NULL;
	if (dir != NULL && is_safe_path(dir)) {
		char *db = xasprintf("%s/aim.db", dir);

		free(dir);
		return db;
	}
	free(dir);
	home = getenv("HOME");
	if (home != NULL && home[0] != '\0')
		return xasprintf("%s/.local/share/aimkit/aim.db", home);
	return NULL;
}

/*
 * SQLite gives "" and ":memory:" databases that vanish at close, and with
 * URI names on (SQLITE_USE_URI, or a build that sets it) "file:..." can
 * select memory, another VFS or options: each would store nothing while
 * its caller reports success.
 */
int
dbpath_check(const char *path, char *why, size_t len)
{
	if (path[0] == '\0')
		snprintf(why, len, "empty name: not a plain file path");
	else if (strcmp(path, ":memory:") == 0)
		snprintf(why, len, "SQLite's name for a memory database: "
			 "not a plain file path");
	else if (strncasecmp(path, "file:", 5) == 0)
		snprintf(why, len, "an SQLite URI: not a plain file path "
			 "(write ./%.200s for a file of that name)", path);
	else
		return 0;
	return -1;
}

int
dbpath_spares(const char *path, const char *keep)
{
	static const char *const side[] = { "", "-wal", "-shm", "-journal" };
	struct stat out, k;

	/*
	 * The rename replaces a link at PATH, never its target: lstat.  A
	 * server is no file that an output could overwrite.
	 */
	if (keep == NULL || db_target_is_postgres(keep) ||
	    lstat(path, &out) != 0)
		return 0;
	for (size_t i = 0; i < sizeof(side) / sizeof(side[0]); i++) {
		char *name = xasprintf("%s%s", keep, side[i]);
		int same = stat(name, &k) == 0 && k.st_dev == out.st_dev &&
			   k.st_ino == out.st_ino;

		free(name);
		if (same)
			return -1;
	}
	return 0;
}
