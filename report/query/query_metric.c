/*
 * The metrics of the samples of loaded results.  Version 3 keeps them as
 * rows of sample_metric; older files as the columns vol_cs and invol_cs
 * of sample, which read as the same rows, so readers open every version.
 * Names this build does not know and histogram buckets are skipped.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "measure.h"
#include "query.h"
#include "query_int.h"

static const char sql_metrics[] =
	"SELECT seq, metric, value FROM sample_metric"
	" WHERE result_id = ? AND bound = 0";

static const char sql_metrics_v2[] =
	"SELECT seq, 'vol_cs', vol_cs FROM sample"
	" WHERE result_id = ? AND vol_cs IS NOT NULL"
	" UNION ALL SELECT seq, 'invol_cs', invol_cs FROM sample"
	" WHERE result_id = ? AND invol_cs IS NOT NULL";

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
read_metric(struct db_stmt *stmt, struct query_result *r)
{
	const char *name = db_column_text(stmt, 1);
	struct measure_sample *s = find_seq(r, db_column_int64(stmt, 0));
	int id;

	if (s == NULL || name == NULL)
		return;
	id = measure_lookup(name, strlen(name));
	if (id >= 0 && db_column_type(stmt, 2) == DB_INTEGER)
		measure_set(&s->m, (enum measure_id)id,
			    db_column_int64(stmt, 2));
}

int
query_load_metrics(struct db *db, struct query_result *r, size_t n)
{
	struct db_stmt *stmt;
	int rc = DB_DONE, version = query_user_version(db);

	if (query_prepare(db, version >= 3 ? sql_metrics : sql_metrics_v2,
			  &stmt) < 0)
		return -1;
	for (size_t i = 0; i < n && rc == DB_DONE; i++) {
		if (r[i].n_samples == 0)
			continue;
		/* The older query names the result twice. */
		if (db_reset(stmt) < 0 || db_bind_int64(stmt, 1, r[i].id) < 0 ||
		    (version < 3 && db_bind_int64(stmt, 2, r[i].id) < 0)) {
			rc = DB_ERROR;
			break;
		}
		while ((rc = db_step(stmt)) == DB_ROW)
			read_metric(stmt, &r[i]);
	}
	return query_finish(db, stmt, rc);
}
