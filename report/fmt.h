/*
 * Output formats of a comparison.  Each format only prints what compare.c
 * computed, so text, CSV, JSON and Markdown always agree to the digit.
 */
#ifndef AIM_FMT_H
#define AIM_FMT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "compare.h"

enum fmt_kind {
	FMT_TEXT,
	FMT_CSV,
	FMT_JSON,
	FMT_MD,
};

/* "text", "csv", "json", "markdown" (or "md").  0, or -1 when unknown. */
int fmt_parse(const char *name, enum fmt_kind *out);

/*
 * Write T to F.  Returns 0, or -1 when writing failed (errno set by the
 * stream).  The writers below are the same per format.
 */
int fmt_write(FILE *f, enum fmt_kind kind, const struct cmp_table *t);
int fmt_text(FILE *f, const struct cmp_table *t);
int fmt_csv(FILE *f, const struct cmp_table *t);
int fmt_json(FILE *f, const struct cmp_table *t);
int fmt_md(FILE *f, const struct cmp_table *t);

/* Helpers shared by the formats.  BUF needs FMT_NUM_MAX bytes. */
#define FMT_NUM_MAX 40

/* Cents as a decimal with two places: 35467981 -> "354679.81". */
char *fmt_cents(int64_t cents, char *buf, size_t len);
/* The rate as printed, or the word for a missing or failed value. */
char *fmt_value(const struct cmp_value *v, char *buf, size_t len);
/* "missing", the failed status, or "ok". */
const char *fmt_status(const struct cmp_value *v);
/* "%.2f" of X, or "-" when X is not a number. */
char *fmt_2f(double x, char *buf, size_t len);
/* "base", "new", or "new 2" in N-way comparisons. */
char *fmt_side_name(const struct cmp_table *t, size_t s, char *buf,
		    size_t len);
/*
 * "bare (run 3, 60 samples, kernel 6.8.0, host box)": what side S pools.
 * Malloc'd.
 */
char *fmt_side_summary(const struct cmp_table *t, size_t s);
/*
 * The noise of ROW, each side's cv base first: "0.52%/0.61%", "-" for a
 * side below two samples.  Malloc'd.
 */
char *fmt_cv_list(const struct cmp_table *t, const struct cmp_row *row);
/* The legend of the noise columns, without a comment marker. */
extern const char fmt_cv_legend[];

#endif
