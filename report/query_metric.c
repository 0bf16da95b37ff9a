/*
 * The metrics of the samples of loaded results.  Version 3 keeps them as
 * rows of sample_metric; older files as the columns vol_cs and invol_cs
 * of sample, which read as the same rows, so readers open every version.
 * Names this build does not know and histogram buckets are skipped.
 */
#include "config.h"

#include <stdint.h>

#include "measure.h"
#include "query.h"
#include "query_int.h"

static const char sql_metrics[] =
	"SELECT seq, metric, value FROM sample_metric"
	" WHERE result_id = ?1 AND bound = 0";

static const char sql_metrics_v2[] =
	"SELECT seq, 'vol_cs', vol_cs FROM sample"
	" WHERE result_id = ?1 AND vol_cs IS NOT NULL"
	" UNION ALL SELECT seq, 'invol_cs', invol_cs FROM sample"
	" WHERE result_id = ?1 AND invol_cs IS NOT NULL";

/* The sample of R numbered SEQ (samples are in seq order), or NULL. */
static struct measure_sample *
find_seq(struct query_result *r, int64_t seq)
{
	size_t lo = 0, hi = r->n_samples;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (r->samples[mid].seq == seq)
			return &r->samples[mid];
		if (r->samples[mid].seq < seq)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static void
read_metric(sqlite3_stmt *stmt, struct query_result *r)
{
	const char *name = (const char *)sqlite3_column_text(stmt, 1);
	int len = sqlite3_column_bytes(stmt, 1);
	struct measure_sample *s = find_seq(r, sqlite3_column_int64(stmt, 0));
	int id;

	if (s == NULL || name == NULL || len < 0)
		return;
	id = measure_lookup(name, (size_t)len);
	if (id >= 0 && sqlite3_column_type(stmt, 2) == SQLITE_INTEGER)
		measure_set(&s->m, (enum measure_id)id,
			    sqlite3_column_int64(stmt, 2));
}

int
query_load_metrics(sqlite3 *db, struct query_result *r, size_t n)
{
	sqlite3_stmt *stmt;
	sqlite3_int64 version = 0;
	int rc = SQLITE_DONE;

	if (query_prepare(db, "PRAGMA user_version", &stmt) < 0)
		return -1;
	if (sqlite3_step(stmt) == SQLITE_ROW)
		version = sqlite3_column_int64(stmt, 0);
	(void)sqlite3_finalize(stmt);	/* a read of a pragma: nothing to say */
	if (query_prepare(db, version >= 3 ? sql_metrics : sql_metrics_v2,
			  &stmt) < 0)
		return -1;
	for (size_t i = 0; i < n && rc == SQLITE_DONE; i++) {
		if (r[i].n_samples == 0)
			continue;
		if (sqlite3_reset(stmt) != SQLITE_OK ||
		    sqlite3_bind_int64(stmt, 1, r[i].id) != SQLITE_OK) {
			rc = SQLITE_ERROR;
			break;
		}
		while ((rc = sqlite3_step(stmt)) == SQLITE_ROW)
			read_metric(stmt, &r[i]);
	}
	return query_finish(db, stmt, rc);
}
