// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Installed or in the build tree?  Only an aimrun run from the build tree
 * it was made in uses the source tree, which the file aimrun-srcdir beside
 * it names (make writes it there, make install leaves it behind); every
 * other copy (installed, moved, or staged with DESTDIR) uses the
 * configured package data directory, so it never reads files of a source
 * tree that may have changed or gone.  No path of either tree is compiled
 * in: the program is the same from any build directory.
 */
#include "config.h"

#include "paths.h"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aimpaths.h"
#include "xalloc.h"

/*
 * The source tree aimrun-srcdir beside the running aimrun names: one
 * absolute path and a newline, believed only from a regular file of
 * aimrun's owner that nobody else may write.  Malloc'd, or NULL.
 */
static char *
tree_srcdir(void)
{
	char *name = paths_beside_exe("aimrun-srcdir"), buf[PATH_MAX + 1];
	struct stat st, me;
	ssize_t n = -1;
	int fd;

	fd = name != NULL ? open(name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
				 O_CLOEXEC) : -1;
	free(name);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    stat("/proc/self/exe", &me) == 0 && st.st_uid == me.st_uid &&
	    !(st.st_mode & (S_IWGRP | S_IWOTH)))
		n = read(fd, buf, sizeof(buf));
	(void)close(fd);	/* read-only: nothing to lose */
	if (n < 2 || buf[0] != '/' || buf[n - 1] != '\n')
		return NULL;
	buf[n - 1] = '\0';
	if (strlen(buf) != (size_t)(n - 1) || strchr(buf, '\n') != NULL)
		return NULL;
	return xstrdup(buf);
}

static char *
pick(const char *envvar, const char *installed_sub, const char *tree_sub)
{
	const char *e = getenv(envvar);
	char *tree, *path;

	if (e != NULL && *e != '\0')
		return xstrdup(e);
	tree = tree_srcdir();
	if (tree == NULL)
		return xasprintf("%s/%s", AIM_PKGDATADIR, installed_sub);
	path = xasprintf("%s/%s", tree, tree_sub);
	free(tree);
	return path;
}

char *
paths_suitedir(void)
{
	return pick("AIM_SUITEDIR", "suite", "suite");
}

char *
paths_datadir(void)
{
	return pick("AIM_DATADIR", "data", "tests-aim/data");
}

char *
paths_beside_exe(const char *name)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (slash == NULL)
		return NULL;
	*slash = '\0';
	return xasprintf("%s/%s", exe, name);
}

char *
paths_pkglibexec(const char *name)
{
	return xasprintf("%s/%s", AIM_PKGLIBEXECDIR, name);
}

char *
paths_suite_file(const char *arg)
{
	size_t len = strlen(arg);
	char *dir, *path;

	if (strchr(arg, '/') != NULL ||
	    (len > 6 && strcmp(arg + len - 6, ".suite") == 0))
		return xstrdup(arg);
	dir = paths_suitedir();
	path = xasprintf("%s/%s.suite", dir, arg);
	free(dir);
	return path;
}
