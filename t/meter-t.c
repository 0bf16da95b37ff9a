// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The meter seam of the timed loop.  A fake meter on the fake clock notes
 * the clock and the call count when it starts and stops: the loop must
 * start it right before the reading that opens a sample and stop it right
 * after the one that closes it, with the meter's own time outside the
 * sample.  Then the context-switch meter on the real clock, and the
 * table of meters: which rows a test's thread and a command get, in
 * which order, and a command's rusage as the executor leaves it.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "ctx.h"
#include "meter.h"
#include "meter_rusage.h"
#include "meter_set.h"
#include "tap.h"
#include "timing.h"

#define MAX 16
#define METER_COST_NS 1000	/* what the fake meter "costs" each time */

struct fake {
	struct aim_clock *clk;
	int64_t call_ns;
	int64_t calls;
	/* The fake meter's notes, one per sample. */
	int64_t start_clock[MAX], stop_clock[MAX];
	int64_t start_calls[MAX], stop_calls[MAX];
	int starts, stops;
	char order[4 * MAX + 1];	/* "a+b+b-a-" ... */
	size_t n_order;
};

struct meter_arg {
	struct fake *f;
	char name;
};

static enum aim_status
fake_run(struct aim_ctx *ctx)
{
	struct fake *f = aim_ctx_data(ctx);

	f->calls++;
	f->clk->fake_ns += f->call_ns;
	return AIM_OK;
}

static const struct aim_test fake_test = {
	.info = &(const struct catalog_test){
		.number = 99, .name = "fake", .units = "Fakes/second",
		.factor = 1,
	},
	.run = fake_run,
};

static void
note(struct fake *f, char name, char what)
{
	if (f->n_order + 2 < sizeof(f->order)) {
		f->order[f->n_order++] = name;
		f->order[f->n_order++] = what;
	}
}

/* Only meter "b", the inner one, takes notes of the clock; both cost time. */
static void
fake_start(void *state)
{
	struct meter_arg *m = state;
	struct fake *f = m->f;

	note(f, m->name, '+');
	f->clk->fake_ns += METER_COST_NS;
	if (m->name == 'b' && f->starts < MAX) {
		f->start_clock[f->starts] = f->clk->fake_ns;
		f->start_calls[f->starts++] = f->calls;
	}
}

static void
fake_stop(void *state, struct measure_sample *s)
{
	struct meter_arg *m = state;
	struct fake *f = m->f;

	note(f, m->name, '-');
	if (m->name == 'b' && f->stops < MAX) {
		/* The reading before this one returned fake_ns - step. */
		f->stop_clock[f->stops] = f->clk->fake_ns - f->clk->fake_step_ns;
		f->stop_calls[f->stops++] = f->calls;
		measure_set(&s->m, MEASURE_VOL_CS, f->stops);
	}
	f->clk->fake_ns += METER_COST_NS;
}

struct got {
	struct measure_sample s[MAX];
	int n;
};

static int
collect(void *arg, const struct measure_sample *s)
{
	struct got *g = arg;

	if (g->n < MAX)
		g->s[g->n++] = *s;
	return 0;
}

static void
test_seam(void)
{
	struct aim_clock clk;
	struct fake f = { .clk = &clk, .call_ns = 1000000 };	/* 1 ms */
	struct meter_arg a = { &f, 'a' }, b = { &f, 'b' };
	struct timing_meter meters[2] = {
		{ fake_start, fake_stop, &a }, { fake_start, fake_stop, &b },
	};
	struct timing_cfg cfg = { .warmup_ns = 10000000,
				  .duration_ns = 100000000, .samples = 4,
				  .batch_ns = 20000, .meters = meters,
				  .n_meters = 2 };
	struct timing_result res;
	struct aim_ctx ctx;
	struct got g = { .n = 0 };

	clock_init_fake(&clk, 5000, 7);	/* every reading moves 7 ns */
	ctx_init(&ctx, NULL, 5120, NULL);
	aim_ctx_set_data(&ctx, &f);
	is_int(timing_run(&fake_test, &ctx, &clk, &cfg, collect, &g, &res),
	       AIM_OK, "loop with two meters ends ok");
	is_int(g.n, 5, "warm-up and 4 samples");
	is_int(g.s[0].m.have, 0, "the warm-up is not metered");
	is_int(f.stops, 4, "meter stopped once per sample");
	/* The loop opens a fifth sample's meters only if it had one. */
	ok(f.starts == 4 || f.starts == 5, "meter started once per sample");
	is_string(f.order, "a+b+b-a-a+b+b-a-a+b+b-a-a+b+b-a-a+b+",
		  "started in order, stopped in reverse");
	for (int i = 0; i < 4; i++) {
		const struct measure_sample *s = &g.s[i + 1];
		int64_t v = -1;

		is_int(f.stop_calls[i] - f.start_calls[i], s->calls,
		       "sample %d: the meter saw exactly its calls", i + 1);
		is_int(f.stop_clock[i] - f.start_clock[i], s->elapsed_ns,
		       "sample %d: the meter spans exactly its clock readings",
		       i + 1);
		/* Batch 1: a reading after each call; nothing else is timed. */
		is_int(s->elapsed_ns, s->calls * (f.call_ns + 7),
		       "sample %d: the meters' own time is outside it", i + 1);
		ok(measure_get(&s->m, MEASURE_VOL_CS, &v) && v == i + 1,
		   "sample %d carries the metric its meter set", i + 1);
	}
}

