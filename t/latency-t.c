// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Per-call timing against a fake clock: the clock's cost is measured and
 * taken off every call exactly, the histogram keeps every call, and a
 * planted outlier is counted by the cut rule and shown, never dropped.
 */
#include "config.h"

#include <string.h>

#include "clock.h"
#include "ctx.h"
#include "hist.h"
#include "latency.h"
#include "tap.h"
#include "timing.h"

struct fake {
	struct aim_clock *clk;
	int64_t call_ns;	/* how long one call "takes" */
	int64_t calls;
	int64_t slow_at;	/* this call (1-based) takes a millisecond more */
	int64_t prepared;	/* prepare() calls */
};

static enum aim_status
fake_run(struct aim_ctx *ctx)
{
	struct fake *f = aim_ctx_data(ctx);

	f->calls++;
	f->clk->fake_ns += f->call_ns;
	if (f->calls == f->slow_at)
		f->clk->fake_ns += 1000000;
	return AIM_OK;
}

/* Untimed: a second of it must not reach any call's time. */
static void
fake_prepare(struct aim_ctx *ctx)
{
	struct fake *f = aim_ctx_data(ctx);

	f->prepared++;
	f->clk->fake_ns += 1000000000;
}

static const struct catalog_test fake_info = {
	.number = 99, .name = "fake", .units = "Fakes/second", .factor = 1,
};

static const struct aim_test per_call_test = {
	.info = &fake_info, .run = fake_run, .per_call = 1,
};

static const struct aim_test prepared_test = {
	.info = &fake_info, .run = fake_run, .prepare = fake_prepare,
};

struct got {
	struct measure_sample s[16];
	struct measure_hist h[16];
	int n;
};

static int
collect(void *arg, const struct measure_sample *s)
{
	struct got *g = arg;

	if (g->n >= 16)
		return -1;
	g->s[g->n] = *s;
	if (s->hist != NULL) {
		g->h[g->n] = *s->hist;
		g->s[g->n].hist = &g->h[g->n];
	}
	g->n++;
	return 0;
}

/* Every value falls in the bucket its index names, bounds increase. */
static void
buckets(void)
{
	static const int64_t v[] = { 0, 1, 15, 16, 17, 31, 32, 1000, 1023,
				     1024, 123456789, INT64_MAX / 2 };
	int good = 1;

	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		size_t k = hist_index(v[i]);

		if (hist_index_bound(k) <= v[i] ||
		    (k > 0 && hist_index_bound(k - 1) > v[i]))
			good = 0;
	}
	ok(good, "every value lies in its bucket");
	ok(hist_index_bound(HIST_DENSE - 1) > hist_index_bound(HIST_DENSE - 2),
	   "the last bucket still ends above the one before");
}

/* Too many buckets for the record: merged, not one call lost. */
static void
coarsening(void)
{
	static int64_t dense[HIST_DENSE];
	struct measure_hist h;
	int64_t total = 0;

	for (size_t i = 0; i < 300; i++)
		dense[i * 3] = (int64_t)i + 1;
	hist_compress(dense, &h);
	for (int32_t i = 0; i < h.n; i++)
		total += h.b[i].count;
	ok(h.n <= MEASURE_HIST_MAX && measure_hist_valid(&h),
	   "300 buckets fit the record (%d)", h.n);
	is_int(total, 300 * 301 / 2, "and hold every call");
}

static void
summarise(const struct got *g, struct hist_summary *sum)
{
	static struct hist_acc acc;

	hist_acc_init(&acc);
	for (int i = 1; i < g->n; i++)
		(void)hist_acc_add(&acc, &g->s[i]);
	if (hist_summarise(&acc, sum) != 0)
		memset(sum, 0, sizeof(*sum));
}

static void
planted_outlier(void)
{
	struct aim_clock clk;
	struct fake f = { .clk = &clk, .call_ns = 1000, .slow_at = 15000 };
	struct timing_cfg cfg;
	struct timing_result res;
	struct aim_ctx ctx;
	static struct got g;
	struct hist_summary sum;
	char line[512];
	int64_t calls = 0, clock_ns = -1;

	timing_cfg_default(&cfg, 20000000);	/* 20 ms of 1 us calls */
	/* Every reading costs 7 ns: the cost subtracted, exactly. */
	clock_init_fake(&clk, 0, 7);
	clock_fake_ticks(&clk, 2);
	ctx_init(&ctx, NULL, 5120, NULL);
	aim_ctx_set_data(&ctx, &f);
	is_int(timing_run(&per_call_test, &ctx, &clk, &cfg, collect, &g, &res),
	       AIM_OK, "per-call loop ends ok");
	ok(g.n > 1 && g.s[1].hist != NULL, "a sample carries its histogram");
	for (int i = 1; i < g.n; i++)
		calls += g.s[i].calls;
	ok(f.slow_at > res.warmup_calls && f.slow_at < res.warmup_calls + calls,
	   "the slow call is a timed one");
	(void)measure_get(&g.s[1].m, MEASURE_LAT_CLOCK, &clock_ns);
	is_int(clock_ns, 7, "the clock's cost is measured: 7 ns");
	summarise(&g, &sum);
	is_int(sum.min, 1000, "its cost is taken off every call (min 1000)");
	is_int(sum.max, 1001000, "the planted outlier is the max");
	is_int(sum.cut, 1, "the cut rule counts the outlier");
	ok(sum.p50 >= 970 && sum.p50 <= 1030, "p50 within 3 %% (%lld)",
	   (long long)sum.p50);
	ok(sum.mean > 1000.0 && sum.mean_kept > 990.0 && sum.mean_kept < 1010.0,
	   "the mean keeps it (%.1f), the mean without it is shown (%.1f)",
	   sum.mean, sum.mean_kept);
	ok(sum.ticks == 2 * sum.mean,
	   "ticks per call (%.1f) are 2 x ns per call, the cut call in both",
	   sum.ticks);
	ok(hist_format_line("fake", &sum, line, sizeof(line)) > 0 &&
	   strstr(line, "max=1001000 ") != NULL &&
	   strstr(line, "(cut 1 > 100 x median, avg=") != NULL,
	   "the line shows the outlier and the cut: %s", line);
}

