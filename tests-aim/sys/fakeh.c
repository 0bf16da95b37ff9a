// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Generator of the fakeh tree that disk_src searches.  AIM shipped it as a
 * tar file of header-like names; this builds a tree of the same shape from
 * const tables, so the suite needs no archive and no tar program.
 */
#include "config.h"

#include "fakeh.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aimutil.h"
#include "rmtree.h"

/* Parents come before their children. */
static const char *const fakeh_dirs[FAKEH_DIRS] = {
	"", "sys", "net", "netinet", "arpa", "rpc", "rpcsvc", "protocols",
	"scsi", "machine", "linux", "linux/byteorder", "sys/fs", "X11",
	"X11/Xaw", "X11/Xmu", "X11/extensions", "X11/bitmaps", "X11/fonts",
	"X11/fonts/misc", "X11/fonts/misc/iso", "X11/fonts/misc/iso/8859",
	"X11/fonts/misc/iso/8859/1", "X11/fonts/misc/iso/8859/1/bold",
};

static const char *const fakeh_stems[FAKEH_ORIGINALS] = {
	"types", "param", "stat", "socket", "signal", "errno", "fcntl",
	"ioctl", "time", "wait", "uio", "file", "mman", "ipc", "sem", "shm",
	"msg", "select", "resource", "utsname", "in", "tcp", "udp", "ip",
	"inet", "route", "if", "dir", "limits", "stdio", "stdlib", "string",
	"ctype", "math", "setjmp", "stdarg", "unistd", "termios", "pwd", "grp",
};

/*
 * File k lives in directory k % FAKEH_DIRS and is named after stem
 * k % FAKEH_ORIGINALS with generation k / FAKEH_ORIGINALS, so names never
 * repeat.  Files from FAKEH_ORIGINALS on are hard links to file
 * k % FAKEH_ORIGINALS: every inode has eight names in different places.
 */
static int
file_path(unsigned k, char *buf, size_t len)
{
	const char *d = fakeh_dirs[k % FAKEH_DIRS];
	int n = snprintf(buf, len, "%s%s%s%u.h", d, *d ? "/" : "",
			 fakeh_stems[k % FAKEH_ORIGINALS],
			 k / FAKEH_ORIGINALS);

	if (n < 0 || (size_t)n >= len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}

/* Stat line i: each directory in turn, a different file of it each time. */
static unsigned
stat_file(unsigned i)
{
	unsigned dir = i % FAKEH_DIRS;
	/* Directory d holds files d, d + 24, ...: at least 13 of them. */
	unsigned gen = (i * 7) % 13;

	return dir + FAKEH_DIRS * gen;
}

/* Close FD after a failure without losing the failure's errno. */
static int
close_failed(int fd)
{
	int saved = errno;

	(void)close(fd);	/* failing already */
	errno = saved;
	return -1;
}

static int
make_original(int root, const char *path)
{
	int fd = openat(root, path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
			O_CLOEXEC, 0600);

	if (fd < 0)
		return -1;
	if (dprintf(fd, "/* fakeh %s: a name for disk_src */\n", path) < 0)
		return close_failed(fd);
	return close(fd);
}

static int
make_files(int root)
{
	char path[PATH_MAX], orig[PATH_MAX];

	for (unsigned k = 0; k < FAKEH_FILES; k++) {
		if (file_path(k, path, sizeof(path)) < 0)
			return -1;
		if (k < FAKEH_ORIGINALS) {
			if (make_original(root, path) < 0)
				return -1;
			continue;
		}
		if (file_path(k % FAKEH_ORIGINALS, orig, sizeof(orig)) < 0)
			return -1;
		if (linkat(root, orig, root, path, 0) < 0)
			return -1;
	}
	return 0;
}

static int
dirlist_lines(int fd)
{
	char path[PATH_MAX];

	for (unsigned i = 0; i < FAKEH_STATS; i++) {
		if (file_path(stat_file(i), path, sizeof(path)) < 0)
			return -1;
		if (dprintf(fd, "s %s\n", path) < 0)
			return -1;
	}
	for (unsigned i = 0; i < FAKEH_CREATES; i++) {
		const char *d = fakeh_dirs[(i * 11) % FAKEH_DIRS];

		/* No generated file starts with "new": these never exist. */
		if (dprintf(fd, "c %s%snew%02u_\n", d, *d ? "/" : "", i) < 0)
			return -1;
	}
	return 0;
}

static int
write_dirlist(int root)
{
	int fd = openat(root, FAKEH_DIRLIST, O_WRONLY | O_CREAT | O_EXCL |
			O_NOFOLLOW | O_CLOEXEC, 0600);

	if (fd < 0)
		return -1;
	if (dirlist_lines(fd) < 0)
		return close_failed(fd);
	return close(fd);
}

int
fakeh_create(const char *dir)
{
	int root, rc = -1, saved;
	int parent = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (parent < 0)
		return -1;
	if (mkdirat(parent, FAKEH_NAME, 0700) < 0)
		goto out_parent;
	root = openat(parent, FAKEH_NAME, O_RDONLY | O_DIRECTORY |
		      O_NOFOLLOW | O_CLOEXEC);
	if (root < 0)
		goto out_parent;
	rc = 0;
	for (unsigned i = 1; i < FAKEH_DIRS && rc == 0; i++)
		rc = mkdirat(root, fakeh_dirs[i], 0700);
	if (rc == 0)
		rc = make_files(root);
	if (rc == 0)
		rc = write_dirlist(root);
	saved = errno;
	(void)close(root);	/* directory opened read-only */
	errno = saved;
out_parent:
	saved = errno;
	(void)close(parent);	/* directory opened read-only */
	errno = saved;
	return rc;
}

int
fakeh_remove(const char *dir)
{
	int parent = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int rc, saved;

	if (parent < 0)
		return -1;
	rc = rmtree_at(parent, FAKEH_NAME);
	saved = errno;
	(void)close(parent);	/* directory opened read-only */
	errno = saved;
	return rc;
}

int
fakeh_parse(char *buf, size_t len, struct fakeh_list *list)
{
	char *p = buf, *end = buf + len;

	memset(list, 0, sizeof(*list));
	while (p < end) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		char *line = p;

		if (nl == NULL)
			nl = end;	/* last line without a newline */
		*nl = '\0';
		p = nl + 1;
		if (nl - line < 3 || line[1] != ' ')
			continue;
		if (line[0] == 's') {
			if (list->nstat == FAKEH_SLOTS)
				goto overflow;
			list->stat[list->nstat++] = line + 2;
		} else if (line[0] == 'c') {
			if (list->ncreate == FAKEH_SLOTS)
				goto overflow;
			list->create[list->ncreate++] = line + 2;
		}
	}
	return 0;
overflow:
	errno = EOVERFLOW;
	return -1;
}
