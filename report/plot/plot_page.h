/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What a person can read of a trend plot: the tags drawn (the last
 * PLOT_LAST_TAGS of a long series unless the tags are named, each one
 * labelled), and the pictures of a grid of many tests (one per group of
 * tests: the classic and extra tests, each function of the mem family).
 */
#ifndef AIM_PLOT_PAGE_H
#define AIM_PLOT_PAGE_H

#include <stddef.h>

#include "plot.h"

/* Tags drawn by default: each labelled, the labels not overlapping. */
#define PLOT_LAST_TAGS 20
/* Panels one picture of a grid holds before it goes by groups. */
#define PLOT_PAGE_TESTS 60

/*
 * Keep the last LAST tags of M (its steps already marked, so the first
 * one kept shows the step arriving there); how many were dropped.
 */
size_t plot_model_window(struct plot_model *m, size_t last);

/* The tests of one picture of a grid: M's tests [FIRST, END). */
struct plot_page {
	size_t first, end;
	char *name;	/* its file's word: "classic", "mem_copy"; NULL: one */
};

/*
 * The pictures of M's grid: one, or, past PLOT_PAGE_TESTS tests, one per
 * group of tests (a group past that many in parts "-2", "-3"...).
 * Free with plot_pages_free().
 */
size_t plot_pages(const struct plot_model *m, struct plot_page **out);
void plot_pages_free(struct plot_page *p, size_t n);

/*
 * The files gnuplot writes for M under O: one per test (per_test), one
 * per page (PNG, SVG), or one (PDF, a page each, or a single grid).
 */
size_t plot_pictures(const struct plot_model *m, const struct plot_opts *o);
/* The path of picture K of those.  Malloc'd. */
char *plot_picture_path(const struct plot_model *m,
			const struct plot_opts *o, size_t k);

/*
 * On stderr, one line each: the window plot_model_window(M, LAST) made,
 * if any ("37 tags: drawing the last 20, 6.1 to 6.20"), and which file
 * or page holds which tests when a grid takes several.
 */
void plot_say_window(struct plot_model *m, size_t last);
void plot_say_pages(const struct plot_model *m, const struct plot_opts *o);

#endif
