// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the harness adds to the time it measures, against the per-call time
 * of ram_copy, the fastest classic test.  Prints figures; asserts nothing
 * (speed is not a test outcome).
 *
 * Inside a timed interval the harness costs its loop around the calls of
 * the test's run() and one clock reading per batch; the meters (context
 * switches, run delay and steal, the perf counters of --counters default)
 * start before the reading that opens a sample and stop after the one that
 * closes it, so they cost time between samples, never in one.  The loop
 * is measured on an empty run() against a bare loop that calls the same
 * function through a pointer the compiler cannot see through, as any
 * caller of a test must (a plain C loop of ram_copy's shape, which has no
 * run() to call, would not pay that call: it is printed too).  Each figure
 * is the best of ROUNDS (the machine may be shared: the best is what a
 * passing load leaves least touched), the two loops taking turns.
 *
 * The kernel's monitors (lib/core/monitor.h) are read once before the
 * warm-up of a test process and once after its last sample: what one
 * reading of each source costs (the best of 20), and what the timed loop
 * of ram_copy and of page_test pays for them: the paired ratio of the
 * time per call of a process timed with the readings over one without
 * (1.000 is nothing), 8 x ROUNDS pairs of SECONDS/4 each, taking turns;
 * over the median of each process's samples, and over its first sample,
 * the nearest to the reading before.
 *
 *   overhead [SECONDS [ROUNDS]]	(defaults 0.5 and 5)
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "aim_test.h"
#include "clock.h"
#include "ctx.h"
#include "meter.h"
#include "meter_sched.h"
#include "meter_set.h"
#include "monitor.h"
#include "paired_ratio.h"
#include "parse.h"
#include "perf.h"
#include "stats.h"
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

/* The fastest sample of a timed period, in ns per call. */
static int
fastest(void *arg, const struct measure_sample *s)
{
	double *best = arg;

	if (s->seq > 0 && s->calls > 0 &&
	    (double)s->elapsed_ns / (double)s->calls < *best)
		*best = (double)s->elapsed_ns / (double)s->calls;
	return 0;
}

/* ns per call of T's fastest sample over DURATION_NS, the real loop. */
static double
loop_ns(const struct aim_test *t, int64_t duration_ns, int metered,
	int64_t *batch)
{
	struct meter_cs cs;
	struct timing_meter m = meter_cs(&cs);
	struct timing_cfg cfg;
	struct timing_result res;
	struct aim_clock clk;
	struct aim_ctx ctx;
	double best = 1e300;

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
	if (timing_run(t, &ctx, &clk, &cfg, fastest, &best, &res) != AIM_OK) {
		fprintf(stderr, "%s: %s\n", t->info->name, ctx.reason);
		exit(1);
	}
	if (t->teardown != NULL)
		t->teardown(&ctx);
	*batch = res.batch;
	return best;
}

/*
 * ns per call of bare calls of T's run(), back to back, for WINDOW_NS (as
 * long as one sample of the timed loop): the least a loop that calls the
 * test can do, four calls a turn and no status looked at.  The pointer
 * goes through an empty asm, so each call stays an indirect call of the
 * function (objdump: 4 x call *%r.. a turn).
 */
static __attribute__((noinline, aligned(64))) double
bare_ns(const struct aim_test *t, int64_t window_ns)
{
	enum aim_status (*run)(struct aim_ctx *ctx) = t->run;
	struct aim_ctx ctx;
	int64_t t0, t1;
	long turns = 0;

	ctx_init(&ctx, NULL, 5120, NULL);
	__asm__ volatile("" : "+r"(run));
	t0 = clock_mono_ns();
	do {
		for (long i = 0; i < 65536; i++) {
			(void)run(&ctx);	/* the empty run() is ok */
			(void)run(&ctx);
			(void)run(&ctx);
			(void)run(&ctx);
		}
		turns += 65536;
		t1 = clock_mono_ns();
	} while (t1 - t0 < window_ns);
	return (double)(t1 - t0) / (double)(4 * turns);
}

/* ns of one start and stop of meter M, the best of 10 x 10,000. */
static double
meter_ns(struct timing_meter m)
{
	struct measure_sample s;
	double best = 1e300;

	measure_init(&s, 1);
	for (int r = 0; r < 10; r++) {
		int64_t t0 = clock_mono_ns(), t1;

		for (int i = 0; i < 10000; i++) {
			m.start(m.state);
			m.stop(m.state, &s);
		}
		t1 = clock_mono_ns();
		if ((double)(t1 - t0) / 10000 < best)
			best = (double)(t1 - t0) / 10000;
	}
	return best;
}

/* ns of one clock reading, the best of 10 x 100,000. */
static double
clock_ns(void)
{
	double best = 1e300;

	for (int r = 0; r < 10; r++) {
		int64_t t0 = clock_mono_ns(), t1;

		for (int i = 0; i < 99999; i++)
			(void)clock_mono_ns();
		t1 = clock_mono_ns();
		if ((double)(t1 - t0) / 100000 < best)
			best = (double)(t1 - t0) / 100000;
	}
	return best;
}

