// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The bucket rows of per-call histograms, one statement per result.
 * Files before version 3 have no sample_metric and so no histograms.
 */
#include "config.h"

#include "query_hist.h"

#include <stdlib.h>

#include "query_int.h"
#include "xalloc.h"

static const char sql_buckets[] =
	"SELECT seq, bound, value FROM sample_metric"
	" WHERE result_id = ? AND metric = 'lat_ns' AND bound > 0"
	" ORDER BY seq, bound";

/* The sample of R numbered SEQ, or NULL. */
static struct measure_sample *
sample_of(struct record_result *r, int64_t seq)
{
	for (size_t i = 0; i < r->n_samples; i++)
		if (r->samples[i].seq == seq)
			return &r->samples[i];
	return NULL;
}

/* One row into its sample's histogram; more rows than a record holds spoil it. */
static void
add_row(struct record_result *r, struct db_stmt *stmt)
{
	struct measure_sample *s = sample_of(r, db_column_int64(stmt, 0));
	struct measure_hist *h;

	if (s == NULL || db_column_type(stmt, 1) != DB_INTEGER ||
	    db_column_type(stmt, 2) != DB_INTEGER)
		return;
	if (s->hist == NULL)
		s->hist = xcalloc(1, sizeof(*s->hist));
	h = s->hist;
	if (h->n >= MEASURE_HIST_MAX) {
		h->n = MEASURE_HIST_MAX + 1;	/* marked: not a histogram */
		return;
	}
	h->b[h->n].bound = db_column_int64(stmt, 1);
	h->b[h->n].count = db_column_int64(stmt, 2);
	h->n++;
}

/* What the rows made of R that is no histogram is let go. */
static void
drop_invalid(struct record_result *r)
{
	for (size_t i = 0; i < r->n_samples; i++) {
		struct measure_sample *s = &r->samples[i];

		if (s->hist != NULL && !measure_hist_valid(s->hist)) {
			free(s->hist);
			s->hist = NULL;
		}
	}
}

/* R's rows through STMT; the last step's result. */
static int
load_one(struct db_stmt *stmt, struct record_result *r)
{
	int rc;

	if (db_reset(stmt) != 0 || db_bind_int64(stmt, 1, r->id) != 0)
		return DB_ERROR;
	while ((rc = db_step(stmt)) == DB_ROW)
		add_row(r, stmt);
	drop_invalid(r);
	return rc;
}

int
query_load_hists(struct db *db, struct record_result *r, size_t n)
{
	struct db_stmt *stmt;
	int rc = DB_DONE;

	if (db_schema_version(db) < 3)
		return 0;
	if (query_prepare(db, sql_buckets, &stmt) < 0)
		return -1;
	for (size_t i = 0; i < n && rc == DB_DONE; i++)
		rc = r[i].n_samples > 0 ? load_one(stmt, &r[i]) : DB_DONE;
	return query_finish(db, stmt, rc);
}

void
query_hists_free(struct record_result *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < r[i].n_samples; j++) {
			free(r[i].samples[j].hist);
			r[i].samples[j].hist = NULL;
		}
}
