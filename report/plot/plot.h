/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The trend plot: a grid of tests by tags built from loaded rates, and the
 * gnuplot script that draws it, with every dataset inline so the script
 * alone redraws the picture.  No I/O except writing the script to a
 * stream; plot_run.h starts gnuplot.
 */
#ifndef AIM_PLOT_H
#define AIM_PLOT_H

#include <stddef.h>
#include <stdio.h>

#include "query_plot.h"
#include "series.h"
#include "stats.h"

/*
 * A picture format: its extension, gnuplot's terminal, and whether the
 * terminal's size is in inches (72 pixels each) rather than pixels.  One
 * table, plot_terms[] (plot.c), that --format and --output read.
 */
struct plot_term {
	const char *ext;
	const char *terminal;
	int inches;
};

/* png (pngcairo, the default), svg, pdf (pdfcairo); NULL-terminated. */
extern const struct plot_term *const plot_terms[];
/* The picture format of extension EXT (any case), or NULL. */
const struct plot_term *plot_term_find(const char *ext);

/*
 * The terminal for a file name's extension (.png, .svg, .pdf, any case).
 * 0, or -1 when the extension is none of these.
 */
int plot_term_from_path(const char *path, const struct plot_term **out);
/* "png", "svg" or "pdf". */
const char *plot_term_ext(const struct plot_term *term);

/* One test at one tag. */
struct plot_cell {
	struct stats_run *runs;		/* per-run rates (owned) */
	size_t n_runs;			/* 0: no usable result here */
	size_t n_samples;
	double lo, q1, median, q3, hi;	/* of the sample rates */
	double centre;			/* geometric mean of the run rates */
	enum stats_verdict mark;	/* of the step arriving here */
	double step_pct;		/* its change in percent, if marked */
};

struct plot_test {
	int number;
	char *name;
	char *units;
	char *host;			/* its machine in a store of several
					 * (each drawn and judged apart); NULL */
	enum stats_basis basis;		/* as its first result was judged */
	enum measure_better better;	/* LOWER: the values are times */
	struct plot_cell *cells;	/* one per tag, in plot order */
};

/* A test asked for by name, drawn even when no tag has it. */
struct plot_want {
	int number;
	const char *name;
	const char *units;
};

struct plot_scaling;
struct plot_latency;

struct plot_model {
	char **tags;			/* in plot order (owned copies) */
	size_t n_tags;
	struct plot_test *tests;	/* by number, then name */
	size_t n_tests;
	/* aimplot --scaling: drawn instead of the above (plot_scaling.h) */
	const struct plot_scaling *scaling;
	/* aimplot --latency: likewise (plot_latency.h) */
	const struct plot_latency *latency;
};

/*
 * Build the grid from N loaded tags, already in plot order.  With N_WANT
 * > 0 the tests are exactly WANT (by number); else every test that has an
 * ok result at some tag.  Cells pool the results of all runs of the tag.
 * Boot ids are borrowed from TAGS, which must outlive the model.
 */
void plot_model_build(const struct qplot_tag *tags, size_t n,
		      const struct plot_want *want, size_t n_want,
		      struct plot_model *m);
void plot_model_free(struct plot_model *m);

/*
 * Move the tests of FROM, a model of the same tags, behind those of M,
 * each marked as HOST's (NULL: "unknown"); FROM is left empty.
 */
void plot_model_take(struct plot_model *m, struct plot_model *from,
		     const char *host);

/*
 * The series input for series_compute(), borrowing the cells' runs:
 * M->n_tests tests with M->n_tags points each.  Free with
 * plot_series_free().
 */
struct series_test *plot_series_tests(const struct plot_model *m);
void plot_series_free(struct series_test *t, size_t n_tests);

/* Mark the cells where a significant step of S arrives. */
void plot_model_mark(struct plot_model *m, const struct series *s);

/*
 * The first title line for N loaded tags: what a reader must know first,
 * the machines and the suites ("AIM9 operation rates by tag: host H,
 * suite S"; at most three of each are named).  Malloc'd.
 */
char *plot_default_title(const struct qplot_tag *tags, size_t n,
			 int relative);

struct plot_opts {
	const struct plot_term *term;
	const char *output;	/* the file, or the directory when per_test */
	int per_test;		/* one file per test: OUTPUT/NN-name[-host].EXT */
	int relative;		/* percent of each test's first centre */
	const char *title;	/* first title line */
	double alpha;		/* named in the legend */
	/*
	 * The names gnuplot writes instead of OUTPUT (grid) or the per-test
	 * paths, one per test; NULL writes those.
	 */
	const char *const *write_as;
	const char *keep;	/* a file no output may replace: the database */
};

/*
 * The file of test T in per-test mode: "OUTPUT/NN-name.EXT" (with
 * "-host" before the extension in a series split by machine), the name
 * with anything but letters, digits, '-', '_' and '.' replaced by '_'.
 * Malloc'd.
 */
char *plot_test_path(const struct plot_opts *o, const struct plot_test *t);

/*
 * Write the gnuplot script for M (at least one tag and one test) to F.
 * Every string from outside (tags, test names, units, title, paths) is a
 * single-quoted literal, which gnuplot never expands, with no control
 * character in it.  Returns 0, or -1 when writing failed.
 */
int plot_write_script(FILE *f, const struct plot_model *m,
		      const struct plot_opts *o);

/*
 * What every script writer shares: S as a single-quoted gnuplot string,
 * "set output" for PATH, the terminal at W x H pixels.
 */
void plot_put_string(FILE *f, const char *s);
void plot_put_output(FILE *f, const char *path);
void plot_put_terminal(FILE *f, const struct plot_term *term, int w, int h);
/*
 * "set format AXIS" with SI prefixes ("2.95M", "236k", "40"), as many
 * decimals as ticks STEP apart need for values up to TOP; a logarithmic
 * axis gives STEP 0: whole numbers.
 */
void plot_put_si_format(FILE *f, char axis, double top, double step);

#endif
