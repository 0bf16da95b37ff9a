// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The scaling plot.  x is the copy count (a log2 axis: 1, 2, 4, ...),
 * y the operation rate; per tag, candlesticks of the total sample rates
 * with a line through their medians, and a dashed line of the median
 * per copy, so perfect scaling is a flat dashed line.
 */
#include "config.h"

#include "plot_scaling.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"
#include "xalloc.h"

static int
dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double
quantile(const double *v, size_t n, double q)
{
	double at = q * (double)(n - 1);
	size_t i = (size_t)at;

	return i + 1 < n ? v[i] + (at - (double)i) * (v[i + 1] - v[i]) : v[i];
}

/* The sample rates of results FROM..TO (one test, one count) into C. */
static int
cell_of(const struct record_result *r, size_t n, struct pscale_cell *c)
{
	double *v = NULL;
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		if (strcmp(r[i].status, "ok") != 0)
			continue;
		v = xrealloc(v, (k + r[i].n_samples + 1) * sizeof(*v));
		for (size_t j = 0; j < r[i].n_samples; j++)
			if (r[i].samples[j].elapsed_ns > 0)
				v[k++] = 1e9 * (double)r[i].samples[j].calls *
					 (double)r[i].factor /
					 (double)r[i].samples[j].elapsed_ns;
	}
	if (k > 0) {
		qsort(v, k, sizeof(*v), dbl_cmp);
		*c = (struct pscale_cell){ .copies = r[0].copies, .lo = v[0],
			.q1 = quantile(v, k, 0.25), .median = quantile(v, k, 0.5),
			.q3 = quantile(v, k, 0.75), .hi = v[k - 1] };
	}
	free(v);
	return k > 0;
}

static struct pscale_test *
test_of(struct plot_scaling *ps, const struct record_result *r, size_t n_tags)
{
	for (size_t i = 0; i < ps->n_tests; i++)
		if (ps->tests[i].number == r->number &&
		    strcmp(ps->tests[i].name, r->test) == 0)
			return &ps->tests[i];
	ps->tests = xrealloc(ps->tests, (ps->n_tests + 1) * sizeof(*ps->tests));
	ps->tests[ps->n_tests] = (struct pscale_test){
		.number = r->number, .name = r->test, .units = r->units,
		.lines = xcalloc(n_tags, sizeof(struct pscale_line)),
		.n_lines = n_tags };
	return &ps->tests[ps->n_tests++];
}

static int
test_cmp(const void *a, const void *b)
{
	const struct pscale_test *x = a, *y = b;

	if (x->number != y->number)
		return x->number < y->number ? -1 : 1;
	return strcmp(x->name, y->name);
}

void
plot_scaling_build(const struct query_tag *tags, size_t n,
		   struct plot_scaling *ps)
{
	memset(ps, 0, sizeof(*ps));
	for (size_t s = 0; s < n; s++) {
		const struct record_result *r = tags[s].results;
		size_t m = tags[s].n_results;

		for (size_t i = 0, j; i < m; i = j) {
			struct pscale_test *t = test_of(ps, &r[i], n);
			struct pscale_line *l = &t->lines[s];

			for (j = i + 1; j < m && r[j].number == r[i].number &&
			     r[j].copies == r[i].copies &&
			     strcmp(r[j].test, r[i].test) == 0; j++)
				;
			l->tag = tags[s].tag;
			l->cells = xrealloc(l->cells, (l->n_cells + 1) *
					    sizeof(*l->cells));
			l->n_cells += cell_of(&r[i], j - i, &l->cells[l->n_cells]);
			if (r[i].copies > ps->max_copies)
				ps->max_copies = r[i].copies;
		}
	}
	if (ps->n_tests > 1)
		qsort(ps->tests, ps->n_tests, sizeof(*ps->tests), test_cmp);
}

void
plot_scaling_free(struct plot_scaling *ps)
{
	for (size_t i = 0; i < ps->n_tests; i++) {
		for (size_t k = 0; k < ps->tests[i].n_lines; k++)
			free(ps->tests[i].lines[k].cells);
		free(ps->tests[i].lines);
	}
	free(ps->tests);
	memset(ps, 0, sizeof(*ps));
}

#define PANEL_W 480
#define PANEL_H 320
#define TITLE_H 60
#define MAX_COLS 4