static void
prepared(void)
{
	struct aim_clock clk;
	struct fake f = { .clk = &clk, .call_ns = 500 };
	struct timing_cfg cfg;
	struct timing_result res;
	struct aim_ctx ctx;
	static struct got g;
	int64_t calls = 0, ns = 0;

	timing_cfg_default(&cfg, 20000000000LL);
	cfg.samples = 2;
	clock_init_fake(&clk, 0, 0);
	ctx_init(&ctx, NULL, 5120, NULL);
	aim_ctx_set_data(&ctx, &f);
	is_int(timing_run(&prepared_test, &ctx, &clk, &cfg, collect, &g, &res),
	       AIM_OK, "a test with a prepare step is timed per call");
	for (int i = 1; i < g.n; i++) {
		calls += g.s[i].calls;
		ns += g.s[i].elapsed_ns;
	}
	/* And before each empty call that measures the readings' cost. */
	is_int(f.prepared, calls + LATENCY_PREPARED_PAIRS,
	       "prepare ran before every timed call");
	is_int(ns, calls * 500, "and none of its time is the calls'");
}

/* A fake core-cycle counter: 3 cycles per fake ns. */
static int64_t
fake_cycles(void *arg)
{
	const struct aim_clock *clk = arg;

	return clk->fake_ns * 3;
}

/*
 * TSC ticks and core cycles per call: read around each call with the
 * clock readings between them, their cost (the readings bracketed)
 * taken off as the clock's is, summed per sample, shown per call.
 */
static void
ticks_and_cycles(void)
{
	struct aim_clock clk;
	struct fake f = { .clk = &clk, .call_ns = 1000 };
	struct timing_cfg cfg;
	struct timing_result res;
	struct aim_ctx ctx;
	static struct got g;
	struct timing_counter cyc = { fake_cycles, &clk };
	struct hist_summary sum;
	char line[512];
	int64_t tsc = -1, cycles = -1;

	timing_cfg_default(&cfg, 2000000);
	cfg.samples = 2;
	cfg.cycles = &cyc;
	clock_init_fake(&clk, 0, 7);
	clock_fake_ticks(&clk, 2);	/* a 2 GHz TSC */
	ctx_init(&ctx, NULL, 5120, NULL);
	aim_ctx_set_data(&ctx, &f);
	is_int(timing_run(&per_call_test, &ctx, &clk, &cfg, collect, &g, &res),
	       AIM_OK, "per-call loop with ticks and cycles ends ok");
	ok(g.n > 1 && measure_get(&g.s[1].m, MEASURE_LAT_TSC, &tsc) &&
	   measure_get(&g.s[1].m, MEASURE_LAT_CYCLES, &cycles),
	   "a sample holds its TSC ticks and core cycles");
	is_int(tsc, g.s[1].calls * 2000, "2000 ticks per 1 us call, readings off");
	is_int(cycles, g.s[1].calls * 3000, "3000 cycles per call, readings off");
	summarise(&g, &sum);
	ok(hist_format_line("fake", &sum, line, sizeof(line)) > 0 &&
	   strstr(line, " tsc=2000 cycles=3000 per call") != NULL,
	   "the line shows both per call: %s", line);

	/* No TSC, no cycles counter: neither metric, nor in the line. */
	clock_init_fake(&clk, 0, 7);
	cfg.cycles = NULL;
	g.n = 0;
	(void)timing_run(&per_call_test, &ctx, &clk, &cfg, collect, &g, &res);
	ok(g.n > 1 && !measure_get(&g.s[1].m, MEASURE_LAT_TSC, &tsc) &&
	   !measure_get(&g.s[1].m, MEASURE_LAT_CYCLES, &cycles),
	   "without a TSC or counter neither is stored");
	summarise(&g, &sum);
	ok(hist_format_line("fake", &sum, line, sizeof(line)) > 0 &&
	   strstr(line, "tsc=") == NULL && strstr(line, "cycles=") == NULL,
	   "nor shown: %s", line);
}

