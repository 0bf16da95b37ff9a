// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The per-call loop.  Two readings of CLOCK_MONOTONIC (through the vDSO,
 * no system call) bracket every call; what a reading costs lands between
 * them once, so the median of empty pairs, measured before the first
 * sample (each after the test's prepare step where it has one: readings
 * right after it can cost more), is taken off every call (and never below
 * zero).  The TSC
 * and the core-cycle counter, where there are such, are read outside
 * those two readings, and what an empty call counts on each is taken off
 * the same way.  What they count outside the clock readings is not the
 * call's: a call whose TSC shows a stall there (the process preempted
 * between its readings) is left out of the ticks and cycles, so they are
 * per call what the ns are.
 */
#include "config.h"

#include "latency.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

static int
cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* The median of the N values at D (sorted in place), never below 0. */
static int64_t
median(int64_t *d, int n)
{
	qsort(d, (size_t)n, sizeof(d[0]), cmp_i64);
	return d[n / 2] > 0 ? d[n / 2] : 0;
}

/* Empty calls bracketed as every call is: what each reading counts. */
struct pairs {
	int64_t d[LATENCY_CLOCK_PAIRS];	/* clock to clock */
	int64_t t[LATENCY_CLOCK_PAIRS];	/* TSC to TSC */
	int64_t c[LATENCY_CLOCK_PAIRS];	/* cycles to cycles */
	int64_t t0[LATENCY_CLOCK_PAIRS], a[LATENCY_CLOCK_PAIRS];
};

/* The cycles counter, or 0 when there is none (or it failed). */
static int64_t
cycles_now(const struct latency *l)
{
	return l->cycles != NULL ? l->cycles->read(l->cycles->arg) : 0;
}

static int64_t
ticks_now(struct aim_clock *clk)
{
	return clk->ticks != NULL ? clk->ticks(clk) : 0;
}

/*
 * TSC ticks per clock ns between the first and the last pair whose ticks
 * are at most twice their median COST: a stall between a pair's TSC and
 * clock readings would move one end and not the other.  0: unknown.
 */
static double
tick_rate(const struct pairs *p, int64_t cost)
{
	int first = -1, last = -1;

	for (int i = 0; i < LATENCY_CLOCK_PAIRS; i++) {
		if (p->t[i] > 2 * cost)
			continue;
		if (first < 0)
			first = i;
		last = i;
	}
	if (first < 0 || p->a[last] <= p->a[first])
		return 0;
	return (double)(p->t0[last] - p->t0[first]) /
	       (double)(p->a[last] - p->a[first]);
}

/*
 * N empty calls bracketed as every call is: cycles, ticks, clock, clock,
 * ticks, cycles; each after T's prepare step when it has one (T NULL:
 * back to back).
 */
static void
bracket_empty(struct latency *l, struct aim_clock *clk,
	      const struct aim_test *t, struct aim_ctx *ctx, int n,
	      struct pairs *p)
{
	for (int i = 0; i < n; i++) {
		int64_t c0;

		if (t != NULL && t->prepare != NULL)
			t->prepare(ctx);
		c0 = cycles_now(l);
		p->t0[i] = ticks_now(clk);
		p->a[i] = clock_now(clk);
		p->d[i] = clock_now(clk) - p->a[i];
		p->t[i] = ticks_now(clk) - p->t0[i];
		p->c[i] = cycles_now(l) - c0;
	}
}

/* The medians of N pairs: each reading's cost to the one inside. */
static void
costs(struct latency *l, struct pairs *p, int n)
{
	int64_t o[LATENCY_CLOCK_PAIRS];

	for (int i = 0; i < n; i++)
		o[i] = p->t[i] - (int64_t)(l->tick_rate * (double)p->d[i]);
	l->outside_cost = median(o, n);
	l->tick_cost = median(p->t, n);
	l->clock_ns = median(p->d, n);
	l->cycle_cost = median(p->c, n);
}

void
latency_init(struct latency *l, struct aim_clock *clk,
	     const struct timing_counter *cycles, const struct aim_test *t,
	     struct aim_ctx *ctx)
{
	struct pairs *p = xmalloc(sizeof(*p));
	int64_t o[LATENCY_CLOCK_PAIRS];

	memset(l, 0, sizeof(*l));
	l->cycles = cycles;
	/* Back to back, over long enough a time for the TSC's rate. */
	bracket_empty(l, clk, NULL, NULL, LATENCY_CLOCK_PAIRS, p);
	memcpy(o, p->t, sizeof(o));
	l->tick_rate = tick_rate(p, median(o, LATENCY_CLOCK_PAIRS));
	if (t->prepare == NULL) {
		costs(l, p, LATENCY_CLOCK_PAIRS);
	} else {
		/* A reading after the step costs more (a VM exit's wake). */
		bracket_empty(l, clk, t, ctx, LATENCY_PREPARED_PAIRS, p);
		costs(l, p, LATENCY_PREPARED_PAIRS);
	}
	free(p);
}

