// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The latency plot.  Every string from the database (tags, test names,
 * routine names) reaches the script through plot_put_string(), a
 * single-quoted literal; the datablocks hold numbers only.
 */
#include "config.h"

#include "plot_latency.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"
#include "xalloc.h"

/*
 * "mem_F_R_S_C" with parts of [a-z0-9] into V; 0 when TEST is another
 * test (or a name no build of the family makes).
 */
static int
mem_parts(const char *test, struct plat_variant *v, char *size, size_t len)
{
	char part[4][16];
	const char *p = test;

	if (strncmp(p, "mem_", 4) != 0)
		return 0;
	p += 4;
	for (int k = 0; k < 4; k++) {
		size_t n = strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789");

		if (n == 0 || n >= sizeof(part[k]) || p[n] != (k < 3 ? '_' : '\0'))
			return 0;
		memcpy(part[k], p, n);
		part[k][n] = '\0';
		p += n + 1;
	}
	snprintf(v->fn, sizeof(v->fn), "%s", part[0]);
	snprintf(v->routine, sizeof(v->routine), "%s", part[1]);
	snprintf(size, len, "%s", part[2]);
	snprintf(v->state, sizeof(v->state), "%s", part[3]);
	return 1;
}

/* The calls of TEST's ok results on SIDE, and their CDF, into V. */
static int
fill(const struct query_tag *side, const char *test, struct plat_variant *v,
     struct hist_acc *acc)
{
	int64_t seen = 0, total = 0;

	hist_acc_init(acc);
	for (size_t i = 0; i < side->n_results; i++) {
		const struct record_result *r = &side->results[i];

		if (strcmp(r->test, test) != 0 || strcmp(r->status, "ok") != 0)
			continue;
		for (size_t j = 0; j < r->n_samples; j++)
			(void)hist_acc_add(acc, &r->samples[j]);
	}
	if (hist_summarise(acc, &v->sum) != 0)
		return 0;
	for (size_t i = 0; i < HIST_DENSE; i++)
		total += acc->count[i];
	for (size_t i = 0; i < HIST_DENSE; i++) {
		if (acc->count[i] == 0)
			continue;
		seen += acc->count[i];
		v->x = xrealloc(v->x, (v->n_cdf + 1) * sizeof(*v->x));
		v->y = xrealloc(v->y, (v->n_cdf + 1) * sizeof(*v->y));
		v->x[v->n_cdf] = (double)hist_index_bound(i);
		v->y[v->n_cdf++] = (double)seen / (double)total;
	}
	return 1;
}

static int
seen_before(const struct record_result *r, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (strcmp(r[k].test, r[i].test) == 0)
			return 1;
	return 0;
}

void
plot_latency_build(const struct query_tag *tags, const char *const *names,
		   size_t n, const char *size, struct plot_latency *pl)
{
	struct hist_acc *acc = xmalloc(sizeof(*acc));

	memset(pl, 0, sizeof(*pl));
	pl->tags = names;
	pl->n_tags = n;
	snprintf(pl->size, sizeof(pl->size), "%s", size);
	for (size_t s = 0; s < n; s++)
		for (size_t i = 0; i < tags[s].n_results; i++) {
			const struct record_result *r = &tags[s].results[i];
			struct plat_variant v = { .test = r->test, .tag = s };
			char vsize[16] = "";

			if (seen_before(tags[s].results, i) ||
			    (mem_parts(r->test, &v, vsize, sizeof(vsize)) &&
			     strcmp(vsize, size) != 0) ||
			    !fill(&tags[s], r->test, &v, acc)) {
				free(v.x);
				free(v.y);
				continue;
			}
			pl->v = xrealloc(pl->v, (pl->n + 1) * sizeof(*pl->v));
			pl->v[pl->n++] = v;
		}
	free(acc);
}

void
plot_latency_free(struct plot_latency *pl)
{
	for (size_t i = 0; i < pl->n; i++) {
		free(pl->v[i].x);
		free(pl->v[i].y);
	}
	free(pl->v);
	memset(pl, 0, sizeof(*pl));
}

#define PANEL_W 560
#define PANEL_H 360
#define TITLE_H 60
#define MAX_COLS 2

