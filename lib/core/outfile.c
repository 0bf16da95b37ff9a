// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Atomic output files.  The temporary file lives in the final name's
 * directory because rename() only replaces within one file system, and
 * its name is random and created exclusively so that nobody can have
 * prepared a link there.
 */
#include "config.h"

#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xalloc.h"

/* Random names to try before giving up: a collision is already rare. */
#define OUTFILE_TRIES 64
#define OUTFILE_RANDOM 12

static char *
dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xasprintf("%.*s", (int)(slash - path), path);
}

/* DIR/.aimkit-XXXXXXXXXXXX.tmp with random letters and digits. */
static char *
random_name(const char *dir)
{
	static const char set[] = "abcdefghijklmnopqrstuvwxyz0123456789";
	unsigned char r[OUTFILE_RANDOM];
	char name[OUTFILE_RANDOM + 1];

	if (getrandom(r, sizeof(r), 0) != (ssize_t)sizeof(r))
		return NULL;
	for (size_t i = 0; i < sizeof(r); i++)
		name[i] = set[r[i] % (sizeof(set) - 1)];
	name[OUTFILE_RANDOM] = '\0';
	return xasprintf("%s/.aimkit-%s.tmp", dir, name);
}

static void
release(struct outfile *o)
{
	free(o->path);
	free(o->dir);
	free(o->tmp);
	o->path = o->dir = o->tmp = NULL;
	o->fd = -1;
	o->f = NULL;
}

int
outfile_open(struct outfile *o, const char *path)
{
	size_t len = strlen(path);

	*o = (struct outfile){ .fd = -1 };
	if (len == 0 || path[len - 1] == '/') {
		errno = len == 0 ? ENOENT : EISDIR;
		return -1;
	}
	if (signal(SIGXFSZ, SIG_IGN) == SIG_ERR)
		return -1;
	o->path = xstrdup(path);
	o->dir = dir_of(path);
	for (int i = 0; i < OUTFILE_TRIES && o->fd < 0; i++) {
		free(o->tmp);
		o->tmp = random_name(o->dir);
		if (o->tmp == NULL)
			break;
		o->fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
			     O_CLOEXEC, 0666);
		if (o->fd < 0 && errno != EEXIST)
			break;
	}
	if (o->fd < 0) {
		int err = errno;

		release(o);
		errno = err;
		return -1;
	}
	return 0;
}

FILE *
outfile_stream(struct outfile *o)
{
	if (o->f == NULL)
		o->f = fdopen(o->fd, "w");
	return o->f;
}

const char *
outfile_tmp_name(const struct outfile *o)
{
	return o->tmp + strlen(o->dir) + 1;
}

void
outfile_discard(struct outfile *o)
{
	int err = errno;

	/*
	 * Closing a file about to be removed can only report what the
	 * caller already failed on.
	 */
	if (o->f != NULL)
		(void)fclose(o->f);
	else if (o->fd >= 0)
		(void)close(o->fd);
	if (o->tmp != NULL && unlink(o->tmp) < 0 && errno != ENOENT)
		err = err != 0 ? err : errno;
	release(o);
	errno = err;
}

/* 0 when the name TMP still leads to the file open on FD. */
static int
still_ours(const struct outfile *o)
{
	struct stat a, b;

	if (fstat(o->fd, &a) < 0 || lstat(o->tmp, &b) < 0)
		return -1;
	if (a.st_dev != b.st_dev || a.st_ino != b.st_ino) {
		errno = ESTALE;
		return -1;
	}
	return 0;
}

/* Flush the stream, then the file: on disk before it takes the name. */
static int
sync_out(struct outfile *o)
{
	if (o->f != NULL) {
		/* A failed write earlier left its errno: keep it. */
		if (fflush(o->f) != 0 || ferror(o->f)) {
			if (errno == 0)
				errno = EIO;
			return -1;
		}
	}
	if (fsync(o->fd) < 0)
		return -1;
	return still_ours(o);
}

int
outfile_commit(struct outfile *o)
{
	int rc;

	if (sync_out(o) < 0) {
		outfile_discard(o);
		return -1;
	}
	rc = o->f != NULL ? fclose(o->f) : close(o->fd);
	o->f = NULL;
	o->fd = -1;
	if (rc != 0 || rename(o->tmp, o->path) < 0) {
		outfile_discard(o);
		return -1;
	}
	release(o);
	return 0;
}
