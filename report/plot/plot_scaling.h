/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aimplot --scaling: each test's rate against the number of copies run
 * at once (aimrun --copies), total and per copy, one line per tag, one
 * panel per test, the spread of the sample rates at every count.
 */
#ifndef AIM_PLOT_SCALING_H
#define AIM_PLOT_SCALING_H

#include <stddef.h>
#include <stdio.h>

#include "query.h"

struct plot_opts;

/* One tag at one count: the spread of its sample rates (total). */
struct pscale_cell {
	int copies;
	double lo, q1, median, q3, hi;
};

struct pscale_line {
	const char *tag;		/* the loaded tag's */
	struct pscale_cell *cells;	/* by copies */
	size_t n_cells;
};

struct pscale_test {
	int number;
	const char *name, *units;	/* the first result's */
	struct pscale_line *lines;	/* one per tag, empty where absent */
	size_t n_lines;
};

struct plot_scaling {
	struct pscale_test *tests;	/* by number, then name */
	size_t n_tests;
	int max_copies;
};

/* From the loaded TAGS (results sorted by number, test, copies). */
void plot_scaling_build(const struct query_tag *tags, size_t n,
			struct plot_scaling *ps);
void plot_scaling_free(struct plot_scaling *ps);

/* The gnuplot script, data inline, into one picture.  -1 on error. */
int plot_scaling_write(FILE *f, const struct plot_scaling *ps,
		       const struct plot_opts *o);

#endif
