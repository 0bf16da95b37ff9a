// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The synchronous classic disk tests: sync_disk_rw, sync_disk_wrt and
 * sync_disk_cp write through O_SYNC, 1 KiB per write(), over half the
 * suite's file size (AIM halved them "so as not to pound disk").
 */
#include "config.h"

#include <fcntl.h>
#include <unistd.h>

#include "aim_test.h"
#include "diskio.h"

/*
 * sync_disk_rw: fill a new file of half size normally, reopen it O_SYNC,
 * random 1 KiB writes over it, then unlink and close.
 */
static enum aim_status
sync_disk_rw_run(struct aim_ctx *ctx)
{
	struct diskio *d = aim_ctx_data(ctx);
	unsigned long half = d->blocks / 2;
	int fd = diskio_create(d, 0);

	if (fd < 0)
		return diskio_fail(ctx, d, "creat", -1, -1);
	if (diskio_fill(d, fd, half) < 0)
		return diskio_fail(ctx, d, "write", fd, -1);
	if (diskio_close(ctx, d, fd, "close") != AIM_OK)
		return AIM_FAIL;
	fd = open(d->tmp, O_WRONLY | O_SYNC | O_NOFOLLOW);
	if (fd < 0)
		return diskio_fail(ctx, d, "reopen O_SYNC", -1, -1);
	if (diskio_random(d, fd, half, 1) < 0)
		return diskio_fail(ctx, d, "random O_SYNC write", fd, -1);
	if (unlink(d->tmp) < 0)
		return diskio_fail(ctx, d, "unlink", fd, -1);
	if (close(fd) < 0)
		return aim_fail_errno(ctx, "close");
	aim_sink_u64(d->sum);
	return AIM_OK;
}

/* sync_disk_wrt: create O_SYNC, write half size sequentially, unlink. */
static enum aim_status
sync_disk_wrt_run(struct aim_ctx *ctx)
{
	struct diskio *d = aim_ctx_data(ctx);
	int fd = diskio_create(d, O_SYNC);

	if (fd < 0)
		return diskio_fail(ctx, d, "creat O_SYNC", -1, -1);
	if (diskio_fill(d, fd, d->blocks / 2) < 0)
		return diskio_fail(ctx, d, "O_SYNC write", fd, -1);
	if (unlink(d->tmp) < 0)
		return diskio_fail(ctx, d, "unlink", fd, -1);
	if (close(fd) < 0)
		return aim_fail_errno(ctx, "close");
	aim_sink_u64(d->sum);
	return AIM_OK;
}

/* sync_disk_cp: copy the first half of tmpa.common into an O_SYNC file. */
static enum aim_status
sync_disk_cp_run(struct aim_ctx *ctx)
{
	struct diskio *d = aim_ctx_data(ctx);
	int in = open(d->common, O_RDONLY | O_NOFOLLOW), out;

	if (in < 0)
		return aim_fail_errno(ctx, "open tmpa.common");
	out = diskio_create(d, O_SYNC);
	if (out < 0)
		return diskio_fail(ctx, d, "creat O_SYNC", in, -1);
	if (lseek(in, 0, SEEK_SET) < 0)
		return diskio_fail(ctx, d, "lseek", in, out);
	if (diskio_copy(d, in, out, d->blocks / 2) < 0)
		return diskio_fail(ctx, d, "O_SYNC copy", in, out);
	if (unlink(d->tmp) < 0)
		return diskio_fail(ctx, d, "unlink", in, out);
	if (close(in) < 0)
		return diskio_fail(ctx, d, "close", out, -1);
	if (close(out) < 0)
		return aim_fail_errno(ctx, "close");
	aim_sink_u64(d->sum);
	return AIM_OK;
}

const struct aim_test aim_test_sync_disk_rw = {
	.info = &catalog_tests[CATALOG_SYNC_DISK_RW],
	.needs = AIM_NEEDS_SCRATCH,
	.thread_safe = 1,
	.setup = diskio_setup_plain,
	.run = sync_disk_rw_run,
	.teardown = diskio_teardown,
};

const struct aim_test aim_test_sync_disk_wrt = {
	.info = &catalog_tests[CATALOG_SYNC_DISK_WRT],
	.needs = AIM_NEEDS_SCRATCH,
	.thread_safe = 1,
	.setup = diskio_setup_plain,
	.run = sync_disk_wrt_run,
	.teardown = diskio_teardown,
};

const struct aim_test aim_test_sync_disk_cp = {
	.info = &catalog_tests[CATALOG_SYNC_DISK_CP],
	.needs = AIM_NEEDS_SCRATCH,
	.thread_safe = 1,
	.setup = diskio_setup_common,
	.run = sync_disk_cp_run,
	.teardown = diskio_teardown,
};
