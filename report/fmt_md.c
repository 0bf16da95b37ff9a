/*
 * The Markdown comparison: the header as a list and the rows as a GitHub
 * table, ready for a pull request or an issue.  Cells escape the pipe,
 * the one character that would break a table row.
 */
#include "config.h"

#include "fmt.h"

#include <math.h>
#include <stdlib.h>

static void
escaped(FILE *f, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '|' || *s == '\\')
			putc('\\', f);
		putc(*s, f);
	}
}

static void
cell(FILE *f, const char *s)
{
	fputs("| ", f);
	escaped(f, s);
	putc(' ', f);
}

static void
print_header(FILE *f, const struct cmp_table *t)
{
	char name[FMT_NUM_MAX];

	for (size_t s = 0; s < t->n_sides; s++) {
		char *sum = fmt_side_summary(t, s);

		fprintf(f, "- %s: ", fmt_side_name(t, s, name, sizeof(name)));
		escaped(f, sum);
		free(sum);
		putc('\n', f);
	}
	for (size_t i = 0; i < t->n_warnings; i++) {
		fputs("- **warning**: ", f);
		escaped(f, t->warnings[i]);
		putc('\n', f);
	}
	putc('\n', f);
}

static void
print_columns(FILE *f, const struct cmp_table *t)
{
	cell(f, "number");
	cell(f, "test");
	cell(f, t->sides[0].tag);
	for (size_t s = 1; s < t->n_sides; s++) {
		cell(f, t->sides[s].tag);
		cell(f, "delta");
		cell(f, "%");
	}
	if (t->repeated)
		cell(f, "cv");
	cell(f, "units");
	fputs("|\n| ---: | :--- | ---: ", f);
	for (size_t s = 1; s < t->n_sides; s++)
		fputs("| ---: | ---: | ---: ", f);
	if (t->repeated)
		fputs("| ---: ", f);
	fputs("| :--- |\n", f);
}

static void
cv_cell(FILE *f, const struct cmp_table *t, const struct cmp_row *row)
{
	char *cv = fmt_cv_list(t, row);

	cell(f, cv);
	free(cv);
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
		cv_cell(f, t, row);
	cell(f, row->units);
	fputs("|\n", f);
}

int
fmt_md(FILE *f, const struct cmp_table *t)
{
	print_header(f, t);
	print_columns(f, t);
	for (size_t i = 0; i < t->n_rows; i++)
		print_row(f, t, &t->rows[i]);
	if (t->repeated)
		fprintf(f, "\n%s\n", fmt_cv_legend);
	/* Stream errors are sticky: one check covers every write above. */
	if (fflush(f) != 0 || ferror(f))
		return -1;
	return 0;
}
