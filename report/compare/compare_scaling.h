/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Copy counts in comparisons: a result of N copies (aimrun --copies) is
 * compared only with one of N copies, each count its own row group, and
 * --scaling prints the rate per copy at each count of a tag.
 */
#ifndef AIM_COMPARE_SCALING_H
#define AIM_COMPARE_SCALING_H

#include <stdio.h>

#include "query.h"

/* Most copies a result may say it ran (aimrun's limit). */
#define SCALING_COPIES_MAX 1024

/* --copies N or BASE:NEW; 0 when not given. */
struct scaling_sel {
	int base, other;
};

/*
 * Make SIDES (N of them, SIDES[0] the base) compare like with like: with
 * SEL given, only its counts remain; else each count above 1 becomes its
 * own test ("name xN").  CLI_USER, after one line, when a side shares no
 * copy count with the base.
 */
int scaling_pick(struct query_tag *sides, size_t n, const struct scaling_sel *sel);

/* Is ROW the name scaling_pick() gives TEST at a count other than 1? */
int scaling_row_of(const char *row, const char *test);

/*
 * aimcmp --scaling (scaling_out.c): for each side, test and copy count
 * the total rate, the rate per copy, the slowest and fastest copy's and
 * their ratio (the fairness), the speedup and scaling efficiency against
 * one copy (rate at N / rate at 1, and that over N), in the format of
 * each function (the scaling writers of report/format/fmt.h's table).
 * -1 on a write error.
 */
int scaling_text(FILE *f, const struct query_tag *sides, size_t n);
int scaling_csv(FILE *f, const struct query_tag *sides, size_t n);
int scaling_json(FILE *f, const struct query_tag *sides, size_t n);
int scaling_md(FILE *f, const struct query_tag *sides, size_t n);

#endif
