// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The default text comparison: an aligned table with a header row naming
 * the tags, numbers right-aligned, each NEW tag's verdict as a one-letter
 * marker beside its percentage and an overall line, the geometric mean
 * of the ratios.  The cells of a row are the fields of its --format lines
 * line, in the same order, so a script can read either; the units come
 * last and wrap to keep the table within FMT_TABLE_COLUMNS.  Every string
 * from the database goes through tag_fput() or tag_printable().
 */
#include "config.h"

#include "fmt.h"
#include "fmt_table.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_latency.h"
#include "compare_scaling.h"
#include "series_db.h"
#include "tag.h"
#include "units.h"
#include "xalloc.h"

/*
 * A tag heads its column when no wider than its values or than this;
 * else the column is headed by its side's name ("base", "new 2"), which
 * the header's "# base: TAG" lines give the tag of.
 */
#define HEAD_MIN 10

/*
 * The marker beside the percentage: "" when there is no verdict, and
 * with single samples, where --format lines shows none either.
 */
static const char *
marker(const struct cmp_table *t, const struct cmp_delta *d)
{
	static const char *const mark[] = {
		[STATS_INCONCLUSIVE] = "?", [STATS_EQUIVALENT] = "=",
		[STATS_IMPROVED] = "I",	    [STATS_REGRESSED] = "R",
	};

	return t->repeated && d->has_stats ? mark[d->cmp.verdict] : "";
}

static void
add_col(struct grid *g, enum col kind, size_t side)
{
	g->kind = xrealloc(g->kind, (g->n_cols + 1) * sizeof(*g->kind));
	g->side = xrealloc(g->side, (g->n_cols + 1) * sizeof(*g->side));
	g->kind[g->n_cols] = kind;
	g->side[g->n_cols++] = side;
}

/*
 * The columns in the order of the fields of --format lines.  With
 * repeated samples every table says which rate each row judged and
 * prints, and the interval of its pct (short by default, in place of
 * the delta, so that the units keep room within 100 columns); --wide
 * adds the delta, the full interval, the mdc, the classic mean's change
 * and the cv.
 */
static void
layout(struct grid *g, const struct cmp_table *t, unsigned flags)
{
	int wide = (flags & FMT_WIDE) && t->repeated;

	add_col(g, COL_NUM, 0);
	add_col(g, COL_NAME, 0);
	add_col(g, COL_VALUE, 0);
	for (size_t s = 1; s < t->n_sides; s++) {
		add_col(g, COL_VALUE, s);
		if (wide || !t->repeated)
			add_col(g, COL_DELTA, s);
		add_col(g, COL_PCT, s);
		add_col(g, COL_MARK, s);
		if (wide) {
			add_col(g, COL_INTERVAL, s);
			add_col(g, COL_MDC, s);
			add_col(g, COL_CLASSIC, s);
		} else if (t->repeated) {
			add_col(g, COL_SHORT, s);
		}
	}
	if (t->repeated)
		add_col(g, COL_JUDGED, 0);
	if (wide)
		add_col(g, COL_CV, 0);
}

/* A printable copy of a string from the database. */
static char *
shown(const char *s)
{
	return tag_printable_dup(s != NULL ? s : "");
}

/*
 * The header line: the tags name their value columns, when no wider
 * than WIDTH, the column's values.
 */
static char *
head_cell(const struct grid *g, size_t c, const struct cmp_table *t,
	  size_t width)
{
	static const char *const word[] = {
		[COL_NUM] = "no",	  [COL_NAME] = "test",
		[COL_DELTA] = "delta",	  [COL_PCT] = "pct",
		[COL_MARK] = "",	  [COL_INTERVAL] = "interval",
		[COL_SHORT] = "interval", [COL_MDC] = "mdc",
		[COL_CLASSIC] = "classic", [COL_JUDGED] = "judged",
		[COL_CV] = "cv",
	};
	char buf[FMT_NUM_MAX];
	const char *tag = t->sides[g->side[c]].tag;

	if (g->kind[c] != COL_VALUE)
		return xstrdup(word[g->kind[c]]);
	if (tag_columns(tag) <= (width > HEAD_MIN ? width : HEAD_MIN))
		return tag_printable_dup(tag);
	return xstrdup(fmt_side_name(t, g->side[c], buf, sizeof(buf)));
}

/* The cells of a NEW side's change that test rows and counters share. */
static char *
delta_cell(enum col kind, const struct cmp_table *t, const struct cmp_delta *d)
{
	char buf[2 * FMT_NUM_MAX];

	switch (kind) {
	case COL_PCT:
		return xstrdup(fmt_pct(d, buf, sizeof(buf)));
	case COL_MARK:
		return xstrdup(marker(t, d));
	case COL_INTERVAL:
		return xstrdup(fmt_interval(d, buf, sizeof(buf)));
	case COL_SHORT:
		return xstrdup(fmt_interval_short(d, buf, sizeof(buf)));
	case COL_CLASSIC:
		return xstrdup(fmt_mean_pct(d, buf, sizeof(buf)));
	default:
		return xstrdup(fmt_mdc(d, buf, sizeof(buf)));
	}
}

