// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The mem family's table.  Every number of a row has a column of its
 * own, right-aligned under its heading; the rule is as long as the
 * heading.
 */
#include "config.h"

#include "memtable.h"

#include <inttypes.h>

/*
 * The columns after the name: heading and width, two blanks before each
 * included; ns up to 10^9 (a second per call), calls up to 10^9.
 */
static const struct col {
	const char *head;
	int width;
} cols[] = {
	{ "GB/s", 9 }, { "avg-cut", 11 }, { "p50", 11 }, { "p99", 11 },
	{ "max", 11 }, { "calls", 11 }, { "cut", 7 },
};

#define N_COLS (sizeof(cols) / sizeof(cols[0]))
#define NUM_WIDTH 5


static int
rule(FILE *f, const struct memtable *m)
{
	int len = NUM_WIDTH + 2 + m->name_width;

	for (size_t i = 0; i < N_COLS; i++)
		len += cols[i].width;
	for (int i = 0; i < len; i++)
		if (fputc('-', f) == EOF)
			return -1;
	return fputc('\n', f) == EOF ? -1 : 0;
}

int
memtable_print_header(FILE *f, const struct memtable *m)
{
	if (rule(f, m) < 0 ||
	    fprintf(f, "%*s  %-*s", NUM_WIDTH, "No", m->name_width,
		    "Test") < 0)
		return -1;
	for (size_t i = 0; i < N_COLS; i++)
		if (fprintf(f, "%*s", cols[i].width, cols[i].head) < 0)
			return -1;
	if (fputc('\n', f) == EOF)
		return -1;
	return rule(f, m);
}

int
memtable_print_row(FILE *f, const struct memtable *m, int number,
		   const char *name, int64_t elapsed_ns, int64_t calls,
		   unsigned long factor, const struct hist_summary *s)
{
	double gbs = elapsed_ns > 0 ? (double)calls * (double)factor /
				      (double)elapsed_ns : 0.0;
	int n = fprintf(f, "%*d  %-*s%*.2f", NUM_WIDTH, number,
			m->name_width, name, cols[0].width, gbs);

	if (n >= 0 && s == NULL)
		for (size_t i = 1; i < N_COLS && n >= 0; i++)
			n = fprintf(f, "%*s", cols[i].width, "-");
	else if (n >= 0)
		n = fprintf(f, "%*.0f%*" PRId64 "%*" PRId64 "%*" PRId64
			    "%*" PRId64 "%*" PRId64,
			    cols[1].width, s->mean_kept, cols[2].width,
			    s->p50, cols[3].width, s->p99, cols[4].width,
			    s->max, cols[5].width, s->calls, cols[6].width,
			    s->cut);
	return n < 0 || fputc('\n', f) == EOF ? -1 : 0;
}

int
memtable_print_skip(FILE *f, const struct memtable *m, int number,
		    const char *name)
{
	return fprintf(f, "%*d  %-*s  Skipping to next test.\n", NUM_WIDTH,
		       number, m->name_width, name) < 0 ? -1 : 0;
}

int
memtable_print_end(FILE *f, const struct memtable *m)
{
	if (rule(f, m) < 0)
		return -1;
	return fprintf(f, "GB/s: 10^9 bytes per second of the calls' times, every call counted; avg-cut, p50,\n"
		       "p99, max: ns per call, the clock's cost taken off; avg-cut: the mean of the calls\n"
		       "but those over %d x the median (cut); aimcmp --latency TAG: the whole distribution\n",
		       HIST_CUT_FACTOR) < 0 ? -1 : 0;
}
