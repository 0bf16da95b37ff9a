// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The timed loop.  Calls run in batches between clock readings: a reading
 * costs tens of nanoseconds, which would be a visible share of a call as
 * short as ram_copy's.  The batch grows during warm-up until one batch
 * lasts at least batch_ns, so the timed part never pays for calibration.
 */
#include "config.h"

#include "timing.h"

#include <stdlib.h>

#include "ctx.h"
#include "latency.h"

/* Never batch so much that one batch could overshoot a sample badly. */
#define TIMING_MAX_BATCH (1 << 20)
/*
 * Sample k ends at the first batch boundary past k/n of the period, so
 * the period as a whole overshoots by less than one batch however many
 * samples cut it.  Slow tests (a sync disk call can take 50 ms) get fewer
 * samples so that each still holds a few calls: a sample's rate is exact
 * whatever its length, but one of a single call says little about the
 * call-to-call spread that the peak rate and the quality rule look at.
 */
#define TIMING_MIN_BATCHES_PER_SAMPLE 4

void
timing_cfg_default(struct timing_cfg *cfg, int64_t duration_ns)
{
	int64_t w = duration_ns / 10;

	if (w < 5000000)
		w = 5000000;
	if (w > 200000000)
		w = 200000000;
	cfg->warmup_ns = w;
	cfg->duration_ns = duration_ns;
	/* Samples of at least 10 ms, at most 10 per period. */
	cfg->samples = (int)(duration_ns / 10000000);
	if (cfg->samples > 10)
		cfg->samples = 10;
	if (cfg->samples < 1)
		cfg->samples = 1;
	/* A clock reading (25 to 50 ns) is under 0.03 % of a batch. */
	cfg->batch_ns = 200000;
	cfg->samples_fixed = 0;
	cfg->meters = NULL;
	cfg->n_meters = 0;
	cfg->per_call = 0;
	cfg->cycles = NULL;
	cfg->span = NULL;
}

/* Start the meters, then read the clock that opens the sample. */
static int64_t
sample_open(struct aim_clock *clk, const struct timing_cfg *cfg)
{
	for (size_t i = 0; i < cfg->n_meters; i++)
		cfg->meters[i].start(cfg->meters[i].state);
	return clock_now(clk);
}

/* Stop the meters, right after the clock reading that closed S. */
static void
sample_close(const struct timing_cfg *cfg, struct measure_sample *s)
{
	for (size_t i = cfg->n_meters; i-- > 0;)
		cfg->meters[i].stop(cfg->meters[i].state, s);
}

/*
 * Never inlined, and on a cache line of its own: where the loop sits
 * then does not move with every change to the code around it, and the
 * per-call cost with it (a loop that straddles a 32-byte boundary costs
 * a visible fraction of a nanosecond per call on x86).
 */
static __attribute__((noinline, aligned(64))) enum aim_status
run_batch(const struct aim_test *t, struct aim_ctx *ctx, int64_t batch)
{
	/* Loaded once, not after every call: the batch holds it. */
	enum aim_status (*run)(struct aim_ctx *ctx) = t->run;
	enum aim_status st;
	int64_t i = 0;

	/* Four calls a turn: the count and its branch once per four. */
	for (; i + 4 <= batch; i += 4)
		if ((st = run(ctx)) != AIM_OK || (st = run(ctx)) != AIM_OK ||
		    (st = run(ctx)) != AIM_OK || (st = run(ctx)) != AIM_OK)
			return st;
	for (; i < batch; i++)
		if ((st = run(ctx)) != AIM_OK)
			return st;
	return AIM_OK;
}

/*
 * The fastest pace of the warm-up: the batch with the least time a call,
 * as its time and calls.  A batch the host preempted lasts longer than
 * the calls do; judged by the fastest one, the batch grows and the
 * samples are counted as if none had been (a batch of 200 us meets a
 * preemption of milliseconds often enough on a shared machine).
 */
struct pace {
	int64_t ns;
	int64_t calls;
};

/* Time BATCH calls take at PACE. */
static int64_t
pace_ns(const struct pace *pace, int64_t batch)
{
	return pace->ns * batch / pace->calls;
}

/*
 * Warm up for cfg->warmup_ns (at least one call), growing the batch, and
 * on until it has grown (a preemption may have taken the warm-up's time).
 */
static enum aim_status
warm_up(const struct aim_test *t, struct aim_ctx *ctx, struct aim_clock *clk,
	const struct timing_cfg *cfg, struct timing_result *res,
	struct pace *pace)
{
	int64_t start = clock_now(clk), now = start;
	int64_t batch = 1;
	int grew;

