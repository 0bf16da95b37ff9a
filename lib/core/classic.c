// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Classic AIM9 table rows.  The conversions are fixed by the original
 * singleuser; fields widen rather than truncate when a value is large.
 */
#include "config.h"

#include "classic.h"

static const char rule[] =
	"------------------------------------------------------------"
	"------------------------------------------------\n";

int
classic_print_rule(FILE *f)
{
	return fputs(rule, f) < 0 ? -1 : 0;
}

int
classic_print_header(FILE *f)
{
	if (classic_print_rule(f) < 0)
		return -1;
	if (fputs(" Test        Test        Elapsed  Iteration    Iteration"
		  "          Operation\n"
		  "Number       Name      Time (sec)   Count   Rate (loops/sec)"
		  "    Rate (ops/sec)\n", f) < 0)
		return -1;
	return classic_print_rule(f);
}

int
classic_print_row_values(FILE *f, int number, const char *name,
			 double elapsed_s, int64_t count, double loops,
			 double ops, const char *units)
{
	int n = elapsed_s >= 0 ?
			fprintf(f, "%6d %-14s %10.2f %10lld %10.5f %15.2f %s\n",
				number, name, elapsed_s, (long long)count,
				loops, ops, units) :
			fprintf(f, "%6d %-14s %10s %10s %10.5f %15.2f %s\n",
				number, name, "-", "-", loops, ops, units);

	return n < 0 ? -1 : 0;
}

int
classic_print_row(FILE *f, int number, const char *name, int64_t elapsed_ns,
		  int64_t calls, unsigned long factor, const char *units)
{
	double elapsed_s = (double)elapsed_ns / 1e9;
	double loops = elapsed_ns > 0 ? (double)calls / elapsed_s : 0.0;

	return classic_print_row_values(f, number, name, elapsed_s, calls,
					loops, loops * (double)factor, units);
}

int
classic_print_skip(FILE *f, int number, const char *name)
{
	return fprintf(f, "%6d %-14s  Skipping to next test.\n", number,
		       name) < 0 ? -1 : 0;
}
