// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Per-call histograms: the dense form a test process counts into, the
 * sparse buckets of the record, and the summary a result's samples give.
 */
#include "config.h"

#include "hist.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

size_t
hist_index(int64_t v)
{
	int k;

	if (v < 16)
		return v < 0 ? 0 : (size_t)v;
	k = 63 - __builtin_clzll((unsigned long long)v);
	return 16 + (size_t)(k - HIST_SUB_BITS) * 16 +
	       (size_t)((v >> (k - HIST_SUB_BITS)) & 15);
}

/* The bound ending the bucket of V at BITS sub-bucket bits (0..4). */
static int64_t
coarse_bound(int64_t v, int bits)
{
	uint64_t b;
	int k, shift;

	if (v < (1 << bits))
		return v + 1;
	k = 63 - __builtin_clzll((unsigned long long)v);
	shift = k - bits;
	b = (((uint64_t)v >> shift) + 1) << shift;
	return b > (uint64_t)INT64_MAX || b == 0 ? INT64_MAX : (int64_t)b;
}

int64_t
hist_index_bound(size_t i)
{
	size_t k, sub;
	uint64_t b;

	if (i < 16)
		return (int64_t)i + 1;
	k = (i - 16) / 16 + HIST_SUB_BITS;
	sub = (i - 16) % 16;
	/* 64-bit arithmetic whatever size_t is; past INT64_MAX, the end. */
	b = ((uint64_t)(16 + sub + 1)) << (k - HIST_SUB_BITS);
	return b > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)b;
}

/* DENSE at BITS of resolution into H; 0, or -1 when it does not fit. */
static int
compress_at(const int64_t *dense, int bits, struct measure_hist *h)
{
	h->n = 0;
	for (size_t i = 0; i < HIST_DENSE; i++) {
		int64_t b;

		if (dense[i] == 0)
			continue;
		b = coarse_bound(hist_index_bound(i) - 1, bits);
		if (h->n > 0 && h->b[h->n - 1].bound == b) {
			h->b[h->n - 1].count += dense[i];
			continue;
		}
		if (h->n == MEASURE_HIST_MAX)
			return -1;
		h->b[h->n].bound = b;
		h->b[h->n++].count = dense[i];
	}
	return 0;
}

void
hist_compress(const int64_t *dense, struct measure_hist *h)
{
	/* At one bucket per power of two, 64 buckets always fit. */
	for (int bits = HIST_SUB_BITS; bits > 0; bits--)
		if (compress_at(dense, bits, h) == 0)
			return;
	(void)compress_at(dense, 0, h);
}

void
hist_acc_init(struct hist_acc *a)
{
	memset(a, 0, sizeof(*a));
	a->min_ns = INT64_MAX;
}

int
hist_acc_add(struct hist_acc *a, const struct measure_sample *s)
{
	int64_t v;

	if (s->hist == NULL || !measure_hist_valid(s->hist))
		return 0;
	for (int32_t i = 0; i < s->hist->n; i++)
		a->count[hist_index(s->hist->b[i].bound - 1)] +=
			s->hist->b[i].count;
	a->calls += s->calls;
	a->sum_ns += s->elapsed_ns;
	if (measure_get(&s->m, MEASURE_LAT_MIN, &v) && v < a->min_ns)
		a->min_ns = v;
	if (measure_get(&s->m, MEASURE_LAT_MAX, &v) && v > a->max_ns)
		a->max_ns = v;
	if (measure_get(&s->m, MEASURE_LAT_CLOCK, &v))
		a->clock_ns = v;
	if (measure_get(&s->m, MEASURE_LAT_TSC, &v)) {
		a->ticks += v;
		a->ticks_calls += s->calls;
	}
	if (measure_get(&s->m, MEASURE_LAT_CYCLES, &v)) {
		a->cycles += v;
		a->cycles_calls += s->calls;
	}
	a->samples++;
	return 1;
}

/*
 * The value of rank R (1-based): the middle of its bucket, clipped to
 * what was seen.
 */
