// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Writes the gnuplot script of a trend plot.  The data go inline as
 * datablocks, one per test, so the script a user keeps with --script
 * redraws the same picture and can be restyled without aimkit.
 */
#include "config.h"

#include "plot.h"
#include "plot_latency.h"
#include "plot_page.h"
#include "plot_scaling.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tag.h"
#include "xalloc.h"

/* Pixels of one panel of the grid, and of a one-test file. */
#define PANEL_W 380
#define PANEL_H 290
#define SINGLE_W 800
#define SINGLE_H 520
#define TITLE_H 70
/* The legend needs this width. */
#define MIN_W 640
#define MAX_COLS 6
/*
 * Pixels a tag's label takes along the axis (font 7, turned 45 degrees),
 * and the axis's own: a panel of many tags widens so none overlaps.
 */
#define LABEL_W 17
#define AXIS_W 70

static const struct plot_term png = { "png", "pngcairo", 0 };
static const struct plot_term svg = { "svg", "svg", 0 };
static const struct plot_term pdf = { "pdf", "pdfcairo", 1 };

const struct plot_term *const plot_terms[] = { &png, &svg, &pdf, NULL };

const struct plot_term *
plot_term_find(const char *ext)
{
	for (size_t i = 0; plot_terms[i] != NULL; i++)
		if (strcasecmp(plot_terms[i]->ext, ext) == 0)
			return plot_terms[i];
	return NULL;
}

int
plot_term_from_path(const char *path, const struct plot_term **out)
{
	const char *dot = strrchr(path, '.');

	if (dot == NULL || strchr(dot, '/') != NULL ||
	    (*out = plot_term_find(dot + 1)) == NULL)
		return -1;
	return 0;
}

const char *
plot_term_ext(const struct plot_term *term)
{
	return term->ext;
}

/*
 * S as a single-quoted gnuplot string, the one kind gnuplot never
 * expands: no backquoted command, no macro, no escape; ' is doubled.
 * Control characters and bytes that are not UTF-8 become '?', so no
 * newline can end the command and start another.
 */
static void
put_string(FILE *f, const char *s)
{
	char *copy = xstrdup(s);

	tag_printable(copy);
	fputc('\'', f);
	for (const char *p = copy; *p != '\0'; p++) {
		if (*p == '\'')
			fputc('\'', f);
		fputc(*p, f);
	}
	fputc('\'', f);
	free(copy);
}

/*
 * "set output" naming PATH.  gnuplot pipes the output through a shell
 * when the name starts with '|', so such a name is written as "./|...".
 */
static void
put_output(FILE *f, const char *path)
{
	char *dotted = path[0] == '|' ? xasprintf("./%s", path) : NULL;

	fputs("set output ", f);
	put_string(f, dotted != NULL ? dotted : path);
	fputc('\n', f);
	free(dotted);
}

/* Cairo PDF sizes are in inches; use the pixel layout at 72 per inch. */
static void
put_terminal(FILE *f, const struct plot_term *term, int w, int h)
{
	if (term->inches)
		fprintf(f, "set terminal %s size %.2fin,%.2fin", term->terminal,
			w / 72.0, h / 72.0);
	else
		fprintf(f, "set terminal %s size %d,%d", term->terminal, w, h);
	fputs(" noenhanced font \"Sans,8\"\n", f);
}

/* The centre every value of test T is divided by: its first one. */
static double
base_of(const struct plot_model *m, const struct plot_test *t, size_t *at)
{
	for (size_t i = 0; i < m->n_tags; i++) {
		if (t->cells[i].n_runs > 0 && t->cells[i].centre > 0.0) {
			*at = i;
			return t->cells[i].centre;
		}
	}
	*at = 0;
	return NAN;
}

static void
put_value(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, " %.7g", v);
	else
		fputs(" NaN", f);
}

