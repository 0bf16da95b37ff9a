/*
 * The per-call loop.  Two readings of CLOCK_MONOTONIC (through the vDSO,
 * no system call) bracket every call; what a reading costs lands between
 * them once, so the median of back-to-back pairs, measured before the
 * first sample, is taken off every call (and never below zero).  The TSC
 * and the core-cycle counter, where there are such, are read outside
 * those two readings, and what an empty call counts on each is taken off
 * the same way.
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

static int64_t
median(int64_t *d)
{
	qsort(d, LATENCY_CLOCK_PAIRS, sizeof(d[0]), cmp_i64);
	return d[LATENCY_CLOCK_PAIRS / 2] > 0 ? d[LATENCY_CLOCK_PAIRS / 2] : 0;
}

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
 * An empty call bracketed as every call is: cycles, ticks, clock, clock,
 * ticks, cycles.  The medians are each reading's cost to the one inside.
 */
void
latency_init(struct latency *l, struct aim_clock *clk,
	     const struct timing_counter *cycles)
{
	int64_t d[LATENCY_CLOCK_PAIRS], t[LATENCY_CLOCK_PAIRS];
	int64_t c[LATENCY_CLOCK_PAIRS];

	memset(l, 0, sizeof(*l));
	l->cycles = cycles;
	for (int i = 0; i < LATENCY_CLOCK_PAIRS; i++) {
		int64_t c0 = cycles_now(l), t0 = ticks_now(clk);
		int64_t a = clock_now(clk);

		d[i] = clock_now(clk) - a;
		t[i] = ticks_now(clk) - t0;
		c[i] = cycles_now(l) - c0;
	}
	l->clock_ns = median(d);
	l->tick_cost = median(t);
	l->cycle_cost = median(c);
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
		measure_set(&s->m, MEASURE_LAT_TSC, l->ticks);
	if (l->cycles != NULL)
		measure_set(&s->m, MEASURE_LAT_CYCLES, l->cycles_sum);
	/* A rate needs time: calls all under the clock's cost count 1 ns. */
	if (s->elapsed_ns == 0)
		s->elapsed_ns = 1;
}

enum aim_status
latency_sample(const struct aim_test *t, struct aim_ctx *ctx,
	       struct aim_clock *clk, struct latency *l, int64_t end,
	       struct measure_sample *s)
{
	int64_t a, b, t0, c0, c1;

	memset(l->dense, 0, sizeof(l->dense));
	l->min_ns = INT64_MAX;
	l->max_ns = 0;
	l->ticks = 0;
	l->cycles_sum = 0;
	do {
		enum aim_status st;

		if (t->prepare != NULL)
			t->prepare(ctx);
		c0 = cycles_now(l);
		t0 = ticks_now(clk);
		a = clock_now(clk);
		st = t->run(ctx);
		b = clock_now(clk);
		add_less(&l->ticks, ticks_now(clk) - t0, l->tick_cost);
		c1 = cycles_now(l);
		if (c0 < 0 || c1 < 0)
			l->cycles_sum = -1;
		add_less(&l->cycles_sum, c1 - c0, l->cycle_cost);
		if (st != AIM_OK)
			return st;
		count(l, b - a, s);
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
