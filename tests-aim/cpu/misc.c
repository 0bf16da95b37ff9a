// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The classic auxiliary test misc_rtns_1: ten rounds per run() of the
 * small process, user and terminal queries a program makes at start-up,
 * including passwd and group lookups through NSS.
 */
#include "config.h"

#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/times.h>
#include <sys/utsname.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "aim_test.h"

enum {
	MISC_ROUNDS = 10,
};

struct misc_state {
	int ngroups_max;
	char cwd[PATH_MAX];
	gid_t groups[];	/* ngroups_max entries, as AIM9 passed NGROUPS_MAX */
};

static enum aim_status
misc_setup(struct aim_ctx *ctx)
{
	long max = sysconf(_SC_NGROUPS_MAX);
	struct misc_state *st;

	if (max <= 0 || max > INT_MAX)
		max = NGROUPS_MAX;
	st = malloc(sizeof(*st) + (size_t)max * sizeof(gid_t));
	if (st == NULL)
		return aim_fail_errno(ctx, "malloc group list");
	st->ngroups_max = (int)max;
	aim_ctx_set_data(ctx, st);
	return AIM_OK;
}

static void
misc_teardown(struct aim_ctx *ctx)
{
	free(aim_ctx_data(ctx));
	aim_ctx_set_data(ctx, NULL);
}

/*
 * The calls that cannot fail, or whose failure is an answer: a missing
 * passwd entry, no controlling terminal or no PATH is not an error.
 */
static uint64_t
misc_queries(uid_t uid, gid_t gid)
{
	/* Zeroed: AIM9 asked the speeds of an uninitialised termios. */
	struct termios t;
	char term[L_ctermid];
	const char *path, *tty;
	const struct passwd *pw;
	const struct group *gr;
	uint64_t sum = 0;

	memset(&t, 0, sizeof(t));
	sum += cfgetispeed(&t) + cfgetospeed(&t);
	sum += (uint64_t)clock();
	sum += ctermid(term) != NULL;
	sum += (uint64_t)geteuid() + (uint64_t)getegid();
	path = getenv("PATH");
	sum += path != NULL;
	sum += (uint64_t)getpid() + (uint64_t)getpgrp() + (uint64_t)getppid();
	pw = getpwnam("root");
	sum += pw != NULL ? (uint64_t)pw->pw_uid + 1 : 0;
	pw = getpwuid(uid);
	sum += pw != NULL ? (uint64_t)pw->pw_gid + 1 : 0;
	gr = getgrgid(gid);
	sum += gr != NULL ? (uint64_t)gr->gr_gid + 1 : 0;
	sum += isatty(STDIN_FILENO);
	tty = ttyname(STDIN_FILENO);
	sum += tty != NULL;
	return sum;
}

static enum aim_status
misc_rtns_1_run(struct aim_ctx *ctx)
{
	struct misc_state *st = aim_ctx_data(ctx);
	uint64_t sum = 0;
	struct tms tms;
	struct utsname name;

	for (int n = 0; n < MISC_ROUNDS; n++) {
		uid_t uid = getuid();
		gid_t gid = getgid();
		int ngroups;

		if (getcwd(st->cwd, sizeof(st->cwd)) == NULL)
			return aim_fail_errno(ctx, "misc_rtns_1: getcwd");
		ngroups = getgroups(st->ngroups_max, st->groups);
		if (ngroups < 0)
			return aim_fail_errno(ctx, "misc_rtns_1: getgroups");
		if (times(&tms) == (clock_t)-1)
			return aim_fail_errno(ctx, "misc_rtns_1: times");
		if (uname(&name) < 0)
			return aim_fail_errno(ctx, "misc_rtns_1: uname");
		sum += misc_queries(uid, gid) + (uint64_t)ngroups;
		sum += (uint64_t)tms.tms_utime + (unsigned char)name.sysname[0];
	}
	aim_sink_u64(sum);
	aim_sink_ptr(st);
	return AIM_OK;
}

const struct aim_test aim_test_misc_rtns_1 = {
	.info = &catalog_tests[CATALOG_MISC_RTNS_1],
	.needs = AIM_NEEDS_NOTHING,
	.no_threads = "getpwnam(), getgrgid() and ttyname() return buffers the process shares",
	.setup = misc_setup,
	.run = misc_rtns_1_run,
	.teardown = misc_teardown,
};