static void
put_block(FILE *f, const struct plot_model *m, size_t k, int relative)
{
	const struct plot_test *t = &m->tests[k];
	size_t at;
	double scale = 1.0;

	if (relative)
		scale = 100.0 / base_of(m, t, &at);
	fprintf(f, "$panel%zu << EOD\n# %d ", k + 1, t->number);
	put_string(f, t->name);
	fputc('\n', f);
	for (size_t i = 0; i < m->n_tags; i++) {
		const struct plot_cell *c = &t->cells[i];
		double v[] = { c->lo, c->q1, c->median, c->q3, c->hi,
			       c->centre };

		if (c->n_runs == 0)
			continue;
		fprintf(f, "%zu", i);
		for (size_t j = 0; j < sizeof(v) / sizeof(v[0]); j++)
			put_value(f, v[j] * scale);
		put_value(f, c->mark == STATS_REGRESSED ? c->centre * scale : NAN);
		put_value(f, c->mark == STATS_IMPROVED ? c->centre * scale : NAN);
		put_value(f, c->mark != STATS_INCONCLUSIVE ? c->step_pct : NAN);
		fputc('\n', f);
	}
	fputs("EOD\n", f);
}

static void
put_header(FILE *f)
{
	fputs("# Trend of AIM9 operation rates across tags, written by aimplot ("
	      PACKAGE_NAME " " PACKAGE_VERSION ").\n"
	      "# Redraw with \"gnuplot FILE\"; the data are the datablocks below.\n"
	      "# Each $panelN holds one test, one line per tag with results:\n"
	      "#   x min Q1 median Q3 max centre regressed improved change\n"
	      "# x is the tag's position; min to max and the quartiles are those\n"
	      "# of the sample rates; centre is the geometric mean of the per-run\n"
	      "# rates; regressed and improved repeat the centre where the step\n"
	      "# from the previous tag is significant, and change is that step\n"
	      "# in percent; NaN elsewhere.  A timed command (lower is better)\n"
	      "# has times per run instead of rates, each run one process, and\n"
	      "# a rise of its time is a regression.\n"
	      "set encoding utf8\n", f);
}

/* A panel's width: BASE, or wider for the labels of many tags. */
static int
panel_w(const struct plot_model *m, int base)
{
	int w = LABEL_W * (int)m->n_tags + AXIS_W;

	return w > base ? w : base;
}

/* Tag names on the x axis, every one: panel_w() leaves them room. */
static void
put_axes(FILE *f, const struct plot_model *m)
{
	fputs("set style fill solid 0.3 border\n"
	      "set boxwidth 0.5 absolute\n"
	      "set key off\n"
	      "set grid ytics lc rgb \"#dddddd\"\n"
	      "set offsets 0, 0, graph 0.12, graph 0.05\n", f);
	fprintf(f, "set xrange [-0.6:%zu.6]\n", m->n_tags - 1);
	fputs("set xtics (", f);
	for (size_t i = 0; i < m->n_tags; i++) {
		fputs(i > 0 ? ", " : "", f);
		put_string(f, m->tags[i]);
		fprintf(f, " %zu", i);
	}
	fputs(") rotate by 45 right font \",7\"\n", f);
}

/* Decimals that tell ticks STEP apart: 0 to 6. */
static int
decimals_for(double step)
{
	int d = (int)ceil(-log10(step));

	return d < 0 ? 0 : d > 6 ? 6 : d;
}

/*
 * The y axis of one panel.  Tic labels get as many decimals as the range
 * needs: "2.90M" beside "2.95M", but "236k" rather than "236.000k";
 * gnuplot's %s/%c give the mantissa and the SI prefix, percentages get
 * plain decimals.  A panel whose values are all equal (single imported
 * samples) gets a range of its own, which gnuplot would warn about.
 */
static void
put_yaxis(FILE *f, const struct plot_test *t, size_t n_tags, double scale,
	  int relative)
{
	double lo = INFINITY, hi = -INFINITY, step, top;

	for (size_t i = 0; i < n_tags; i++) {
		if (t->cells[i].n_runs == 0)
			continue;
		lo = fmin(lo, t->cells[i].lo * scale);
		hi = fmax(hi, t->cells[i].hi * scale);
	}
	top = fmax(fabs(lo), fabs(hi));
	step = (hi - lo) / 10.0;
	if (!(hi - lo > top * 1e-9)) {
		step = top > 0.0 ? top / 100.0 : 0.1;
		fprintf(f, "set yrange [%.7g:%.7g]\n", lo - 10.0 * step,
			hi + 10.0 * step);
	} else {
		fputs("set yrange [0<*:*]\n", f);
	}
	if (relative)
		fprintf(f, "set format y \"%%.%df%%%%\"\n", decimals_for(step));
	else
		plot_put_si_format(f, 'y', top, step);
}

