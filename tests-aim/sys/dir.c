// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * disk_src and dir_rtns_1: path-name lookup and directory reading.
 * disk_src stats and creates names in the generated fakeh tree as listed by
 * fakeh/dirlist; dir_rtns_1 reads /bin over and over.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aim_test.h"
#include "aimutil.h"
#include "fakeh.h"

/* AIM shuffled each list with five passes of random swaps. */
#define SRC_SHUFFLES 5
#define SRC_NAME_MAX 160	/* AIM's longest dirlist line (MYBUF) */
#define DIR_RTNS_READS 10000

struct src_state {
	char *dir;		/* scratch directory */
	char *fakeh;		/* <scratch>/fakeh */
	int pid5;		/* AIM appended the pid to created names */
	struct aimutil_rand rng;
	struct fakeh_list list;
	char created[FAKEH_SLOTS][SRC_NAME_MAX + 8];
	char image[16384];	/* fakeh/dirlist as read by one call */
};

static void
disk_src_teardown(struct aim_ctx *ctx)
{
	struct src_state *st = aim_ctx_data(ctx);

	if (st == NULL)
		return;
	/* Nothing can be reported from teardown; the harness cleans up. */
	(void)fakeh_remove(st->dir);
	free(st->fakeh);
	free(st->dir);
	free(st);
	aim_ctx_set_data(ctx, NULL);
}

static enum aim_status
disk_src_setup(struct aim_ctx *ctx)
{
	struct src_state *st;
	enum aim_status rc = aimutil_probe_links(ctx);

	if (rc != AIM_OK)
		return rc;
	st = calloc(1, sizeof(*st));
	if (st == NULL)
		return aim_fail_errno(ctx, "calloc");
	aim_ctx_set_data(ctx, st);
	st->dir = strdup(aim_ctx_dir(ctx));
	st->fakeh = aimutil_path(aim_ctx_dir(ctx), FAKEH_NAME);
	st->pid5 = (int)(getpid() % 100000);
	aimutil_rand_seed(&st->rng, 1);
	if (st->dir == NULL || st->fakeh == NULL)
		rc = aim_fail_errno(ctx, "malloc");
	else if (fakeh_create(st->dir) < 0)
		rc = aim_fail_errno(ctx, "create fakeh tree");
	if (rc != AIM_OK)
		disk_src_teardown(ctx);
	return rc;
}

/* Read and parse fakeh/dirlist, then give created names the pid suffix. */
static int
load_list(struct src_state *st, int root)
{
	int fd = openat(root, FAKEH_DIRLIST, O_RDONLY | O_NOFOLLOW);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = aimutil_read_full(fd, st->image, sizeof(st->image) - 1);
	if (close(fd) < 0 || n < 0)
		return -1;
	if ((size_t)n == sizeof(st->image) - 1) {
		errno = EFBIG;
		return -1;
	}
	if (fakeh_parse(st->image, (size_t)n, &st->list) < 0)
		return -1;
	for (unsigned i = 0; i < st->list.ncreate; i++) {
		int len = snprintf(st->created[i], sizeof(st->created[i]),
				   "%s%05d", st->list.create[i], st->pid5);

		if (len < 0 || (size_t)len >= sizeof(st->created[i])) {
			errno = ENAMETOOLONG;
			return -1;
		}
		st->list.create[i] = st->created[i];
	}
	return 0;
}

static void
shuffle(struct aimutil_rand *rng, const char **slot)
{
	for (int pass = 0; pass < SRC_SHUFFLES; pass++) {
		for (unsigned i = 0; i < FAKEH_SLOTS; i++) {
			unsigned j = aimutil_rand_next(rng) % FAKEH_SLOTS;
			const char *t = slot[i];

			slot[i] = slot[j];
			slot[j] = t;
		}
	}
}

/* Walk the slots: stat one name and/or create, close and unlink one. */
static int
walk(struct src_state *st, int root, uint64_t *sum)
{
	for (unsigned i = 0; i < FAKEH_SLOTS; i++) {
		const char *s = st->list.stat[i], *c = st->list.create[i];
		struct stat sb;

		if (s != NULL) {
			if (fstatat(root, s, &sb, 0) < 0)
				return -1;
			*sum += (uint64_t)sb.st_ino;
		}
		if (c == NULL)
			continue;
		int fd = openat(root, c, O_WRONLY | O_CREAT | O_EXCL |
				O_TRUNC | O_NOFOLLOW, 0600);

		if (fd < 0)
			return -1;
		*sum += (unsigned)fd;
		if (close(fd) < 0 || unlinkat(root, c, 0) < 0)
			return -1;
	}
	return 0;
}

static enum aim_status
disk_src_run(struct aim_ctx *ctx)
{
	struct src_state *st = aim_ctx_data(ctx);
	enum aim_status rc = AIM_OK;
	uint64_t sum = 0;
	/* A descriptor of fakeh stands in for AIM's chdir() into it. */
	int root = open(st->fakeh, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);

	if (root < 0)
		return aim_fail_errno(ctx, "open fakeh");
	if (load_list(st, root) < 0) {
		rc = aim_fail_errno(ctx, "read fakeh/dirlist");
	} else {
		shuffle(&st->rng, st->list.stat);
		shuffle(&st->rng, st->list.create);
		if (walk(st, root, &sum) < 0)
			rc = aim_fail_errno(ctx, "search fakeh");
	}
	if (close(root) < 0 && rc == AIM_OK)
		rc = aim_fail_errno(ctx, "close fakeh");
	aim_sink_u64(sum);
	return rc;
}

static enum aim_status
dir_rtns_1_setup(struct aim_ctx *ctx)
{
	DIR *d = opendir("/bin");

	if (d == NULL)
		return aim_skip(ctx, "no readable /bin: opendir: %s",
				strerror(errno));
	if (closedir(d) < 0)
		return aim_fail_errno(ctx, "closedir /bin");
	return AIM_OK;
}

/* 10000 readdir() calls on /bin; reaching the end counts and rewinds. */
static enum aim_status
dir_rtns_1_run(struct aim_ctx *ctx)
{
	DIR *d = opendir("/bin");
	uint64_t sum = 0;

	if (d == NULL)
		return aim_fail_errno(ctx, "opendir /bin");
	for (int n = 0; n < DIR_RTNS_READS; n++) {
		struct dirent *e;

		errno = 0;
		e = readdir(d);
		if (e != NULL) {
			sum += (uint64_t)e->d_ino;
			continue;
		}
		if (errno != 0) {
			enum aim_status rc = aim_fail_errno(ctx, "readdir");

			(void)closedir(d);	/* failing already */
			return rc;
		}
		rewinddir(d);
	}
	if (closedir(d) < 0)
		return aim_fail_errno(ctx, "closedir");
	aim_sink_u64(sum);
	return AIM_OK;
}

const struct aim_test aim_test_disk_src = {
	.info = &catalog_tests[CATALOG_DISK_SRC],
	.needs = AIM_NEEDS_SCRATCH,
	.thread_safe = 1,
	.setup = disk_src_setup,
	.run = disk_src_run,
	.teardown = disk_src_teardown,
};

const struct aim_test aim_test_dir_rtns_1 = {
	.info = &catalog_tests[CATALOG_DIR_RTNS_1],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.setup = dir_rtns_1_setup,
	.run = dir_rtns_1_run,
	.teardown = NULL,
};
