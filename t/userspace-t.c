// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The catalog's judged=peak of every test (lib/core/catalog.c: its run() makes
 * no system call), proven rather than claimed.  A test that needs a
 * scratch directory, the network or exec is never judged on its peak.
 * A test that needs nothing is judged on its peak exactly when its run()
 * survives seccomp strict mode, in which any system call but read, write,
 * exit and sigreturn kills the process: each is set up and warmed up in a
 * child, which then enters strict mode and calls run() a few more times.
 */
#include "config.h"

#include <errno.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "aim_test.h"
#include "ctx.h"
#include "sanitizer.h"
#include "tap.h"

enum {
	WARM_RUNS = 3,		/* first-touch faults, lazy libc state */
	STRICT_RUNS = 5,	/* calls that must make no system call */
	CHILD_LIMIT_S = 60,	/* a call takes milliseconds */
	/* Child exit codes besides 0 (no system call). */
	EXIT_RUN_FAILED = 1,	/* a run() in strict mode did not return OK */
	EXIT_WARM_FAILED = 2,	/* setup or a warm-up run() failed */
	EXIT_NO_SECCOMP = 3,	/* prctl(PR_SET_SECCOMP) refused */
	EXIT_SETUP_SKIP = 4,	/* a facility is missing here */
};

/* Tests whose work is plain arithmetic: a check clearing them is broken. */
static const char *const pure[] = { "add_long", "mul_double", "div_int" };

/* Leave without exit_group, which strict mode kills. */
static __attribute__((noreturn)) void
strict_exit(int code)
{
	for (;;)
		syscall(SYS_exit, code);
}

/* Enter strict mode, or leave with EXIT_NO_SECCOMP. */
static void
enter_strict(void)
{
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_STRICT, 0, 0, 0) < 0)
		_exit(EXIT_NO_SECCOMP);
}

/* A failure before strict mode: say why on the TAP stream, then leave. */
static __attribute__((noreturn)) void
child_fail(const struct aim_test *t, const struct aim_ctx *ctx, int code)
{
	diag("%s: %s", t->info->name, ctx->reason[0] != '\0' ? ctx->reason : "-");
	(void)fflush(stdout);
	_exit(code);
}

/* The child: set up, warm up, then run in strict mode; never returns. */
static __attribute__((noreturn)) void
child(const struct aim_test *t)
{
	struct aim_ctx ctx;
	enum aim_status s = AIM_OK;
	int failed = 0;

	/*
	 * With TZ unset glibc's localtime() looks at /etc/localtime on every
	 * call; the flag must hold in the worst environment, not this one.
	 */
	if (unsetenv("TZ") < 0)
		_exit(EXIT_WARM_FAILED);
	(void)alarm(CHILD_LIMIT_S);	/* SIGALRM ends a hung child */
	ctx_init(&ctx, NULL, 5120, NULL);
	if (t->setup != NULL)
		s = t->setup(&ctx);
	if (s == AIM_SKIP)
		child_fail(t, &ctx, EXIT_SETUP_SKIP);
	for (int i = 0; s == AIM_OK && i < WARM_RUNS; i++)
		s = t->run(&ctx);
	if (s != AIM_OK)
		child_fail(t, &ctx, EXIT_WARM_FAILED);
	enter_strict();
	/* From here on: no stdio, no exit(), nothing but run(). */
	for (int i = 0; i < STRICT_RUNS; i++)
		failed |= t->run(&ctx) != AIM_OK;
	strict_exit(failed ? EXIT_RUN_FAILED : 0);
}

/* The seccomp probe's child: strict mode and straight out. */
static __attribute__((noreturn)) void
strict_only(const struct aim_test *t)
{
	(void)t;
	enter_strict();
	strict_exit(0);
}

/* Run BODY(T) in a child and return its wait status. */
static int
fork_wait(void (*body)(const struct aim_test *), const struct aim_test *t)
{
	int status;
	pid_t pid;

	if (fflush(stdout) != 0)	/* or the child would print it again */
		bail("fflush stdout: %s", strerror(errno));
	pid = fork();
	if (pid < 0)
		bail("fork: %s", strerror(errno));
	if (pid == 0) {
		body(t);
		_exit(EXIT_RUN_FAILED);	/* not reached */
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			bail("waitpid: %s", strerror(errno));
	return status;
}

/* Strict mode can be entered here: not refused, nor already filtered. */
static int
seccomp_usable(void)
{
	int status = fork_wait(strict_only, NULL);

	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 1;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != EXIT_NO_SECCOMP)
		bail("seccomp probe child ended with wait status %#x", status);
	return 0;
}

/* What the child's wait status says, for the message. */
static const char *
describe(int status, char *buf, size_t len)
{
	if (WIFEXITED(status)) {
		switch (WEXITSTATUS(status)) {
		case 0:
			return "run() made no system call under seccomp strict";
		case EXIT_RUN_FAILED:
			return "run() failed under seccomp strict";
		case EXIT_WARM_FAILED:
			return "setup or warm-up run() failed";
		}
	} else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) {
		return "run() made a system call under seccomp strict";
	} else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) {
		return "run() hung";
	}
	snprintf(buf, len, "child ended with wait status %#x", status);
	return buf;
}

/* The catalog says run() makes no system call. */
static int
peak(const struct aim_test *t)
{
	return t->info->judged == MEASURE_JUDGED_PEAK;
}

static void
check_strict(const struct aim_test *t)
{
	int status = fork_wait(child, t);
	int clean = WIFEXITED(status) && WEXITSTATUS(status) == 0;
	int killed = WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
	char buf[64];

	if (WIFEXITED(status) && WEXITSTATUS(status) == EXIT_SETUP_SKIP) {
		skip("%s: setup skips here, run() not checked", t->info->name);
		return;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == EXIT_NO_SECCOMP)
		bail("%s: seccomp strict refused after the probe allowed it",
		     t->info->name);
	ok((clean || killed) && clean == peak(t),
	   "%s: judged peak=%d, %s", t->info->name, peak(t),
	   describe(status, buf, sizeof(buf)));
}

static void
check_test(const struct aim_test *t, const char *no_strict)
{
	if (t->needs != AIM_NEEDS_NOTHING)
		is_int(peak(t), 0, "%s: needs %#x, so not judged peak",
		       t->info->name, t->needs);
	else if (no_strict != NULL)
		skip("%s: judged peak=%d not checked: %s", t->info->name,
		     peak(t), no_strict);
	else
		check_strict(t);
}

/* Why run() cannot be checked under strict mode here, or NULL. */
static const char *
no_strict_reason(void)
{
	if (SANITIZED)
		return "the sanitizer runtime makes system calls of its own";
	if (!seccomp_usable())
		return "seccomp strict mode is unavailable here "
		       "(no CONFIG_SECCOMP, or a seccomp filter already)";
	return NULL;
}

int
main(void)
{
	const char *no_strict;

	plan_lazy();
	no_strict = no_strict_reason();
	for (size_t i = 0; aim_tests[i] != NULL; i++)
		check_test(aim_tests[i], no_strict);
	for (size_t i = 0; aim_extra_tests[i] != NULL; i++)
		check_test(aim_extra_tests[i], no_strict);
	for (size_t i = 0; i < sizeof(pure) / sizeof(pure[0]); i++) {
		const struct aim_test *t = aim_test_find(pure[i]);

		ok(t != NULL && peak(t), "%s is judged peak", pure[i]);
	}
	return done_testing();
}
