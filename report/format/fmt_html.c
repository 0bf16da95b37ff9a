// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The HTML comparison: one self-contained page (inline CSS and SVG, no
 * script, nothing fetched) with the header, the table and a strip of
 * every test's samples, to attach to a mail or a bug.  Only the verdicts
 * regressed and improved are coloured, so colour always means that the
 * statistics found a change.  The markup is also well-formed XML, which
 * lets any XML parser check it.
 */
#include "config.h"

#include "fmt.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "catalog.h"
#include "klog.h"
#include "svg.h"
#include "xalloc.h"

static const char css[] =
	"body{font:13px/1.4 \"DejaVu Sans\",Arial,sans-serif;color:#1d1d1d;"
	"background:#fff;margin:16px}\n"
	"h1{font-size:20px;margin:0 0 14px}\n"
	"h2{font-size:16px;margin:22px 0 8px}\n"
	"p,ul{margin:6px 0}\n"
	"table{border-collapse:collapse}\n"
	"th,td{padding:3px 6px;border-bottom:1px solid #e2e2e2;"
	"text-align:right;white-space:nowrap;vertical-align:middle}\n"
	"th{background:#f2f2f2;font-weight:600;vertical-align:bottom}\n"
	"th.l,td.l{text-align:left}\n"
	"td{font-variant-numeric:tabular-nums}\n"
	".tag{display:block;font-weight:400;color:#444;font-size:12px}\n"
	".units{display:block;color:#6b6b6b;font-size:11px;"
	"white-space:normal;max-width:16em}\n"
	"tr.none td{color:#8c8c8c}\n"
	"td.regressed{background:#fbdcdc;color:#9c0000;font-weight:700}\n"
	"td.improved{background:#d9f2d9;color:#0b640b;font-weight:700}\n"
	"span.regressed,span.improved{padding:0 6px;font-weight:700}\n"
	"span.regressed{background:#fbdcdc;color:#9c0000}\n"
	"span.improved{background:#d9f2d9;color:#0b640b}\n"
	"ul.warn li{color:#6b4400}\n"
	"td.pic{padding:1px 6px}\n"
	"svg.strips{display:block}\n"
	"svg text{font-size:10px;fill:#555}\n"
	"svg .hi{text-anchor:end}\n"
	"svg .axis{stroke:#ccc;stroke-width:1}\n"
	"svg .tick{stroke:#2f5d8c;stroke-opacity:.55;stroke-width:1}\n"
	"svg .proc{fill:#fff;stroke:#1d1d1d;stroke-width:1}\n"
	"svg .rate{fill:#1d1d1d}\n"
	".foot{color:#777;font-size:12px;margin-top:18px}\n"
	"td.klog{white-space:pre-wrap;font-family:monospace}\n";

/* An element holding escaped text: <NAME ATTRS>TEXT</NAME>. */
static void
element(FILE *f, const char *name, const char *attrs, const char *text)
{
	fprintf(f, "<%s%s%s>", name, attrs != NULL ? " " : "",
		attrs != NULL ? attrs : "");
	svg_text(f, text);
	fprintf(f, "</%s>", name);
}

/* "BASE vs NEW, NEW2". */
static void
tag_list(FILE *f, const struct cmp_table *t)
{
	for (size_t s = 0; s < t->n_sides; s++) {
		fputs(s == 0 ? "" : s == 1 ? " vs " : ", ", f);
		svg_text(f, t->sides[s].tag);
	}
}

/* How many rows of T are rates (higher better) and times (lower). */
static void
count_kinds(const struct cmp_table *t, size_t *rates, size_t *times)
{
	*rates = *times = 0;
	for (size_t i = 0; i < t->n_rows; i++) {
		if (t->rows[i].better == MEASURE_LOWER)
			++*times;
		else
			++*rates;
	}
}

static void
head(FILE *f, const struct cmp_table *t)
{
	size_t rates, times;

	count_kinds(t, &rates, &times);
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\"/>\n<title>aimcmp: ", f);
	tag_list(f, t);
	fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n"
		"<h1>%s: ", css, measure_what(rates, times));
	tag_list(f, t);
	fputs("</h1>\n", f);
}

/* "9, 10 (1 incomplete)": the runs of a side. */
static void
runs_cell(FILE *f, const struct cmp_side *s)
{
	fputs("<td>", f);
	for (size_t i = 0; i < s->n_runs; i++)
		fprintf(f, "%s%lld", i ? ", " : "", (long long)s->run_ids[i]);
	if (s->n_incomplete > 0)
		fprintf(f, " (%zu incomplete)", s->n_incomplete);
	fputs("</td>", f);
}

