// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The buffered classic disk tests, 1 KiB per read() or write(), file size
 * from the suite: disk_rr, disk_rw, disk_rd, disk_wrt and disk_cp.  As in
 * AIM they never fsync and mostly measure the page cache.
 */
#include "config.h"

#include <fcntl.h>
#include <unistd.h>

#include "aim_test.h"
#include "diskio.h"

/*
 * disk_rr and disk_rw: fill a new file sequentially (inside the timed call,
 * as AIM did), reopen it, unlink it while open, then random 1 KiB reads or
 * writes over the whole file.
 */
static enum aim_status
disk_random(struct aim_ctx *ctx, int do_write)
{
	struct diskio *d = aim_ctx_data(ctx);
	int fd = diskio_create(d, 0);

	if (fd < 0)
		return diskio_fail(ctx, d, "creat", -1, -1);
	if (diskio_fill(d, fd, d->blocks) < 0)
		return diskio_fail(ctx, d, "write", fd, -1);
	if (diskio_close(ctx, d, fd, "close") != AIM_OK)
		return AIM_FAIL;
	fd = open(d->tmp, (do_write ? O_WRONLY : O_RDONLY) | O_NOFOLLOW);
	if (fd < 0)
		return diskio_fail(ctx, d, "reopen", -1, -1);
	if (unlink(d->tmp) < 0)
		return diskio_fail(ctx, d, "unlink", fd, -1);
	if (diskio_random(d, fd, d->blocks, do_write) < 0)
		return diskio_fail(ctx, d, do_write ? "random write" :
				   "random read", fd, -1);
	if (close(fd) < 0)
		return aim_fail_errno(ctx, "close");
	aim_sink_u64(d->sum);
	return AIM_OK;
}

static enum aim_status
disk_rr_run(struct aim_ctx *ctx)
{
	return disk_random(ctx, 0);
}

static enum aim_status
disk_rw_run(struct aim_ctx *ctx)
{
	return disk_random(ctx, 1);
}

/* disk_rd: read tmpa.common from the start, 1 KiB at a time. */
static enum aim_status
disk_rd_run(struct aim_ctx *ctx)
{
	struct diskio *d = aim_ctx_data(ctx);
	int fd = open(d->common, O_RDONLY | O_NOFOLLOW);

	if (fd < 0)
		return aim_fail_errno(ctx, "open tmpa.common");
	if (lseek(fd, 0, SEEK_SET) < 0)
		return diskio_fail(ctx, d, "lseek", fd, -1);
	if (diskio_copy(d, fd, -1, d->blocks) < 0)
		return diskio_fail(ctx, d, "read tmpa.common", fd, -1);
	if (close(fd) < 0)
		return aim_fail_errno(ctx, "close");
	aim_sink_u64(d->sum);
	return AIM_OK;
}

/* disk_wrt: create a file, unlink it at once, fill it, close it. */
static enum aim_status
disk_wrt_run(struct aim_ctx *ctx)
{
	struct diskio *d = aim_ctx_data(ctx);
	int fd = diskio_create(d, 0);

	if (fd < 0)
		return diskio_fail(ctx, d, "creat", -1, -1);
	if (unlink(d->tmp) < 0)
		return diskio_fail(ctx, d, "unlink", fd, -1);
	if (diskio_fill(d, fd, d->blocks) < 0)
		return diskio_fail(ctx, d, "write", fd, -1);
	if (close(fd) < 0)
		return aim_fail_errno(ctx, "close");
	aim_sink_u64(d->sum);
	return AIM_OK;
}

/* disk_cp: copy tmpa.common into a new file unlinked right after creat. */
static enum aim_status
disk_cp_run(struct aim_ctx *ctx)
{
	struct diskio *d = aim_ctx_data(ctx);
	int in = open(d->common, O_RDONLY | O_NOFOLLOW), out;

	if (in < 0)
		return aim_fail_errno(ctx, "open tmpa.common");
	out = diskio_create(d, 0);
	if (out < 0)
		return diskio_fail(ctx, d, "creat", in, -1);
	if (unlink(d->tmp) < 0)
		return diskio_fail(ctx, d, "unlink", in, out);
	if (lseek(in, 0, SEEK_SET) < 0)
		return diskio_fail(ctx, d, "lseek", in, out);
	if (diskio_copy(d, in, out, d->blocks) < 0)
		return diskio_fail(ctx, d, "copy", in, out);
	if (close(in) < 0)
		return diskio_fail(ctx, d, "close", out, -1);
	if (close(out) < 0)
		return aim_fail_errno(ctx, "close");
	aim_sink_u64(d->sum);
	return AIM_OK;
}

const struct aim_test aim_test_disk_rr = {
	.info = &catalog_tests[CATALOG_DISK_RR],
	.needs = AIM_NEEDS_SCRATCH,
	.thread_safe = 1,
	.setup = diskio_setup_plain,
	.run = disk_rr_run,
	.teardown = diskio_teardown,
};

const struct aim_test aim_test_disk_rw = {
	.info = &catalog_tests[CATALOG_DISK_RW],
	.needs = AIM_NEEDS_SCRATCH,
	.thread_safe = 1,
	.setup = diskio_setup_plain,
	.run = disk_rw_run,
	.teardown = diskio_teardown,
};

const struct aim_test aim_test_disk_rd = {
	.info = &catalog_tests[CATALOG_DISK_RD],
	.needs = AIM_NEEDS_SCRATCH,
	.thread_safe = 1,
	.setup = diskio_setup_common,
	.run = disk_rd_run,
	.teardown = diskio_teardown,
};

const struct aim_test aim_test_disk_wrt = {
	.info = &catalog_tests[CATALOG_DISK_WRT],
	.needs = AIM_NEEDS_SCRATCH,
	.thread_safe = 1,
	.setup = diskio_setup_plain,
	.run = disk_wrt_run,
	.teardown = diskio_teardown,
};

const struct aim_test aim_test_disk_cp = {
	.info = &catalog_tests[CATALOG_DISK_CP],
	.needs = AIM_NEEDS_SCRATCH,
	.thread_safe = 1,
	.setup = diskio_setup_common,
	.run = disk_cp_run,
	.teardown = diskio_teardown,
};
