/*
 * Installed or in the build tree?  Only an aimrun run from the build tree
 * it was made in uses the source tree; every other copy (installed, moved,
 * or staged with DESTDIR) uses the configured package data directory, so
 * it never reads files of a source tree that may have changed or gone.
 */
#include "config.h"

#include "paths.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness/aimpaths.h"
#include "xalloc.h"

/* Is the resolved directory DIR the resolved WANT, or (TREE) under it? */
static int
same_or_under(const char *dir, const char *want, int tree)
{
	char real[PATH_MAX];
	size_t len;

	if (realpath(want, real) == NULL)
		return 0;
	len = strlen(real);
	if (strncmp(dir, real, len) != 0)
		return 0;
	return dir[len] == '\0' || (tree && dir[len] == '/');
}

static int
in_build_tree(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	if (n <= 0)
		return 0;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (slash == NULL)
		return 0;
	*slash = '\0';
	/* A prefix inside the build tree still means installed. */
	if (same_or_under(exe, AIM_BINDIR, 0))
		return 0;
	return same_or_under(exe, AIM_ABS_BUILDDIR, 1);
}

static char *
pick(const char *envvar, const char *installed_sub, const char *tree_sub)
{
	const char *e = getenv(envvar);

	if (e != NULL && *e != '\0')
		return xstrdup(e);
	if (in_build_tree())
		return xasprintf("%s/%s", AIM_ABS_SRCDIR, tree_sub);
	return xasprintf("%s/%s", AIM_PKGDATADIR, installed_sub);
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
