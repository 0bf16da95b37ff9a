// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The metric table.  Names are part of the stored data and of the CSV
 * export: never rename one, add a new one instead.
 */
#include "config.h"

#include "measure.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const struct measure_def table[MEASURE_COUNT] = {
	[MEASURE_VOL_CS] = { "vol_cs", "switches", MEASURE_COUNTER,
			     MEASURE_LOWER },
	[MEASURE_INVOL_CS] = { "invol_cs", "switches", MEASURE_COUNTER,
			       MEASURE_LOWER },
#define C(id, name, unit) [id] = { name, unit, MEASURE_COUNTER, MEASURE_LOWER }
	C(MEASURE_TASK_CLOCK, "task_clock_ns", "ns"),
	C(MEASURE_CONTEXT_SWITCHES, "context_switches", "switches"),
	C(MEASURE_CPU_MIGRATIONS, "cpu_migrations", "migrations"),
	C(MEASURE_PAGE_FAULTS, "page_faults", "faults"),
	C(MEASURE_MINOR_FAULTS, "minor_faults", "faults"),
	C(MEASURE_MAJOR_FAULTS, "major_faults", "faults"),
	C(MEASURE_CYCLES, "cycles", "cycles"),
	C(MEASURE_INSTRUCTIONS, "instructions", "instructions"),
	C(MEASURE_BRANCHES, "branches", "branches"),
	C(MEASURE_BRANCH_MISSES, "branch_misses", "misses"),
	C(MEASURE_CACHE_REFERENCES, "cache_references", "references"),
	C(MEASURE_CACHE_MISSES, "cache_misses", "misses"),
	C(MEASURE_STALLED_FRONTEND, "stalled_cycles_frontend", "cycles"),
	C(MEASURE_STALLED_BACKEND, "stalled_cycles_backend", "cycles"),
	C(MEASURE_CYCLES_USER, "cycles_user", "cycles"),
	C(MEASURE_CYCLES_KERNEL, "cycles_kernel", "cycles"),
	C(MEASURE_INSTRUCTIONS_USER, "instructions_user", "instructions"),
	C(MEASURE_INSTRUCTIONS_KERNEL, "instructions_kernel", "instructions"),
	C(MEASURE_RUN_DELAY, "run_delay_ns", "ns"),
	C(MEASURE_STEAL, "steal_ns", "ns"),
#undef C
	[MEASURE_USER_NS] = { "user_ns", "ns", MEASURE_COUNTER, MEASURE_LOWER },
	[MEASURE_SYS_NS] = { "sys_ns", "ns", MEASURE_COUNTER, MEASURE_LOWER },
	/* The largest of the tree, not a sum: a level. */
	[MEASURE_MAXRSS_KIB] = { "maxrss_kib", "KiB", MEASURE_GAUGE,
				 MEASURE_LOWER },
	[MEASURE_LAT_BUCKET] = { "lat_ns", "calls", MEASURE_BUCKET,
				 MEASURE_LOWER },
	[MEASURE_LAT_MIN] = { "lat_min_ns", "ns", MEASURE_GAUGE,
			      MEASURE_LOWER },
	[MEASURE_LAT_MAX] = { "lat_max_ns", "ns", MEASURE_GAUGE,
			      MEASURE_LOWER },
	[MEASURE_LAT_CLOCK] = { "lat_clock_ns", "ns", MEASURE_GAUGE,
				MEASURE_LOWER },
	/* Summed over the calls like elapsed_ns: per call is value / calls. */
	[MEASURE_LAT_TSC] = { "lat_tsc_ticks", "ticks", MEASURE_COUNTER,
			      MEASURE_LOWER },
	[MEASURE_LAT_CYCLES] = { "lat_cycles", "cycles", MEASURE_COUNTER,
				 MEASURE_LOWER },
	[MEASURE_COPY_MIN_CALLS] = { "copy_min_calls", "calls",
				     MEASURE_COUNTER, MEASURE_HIGHER },
	[MEASURE_COPY_MAX_CALLS] = { "copy_max_calls", "calls",
				     MEASURE_COUNTER, MEASURE_HIGHER },
};

_Static_assert(MEASURE_COUNT < 64, "struct measure_metrics.have is 64 bits");

const struct measure_def *
measure_def(enum measure_id id)
{
	return &table[id];
}

int
measure_lookup(const char *name, size_t len)
{
	for (int i = 0; i < MEASURE_COUNT; i++)
		if (strlen(table[i].name) == len &&
		    memcmp(table[i].name, name, len) == 0)
			return i;
	return -1;
}

void
measure_init(struct measure_sample *s, int seq)
{
	memset(s, 0, sizeof(*s));
	s->seq = seq;
	s->printed_ops = -1.0;
}