/* The index of the first variant like V by KEY (fn, or routine in fn). */
static size_t
first_of(const struct plot_latency *pl, size_t i, int by_routine)
{
	const struct plat_variant *v = &pl->v[i];

	for (size_t k = 0; k < i; k++)
		if (strcmp(pl->v[k].fn, v->fn) == 0 &&
		    (!by_routine || strcmp(pl->v[k].routine, v->routine) == 0))
			return k;
	return i;
}

/* The index of the first variant of the test at I (another tag's). */
static size_t
first_test(const struct plot_latency *pl, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (strcmp(pl->v[k].test, pl->v[i].test) == 0)
			return k;
	return i;
}

/* The series of a bar: state (hot 0, cold 1) and tag. */
static size_t
series_of(const struct plot_latency *pl, const struct plat_variant *v)
{
	return v->tag * 2 + (strcmp(v->state, "cold") == 0);
}

static void
put_header(FILE *f, const struct plot_latency *pl)
{
	fputs("# Per-call times, written by aimplot (" PACKAGE_NAME " "
	      PACKAGE_VERSION ").\n"
	      "# Redraw with \"gnuplot FILE\"; the data are the datablocks below.\n"
	      "# $barK: function K of the mem family at size ", f);
	plot_put_string(f, pl->size);
	fputs(", one line per routine:\n"
	      "#   index, then p50 ns per call hot and cold for each tag (NaN: none)\n"
	      "# $cdfV: variant V, one line per bucket: ns, share of calls below\n"
	      "set encoding utf8\nset datafile missing 'NaN'\n", f);
}

/* $barK of function F (the variant at index F): routines in order. */
static size_t
put_bars_block(FILE *f, const struct plot_latency *pl, size_t fi)
{
	size_t cols = pl->n_tags * 2, row = 0;

	fprintf(f, "$bar%zu << EOD\n", fi + 1);
	for (size_t i = 0; i < pl->n; i++) {
		if (pl->v[i].fn[0] == '\0' || first_of(pl, i, 0) != fi ||
		    first_of(pl, i, 1) != i)
			continue;
		fprintf(f, "%zu", row++);
		for (size_t c = 0; c < cols; c++) {
			double y = NAN;

			for (size_t k = 0; k < pl->n; k++)
				if (first_of(pl, k, 1) == i &&
				    series_of(pl, &pl->v[k]) == c)
					y = (double)pl->v[k].sum.p50;
			if (isnan(y))
				fputs(" NaN", f);
			else
				fprintf(f, " %.17g", y);
		}
		fputc('\n', f);
	}
	fputs("EOD\n", f);
	return row;
}

/* The bar panel of the function at FI: routines on x, hot and cold bars. */
static void
put_bars(FILE *f, const struct plot_latency *pl, size_t fi)
{
	size_t rows = put_bars_block(f, pl, fi), cols = pl->n_tags * 2, k = 0;
	double w = 0.8 / (double)cols;

	fputs("set title ", f);
	plot_put_string(f, pl->v[fi].fn);
	fputs(" . ' at ' . ", f);
	plot_put_string(f, pl->size);
	fputs(" . ': p50 per call, hot and cold'\nset xtics (", f);
	for (size_t i = 0; i < pl->n; i++) {
		if (pl->v[i].fn[0] == '\0' || first_of(pl, i, 0) != fi ||
		    first_of(pl, i, 1) != i)
			continue;
		fputs(k > 0 ? ", " : "", f);
		plot_put_string(f, pl->v[i].routine);
		fprintf(f, " %zu", k++);
	}
	fprintf(f, ")\nset xrange [-0.6:%g]\nset yrange [1:*]\nset logscale y\n"
		"unset logscale x\nset ylabel 'ns per call (p50)'\n"
		"set format y \"%%.0s%%c\"\n"
		"set style fill solid 0.7 border -1\nset boxwidth %g\n",
		(double)rows - 0.4, w);
	for (size_t c = 0; c < cols; c++) {
		fprintf(f, "%s$bar%zu using ($1 + %g):%zu with boxes lc %zu title '%s ' . ",
			c == 0 ? "plot " : ", \\\n\t", fi + 1,
			-0.4 + w * ((double)c + 0.5), c + 2, c + 1,
			c % 2 ? "cold" : "hot");
		plot_put_string(f, pl->tags[c / 2]);
	}
	fputs("\nunset logscale y\nset xtics autofreq\nset format y \"% h\"\n",
	      f);
}

