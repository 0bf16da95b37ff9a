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

#include "fmt.h"
#include "plot.h"
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
};

struct series_db {
	enum tagorder_mode order;
	struct qplot_tag *tags;		/* loaded, in series order */
	size_t n_tags;
	struct plot_model model;	/* tests by tags */
	struct series_test *tests;	/* model.n_tests, borrowing the model */
	struct series steps;
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
 * The steps of SD in format KIND.  FMT_TEXT is the listing of the
 * significant steps: "# N tags in ORDER order: ..." then series_print().
 * FMT_CSV and FMT_JSON give every step, significant or not, for
 * scripts: one CSV record per step, or one JSON document with the tags,
 * the settings, the counts and the steps; statistics in full precision,
 * absent values empty (CSV) or null (JSON).  Returns 0, or -1 when
 * writing failed or KIND is another format (errno EINVAL).
 */
int series_db_write(FILE *f, const struct series_db *sd, enum fmt_kind kind);

#endif
