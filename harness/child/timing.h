/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * THE timing loop: warm-up, then the timed period cut into samples.  It
 * reads time only through a struct aim_clock, so tests drive it with a
 * fake clock and assert exact sample boundaries.
 */
#ifndef AIM_TIMING_H
#define AIM_TIMING_H

#include <stdint.h>

#include "aim_test.h"
#include "clock.h"
#include "measure.h"

/*
 * A meter measures what the calls of one sample cost besides time: start
 * right before the clock reading that opens the sample, stop right after
 * the one that closes it, nothing between, so what it reports belongs to
 * the interval of the calls and its own cost falls outside the elapsed
 * time.  Stop adds its metrics to the sample (measure_set); a meter that
 * cannot read leaves them unknown.  Meters run once per sample, never
 * per batch, so they add nothing per call.
 */
struct timing_meter {
	void (*start)(void *state);
	void (*stop)(void *state, struct measure_sample *s);
	void *state;
};

/*
 * Read once around the whole timed period (the kernel's monitors,
 * lib/core/monitor.h): begin before the warm-up, end once the last
 * sample is passed on, so its readings bracket every call counted (the
 * warm-up's and the samples') and fall inside no sample; the warm-up
 * absorbs what a reading disturbs (caches, the time slice).
 */
struct timing_span {
	void (*begin)(void *state);
	void (*end)(void *state);
	void *state;
};

/* A counter read around each call timed per call (core cycles). */
struct timing_counter {
	int64_t (*read)(void *arg);	/* < 0: the reading failed */
	void *arg;
};

struct timing_cfg {
	int64_t warmup_ns;	/* calls in this time are discarded */
	int64_t duration_ns;	/* timed period: sum of sample times */
	int samples;		/* the timed period is cut into at most this many */
	int samples_fixed;	/* exactly SAMPLES, however slow (--copies) */
	int64_t batch_ns;	/* read the clock about this often */
	const struct timing_meter *meters;	/* started in order, stopped */
	size_t n_meters;			/*   in reverse; may be none */
	int per_call;		/* time every call (harness/child/latency.c) */
	const struct timing_counter *cycles;	/* per call; NULL: none */
	const struct timing_span *span;		/* NULL: none */
};

/*
 * Called once after warm-up with seq 0 (the discarded calls), then after
 * each sample; a non-zero return stops the loop (the caller
 * could not pass the sample on).  Work done here is outside every sample.
 */
typedef int (*timing_emit_fn)(void *arg, const struct measure_sample *s);

struct timing_result {
	int64_t warmup_calls;
	int64_t warmup_ns;
	int samples;		/* samples emitted */
	int64_t batch;		/* calls between clock readings */
};

/*
 * Defaults for a timed period: warm-up, sample count, batch time, no
 * meter, batches (not per call).
 */
void timing_cfg_default(struct timing_cfg *cfg, int64_t duration_ns);

/*
 * Run T->run repeatedly under CFG.  Stops early and returns the test's
 * status when a call does not return AIM_OK (reason in CTX), or AIM_FAIL
 * when EMIT fails.  Setup and teardown are the caller's.
 */
enum aim_status timing_run(const struct aim_test *t, struct aim_ctx *ctx,
			   struct aim_clock *clk, const struct timing_cfg *cfg,
			   timing_emit_fn emit, void *arg,
			   struct timing_result *res);

#endif