	res->warmup_calls = 0;
	pace->ns = -1;
	pace->calls = 1;
	do {
		int64_t t0 = now;
		enum aim_status st = run_batch(t, ctx, batch);

		if (st != AIM_OK)
			return st;
		res->warmup_calls += batch;
		now = clock_now(clk);
		/* Under 2^43 ns (2 hours) by 2^20 calls: no overflow. */
		if (pace->ns < 0 || (now - t0) * pace->calls < pace->ns * batch) {
			pace->ns = now - t0;
			pace->calls = batch;
		}
		grew = pace_ns(pace, batch) < cfg->batch_ns &&
		       batch < TIMING_MAX_BATCH;
		if (grew)
			batch *= 2;
	} while (now - start < cfg->warmup_ns || grew);
	res->warmup_ns = now - start;
	res->batch = batch;
	return AIM_OK;
}

/* Samples for this test: as configured, fewer when its calls are slow. */
static int
sample_count(const struct timing_cfg *cfg, const struct timing_result *res,
	     const struct pace *pace)
{
	int64_t batch_ns = pace_ns(pace, res->batch);
	int64_t n;

	/* Copies add up their sample k: each must cut the same intervals. */
	if (batch_ns <= 0 || cfg->samples_fixed)
		return cfg->samples;
	n = cfg->duration_ns / (batch_ns * TIMING_MIN_BATCHES_PER_SAMPLE);
	if (n < 1)
		return 1;
	return n < cfg->samples ? (int)n : cfg->samples;
}

/* The calls of one sample, from T0 to the first batch boundary past END. */
static enum aim_status
run_sample(const struct aim_test *t, struct aim_ctx *ctx,
	   struct aim_clock *clk, const struct timing_cfg *cfg,
	   const struct timing_result *res, int64_t t0, int64_t end,
	   struct measure_sample *s)
{
	int64_t now;

	do {
		enum aim_status st = run_batch(t, ctx, res->batch);

		if (st != AIM_OK) {
			sample_close(cfg, s);	/* the sample is dropped */
			return st;
		}
		s->calls += res->batch;
		now = clock_now(clk);
	} while (now < end);
	sample_close(cfg, s);
	s->elapsed_ns = now - t0;
	return AIM_OK;
}

/* One sample timed call by call: the meters as for batches. */
static enum aim_status
per_call_sample(const struct aim_test *t, struct aim_ctx *ctx,
		struct aim_clock *clk, const struct timing_cfg *cfg,
		struct latency *lat, int64_t end, struct measure_sample *s)
{
	enum aim_status st = latency_sample(t, ctx, clk, lat, end, s);

	sample_close(cfg, s);
	return st;
}

/* After the warm-up: the samples, each passed to EMIT. */
static enum aim_status
timed(const struct aim_test *t, struct aim_ctx *ctx, struct aim_clock *clk,
      const struct timing_cfg *cfg, timing_emit_fn emit, void *arg,
      struct timing_result *res, const struct pace *pace)
{
	enum aim_status st = AIM_OK;
	int64_t start, t0;
	int samples;
	int per_call = cfg->per_call || t->per_call || t->prepare != NULL;
	struct latency *lat = NULL;
	struct measure_sample w;

	measure_init(&w, 0);
	w.calls = res->warmup_calls;
	w.elapsed_ns = res->warmup_ns;
	if (emit(arg, &w) != 0)
		return aim_fail(ctx, "cannot pass warm-up to aimrun");
	samples = sample_count(cfg, res, pace);
	if (per_call) {
		lat = malloc(sizeof(*lat));
		if (lat == NULL)
			return aim_fail_errno(ctx, "per-call histogram");
		latency_init(lat, clk, cfg->cycles, t, ctx);
	}
	start = sample_open(clk, cfg);
	t0 = start;
	for (int seq = 1; seq <= samples; seq++) {
		/* Deadlines from the start: one sample's overshoot shortens the next. */
		int64_t end = start + cfg->duration_ns / samples * seq +
			      (seq == samples ? cfg->duration_ns % samples : 0);
		struct measure_sample s;

		measure_init(&s, seq);
		st = lat != NULL ?
		     per_call_sample(t, ctx, clk, cfg, lat, end, &s) :
		     run_sample(t, ctx, clk, cfg, res, t0, end, &s);
		if (st == AIM_OK && emit(arg, &s) != 0)
			st = aim_fail(ctx, "cannot pass sample %d to aimrun", seq);
		if (st != AIM_OK)
			break;
		res->samples = seq;
		/* Passing the sample on is not the test's time. */
		t0 = sample_open(clk, cfg);
	}
	free(lat);
	return st;
}

enum aim_status
timing_run(const struct aim_test *t, struct aim_ctx *ctx,
	   struct aim_clock *clk, const struct timing_cfg *cfg,
	   timing_emit_fn emit, void *arg, struct timing_result *res)
{
	enum aim_status st;
	struct pace pace;

	res->samples = 0;
	/* Before the warm-up, which absorbs what the reading disturbs. */
	if (cfg->span != NULL)
		cfg->span->begin(cfg->span->state);
	st = warm_up(t, ctx, clk, cfg, res, &pace);
	if (st == AIM_OK)
		st = timed(t, ctx, clk, cfg, emit, arg, res, &pace);
	if (cfg->span != NULL)
		cfg->span->end(cfg->span->state);
	return st;
}
