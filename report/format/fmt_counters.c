// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What every format prints of aimcmp --counters (compare_counters.c)
 * and --monitors (compare_monitors.c): a metric's or a monitor's value
 * per call, its units and the line form of one counter.  A metric a side does not hold prints "-" in the text
 * formats, an empty CSV field and null in JSON, never 0.
 */
#include "config.h"

#include "fmt.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "measure.h"
#include "monitor.h"
#include "tag.h"
#include "xalloc.h"

char *
fmt_per_call(const struct cmp_counter_value *v, char *buf, size_t len)
{
	if (!v->have || !isfinite(v->per_call))
		snprintf(buf, len, "-");
	else if (fabs(v->per_call) >= 1e4)
		snprintf(buf, len, "%.0f", v->per_call);
	else
		snprintf(buf, len, "%.4g", v->per_call);
	return buf;
}

const char *
fmt_counter_name(const struct cmp_counter *c)
{
	if (c->monitor != NULL)
		return c->monitor;
	return measure_def((enum measure_id)c->metric)->name;
}

const char *
fmt_counter_unit(const struct cmp_counter *c)
{
	const struct monitor_source *src;

	if (c->monitor == NULL)
		return measure_def((enum measure_id)c->metric)->unit;
	src = monitor_source_of(c->monitor);
	return src != NULL ? src->unit : "count";
}

enum measure_better
fmt_counter_better(const struct cmp_counter *c)
{
	/* A monitor per call is a cost of the call. */
	return c->monitor != NULL ? MEASURE_LOWER :
	       measure_def((enum measure_id)c->metric)->better;
}

char *
fmt_counter_units(const struct cmp_counter *c)
{
	return xasprintf("%s/call", fmt_counter_unit(c));
}

/* "+ 3 add_long vol_cs BASE NEW - PCT [verdict interval mdc]... UNITS". */
static void
counter_line(FILE *f, const struct cmp_table *t, const struct cmp_row *row,
	     const struct cmp_counter *c)
{
	char buf[2 * FMT_NUM_MAX], mdc[FMT_NUM_MAX];
	char *units = fmt_counter_units(c);

	fprintf(f, "+ %d ", row->number);
	tag_fput(f, row->test, 0);
	fputc(' ', f);
	tag_fput(f, fmt_counter_name(c), 0);
	fprintf(f, " %s", fmt_per_call(&c->v[0], buf, sizeof(buf)));
	for (size_t s = 1; s < t->n_sides; s++) {
		fprintf(f, " %s -", fmt_per_call(&c->v[s], buf, sizeof(buf)));
		fprintf(f, " %s", fmt_pct(&c->d[s - 1], buf, sizeof(buf)));
	}
	for (size_t s = 1; t->repeated && s < t->n_sides; s++) {
		const struct cmp_delta *d = &c->d[s - 1];

		fprintf(f, " %s %s mdc %s", fmt_verdict(d),
			fmt_interval(d, buf, sizeof(buf)),
			fmt_mdc(d, mdc, sizeof(mdc)));
	}
	fputc(' ', f);
	tag_fput(f, units, 0);
	fputc('\n', f);
	free(units);
}

void
fmt_counter_lines(FILE *f, const struct cmp_table *t,
		  const struct cmp_row *row)
{
	for (size_t c = 0; c < row->n_counters; c++)
		counter_line(f, t, row, &row->counters[c]);
}
