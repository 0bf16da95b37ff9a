// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Monotonic clock.  Wall-clock time (CLOCK_REALTIME) can step under NTP and
 * must never measure an interval.
 */
#include "config.h"

#include "clock.h"

#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <x86intrin.h>
#endif

int64_t
clock_mono_ns(void)
{
	struct timespec ts;

	/* Cannot fail for CLOCK_MONOTONIC with a valid pointer on Linux. */
	(void)clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void
clock_ran_init(struct clock_ran *c, int64_t cap_ns)
{
	c->last_ns = clock_mono_ns();
	c->ran_ns = 0;
	c->cap_ns = cap_ns;
}

int64_t
clock_ran_ns(struct clock_ran *c)
{
	int64_t now = clock_mono_ns(), d = now - c->last_ns;

	c->last_ns = now;
	c->ran_ns += d < c->cap_ns ? d : c->cap_ns;
	return c->ran_ns;
}

static int64_t
real_now(struct aim_clock *c)
{
	(void)c;
	return clock_mono_ns();
}

static int64_t
fake_now(struct aim_clock *c)
{
	int64_t t = c->fake_ns;

	c->fake_ns += c->fake_step_ns;
	return t;
}

#if defined(__x86_64__) || defined(__i386__)
/*
 * lfence before: the reading waits for the instructions before it (the
 * call) to finish; after: the ones after it wait for the reading.  This
 * is the serialised form the kernel's rdtsc_ordered() uses.
 */
static int64_t
real_ticks(struct aim_clock *c)
{
	uint64_t t;

	(void)c;
	_mm_lfence();
	t = __rdtsc();
	_mm_lfence();
	return (int64_t)(t & INT64_MAX);
}

/* CPUID leaf 1, EDX bit 4: the CPU has a time stamp counter. */
static int
have_tsc(void)
{
	unsigned int a, b, c, d;

	return __get_cpuid(1, &a, &b, &c, &d) && (d & (1u << 4));
}
#endif

void
clock_init_real(struct aim_clock *c)
{
	c->now_ns = real_now;
	c->ticks = NULL;
#if defined(__x86_64__) || defined(__i386__)
	if (have_tsc())
		c->ticks = real_ticks;
#endif
	c->fake_ns = 0;
	c->fake_step_ns = 0;
	c->fake_ticks_per_ns = 0;
}

void
clock_init_fake(struct aim_clock *c, int64_t start_ns, int64_t step_ns)
{
	c->now_ns = fake_now;
	c->ticks = NULL;
	c->fake_ns = start_ns;
	c->fake_step_ns = step_ns;
	c->fake_ticks_per_ns = 0;
}

static int64_t
fake_ticks(struct aim_clock *c)
{
	return c->fake_ns * c->fake_ticks_per_ns;
}

void
clock_fake_ticks(struct aim_clock *c, int64_t per_ns)
{
	c->ticks = fake_ticks;
	c->fake_ticks_per_ns = per_ns;
}
