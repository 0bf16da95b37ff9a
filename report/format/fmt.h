/* SPDX-License-Identifier: GPL-2.0-or-later */
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

/* What the text table may do (fmt_table's flags). */
enum fmt_flags {
	FMT_WIDE = 1 << 0,	/* no wrapping; interval and mdc columns */
	FMT_LEGEND = 1 << 1,	/* the long legend instead of one line */
};

/* Columns the text table keeps to unless FMT_WIDE. */
#define FMT_TABLE_COLUMNS 100

/* What aimcmp prints: the modes a format may serve. */
enum fmt_mode {
	FMT_MODE_TABLE = 1 << 0,	/* BASE NEW...: the comparison */
	FMT_MODE_SCALING = 1 << 1,	/* --scaling */
	FMT_MODE_LATENCY = 1 << 2,	/* --latency */
	FMT_MODE_SERIES = 1 << 3,	/* --series */
	FMT_MODE_COUNTERS = 1 << 4,	/* --counters, beside the comparison */
};

struct lat_table;
struct series_db;

/*
 * An output format: its name, and a writer for each mode it serves (NULL
 * for the others); each returns 0, or -1 when writing failed (errno set
 * by the stream).  Each format's file defines its descriptor, and
 * fmt_formats[] (formats.c) lists them: option parsing, --help, the
 * matrix of formats and modes (aimcmp_opts.c), --format help and the
 * bash completion all read that one table (HACKING.md, "Adding a
 * format").
 */
struct cmp_format {
	const char *name;
	const char *alias;	/* another name it answers to, or NULL */
	const char *help;	/* what it is, a few words for --help */
	int stderr_warnings;	/* no room for the header: warnings on stderr */
	int counters;		/* its comparison shows --counters */
	int (*table)(FILE *f, const struct cmp_table *t, unsigned flags);
	int (*scaling)(FILE *f, const struct query_tag *sides, size_t n);
	int (*latency)(FILE *f, const struct lat_table *t);
	int (*series)(FILE *f, const struct series_db *sd);
};

/* Every format, in the order --help lists them; NULL-terminated. */
extern const struct cmp_format *const fmt_formats[];
/* The default: the aligned table (fmt_table.c). */
extern const struct cmp_format fmt_format_text;

/* The format NAME names (or its alias), or NULL. */
const struct cmp_format *fmt_find(const char *name);
/* The modes F serves (enum fmt_mode). */
unsigned fmt_modes(const struct cmp_format *f);
/* "text, csv and json": the formats that serve every mode of MODES. */
char *fmt_names(unsigned modes);
/* --format help: each format, one a line, with the modes it serves. */
int fmt_list(FILE *f);

/*
 * Markdown free text with a backslash before whatever would make markup
 * (fmt_md.c), and the same as a table cell "| TEXT ".
 */
void fmt_md_escaped(FILE *f, const char *s);
void fmt_md_cell(FILE *f, const char *s);
/*
 * 1 with *WHY (malloc'd) when T does not answer the question a CI gate
 * asks of it: no test compared, or a test missing, failed or without a
 * usable process on a NEW side (a JUnit error, a TAP "not ok"); else 0
 * with *WHY NULL.
 */
int fmt_ci_incomplete(const struct cmp_table *t, char **why);

/*
 * "# PREFIXTEXT" made printable, cut at spaces into lines of at most
 * WRAP columns (0: one line), continuation lines indented.
 */
void fmt_comment(FILE *f, const char *prefix, const char *text, size_t wrap);
/*
 * The commented header of the text formats: sides, statistics, warnings,
 * each cut into lines of at most WRAP columns (0: one line each); a
 * continuation line starts "#   ", so text from the data, which may
 * hold spaces, can only lengthen a comment, never start a line of its
 * own.
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
/*
 * "[-5.6,-3.1]": the same in percent to one decimal, rounded outward so
 * that it holds every value the full form holds, or "-"; an upper end
 * above FMT_SHORT_TOP % is ">+999".
 */
#define FMT_SHORT_TOP 999
char *fmt_interval_short(const struct cmp_delta *d, char *buf, size_t len);
/* The same of the ratios LO and HI (NEW/BASE). */
char *fmt_ratio_interval_short(double lo, double hi, char *buf, size_t len);
/* "5.95%": the change of the classic mean centres of D, or "-". */
char *fmt_mean_pct(const struct cmp_delta *d, char *buf, size_t len);
/* "1.73%": the minimum detectable change of D, or "-". */
char *fmt_mdc(const struct cmp_delta *d, char *buf, size_t len);
/*
 * Line I (from 0) of the header's statistics, without a comment marker,
 * or NULL past the last; only for tables with repeated samples.
 * Malloc'd.
 */
char *fmt_stats_header(const struct cmp_table *t, size_t i);
/*
 * Warning I (from 0) of T, or NULL past the last (compare_warn.c made
 * them all): the same lines in every format, text, CSV (on stderr),
 * JSON, Markdown, HTML, JUnit and TAP.  Malloc'd.
 */
char *fmt_warning(const struct cmp_table *t, size_t i);
/*
 * Line I (from 0) of the legend that explains the columns of a table
 * with repeated samples, without a comment marker, or NULL past the
 * last.  Malloc'd.
 */
char *fmt_legend(const struct cmp_table *t, size_t i);

/*
 * aimcmp --counters and --monitors (fmt_counters.c).  The value of
 * metric V per call, "-" when the side holds none.  FMT_NUM_MAX.
 */
char *fmt_per_call(const struct cmp_counter_value *v, char *buf, size_t len);
/*
 * The metric's name, from the table of lib/core/measure.c, or the
 * monitor's ("vmstat.pgfault"); its unit ("switches", the monitor
 * source's) and which way is better (a monitor: lower, a cost).
 */
const char *fmt_counter_name(const struct cmp_counter *c);
const char *fmt_counter_unit(const struct cmp_counter *c);
enum measure_better fmt_counter_better(const struct cmp_counter *c);
/* "switches/call": its unit per call.  Malloc'd. */
char *fmt_counter_units(const struct cmp_counter *c);
/* The counters of ROW in the line form: "+ N test metric base new ...". */
void fmt_counter_lines(FILE *f, const struct cmp_table *t,
		       const struct cmp_row *row);

#endif
