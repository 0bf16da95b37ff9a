/*
 * The text comparison: one line per test, fields separated by single
 * spaces, in the form kernel developers paste into mail.  With single
 * samples a line is exactly "number name base new delta pct% units";
 * with repeated samples the noise, verdict, interval and detectable
 * change follow the percentage, and a legend explains them.  Tags, test
 * names, units and environment values come from the database, which may
 * come from anywhere: each is printed through tag_fput(), so none can
 * break a line or drive the terminal.
 */
#include "config.h"

#include "fmt.h"

#include <math.h>
#include <stdlib.h>

#include "tag.h"

/* "# PREFIXTEXT" on a line of its own. */
static void
comment(FILE *f, const char *prefix, const char *text)
{
	fprintf(f, "# %s", prefix);
	tag_fput(f, text, 0);
	fputc('\n', f);
}

/* Each line of a malloc'd line source, as a comment. */
static void
print_lines(FILE *f, const struct cmp_table *t,
	    char *(*line)(const struct cmp_table *, size_t))
{
	char *l;

	for (size_t i = 0; (l = line(t, i)) != NULL; i++) {
		comment(f, "", l);
		free(l);
	}
}

static void
print_header(FILE *f, const struct cmp_table *t)
{
	char name[FMT_NUM_MAX];

	for (size_t s = 0; s < t->n_sides; s++) {
		char *sum = fmt_side_summary(t, s);

		fprintf(f, "# %s: ", fmt_side_name(t, s, name, sizeof(name)));
		tag_fput(f, sum, 0);
		fputc('\n', f);
		free(sum);
	}
	print_lines(f, t, fmt_stats_header);
	for (size_t i = 0; i < t->n_warnings; i++)
		comment(f, "warning: ", t->warnings[i]);
	for (size_t s = 0; s < t->n_sides; s++) {
		char *w = fmt_boot_warning(t, s);

		if (w != NULL)
			comment(f, "warning: ", w);
		free(w);
	}
}

/* "8.82%", or "-" when there is no percentage. */
static void
print_pct(FILE *f, const struct cmp_delta *d)
{
	char buf[FMT_NUM_MAX];

	if (d->valid && !isnan(d->pct))
		fprintf(f, " %s%%", fmt_2f(d->pct, buf, sizeof(buf)));
	else
		fputs(" -", f);
}

/*
 * The rate judged and the cv of every side, then each NEW side's
 * verdict, interval and mdc.
 */
static void
print_stats(FILE *f, const struct cmp_table *t, const struct cmp_row *row)
{
	char *cv = fmt_cv_list(t, row);
	char iv[2 * FMT_NUM_MAX], mdc[FMT_NUM_MAX];

	fprintf(f, " %s cv %s", stats_basis_name(row->basis), cv);
	free(cv);
	for (size_t s = 1; s < t->n_sides; s++) {
		const struct cmp_delta *d = &row->d[s - 1];

		fprintf(f, " %s %s mdc %s", fmt_verdict(d),
			fmt_interval(d, iv, sizeof(iv)),
			fmt_mdc(d, mdc, sizeof(mdc)));
	}
}

/*
 * A test with nothing to compare (missing or failed on the base, or on
 * every NEW side) is still shown, as a comment: every other line then
 * holds numbers a script can use.
 */
static void
print_row(FILE *f, const struct cmp_table *t, const struct cmp_row *row)
{
	char buf[FMT_NUM_MAX];

	fprintf(f, "%s%d ", fmt_comparable(t, row) ? "" : "# ", row->number);
	tag_fput(f, row->test, 0);
	fputc(' ', f);
	/* A failed value is the status word the database holds. */
	tag_fput(f, fmt_value(&row->v[0], buf, sizeof(buf)), 0);
	for (size_t s = 1; s < t->n_sides; s++) {
		const struct cmp_delta *d = &row->d[s - 1];

		fputc(' ', f);
		tag_fput(f, fmt_value(&row->v[s], buf, sizeof(buf)), 0);
		fprintf(f, " %s", d->valid ? fmt_cents(d->delta_c, buf,
						       sizeof(buf)) : "-");
		print_pct(f, d);
	}
	if (t->repeated)
		print_stats(f, t, row);
	fputc(' ', f);
	tag_fput(f, row->units, 0);
	fputc('\n', f);
}

int
fmt_text(FILE *f, const struct cmp_table *t)
{
	print_header(f, t);
	for (size_t i = 0; i < t->n_rows; i++)
		print_row(f, t, &t->rows[i]);
	if (t->repeated)
		print_lines(f, t, fmt_legend);
	/* Stream errors are sticky: one check covers every write above. */
	if (fflush(f) != 0 || ferror(f))
		return -1;
	return 0;
}
