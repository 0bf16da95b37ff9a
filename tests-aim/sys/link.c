// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * link_test: create a file with seven more hard links (POSIX promises
 * LINK_MAX >= 8), then nine rounds of unlinking and re-linking each of the
 * seven, then remove all eight names: 63 link/unlink pairs per call.
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
#include "aimutil.h"

#define LINK_NAMES 8
#define LINK_ROUNDS 9

struct link_state {
	const char *dir;
	int pid5;		/* pid % 100000, as in AIM's names */
	unsigned serial;	/* new names each call, as aim_mktemp() gave */
	char names[LINK_NAMES][PATH_MAX];
};

static enum aim_status
link_test_setup(struct aim_ctx *ctx)
{
	struct link_state *st;
	enum aim_status rc = aimutil_probe_links(ctx);

	if (rc != AIM_OK)
		return rc;
	st = calloc(1, sizeof(*st));
	if (st == NULL)
		return aim_fail_errno(ctx, "calloc");
	st->dir = aim_ctx_dir(ctx);
	st->pid5 = (int)(getpid() % 100000);
	aim_ctx_set_data(ctx, st);
	return AIM_OK;
}

static int
make_names(struct link_state *st)
{
	for (int i = 0; i < LINK_NAMES; i++) {
		int n = snprintf(st->names[i], sizeof(st->names[i]),
				 "%s/link%05d%05u", st->dir, st->pid5,
				 st->serial);

		st->serial = (st->serial + 1) % 100000;
		if (n < 0 || (size_t)n >= sizeof(st->names[i])) {
			errno = ENAMETOOLONG;
			return -1;
		}
	}
	return 0;
}

/* Report WHAT, then remove every name of this call and close FD. */
static enum aim_status
link_fail(struct aim_ctx *ctx, struct link_state *st, int fd, const char *what)
{
	enum aim_status rc = aim_fail_errno(ctx, what);

	/* Clean-up after a reported failure: missing names are expected. */
	for (int i = 0; i < LINK_NAMES; i++)
		(void)unlink(st->names[i]);
	(void)close(fd);
	return rc;
}

static enum aim_status
link_test_run(struct aim_ctx *ctx)
{
	struct link_state *st = aim_ctx_data(ctx);
	int fd;

	if (make_names(st) < 0)
		return aim_fail_errno(ctx, "link names");
	fd = open(st->names[0], O_WRONLY | O_CREAT | O_EXCL | O_TRUNC |
		  O_NOFOLLOW, 0600);
	if (fd < 0)
		return aim_fail_errno(ctx, "creat");
	for (int i = 1; i < LINK_NAMES; i++)
		if (link(st->names[0], st->names[i]) < 0)
			return link_fail(ctx, st, fd, "link");
	for (int n = 0; n < LINK_ROUNDS; n++) {
		for (int i = 1; i < LINK_NAMES; i++) {
			if (unlink(st->names[i]) < 0)
				return link_fail(ctx, st, fd, "unlink");
			if (link(st->names[0], st->names[i]) < 0)
				return link_fail(ctx, st, fd, "link");
		}
	}
	for (int i = 0; i < LINK_NAMES; i++)
		if (unlink(st->names[i]) < 0)
			return link_fail(ctx, st, fd, "unlink");
	if (close(fd) < 0)
		return aim_fail_errno(ctx, "close");
	aim_sink_u64((uint64_t)fd);
	return AIM_OK;
}

static void
link_test_teardown(struct aim_ctx *ctx)
{
	free(aim_ctx_data(ctx));
	aim_ctx_set_data(ctx, NULL);
}

const struct aim_test aim_test_link_test = {
	.info = &catalog_tests[CATALOG_LINK_TEST],
	.needs = AIM_NEEDS_SCRATCH,
	.thread_safe = 1,
	.setup = link_test_setup,
	.run = link_test_run,
	.teardown = link_test_teardown,
};