static void
quiet(void *arg, const char *line)
{
	(void)arg;
	(void)line;
}

/*
 * The meters a test process opens from the table (meter_set.h), without
 * counters, started and stopped as the timed loop does: the best of
 * 10 x 10,000.
 */
static void
table(void)
{
	const struct meter_target on = { .on = METER_ON_THREAD };
	struct meter_set set;
	struct measure_sample s;
	double best = 1e300;

	if (meter_set_open(&set, &on) != 0)
		return;
	measure_init(&s, 1);
	for (int r = 0; r < 10; r++) {
		int64_t t0 = clock_mono_ns(), t1;

		for (int i = 0; i < 10000; i++) {
			meter_set_start(&set);
			meter_set_stop(&set, &s);
		}
		t1 = clock_mono_ns();
		if ((double)(t1 - t0) / 10000 < best)
			best = (double)(t1 - t0) / 10000;
	}
	printf("  a test's table (%zu meters): %8.1f ns\n", set.n, best);
	meter_set_close(&set);
}

/* The meters' cost per sample: context switches, run delay, perf. */
static void
meters(void)
{
	struct meter_cs cs;
	struct meter_sched sched;
	struct meter_perf mp;
	struct perf_plan plan;
	char err[600];
	int events = 0;

	printf("meters, per sample, between samples (outside every timed interval):\n");
	printf("  context switches:           %8.1f ns\n", meter_ns(meter_cs(&cs)));
	if (meter_sched_open(&sched, "") > 0) {
		printf("  run delay and steal:        %8.1f ns\n",
		       meter_ns(meter_sched(&sched)));
		meter_sched_close(&sched);
	}
	if (perf_plan_parse("default", &plan, err, sizeof(err)) == 0) {
		perf_plan_probe(perf_source_kernel(), &plan, quiet, NULL);
		events = meter_perf_open(&mp, &plan, perf_source_kernel(), 0);
	}
	if (events > 0) {
		printf("  perf counters (%d events):  %8.1f ns\n", events,
		       meter_ns(meter_perf(&mp)));
		meter_perf_close(&mp);
	}
	table();
}

/* Each sample's time per call (at most SAMPLES_MAX) of one process. */
#define SAMPLES_MAX 64
/* Pairs of processes with the readings and without, at most. */
#define PAIRS_MAX 200

struct per_call {
	double ns[SAMPLES_MAX];
	size_t n;
};

static int
each_sample(void *arg, const struct measure_sample *s)
{
	struct per_call *p = arg;

	if (s->seq > 0 && s->calls > 0 && p->n < SAMPLES_MAX)
		p->ns[p->n++] = (double)s->elapsed_ns / (double)s->calls;
	return 0;
}

static void
span_begin(void *m)
{
	monitor_begin(m);
}

static void
span_end(void *m)
{
	monitor_end(m);
	monitor_keep(m);
}

/*
 * T timed over DURATION_NS as a test process times it, reading MON (NULL:
 * not) around its warm-up and samples: its samples' median time per
 * call, and its first sample's, the nearest to the reading before.
 */
static double
spanned_ns(const struct aim_test *t, int64_t duration_ns, struct monitor *mon,
	   double *first)
{
	const struct timing_span span = { span_begin, span_end, mon };
	struct per_call p = { .n = 0 };
	struct timing_cfg cfg;
	struct timing_result res;
	struct aim_clock clk;
	struct aim_ctx ctx;

	timing_cfg_default(&cfg, duration_ns);
	cfg.span = mon != NULL ? &span : NULL;
	clock_init_real(&clk);
	ctx_init(&ctx, NULL, 5120, NULL);
	if ((t->setup != NULL && t->setup(&ctx) != AIM_OK) ||
	    timing_run(t, &ctx, &clk, &cfg, each_sample, &p, &res) != AIM_OK ||
	    p.n == 0) {
		fprintf(stderr, "%s: %s\n", t->info->name, ctx.reason);
		exit(1);
	}
	if (t->teardown != NULL)
		t->teardown(&ctx);
	*first = p.ns[0];
	return stats_median(p.ns, p.n);
}

static void
print_ratio(const char *what, const double *q, size_t n)
{
	double lr[PAIRS_MAX];
	struct paired_ratio p;

	paired_ratio(q, n, lr, &p);
	printf("    %-22s %.4f (95 %% %.4f to %.4f), median %.4f\n", what,
	       p.mean, p.lo, p.hi, p.median);
}

/* us of one reading of the sources BITS of M, the best of 20. */
static double
reading_us(struct monitor *m, unsigned bits)
{
	unsigned all = m->sources;
	double best = 1e300;

	m->sources = bits;
	for (int r = 0; r < 20; r++) {
		int64_t t0 = clock_mono_ns();
		double us;

		monitor_begin(m);
		us = (double)(clock_mono_ns() - t0) / 1e3;
		if (us < best)
			best = us;
	}
	m->sources = all;
	return best;
}

