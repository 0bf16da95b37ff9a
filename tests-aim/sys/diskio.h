/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Shared machinery of the classic disk tests (disk.c, disk_sync.c): the
 * per-test state, 1 KiB block I/O loops, temporary names in the scratch
 * directory and the pre-built source file tmpa.common.
 */
#ifndef AIM_DISKIO_H
#define AIM_DISKIO_H

#include <limits.h>
#include <stdint.h>

#include "aim_test.h"
#include "aimutil.h"

/* The classic I/O unit (AIM's NBUFSIZE). */
#define DISKIO_BLOCK 1024

struct diskio {
	const char *dir;		/* scratch directory */
	char *common;			/* <dir>/tmpa.common, or NULL */
	unsigned long blocks;		/* suite file size in KiB */
	int pid5;			/* for AIM-style unique names */
	unsigned serial;
	char tmp[PATH_MAX];		/* this call's temporary file */
	struct aimutil_rand rng;	/* persists across calls, as AIM's */
	uint64_t sum;			/* bytes seen, for the sink */
	char buf[DISKIO_BLOCK];
};

/*
 * Allocate the state into the context.  With WITH_COMMON, also create
 * tmpa.common: file size x 1 KiB of 'a', untimed, as AIM did at start-up.
 */
enum aim_status diskio_setup(struct aim_ctx *ctx, int with_common);
/* setup() of the disk tests: without and with tmpa.common. */
enum aim_status diskio_setup_plain(struct aim_ctx *ctx);
enum aim_status diskio_setup_common(struct aim_ctx *ctx);
/* Remove tmpa.common and any temporary file left, free the state. */
void diskio_teardown(struct aim_ctx *ctx);

/*
 * Take the next temporary name and create it write-only, never following
 * or reusing an existing name (O_EXCL | O_NOFOLLOW); EXTRA adds flags such
 * as O_SYNC.  Return the descriptor or -1 with errno.
 */
int diskio_create(struct diskio *d, int extra);

/* Write BLOCKS x 1 KiB sequentially.  Return 0 or -1 with errno. */
int diskio_fill(struct diskio *d, int fd, unsigned long blocks);

/*
 * BLOCKS x (lseek to a random block among the first BLOCKS, then read or,
 * with DO_WRITE set, write 1 KiB).  Return 0 or -1 with errno.
 */
int diskio_random(struct diskio *d, int fd, unsigned long blocks,
		  int do_write);

/*
 * Read BLOCKS x 1 KiB sequentially from IN, writing each to OUT unless OUT
 * is -1.  A short file is an error (ENODATA).  Return 0 or -1 with errno.
 */
int diskio_copy(struct diskio *d, int in, int out, unsigned long blocks);

/*
 * Report WHAT with errno, then remove this call's temporary name and close
 * FD1 and FD2 (each may be -1).  Returns AIM_FAIL.
 */
enum aim_status diskio_fail(struct aim_ctx *ctx, struct diskio *d,
			    const char *what, int fd1, int fd2);

/* Close FD; on error report WHAT as diskio_fail() does. */
enum aim_status diskio_close(struct aim_ctx *ctx, struct diskio *d, int fd,
			     const char *what);

#endif
