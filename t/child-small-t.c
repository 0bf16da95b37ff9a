// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A test forks (fork_test, exec_test, the shells) from a process that
 * holds no more than it needs, so what every fork copies and every child
 * tears down is not aimrun's: the test process does not keep the heap
 * pages aimrun freed (the parent here leaves LEFT_KB of freed small
 * blocks resident, then the test reads its own anonymous memory), and
 * the processes it forks get no mapping of SQLite's code or data, while
 * the test process keeps them and a child's first call of a C library
 * function (a lazy symbol lookup past SQLite) still works.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runner.h"
#include "sanitizer.h"
#include "store_code.h"
#include "tap.h"

enum {
	BLOCK = 1000,		/* below the mmap threshold: on the heap */
	BLOCKS = 8192,		/* 8 MB of them */
	LEFT_KB = 7 * 1024,	/* the parent holds at least this, freed */
	CHILD_MAX_KB = 3 * 1024,
};

/* "Anonymous:" of /proc/self/smaps_rollup in kB, -1 if unreadable. */
static long
anon_kb(void)
{
	FILE *f = fopen("/proc/self/smaps_rollup", "r");
	char line[256];
	long kb = -1;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "Anonymous: %ld kB", &kb) == 1)
			break;
	(void)fclose(f);	/* read only: nothing to lose */
	return kb;
}

static enum aim_status
small_setup(struct aim_ctx *ctx)
{
	long kb = anon_kb();

	if (kb < 0 || kb > CHILD_MAX_KB)
		return aim_fail(ctx, "test process holds %ld kB anonymous", kb);
	return AIM_OK;
}

/*
 * Whether /proc/self/maps has a mapping of a file whose name holds NAME
 * with permissions PERM; -1 if unreadable.
 */
static int
maps_has(const char *name, const char *perm)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	int found = 0;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL)
		if (strstr(line, name) != NULL && strstr(line, perm) != NULL)
			found = 1;
	(void)fclose(f);	/* read only: nothing to lose */
	return found;
}

/*
 * The child's verdict as its exit status: 0 when neither SQLite's code
 * nor its data is mapped and a first call of strverscmp (never called
 * before, so bound lazily) returns.
 */
static void
child_check(void)
{
	if (maps_has("libsqlite3", " r-xp ") != 0 ||
	    maps_has("libsqlite3", " rw-p ") != 0 ||
	    maps_has("/libm.so", " r-xp ") != 0 ||
	    maps_has("/libm.so", " rw-p ") != 0)
		_exit(1);
	_exit(strverscmp("aim9", "aim10") < 0 ? 0 : 2);
}

static enum aim_status
fork_setup(struct aim_ctx *ctx)
{
	pid_t pid;
	int status;

	if (maps_has("libsqlite3", " r-xp ") != 1)
		return aim_skip(ctx, "SQLite is not a shared library here");
	if (maps_has("/libm.so", " r-xp ") != 1)
		return aim_skip(ctx, "libm is not a shared library here");
	pid = fork();
	if (pid < 0)
		return aim_fail_errno(ctx, "fork");
	if (pid == 0)
		child_check();
	if (waitpid(pid, &status, 0) != pid)
		return aim_fail_errno(ctx, "waitpid");
	if (maps_has("libsqlite3", " r-xp ") != 1 ||
	    maps_has("/libm.so", " r-xp ") != 1)
		return aim_fail(ctx, "the test process lost SQLite's or libm's code");
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return aim_fail(ctx, "forked child: status %#x (1: SQLite "
				"or libm mapped, 2: wrong result)", (unsigned)status);
	return AIM_OK;
}

static enum aim_status
small_run(struct aim_ctx *ctx)
{
	aim_sink_ptr(ctx);
	return AIM_OK;
}

static const struct aim_test small_test = {
	.info = &(const struct catalog_test){ .number = 0, .name = "small",
		.units = "Calls/second", .factor = 1 },
	.setup = small_setup, .run = small_run,
};

static const struct aim_test fork_test = {
	.info = &(const struct catalog_test){ .number = 0, .name = "forks",
		.units = "Calls/second", .factor = 1 },
	.setup = fork_setup, .run = small_run,
};

/* Leave BLOCKS blocks freed but resident; one kept block holds the top. */
static void *
litter(void)
{
	char **b = calloc(BLOCKS, sizeof(*b));
	void *keep;

	if (b == NULL)
		return NULL;
	for (int i = 0; i < BLOCKS; i++) {
		b[i] = malloc(BLOCK);
		if (b[i] != NULL)
			memset(b[i], 0x5a, BLOCK);
	}
	keep = malloc(BLOCK);
	for (int i = 0; i < BLOCKS; i++)
		free(b[i]);
	free(b);
	return keep;
}

/* Run T once; its outcome in one assertion named WHAT. */
static void
check(const struct aim_test *t, const char *what)
{
	struct runner_cfg cfg = { .kill_grace_ns = 300000000 };
	struct runner_outcome out;

	timing_cfg_default(&cfg.child.timing, 10000000);
	cfg.deadline_ns = 10000000000LL;
	cfg.child.filesize_k = 5120;
	if (runner_run(t, &cfg, &out) != 0) {
		ok(0, "%s: the harness works", what);
		return;
	}
	if (out.status == RUNNER_SKIP)
		skip("%s: %s", what, out.reason);
	else
		ok(out.status == RUNNER_OK, "%s (%s%s%s)", what,
		   runner_status_name(out.status),
		   out.reason[0] != '\0' ? ": " : "", out.reason);
	runner_outcome_free(&out);
}

int
main(void)
{
	void *keep;
	long kb;

	plan(3);
	/* This program, like aimrun, links SQLite by calling into it. */
	if (store_engine_code() == NULL)
		bail("no address for SQLite's code");
	/* Whatever a test orphans comes to us, as in aimrun. */
	(void)prctl(PR_SET_CHILD_SUBREAPER, 1);
	check(&fork_test, "a forked child maps no SQLite or libm code or data and "
	      "binds a new C library call");
	if (SANITIZED || anon_kb() < 0) {
		skip(SANITIZED ? "AddressSanitizer keeps freed memory in its "
		     "own allocator, out of malloc_trim's reach" :
		     "no /proc/self/smaps_rollup to read");
		skip("as above");
		return done_testing();
	}
	keep = litter();
	kb = anon_kb();
	ok(keep != NULL && kb >= LEFT_KB,
	   "the parent holds %ld kB anonymous, freed blocks included", kb);
	check(&small_test, "the test process holds under 3072 kB anonymous");
	free(keep);
	return done_testing();
}