void
plot_put_si_format(FILE *f, char axis, double top, double step)
{
	double prefix = top > 0.0 ? pow(1000.0, floor(log10(top) / 3.0)) :
			1.0;

	fprintf(f, "set format %c \"%%.%ds%%c\"\n", axis,
		step > 0.0 ? decimals_for(step / prefix) : 0);
}

static void
put_ylabel(FILE *f, const char *text, const char *suffix)
{
	fputs("set ylabel ", f);
	put_string(f, text);
	fprintf(f, "%s font \",7\"\n", suffix);
}

static void
put_panel(FILE *f, const struct plot_model *m, size_t k,
	  const struct plot_opts *o)
{
	const struct plot_test *t = &m->tests[k];
	const char *empty = "no results";
	int any[2] = { 0, 0 };
	double scale = 1.0;
	size_t at, n = 0;

	for (size_t i = 0; i < m->n_tags; i++) {
		n += t->cells[i].n_runs > 0;
		any[0] |= t->cells[i].mark == STATS_REGRESSED;
		any[1] |= t->cells[i].mark == STATS_IMPROVED;
	}
	if (o->relative && n > 0) {
		scale = 100.0 / base_of(m, t, &at);
		if (!isfinite(scale)) {
			empty = "no positive rate to compare with";
			n = 0;
		}
	}
	if (o->relative && n > 0)
		put_ylabel(f, m->tags[at], " . \" = 100%\"");
	else
		put_ylabel(f, t->units, t->better == MEASURE_LOWER ?
			    " . \" (lower is better)\"" : "");
	if (n == 0) {
		/* Drawn anyway: a test asked for by name is never dropped. */
		fputs("set label 1 ", f);
		put_string(f, empty);
		fputs(" at graph 0.5,0.5 center\n"
		      "unset ytics\nplot [][0:1] NaN\n"
		      "unset label 1\nset ytics\n", f);
		return;
	}
	put_yaxis(f, t, m->n_tags, scale, o->relative);
	fprintf(f, "plot $panel%zu using 1:3:2:6:5 with candlesticks lc rgb \"#3060a0\" whiskerbars 0.5, \\\n"
		"\t\"\" using 1:4:4:4:4 with candlesticks lc rgb \"#102040\" lw 2, \\\n"
		"\t\"\" using 1:7 with lines lc rgb \"#808080\" dt 2", k + 1);
	if (any[0])
		fputs(", \\\n\t\"\" using 1:8 with points pt 11 ps 1.6 lc rgb \"#d00000\""
		      ", \\\n\t\"\" using 1:($8 == $8 ? $6 : NaN):(sprintf(\"%+.1f%%\", $10)) with labels offset 0,1.3 font \",7\" tc rgb \"#d00000\"",
		      f);
	if (any[1])
		fputs(", \\\n\t\"\" using 1:9 with points pt 9 ps 1.6 lc rgb \"#00a000\""
		      ", \\\n\t\"\" using 1:($9 == $9 ? $6 : NaN):(sprintf(\"%+.1f%%\", $10)) with labels offset 0,1.3 font \",7\" tc rgb \"#008000\"",
		      f);
	fputc('\n', f);
}

/* "PREFIX12 fork_test", and its machine in a store of several. */
static void
put_test_name(FILE *f, const char *prefix, const struct plot_test *t)
{
	fprintf(f, "\"%s%d \" . ", prefix, t->number);
	put_string(f, t->name);
	if (t->host != NULL) {
		fputs(" . \" on \" . ", f);
		put_string(f, t->host);
	}
}

static void
put_title(FILE *f, const struct plot_test *t)
{
	fputs("set title ", f);
	put_test_name(f, "", t);
	fputc('\n', f);
}

static void
put_legend(FILE *f, const struct plot_opts *o)
{
	fprintf(f, "\\nbox: quartiles of the samples, whiskers: min and max, dashed: centre of the runs"
		"\\n\xe2\x96\xbc regressed, \xe2\x96\xb2 improved since the previous tag (q \xe2\x89\xa4 %g)",
		o->alpha);
}

/* The columns and rows of a grid of N panels. */
static void
grid_shape(size_t n, size_t *cols, size_t *rows)
{
	*cols = 1;
	while (*cols * *cols < n && *cols < MAX_COLS)
		++*cols;
	*rows = (n + *cols - 1) / *cols;
}

