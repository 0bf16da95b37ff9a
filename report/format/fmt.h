/*
 * Output formats of a comparison.  Each format only prints what compare.c
 * computed, so text, CSV, JSON, Markdown and HTML always agree to the
 * digit.
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
	FMT_HTML,
	FMT_LINES,	/* the classic line form, one line per test */
	FMT_JUNIT,	/* JUnit XML: a test case per test and NEW side */
	FMT_TAP,	/* KTAP: a test point per test */
};

/* What the text table may do (fmt_table()). */
enum fmt_flags {
	FMT_WIDE = 1 << 0,	/* no wrapping; interval and mdc columns */
	FMT_LEGEND = 1 << 1,	/* the long legend instead of one line */
};

/* Columns the text table keeps to unless FMT_WIDE. */
#define FMT_TABLE_COLUMNS 100

/*
 * "text", "lines", "csv", "json", "markdown" (or "md"), "html", "junit",
 * "tap".  0, or
 * -1 when unknown.
 */
int fmt_parse(const char *name, enum fmt_kind *out);

/*
 * Write T to F.  Returns 0, or -1 when writing failed (errno set by the
 * stream).  The writers below are the same per format.
 */
int fmt_write(FILE *f, enum fmt_kind kind, const struct cmp_table *t);
/* The aligned table (fmt_table() with no flags). */
int fmt_text(FILE *f, const struct cmp_table *t);
/* The aligned table, with FLAGS of enum fmt_flags. */
int fmt_table(FILE *f, const struct cmp_table *t, unsigned flags);
/* The classic line form: "3 add_long 4019704.43 4374384.24 ... units". */
int fmt_lines(FILE *f, const struct cmp_table *t);
int fmt_csv(FILE *f, const struct cmp_table *t);
int fmt_json(FILE *f, const struct cmp_table *t);
int fmt_md(FILE *f, const struct cmp_table *t);
/*
 * Markdown free text with a backslash before whatever would make markup
 * (fmt_md.c), and the same as a table cell "| TEXT ".
 */
void fmt_md_escaped(FILE *f, const char *s);
void fmt_md_cell(FILE *f, const char *s);
/* One self-contained page: no script, no fetch, inline CSS and SVG. */
int fmt_html(FILE *f, const struct cmp_table *t);
/* For CI (fmt_ci.c): a regression is a JUnit failure, a TAP "not ok". */
int fmt_junit(FILE *f, const struct cmp_table *t);
int fmt_tap(FILE *f, const struct cmp_table *t);

/*
 * "# PREFIXTEXT" made printable, cut at spaces into lines of at most
 * WRAP columns (0: one line), continuation lines indented.
 */
void fmt_comment(FILE *f, const char *prefix, const char *text, size_t wrap);
/*
 * The commented header of the text formats: sides, statistics, warnings.
 * Only the statistics lines wrap: a line that holds strings from the
 * data stays one line, so no string can change how many there are.
 */
void fmt_text_header(FILE *f, const struct cmp_table *t, size_t wrap);

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
 * "bare (run 3, 60 samples, kernel 6.8.0, host box)": what side S pools;
 * with repeated samples also its processes, flagged samples and boots.
 * Malloc'd.
 */
char *fmt_side_summary(const struct cmp_table *t, size_t s);
/*
 * The noise of ROW, each side's cv base first: "0.52%/0.61%", "-" for a
 * side below two processes.  Malloc'd.
 */
char *fmt_cv_list(const struct cmp_table *t, const struct cmp_row *row);
/* 1 when some NEW side of ROW has a delta against the base. */
int fmt_comparable(const struct cmp_table *t, const struct cmp_row *row);
/* "8.82%": the percentage of D, or "-" when there is none.  FMT_NUM_MAX. */
char *fmt_pct(const struct cmp_delta *d, char *buf, size_t len);
/* The verdict of D, or "-" when there is none. */
const char *fmt_verdict(const struct cmp_delta *d);
/* "[-5.50%,-3.14%]": the interval of NEW/BASE - 1, or "-". */
char *fmt_interval(const struct cmp_delta *d, char *buf, size_t len);
/* "1.73%": the minimum detectable change of D, or "-". */
char *fmt_mdc(const struct cmp_delta *d, char *buf, size_t len);
/*
 * Line I (from 0) of the header's statistics, without a comment marker,
 * or NULL past the last; only for tables with repeated samples.
 * Malloc'd.
 */
char *fmt_stats_header(const struct cmp_table *t, size_t i);
/*
 * "bare: one boot only: between-boot variance unknown" for side S of a
 * table with repeated samples, or NULL when S has two boots or more.
 * Malloc'd.
 */
char *fmt_boot_warning(const struct cmp_table *t, size_t s);
/*
 * Line I (from 0) of the legend that explains the columns of a table
 * with repeated samples, without a comment marker, or NULL past the
 * last.  Malloc'd.
 */
char *fmt_legend(const struct cmp_table *t, size_t i);

/*
 * aimcmp --counters (fmt_counters.c).  The value of metric V per call,
 * "-" when the side holds none.  FMT_NUM_MAX.
 */
char *fmt_per_call(const struct cmp_counter_value *v, char *buf, size_t len);
/* The metric's name, from the table of lib/core/measure.c. */
const char *fmt_counter_name(const struct cmp_counter *c);
/* "switches/call": its unit per call.  Malloc'd. */
char *fmt_counter_units(const struct cmp_counter *c);
/* The counters of ROW in the line form: "+ N test metric base new ...". */
void fmt_counter_lines(FILE *f, const struct cmp_table *t,
		       const struct cmp_row *row);

#endif