/* Add the call's count D less COST (never below 0) to *SUM, kept < 0. */
static void
add_less(int64_t *sum, int64_t d, int64_t cost)
{
	if (*sum < 0)
		return;
	d -= cost;
	*sum += d > 0 ? d : 0;
}

static void
count(struct latency *l, int64_t ns, struct measure_sample *s)
{
	ns -= l->clock_ns;
	if (ns < 0)
		ns = 0;
	l->dense[hist_index(ns)]++;
	if (ns < l->min_ns)
		l->min_ns = ns;
	if (ns > l->max_ns)
		l->max_ns = ns;
	s->elapsed_ns += ns;
	s->calls++;
}

/*
 * Whether T ticks over a clock bracket of NS hold a stall outside it: the
 * ticks outside past LATENCY_STALL_FACTOR x what they cost, with 1/64 of
 * the call for the error of the rate (a few parts in a thousand).
 */
static int
stalled(const struct latency *l, int64_t t, int64_t ns)
{
	double in = l->tick_rate * (double)ns;

	return l->tick_rate > 0 &&
	       (double)t - in > (double)(LATENCY_STALL_FACTOR *
					 l->outside_cost) + in / 64;
}

/* The call's ticks T and cycles C0..C1, unless its readings stalled. */
static void
count_ticks(struct latency *l, int64_t t, int64_t c0, int64_t c1, int64_t ns)
{
	if (stalled(l, t, ns))
		return;
	l->counted++;
	add_less(&l->ticks, t, l->tick_cost);
	if (c0 < 0 || c1 < 0)
		l->cycles_sum = -1;
	add_less(&l->cycles_sum, c1 - c0, l->cycle_cost);
}

/* SUM over COUNTED of CALLS calls, for all of them; -1: unknown. */
static int64_t
for_all(int64_t sum, int64_t counted, int64_t calls)
{
	if (sum < 0 || counted <= 0)
		return -1;
	if (counted == calls)
		return sum;
	return (int64_t)((double)sum * (double)calls / (double)counted + 0.5);
}

static void
close_sample(struct latency *l, struct aim_clock *clk,
	     struct measure_sample *s)
{
	hist_compress(l->dense, &l->hist);
	s->hist = &l->hist;
	measure_set(&s->m, MEASURE_LAT_MIN, l->min_ns);
	measure_set(&s->m, MEASURE_LAT_MAX, l->max_ns);
	measure_set(&s->m, MEASURE_LAT_CLOCK, l->clock_ns);
	/* Negative (a failed reading) or no counter: left unknown. */
	if (clk->ticks != NULL)
		measure_set(&s->m, MEASURE_LAT_TSC,
			    for_all(l->ticks, l->counted, s->calls));
	if (l->cycles != NULL)
		measure_set(&s->m, MEASURE_LAT_CYCLES,
			    for_all(l->cycles_sum, l->counted, s->calls));
	/* A rate needs time: calls all under the clock's cost count 1 ns. */
	if (s->elapsed_ns == 0)
		s->elapsed_ns = 1;
}

enum aim_status
latency_sample(const struct aim_test *t, struct aim_ctx *ctx,
	       struct aim_clock *clk, struct latency *l, int64_t end,
	       struct measure_sample *s)
{
	int64_t a, b, t0, t1, c0, c1;

	memset(l->dense, 0, sizeof(l->dense));
	l->min_ns = INT64_MAX;
	l->max_ns = 0;
	l->ticks = 0;
	l->cycles_sum = 0;
	l->counted = 0;
	do {
		enum aim_status st;

		if (t->prepare != NULL)
			t->prepare(ctx);
		c0 = cycles_now(l);
		t0 = ticks_now(clk);
		a = clock_now(clk);
		st = t->run(ctx);
		b = clock_now(clk);
		t1 = ticks_now(clk);
		c1 = cycles_now(l);
		if (st != AIM_OK)
			return st;
		count(l, b - a, s);
		count_ticks(l, t1 - t0, c0, c1, b - a);
	} while (b < end);
	close_sample(l, clk, s);
	return AIM_OK;
}

void
latency_account(struct hist_acc **acc, const struct measure_sample *s)
{
	if (s->hist == NULL)
		return;
	if (*acc == NULL) {
		*acc = xmalloc(sizeof(**acc));
		hist_acc_init(*acc);
	}
	(void)hist_acc_add(*acc, s);	/* an invalid one adds nothing */
}

int
latency_print(FILE *f, const char *name, const struct hist_acc *acc)
{
	struct hist_summary sum;
	char line[512];

	if (hist_summarise(acc, &sum) != 0 ||
	    hist_format_line(name, &sum, line, sizeof(line)) < 0)
		return 0;	/* nothing timed per call */
	return fprintf(f, "%s\n", line) < 0 ? -1 : 0;
}
