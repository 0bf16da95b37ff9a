/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The only clock for intervals: CLOCK_MONOTONIC in nanoseconds.  A fake
 * clock with the same interface lets the timing loop be tested exactly.
 */
#ifndef AIM_CLOCK_H
#define AIM_CLOCK_H

#include <stdint.h>

struct aim_clock {
	/* Returns nanoseconds on a monotonic scale. */
	int64_t (*now_ns)(struct aim_clock *c);
	/* Time stamp counter ticks, serialised; NULL where there is none. */
	int64_t (*ticks)(struct aim_clock *c);
	/* Fake clock state: current time and step added at every reading. */
	int64_t fake_ns;
	int64_t fake_step_ns;
	int64_t fake_ticks_per_ns;	/* a fake TSC reads fake_ns times this */
};

/* CLOCK_MONOTONIC now, in ns. */
int64_t clock_mono_ns(void);

/*
 * Time a watcher ran: CLOCK_MONOTONIC deltas between readings, each
 * capped, so a process stopped (SIGSTOP, a frozen cgroup) or starved
 * between two readings counts at most CAP_NS for the gap.  Read it at
 * least every CAP_NS while running, or running time is lost too.
 */
struct clock_ran {
	int64_t last_ns;
	int64_t ran_ns;
	int64_t cap_ns;
};

void clock_ran_init(struct clock_ran *c, int64_t cap_ns);
/* Add the capped time since the last reading; return the total ran. */
int64_t clock_ran_ns(struct clock_ran *c);

/* A clock reading CLOCK_MONOTONIC, and the TSC where the CPU has one. */
void clock_init_real(struct aim_clock *c);
/*
 * A clock starting at START_NS that advances STEP_NS on every reading;
 * no TSC until clock_fake_ticks() gives it one of PER_NS ticks per ns
 * (reading it does not advance the clock).
 */
void clock_init_fake(struct aim_clock *c, int64_t start_ns, int64_t step_ns);
void clock_fake_ticks(struct aim_clock *c, int64_t per_ns);

static inline int64_t
clock_now(struct aim_clock *c)
{
	return c->now_ns(c);
}

#endif
