// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Files beside the running program (lib/core/beside.h): what a build tree's
 * programs use to find each other and their tree, and nothing a user
 * other than the program's owner could plant.
 */
#include "config.h"

#include "beside.h"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xalloc.h"

char *
beside_exe(const char *name)
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

int
beside_trusted(int fd)
{
	struct stat st, me;

	return fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	       stat("/proc/self/exe", &me) == 0 && st.st_uid == me.st_uid &&
	       !(st.st_mode & (S_IWGRP | S_IWOTH));
}

char *
beside_read_dir(const char *name)
{
	char *path = beside_exe(name), buf[PATH_MAX + 1];
	ssize_t n = -1;
	int fd;

	fd = path != NULL ? open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
				 O_CLOEXEC) : -1;
	free(path);
	if (fd < 0)
		return NULL;
	if (beside_trusted(fd))
		n = read(fd, buf, sizeof(buf));
	(void)close(fd);	/* read-only: nothing to lose */
	if (n < 2 || buf[0] != '/' || buf[n - 1] != '\n')
		return NULL;
	buf[n - 1] = '\0';
	if (strlen(buf) != (size_t)(n - 1) || strchr(buf, '\n') != NULL)
		return NULL;
	return xstrdup(buf);
}
