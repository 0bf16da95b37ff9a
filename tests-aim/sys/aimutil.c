// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Utilities shared by the system tests.  Retrying and short-transfer handling
 * live here once, so the tests read as the classic loops they reproduce.
 */
#include "config.h"

#include "aimutil.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

ssize_t
aimutil_read_full(int fd, void *buf, size_t len)
{
	char *p = buf;
	size_t done = 0;

	while (done < len) {
		ssize_t n = read(fd, p + done, len - done);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (n == 0)
			break;
		done += (size_t)n;
	}
	return (ssize_t)done;
}

ssize_t
aimutil_write_full(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	size_t done = 0;

	while (done < len) {
		ssize_t n = write(fd, p + done, len - done);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		done += (size_t)n;
	}
	return (ssize_t)done;
}

size_t
aimutil_msg_next(unsigned *pos)
{
	size_t size = aimmsg_sizes[*pos % AIMUTIL_MSG_SIZES];

	*pos = (*pos + 1) % AIMUTIL_MSG_SIZES;
	return size;
}

int
aimutil_msg_exchange(int rd, int wr, char *buf, unsigned *pos,
		     unsigned count, uint64_t *sum)
{
	for (unsigned i = 0; i < count; i++) {
		size_t size = aimutil_msg_next(pos);
		ssize_t n;

		n = aimutil_write_full(wr, buf, size);
		if (n < 0)
			return -1;
		n = aimutil_read_full(rd, buf, size);
		if (n < 0)
			return -1;
		if ((size_t)n != size) {
			errno = EPIPE;
			return -1;
		}
		*sum += (unsigned char)buf[0];
	}
	return 0;
}

void
aimutil_rand_seed(struct aimutil_rand *r, uint64_t seed)
{
	r->state = seed;
}

uint32_t
aimutil_rand_next(struct aimutil_rand *r)
{
	/*
	 * A 64-bit linear congruential step (Knuth's MMIX constants).  Only
	 * the top bits are returned: the low bits of a power-of-two modulus
	 * generator have short periods, and offsets are taken modulo the
	 * block count.
	 */
	r->state = r->state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)(r->state >> 33);
}

int
aimutil_wait(pid_t pid, int *status)
{
	for (;;) {
		pid_t got = waitpid(pid, status, 0);

		if (got == pid)
			return 0;
		if (got < 0 && errno != EINTR)
			return -1;
	}
}

void
aimutil_status_text(int status, char *buf, size_t len)
{
	/* A truncated description is still a description. */
	if (WIFEXITED(status))
		(void)snprintf(buf, len, "exited with status %d",
			       WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		(void)snprintf(buf, len, "killed by signal %d",
			       WTERMSIG(status));
	else
		(void)snprintf(buf, len, "ended with wait status %#x", status);
}

char *
aimutil_path(const char *dir, const char *name)
{
	size_t dlen = strlen(dir), nlen = strlen(name);
	char *p = malloc(dlen + nlen + 2);

	if (p == NULL)
		return NULL;
	memcpy(p, dir, dlen);
	p[dlen] = '/';
	memcpy(p + dlen + 1, name, nlen + 1);
	return p;
}

/* Copy the open file IN to a new file DST of mode 0755. */
static int
copy_exec(int in, const char *dst)
{
	char buf[4096];
	ssize_t n;
	int out, rc = 0;

	out = open(dst, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		   0700);
	if (out < 0)
		return -1;
	while ((n = aimutil_read_full(in, buf, sizeof(buf))) > 0) {
		if (aimutil_write_full(out, buf, (size_t)n) < 0) {
			rc = -1;
			break;
		}
	}
	if (n < 0)
		rc = -1;
	/* fchmod: the umask must not strip the execute bits. */
	if (rc == 0 && fchmod(out, 0755) < 0)
		rc = -1;
	if (close(out) < 0)
		rc = -1;
	if (rc < 0) {
		int saved = errno;

		(void)unlink(dst);	/* a partial copy is useless */
		errno = saved;
	}
	return rc;
}

/* Skip unless programs can be executed from the scratch directory. */
static enum aim_status
check_exec_mount(struct aim_ctx *ctx, const char *dir)
{
	struct statvfs sv;

	if (statvfs(dir, &sv) < 0)
		return aim_fail_errno(ctx, "statvfs scratch directory");
	if (sv.f_flag & ST_NOEXEC)
		return aim_skip(ctx, "scratch file system is mounted noexec: "
				"%s", dir);
	return AIM_OK;
}

enum aim_status
aimutil_install(struct aim_ctx *ctx, const char *name, char **dst)
{
	const char *datadir = aim_ctx_datadir(ctx);
	/* It will be executed: never through a name that can be swapped. */
	const char *dir = aim_ctx_dir_held(ctx);
	enum aim_status st;
	char *src;
	int in;

	*dst = NULL;
	if (datadir == NULL)
		return aim_skip(ctx, "no data directory for %s", name);
	if (dir == NULL)
		return aim_skip(ctx, "no scratch directory for %s", name);
	st = check_exec_mount(ctx, dir);
	if (st != AIM_OK)
		return st;
	src = aimutil_path(datadir, name);
	*dst = aimutil_path(dir, name);
	if (src == NULL || *dst == NULL) {
		st = aim_fail_errno(ctx, "malloc");
		goto out;
	}
	in = open(src, O_RDONLY | O_CLOEXEC);
	if (in < 0) {
		st = aim_skip(ctx, "data file %s not found: %s: %s", name, src,
			      strerror(errno));
		goto out;
	}
	if (copy_exec(in, *dst) < 0)
		st = aim_fail_errno(ctx, "copy data file into scratch");
	(void)close(in);	/* read-only: nothing to lose */
out:
	free(src);
	if (st != AIM_OK) {
		free(*dst);
		*dst = NULL;
	}
	return st;
}

int
aimutil_cwd_is(const char *dir)
{
	struct stat here, there;

	if (dir == NULL || stat(".", &here) != 0 || stat(dir, &there) != 0)
		return 0;
	return here.st_dev == there.st_dev && here.st_ino == there.st_ino;
}

/* Is errno one a file system without hard links gives? */
static int
no_links_errno(int e)
{
	return e == EPERM || e == EOPNOTSUPP || e == EMLINK || e == ENOSYS;
}

enum aim_status
aimutil_probe_links(struct aim_ctx *ctx)
{
	const char *dir = aim_ctx_dir(ctx);
	static const char a[] = "probe.file", b[] = "probe.link";
	enum aim_status rc = AIM_OK;
	int dfd, fd;

	if (dir == NULL)
		return aim_skip(ctx, "no scratch directory");
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return aim_fail_errno(ctx, "open scratch directory");
	fd = openat(dfd, a, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		    O_CLOEXEC, 0600);
	if (fd < 0) {
		rc = aim_fail_errno(ctx, "create probe file");
	} else {
		(void)close(fd);	/* empty file, nothing written */
		if (linkat(dfd, a, dfd, b, 0) == 0)
			rc = AIM_OK;
		else if (no_links_errno(errno))
			rc = aim_skip(ctx, "scratch file system has no hard "
				      "links: link: %s", strerror(errno));
		else
			rc = aim_fail_errno(ctx, "link probe file");
		/* Removal of our own probe names; ENOENT is fine. */
		(void)unlinkat(dfd, b, 0);
		(void)unlinkat(dfd, a, 0);
	}
	(void)close(dfd);	/* read-only directory descriptor */
	return rc;
}