static int64_t
rank_value(const struct hist_acc *a, int64_t r)
{
	int64_t seen = 0, v = a->max_ns;

	for (size_t i = 0; i < HIST_DENSE; i++) {
		seen += a->count[i];
		if (seen >= r) {
			int64_t lo = i > 0 ? hist_index_bound(i - 1) : 0;

			v = lo + (hist_index_bound(i) - 1 - lo) / 2;
			break;
		}
	}
	if (v > a->max_ns)
		v = a->max_ns;
	return v < a->min_ns ? a->min_ns : v;
}

static int64_t
quantile(const struct hist_acc *a, int64_t total, double q)
{
	int64_t r = (int64_t)(q * (double)total);

	if ((double)r < q * (double)total)
		r++;
	return rank_value(a, r < 1 ? 1 : r);
}

/* The calls above the rule's threshold, and what they add up to. */
static void
cut(const struct hist_acc *a, struct hist_summary *o)
{
	double over = (double)HIST_CUT_FACTOR * (double)o->p50, cut_sum = 0;

	o->cut = 0;
	for (size_t i = 1; i < HIST_DENSE; i++) {
		double lo = (double)hist_index_bound(i - 1);
		double hi = (double)(hist_index_bound(i) - 1);

		if (a->count[i] == 0 || lo <= over)
			continue;
		if (hi > (double)a->max_ns)
			hi = (double)a->max_ns;
		o->cut += a->count[i];
		cut_sum += (lo + hi) / 2 * (double)a->count[i];
	}
	o->mean_kept = o->calls > o->cut ?
		((double)a->sum_ns - cut_sum) / (double)(o->calls - o->cut) : 0;
}

int
hist_summarise(const struct hist_acc *a, struct hist_summary *o)
{
	int64_t total = 0;

	for (size_t i = 0; i < HIST_DENSE; i++)
		total += a->count[i];
	if (total == 0 || a->calls <= 0)
		return -1;
	memset(o, 0, sizeof(*o));
	o->calls = a->calls;
	o->min = a->min_ns == INT64_MAX ? 0 : a->min_ns;
	o->max = a->max_ns;
	o->mean = (double)a->sum_ns / (double)a->calls;
	o->p50 = quantile(a, total, 0.5);
	o->p90 = quantile(a, total, 0.9);
	o->p99 = quantile(a, total, 0.99);
	o->p999 = quantile(a, total, 0.999);
	o->clock_ns = a->clock_ns;
	o->ticks = a->ticks_calls > 0 ?
		   (double)a->ticks / (double)a->ticks_calls : -1;
	o->cycles = a->cycles_calls > 0 ?
		    (double)a->cycles / (double)a->cycles_calls : -1;
	cut(a, o);
	return 0;
}

/* ", tsc=T cycles=C per call" of what was counted, or "". */
static void
counted(const struct hist_summary *s, char *buf, size_t len)
{
	int n = 0;

	buf[0] = '\0';
	if (s->ticks >= 0)
		n = snprintf(buf, len, ", tsc=%.0f", s->ticks);
	if (s->cycles >= 0 && n >= 0 && (size_t)n < len)
		n += snprintf(buf + n, len - (size_t)n, "%scycles=%.0f",
			      n > 0 ? " " : ", ", s->cycles);
	if (n > 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, " per call");
}

int
hist_format_line(const char *name, const struct hist_summary *s, char *buf,
		 size_t len)
{
	char kept[64] = "", counts[96] = "";
	int n;

	if (s->cut > 0)
		snprintf(kept, sizeof(kept), ", avg=%.0f without", s->mean_kept);
	counted(s, counts, sizeof(counts));
	n = snprintf(buf, len,
		     "%s: avg=%.0f min=%" PRId64 " p50=%" PRId64 " p90=%" PRId64
		     " p99=%" PRId64 " p99.9=%" PRId64 " max=%" PRId64
		     " samples=%" PRId64 " (cut %" PRId64 " > %d x median%s)"
		     " ns per call%s, clock %" PRId64 " ns subtracted",
		     name, s->mean, s->min, s->p50, s->p90, s->p99, s->p999,
		     s->max, s->calls, s->cut, HIST_CUT_FACTOR, kept, counts,
		     s->clock_ns);
	return n < 0 || (size_t)n >= len ? -1 : n;
}
