/*
 * Installed or in the build tree?  The decision rests on where the running
 * binary lives: an aimrun in the configured bindir uses the installed
 * files, any other copy those of the source tree it was built from.
 */
#include "config.h"

#include "paths.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xalloc.h"

static int
installed(void)
{
	char exe[PATH_MAX], bindir[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	if (n <= 0)
		return 1;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (slash == NULL)
		return 1;
	*slash = '\0';
	if (realpath(AIM_BINDIR, bindir) == NULL)
		return 0;
	return strcmp(exe, bindir) == 0;
}

static char *
pick(const char *envvar, const char *installed_sub, const char *tree_sub)
{
	const char *e = getenv(envvar);

	if (e != NULL && *e != '\0')
		return xstrdup(e);
	if (installed())
		return xasprintf("%s/%s", AIM_PKGDATADIR, installed_sub);
	return xasprintf("%s/%s", AIM_ABS_SRCDIR, tree_sub);
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
