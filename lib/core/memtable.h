/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The mem family's console table: a variant's rate in GB/s and its calls
 * in ns, one aligned row each, since bytes per second in the classic
 * columns run to 11 digits and the per-call distribution would be a
 * line of its own.  The classic table (classic.h) stays as AIM9 printed
 * it; a run of both prints the classic one first.
 */
#ifndef AIM_MEMTABLE_H
#define AIM_MEMTABLE_H

#include <stdint.h>
#include <stdio.h>

#include "hist.h"

struct memtable {
	int name_width;		/* the longest name of the rows to come */
};

/* A rule, the heading line, a rule. */
int memtable_print_header(FILE *f, const struct memtable *m);

/*
 * One finished row: GB/s (10^9 bytes per second) from the totals; from
 * S (NULL: "-" for each) the calls' mean without the cut ones, p50, p99
 * and max in ns, the calls and the cut calls.  The rest of S (min, p90,
 * p99.9, TSC ticks, cycles, the clock's cost) is aimcmp --latency's
 * line.
 */
int memtable_print_row(FILE *f, const struct memtable *m, int number,
		       const char *name, int64_t elapsed_ns, int64_t calls,
		       unsigned long factor, const struct hist_summary *s);

/* The row of a variant without a result: " Skipping to next test.". */
int memtable_print_skip(FILE *f, const struct memtable *m, int number,
			const char *name);

/* The closing rule and a line saying what the columns hold. */
int memtable_print_end(FILE *f, const struct memtable *m);

#endif