static void
side_row(FILE *f, const struct cmp_table *t, size_t i)
{
	const struct cmp_side *s = &t->sides[i];
	char name[FMT_NUM_MAX];

	fputs("<tr>", f);
	element(f, "td", "class=\"l\"", fmt_side_name(t, i, name, sizeof(name)));
	element(f, "td", "class=\"l\"", s->tag);
	runs_cell(f, s);
	fprintf(f, "<td>%zu</td><td>%zu</td><td>%zu%s</td>", s->n_procs,
		s->n_samples, s->n_flagged,
		s->n_excluded > 0 ? " (left out)" : "");
	if (s->n_boots == 0)
		fputs("<td>unknown</td>", f);
	else
		fprintf(f, "<td>%zu%s</td>", s->n_boots,
			s->boots_unknown ? " and unknown" : "");
	element(f, "td", "class=\"l\"", s->kernels);
	element(f, "td", "class=\"l\"", s->hosts);
	fputs("</tr>\n", f);
}

/* Each malloc'd line of LINE as an element NAME. */
static void
lines(FILE *f, const struct cmp_table *t, const char *name,
      char *(*line)(const struct cmp_table *, size_t))
{
	char *l;

	for (size_t i = 0; (l = line(t, i)) != NULL; i++) {
		element(f, name, NULL, l);
		fputc('\n', f);
		free(l);
	}
}

/* The environment differences, then the sides measured on one boot. */
static void
warnings(FILE *f, const struct cmp_table *t)
{
	char *w;
	size_t i;

	for (i = 0; (w = fmt_warning(t, i)) != NULL; i++) {
		if (i == 0)
			fputs("<h2>Warnings</h2>\n<ul class=\"warn\">\n", f);
		element(f, "li", NULL, w);
		fputc('\n', f);
		free(w);
	}
	if (i > 0)
		fputs("</ul>\n", f);
}

static void
header(FILE *f, const struct cmp_table *t)
{
	fputs("<h2>Sides</h2>\n<table class=\"sides\"><thead><tr>"
	      "<th class=\"l\">side</th><th class=\"l\">tag</th><th>run ids</th>"
	      "<th>processes</th><th>samples</th><th>flagged</th>"
	      "<th>boots</th><th class=\"l\">kernel</th>"
	      "<th class=\"l\">host</th></tr></thead>\n<tbody>\n", f);
	for (size_t s = 0; s < t->n_sides; s++)
		side_row(f, t, s);
	fputs("</tbody></table>\n", f);
	lines(f, t, "p", fmt_stats_header);
	warnings(f, t);
}

/* A side's column heading: its role, its tag under it. */
static void
side_th(FILE *f, const struct cmp_table *t, size_t s)
{
	char name[FMT_NUM_MAX];

	fprintf(f, "<th>%s<span class=\"tag\">",
		fmt_side_name(t, s, name, sizeof(name)));
	svg_text(f, t->sides[s].tag);
	fputs("</span></th>", f);
}

static void
table_head(FILE *f, const struct cmp_table *t)
{
	size_t rates, times;

	fputs("<h2>Tests</h2>\n<table class=\"cmp\"><thead><tr>"
	      "<th>#</th><th class=\"l\">test</th>", f);
	side_th(f, t, 0);
	for (size_t s = 1; s < t->n_sides; s++) {
		side_th(f, t, s);
		fputs("<th>delta</th><th>change</th>", f);
		if (t->repeated)
			fprintf(f, "<th>verdict</th><th>%g%% interval</th>"
				"<th>mdc</th>",
				100.0 * (1.0 - t->opt.stats.alpha));
	}
	if (t->repeated)
		fputs("<th>rate</th><th>cv</th>", f);
	/* A timed command's samples are its times (compare_value.c). */
	count_kinds(t, &rates, &times);
	fprintf(f, "<th class=\"l\">samples (%s)</th></tr></thead>\n<tbody>\n",
		times == 0 ? "ops/s" : rates == 0 ? CATALOG_CMD_BRIEF " per run" :
		"ops/s; times in " CATALOG_CMD_BRIEF " per run");
}

/* The rate, or the status with the failure's reason as a tooltip. */
static void
value_cell(FILE *f, const struct cmp_value *v)
{
	char buf[FMT_NUM_MAX];

	fputs("<td", f);
	if (v->state == CMP_FAILED && v->reason != NULL) {
		fputs(" title=\"", f);
		svg_text(f, v->reason);
		fputc('"', f);
	}
	fputc('>', f);
	/* A failure's status comes from the database: text like any other. */
	svg_text(f, fmt_value(v, buf, sizeof(buf)));
	fputs("</td>", f);
}

