/*
 * The CSV comparison: one record per test and NEW side (tidy form), so the
 * columns stay the same however many tags are compared.  Empty fields are
 * values that do not exist (missing tests, a single sample's noise).
 */
#include "config.h"

#include "fmt.h"

#include <math.h>

#include "csvout.h"

static const char *const columns[] = {
	"number",      "test",	      "units",	     "base_tag",
	"new_tag",     "base_status", "new_status",  "base",
	"new",	       "delta",	      "pct",	     "base_samples",
	"new_samples", "base_cv_pct", "new_cv_pct",
};

static void
rate_field(FILE *f, const struct cmp_value *v)
{
	char buf[FMT_NUM_MAX];

	csvout_field(f, 0, v->state == CMP_OK ?
			   fmt_cents(v->rate_c, buf, sizeof(buf)) : NULL);
}

static void
cv_field(FILE *f, const struct cmp_value *v)
{
	char buf[FMT_NUM_MAX];

	csvout_field(f, 0, isnan(v->cv_pct) ? NULL :
			   fmt_2f(v->cv_pct, buf, sizeof(buf)));
}

static void
print_record(FILE *f, const struct cmp_table *t, const struct cmp_row *row,
	     size_t s)
{
	const struct cmp_value *b = &row->v[0], *n = &row->v[s];
	const struct cmp_delta *d = &row->d[s - 1];
	char buf[FMT_NUM_MAX];

	csvout_fieldf(f, 1, "%d", row->number);
	csvout_field(f, 0, row->test);
	csvout_field(f, 0, row->units);
	csvout_field(f, 0, t->sides[0].tag);
	csvout_field(f, 0, t->sides[s].tag);
	csvout_field(f, 0, fmt_status(b));
	csvout_field(f, 0, fmt_status(n));
	rate_field(f, b);
	rate_field(f, n);
	csvout_field(f, 0, d->valid ? fmt_cents(d->delta_c, buf, sizeof(buf))
				    : NULL);
	csvout_field(f, 0, d->valid && !isnan(d->pct) ?
			   fmt_2f(d->pct, buf, sizeof(buf)) : NULL);
	csvout_fieldf(f, 0, "%zu", b->n_samples);
	csvout_fieldf(f, 0, "%zu", n->n_samples);
	cv_field(f, b);
	cv_field(f, n);
	csvout_end(f);
}

int
fmt_csv(FILE *f, const struct cmp_table *t)
{
	for (size_t i = 0; i < sizeof(columns) / sizeof(columns[0]); i++)
		csvout_field(f, i == 0, columns[i]);
	csvout_end(f);
	for (size_t i = 0; i < t->n_rows; i++)
		for (size_t s = 1; s < t->n_sides; s++)
			print_record(f, t, &t->rows[i], s);
	/* Stream errors are sticky: one check covers every write above. */
	if (fflush(f) != 0 || ferror(f))
		return -1;
	return 0;
}