static char *
row_cell(const struct grid *g, size_t c, const struct cmp_table *t,
	 const struct cmp_row *row)
{
	size_t s = g->side[c];
	const struct cmp_delta *d = s > 0 ? &row->d[s - 1] : NULL;
	char buf[2 * FMT_NUM_MAX];

	switch (g->kind[c]) {
	case COL_NUM:
		return xasprintf("%d", row->number);
	case COL_NAME:
		return shown(row->test);
	case COL_VALUE:
		return shown(fmt_value(&row->v[s], buf, sizeof(buf)));
	case COL_DELTA:
		return xstrdup(d->valid ? fmt_cents(d->delta_c, buf,
						    sizeof(buf)) : "-");
	case COL_PCT:
	case COL_MARK:
	case COL_SHORT:
	case COL_INTERVAL:
	case COL_MDC:
	case COL_CLASSIC:
		return delta_cell(g->kind[c], t, d);
	case COL_JUDGED:
		return xstrdup(stats_basis_name(row->basis));
	case COL_CV:
	default:
		return fmt_cv_list(t, row);
	}
}

/*
 * "[+1.02%,+5.44%]", or SHORT as the rows' short interval "[+1.0,+5.5]";
 * "-" without an interval.
 */
static char *
overall_interval(const struct cmp_overall *o, int short_form)
{
	char buf[2 * FMT_NUM_MAX];

	if (isnan(o->lo) || isnan(o->hi))
		return xstrdup("-");
	if (short_form)
		return xstrdup(fmt_ratio_interval_short(o->lo, o->hi, buf,
							sizeof(buf)));
	return xasprintf("[%+.2f%%,%+.2f%%]", (o->lo - 1.0) * 100.0,
			 (o->hi - 1.0) * 100.0);
}

/*
 * The geometric mean of each NEW side's ratios in its percentage column;
 * its interval in the side's interval column, short or full as the rows',
 * or without one (single samples) where the units go.
 */
static void
overall_line(struct grid *g, size_t line, const struct cmp_table *t)
{
	char **cell = &g->cell[line * g->n_cols];
	char *units = xstrdup("");

	cell[1] = xstrdup("gmean");
	for (size_t c = 0; c < g->n_cols; c++) {
		struct cmp_overall o;
		char *iv, *next;

		if (g->kind[c] != COL_PCT)
			continue;
		compare_overall(t, g->side[c], &o);
		/* "t": the mean of time ratios, where above 0 is worse. */
		cell[c] = isnan(o.ratio) ? xstrdup("-") :
			  xasprintf("%.2f%%%s", (o.ratio - 1.0) * 100.0,
				    o.better == MEASURE_LOWER ? " t" : "");
		iv = overall_interval(&o, c + 2 < g->n_cols &&
					  g->kind[c + 2] == COL_SHORT);
		if (c + 2 < g->n_cols && (g->kind[c + 2] == COL_SHORT ||
					  g->kind[c + 2] == COL_INTERVAL)) {
			cell[c + 2] = iv;
			continue;
		}
		next = xasprintf("%s%s%s", units, *units ? " " : "", iv);
		free(iv);
		free(units);
		units = next;
	}
	g->units[line] = units;
}

/* A counter's sub-row: indented name, values, change; units apart. */
static char *
counter_cell(const struct grid *g, size_t c, const struct cmp_table *t,
	     const struct cmp_counter *k)
{
	size_t s = g->side[c];
	const struct cmp_delta *d = s > 0 ? &k->d[s - 1] : NULL;
	char buf[2 * FMT_NUM_MAX];

	switch (g->kind[c]) {
	case COL_NAME:
		return xasprintf("  %s", fmt_counter_name(k));
	case COL_VALUE:
		return xstrdup(fmt_per_call(&k->v[s], buf, sizeof(buf)));
	case COL_PCT:
	case COL_MARK:
	case COL_SHORT:
	case COL_INTERVAL:
	case COL_MDC:
		return delta_cell(g->kind[c], t, d);
	default:
		return NULL;
	}
}

/* The lines of row I and its counters from line L on; the next line. */
static size_t
row_lines(struct grid *g, size_t l, const struct cmp_table *t, size_t i)
{
	const struct cmp_row *row = &t->rows[i];

	char brief[FMT_NUM_MAX];

	for (size_t c = 0; c < g->n_cols; c++)
		g->cell[l * g->n_cols + c] = row_cell(g, c, t, row);
	g->units[l++] = shown(g->brief ? units_brief(row->units, brief,
						     sizeof(brief)) :
			      row->units);
	for (size_t k = 0; k < row->n_counters; k++, l++) {
		for (size_t c = 0; c < g->n_cols; c++)
			g->cell[l * g->n_cols + c] =
				counter_cell(g, c, t, &row->counters[k]);
		g->units[l] = fmt_counter_units(&row->counters[k]);
	}
	/* Two levels: a sub-row saying them from after the name on. */
	if (row->levels != NULL) {
		char *text = compare_levels_row(t, row);

		for (size_t c = 0; c < g->n_cols; c++)
			if (g->kind[c] == COL_NAME)
				g->cell[l * g->n_cols + c] = xstrdup("  levels");
		g->span[l] = 1;
		g->units[l++] = shown(text);
		free(text);
	}
	return l;
}

