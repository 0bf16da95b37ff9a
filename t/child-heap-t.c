/*
 * A test process does not keep the heap pages aimrun freed: it forks
 * (fork_test, exec_test, the shells) from a process no bigger than what
 * is in use, so what every fork copies and every child tears down is not
 * aimrun's history.  The parent here leaves LEFT_KB of freed small blocks
 * resident, then the test reads its own anonymous memory.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>

#include "runner.h"
#include "sanitizer.h"
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

static enum aim_status
small_run(struct aim_ctx *ctx)
{
	aim_sink_ptr(ctx);
	return AIM_OK;
}

static const struct aim_test small_test = {
	.number = 0, .name = "small", .units = "Calls/second",
	.ops_per_call = 1, .setup = small_setup, .run = small_run,
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

int
main(void)
{
	struct runner_cfg cfg = { .kill_grace_ns = 300000000 };
	struct runner_outcome out;
	void *keep;
	long kb;

	if (SANITIZED)
		skip_all("AddressSanitizer keeps freed memory in its own "
			 "allocator, out of malloc_trim's reach");
	if (anon_kb() < 0)
		skip_all("no /proc/self/smaps_rollup to read");
	plan(3);
	/* Whatever a test orphans comes to us, as in aimrun. */
	(void)prctl(PR_SET_CHILD_SUBREAPER, 1);
	keep = litter();
	kb = anon_kb();
	ok(keep != NULL && kb >= LEFT_KB,
	   "the parent holds %ld kB anonymous, freed blocks included", kb);
	timing_cfg_default(&cfg.child.timing, 10000000);
	cfg.deadline_ns = 10000000000LL;
	cfg.child.filesize_k = 5120;
	is_int(runner_run(&small_test, &cfg, &out), 0, "the harness works");
	ok(out.status == RUNNER_OK, "the test process holds under %d kB "
	   "anonymous (%s%s%s)", CHILD_MAX_KB, runner_status_name(out.status),
	   out.reason[0] != '\0' ? ": " : "", out.reason);
	runner_outcome_free(&out);
	free(keep);
	return done_testing();
}
