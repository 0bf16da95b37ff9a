// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * exec_test and fork_test: process creation.  fork_test forks children that
 * exit at once; exec_test's children exec the one-line #!/bin/sh script
 * `true`, so each load is a kernel exec plus a shell start-up, as in AIM.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "aim_test.h"
#include "aimutil.h"

#define EXEC_TEST_LOADS 5
#define FORK_TEST_FORKS 100
/* Exit status of a child whose execve() failed (the shell's convention). */
#define EXEC_FAILED 127

struct exec_state {
	char *true_path;	/* <scratch>/true through the held directory */
	const char *exec_path;	/* what the children execute */
};

static enum aim_status
exec_test_setup(struct aim_ctx *ctx)
{
	struct exec_state *st;
	enum aim_status rc;

	if (access("/bin/sh", X_OK) < 0)
		return aim_skip(ctx, "no /bin/sh to run the #!/bin/sh script "
				"`true`");
	st = calloc(1, sizeof(*st));
	if (st == NULL)
		return aim_fail_errno(ctx, "calloc");
	rc = aimutil_install(ctx, "true", &st->true_path);
	if (rc != AIM_OK) {
		free(st);
		return rc;
	}
	/*
	 * AIM runs ./true.  The harness made the held scratch directory the
	 * working directory, so "./true" reaches the same file as the held
	 * path, no rename can redirect it, and neither the exec nor the
	 * shell that opens the script again walks /proc/self/fd (a new
	 * /proc/PID per child: 3 % of a load, doc/tests.md).
	 */
	st->exec_path = aimutil_cwd_is(aim_ctx_dir_held(ctx)) ? "./true" :
			st->true_path;
	aim_ctx_set_data(ctx, st);
	return AIM_OK;
}

/* Reap PID and turn anything but a clean exit into a failure. */
static enum aim_status
reap(struct aim_ctx *ctx, pid_t pid, const char *what)
{
	char text[64];
	int status;

	if (aimutil_wait(pid, &status) < 0)
		return aim_fail_errno(ctx, "waitpid");
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return AIM_OK;
	aimutil_status_text(status, text, sizeof(text));
	if (WIFEXITED(status) && WEXITSTATUS(status) == EXEC_FAILED)
		return aim_fail(ctx, "%s: %s (could not exec it?)", what, text);
	return aim_fail(ctx, "%s: %s", what, text);
}

static enum aim_status
exec_test_run(struct aim_ctx *ctx)
{
	struct exec_state *st = aim_ctx_data(ctx);
	char *argv[] = { (char *)"true", NULL };
	uint64_t sum = 0;

	for (int i = 0; i < EXEC_TEST_LOADS; i++) {
		enum aim_status rc;
		pid_t pid = fork();

		if (pid < 0)
			return aim_fail_errno(ctx, "fork");
		if (pid == 0) {
			/* The caller's environment, as AIM's execl() passed. */
			execve(st->exec_path, argv, environ);
			_exit(EXEC_FAILED);
		}
		rc = reap(ctx, pid, st->exec_path);
		if (rc != AIM_OK)
			return rc;
		sum += (uint64_t)pid;
	}
	aim_sink_u64(sum);
	return AIM_OK;
}

static void
exec_test_teardown(struct aim_ctx *ctx)
{
	struct exec_state *st = aim_ctx_data(ctx);

	if (st == NULL)
		return;
	if (st->true_path != NULL)
		(void)unlink(st->true_path);	/* nothing to do if it fails */
	free(st->true_path);
	free(st);
	aim_ctx_set_data(ctx, NULL);
}

static enum aim_status
fork_test_run(struct aim_ctx *ctx)
{
	uint64_t sum = 0;

	for (int i = 0; i < FORK_TEST_FORKS; i++) {
		enum aim_status rc;
		pid_t pid = fork();

		if (pid < 0)
			return aim_fail_errno(ctx, "fork");
		if (pid == 0)
			_exit(0);
		rc = reap(ctx, pid, "forked child");
		if (rc != AIM_OK)
			return rc;
		sum += (uint64_t)pid;
	}
	aim_sink_u64(sum);
	return AIM_OK;
}

const struct aim_test aim_test_exec_test = {
	.info = &catalog_tests[CATALOG_EXEC_TEST],
	.needs = AIM_NEEDS_EXEC | AIM_NEEDS_SCRATCH,
	.no_threads = "forks and execs, and a fork copies every thread's memory",
	.setup = exec_test_setup,
	.run = exec_test_run,
	.teardown = exec_test_teardown,
};

const struct aim_test aim_test_fork_test = {
	.info = &catalog_tests[CATALOG_FORK_TEST],
	.needs = AIM_NEEDS_EXEC,
	.no_threads = "forks, and a fork copies every thread's memory",
	.run = fork_test_run,
};