void
measure_set(struct measure_metrics *m, enum measure_id id, int64_t value)
{
	/* A histogram is rows of (bound, count), never one value. */
	if (value < 0 || table[id].kind == MEASURE_BUCKET) {
		m->have &= ~MEASURE_BIT(id);
		m->v[id] = 0;
		return;
	}
	m->have |= MEASURE_BIT(id);
	m->v[id] = value;
}

int
measure_get(const struct measure_metrics *m, enum measure_id id,
	    int64_t *value)
{
	if (!(m->have & MEASURE_BIT(id)))
		return 0;
	*value = m->v[id];
	return 1;
}

void
measure_sanitize(struct measure_metrics *m)
{
	m->have &= MEASURE_BIT(MEASURE_COUNT) - 1;
	for (int i = 0; i < MEASURE_COUNT; i++)
		if (!(m->have & MEASURE_BIT(i)) || m->v[i] < 0)
			measure_set(m, (enum measure_id)i, -1);
}

int
measure_row(const struct measure_sample *s, int i, struct measure_row *r)
{
	r->name = NULL;
	r->bound = 0;
	if (i < MEASURE_COUNT) {
		if (measure_get(&s->m, (enum measure_id)i, &r->value))
			r->name = table[i].name;
		return 1;
	}
	i -= MEASURE_COUNT;
	if (s->hist == NULL || i >= s->hist->n)
		return 0;
	r->name = table[MEASURE_LAT_BUCKET].name;
	r->bound = s->hist->b[i].bound;
	r->value = s->hist->b[i].count;
	return 1;
}

int
measure_hist_valid(const struct measure_hist *h)
{
	if (h->n < 0 || h->n > MEASURE_HIST_MAX)
		return 0;
	for (int32_t i = 0; i < h->n; i++)
		if (h->b[i].bound < 1 || h->b[i].count < 0 ||
		    (i > 0 && h->b[i].bound <= h->b[i - 1].bound))
			return 0;
	return 1;
}

int
measure_format(const struct measure_metrics *m, char *buf, size_t len)
{
	size_t used = 0;
	int64_t v;

	if (len == 0)
		return -1;
	buf[0] = '\0';
	for (int i = 0; i < MEASURE_COUNT; i++) {
		int n;

		if (!measure_get(m, (enum measure_id)i, &v))
			continue;
		n = snprintf(buf + used, len - used, "%s%s=%" PRId64,
			     used > 0 ? " " : "", table[i].name, v);
		if (n < 0 || (size_t)n >= len - used)
			return -1;
		used += (size_t)n;
	}
	return (int)used;
}

/* "name=digits" of LEN bytes at S into M. */
static int
parse_one(const char *s, size_t len, struct measure_metrics *m, char *err,
	  size_t errlen)
{
	const char *eq = memchr(s, '=', len);
	size_t digits;
	int64_t v = 0;
	int id;

	if (eq == NULL) {
		snprintf(err, errlen, "a metric is not name=value");
		return -1;
	}
	id = measure_lookup(s, (size_t)(eq - s));
	digits = len - (size_t)(eq - s) - 1;
	if (id < 0) {
		snprintf(err, errlen, "unknown metric name");
		return -1;
	}
	if (table[id].kind == MEASURE_BUCKET) {
		snprintf(err, errlen, "metric %s is a histogram, not a value",
			 table[id].name);
		return -1;
	}
	if (m->have & MEASURE_BIT(id)) {
		snprintf(err, errlen, "metric %s given twice", table[id].name);
		return -1;
	}
	if (digits == 0 || digits > 18 || strspn(eq + 1, "0123456789") < digits) {
		snprintf(err, errlen, "metric %s: not 1 to 18 decimal digits",
			 table[id].name);
		return -1;
	}
	for (size_t i = 0; i < digits; i++)
		v = v * 10 + (eq[1 + i] - '0');
	measure_set(m, (enum measure_id)id, v);
	return 0;
}

int
measure_parse(const char *s, struct measure_metrics *m, char *err,
	      size_t errlen)
{
	memset(m, 0, sizeof(*m));
	while (*s != '\0') {
		size_t len = strcspn(s, " ");

		if (len == 0 || parse_one(s, len, m, err, errlen) < 0) {
			if (len == 0)
				snprintf(err, errlen, "empty metric (two spaces?)");
			memset(m, 0, sizeof(*m));
			return -1;
		}
		s += len;
		if (*s == ' ' && *++s == '\0') {
			snprintf(err, errlen, "trailing space");
			memset(m, 0, sizeof(*m));
			return -1;
		}
	}
	return 0;
}

const char *
measure_better_word(enum measure_better b)
{
	return b == MEASURE_LOWER ? "lower" : "higher";
}

const char *
measure_what(size_t rates, size_t times)
{
	if (times == 0)
		return "AIM9 operation rates";
	return rates == 0 ? "Command times" :
	       "AIM9 operation rates and command times";
}

const char *
measure_judged_word(enum measure_judged j)
{
	return j == MEASURE_JUDGED_PEAK ? "peak" : "mean";
}
