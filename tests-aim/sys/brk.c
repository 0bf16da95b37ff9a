/*
 * page_test and brk_test: move the program break up 1 MiB, then shrink it by
 * 64 KiB and grow it back in sixteen 4 KiB steps, again and again; page_test
 * also dirties each new 4 KiB.  The break is restored at the end of a call.
 */
#include "config.h"

#include <stdint.h>
#include <unistd.h>

#include "aim_test.h"

#define BRK_GROW ((intptr_t)1024 * 1024)
#define BRK_STEP ((intptr_t)4096)
#define BRK_STEPS 16
/*
 * intptr_t throughout: AIM passed -65536 as an int to an sbrk() it had
 * declared without a prototype, which on 64-bit grew the break by ~4 GB.
 */
#define BRK_SHRINK ((intptr_t)BRK_STEPS * BRK_STEP)
#define BRK_TOUCH_STRIDE 128
#define PAGE_TEST_PASSES 100
#define BRK_TEST_PASSES 1000

/* Put the break back at OLD, then report WHAT (errno kept from it). */
static enum aim_status
brk_fail(struct aim_ctx *ctx, void *old, const char *what)
{
	enum aim_status rc = aim_fail_errno(ctx, what);

	/* Best effort: the call is failing already and says why. */
	(void)brk(old);
	return rc;
}

static void
touch(char *cp)
{
	for (int j = 0; j < BRK_STEP; j += BRK_TOUCH_STRIDE)
		cp[j] = ' ';
	aim_sink_ptr(cp);
}

/*
 * One call: PASSES x (1 shrink + 16 grows) sbrk() calls inside a 1 MiB
 * region above the current break, dirtying the new memory when DIRTY is set.
 */
static enum aim_status
brk_cycle(struct aim_ctx *ctx, int passes, int dirty)
{
	void *old = sbrk(0);
	uint64_t sum = 0;

	/* Read the break now: malloc between calls may have moved it. */
	if (old == (void *)-1)
		return aim_fail_errno(ctx, "sbrk(0)");
	if (sbrk(BRK_GROW) == (void *)-1)
		return aim_fail_errno(ctx, "sbrk(+1 MiB)");
	for (int n = 0; n < passes; n++) {
		if (sbrk(-BRK_SHRINK) == (void *)-1)
			return brk_fail(ctx, old, "sbrk(-64 KiB)");
		for (int i = 0; i < BRK_STEPS; i++) {
			char *cp = sbrk(BRK_STEP);

			if (cp == (void *)-1)
				return brk_fail(ctx, old, "sbrk(+4 KiB)");
			if (dirty)
				touch(cp);
			sum += (uintptr_t)cp;
		}
	}
	if (brk(old) < 0)
		return aim_fail_errno(ctx, "brk(restore)");
	aim_sink_u64(sum);
	return AIM_OK;
}

static enum aim_status
page_test_run(struct aim_ctx *ctx)
{
	return brk_cycle(ctx, PAGE_TEST_PASSES, 1);
}

static enum aim_status
brk_test_run(struct aim_ctx *ctx)
{
	return brk_cycle(ctx, BRK_TEST_PASSES, 0);
}

const struct aim_test aim_test_page_test = {
	.info = &catalog_tests[CATALOG_PAGE_TEST],
	.needs = AIM_NEEDS_NOTHING,
	.no_threads = "moves the program break, of which a process has one",
	.run = page_test_run,
};

const struct aim_test aim_test_brk_test = {
	.info = &catalog_tests[CATALOG_BRK_TEST],
	.needs = AIM_NEEDS_NOTHING,
	.no_threads = "moves the program break, of which a process has one",
	.run = brk_test_run,
};
