// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimcmp --latency in each format.  Text: the compact line of each side
 * (lib/core/hist.h), then per side after the first the p50 and p99 shifts;
 * CSV, JSON and Markdown: one record (row) per test and side with the
 * same figures.  Tags and test names are data: tag_fput(), the CSV and
 * JSON writers and Markdown's escaping take them.
 */
#include "config.h"

#include "compare_latency.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "csvout.h"
#include "fmt.h"
#include "jsonout.h"
#include "tag.h"
#include "xalloc.h"

/* "slower" when the whole interval is above 0, "faster" below. */
static const char *
shift_word(const struct stats_shift *d)
{
	if (d->lo > 0)
		return "slower";
	return d->hi < 0 ? "faster" : "no shift shown";
}

static void
text_shift(FILE *f, const struct lat_table *t, const struct lat_side *b,
	   const struct lat_side *v, size_t s, int p99)
{
	const struct stats_shift *d = p99 ? &v->d99 : &v->d50;
	double base = (double)(p99 ? b->sum.p99 : b->sum.p50);

	fprintf(f, "  %s ", p99 ? "p99" : "p50");
	tag_fput(f, t->tags[s], 0);
	fputs(" vs ", f);
	tag_fput(f, t->tags[0], 0);
	if (!v->shifted) {
		fputs(": - (fewer than 2 samples with histograms a side)\n", f);
		return;
	}
	fprintf(f, ": %+.0f ns", d->est);
	if (base > 0)
		fprintf(f, " (%+.1f %%)", 100 * d->est / base);
	if (isinf(d->lo))
		fprintf(f, ", interval unbounded (too few samples): %s\n",
			shift_word(d));
	else
		fprintf(f, ", %.0f %% interval [%+.0f, %+.0f]: %s\n",
			100 * (1 - t->alpha), d->lo, d->hi, shift_word(d));
}

static void
text_row(FILE *f, const struct lat_table *t, const struct lat_row *row)
{
	for (size_t s = 0; s < t->n_sides; s++) {
		const struct lat_side *v = &row->sides[s];
		char *name = xasprintf("%s (%s)", row->test, t->tags[s]);
		char line[768];

		if (v->have && hist_format_line(name, &v->sum, line,
						sizeof(line)) > 0)
			tag_fput(f, line, 0);
		else {
			tag_fput(f, name, 0);
			fputs(": no call timed per call", f);
		}
		fputc('\n', f);
		free(name);
	}
	for (size_t s = 1; s < t->n_sides; s++)
		for (int p99 = 0; p99 <= 1; p99++)
			text_shift(f, t, &row->sides[0], &row->sides[s], s, p99);
}

static const char *const columns[] = {
	"number", "test", "tag", "calls", "avg_ns", "min_ns", "p50_ns",
	"p90_ns", "p99_ns", "p999_ns", "max_ns", "cut", "tsc_per_call",
	"cycles_per_call", "p50_shift_ns", "p50_lo_ns", "p50_hi_ns",
	"p99_shift_ns", "p99_lo_ns", "p99_hi_ns",
};
#define N_COLUMNS (sizeof(columns) / sizeof(columns[0]))

/* The figures of a side as text, "" where there is none. */
static void
figures(const struct lat_side *v, int shifted, char out[][FMT_NUM_MAX])
{
	const struct hist_summary *m = &v->sum;
	const double x[] = {
		(double)m->calls, m->mean, (double)m->min, (double)m->p50,
		(double)m->p90, (double)m->p99, (double)m->p999,
		(double)m->max, (double)m->cut, m->ticks, m->cycles,
		v->d50.est, v->d50.lo, v->d50.hi, v->d99.est, v->d99.lo,
		v->d99.hi,
	};

	for (size_t i = 0; i < N_COLUMNS - 3; i++) {
		int known = v->have && isfinite(x[i]) &&
			    (i < 9 || i > 10 || x[i] >= 0) &&
			    (i < 11 || shifted);

		out[i][0] = '\0';
		if (known)
			snprintf(out[i], FMT_NUM_MAX, "%.0f", x[i]);
	}
}

