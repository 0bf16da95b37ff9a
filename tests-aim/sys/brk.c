// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * page_test and brk_test: move the program break up 1 MiB, then shrink it by
 * 64 KiB and grow it back in sixteen 4 KiB steps, again and again; page_test
 * also dirties each new 4 KiB.  The break is restored at the end of a call.
 */
#include "config.h"

#include <stdint.h>
#include <sys/mman.h>
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

/*
 * The cycle moves the break over a mapping of its own, in page tables of
 * its own, as in a process that never used its heap (a plain C loop, or
 * the test process when it was a fork of aimrun, whose heap the kernel
 * does not merge with).  Grown from a heap that malloc has written, the
 * break would extend that heap's mapping and share its anon_vma, so every
 * grow and shrink would also update the anon_vma's interval tree (10 %
 * more CPU per brk_test call), and every shrink would walk the heap's page
 * table (2 % more): costs of what the process did before the test, not of
 * the cycle (doc/tests.md, "The heap below the break").  So setup leaves unmapped what lies between the heap and the
 * next boundary of a page table's reach, at least one page, and the cycle
 * starts there; the context keeps the break as it was, to put it back.
 */
static uintptr_t
page_size(void)
{
	long p = sysconf(_SC_PAGESIZE);

	return p > 0 ? (uintptr_t)p : 4096;
}

/* X rounded up to a multiple of A, a power of two. */
static uintptr_t
align_up(uintptr_t x, uintptr_t a)
{
	return (x + a - 1) & ~(a - 1);
}

/* Where the cycle starts when the break is at OLD: past the hole. */
static char *
cycle_start(const char *old)
{
	uintptr_t page = page_size();
	/* What one page table maps: a page of 8-byte entries (2 MiB). */
	uintptr_t reach = page / 8 * page;

	return (char *)align_up(align_up((uintptr_t)old, page) + page, reach);
}

static enum aim_status
brk_setup(struct aim_ctx *ctx)
{
	char *old = sbrk(0), *hole, *start;

	if (old == (void *)-1)
		return aim_fail_errno(ctx, "sbrk(0)");
	hole = (char *)align_up((uintptr_t)old, page_size());
	start = cycle_start(old);
	if (sbrk(start - old) == (void *)-1)
		return aim_fail_errno(ctx, "sbrk(to a page table of its own)");
	if (munmap(hole, (size_t)(start - hole)) != 0)
		return brk_fail(ctx, old, "munmap(below the break)");
	aim_ctx_set_data(ctx, old);
	return AIM_OK;
}

/*
 * The break back where setup found it, unless something else moved it
 * meanwhile (malloc's later memory then lies above the hole).  The
 * kernel shrinks the break only over a mapping, so one page is mapped
 * above the hole first and the shrink takes both.
 */
static void
brk_teardown(struct aim_ctx *ctx)
{
	char *old = aim_ctx_data(ctx);

	if (old == NULL || sbrk(0) != cycle_start(old))
		return;
	/* Best effort: a failure leaves the break higher, harmlessly. */
	if (sbrk((intptr_t)page_size()) != (void *)-1)
		(void)brk(old);
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
	.setup = brk_setup,
	.run = page_test_run,
	.teardown = brk_teardown,
};

const struct aim_test aim_test_brk_test = {
	.info = &catalog_tests[CATALOG_BRK_TEST],
	.needs = AIM_NEEDS_NOTHING,
	.no_threads = "moves the program break, of which a process has one",
	.setup = brk_setup,
	.run = brk_test_run,
	.teardown = brk_teardown,
};
