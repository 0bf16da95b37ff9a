// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Removing a directory's contents without following a link: the scratch
 * directories of aimrun (harness/scratch.c) and what a test leaves in its
 * own (tests-aim/).
 */
#include "config.h"

#include "rmtree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

int
rmtree_empty(int fd)
{
	DIR *d = fdopendir(fd);
	struct dirent *e;
	int rc = 0;

	if (d == NULL) {
		int saved = errno;

		(void)close(fd);	/* failing already: keep that errno */
		errno = saved;
		return -1;
	}
	for (;;) {
		errno = 0;
		e = readdir(d);
		if (e == NULL)
			break;
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		/* Entries not yet read stay listed while others go. */
		if (rmtree_at(dirfd(d), e->d_name) < 0) {
			rc = -1;
			break;
		}
	}
	if (e == NULL && errno != 0)
		rc = -1;
	if (closedir(d) < 0 && rc == 0)
		rc = -1;
	return rc;
}

int
rmtree_at(int at, const char *name)
{
	int fd;

	if (unlinkat(at, name, 0) == 0)
		return 0;
	if (errno == ENOENT)
		return 0;
	if (errno != EISDIR && errno != EPERM)
		return -1;
	fd = openat(at, name,
		    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (rmtree_empty(fd) < 0)
		return -1;
	if (unlinkat(at, name, AT_REMOVEDIR) < 0 && errno != ENOENT)
		return -1;
	return 0;
}