/* The widest cell of each column over the lines from FIRST on. */
static void
grid_widths(struct grid *g, size_t first)
{
	for (size_t c = 0; c < g->n_cols; c++) {
		for (size_t l = first; l < g->n_lines; l++) {
			const char *s = g->cell[l * g->n_cols + c];
			size_t w = s != NULL ? tag_columns(s) : 0;

			if (w > g->width[c])
				g->width[c] = w;
		}
	}
}

static void
grid_build(struct grid *g, const struct cmp_table *t, unsigned flags)
{
	size_t next = 1;

	*g = (struct grid){ .brief = !(flags & FMT_WIDE) && t->repeated };
	layout(g, t, flags);
	g->n_lines = t->n_rows + 2;
	for (size_t i = 0; i < t->n_rows; i++)
		g->n_lines += t->rows[i].n_counters +
			      (t->rows[i].levels != NULL);
	g->cell = xcalloc(g->n_lines * g->n_cols, sizeof(*g->cell));
	g->units = xcalloc(g->n_lines, sizeof(*g->units));
	g->span = xcalloc(g->n_lines, sizeof(*g->span));
	g->width = xcalloc(g->n_cols, sizeof(*g->width));
	g->units[0] = xstrdup("units");
	for (size_t i = 0; i < t->n_rows; i++)
		next = row_lines(g, next, t, i);
	overall_line(g, next, t);
	/* The headings know how wide their values are. */
	grid_widths(g, 1);
	for (size_t c = 0; c < g->n_cols; c++)
		g->cell[c] = head_cell(g, c, t, g->width[c]);
	grid_widths(g, 0);
}

static void
grid_free(struct grid *g)
{
	for (size_t i = 0; i < g->n_lines * g->n_cols; i++)
		free(g->cell[i]);
	for (size_t l = 0; l < g->n_lines; l++)
		free(g->units[l]);
	free(g->cell);
	free(g->units);
	free(g->span);
	free(g->width);
	free(g->kind);
	free(g->side);
}

/* The meaning of the gmean line and the markers. */
static char *
legend(const struct cmp_table *t, size_t i)
{
	double conf = 100.0 * (1.0 - t->opt.stats.alpha);

	if (i == 0)
		return xasprintf("gmean: geometric mean of the ratios NEW/BASE over the tests compared, then its %g%% interval per NEW tag (- with single samples); \"t\": every test is a time, lower is better, so above 0 is slower",
				 conf);
	if (!t->repeated)
		return NULL;
	if (i == 1)
		return xasprintf("R, I, =, ? beside pct: regressed, improved, equivalent, inconclusive; interval: the %g%% interval of pct, rounded outward to 0.1 (>+%d: above +%d%%); judged, cv, interval, mdc and classic (--wide): as in --format lines, below",
				 conf, FMT_SHORT_TOP, FMT_SHORT_TOP);
	return fmt_legend(t, i - 2);
}

/* One line by default; with FMT_LEGEND every line of the long one. */
static void
print_legend(FILE *f, const struct cmp_table *t, unsigned flags,
	     size_t wrap)
{
	char *l;

	if (!(flags & FMT_LEGEND)) {
		fmt_comment(f, "", t->repeated ?
			    "beside pct: R regressed, I improved, = equivalent, ? inconclusive; the rates, delta, pct and interval are of the rate judged (peak or mean); gmean: geometric mean of the ratios; --legend explains" :
			    "gmean: geometric mean of the ratios NEW/BASE, with its interval; --legend explains",
			    wrap);
		return;
	}
	for (size_t i = 0; (l = legend(t, i)) != NULL; i++) {
		fmt_comment(f, "", l, wrap);
		free(l);
	}
}

static int
fmt_table(FILE *f, const struct cmp_table *t, unsigned flags)
{
	size_t wrap = (flags & FMT_WIDE) ? 0 : FMT_TABLE_COLUMNS;
	struct grid g;

	fmt_text_header(f, t, wrap);
	grid_build(&g, t, flags);
	for (size_t l = 0; l < g.n_lines; l++)
		fmt_table_line(f, &g, l, wrap);
	grid_free(&g);
	print_legend(f, t, flags, wrap);
	/* Stream errors are sticky: one check covers every write above. */
	if (fflush(f) != 0 || ferror(f))
		return -1;
	return 0;
}

const struct cmp_format fmt_format_text = {
	.name = "text", .help = "an aligned table (the default)",
	.counters = 1, .table = fmt_table, .scaling = scaling_text,
	.latency = lat_text, .series = series_db_text,
};
