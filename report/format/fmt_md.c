// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The Markdown comparison: the header as a list and the rows as a GitHub
 * table, ready for a pull request or an issue, with the same noise,
 * verdict and interval columns as the text.  Free text is escaped
 * (escaped() below): a tag is shown, never rendered.
 */
#include "config.h"

#include "fmt.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_latency.h"
#include "compare_scaling.h"
#include "tag.h"
#include "xalloc.h"

/* Escaped with a backslash wherever they appear in free text. */
#define MD_SPECIAL "\\|`*_[]<>&~"

static int
alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/*
 * Whether C at P (in S) needs its backslash.  Two harmless cases stay
 * bare so that test names and units read as before: '_' inside a word
 * (CommonMark never takes it for emphasis there) and '&' that cannot
 * begin a character reference.
 */
static int
special(const char *s, const char *p)
{
	if (strchr(MD_SPECIAL, *p) == NULL)
		return 0;
	if (*p == '_')
		return !(p > s && alnum(p[-1]) && alnum(p[1]));
	if (*p == '&')
		return alnum(p[1]) || p[1] == '#';
	return 1;
}

/*
 * Free text in a cell or a list item: a backslash before every character
 * Markdown or HTML acts on, so that no tag, test name or reason makes
 * markup, code, a link or a new column; control characters (a newline
 * would end the row) and bytes that are not UTF-8 become '?'.
 */
static void
escaped(FILE *f, const char *s)
{
	char *copy = xstrdup(s);

	tag_printable(copy);
	for (const char *p = copy; *p != '\0'; p++) {
		if (special(copy, p))
			putc('\\', f);
		putc(*p, f);
	}
	free(copy);
}

static void
cell(FILE *f, const char *s)
{
	fputs("| ", f);
	escaped(f, s);
	putc(' ', f);
}

/* Each line of a malloc'd line source as a list item. */
static void
print_lines(FILE *f, const struct cmp_table *t,
	    char *(*line)(const struct cmp_table *, size_t))
{
	char *l;

	for (size_t i = 0; (l = line(t, i)) != NULL; i++) {
		fputs("- ", f);
		escaped(f, l);
		putc('\n', f);
		free(l);
	}
}

static void
warning(FILE *f, const char *w)
{
	fputs("- **warning**: ", f);
	escaped(f, w);
	putc('\n', f);
}

static void
print_header(FILE *f, const struct cmp_table *t)
{
	char name[FMT_NUM_MAX], *w;

	for (size_t s = 0; s < t->n_sides; s++) {
		char *sum = fmt_side_summary(t, s);

		fprintf(f, "- %s: ", fmt_side_name(t, s, name, sizeof(name)));
		escaped(f, sum);
		free(sum);
		putc('\n', f);
	}
	print_lines(f, t, fmt_stats_header);
	for (size_t i = 0; (w = fmt_warning(t, i)) != NULL; i++) {
		warning(f, w);
		free(w);
	}
	putc('\n', f);
}

/*
 * The heading WORD of NEW side S's column: with several NEW sides each
 * names its tag ("quicklist delta"), so a group read alone says whose.
 */
static void
side_cell(FILE *f, const struct cmp_table *t, size_t s, const char *word)
{
	char *head;

	if (t->n_sides <= 2) {
		cell(f, word);
		return;
	}
	head = xasprintf("%s %s", t->sides[s].tag, word);
	cell(f, head);
	free(head);
}

static void
print_columns(FILE *f, const struct cmp_table *t)
{
	cell(f, "number");
	cell(f, "test");
	cell(f, t->sides[0].tag);
	for (size_t s = 1; s < t->n_sides; s++) {
		cell(f, t->sides[s].tag);
		side_cell(f, t, s, "delta");
		side_cell(f, t, s, "%");
	}
	if (t->repeated) {
		cell(f, "rate");
		cell(f, "cv");
		for (size_t s = 1; s < t->n_sides; s++) {
			side_cell(f, t, s, "verdict");
			side_cell(f, t, s, "interval");
			side_cell(f, t, s, "mdc");
		}
	}
	cell(f, "units");
	fputs("|\n| ---: | :--- | ---: ", f);
	for (size_t s = 1; s < t->n_sides; s++)
		fputs("| ---: | ---: | ---: ", f);
	if (t->repeated) {
		fputs("| :--- | ---: ", f);
		for (size_t s = 1; s < t->n_sides; s++)
			fputs("| :--- | ---: | ---: ", f);
	}
	fputs("| :--- |\n", f);
}

