// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * creat-clo: the classic file creation test, 1000 creat()+close() pairs on
 * one temporary name per call, the first creating the file and the rest
 * truncating it, then one unlink.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "aim_test.h"

#define CREAT_CLO_PAIRS 1000

struct creat_state {
	const char *dir;
	int pid5;		/* pid % 100000, as in AIM's names */
	unsigned serial;	/* a new name per call, as aim_mktemp() gave */
	char path[PATH_MAX];
};

static enum aim_status
creat_clo_setup(struct aim_ctx *ctx)
{
	struct creat_state *st = calloc(1, sizeof(*st));

	if (st == NULL)
		return aim_fail_errno(ctx, "calloc");
	st->dir = aim_ctx_dir(ctx);
	st->pid5 = (int)(getpid() % 100000);
	aim_ctx_set_data(ctx, st);
	return AIM_OK;
}

/* Give up the call: the name must not outlive it. */
static enum aim_status
creat_clo_fail(struct aim_ctx *ctx, struct creat_state *st, const char *what)
{
	enum aim_status rc = aim_fail_errno(ctx, what);

	(void)unlink(st->path);	/* may not exist; the failure is reported */
	return rc;
}

static enum aim_status
creat_clo_run(struct aim_ctx *ctx)
{
	struct creat_state *st = aim_ctx_data(ctx);
	uint64_t sum = 0;
	int fd, n;

	n = snprintf(st->path, sizeof(st->path), "%s/tmpb.%05d%05u", st->dir,
		     st->pid5, st->serial);
	st->serial = (st->serial + 1) % 100000;
	if (n < 0 || (size_t)n >= sizeof(st->path)) {
		errno = ENAMETOOLONG;
		return aim_fail_errno(ctx, "temporary file name");
	}
	/* O_EXCL and O_NOFOLLOW: never open a name planted by someone else. */
	fd = open(st->path, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC | O_NOFOLLOW,
		  0600);
	for (int i = 0; i < CREAT_CLO_PAIRS; i++) {
		if (i > 0)
			fd = open(st->path,
				  O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW,
				  0600);
		if (fd < 0)
			return creat_clo_fail(ctx, st, "creat");
		sum += (unsigned)fd;
		if (close(fd) < 0)
			return creat_clo_fail(ctx, st, "close");
	}
	if (unlink(st->path) < 0)
		return aim_fail_errno(ctx, "unlink");
	aim_sink_u64(sum);
	return AIM_OK;
}

static void
creat_clo_teardown(struct aim_ctx *ctx)
{
	free(aim_ctx_data(ctx));
	aim_ctx_set_data(ctx, NULL);
}

const struct aim_test aim_test_creat_clo = {
	.info = &catalog_tests[CATALOG_CREAT_CLO],
	.needs = AIM_NEEDS_SCRATCH,
	.thread_safe = 1,
	.setup = creat_clo_setup,
	.run = creat_clo_run,
	.teardown = creat_clo_teardown,
};
