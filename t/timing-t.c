// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The timing loop against a fake clock: each call of the fake test moves
 * the clock by a known amount, so sample boundaries, the warm-up discard
 * and the stop condition can be asserted exactly.
 */
#include "config.h"

#include <string.h>

#include "clock.h"
#include "ctx.h"
#include "tap.h"
#include "timing.h"

struct fake {
	struct aim_clock *clk;
	int64_t call_ns;	/* how long one call "takes" */
	int64_t calls;
	int64_t fail_at;	/* fail on this call (1-based), 0 never */
	int64_t preempt_at;	/* this call takes 8 ms more, 0 none */
};

static enum aim_status
fake_run(struct aim_ctx *ctx)
{
	struct fake *f = aim_ctx_data(ctx);

	f->calls++;
	f->clk->fake_ns += f->call_ns;
	if (f->preempt_at != 0 && f->calls == f->preempt_at)
		f->clk->fake_ns += 8000000;
	if (f->fail_at != 0 && f->calls == f->fail_at)
		return aim_fail(ctx, "fake failure at call %lld", (long long)f->calls);
	return AIM_OK;
}

static const struct aim_test fake_test = {
	.info = &(const struct catalog_test){
		.number = 99, .name = "fake", .units = "Fakes/second",
		.factor = 1,
	},
	.run = fake_run,
};

struct got {
	struct measure_sample s[64];
	int n;
	int stop_after;		/* emit fails after this many, 0 never */
};

static int
collect(void *arg, const struct measure_sample *s)
{
	struct got *g = arg;

	if (g->n < 64)
		g->s[g->n++] = *s;
	return g->stop_after != 0 && g->n >= g->stop_after ? -1 : 0;
}

static void
slow_calls(void)
{
	struct aim_clock clk;
	struct fake f = { .clk = &clk, .call_ns = 1000000 };	/* 1 ms */
	struct timing_cfg cfg = { .warmup_ns = 10000000, .duration_ns = 100000000,
				  .samples = 4, .batch_ns = 20000 };
	struct timing_result res;
	struct aim_ctx ctx;
	struct got g = { .n = 0 };
	int64_t total_calls = 0, total_ns = 0;

	clock_init_fake(&clk, 5000, 0);
	ctx_init(&ctx, NULL, 5120, NULL);
	aim_ctx_set_data(&ctx, &f);
	is_int(timing_run(&fake_test, &ctx, &clk, &cfg, collect, &g, &res),
	       AIM_OK, "slow calls: loop ends ok");
	is_int(res.warmup_calls, 10, "warm-up ran 10 ms of 1 ms calls");
	is_int(res.batch, 1, "1 ms calls are not batched");
	is_int(g.n, 5, "warm-up record plus 4 samples emitted");
	is_int(g.s[0].seq, 0, "first record is the warm-up");
	is_int(g.s[0].calls, 10, "warm-up record carries its calls");
	for (int i = 1; i <= 4; i++) {
		is_int(g.s[i].seq, i, "sample %d numbered", i);
		is_int(g.s[i].calls, 25, "sample %d: 25 ms of 1 ms calls", i);
		is_int(g.s[i].elapsed_ns, 25000000, "sample %d: 25 ms", i);
		total_calls += g.s[i].calls;
		total_ns += g.s[i].elapsed_ns;
	}
	is_int(total_calls + res.warmup_calls, f.calls,
	       "every call is in the warm-up or a sample");
	is_int(total_ns, cfg.duration_ns, "samples add up to the period");
}

static void
overshoot(void)
{
	struct aim_clock clk;
	struct fake f = { .clk = &clk, .call_ns = 30000000 };	/* 30 ms */
	struct timing_cfg cfg = { .warmup_ns = 1, .duration_ns = 100000000,
				  .samples = 2, .batch_ns = 20000 };
	struct timing_result res;
	struct aim_ctx ctx;
	struct got g = { .n = 0 };

	clock_init_fake(&clk, 0, 0);
	ctx_init(&ctx, NULL, 5120, NULL);
	aim_ctx_set_data(&ctx, &f);
	timing_run(&fake_test, &ctx, &clk, &cfg, collect, &g, &res);
	is_int(res.warmup_calls, 1, "warm-up runs at least one call");
	is_int(res.samples, 1, "calls too slow to cut the period: one sample");
	is_int(g.s[1].calls, 4, "the sample stops at the first call past 100 ms");
	is_int(g.s[1].elapsed_ns, 120000000, "and overshoots by less than a call");

	/* 1 ms calls: 4 per sample at least, so 40 ms makes 10 samples... */
	f.call_ns = 1000000;
	cfg.duration_ns = 40000000;
	cfg.samples = 10;
	g.n = 0;
	timing_run(&fake_test, &ctx, &clk, &cfg, collect, &g, &res);
	is_int(res.samples, 10, "4 calls per sample fit: all 10 samples");
	/* ...while 20 ms only makes 5. */
	cfg.duration_ns = 20000000;
	g.n = 0;
	timing_run(&fake_test, &ctx, &clk, &cfg, collect, &g, &res);
	is_int(res.samples, 5, "fewer samples so each holds 4 calls");
	is_int(g.s[5].calls, 4, "each of them 4 calls");
}

