/*
 * The metrics of the samples of loaded results.  Version 3 keeps them as
 * rows of sample_metric; older files as the columns vol_cs and invol_cs
 * of sample, which read as the same rows, so readers open every version.
 * Names this build does not know and histogram buckets are skipped.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "measure.h"
#include "query.h"
#include "query_int.h"
#include "xalloc.h"

static const char sql_metrics[] =
	"SELECT seq, metric, value FROM sample_metric"
	" WHERE result_id = ? AND bound = 0";

/* Those of every result of a run at once; the result last. */
static const char sql_run_metrics[] =
	"SELECT m.seq, m.metric, m.value, m.result_id FROM result AS r"
	" JOIN sample_metric AS m ON m.result_id = r.id"
	" WHERE r.run_id = ? AND m.bound = 0";

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

static int
id_cmp(const void *a, const void *b)
{
	const struct query_result *x = *(struct query_result *const *)a;
	const struct query_result *y = *(struct query_result *const *)b;

	return x->id < y->id ? -1 : x->id > y->id;
}

/*
 * The metrics of the N results R, all of one run, in one statement
 * (STMT, sql_run_metrics): a round trip a run, not a result, on a
 * server.  DB_DONE or DB_ERROR.
 */
static int
run_metrics(struct db_stmt *stmt, struct query_result *r, size_t n)
{
	struct query_result **by_id = xcalloc(n, sizeof(*by_id));
	int rc;

	for (size_t i = 0; i < n; i++)
		by_id[i] = &r[i];
	qsort(by_id, n, sizeof(*by_id), id_cmp);
	if (db_reset(stmt) < 0 || db_bind_int64(stmt, 1, r[0].run_id) < 0) {
		free(by_id);
		return DB_ERROR;
	}
	while ((rc = db_step(stmt)) == DB_ROW) {
		struct query_result key = { .id = db_column_int64(stmt, 3) };
		struct query_result *kp = &key, **hit;

		hit = bsearch(&kp, by_id, n, sizeof(*by_id), id_cmp);
		if (hit != NULL)
			read_metric(stmt, *hit);
	}
	free(by_id);
	return rc;
}

/* How many of the N results R from the first are of its run. */
static size_t
same_run(const struct query_result *r, size_t n)
{
	size_t k = 1;

	while (k < n && r[k].run_id == r[0].run_id)
		k++;
	return k;
}

/* Whether result I of the N results R has a neighbour of its run. */
static int
grouped(const struct query_result *r, size_t n, size_t i)
{
	return (i > 0 && r[i - 1].run_id == r[i].run_id) ||
	       (i + 1 < n && r[i + 1].run_id == r[i].run_id);
}

int
query_load_metrics(struct db *db, struct query_result *r, size_t n)
{
	struct db_stmt *stmt, *by_run = NULL;
	int rc = DB_DONE, version = query_user_version(db);

	/* A run's results come together (query_tag_load): read by run. */
	for (size_t i = 0, k; i < n && rc == DB_DONE && version >= 3; i += k) {
		k = same_run(&r[i], n - i);
		if (k == 1)
			continue;
		if (by_run == NULL &&
		    query_prepare(db, sql_run_metrics, &by_run) < 0)
			return -1;
		rc = run_metrics(by_run, &r[i], k);
	}
	if (by_run != NULL && query_finish(db, by_run, rc) < 0)
		return -1;

	if (query_prepare(db, version >= 3 ? sql_metrics : sql_metrics_v2,
			  &stmt) < 0)
		return -1;
	for (size_t i = 0; i < n && rc == DB_DONE; i++) {
		if (r[i].n_samples == 0 || (version >= 3 && grouped(r, n, i)))
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