static void
put_header(FILE *f)
{
	fputs("# Operation rate against copies run at once, written by aimplot ("
	      PACKAGE_NAME " " PACKAGE_VERSION ").\n"
	      "# Redraw with \"gnuplot FILE\"; the data are the datablocks below.\n"
	      "# Each $scaleT_L holds test T at tag L, one line per copy count:\n"
	      "#   copies min Q1 median Q3 max (of the total sample rates)\n"
	      "# Solid: total rate, median with min to max; dashed: the same per copy.\n"
	      "set encoding utf8\n", f);
}

static void
put_blocks(FILE *f, const struct pscale_test *t, size_t k)
{
	for (size_t l = 0; l < t->n_lines; l++) {
		const struct pscale_line *ln = &t->lines[l];

		fprintf(f, "$scale%zu_%zu << EOD\n", k + 1, l + 1);
		for (size_t c = 0; c < ln->n_cells; c++)
			fprintf(f, "%d %.17g %.17g %.17g %.17g %.17g\n",
				ln->cells[c].copies, ln->cells[c].lo,
				ln->cells[c].q1, ln->cells[c].median,
				ln->cells[c].q3, ln->cells[c].hi);
		fputs("EOD\n", f);
	}
}

static void
put_panel(FILE *f, const struct pscale_test *t, size_t k)
{
	const char *sep = "plot ";
	double top = 0.0;

	fprintf(f, "set title \"%d \" . ", t->number);
	plot_put_string(f, t->name);
	fputs("\nset ylabel ", f);
	plot_put_string(f, t->units);
	fputc('\n', f);
	/* "12M", not gnuplot's "1.2e+07"; the axis starts at 0. */
	for (size_t l = 0; l < t->n_lines; l++)
		for (size_t c = 0; c < t->lines[l].n_cells; c++)
			top = fmax(top, t->lines[l].cells[c].hi);
	plot_put_si_format(f, 'y', top, top / 5.0);
	for (size_t l = 0; l < t->n_lines; l++) {
		if (t->lines[l].n_cells == 0)
			continue;
		fprintf(f, "%s$scale%zu_%zu using 1:4:2:6 with yerrorlines lc %zu lw 2 title ",
			sep, k + 1, l + 1, l + 1);
		plot_put_string(f, t->lines[l].tag);
		fprintf(f, ", \\\n\t$scale%zu_%zu using 1:($4/$1):($2/$1):($6/$1) with yerrorlines lc %zu dt 2 title ",
			k + 1, l + 1, l + 1);
		plot_put_string(f, t->lines[l].tag);
		fputs(" . ' per copy'", f);
		sep = ", \\\n\t";
	}
	if (sep[0] == 'p') {
		fputs("set label 1 'no results' at graph 0.5,0.5 center\n"
		      "plot [][0:1] NaN\nunset label 1\n", f);
		return;
	}
	fputc('\n', f);
}

int
plot_scaling_write(FILE *f, const struct plot_scaling *ps,
		   const struct plot_opts *o)
{
	size_t cols = 1, rows;
	int top = ps->max_copies > 1 ? ps->max_copies : 2;

	while (cols * cols < ps->n_tests && cols < MAX_COLS)
		cols++;
	rows = ps->n_tests > 0 ? (ps->n_tests + cols - 1) / cols : 1;
	put_header(f);
	plot_put_terminal(f, o->term, (int)cols * PANEL_W,
			  (int)rows * PANEL_H + TITLE_H);
	plot_put_output(f, o->write_as != NULL ? o->write_as[0] : o->output);
	for (size_t k = 0; k < ps->n_tests; k++)
		put_blocks(f, &ps->tests[k], k);
	fprintf(f, "set logscale x 2\nset xrange [0.8:%g]\nset xtics 1,2,%d\n"
		"set xlabel 'copies at once'\nset yrange [0:*]\n"
		"set key top left\nset grid ytics\n", top * 1.25, top);
	fprintf(f, "set multiplot layout %zu,%zu title ", rows, cols);
	plot_put_string(f, o->title);
	fputs(" font \",10\"\n", f);
	for (size_t k = 0; k < ps->n_tests; k++)
		put_panel(f, &ps->tests[k], k);
	fputs("unset multiplot\nunset output\n", f);
	return ferror(f) ? -1 : 0;
}
