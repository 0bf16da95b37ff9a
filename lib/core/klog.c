// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reading the kernel log.  /dev/kmsg gives one record a read(), EAGAIN
 * once none is left and EPIPE when the ring overwrote records before they
 * were read (the next read then gives the oldest left); a made-up log
 * below $AIM_CHECK_ROOT is a regular file of the same lines, read in
 * pieces, a line cut by the end of a piece read again next time.
 */
#include "config.h"

#include "klog.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sysroot.h"
#include "tag.h"

/* More than a record holds (the kernel's are under 8 KiB). */
#define KLOG_READ_MAX 16384
/* Reads of one call at most: a flood of lines ends it. */
#define KLOG_READS_MAX 100000

int
klog_open(struct klog *k)
{
	char path[4096];
	struct stat sb;
	int err;

	k->fd = -1;
	k->lost = 0;
	k->is_file = 0;
	if (snprintf(path, sizeof(path), "%s/dev/kmsg", sysroot()) >=
	    (int)sizeof(path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	k->fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW);
	if (k->fd < 0)
		return -1;
	if (fstat(k->fd, &sb) != 0 ||
	    !(S_ISCHR(sb.st_mode) || S_ISREG(sb.st_mode))) {
		err = fstat(k->fd, &sb) != 0 ? errno : EINVAL;
		klog_close(k);
		errno = err;
		return -1;
	}
	k->is_file = S_ISREG(sb.st_mode);
	if (lseek(k->fd, 0, SEEK_END) < 0) {
		err = errno;
		klog_close(k);
		errno = err;
		return -1;
	}
	return 0;
}

void
klog_close(struct klog *k)
{
	if (k->fd >= 0)
		(void)close(k->fd);	/* read only */
	k->fd = -1;
}

/* Digits at *S up to a byte of END, as a number below LIMIT; *S past. */
static int
field(const char **s, const char *end, char sep, int64_t limit, int64_t *v)
{
	const char *p = *s;

	*v = 0;
	if (p >= end || *p < '0' || *p > '9')
		return 0;
	for (; p < end && *p >= '0' && *p <= '9'; p++) {
		*v = *v * 10 + (*p - '0');
		if (*v > limit)
			return 0;
	}
	if (p >= end || *p != sep)
		return 0;
	*s = p + 1;
	return 1;
}

int
klog_parse(const char *rec, size_t len, struct klog_line *out)
{
	const char *p = rec, *end = rec + len, *semi;
	int64_t prio, seq, usec;
	size_t n;

	if (!field(&p, end, ',', 1023, &prio) ||
	    !field(&p, end, ',', INT64_MAX / 10, &seq) ||
	    !field(&p, end, ',', INT64_MAX / 10, &usec))
		return 0;
	semi = memchr(p, ';', (size_t)(end - p));
	if (semi == NULL)
		return 0;
	semi++;
	n = (size_t)(end - semi);
	if (n >= sizeof(out->text))
		n = sizeof(out->text) - 1;
	memcpy(out->text, semi, n);
	out->text[n] = '\0';
	/* A NUL inside ends the text; what is left is made printable. */
	tag_printable(out->text);
	if (out->text[0] == '\0')
		snprintf(out->text, sizeof(out->text), "(empty)");
	out->level = (int)(prio & 7);
	out->facility = (int)(prio >> 3);
	out->usec = usec;
	return 1;
}

/* The lines of BUF (LEN bytes): records kept as klog_read() says. */
static void
take_lines(const char *buf, size_t len, struct klog_line *out, size_t max,
	   size_t *n, size_t *seen)
{
	for (const char *p = buf, *end = buf + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);
		struct klog_line line;

		if (klog_parse(p, l, &line) && line.level <= KLOG_LEVEL_KEPT) {
			if (*n < max)
				out[(*n)++] = line;
			(*seen)++;
		}
		p += l + 1;
	}
}

/*
 * The bytes of a made-up log's piece BUF (LEN) up to its last newline;
 * the file's offset goes back to what follows it, to be read once its
 * line is whole.  A full piece without a newline is taken as it is.
 */
static size_t
whole_lines(struct klog *k, const char *buf, size_t len)
{
	size_t keep = len;

	while (keep > 0 && buf[keep - 1] != '\n')
		keep--;
	if (keep == len || (keep == 0 && len == KLOG_READ_MAX))
		return len;
	if (lseek(k->fd, -(off_t)(len - keep), SEEK_CUR) < 0)
		return len;	/* cannot go back: the piece as it is */
	return keep;
}

int
klog_read(struct klog *k, struct klog_line *out, size_t max, size_t *n,
	  size_t *seen)
{
	char buf[KLOG_READ_MAX];

	if (k->fd < 0) {
		errno = EBADF;
		return -1;
	}
	for (int i = 0; i < KLOG_READS_MAX; i++) {
		ssize_t got = read(k->fd, buf, sizeof(buf));

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0 && errno == EPIPE) {
			k->lost++;
			continue;
		}
		if (got < 0 && errno == EAGAIN)
			return 0;
		if (got < 0)
			return -1;
		if (got == 0)
			return 0;	/* a made-up log's end */
		if (k->is_file) {
			size_t keep = whole_lines(k, buf, (size_t)got);

			take_lines(buf, keep, out, max, n, seen);
			if (keep < (size_t)got)
				return 0;	/* the rest waits for its end */
			continue;
		}
		take_lines(buf, (size_t)got, out, max, n, seen);
	}
	return 0;
}

const char *
klog_level_name(int level)
{
	static const char *const names[] = {
		"emerg", "alert", "crit", "err", "warning",
	};

	return level >= 0 && level <= KLOG_LEVEL_KEPT ? names[level] : "other";
}
