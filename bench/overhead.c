/*
 * Harness overhead per timed call: the timing loop around an empty test,
 * against the per-call time of ram_copy, the fastest classic test.  Prints
 * figures; asserts nothing (speed is not a test outcome).  Also the cost
 * of the context-switch meter per sample (one start and one stop), and
 * the loop's per-call time with and without it; the same for the perf
 * counters of --counters default (what this machine can count), and for
 * the meters a test process opens from the table (meter_set.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "aim_test.h"
#include "clock.h"
#include "ctx.h"
#include "meter.h"
#include "meter_set.h"
#include "perf.h"
#include "timing.h"

static enum aim_status
empty_run(struct aim_ctx *ctx)
{
	aim_sink_ptr(ctx);
	return AIM_OK;
}

static const struct aim_test empty_test = {
	.info = &(const struct catalog_test){
		.number = 0, .name = "empty", .units = "Calls/second",
		.factor = 1,
	},
	.run = empty_run,
};

struct tally {
	int64_t calls;
	int64_t ns;
};

static int
add(void *arg, const struct measure_sample *s)
{
	struct tally *t = arg;

	if (s->seq > 0) {
		t->calls += s->calls;
		t->ns += s->elapsed_ns;
	}
	return 0;
}

/* Nanoseconds per call of T over DURATION_NS, through the real loop. */
static double
per_call_ns(const struct aim_test *t, int64_t duration_ns, int metered,
	    int64_t *batch)
{
	struct meter_cs cs;
	struct timing_meter m = meter_cs(&cs);
	struct timing_cfg cfg;
	struct timing_result res;
	struct tally tally = { 0, 0 };
	struct aim_clock clk;
	struct aim_ctx ctx;

	timing_cfg_default(&cfg, duration_ns);
	if (metered) {
		cfg.meters = &m;
		cfg.n_meters = 1;
	}
	clock_init_real(&clk);
	ctx_init(&ctx, NULL, 5120, NULL);
	if (t->setup != NULL && t->setup(&ctx) != AIM_OK) {
		fprintf(stderr, "%s: setup: %s\n", t->info->name, ctx.reason);
		exit(1);
	}
	if (timing_run(t, &ctx, &clk, &cfg, add, &tally, &res) != AIM_OK) {
		fprintf(stderr, "%s: %s\n", t->info->name, ctx.reason);
		exit(1);
	}
	if (t->teardown != NULL)
		t->teardown(&ctx);
	*batch = res.batch;
	return (double)tally.ns / (double)tally.calls;
}

static void
quiet(void *arg, const char *line)
{
	(void)arg;
	(void)line;
}

/* Nanoseconds of one start and stop of meter M. */
static double
meter_ns(struct timing_meter m)
{
	const int pairs = 100000;
	struct measure_sample s;
	int64_t t0, t1;

	measure_init(&s, 1);
	t0 = clock_mono_ns();
	for (int i = 0; i < pairs; i++) {
		m.start(m.state);
		m.stop(m.state, &s);
	}
	t1 = clock_mono_ns();
	return (double)(t1 - t0) / pairs;
}

/* Nanoseconds of one start and stop of a test thread's meters. */
static double
set_ns(int *n)
{
	const struct meter_target on = { .on = METER_ON_THREAD };
	const int pairs = 100000;
	struct meter_set set;
	struct measure_sample s;
	int64_t t0, t1;

	if (meter_set_open(&set, &on) != 0)
		return -1;
	*n = (int)set.n;
	measure_init(&s, 1);
	t0 = clock_mono_ns();
	for (int i = 0; i < pairs; i++) {
		meter_set_start(&set);
		meter_set_stop(&set, &s);
	}
	t1 = clock_mono_ns();
	meter_set_close(&set);
	return (double)(t1 - t0) / pairs;
}

int
main(int argc, char **argv)
{
	const struct aim_test *ram = aim_test_find("ram_copy");
	int64_t duration_ns = 2000000000LL, b_empty, b_ram, b_metered;
	double empty_ns, ram_ns, clock_ns, metered_ns, cs_ns, perf_ns = -1;
	int64_t t0, t1;
	const int reads = 1000000;
	struct meter_cs cs;
	struct meter_perf mp;
	struct perf_plan plan;
	char err[600];
	int events = 0, in_set = 0;
	double set = -1;

	if (argc > 1)
		duration_ns = (int64_t)(atof(argv[1]) * 1e9);
	t0 = clock_mono_ns();
	for (int i = 0; i < reads - 1; i++)
		(void)clock_mono_ns();
	t1 = clock_mono_ns();
	clock_ns = (double)(t1 - t0) / reads;
	empty_ns = per_call_ns(&empty_test, duration_ns, 0, &b_empty);
	metered_ns = per_call_ns(&empty_test, duration_ns, 1, &b_metered);
	ram_ns = per_call_ns(ram, duration_ns, 1, &b_ram);
	cs_ns = meter_ns(meter_cs(&cs));
	set = set_ns(&in_set);
	if (perf_plan_parse("default", &plan, err, sizeof(err)) == 0) {
		perf_plan_probe(perf_source_kernel(), &plan, quiet, NULL);
		events = meter_perf_open(&mp, &plan, perf_source_kernel(), 0);
	}
	if (events > 0) {
		perf_ns = meter_ns(meter_perf(&mp));
		meter_perf_close(&mp);
	}
	printf("clock read:                 %8.2f ns\n", clock_ns);
	printf("empty test per call:        %8.2f ns (batch %lld calls per clock read)\n",
	       empty_ns, (long long)b_empty);
	printf("empty, context-switch meter:%8.2f ns (batch %lld)\n",
	       metered_ns, (long long)b_metered);
	printf("context-switch meter:       %8.2f ns per sample (start and stop)\n",
	       cs_ns);
	printf("perf counters (%d events): %8.2f ns per sample (start and stop)\n",
	       events, perf_ns);
	printf("a test's meters (%d, table):%8.2f ns per sample (start and stop)\n",
	       in_set, set);
	printf("ram_copy per call:          %8.2f ns (batch %lld)\n", ram_ns,
	       (long long)b_ram);
	printf("overhead / ram_copy call:   %8.3f %%\n", 100.0 * metered_ns / ram_ns);
	printf("clock share of a ram_copy batch: %.4f %%\n",
	       100.0 * clock_ns / (ram_ns * (double)b_ram));
	return 0;
}
