// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Block I/O loops and file handling shared by the disk tests.  Every loop
 * moves exactly one 1 KiB block per read() or write(), as AIM did, and
 * only inside the scratch directory.
 */
#include "config.h"

#include "diskio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

/* AIM seeded its generator with 1 at process start. */
#define DISKIO_SEED 1

static int
write_common(struct diskio *d)
{
	int fd = open(d->common, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		      O_CLOEXEC, 0600);

	if (fd < 0)
		return -1;
	if (diskio_fill(d, fd, d->blocks) < 0) {
		int saved = errno;

		(void)close(fd);	/* failing already */
		errno = saved;
		return -1;
	}
	return close(fd);
}

static enum aim_status
setup_common(struct aim_ctx *ctx, struct diskio *d)
{
	d->common = aimutil_path(d->dir, "tmpa.common");
	if (d->common == NULL)
		return aim_fail_errno(ctx, "malloc");
	if (write_common(d) < 0)
		return aim_fail_errno(ctx, "create tmpa.common");
	return AIM_OK;
}

enum aim_status
diskio_setup(struct aim_ctx *ctx, int with_common)
{
	struct diskio *d = calloc(1, sizeof(*d));
	enum aim_status rc = AIM_OK;

	if (d == NULL)
		return aim_fail_errno(ctx, "calloc");
	d->dir = aim_ctx_dir(ctx);
	d->blocks = aim_ctx_filesize_k(ctx);
	d->pid5 = (int)(getpid() % 100000);
	aimutil_rand_seed(&d->rng, DISKIO_SEED);
	/* 'a' as in tmpa.common: some file systems elide zero blocks. */
	memset(d->buf, 'a', sizeof(d->buf));
	aim_ctx_set_data(ctx, d);
	if (d->dir == NULL)
		rc = aim_skip(ctx, "no scratch directory");
	else if (d->blocks == 0)
		rc = aim_fail(ctx, "file size is 0 KiB");
	else if (with_common)
		rc = setup_common(ctx, d);
	/* A failed setup leaves nothing behind: teardown may not run. */
	if (rc != AIM_OK)
		diskio_teardown(ctx);
	return rc;
}

void
diskio_teardown(struct aim_ctx *ctx)
{
	struct diskio *d = aim_ctx_data(ctx);

	if (d == NULL)
		return;
	/* Nothing to report from teardown; missing files are fine. */
	if (d->common != NULL)
		(void)unlink(d->common);
	if (d->tmp[0] != '\0')
		(void)unlink(d->tmp);
	free(d->common);
	free(d);
	aim_ctx_set_data(ctx, NULL);
}

int
diskio_create(struct diskio *d, int extra)
{
	int n = snprintf(d->tmp, sizeof(d->tmp), "%s/tmpb.%05d%05u", d->dir,
			 d->pid5, d->serial);

	d->serial = (d->serial + 1) % 100000;
	if (n < 0 || (size_t)n >= sizeof(d->tmp)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return open(d->tmp, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC |
		    O_NOFOLLOW | extra, 0600);
}

int
diskio_fill(struct diskio *d, int fd, unsigned long blocks)
{
	for (unsigned long i = 0; i < blocks; i++) {
		if (aimutil_write_full(fd, d->buf, DISKIO_BLOCK) < 0)
			return -1;
		d->sum += DISKIO_BLOCK;
	}
	return 0;
}

int
diskio_random(struct diskio *d, int fd, unsigned long blocks,
	      int do_write)
{
	for (unsigned long i = 0; i < blocks; i++) {
		off_t blk = (off_t)(aimutil_rand_next(&d->rng) % blocks);
		ssize_t n;

		if (lseek(fd, blk * DISKIO_BLOCK, SEEK_SET) < 0)
			return -1;
		if (do_write)
			n = aimutil_write_full(fd, d->buf, DISKIO_BLOCK);
		else
			n = aimutil_read_full(fd, d->buf, DISKIO_BLOCK);
		if (n < 0)
			return -1;
		if (n != DISKIO_BLOCK) {
			errno = ENODATA;
			return -1;
		}
		d->sum += (unsigned char)d->buf[0];
	}
	return 0;
}

int
diskio_copy(struct diskio *d, int in, int out, unsigned long blocks)
{
	for (unsigned long i = 0; i < blocks; i++) {
		ssize_t n = aimutil_read_full(in, d->buf, DISKIO_BLOCK);

		if (n < 0)
			return -1;
		if (n != DISKIO_BLOCK) {
			errno = ENODATA;
			return -1;
		}
		d->sum += (unsigned char)d->buf[0];
		if (out >= 0 && aimutil_write_full(out, d->buf,
						   DISKIO_BLOCK) < 0)
			return -1;
	}
	return 0;
}

enum aim_status
diskio_fail(struct aim_ctx *ctx, struct diskio *d, const char *what, int fd1,
	    int fd2)
{
	enum aim_status rc = aim_fail_errno(ctx, what);

	/* Clean-up after a reported failure: the name may be gone already. */
	if (d->tmp[0] != '\0')
		(void)unlink(d->tmp);
	if (fd1 >= 0)
		(void)close(fd1);
	if (fd2 >= 0)
		(void)close(fd2);
	return rc;
}

enum aim_status
diskio_close(struct aim_ctx *ctx, struct diskio *d, int fd, const char *what)
{
	if (close(fd) < 0)
		return diskio_fail(ctx, d, what, -1, -1);
	return AIM_OK;
}

enum aim_status
diskio_setup_plain(struct aim_ctx *ctx)
{
	return diskio_setup(ctx, 0);
}

enum aim_status
diskio_setup_common(struct aim_ctx *ctx)
{
	return diskio_setup(ctx, 1);
}