static enum aim_status
sleep_run(struct aim_ctx *ctx)
{
	const struct timespec ts = { 0, 50000 };

	(void)ctx;
	/* Sleeping blocks: each call is at least one voluntary switch. */
	return nanosleep(&ts, NULL) == 0 ? AIM_OK : AIM_FAIL;
}

static const struct aim_test sleep_test = {
	.info = &(const struct catalog_test){
		.number = 98, .name = "sleeper", .units = "Sleeps/second",
		.factor = 1,
	},
	.run = sleep_run,
};

static void
test_cs_meter(void)
{
	struct meter_cs cs;
	struct timing_meter m = meter_cs(&cs);
	struct timing_cfg cfg;
	struct timing_result res;
	struct aim_clock clk;
	struct aim_ctx ctx;
	struct got g = { .n = 0 };
	int all = 1;

	timing_cfg_default(&cfg, 20000000);
	cfg.warmup_ns = 2000000;
	cfg.samples = 2;
	cfg.meters = &m;
	cfg.n_meters = 1;
	clock_init_real(&clk);
	ctx_init(&ctx, NULL, 5120, NULL);
	is_int(timing_run(&sleep_test, &ctx, &clk, &cfg, collect, &g, &res),
	       AIM_OK, "sleeping test under the context-switch meter");
	ok(g.n >= 2, "at least one sample (%d records)", g.n);
	for (int i = 1; i < g.n; i++) {
		int64_t vol = -1, invol = -1;

		if (!measure_get(&g.s[i].m, MEASURE_VOL_CS, &vol) ||
		    !measure_get(&g.s[i].m, MEASURE_INVOL_CS, &invol) ||
		    vol < g.s[i].calls)
			all = 0;
		diag("sample %d: %lld calls, %lld voluntary, %lld involuntary",
		     i, (long long)g.s[i].calls, (long long)vol,
		     (long long)invol);
	}
	ok(all, "every sample counts at least one voluntary switch per call");
}

/* The names of S's open meters, comma-separated, into BUF. */
static const char *
names(const struct meter_set *s, char *buf, size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < s->n && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s",
				       i > 0 ? "," : "", s->kind[i]->name);
	return buf;
}

static void
test_table(void)
{
	const struct meter_target thread = { .on = METER_ON_THREAD };
	struct meter_rusage ru;
	const struct meter_target cmd = {
		.on = METER_ON_COMMAND, .pid = 1, .rusage = &ru,
	};
	struct meter_set s;
	struct measure_sample m;
	char buf[256];
	size_t rows = 0;
	int64_t v = -1;

	while (meter_kinds[rows] != NULL)
		rows++;
	ok(rows >= 4 && rows <= METER_MAX, "the table has %zu rows", rows);
	is_string(meter_kinds[0]->name, "context switches",
		  "context switches start first");
	is_string(meter_kinds[rows - 1]->name, "perf counters",
		  "the counters start last, right before the clock");
	is_int(meter_set_open(&s, &thread), 0, "a test's meters open");
	names(&s, buf, sizeof(buf));
	ok(strncmp(buf, "context switches", 16) == 0 &&
	   strstr(buf, "rusage") == NULL && strstr(buf, "perf") == NULL,
	   "a test's thread: context switches first, no rusage, no counters (%s)",
	   buf);
	meter_set_close(&s);
	is_int((int64_t)s.n, 0, "closed, the set holds nothing");
	memset(&ru, 0, sizeof(ru));
	is_int(meter_set_open(&s, &cmd), 0, "a command's meters open");
	is_string(names(&s, buf, sizeof(buf)), "command rusage",
		  "a command without counters: its rusage alone");
	ru.have = 1;
	meter_set_start(&s);
	ok(!ru.have, "start forgets the last run's reading");
	ru.ru.ru_minflt = 7;
	ru.ru.ru_utime.tv_usec = 3;
	ru.have = 1;
	measure_init(&m, 1);
	meter_set_stop(&s, &m);
	ok(measure_get(&m.m, MEASURE_MINOR_FAULTS, &v) && v == 7,
	   "stop reads the executor's wait4 (minor faults)");
	ok(measure_get(&m.m, MEASURE_USER_NS, &v) && v == 3000,
	   "... user time in ns");
	meter_set_start(&s);
	measure_init(&m, 2);
	meter_set_stop(&s, &m);
	ok(!measure_get(&m.m, MEASURE_MINOR_FAULTS, &v),
	   "a run without wait4 reports nothing");
	meter_set_close(&s);
	is_int(meter_set_open(&s, &(struct meter_target){ .on = METER_ON_COMMAND }),
	       0, "a command without an executor's reading");
	is_int((int64_t)s.n, 0, "... has no meter");
	meter_set_close(&s);
}

int
main(void)
{
	plan_lazy();
	test_seam();
	test_cs_meter();
	test_table();
	return done_testing();
}