/* Deadlines count from the start: overshoots do not add up. */
static void
cumulative(void)
{
	struct aim_clock clk;
	struct fake f = { .clk = &clk, .call_ns = 3000000 };	/* 3 ms */
	struct timing_cfg cfg = { .warmup_ns = 1, .duration_ns = 100000000,
				  .samples = 10, .batch_ns = 20000 };
	struct timing_result res;
	struct aim_ctx ctx;
	struct got g = { .n = 0 };
	int64_t total = 0;

	clock_init_fake(&clk, 0, 0);
	ctx_init(&ctx, NULL, 5120, NULL);
	aim_ctx_set_data(&ctx, &f);
	timing_run(&fake_test, &ctx, &clk, &cfg, collect, &g, &res);
	is_int(res.samples, 8, "100 ms of 3 ms calls: 8 samples of 4 or more");
	for (int i = 1; i <= res.samples; i++)
		total += g.s[i].elapsed_ns;
	/* Each sample alone overshoots up to 3 ms: 8 of them would be 24. */
	is_int(total, 102000000, "the period overshoots by less than a call");
	is_int(g.s[1].elapsed_ns, 15000000, "first sample: 12.5 ms -> 5 calls");
	is_int(g.s[2].elapsed_ns, 12000000, "second ends past 25 ms: 4 calls");
}

static void
batching(void)
{
	struct aim_clock clk;
	struct fake f = { .clk = &clk, .call_ns = 100 };	/* 100 ns */
	struct timing_cfg cfg = { .warmup_ns = 1000000, .duration_ns = 10000000,
				  .samples = 2, .batch_ns = 20000 };
	struct timing_result res;
	struct aim_ctx ctx;
	struct got g = { .n = 0 };

	clock_init_fake(&clk, 0, 0);
	ctx_init(&ctx, NULL, 5120, NULL);
	aim_ctx_set_data(&ctx, &f);
	timing_run(&fake_test, &ctx, &clk, &cfg, collect, &g, &res);
	ok(res.batch >= 200 && res.batch <= 512,
	   "batch grows to about 20 us of calls (%lld)", (long long)res.batch);
	is_int(g.s[1].calls % res.batch, 0, "samples hold whole batches");
	ok(g.s[1].elapsed_ns >= 5000000 && g.s[1].elapsed_ns < 5000000 + 100 * res.batch + 1,
	   "sample ends within one batch after its share");
	is_int(g.s[1].calls * 100, g.s[1].elapsed_ns, "calls match the time they took");
}

/*
 * A preemption of 8 ms in a batch of 32 early in a 5 ms warm-up: the
 * batch still grows to 200 us of calls and the period keeps its samples
 * (it stopped at 32 calls, and one sample, when the warm-up's last batch
 * was taken for the test's pace).
 */
static void
preemption(void)
{
	struct aim_clock clk;
	struct fake f = { .clk = &clk, .call_ns = 100, .preempt_at = 50 };
	struct timing_cfg cfg = { .warmup_ns = 5000000, .duration_ns = 20000000,
				  .samples = 2, .batch_ns = 200000 };
	struct timing_result res;
	struct aim_ctx ctx;
	struct got g = { .n = 0 };

	clock_init_fake(&clk, 0, 0);
	ctx_init(&ctx, NULL, 5120, NULL);
	aim_ctx_set_data(&ctx, &f);
	is_int(timing_run(&fake_test, &ctx, &clk, &cfg, collect, &g, &res),
	       AIM_OK, "a preempted warm-up: the period runs");
	ok(res.batch >= 2048 && res.batch <= 4096,
	   "the batch grows to 200 us of calls all the same (%lld)",
	   (long long)res.batch);
	is_int(res.samples, 2, "and the period keeps its 2 samples");
}

static void
failures(void)
{
	struct aim_clock clk;
	struct fake f = { .clk = &clk, .call_ns = 1000000, .fail_at = 15 };
	struct timing_cfg cfg = { .warmup_ns = 10000000, .duration_ns = 100000000,
				  .samples = 4, .batch_ns = 20000 };
	struct timing_result res;
	struct aim_ctx ctx;
	struct got g = { .n = 0 };

	clock_init_fake(&clk, 0, 0);
	ctx_init(&ctx, NULL, 5120, NULL);
	aim_ctx_set_data(&ctx, &f);
	is_int(timing_run(&fake_test, &ctx, &clk, &cfg, collect, &g, &res),
	       AIM_FAIL, "a failing call stops the loop with AIM_FAIL");
	is_string(ctx.reason, "fake failure at call 15", "the reason is kept");
	is_int(g.n, 1, "no sample is emitted for an unfinished sample");
	is_int(f.calls, 15, "no call runs after the failure");

	f.calls = 0;
	f.fail_at = 0;
	g.n = 0;
	g.stop_after = 2;
	memset(ctx.reason, 0, sizeof(ctx.reason));
	is_int(timing_run(&fake_test, &ctx, &clk, &cfg, collect, &g, &res),
	       AIM_FAIL, "a failing emit stops the loop");
	ok(strstr(ctx.reason, "sample 1") != NULL, "and says which sample");
}

static void
defaults(void)
{
	struct timing_cfg cfg;

	timing_cfg_default(&cfg, 2000000000LL);
	is_int(cfg.warmup_ns, 200000000, "2 s period: 200 ms warm-up");
	is_int(cfg.samples, 10, "2 s period: 10 samples");
	timing_cfg_default(&cfg, 1000000);
	is_int(cfg.samples, 1, "1 ms period: one sample");
	is_int(cfg.warmup_ns, 5000000, "warm-up is at least 5 ms");
}

int
main(void)
{
	plan_lazy();
	slow_calls();
	overshoot();
	cumulative();
	batching();
	preemption();
	failures();
	defaults();
	return done_testing();
}
