// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The line form of the comparison (--format lines): one line per test,
 * fields separated by single spaces, in the form kernel developers paste
 * into mail; and the commented header every text output starts with.  With single
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
#include <string.h>

#include "compare_latency.h"
#include "tag.h"
#include "xalloc.h"

/*
 * The end of the next line of S (LEN bytes left) within WIDTH bytes:
 * the last space before it, else the first after, so that a cut never
 * falls inside a character.
 */
static size_t
cut_at(const char *s, size_t len, size_t width)
{
	size_t k;

	if (len <= width)
		return len;
	for (k = width; k > 0 && s[k] != ' '; k--)
		;
	if (k > 0)
		return k;
	for (k = width; k < len && s[k] != ' '; k++)
		;
	return k;
}

void
fmt_comment(FILE *f, const char *prefix, const char *text, size_t wrap)
{
	char *all = xasprintf("%s%s", prefix, text);
	const char *p;
	size_t len, k;

	tag_printable(all);
	len = strlen(all);
	for (p = all; ; p += k + 1, len -= k + 1) {
		k = wrap > 4 ? cut_at(p, len, wrap - (p == all ? 2 : 4)) : len;
		fprintf(f, "%s%.*s\n", p == all ? "# " : "#   ", (int)k, p);
		if (k >= len)
			break;
	}
	free(all);
}

/* Each line of a malloc'd line source, as a comment. */
static void
print_lines(FILE *f, const struct cmp_table *t,
	    char *(*line)(const struct cmp_table *, size_t), size_t wrap)
{
	char *l;

	for (size_t i = 0; (l = line(t, i)) != NULL; i++) {
		fmt_comment(f, "", l, wrap);
		free(l);
	}
}

void
fmt_text_header(FILE *f, const struct cmp_table *t, size_t wrap)
{
	char name[FMT_NUM_MAX + 2], *w;

	for (size_t s = 0; s < t->n_sides; s++) {
		char *sum = fmt_side_summary(t, s);

		fmt_side_name(t, s, name, FMT_NUM_MAX);
		fmt_comment(f, strcat(name, ": "), sum, wrap);
		free(sum);
	}
	print_lines(f, t, fmt_stats_header, wrap);
	for (size_t i = 0; (w = fmt_warning(t, i)) != NULL; i++) {
		fmt_comment(f, "warning: ", w, wrap);
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

/*
 * "# 3 add_long: classic 3058402.19 3103033.81 44631.62 1.46%": for a
 * peak-judged row of repeated samples, whose printed rates are peaks,
 * the classic mean rates and change, as a comment a script or an import
 * of the lines passes over.
 */
static void
print_classic(FILE *f, const struct cmp_table *t, const struct cmp_row *row)
{
	char buf[FMT_NUM_MAX];

	if (!t->repeated || row->basis != STATS_BASIS_PEAK ||
	    !fmt_comparable(t, row))
		return;
	fprintf(f, "# %d ", row->number);
	tag_fput(f, row->test, 0);
	fprintf(f, ": classic %s", row->v[0].state == CMP_OK ?
		fmt_cents(row->v[0].mean_c, buf, sizeof(buf)) : "-");
	for (size_t s = 1; s < t->n_sides; s++) {
		const struct cmp_delta *d = &row->d[s - 1];

		fprintf(f, " %s", row->v[s].state == CMP_OK ?
			fmt_cents(row->v[s].mean_c, buf, sizeof(buf)) : "-");
		fprintf(f, " %s", d->valid ? fmt_cents(d->mean_delta_c, buf,
						       sizeof(buf)) : "-");
		fprintf(f, " %s", fmt_mean_pct(d, buf, sizeof(buf)));
	}
	fputc('\n', f);
}

/* "# 28 fun_cal: two levels: ...", a comment a script passes over. */
static void
print_levels(FILE *f, const struct cmp_table *t, const struct cmp_row *row)
{
	char *l = compare_levels_row(t, row), *line;

	if (l == NULL)
		return;
	line = xasprintf("%d %s: %s", row->number, row->test, l);
	fmt_comment(f, "", line, 0);
	free(line);
	free(l);
}

static int
fmt_lines(FILE *f, const struct cmp_table *t, unsigned flags)
{
	(void)flags;	/* the text table's */
	fmt_text_header(f, t, 0);
	for (size_t i = 0; i < t->n_rows; i++) {
		print_row(f, t, &t->rows[i]);
		print_classic(f, t, &t->rows[i]);
		fmt_counter_lines(f, t, &t->rows[i]);
		print_levels(f, t, &t->rows[i]);
	}
	if (t->repeated)
		print_lines(f, t, fmt_legend, 0);
	/* Stream errors are sticky: one check covers every write above. */
	if (fflush(f) != 0 || ferror(f))
		return -1;
	return 0;
}

const struct cmp_format fmt_format_lines = {
	.name = "lines", .help = "the classic line form, one line per test",
	.counters = 1, .table = fmt_lines, .latency = lat_text,
};