/* Verdict, interval and mdc of each NEW side's delta of D. */
static void
verdict_cells(FILE *f, const struct cmp_table *t, const struct cmp_delta *d)
{
	char buf[2 * FMT_NUM_MAX];

	for (size_t s = 1; s < t->n_sides; s++) {
		cell(f, fmt_verdict(&d[s - 1]));
		/* Ours, not free text: "[-1.45%,+0.72%]" is no link. */
		fprintf(f, "| %s ", fmt_interval(&d[s - 1], buf, sizeof(buf)));
		cell(f, fmt_mdc(&d[s - 1], buf, sizeof(buf)));
	}
}

static void
stats_cells(FILE *f, const struct cmp_table *t, const struct cmp_row *row)
{
	char *cv = fmt_cv_list(t, row);

	cell(f, stats_basis_name(row->basis));
	cell(f, cv);
	free(cv);
	verdict_cells(f, t, row->d);
}

static void
print_row(FILE *f, const struct cmp_table *t, const struct cmp_row *row)
{
	char buf[FMT_NUM_MAX];

	fprintf(f, "| %d ", row->number);
	cell(f, row->test);
	cell(f, fmt_value(&row->v[0], buf, sizeof(buf)));
	for (size_t s = 1; s < t->n_sides; s++) {
		const struct cmp_delta *d = &row->d[s - 1];

		cell(f, fmt_value(&row->v[s], buf, sizeof(buf)));
		cell(f, d->valid ? fmt_cents(d->delta_c, buf, sizeof(buf))
				 : "-");
		if (d->valid && !isnan(d->pct))
			fprintf(f, "| %s%% ", fmt_2f(d->pct, buf, sizeof(buf)));
		else
			cell(f, "-");
	}
	if (t->repeated)
		stats_cells(f, t, row);
	cell(f, row->units);
	fputs("|\n", f);
}

/* --counters: a sub-row per metric, in the columns of the test's row. */
static void
counter_rows(FILE *f, const struct cmp_table *t, const struct cmp_row *row)
{
	char buf[2 * FMT_NUM_MAX];

	for (size_t k = 0; k < row->n_counters; k++) {
		const struct cmp_counter *c = &row->counters[k];
		char *units = fmt_counter_units(c);

		fputs("| ", f);
		cell(f, fmt_counter_name(c));
		cell(f, fmt_per_call(&c->v[0], buf, sizeof(buf)));
		for (size_t s = 1; s < t->n_sides; s++) {
			cell(f, fmt_per_call(&c->v[s], buf, sizeof(buf)));
			cell(f, "");
			fprintf(f, "| %s ", fmt_pct(&c->d[s - 1], buf,
						    sizeof(buf)));
		}
		if (t->repeated) {
			fputs("|  |  ", f);
			verdict_cells(f, t, c->d);
		}
		cell(f, units);
		fputs("|\n", f);
		free(units);
	}
}

/* Two levels: a row under its test, the text in the base's column. */
static void
levels_row(FILE *f, const struct cmp_table *t, const struct cmp_row *row)
{
	char *text = compare_levels_row(t, row);

	if (text == NULL)
		return;
	fputs("| ", f);
	cell(f, "levels");
	cell(f, text);
	fputs("|\n", f);
	free(text);
}

static int
fmt_md(FILE *f, const struct cmp_table *t, unsigned flags)
{
	(void)flags;	/* the text table's */
	print_header(f, t);
	print_columns(f, t);
	for (size_t i = 0; i < t->n_rows; i++) {
		print_row(f, t, &t->rows[i]);
		counter_rows(f, t, &t->rows[i]);
		levels_row(f, t, &t->rows[i]);
	}
	if (t->repeated) {
		putc('\n', f);
		print_lines(f, t, fmt_legend);
	}
	/* Stream errors are sticky: one check covers every write above. */
	if (fflush(f) != 0 || ferror(f))
		return -1;
	return 0;
}

void
fmt_md_escaped(FILE *f, const char *s)
{
	escaped(f, s);
}

void
fmt_md_cell(FILE *f, const char *s)
{
	cell(f, s);
}

const struct cmp_format fmt_format_md = {
	.name = "markdown", .alias = "md", .help = "a Markdown table",
	.counters = 1, .table = fmt_md, .scaling = scaling_md,
	.latency = lat_md,
};
