/*
 * The per-call loop.  Two readings of CLOCK_MONOTONIC (through the vDSO,
 * no system call) bracket every call; what a reading costs lands between
 * them once, so the median of back-to-back pairs, measured before the
 * first sample, is taken off every call (and never below zero).
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

void
latency_init(struct latency *l, struct aim_clock *clk)
{
	int64_t d[LATENCY_CLOCK_PAIRS];

	memset(l, 0, sizeof(*l));
	for (int i = 0; i < LATENCY_CLOCK_PAIRS; i++) {
		int64_t a = clock_now(clk);

		d[i] = clock_now(clk) - a;
	}
	qsort(d, LATENCY_CLOCK_PAIRS, sizeof(d[0]), cmp_i64);
	l->clock_ns = d[LATENCY_CLOCK_PAIRS / 2] > 0 ?
		      d[LATENCY_CLOCK_PAIRS / 2] : 0;
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
close_sample(struct latency *l, struct measure_sample *s)
{
	hist_compress(l->dense, &l->hist);
	s->hist = &l->hist;
	measure_set(&s->m, MEASURE_LAT_MIN, l->min_ns);
	measure_set(&s->m, MEASURE_LAT_MAX, l->max_ns);
	measure_set(&s->m, MEASURE_LAT_CLOCK, l->clock_ns);
	/* A rate needs time: calls all under the clock's cost count 1 ns. */
	if (s->elapsed_ns == 0)
		s->elapsed_ns = 1;
}

enum aim_status
latency_sample(const struct aim_test *t, struct aim_ctx *ctx,
	       struct aim_clock *clk, struct latency *l, int64_t end,
	       struct measure_sample *s)
{
	int64_t a, b;

	memset(l->dense, 0, sizeof(l->dense));
	l->min_ns = INT64_MAX;
	l->max_ns = 0;
	do {
		enum aim_status st;

		if (t->prepare != NULL)
			t->prepare(ctx);
		a = clock_now(clk);
		st = t->run(ctx);
		b = clock_now(clk);
		if (st != AIM_OK)
			return st;
		count(l, b - a, s);
	} while (b < end);
	close_sample(l, s);
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
