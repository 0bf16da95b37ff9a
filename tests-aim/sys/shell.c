// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * shell_rtns_1..3: one shell script per call.  A forked child execs
 * /bin/sh -c "aim_N.sh 9", the command AIM handed to the C library's shell
 * runner, so each call is a shell that finds the script on PATH and runs
 * it in a second shell.  The scratch directory enters PATH and the
 * working directory only as the path through the harness's descriptor, so
 * another directory renamed to its name is never searched.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "aim_test.h"
#include "aimutil.h"

/* AIM passed the script a "user load" argument; singleuser used 9. */
#define SHELL_LOAD 9
#define SHELL_EXEC_FAILED 127

struct shell_state {
	char *script;		/* <held scratch>/aim_N.sh */
	const char *dir;	/* held scratch: the script's working directory */
	int devnull;		/* the scripts' stdin, stdout and stderr */
	char command[32];	/* "aim_N.sh 9" */
	char path_env[4200];	/* "PATH=<held scratch>:/usr/bin:/bin" */
	char *envp[3];
};

static void
shell_teardown(struct aim_ctx *ctx)
{
	struct shell_state *st = aim_ctx_data(ctx);

	if (st == NULL)
		return;
	/* Nothing can be reported from teardown. */
	if (st->script != NULL)
		(void)unlink(st->script);
	if (st->devnull >= 0)
		(void)close(st->devnull);
	free(st->script);
	free(st);
	aim_ctx_set_data(ctx, NULL);
}

static enum aim_status
shell_prepare(struct aim_ctx *ctx, struct shell_state *st, int n)
{
	char name[16];
	int len;

	if (access("/bin/sh", X_OK) < 0)
		return aim_skip(ctx, "no /bin/sh: %s", strerror(errno));
	/* Both fit: N is 1..3 and the load has one digit. */
	(void)snprintf(name, sizeof(name), "aim_%d.sh", n);
	(void)snprintf(st->command, sizeof(st->command), "%s %d", name,
		       SHELL_LOAD);
	len = snprintf(st->path_env, sizeof(st->path_env),
		       "PATH=%s:/usr/bin:/bin", st->dir);
	if (len < 0 || (size_t)len >= sizeof(st->path_env))
		return aim_fail(ctx, "scratch path too long for PATH");
	/* A fixed environment: the user's locale or ENV must not vary it. */
	st->envp[0] = st->path_env;
	st->envp[1] = (char *)"LC_ALL=C";
	st->envp[2] = NULL;
	st->devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (st->devnull < 0)
		return aim_fail_errno(ctx, "open /dev/null");
	return aimutil_install(ctx, name, &st->script);
}

static enum aim_status
shell_setup(struct aim_ctx *ctx, int n)
{
	struct shell_state *st = calloc(1, sizeof(*st));
	enum aim_status rc;

	if (st == NULL)
		return aim_fail_errno(ctx, "calloc");
	st->devnull = -1;
	st->dir = aim_ctx_dir_held(ctx);
	aim_ctx_set_data(ctx, st);
	if (st->dir == NULL)
		rc = aim_skip(ctx, "no scratch directory for the scripts");
	else
		rc = shell_prepare(ctx, st, n);
	if (rc != AIM_OK)
		shell_teardown(ctx);
	return rc;
}

static enum aim_status
shell_rtns_1_setup(struct aim_ctx *ctx)
{
	return shell_setup(ctx, 1);
}

static enum aim_status
shell_rtns_2_setup(struct aim_ctx *ctx)
{
	return shell_setup(ctx, 2);
}

static enum aim_status
shell_rtns_3_setup(struct aim_ctx *ctx)
{
	return shell_setup(ctx, 3);
}

/* In the child: quiet standard streams, then become the shell. */
static void
shell_child(const struct shell_state *st)
{
	char *argv[] = { (char *)"sh", (char *)"-c", (char *)st->command,
			 NULL };

	if (dup2(st->devnull, STDIN_FILENO) < 0 ||
	    dup2(st->devnull, STDOUT_FILENO) < 0 ||
	    dup2(st->devnull, STDERR_FILENO) < 0 || chdir(st->dir) < 0)
		_exit(SHELL_EXEC_FAILED);
	execve("/bin/sh", argv, st->envp);
	_exit(SHELL_EXEC_FAILED);
}

static enum aim_status
shell_run(struct aim_ctx *ctx)
{
	struct shell_state *st = aim_ctx_data(ctx);
	char text[64];
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return aim_fail_errno(ctx, "fork");
	if (pid == 0)
		shell_child(st);
	if (aimutil_wait(pid, &status) < 0)
		return aim_fail_errno(ctx, "waitpid");
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		aim_sink_u64((uint64_t)pid);
		return AIM_OK;
	}
	aimutil_status_text(status, text, sizeof(text));
	return aim_fail(ctx, "sh -c \"%s\": %s", st->command, text);
}

const struct aim_test aim_test_shell_rtns_1 = {
	.info = &catalog_tests[CATALOG_SHELL_RTNS_1],
	.needs = AIM_NEEDS_EXEC | AIM_NEEDS_SCRATCH,
	.no_threads = "forks and execs a shell, and a fork copies every thread's memory",
	.setup = shell_rtns_1_setup,
	.run = shell_run,
	.teardown = shell_teardown,
};

const struct aim_test aim_test_shell_rtns_2 = {
	.info = &catalog_tests[CATALOG_SHELL_RTNS_2],
	.needs = AIM_NEEDS_EXEC | AIM_NEEDS_SCRATCH,
	.no_threads = "forks and execs a shell, and a fork copies every thread's memory",
	.setup = shell_rtns_2_setup,
	.run = shell_run,
	.teardown = shell_teardown,
};

const struct aim_test aim_test_shell_rtns_3 = {
	.info = &catalog_tests[CATALOG_SHELL_RTNS_3],
	.needs = AIM_NEEDS_EXEC | AIM_NEEDS_SCRATCH,
	.no_threads = "forks and execs a shell, and a fork copies every thread's memory",
	.setup = shell_rtns_3_setup,
	.run = shell_run,
	.teardown = shell_teardown,
};