/* Only regressed and improved carry a class, and so a colour. */
static const char *
verdict_class(const struct cmp_delta *d)
{
	if (!d->has_stats)
		return NULL;
	if (d->cmp.verdict == STATS_REGRESSED ||
	    d->cmp.verdict == STATS_IMPROVED)
		return stats_verdict_name(d->cmp.verdict);
	return NULL;
}

/* The change, then with repeated samples verdict, interval and mdc. */
static void
change_cells(FILE *f, const struct cmp_table *t, const struct cmp_delta *d)
{
	char buf[2 * FMT_NUM_MAX];
	const char *cls = verdict_class(d);

	fprintf(f, "<td>%s</td>", fmt_pct(d, buf, sizeof(buf)));
	if (!t->repeated)
		return;
	fprintf(f, "<td class=\"l%s%s\">%s</td>", cls ? " " : "",
		cls ? cls : "", fmt_verdict(d));
	fprintf(f, "<td>%s</td>", fmt_interval(d, buf, sizeof(buf)));
	fprintf(f, "<td>%s</td>", fmt_mdc(d, buf, sizeof(buf)));
}

static void
delta_cells(FILE *f, const struct cmp_table *t, const struct cmp_delta *d)
{
	char buf[2 * FMT_NUM_MAX];

	fprintf(f, "<td>%s</td>", d->valid ? fmt_cents(d->delta_c, buf,
						      sizeof(buf)) : "-");
	change_cells(f, t, d);
}

/* The strips of every side of ROW. */
static void
picture(FILE *f, const struct cmp_table *t, const struct cmp_row *row)
{
	struct svg_strip *st = xcalloc(t->n_sides, sizeof(*st));
	char (*names)[FMT_NUM_MAX] = xcalloc(t->n_sides, sizeof(*names));

	for (size_t s = 0; s < t->n_sides; s++) {
		const struct cmp_value *v = &row->v[s];

		st[s].label = fmt_side_name(t, s, names[s], sizeof(names[s]));
		st[s].samples = v->rates;
		st[s].n_samples = v->state == CMP_OK ? v->n_samples : 0;
		st[s].runs = v->runs;
		st[s].n_runs = v->n_runs;
		st[s].rate = v->state == CMP_OK ? (double)v->rate_c / 100.0 :
			     NAN;
		st[s].is_time = row->better == MEASURE_LOWER;
	}
	fputs("<td class=\"l pic\">", f);
	svg_strips(f, st, t->n_sides);
	fputs("</td>", f);
	free(names);
	free(st);
}

/*
 * The row's classes: "none" when there is nothing to compare, else the
 * verdicts regressed and improved that some NEW side has.
 */
static void
row_open(FILE *f, const struct cmp_table *t, const struct cmp_row *row)
{
	int has[STATS_REGRESSED + 1] = { 0 };
	size_t n = 0;

	fputs("<tr", f);
	if (!fmt_comparable(t, row)) {
		fputs(" class=\"none\">", f);
		return;
	}
	for (size_t s = 1; s < t->n_sides; s++)
		if (verdict_class(&row->d[s - 1]) != NULL)
			has[row->d[s - 1].cmp.verdict] = 1;
	for (int v = STATS_IMPROVED; v <= STATS_REGRESSED; v++)
		if (has[v])
			fprintf(f, "%s%s", n++ > 0 ? " " : " class=\"",
				stats_verdict_name((enum stats_verdict)v));
	fputs(n > 0 ? "\">" : ">", f);
}

static void
row_html(FILE *f, const struct cmp_table *t, const struct cmp_row *row)
{
	char *cv;

	row_open(f, t, row);
	fprintf(f, "<td>%d</td><td class=\"l\">", row->number);
	svg_text(f, row->test);
	element(f, "span", "class=\"units\"", row->units);
	fputs("</td>", f);
	value_cell(f, &row->v[0]);
	for (size_t s = 1; s < t->n_sides; s++) {
		value_cell(f, &row->v[s]);
		delta_cells(f, t, &row->d[s - 1]);
	}
	if (t->repeated) {
		cv = fmt_cv_list(t, row);
		fprintf(f, "<td>%s</td><td>%s</td>",
			stats_basis_name(row->basis), cv);
		free(cv);
	}
	picture(f, t, row);
	fputs("</tr>\n", f);
}

