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

struct timing_cfg {
	int64_t warmup_ns;	/* calls in this time are discarded */
	int64_t duration_ns;	/* timed period: sum of sample times */
	int samples;		/* the timed period is cut into at most this many */
	int64_t batch_ns;	/* read the clock about this often */
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

/* Defaults for a timed period: warm-up, sample count, batch time. */
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
