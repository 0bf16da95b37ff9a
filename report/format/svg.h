/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Small inline SVG pictures for the HTML comparison: the sample rates of
 * every side of one test as strips on one scale, so that a reader sees
 * the spread behind a verdict without another program.  Also the
 * escaping of free text (tags, test names) that the page shares.
 */
#ifndef AIM_SVG_H
#define AIM_SVG_H

#include <stddef.h>
#include <stdio.h>

#include "stats.h"

/*
 * Write S as text of an HTML or SVG element or of a quoted attribute:
 * & < > " ' as character references, and control characters and bytes
 * that are not valid UTF-8 as '?', so that no input can make markup.
 */
void svg_text(FILE *f, const char *s);

/* One side of one test. */
struct svg_strip {
	const char *label;		/* "base", "new", "new 2" */
	const double *samples;		/* per-sample rates, ops/s */
	size_t n_samples;
	const struct stats_run *runs;	/* per-process rates */
	size_t n_runs;
	double rate;			/* the rate printed; NaN: none */
	int is_time;			/* the values are ms per operation */
};

/*
 * One <svg> element with a strip per side, top to bottom, on a scale
 * from the lowest to the highest value of all strips (ticks at both
 * ends): a tick per sample, a dot per process and a bar at the printed
 * rate.  Strips without
 * samples are labelled but empty.  Errors stay in F's error flag.
 */
void svg_strips(FILE *f, const struct svg_strip *strips, size_t n);

#endif