/* The CDF panel of the variants like the one at FI (its function, or the test). */
static void
put_cdf(FILE *f, const struct plot_latency *pl, size_t fi)
{
	const char *sep = "plot ";

	fputs("set title ", f);
	if (pl->v[fi].fn[0] != '\0') {
		plot_put_string(f, pl->v[fi].fn);
		fputs(" . ' at ' . ", f);
		plot_put_string(f, pl->size);
	} else {
		plot_put_string(f, pl->v[fi].test);
	}
	fputs(" . ': share of calls below'\nset logscale x\nset xrange [*:*]\n"
	      "set yrange [0:1]\nset ylabel 'share of calls'\n"
	      "set xlabel 'ns per call'\n", f);
	plot_put_si_format(f, 'x', 0.0, 0.0);
	for (size_t i = 0; i < pl->n; i++) {
		const struct plat_variant *v = &pl->v[i];

		if (v->fn[0] != '\0' ? first_of(pl, i, 0) != fi ||
		    pl->v[fi].fn[0] == '\0' :
		    strcmp(v->test, pl->v[fi].test) != 0)
			continue;
		fprintf(f, "%s$cdf%zu using 1:2 with steps lw 2 title ", sep, i + 1);
		if (v->fn[0] != '\0') {
			plot_put_string(f, v->routine);
			fputs(" . ' ' . ", f);
			plot_put_string(f, v->state);
			fputs(" . ' ' . ", f);
		}
		plot_put_string(f, pl->tags[v->tag]);
		sep = ", \\\n\t";
	}
	fputs("\nunset logscale x\nunset xlabel\nset format x \"% h\"\n", f);
}

/* The panels: 0 counts them, else draws them. */
static size_t
panels(FILE *f, const struct plot_latency *pl)
{
	size_t n = 0;

	for (int cdf = 0; cdf <= 1; cdf++)
		for (size_t i = 0; i < pl->n; i++) {
			const struct plat_variant *v = &pl->v[i];
			int mem = v->fn[0] != '\0';

			if ((mem && first_of(pl, i, 0) != i) ||
			    (!mem && (!cdf || first_test(pl, i) != i)))
				continue;
			n++;
			if (f != NULL && cdf)
				put_cdf(f, pl, i);
			else if (f != NULL)
				put_bars(f, pl, i);
		}
	return n;
}

int
plot_latency_write(FILE *f, const struct plot_latency *pl,
		   const struct plot_opts *o)
{
	size_t n = panels(NULL, pl), cols = n > 1 ? MAX_COLS : 1, rows;

	rows = n > 0 ? (n + cols - 1) / cols : 1;
	put_header(f, pl);
	plot_put_terminal(f, o->term, (int)cols * PANEL_W,
			  (int)rows * PANEL_H + TITLE_H);
	plot_put_output(f, o->write_as != NULL ? o->write_as[0] : o->output);
	for (size_t i = 0; i < pl->n; i++) {
		fprintf(f, "$cdf%zu << EOD\n", i + 1);
		for (size_t k = 0; k < pl->v[i].n_cdf; k++)
			fprintf(f, "%.17g %.17g\n", pl->v[i].x[k], pl->v[i].y[k]);
		fputs("EOD\n", f);
	}
	fputs("set key top left\nset grid ytics\n", f);
	fprintf(f, "set multiplot layout %zu,%zu title ", rows, cols);
	plot_put_string(f, o->title);
	fputs(" font \",10\"\n", f);
	if (n == 0)
		fputs("set label 1 'no test timed per call' at graph 0.5,0.5 center\n"
		      "plot [][0:1] NaN\nunset label 1\n", f);
	(void)panels(f, pl);
	fputs("unset multiplot\nunset output\n", f);
	return ferror(f) ? -1 : 0;
}
