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

#include <stdlib.h>
#include <string.h>

#include "aimpaths.h"
#include "beside.h"
#include "xalloc.h"

/*
 * The source tree aimrun-srcdir beside the running aimrun names: one
 * absolute path and a newline, believed only from a regular file of
 * aimrun's owner that nobody else may write.  Malloc'd, or NULL.
 */
static char *
tree_srcdir(void)
{
	return beside_read_dir("aimrun-srcdir");
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
	return beside_exe(name);
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