/*
 * A fake 2 GHz TSC whose reading number STALL_AT (0-based) is followed by
 * a millisecond the process does not run: preempted between the TSC and
 * the clock reading, outside the call's clock bracket.
 */
struct stalling_tsc {
	struct aim_clock clk;	/* first: the readings get it */
	int64_t reads;
	int64_t stall_at;
	int64_t prepared;	/* the next reading follows a prepare step */
};

static int64_t
stalling_ticks(struct aim_clock *c)
{
	struct stalling_tsc *s = (struct stalling_tsc *)c;
	int64_t t = c->fake_ns * 2;

	if (s->reads++ == s->stall_at)
		c->fake_ns += 1000000;
	/* As a real one after a VM exit: slow the first time. */
	if (s->prepared) {
		s->prepared = 0;
		c->fake_ns += 100;
	}
	return t;
}

/* A per-call run of T on a stalling TSC and a 3 GHz cycle counter. */
struct stall_run {
	struct stalling_tsc st;
	struct fake f;
	struct timing_counter cyc;
	struct got g;
	struct timing_result res;
};

static enum aim_status
stall_run(struct stall_run *r, const struct aim_test *t, int64_t stall_at)
{
	struct timing_cfg cfg;
	struct aim_ctx ctx;

	memset(r, 0, sizeof(*r));
	r->f.clk = &r->st.clk;
	r->f.call_ns = 1000;
	r->cyc.read = fake_cycles;
	r->cyc.arg = &r->st.clk;
	timing_cfg_default(&cfg, 2000000);
	cfg.samples = 1;
	cfg.cycles = &r->cyc;
	clock_init_fake(&r->st.clk, 0, 7);
	r->st.clk.ticks = stalling_ticks;
	r->st.stall_at = stall_at;
	ctx_init(&ctx, NULL, 5120, NULL);
	aim_ctx_set_data(&ctx, &r->f);
	return timing_run(t, &ctx, &r->st.clk, &cfg, collect, &r->g, &r->res);
}

/*
 * What the TSC and the cycle counter see outside the call's clock
 * readings is not the call's: a stall there leaves ticks and cycles per
 * call at the ns per call times their rates, exactly.
 */
static void
stall_outside(void)
{
	static struct stall_run r;
	struct hist_summary sum;
	int64_t calls = 0, tsc = 0, cycles = 0, ns = 0, v;

	/* The first reading of the 11th call: after the cost readings. */
	is_int(stall_run(&r, &per_call_test, 2 * LATENCY_CLOCK_PAIRS + 2 * 10),
	       AIM_OK, "per-call loop with a stalled reading");
	ok(r.st.reads > r.st.stall_at, "the stall came in a timed call");
	for (int i = 1; i < r.g.n; i++) {
		calls += r.g.s[i].calls;
		ns += r.g.s[i].elapsed_ns;
		if (measure_get(&r.g.s[i].m, MEASURE_LAT_TSC, &v))
			tsc += v;
		if (measure_get(&r.g.s[i].m, MEASURE_LAT_CYCLES, &v))
			cycles += v;
	}
	is_int(ns, calls * 1000, "the stall is not in any call's ns");
	is_int(tsc, calls * 2000, "nor in its ticks: 2 per ns");
	is_int(cycles, calls * 3000, "nor in its cycles: 3 per ns");
	summarise(&r.g, &sum);
	ok(sum.ticks == 2 * sum.mean && sum.cycles == 3 * sum.mean,
	   "ticks (%.1f) and cycles (%.1f) per call are 2 and 3 x ns (%.1f)",
	   sum.ticks, sum.cycles, sum.mean);
}

/* A cold step that leaves the next TSC reading 100 ns slower. */
static void
slowing_prepare(struct aim_ctx *ctx)
{
	struct fake *f = aim_ctx_data(ctx);

	((struct stalling_tsc *)f->clk)->prepared = 1;
}

static const struct aim_test slowed_test = {
	.info = &fake_info, .run = fake_run, .prepare = slowing_prepare,
};

/*
 * The readings after a prepare step cost what they cost there, not what
 * back-to-back ones do: measured so, and taken off exactly.
 */
static void
slow_after_prepare(void)
{
	static struct stall_run r;
	const struct measure_sample *s = &r.g.s[1];
	int64_t tsc = -1, cycles = -1;

	is_int(stall_run(&r, &slowed_test, -1), AIM_OK,
	       "per-call loop with a slowing prepare");
	ok(r.g.n > 1 && measure_get(&s->m, MEASURE_LAT_TSC, &tsc) &&
	   measure_get(&s->m, MEASURE_LAT_CYCLES, &cycles),
	   "its sample holds ticks and cycles");
	is_int(s->elapsed_ns, s->calls * 1000, "1000 ns per call");
	is_int(tsc, s->calls * 2000, "2000 ticks: the slow reading off");
	is_int(cycles, s->calls * 3000, "3000 cycles: the slow reading off");
}

int
main(void)
{
	plan_lazy();
	buckets();
	coarsening();
	planted_outlier();
	prepared();
	ticks_and_cycles();
	stall_outside();
	slow_after_prepare();
	return done_testing();
}
