// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The stored run whose content is a new run's (record_same_content): the
 * runs holding one of its samples at an agreeing rate, with as many
 * results, are read whole and compared, so a store of many runs costs a
 * search, not a read of every run.
 */
#include "config.h"

#include "query_admin.h"

#include <math.h>
#include <stdlib.h>

#include "query.h"
#include "query_int.h"
#include "record.h"
#include "xalloc.h"

/*
 * The stored runs of as many results holding, for (test, rep, seq), a
 * rate between the bounds; a sample's rate as record_sample_rate says.
 */
static const char same_sql[] =
	"SELECT DISTINCT r.run_id FROM result AS r"
	" JOIN sample AS s ON s.result_id = r.id"
	" WHERE r.test = ? AND r.rep = ? AND s.seq = ?"
	" AND COALESCE(s.printed_ops, CASE WHEN s.elapsed_ns > 0 THEN"
	" CAST(s.calls AS DOUBLE PRECISION) * r.factor * 1e9 / s.elapsed_ns"
	" END) BETWEEN ? AND ?"
	" AND (SELECT count(*) FROM result AS x WHERE x.run_id = r.run_id) = ?"
	" ORDER BY r.run_id";

/* RUN's first sample of a rate, as *RES and *S; 0 when none has one. */
static int
probe_sample(const struct record_run *run, const struct record_result **res,
	     const struct measure_sample **s)
{
	for (size_t i = 0; i < run->n_results; i++)
		for (size_t j = 0; j < run->results[i].n_samples; j++)
			if (isfinite(record_sample_rate(&run->results[i],
					&run->results[i].samples[j]))) {
				*res = &run->results[i];
				*s = &run->results[i].samples[j];
				return 1;
			}
	return 0;
}

/* The candidates' ids into *IDS (*N): 0, or -1 after reporting. */
static int
candidates(struct db *db, const struct record_run *run, int64_t **ids,
	   size_t *n)
{
	const struct record_result *res;
	const struct measure_sample *s;
	struct db_stmt *stmt;
	double lo, hi;
	int rc;

	*ids = NULL;
	*n = 0;
	if (!probe_sample(run, &res, &s))
		return 0;	/* no rate to know it by: not checked */
	record_rate_span(record_sample_rate(res, s), &lo, &hi);
	if (query_prepare(db, same_sql, &stmt) < 0)
		return -1;
	if (db_bind_text(stmt, 1, res->test) < 0 ||
	    db_bind_int64(stmt, 2, res->rep) < 0 ||
	    db_bind_int64(stmt, 3, s->seq) < 0 ||
	    db_bind_double(stmt, 4, lo) < 0 ||
	    db_bind_double(stmt, 5, hi) < 0 ||
	    db_bind_int64(stmt, 6, (int64_t)run->n_results) < 0)
		return query_finish(db, stmt, DB_ERROR);
	while ((rc = db_step(stmt)) == DB_ROW) {
		*ids = record_grow(*ids, *n, sizeof(**ids));
		(*ids)[(*n)++] = db_column_int64(stmt, 0);
	}
	return query_finish(db, stmt, rc);
}

int
query_run_same(struct db *db, const struct record_run *run, int64_t *id,
	       char **tag)
{
	int64_t *ids;
	size_t n;
	int found = 0;

	*tag = NULL;
	if (candidates(db, run, &ids, &n) < 0) {
		free(ids);
		return -1;
	}
	for (size_t i = 0; i < n && found == 0; i++) {
		struct record_run c;
		int rc = query_run_load(db, ids[i], 0, &c, NULL);

		if (rc < 0)
			found = -1;
		if (rc <= 0)
			continue;
		if (record_same_content(run, &c)) {
			*id = ids[i];
			*tag = xstrdup(c.tag != NULL ? c.tag : "");
			found = 1;
		}
		record_free(&c);
	}
	free(ids);
	return found;
}
