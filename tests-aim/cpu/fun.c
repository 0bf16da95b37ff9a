// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The classic function-call tests: 512 000 indirect calls per run() of a
 * function taking 0, 1, 2 or 15 int arguments.  The pointer is hidden from
 * the compiler so every call is a real call that cannot be inlined.
 */
#include "config.h"

#include <stdint.h>

#include "aim_test.h"

/*
 * The callees return what AIM9's added into a global counter, and the
 * caller sums the returns: same call, one add per call, no global state.
 */
static int
fcal0(void)
{
	return 32;
}

static int
fcal1(int n)
{
	return n;
}

static int
fcal2(int n, int i)
{
	return n + i;
}

static int
fcal15(int i1, int i2, int i3, int i4, int i5, int i6, int i7, int i8,
       int i9, int i10, int i11, int i12, int i13, int i14, int i15)
{
	return i8 + i15;
}

/*
 * 1000 x 32 x 16; AIM9 wrote the inner 16 calls out in line.  The empty asm
 * makes the pointer unknown to the optimiser, the way AIM9's run-time choice
 * between the callee and a never-taken decoy did.
 */
static enum aim_status
fun_cal_run(struct aim_ctx *ctx)
{
	int (*fn)(void) = fcal0;
	unsigned long sum = 0;

	__asm__ volatile("" : "+r"(fn));

	for (int n = 1000; n > 0; n--) {
		for (int i = 32; i > 0; i--) {
#pragma GCC unroll 16
			for (int k = 0; k < 16; k++)
				sum += (unsigned long)fn();
		}
	}
	aim_sink_u64(sum);
	return AIM_OK;
}

static enum aim_status
fun_cal1_run(struct aim_ctx *ctx)
{
	int (*fn)(int) = fcal1;
	unsigned long sum = 0;

	__asm__ volatile("" : "+r"(fn));

	for (int n = 1000; n > 0; n--) {
		for (int i = 32; i > 0; i--) {
#pragma GCC unroll 16
			for (int k = 0; k < 16; k++)
				sum += (unsigned long)fn(i);
		}
	}
	aim_sink_u64(sum);
	return AIM_OK;
}

static enum aim_status
fun_cal2_run(struct aim_ctx *ctx)
{
	int (*fn)(int, int) = fcal2;
	unsigned long sum = 0;

	__asm__ volatile("" : "+r"(fn));

	for (int n = 1000; n > 0; n--) {
		for (int i = 32; i > 0; i--) {
#pragma GCC unroll 16
			for (int k = 0; k < 16; k++)
				sum += (unsigned long)fn(n, i);
		}
	}
	aim_sink_u64(sum);
	return AIM_OK;
}

/* 1000 x 512, each call passing the loop counter in all 15 places. */
static enum aim_status
fun_cal15_run(struct aim_ctx *ctx)
{
	int (*fn)(int, int, int, int, int, int, int, int, int, int, int, int,
		  int, int, int) = fcal15;
	unsigned long sum = 0;

	__asm__ volatile("" : "+r"(fn));

	for (int n = 1000; n > 0; n--) {
		for (int i = 512; i > 0; i--)
			sum += (unsigned long)fn(i, i, i, i, i, i, i, i, i, i,
						 i, i, i, i, i);
	}
	aim_sink_u64(sum);
	return AIM_OK;
}

const struct aim_test aim_test_fun_cal = {
	.info = &catalog_tests[CATALOG_FUN_CAL],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = fun_cal_run,
};

const struct aim_test aim_test_fun_cal1 = {
	.info = &catalog_tests[CATALOG_FUN_CAL1],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = fun_cal1_run,
};

const struct aim_test aim_test_fun_cal2 = {
	.info = &catalog_tests[CATALOG_FUN_CAL2],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = fun_cal2_run,
};

const struct aim_test aim_test_fun_cal15 = {
	.info = &catalog_tests[CATALOG_FUN_CAL15],
	.needs = AIM_NEEDS_NOTHING,
	.thread_safe = 1,
	.run = fun_cal15_run,
};
