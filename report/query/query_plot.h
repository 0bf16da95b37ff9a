/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Reading the results database for aimplot: the tags with the date of
 * their first run, and for one tag the per-run and per-sample rates of
 * every clean repetition.  Read-only; the only SQL of the trend plots.
 */
#ifndef AIM_QUERY_PLOT_H
#define AIM_QUERY_PLOT_H

#include <stddef.h>
#include <stdint.h>

#include "measure.h"

struct db;

/* A tag of the database. */
struct qplot_tag_info {
	char *tag;
	char *first_utc;	/* started_utc of its first run */
	int64_t first_id;	/* id of its first run */
};

/*
 * Every tag of the database, by the id of its first run, into *OUT
 * (malloc'd, *N entries); with HOST not NULL only the tags of runs whose
 * run.host it is, first run and date among those.  Returns 0, or -1 after reporting an SQLite
 * error on stderr.
 */
int qplot_tags(struct db *db, const char *host, struct qplot_tag_info **out,
	       size_t *n);
void qplot_tags_free(struct qplot_tag_info *t, size_t n);

struct qplot_run {
	int64_t id;
	char *started_utc;
	char *suite;
	char *host;		/* NULL when unknown (imports) */
	char *boot_id;		/* environment key boot_id, NULL when unknown */
};

/* One repetition of one test with status ok: one process. */
struct qplot_result {
	int number;		/* classic number */
	char *test;
	char *units;
	size_t run;		/* index into the tag's runs */
	enum measure_better better;	/* LOWER: the values are ms per op */
	double rate;		/* per-run rate, ops/s (LOWER: mean time) */
	double peak;		/* its peak rate (stats_run_peak()) */
	double *sample_rates;	/* ops/s of each sample, in seq order */
	size_t n_samples;
	enum measure_judged judged;	/* as stored (derived before v4) */
};

struct qplot_tag {
	char *tag;
	struct qplot_run *runs;		/* by id */
	size_t n_runs;
	struct qplot_result *results;	/* by number, test, run id, rep */
	size_t n_results;
};

/*
 * Load the runs of TAG (with HOST not NULL only those whose run.host it
 * is) and their ok repetitions that have a rate.  The
 * per-run rate is sum(calls) * factor * 1e9 / sum(elapsed_ns) over the
 * run's samples (doc/statistics.md); samples imported from a printed
 * report give their printed rate (several: weighted by elapsed time).
 * Returns 0, or -1 after reporting an SQLite error; *OUT then holds
 * nothing.  An unknown tag is not an error: OUT->n_runs is 0.
 */
int qplot_load(struct db *db, const char *tag, const char *host,
	       struct qplot_tag *out);
void qplot_free(struct qplot_tag *t);

#endif
