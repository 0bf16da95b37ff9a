/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The classic AIM9 console table, byte for byte: what kernel developers
 * paste into mails and what lkp-tests and mmtests parse (fields 2 and 6).
 */
#ifndef AIM_CLASSIC_H
#define AIM_CLASSIC_H

#include <stdint.h>
#include <stdio.h>

/* 108 dashes, the two heading lines, 108 dashes. */
int classic_print_header(FILE *f);
/* 108 dashes. */
int classic_print_rule(FILE *f);

/*
 * One finished row: "%6d %-14s %10.2f %10d %10.5f %15.2f <units>".
 * Rates come from the totals: loops/s = calls / elapsed, ops/s =
 * loops/s * factor.  UNITS already ends in "/second".
 */
int classic_print_row(FILE *f, int number, const char *name,
		      int64_t elapsed_ns, int64_t calls, unsigned long factor,
		      const char *units);

/*
 * Row with printed values kept as given (imports): elapsed s, count,
 * rates; ELAPSED_S below 0 when neither was measured (a rate as another
 * tool printed it): "-" for both.
 */
int classic_print_row_values(FILE *f, int number, const char *name,
			     double elapsed_s, int64_t count, double loops,
			     double ops, const char *units);

/* The failed-test row: number and name, then " Skipping to next test.". */
int classic_print_skip(FILE *f, int number, const char *name);

#endif
