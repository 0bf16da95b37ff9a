// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The canary loop.  Its value reaches a volatile, and its seed comes from
 * one, so the compiler can neither fold nor drop it (objdump -d of
 * canary.o shows the shifts and xors of the loop).
 */
#include "config.h"

#include "canary.h"

#include "clock.h"

uint64_t
canary_loop(uint64_t seed, long iterations)
{
	uint64_t x = seed | 1;

	/* Each step depends on the last: no vector, no overlap. */
	for (long i = 0; i < iterations; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
	}
	return x;
}

static int64_t
timed(void)
{
	volatile uint64_t seed = 0x9e3779b97f4a7c15ull;
	volatile uint64_t sink;
	int64_t t0 = clock_mono_ns(), t1;

	sink = canary_loop(seed, CANARY_ITERATIONS);
	t1 = clock_mono_ns();
	(void)sink;	/* written: that is its use */
	return t1 > t0 ? t1 - t0 : 1;
}

int64_t
canary_ns(void)
{
	int64_t a = timed(), b = timed(), c = timed();

	/* The median: one interrupt in one loop does not move it. */
	if (a > b) {
		int64_t t = a;

		a = b;
		b = t;
	}
	return c < a ? a : c > b ? b : c;
}
