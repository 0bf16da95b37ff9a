// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What aimrun --copies makes of its copies: the list of counts to sweep,
 * and one result from the outcomes of the copies of one run.
 */
#include "config.h"

#include "copies_sum.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hist.h"
#include "parse.h"
#include "xalloc.h"

int
copies_ncpu(void)
{
	cpu_set_t set;
	int n;

	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return 1;
	n = CPU_COUNT(&set);
	return n > 0 ? n : 1;
}

static int
int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* Sort and drop repeats. */
static size_t
settle(int *v, size_t n)
{
	size_t k = 0;

	qsort(v, n, sizeof(*v), int_cmp);
	for (size_t i = 0; i < n; i++)
		if (k == 0 || v[k - 1] != v[i])
			v[k++] = v[i];
	return k;
}

int
copies_parse(const char *spec, int ncpu, int *out, size_t *n, char *err,
	     size_t errlen)
{
	char *dup = xstrdup(spec), *save = NULL;
	size_t k = 0;

	for (char *w = strtok_r(dup, ",", &save); w != NULL;
	     w = strtok_r(NULL, ",", &save)) {
		long v = ncpu;

		if (k == COPIES_LIST_MAX) {
			snprintf(err, errlen, "more than %d copy counts",
				 COPIES_LIST_MAX);
			goto fail;
		}
		if (strcmp(w, "max") != 0 &&
		    parse_long(w, 1, COPIES_MAX, &v) != 0) {
			snprintf(err, errlen, "'%.40s' is not a count from 1 to %d or max",
				 w, COPIES_MAX);
			goto fail;
		}
		out[k++] = (int)v;
	}
	if (k == 0) {
		snprintf(err, errlen, "no copy count given");
		goto fail;
	}
	free(dup);
	*n = settle(out, k);
	return 0;
fail:
	free(dup);
	return -1;
}

size_t
copies_scale(int ncpu, int *out)
{
	size_t k = 0;

	if (ncpu > COPIES_MAX)
		ncpu = COPIES_MAX;
	for (int c = 1; c < ncpu && k < COPIES_LIST_MAX - 1; c *= 2)
		out[k++] = c;
	out[k++] = ncpu;
	return settle(out, k);
}

const char *
copies_refusal(const struct aim_test *t, int n, int threads, char *buf,
	       size_t len)
{
	/* A copy count of 1 shares nothing with another copy. */
	if (t->no_copies != NULL && n > 1)
		snprintf(buf, len, "cannot run as copies: %s", t->no_copies);
	else if (threads && !t->thread_safe)
		snprintf(buf, len, "cannot run as threads: %s",
			 t->no_threads != NULL ? t->no_threads :
			 "not marked thread-safe");
	else
		return NULL;
	return buf;
}

/* The counted metrics every copy's sample K holds, summed into S. */
static void
sum_metrics(const struct runner_outcome *each, int n, size_t k,
	    struct measure_sample *s)
{
	for (int id = 0; id < MEASURE_COUNT; id++) {
		int64_t sum = 0, v;
		int all = measure_def(id)->kind == MEASURE_COUNTER;

		for (int c = 0; c < n && all; c++) {
			all = measure_get(&each[c].samples[k].m, id, &v) == 1;
			sum += all ? v : 0;
		}
		if (all)
			measure_set(&s->m, id, sum);
	}
}

/*
 * The copies' per-call histograms of sample K as one, when every copy
 * timed its calls: the calls of all copies in one distribution.
 */
static void
sum_hists(const struct runner_outcome *each, int n, size_t k,
	  struct measure_sample *s)
{
	struct hist_acc *a = xmalloc(sizeof(*a));
	int have = 0;

	hist_acc_init(a);
	for (int c = 0; c < n; c++)
		have += hist_acc_add(a, &each[c].samples[k]);
	if (have == n && n > 0) {
		s->hist = xmalloc(sizeof(*s->hist));
		hist_compress(a->count, s->hist);
		/* the gauges the line needs: extremes over every copy */
		measure_set(&s->m, MEASURE_LAT_MIN, a->min_ns);
		measure_set(&s->m, MEASURE_LAT_MAX, a->max_ns);
		measure_set(&s->m, MEASURE_LAT_CLOCK, a->clock_ns);
	}
	free(a);
}

static void
sum_sample(const struct runner_outcome *each, int n, size_t k,
	   struct measure_sample *s)
{
	int64_t lo = INT64_MAX, hi = 0;

	measure_init(s, (int)k + 1);
	s->printed_ops = -1;
	for (int c = 0; c < n; c++) {
		const struct measure_sample *e = &each[c].samples[k];

		s->calls += e->calls;
		if (e->elapsed_ns > s->elapsed_ns)
			s->elapsed_ns = e->elapsed_ns;
		lo = e->calls < lo ? e->calls : lo;
		hi = e->calls > hi ? e->calls : hi;
	}
	sum_metrics(each, n, k, s);
	sum_hists(each, n, k, s);
	measure_set(&s->m, MEASURE_COPY_MIN_CALLS, lo);
	measure_set(&s->m, MEASURE_COPY_MAX_CALLS, hi);
}

void
copies_combine(const struct runner_outcome *each, int n, int threads,
	       struct runner_outcome *out)
{
	size_t fewest = SIZE_MAX;

	memset(out, 0, sizeof(*out));
	for (int c = 0; c < n; c++) {
		if (each[c].status != RUNNER_OK) {
			out->status = each[c].status;
			snprintf(out->reason, sizeof(out->reason),
				 "%s %d of %d: %.200s", threads ? "thread" : "copy",
				 c + 1, n, each[c].reason);
			return;
		}
		if (each[c].n_samples < fewest)
			fewest = each[c].n_samples;
		out->warmup_calls += each[c].warmup_calls;
		if (each[c].warmup_ns > out->warmup_ns)
			out->warmup_ns = each[c].warmup_ns;
	}
	out->status = RUNNER_OK;
	if (n <= 0 || fewest == 0) {
		out->status = RUNNER_FAIL;
		snprintf(out->reason, sizeof(out->reason), "no samples reported");
		return;
	}
	out->samples = xcalloc(fewest, sizeof(*out->samples));
	out->n_samples = fewest;
	for (size_t k = 0; k < fewest; k++)
		sum_sample(each, n, k, &out->samples[k]);
	/* The machine's changes: the first copy read them for all. */
	if (each[0].n_monitors > 0) {
		out->monitors = xcalloc(each[0].n_monitors,
					sizeof(*out->monitors));
		memcpy(out->monitors, each[0].monitors,
		       each[0].n_monitors * sizeof(*out->monitors));
		out->n_monitors = each[0].n_monitors;
	}
}
