// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Bounded input files.  The open never blocks (O_NONBLOCK until the file
 * is known to be regular: opening a FIFO would otherwise wait for a
 * writer), and lines are read byte-wise into a buffer that stops growing
 * at INFILE_LINE_MAX, since getline() would first read the whole line.
 */
#include "config.h"

#include "infile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xalloc.h"

static const char *
kind_of(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "not a file";
}

/* 0 when ST describes a regular file of at most MAX bytes, else -1, WHY. */
static int
check_regular(const struct stat *st, size_t max, char *why, size_t whylen)
{
	if (!S_ISREG(st->st_mode)) {
		snprintf(why, whylen, "not a regular file (%s)",
			 kind_of(st->st_mode));
		return -1;
	}
	if ((unsigned long long)st->st_size > max) {
		snprintf(why, whylen, "larger than %zu MiB", max >> 20);
		return -1;
	}
	return 0;
}

int
infile_open_fd(const char *path, size_t max, char *why, size_t whylen)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	int flags, saved;

	if (fd < 0) {
		snprintf(why, whylen, "%s", strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0) {
		saved = errno;
		(void)close(fd);	/* read-only: nothing to lose */
		snprintf(why, whylen, "%s", strerror(saved));
		return -1;
	}
	if (check_regular(&st, max, why, whylen) < 0) {
		(void)close(fd);
		return -1;
	}
	/* Regular files never block; clear it so reads behave as usual. */
	flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
		saved = errno;
		(void)close(fd);
		snprintf(why, whylen, "%s", strerror(saved));
		return -1;
	}
	return fd;
}

FILE *
infile_open(const char *path, char *why, size_t whylen)
{
	int fd = infile_open_fd(path, INFILE_SIZE_MAX, why, whylen);
	FILE *f;

	if (fd < 0)
		return NULL;
	f = fdopen(fd, "r");
	if (f == NULL) {
		snprintf(why, whylen, "%s", strerror(errno));
		(void)close(fd);	/* read-only: nothing to lose */
	}
	return f;
}

int
infile_check_stdin(char *why, size_t whylen)
{
	struct stat st;

	if (fstat(STDIN_FILENO, &st) < 0) {
		snprintf(why, whylen, "%s", strerror(errno));
		return -1;
	}
	/* A pipe or a terminal has no size: the line reader bounds it. */
	if (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode) ||
	    (S_ISCHR(st.st_mode) && isatty(STDIN_FILENO)))
		return 0;
	return check_regular(&st, INFILE_SIZE_MAX, why, whylen);
}

enum infile_status
infile_getline(struct infile_reader *r, char **buf, size_t *cap, size_t *len)
{
	size_t n = 0;
	int c = 0;

	if (*buf == NULL || *cap < 2) {
		*cap = 256;
		*buf = xrealloc(*buf, *cap);
	}
	errno = 0;
	while (n < INFILE_LINE_MAX && (c = getc_unlocked(r->in)) != EOF) {
		if (++r->total > INFILE_SIZE_MAX)
			break;
		if (n + 2 > *cap) {
			*cap *= 2;
			*buf = xrealloc(*buf, *cap);
		}
		(*buf)[n++] = (char)c;
		if (c == '\n')
			break;
	}
	(*buf)[n] = '\0';
	*len = n;
	if (r->total > INFILE_SIZE_MAX)
		return INFILE_BIG;
	if (c == EOF && ferror(r->in)) {
		if (errno == 0)
			errno = EIO;
		return INFILE_ERROR;
	}
	if (n == INFILE_LINE_MAX && c != '\n')
		return INFILE_LONG;
	return n > 0 ? INFILE_LINE : INFILE_EOF;
}

const char *
infile_strerror(enum infile_status st)
{
	switch (st) {
	case INFILE_LONG:
		return "line longer than 1 MiB";
	case INFILE_BIG:
		return "larger than 256 MiB";
	case INFILE_ERROR:
		return "read error";
	case INFILE_LINE:
	case INFILE_EOF:
	default:
		return "no error";
	}
}
