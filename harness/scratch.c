// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Scratch directory lifetime.  Another user who can rename entries of
 * the parent could swap a scratch directory for one of theirs between two
 * uses of its name, so the parent must be safe (ours or root's, and not
 * writable by others unless sticky), the test holds the directory by a
 * descriptor checked to be ours and private, and removal works from
 * descriptors, never following a link, and removes the name only while
 * it still names the directory that was emptied.
 */
#include "config.h"

#include "scratch.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rmtree.h"
#include "log.h"
#include "tag.h"
#include "xalloc.h"

/* Why DIR is no safe parent for scratch directories, or NULL. */
static const char *
parent_unsafe(const struct stat *sb)
{
	if (sb->st_uid != geteuid() && sb->st_uid != 0)
		return "owned by another user, who could swap scratch "
		       "directories in it";
	if ((sb->st_mode & (S_IWGRP | S_IWOTH)) && !(sb->st_mode & S_ISVTX))
		return "writable by other users and not sticky, so they could "
		       "swap scratch directories in it (chmod +t, or another "
		       "--dir)";
	return NULL;
}

int
scratch_parent_check(const char *dir, const char **why)
{
	struct stat sb;

	*why = NULL;
	/* What cannot be looked at cannot be used: mkdtemp says why. */
	if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
		return 0;
	*why = parent_unsafe(&sb);
	return *why == NULL ? 0 : -1;
}

void
scratch_parent_require(const char *dir)
{
	const char *why;
	char shown[256];

	if (scratch_parent_check(dir, &why) != 0)
		aim_die(2, "--dir %s: %s", tag_shown(dir, shown, sizeof(shown)),
			why);
}

char *
scratch_create(const char *parent)
{
	const char *why;
	char *path;
	int fd;

	if (scratch_parent_check(parent, &why) != 0) {
		errno = EPERM;
		return NULL;
	}
	path = xasprintf("%s/aimrun.XXXXXX", parent);
	if (mkdtemp(path) == NULL)
		goto fail;
	fd = scratch_open(path);
	if (fd < 0) {
		errno = EEXIST;	/* replaced already: not ours to remove */
		goto fail;
	}
	(void)close(fd);	/* read-only directory descriptor */
	return path;
fail:
	free(path);
	return NULL;
}

int
scratch_open(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	struct stat sb;

	if (fd < 0)
		return -1;
	if (fstat(fd, &sb) != 0 || sb.st_uid != geteuid() ||
	    (sb.st_mode & 07777) != 0700) {
		(void)close(fd);	/* read-only directory descriptor */
		errno = EPERM;
		return -1;
	}
	return fd;
}

int
scratch_empty(int fd)
{
	int dup = fcntl(fd, F_DUPFD_CLOEXEC, 0);

	if (dup < 0)
		return -1;
	/* Consumes DUP; removes links as links, never what they name. */
	return rmtree_empty(dup);
}

/* Split PATH into its directory, opened, and its last name. */
static int
open_parent(const char *path, const char **name)
{
	const char *slash = strrchr(path, '/');
	char *dir;
	int fd;

	if (slash == NULL) {
		*name = path;
		return open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	}
	*name = slash + 1;
	if (slash - path > 65536) {
		errno = ENAMETOOLONG;
		return -1;
	}
	dir = slash == path ? xstrdup("/") :
		xasprintf("%.*s", (int)(slash - path), path);
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	free(dir);
	return fd;
}

/*
 * Empty the directory NAME in PFD and remove it if it is still that one.
 * Its descriptor goes to the emptying itself, not a copy of it: with the
 * parent's, two descriptors remove a flat directory, so a run that met
 * its descriptor limit (ulimit -n) still leaves nothing behind.
 */
static int
remove_at(int pfd, const char *name)
{
	int fd = openat(pfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
			O_CLOEXEC);
	struct stat held, now;
	int err;

	if (fd < 0)
		return errno == ENOENT ? 0 : -1;
	if (fstat(fd, &held) != 0)
		err = errno;
	else if (held.st_uid != geteuid() || (held.st_mode & 07777) != 0700)
		err = EPERM;	/* not a scratch directory of ours */
	else
		err = 0;
	if (err != 0) {
		(void)close(fd);	/* read-only directory descriptor */
		errno = err;
		return -1;
	}
	/* Consumes FD; removes links as links, never what they name. */
	if (rmtree_empty(fd) != 0 ||
	    fstatat(pfd, name, &now, AT_SYMLINK_NOFOLLOW) != 0)
		return -1;
	if (now.st_dev != held.st_dev || now.st_ino != held.st_ino) {
		errno = ESTALE;	/* swapped since it was opened */
		return -1;
	}
	return unlinkat(pfd, name, AT_REMOVEDIR) == 0 || errno == ENOENT ?
	       0 : -1;
}

int
scratch_remove(const char *path)
{
	const char *name;
	int pfd = open_parent(path, &name), rc, err;

	if (pfd < 0)
		return errno == ENOENT ? 0 : -1;
	rc = remove_at(pfd, name);
	err = errno;
	(void)close(pfd);	/* read-only directory descriptor */
	errno = err;
	return rc;
}