/* --counters: a sub-row per metric under its test, no picture. */
static void
counter_rows(FILE *f, const struct cmp_table *t, const struct cmp_row *row)
{
	char buf[2 * FMT_NUM_MAX];

	for (size_t k = 0; k < row->n_counters; k++) {
		const struct cmp_counter *c = &row->counters[k];
		char *units = fmt_counter_units(c);

		fputs("<tr class=\"counter\"><td></td><td class=\"l\">", f);
		svg_text(f, fmt_counter_name(c));
		element(f, "span", "class=\"units\"", units);
		fprintf(f, "</td><td>%s</td>",
			fmt_per_call(&c->v[0], buf, sizeof(buf)));
		for (size_t s = 1; s < t->n_sides; s++) {
			fprintf(f, "<td>%s</td><td></td>",
				fmt_per_call(&c->v[s], buf, sizeof(buf)));
			change_cells(f, t, &c->d[s - 1]);
		}
		fputs(t->repeated ? "<td></td><td></td><td></td></tr>\n" :
		      "<td></td></tr>\n", f);
		free(units);
	}
}

/* Two levels: a row under its test across every column but the first. */
static void
levels_row(FILE *f, const struct cmp_table *t, const struct cmp_row *row)
{
	char *text = compare_levels_row(t, row);
	size_t per_new = t->repeated ? 6 : 3;

	if (text == NULL)
		return;
	fprintf(f, "<tr class=\"levels\"><td></td><td class=\"l\" colspan=\"%zu\">",
		2 + (t->n_sides - 1) * per_new + (t->repeated ? 2 : 0) + 1);
	svg_text(f, text);
	fputs("</td></tr>\n", f);
	free(text);
}

static void
legend(FILE *f, const struct cmp_table *t)
{
	fputs("<h2>Legend</h2>\n<ul class=\"legend\">\n", f);
	if (t->repeated) {
		fputs("<li>colour: only <span class=\"regressed\">regressed</span> and <span class=\"improved\">improved</span> verdicts are coloured; equivalent and inconclusive are not</li>\n",
		      f);
		lines(f, t, "li", fmt_legend);
	}
	fputs("<li>change: delta / base in percent; grey rows have nothing to compare (a test missing or failed on the base, or on every new side)</li>\n"
	      "<li>samples: one strip per side, base on top, on a scale of its own for each test (lowest and highest value at the ends); a tick per sample, a circle per process (the rate, or a timed command's time, the statistics use), a bar at the value printed in the table</li>\n"
	      "</ul>\n", f);
}

/*
 * The kernel log's lines of level warning and above while the sides
 * ran, each with its side, test, repetition, level and the kernel's
 * time stamp; the text is the kernel's, escaped as all text here.
 */
static void
kernel_log(FILE *f, const struct cmp_table *t)
{
	char buf[64];

	if (t->n_klog == 0)
		return;
	fputs("<h2>Kernel log</h2>\n<table class=\"klog\"><thead><tr>"
	      "<th class=\"l\">tag</th><th class=\"l\">test</th><th>run</th>"
	      "<th class=\"l\">level</th><th>time (s)</th>"
	      "<th class=\"l\">line</th></tr></thead>\n<tbody>\n", f);
	for (size_t i = 0; i < t->n_klog; i++) {
		const struct cmp_klog *k = &t->klog[i];

		fputs("<tr>", f);
		element(f, "td", "class=\"l\"", t->sides[k->side].tag);
		element(f, "td", "class=\"l\"", k->test);
		snprintf(buf, sizeof(buf), "%d", k->rep);
		element(f, "td", NULL, buf);
		element(f, "td", "class=\"l\"", klog_level_name(k->line->level));
		snprintf(buf, sizeof(buf), "%.6f", (double)k->line->usec / 1e6);
		element(f, "td", NULL, buf);
		element(f, "td", "class=\"l klog\"", k->line->text);
		fputs("</tr>\n", f);
	}
	fputs("</tbody></table>\n", f);
}

static int
fmt_html(FILE *f, const struct cmp_table *t, unsigned flags)
{
	(void)flags;	/* the text table's */
	head(f, t);
	header(f, t);
	table_head(f, t);
	for (size_t i = 0; i < t->n_rows; i++) {
		row_html(f, t, &t->rows[i]);
		counter_rows(f, t, &t->rows[i]);
		levels_row(f, t, &t->rows[i]);
	}
	fputs("</tbody></table>\n", f);
	kernel_log(f, t);
	legend(f, t);
	fprintf(f, "<p class=\"foot\">aimcmp (aimkit %s)</p>\n</body>\n</html>\n",
		PACKAGE_VERSION);
	/* Stream errors are sticky: one check covers every write above. */
	if (fflush(f) != 0 || ferror(f))
		return -1;
	return 0;
}

const struct cmp_format fmt_format_html = {
	.name = "html", .help = "one self-contained page",
	.counters = 1, .table = fmt_html,
};