static void
csv_write(FILE *f, const struct lat_table *t)
{
	char num[N_COLUMNS][FMT_NUM_MAX];

	for (size_t c = 0; c < N_COLUMNS; c++)
		csvout_field(f, c == 0, columns[c]);
	csvout_end(f);
	for (size_t i = 0; i < t->n_rows; i++)
		for (size_t s = 0; s < t->n_sides; s++) {
			const struct lat_row *row = &t->rows[i];

			figures(&row->sides[s], row->sides[s].shifted, num);
			csvout_fieldf(f, 1, "%d", row->number);
			csvout_field(f, 0, row->test);
			csvout_field(f, 0, t->tags[s]);
			for (size_t c = 0; c < N_COLUMNS - 3; c++)
				csvout_field(f, 0, num[c]);
			csvout_end(f);
		}
}

static struct json_object *
json_side(const struct lat_table *t, const struct lat_row *row, size_t s)
{
	char num[N_COLUMNS][FMT_NUM_MAX];
	struct json_object *o = jsonout_object();

	figures(&row->sides[s], row->sides[s].shifted, num);
	jsonout_put(o, "tag", jsonout_string(t->tags[s]));
	for (size_t c = 3; c < N_COLUMNS; c++)
		jsonout_put(o, columns[c], num[c - 3][0] == '\0' ? NULL :
			    jsonout_number(strtod(num[c - 3], NULL),
					   num[c - 3]));
	return o;
}

static int
json_write(FILE *f, const struct lat_table *t)
{
	struct json_object *doc = jsonout_object(), *rows = jsonout_array();

	jsonout_put(doc, "confidence", jsonout_double(1 - t->alpha));
	jsonout_put(doc, "method", jsonout_string("hodges-lehmann shift of per-sample quantiles, moses interval"));
	for (size_t i = 0; i < t->n_rows; i++) {
		struct json_object *r = jsonout_object(), *sides = jsonout_array();

		jsonout_put(r, "number", jsonout_int(t->rows[i].number));
		jsonout_put(r, "test", jsonout_string(t->rows[i].test));
		for (size_t s = 0; s < t->n_sides; s++)
			jsonout_push(sides, json_side(t, &t->rows[i], s));
		jsonout_put(r, "sides", sides);
		jsonout_push(rows, r);
	}
	jsonout_put(doc, "latency", rows);
	return jsonout_print(f, doc);	/* frees DOC */
}

/* A Markdown cell of data: shown, never rendered. */
static void
md_cell(FILE *f, const char *s)
{
	fputs("| ", f);
	fmt_md_escaped(f, s);
	putc(' ', f);
}

static void
md_write(FILE *f, const struct lat_table *t)
{
	char num[N_COLUMNS][FMT_NUM_MAX];

	for (size_t c = 0; c < N_COLUMNS; c++)
		fprintf(f, "| %s ", columns[c]);
	fputs("|\n", f);
	for (size_t c = 0; c < N_COLUMNS; c++)
		fputs(c < 3 ? "|---" : "|---:", f);
	fputs("|\n", f);
	for (size_t i = 0; i < t->n_rows; i++)
		for (size_t s = 0; s < t->n_sides; s++) {
			const struct lat_row *row = &t->rows[i];

			figures(&row->sides[s], row->sides[s].shifted, num);
			fprintf(f, "| %d ", row->number);
			md_cell(f, row->test);
			md_cell(f, t->tags[s]);
			for (size_t c = 0; c < N_COLUMNS - 3; c++)
				fprintf(f, "| %s ", num[c][0] ? num[c] : "-");
			fputs("|\n", f);
		}
}

int
lat_text(FILE *f, const struct lat_table *t)
{
	for (size_t i = 0; i < t->n_rows; i++)
		text_row(f, t, &t->rows[i]);
	if (t->n_rows == 0)
		fputs("no test of these tags was timed per call (aimrun --latency)\n", f);
	return ferror(f) ? -1 : 0;
}

int
lat_csv(FILE *f, const struct lat_table *t)
{
	csv_write(f, t);
	return ferror(f) ? -1 : 0;
}

int
lat_json(FILE *f, const struct lat_table *t)
{
	return json_write(f, t) < 0 || ferror(f) ? -1 : 0;
}

int
lat_md(FILE *f, const struct lat_table *t)
{
	md_write(f, t);
	return ferror(f) ? -1 : 0;
}