/* The size of page P's picture; a PDF's pages all take the largest. */
static void
page_size(const struct plot_model *m, const struct plot_opts *o,
	  const struct plot_page *pg, size_t n, size_t p, int *w, int *h)
{
	size_t cols, rows, most_c = 0, most_r = 0;
	int pw = panel_w(m, PANEL_W);

	for (size_t i = 0; i < n; i++) {
		if (!o->term->inches && i != p)
			continue;
		grid_shape(pg[i].end - pg[i].first, &cols, &rows);
		most_c = cols > most_c ? cols : most_c;
		most_r = rows > most_r ? rows : most_r;
	}
	*w = (int)most_c * pw < MIN_W ? MIN_W : (int)most_c * pw;
	*h = (int)most_r * PANEL_H + TITLE_H;
}

/* Page P of a grid: its terminal and file (a PDF's once), its panels. */
static void
put_page(FILE *f, const struct plot_model *m, const struct plot_opts *o,
	 const struct plot_page *pg, size_t n, size_t p)
{
	size_t cols, rows;
	int w, h;

	if (!o->term->inches || p == 0) {
		char *path = plot_picture_path(m, o, p);

		page_size(m, o, pg, n, p, &w, &h);
		put_terminal(f, o->term, w, h);
		put_output(f, o->write_as != NULL ? o->write_as[p] : path);
		free(path);
	}
	grid_shape(pg[p].end - pg[p].first, &cols, &rows);
	fprintf(f, "set multiplot layout %zu,%zu title ", rows, cols);
	put_string(f, o->title);
	if (pg[p].name != NULL) {
		fputs(" . ' (' . ", f);
		put_string(f, pg[p].name);
		fputs(" . ')'", f);
	}
	fputs(" . \"", f);
	put_legend(f, o);
	fputs("\" font \",10\"\n", f);
	for (size_t k = pg[p].first; k < pg[p].end; k++) {
		put_title(f, &m->tests[k]);
		put_panel(f, m, k, o);
	}
	fputs("unset multiplot\n", f);
}

/*
 * All tests in a grid of panels: one picture, or past PLOT_PAGE_TESTS
 * one per group of tests (plot_page.h), a PDF's as its pages.
 */
static void
put_grid(FILE *f, const struct plot_model *m, const struct plot_opts *o)
{
	struct plot_page *pg;
	size_t n = plot_pages(m, &pg);

	for (size_t k = 0; k < m->n_tests; k++)
		put_block(f, m, k, o->relative);
	put_axes(f, m);
	for (size_t p = 0; p < n; p++)
		put_page(f, m, o, pg, n, p);
	fputs("unset output\n", f);
	plot_pages_free(pg, n);
}

/* One file per test under the output directory. */
static void
put_files(FILE *f, const struct plot_model *m, const struct plot_opts *o)
{
	put_terminal(f, o->term, panel_w(m, SINGLE_W), SINGLE_H);
	for (size_t k = 0; k < m->n_tests; k++)
		put_block(f, m, k, o->relative);
	put_axes(f, m);
	for (size_t k = 0; k < m->n_tests; k++) {
		const struct plot_test *t = &m->tests[k];
		char *path = plot_test_path(o, t);

		put_output(f, o->write_as != NULL ? o->write_as[k] : path);
		fputs("set title ", f);
		put_string(f, o->title);
		fputs(" . ", f);
		put_test_name(f, "\\n", t);
		fputs(" . \"", f);
		put_legend(f, o);
		fputs("\"\n", f);
		put_panel(f, m, k, o);
		free(path);
	}
	fputs("unset output\n", f);
}

void
plot_put_string(FILE *f, const char *s)
{
	put_string(f, s);
}

void
plot_put_output(FILE *f, const char *path)
{
	put_output(f, path);
}

void
plot_put_terminal(FILE *f, const struct plot_term *term, int w, int h)
{
	put_terminal(f, term, w, h);
}

int
plot_write_script(FILE *f, const struct plot_model *m,
		  const struct plot_opts *o)
{
	if (m->scaling != NULL)
		return plot_scaling_write(f, m->scaling, o);
	if (m->latency != NULL)
		return plot_latency_write(f, m->latency, o);
	put_header(f);
	if (o->per_test)
		put_files(f, m, o);
	else
		put_grid(f, m, o);
	return ferror(f) ? -1 : 0;
}
