/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Change points of a database: pick and order the tags, load them, build
 * the grid and find the significant steps, once for both aimplot (which
 * marks and draws them) and aimcmp --series (which lists them), so the
 * two commands cannot disagree about when a test changed.
 */
#ifndef AIM_SERIES_DB_H
#define AIM_SERIES_DB_H

#include <stddef.h>
#include <stdio.h>

#include "plot.h"
#include "query.h"
#include "query_plot.h"
#include "series.h"
#include "stats.h"
#include "tagorder.h"

struct db;

/* Which tags, in which order, which tests, and how strict. */
struct series_db_opts {
	enum tagorder_mode order;
	struct stats_opts stats;	/* --alpha, --equivalence */
	const struct plot_want *want;	/* --tests; none: every test found */
	size_t n_want;
	char *const *tags;		/* none: every tag of the database */
	size_t n_tags;
	const char *host;		/* --host: only runs of that machine */
	int force;			/* --force: judge what the gate refuses */
};

struct series_db {
	enum tagorder_mode order;
	struct qplot_tag *tags;		/* loaded, in series order */
	size_t n_tags;
	struct plot_model model;	/* tests by tags */
	struct series_test *tests;	/* model.n_tests, borrowing the model */
	struct series steps;
	struct query_tag *envs;		/* n_tags: each tag's runs for the gate */
	int force;
	char **notes;			/* steps the gate refused, or forced */
	size_t n_notes;
};

/*
 * Load the series O describes from DB (named PATH in messages) into
 * *OUT.  Returns CLI_OK, or after a one-line message CLI_USER (unknown
 * tag, tag given twice, no ok result at all) or CLI_ENV (SQLite error).
 * *OUT is released by series_db_free() whatever the result.
 */
int series_db_load(struct db *db, const char *path,
		   const struct series_db_opts *o, struct series_db *out);
void series_db_free(struct series_db *sd);

/*
 * The model of the N loaded TAGS (plot_model_build()), split by machine
 * when their runs come from several: each test once per machine, marked
 * with it, so that no step and no line crosses machines
 * (series_hosts.c).
 */
void series_hosts_model(const struct qplot_tag *tags, size_t n,
			const struct plot_want *want, size_t n_want,
			struct plot_model *m);
/*
 * The series_gate of SD (ARG): 0 when the gate refuses tags FROM and TO
 * of test TEST's machine and --force was not given; each such pair gets
 * one line in SD->notes.
 */
int series_hosts_comparable(void *arg, size_t test, size_t from, size_t to);

/*
 * The steps of SD, in the format of each function (the series writers
 * of report/format/fmt.h's table).  Text is the listing of the
 * significant steps: "# N tags in ORDER order: ..." then series_print().
 * CSV and JSON give every step, significant or not, for scripts: one
 * CSV record per step, or one JSON document with the tags, the
 * settings, the counts and the steps; statistics in full precision,
 * absent values empty (CSV) or null (JSON).  Returns 0, or -1 when
 * writing failed.
 */
int series_db_text(FILE *f, const struct series_db *sd);
int series_db_csv(FILE *f, const struct series_db *sd);
int series_db_json(FILE *f, const struct series_db *sd);

#endif