/*
 * T's time per call with the readings over without, PAIRS pairs (at most
 * PAIRS_MAX) in turns, which goes first alternating: the samples' median
 * and the first sample.
 */
static void
spanned_pairs(const char *name, int64_t duration_ns, struct monitor *m,
	      size_t pairs)
{
	const struct aim_test *t = aim_test_find(name);
	double all[PAIRS_MAX], first[PAIRS_MAX];
	size_t n;

	for (n = 0; n < pairs && n < PAIRS_MAX; n++) {
		double with, without, fw, fo;

		if (n % 2 == 0) {
			with = spanned_ns(t, duration_ns, m, &fw);
			without = spanned_ns(t, duration_ns, NULL, &fo);
		} else {
			without = spanned_ns(t, duration_ns, NULL, &fo);
			with = spanned_ns(t, duration_ns, m, &fw);
		}
		all[n] = with / without;
		first[n] = fw / fo;
	}
	printf("  %s, time per call with the readings / without, %zu pairs:\n",
	       name, n);
	print_ratio("the samples' median", all, n);
	print_ratio("the first sample", first, n);
}

/* The readings' cost: each source's, then in the timed loop of TESTS. */
static void
monitors(const char *const *tests, int64_t duration_ns, size_t pairs)
{
	struct monitor m;

	if (!monitor_open(&m)) {
		printf("monitors: no source reads here\n");
		return;
	}
	printf("monitors, per test process, before the warm-up and after the last sample:\n");
	for (size_t i = 0; monitor_sources[i] != NULL; i++)
		if (m.sources & (1u << i))
			printf("  one reading of %-18s %8.1f us\n",
			       monitor_sources[i]->path,
			       reading_us(&m, 1u << i));
	printf("  one reading of them all:          %8.1f us (a test process makes two)\n",
	       reading_us(&m, m.sources));
	for (size_t k = 0; tests[k] != NULL; k++)
		spanned_pairs(tests[k], duration_ns, &m, pairs);
	monitor_close(&m);
}

/* The tests whose timed loop the monitors' readings may touch. */
static const char *const spanned[] = { "ram_copy", "page_test", NULL };

int
main(int argc, char **argv)
{
	const struct aim_test *ram = aim_test_find("ram_copy");
	int64_t duration_ns = 500000000, b_empty = 0, b_ram = 0, b_met = 0;
	double empty = 1e300, bare = 1e300, met = 1e300, ramc = 1e300;
	double clk, inside;
	long rounds = 5;

	if ((argc > 1 && parse_duration_ns(argv[1], 10000000, 60000000000LL,
					   &duration_ns) != 0) ||
	    (argc > 2 && parse_long(argv[2], 1, 1000, &rounds) != 0) ||
	    argc > 3 || ram == NULL) {
		fprintf(stderr, "usage: overhead [SECONDS [ROUNDS]]\n");
		return 1;
	}
	for (long r = 0; r < rounds; r++) {
		double x;
		int64_t b;

		/* As many windows as the timed loop has samples, as long. */
		for (int w = 0; w < 10; w++)
			if ((x = bare_ns(&empty_test, duration_ns / 10)) < bare)
				bare = x;
		if ((x = loop_ns(&empty_test, duration_ns, 0, &b)) < empty) {
			empty = x;
			b_empty = b;
		}
		if ((x = loop_ns(&empty_test, duration_ns, 1, &b)) < met) {
			met = x;
			b_met = b;
		}
		if ((x = loop_ns(ram, duration_ns, 1, &b)) < ramc) {
			ramc = x;
			b_ram = b;
		}
	}
	clk = clock_ns();
	/* The loop beyond the bare call, and the batch's clock reading. */
	inside = (met - bare) + clk / (double)b_ram;
	printf("best of %ld rounds of %.2f s\n", rounds, (double)duration_ns / 1e9);
	printf("clock read:                   %8.2f ns\n", clk);
	printf("bare call of an empty run():  %8.2f ns (a plain loop calling it)\n",
	       bare);
	printf("timing loop, empty run():     %8.2f ns a call (batch %lld calls a clock read)\n",
	       empty, (long long)b_empty);
	printf("  with the context-switch meter %6.2f ns (batch %lld)\n", met,
	       (long long)b_met);
	printf("ram_copy per call:            %8.2f ns (batch %lld)\n", ramc,
	       (long long)b_ram);
	meters();
	printf("in a timed interval, per ram_copy call:\n");
	printf("  the loop beyond the call:   %8.3f ns\n", met - bare);
	printf("  the clock, once a batch:    %8.3f ns\n", clk / (double)b_ram);
	printf("  the call of run() itself:   %8.3f ns (%.3f %%: a plain C loop of its shape has none)\n",
	       bare, 100.0 * bare / ramc);
	printf("overhead / ram_copy call:     %8.3f %% (the loop and the clock)\n",
	       100.0 * inside / ramc);
	monitors(spanned, duration_ns / 4, 8 * (size_t)rounds);
	return 0;
}
