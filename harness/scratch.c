/*
 * Scratch directory lifetime.  Removal uses nftw with FTW_PHYS so a link
 * planted by a test (or anyone else) is deleted as a link, never followed.
 */
#include "config.h"

#include "scratch.h"

#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>

#include "xalloc.h"

char *
scratch_create(const char *parent)
{
	char *path = xasprintf("%s/aimrun.XXXXXX", parent);

	if (mkdtemp(path) == NULL) {
		int err = errno;

		free(path);
		errno = err;
		return NULL;
	}
	return path;
}

static int
remove_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	/* Keep going on errors: leave as little behind as possible. */
	(void)remove(path);
	return 0;
}

int
scratch_remove(const char *path)
{
	if (nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS) != 0)
		return -1;
	return remove(path) == 0 || errno == ENOENT ? 0 : -1;
}
