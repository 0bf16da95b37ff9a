// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Close-on-exec for every descriptor from a number up (fdclose.h).
 */
#include "config.h"

#include "fdclose.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)	/* <linux/close_range.h>, 5.11 */
#endif

/* A /proc/self/fd entry's descriptor; -1 for "." and "..". */
static int
entry_fd(const char *name)
{
	char *end;
	long v;

	if (name[0] < '0' || name[0] > '9')
		return -1;
	v = strtol(name, &end, 10);
	return *end == '\0' && v >= 0 && v <= INT_MAX ? (int)v : -1;
}

static int
by_listing(int lowest)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int rc = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL) {
		int fd = entry_fd(e->d_name);

		if (fd >= lowest && fd != dirfd(d) &&
		    fcntl(fd, F_SETFD, FD_CLOEXEC) != 0)
			rc = -1;
	}
	return closedir(d) == 0 ? rc : -1;
}

int
fd_free(long *free_fds, long *limit)
{
	struct rlimit rl;
	long open_fds = 3;
	struct dirent *e;
	DIR *d;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
		return -1;
	*limit = rl.rlim_cur > (rlim_t)LONG_MAX ? LONG_MAX : (long)rl.rlim_cur;
	d = opendir("/proc/self/fd");
	if (d != NULL) {
		open_fds = 0;
		/* A descriptor at or above the limit takes no number below it. */
		while ((e = readdir(d)) != NULL)
			if (entry_fd(e->d_name) >= 0 &&
			    entry_fd(e->d_name) != dirfd(d) &&
			    entry_fd(e->d_name) < *limit)
				open_fds++;
		(void)closedir(d);	/* only read */
	}
	*free_fds = *limit - open_fds;
	return 0;
}

int
fd_cloexec_from(int lowest, int by_proc)
{
	if (lowest < 0)
		return -1;
	if (!by_proc && syscall(SYS_close_range, (unsigned)lowest, ~0U,
				CLOSE_RANGE_CLOEXEC) == 0)
		return 0;
	return by_listing(lowest);
}
