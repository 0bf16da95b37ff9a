// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A scratch directory is removed even when the run has almost no
 * descriptors left: two, the parent's and the directory's own, remove
 * one that holds files (its descriptor goes to the emptying itself, not
 * a copy).  And aimrun with too few left stops before it makes anything
 * (t/robust-scratch.sh).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fdclose.h"
#include "scratch.h"
#include "tap.h"

/* A scratch directory under PARENT holding three files. */
static char *
littered(const char *parent)
{
	char *dir = scratch_create(parent), p[PATH_MAX];

	if (dir == NULL)
		bail("scratch_create: %s", strerror(errno));
	for (int i = 0; i < 3; i++) {
		int fd;

		snprintf(p, sizeof(p), "%s/f%d", dir, i);
		fd = open(p, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		if (fd < 0 || close(fd) != 0)
			bail("cannot make %s", p);
	}
	return dir;
}

int
main(void)
{
	char parent[] = "/tmp/scratch-fds.XXXXXX";
	struct rlimit rl, two;
	long left = -1, limit = -1;
	char *dir;
	int rc, err;

	plan_lazy();
	if (mkdtemp(parent) == NULL || getrlimit(RLIMIT_NOFILE, &rl) != 0)
		bail("cannot set up: %s", strerror(errno));
	dir = littered(parent);
	/* Only stdio open, and room for two more. */
	for (int fd = 3; fd < 1024; fd++)
		(void)close(fd);	/* whatever the caller left: not ours */
	two = rl;
	two.rlim_cur = 5;
	if (setrlimit(RLIMIT_NOFILE, &two) != 0)
		bail("setrlimit: %s", strerror(errno));
	rc = fd_free(&left, &limit);
	ok(rc == 0 && left == 2 && limit == 5,
	   "two descriptors left (%ld of %ld)", left, limit);
	rc = scratch_remove(dir);
	err = errno;
	if (setrlimit(RLIMIT_NOFILE, &rl) != 0)
		bail("setrlimit: %s", strerror(errno));
	ok(rc == 0, "a scratch directory of three files is removed with them%s%s",
	   rc == 0 ? "" : ": ", rc == 0 ? "" : strerror(err));
	ok(access(dir, F_OK) != 0 && errno == ENOENT, "nothing is left");
	free(dir);
	if (rmdir(parent) != 0)
		diag("cannot remove %s", parent);
	return done_testing();
}
