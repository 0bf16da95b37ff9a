/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Timing call by call (aimrun --latency, and tests with a prepare step):
 * a clock reading before and after every call, the clock's own cost
 * subtracted, and each time counted into a log-linear histogram that
 * goes with the sample as its MEASURE_LAT_* metrics (lib/core/hist.h).
 */
#ifndef AIM_LATENCY_H
#define AIM_LATENCY_H

#include <stdint.h>
#include <stdio.h>

#include "aim_test.h"
#include "clock.h"
#include "hist.h"
#include "measure.h"
#include "timing.h"

struct latency {
	int64_t clock_ns;	/* the cost of a reading, subtracted per call */
	/* What the bracketed readings add to the ticks and cycles of a call. */
	int64_t tick_cost, cycle_cost;
	/*
	 * TSC ticks per clock ns, and the median ticks read outside the two
	 * clock readings: more than that (LATENCY_STALL_FACTOR x, plus the
	 * rate's error) is a stall outside the call, not the call's.
	 */
	double tick_rate;
	int64_t outside_cost;
	const struct timing_counter *cycles;	/* NULL: none */
	int64_t dense[HIST_DENSE];
	int64_t min_ns, max_ns;
	int64_t ticks, cycles_sum;	/* the sample's; < 0: a reading failed */
	int64_t counted;	/* calls in ticks and cycles_sum (no stall) */
	struct measure_hist hist;	/* the record's copy of the last sample */
};

/* Pairs of back-to-back readings whose median is the clock's cost. */
#define LATENCY_CLOCK_PAIRS 255

/* Ticks outside the clock bracket past this x their median: a stall. */
#define LATENCY_STALL_FACTOR 2

/* Empty calls each after T's prepare step, where it has one. */
#define LATENCY_PREPARED_PAIRS 15

/*
 * Measure the clock's cost on CLK into L, and what the TSC (CLK->ticks)
 * and CYCLES (NULL: none), read outside the clock readings, count for an
 * empty call: after T's prepare step (in CTX) when T has one, as the
 * calls are, so the step must bear running more often than T->run.
 */
void latency_init(struct latency *l, struct aim_clock *clk,
		  const struct timing_counter *cycles,
		  const struct aim_test *t, struct aim_ctx *ctx);

/*
 * The calls of one sample, each timed on its own, until a call ends at
 * or past END: T->prepare (untimed) when the test has one, then T->run
 * between two readings.  S gets the calls, their times summed (less the
 * clock's cost) as elapsed_ns, the metrics (TSC ticks and core cycles
 * summed the same way, where there are such counters) and L's histogram.
 * A call whose TSC readings show a stall outside its clock readings (the
 * process preempted there) is left out of both counts, which are then
 * scaled to all the calls, so they are per call what the ns are.
 */
enum aim_status latency_sample(const struct aim_test *t, struct aim_ctx *ctx,
			       struct aim_clock *clk, struct latency *l,
			       int64_t end, struct measure_sample *s);

/* Add S's histogram, if it has one, to *ACC (allocated at the first). */
void latency_account(struct hist_acc **acc, const struct measure_sample *s);

/* The summary line of NAME's calls in ACC (hist.h) on F; < 0 on error. */
int latency_print(FILE *f, const char *name, const struct hist_acc *acc);

#endif
