// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A run read whole into its record (lib/core/record.h), from a file of
 * any schema version: its facts and provenance, its environment, its
 * results in the order stored, their samples, metrics and histograms.
 * A few statements per run, whatever it holds: each table's rows of the
 * run in one query, walked beside the results in id order.  What every
 * reader of report/ starts from: aimcmp's sides, the exports, merge,
 * push and diff.
 */
#include "config.h"

#include "query.h"

#include <stdlib.h>
#include <string.h>

#include "query_int.h"
#include "schema_ver.h"
#include "xalloc.h"

/* The run's own row; COLS its uuid and content hash as the version has them. */
#define SQL_RUN(COLS, JOIN)						\
	"SELECT u.id, u.tag, u.suite, u.options, u.started_utc,"	\
	" u.ended_utc, u.status, u.source, u.source_file, u.aim_version,"	\
	" u.host, " COLS " FROM run AS u " JOIN " WHERE u.id = ?"

static const char *const sql_run[] = {
	/* Version 1 had no content hashes, 3 and older no uuids. */
	SQL_RUN("NULL, NULL", ""),
	SQL_RUN("NULL, i.sha256",
		"LEFT JOIN run_import AS i ON i.run_id = u.id"),
	SQL_RUN("u.uuid, i.sha256",
		"LEFT JOIN run_import AS i ON i.run_id = u.id"),
};

static const char sql_env[] =
	"SELECT key, value FROM run_env WHERE run_id = ?";

#define SQL_RESULTS(LAST)						\
	"SELECT id, number, test, rep, status, reason, factor, units,"	\
	" finished_utc, warmup_calls, warmup_ns, source_line, " LAST	\
	" FROM result WHERE run_id = ? ORDER BY id"

static const char *const sql_results[] = {
	/* Before version 4 the judged rate followed from the test's name. */
	SQL_RESULTS("CASE WHEN test IN " SCHEMA_PEAK_TESTS " THEN 'peak'"
		    " ELSE 'mean' END, 'higher', 1"),
	/* Before version 5 every result was one copy. */
	SQL_RESULTS("judged, better, 1"),
	SQL_RESULTS("judged, better, copies"),
};

static const char sql_samples[] =
	"SELECT s.result_id, s.seq, s.calls, s.elapsed_ns, s.printed_ops"
	" FROM sample AS s JOIN result AS r ON r.id = s.result_id"
	" WHERE r.run_id = ? ORDER BY s.result_id, s.seq";

/* Metrics: every row, or without the histograms' (bound 0 only). */
#define SQL_METRICS(WHERE)						\
	"SELECT m.result_id, m.seq, m.metric, m.bound, m.value"		\
	" FROM sample_metric AS m JOIN result AS r ON r.id = m.result_id" \
	" WHERE r.run_id = ?" WHERE " ORDER BY m.result_id, m.seq, m.bound"

static const char sql_metrics[] = SQL_METRICS("");
static const char sql_metrics_flat[] = SQL_METRICS(" AND m.bound = 0");

/* Before version 3, the two columns of sample as the same rows. */
static const char sql_metrics_v2[] =
	"SELECT s.result_id, s.seq, 'vol_cs', 0, s.vol_cs FROM sample AS s"
	" JOIN result AS r ON r.id = s.result_id"
	" WHERE r.run_id = ? AND s.vol_cs IS NOT NULL"
	" UNION ALL SELECT s.result_id, s.seq, 'invol_cs', 0, s.invol_cs"
	" FROM sample AS s JOIN result AS r ON r.id = s.result_id"
	" WHERE r.run_id = ? AND s.invol_cs IS NOT NULL"
	" ORDER BY 1, 2";

/* What one read needs: the connection, its version, what to count. */
struct rd {
	struct db *db;
	int version;
	struct record_run *run;
	size_t *unread;
};

/* Prepare SQL and bind the run's id to its first N_IDS parameters. */
static struct db_stmt *
prep(struct rd *r, const char *sql, int n_ids)
{
	struct db_stmt *stmt;

	if (query_prepare(r->db, sql, &stmt) < 0)
		return NULL;
	for (int i = 1; i <= n_ids; i++)
		if (db_bind_int64(stmt, i, r->run->id) < 0) {
			(void)query_finish(r->db, stmt, DB_ERROR);
			return NULL;
		}
	return stmt;
}

/* Column I as text RUN owns, or NULL. */
static const char *
text(struct rd *r, struct db_stmt *stmt, int i)
{
	return record_strdup(r->run, db_column_text(stmt, i));
}

/* The run's row: 1, 0 when there is none, -1 after reporting. */
static int
read_run(struct rd *r)
{
	struct record_run *run = r->run;
	struct db_stmt *stmt = prep(r, sql_run[r->version >= 4 ? 2 :
						r->version >= 2 ? 1 : 0], 1);
	int rc;

	if (stmt == NULL)
		return -1;
	rc = db_step(stmt);
	if (rc == DB_ROW) {
		run->tag = text(r, stmt, 1);
		run->suite = text(r, stmt, 2);
		run->options = text(r, stmt, 3);
		run->started_utc = text(r, stmt, 4);
		run->ended_utc = text(r, stmt, 5);
		run->status = text(r, stmt, 6);
		run->source = text(r, stmt, 7);
		run->source_file = text(r, stmt, 8);
		run->aim_version = text(r, stmt, 9);
		run->host = text(r, stmt, 10);
		run->uuid = text(r, stmt, 11);
		run->sha256 = text(r, stmt, 12);
		rc = db_step(stmt);
	} else if (rc == DB_DONE) {
		(void)query_finish(r->db, stmt, rc);
		return 0;
	}
	return query_finish(r->db, stmt, rc) < 0 ? -1 : 1;
}

static int
kv_cmp(const void *a, const void *b)
{
	return strcmp(((const struct record_kv *)a)->key,
		      ((const struct record_kv *)b)->key);
}

/* The facts, by name in byte order whatever the engine collates. */
static int
read_env(struct rd *r)
{
	struct db_stmt *stmt = prep(r, sql_env, 1);
	int rc;

	if (stmt == NULL)
		return -1;
	while ((rc = db_step(stmt)) == DB_ROW)
		record_add_env(r->run, db_column_text(stmt, 0) != NULL ?
				       db_column_text(stmt, 0) : "",
			       db_column_text(stmt, 1) != NULL ?
				       db_column_text(stmt, 1) : "");
	if (r->run->n_env > 1)
		qsort(r->run->env, r->run->n_env, sizeof(*r->run->env),
		      kv_cmp);
	return query_finish(r->db, stmt, rc);
}

/* A nullable count: NULL reads as -1 (unknown). */
static int64_t
count(struct db_stmt *stmt, int i)
{
	return db_column_is_null(stmt, i) ? -1 : db_column_int64(stmt, i);
}

static void
read_result(struct rd *r, struct db_stmt *stmt)
{
	struct record_result *res = record_add_result(r->run);
	int64_t factor = db_column_int64(stmt, 6);

	res->id = db_column_int64(stmt, 0);
	res->run_id = r->run->id;
	res->number = (int)db_column_int64(stmt, 1);
	res->test = text(r, stmt, 2);
	res->rep = (int)db_column_int64(stmt, 3);
	res->status = text(r, stmt, 4);
	res->reason = text(r, stmt, 5);
	res->factor = factor > 0 ? (unsigned long)factor : 0;
	res->units = text(r, stmt, 7);
	res->finished_utc = text(r, stmt, 8);
	res->warmup_calls = count(stmt, 9);
	res->warmup_ns = count(stmt, 10);
	res->source_line = (int)db_column_int64(stmt, 11);
	res->judged = query_column_is(stmt, 12, "peak") ? MEASURE_JUDGED_PEAK
						       : MEASURE_JUDGED_MEAN;
	res->better = query_column_is(stmt, 13, "lower") ? MEASURE_LOWER
							: MEASURE_HIGHER;
	res->copies = (int)db_column_int64(stmt, 14);
	/* A missing text reads as empty: the schema says NOT NULL. */
	if (res->test == NULL)
		res->test = "";
	if (res->status == NULL)
		res->status = "fail";
	if (res->units == NULL)
		res->units = "";
}

static int
read_results(struct rd *r)
{
	struct db_stmt *stmt = prep(r, sql_results[r->version >= 5 ? 2 :
						    r->version >= 4 ? 1 : 0], 1);
	int rc;

	if (stmt == NULL)
		return -1;
	while ((rc = db_step(stmt)) == DB_ROW)
		read_result(r, stmt);
	return query_finish(r->db, stmt, rc);
}

/* The result of id ID at or after *AT (rows come in id order), or NULL. */
static struct record_result *
result_at(struct record_run *run, int64_t id, size_t *at)
{
	while (*at < run->n_results && run->results[*at].id < id)
		(*at)++;
	return *at < run->n_results && run->results[*at].id == id ?
		       &run->results[*at] : NULL;
}

/*
 * Each row of STMT, whose first column is a result's id (rows in id
 * order), handed to FN with its result, or NULL when the run has none
 * of that id; then finalized.  0, or -1 after reporting.
 */
static int
each_row(struct rd *r, struct db_stmt *stmt,
	 void (*fn)(struct rd *, struct db_stmt *, struct record_result *))
{
	size_t at = 0;
	int rc;

	if (stmt == NULL)
		return -1;
	while ((rc = db_step(stmt)) == DB_ROW)
		fn(r, stmt, result_at(r->run, db_column_int64(stmt, 0), &at));
	return query_finish(r->db, stmt, rc);
}

/* A sample row (result_id, seq, calls, elapsed_ns, printed_ops). */
static void
sample_row(struct rd *r, struct db_stmt *stmt, struct record_result *res)
{
	struct measure_sample *s;

	(void)r;
	if (res == NULL)
		return;
	s = record_add_sample(res);
	s->seq = (int32_t)db_column_int64(stmt, 1);
	s->calls = db_column_int64(stmt, 2);
	s->elapsed_ns = db_column_int64(stmt, 3);
	/* Stored printed rates are never negative: NULL is "measured". */
	if (!db_column_is_null(stmt, 4))
		s->printed_ops = db_column_double(stmt, 4);
}

/* The sample of RES numbered SEQ (samples are in seq order), or NULL. */
static struct measure_sample *
sample_of(struct record_result *res, int64_t seq)
{
	size_t lo = 0, hi = res->n_samples;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (res->samples[mid].seq == seq)
			return &res->samples[mid];
		if (res->samples[mid].seq < seq)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/*
 * One metric row into S: a metric of the table, or a bucket of its
 * histogram (rows in bound order); what no record holds is counted.
 */
static void
metric_row(struct rd *r, struct db_stmt *stmt, struct measure_sample *s)
{
	const char *name = db_column_text(stmt, 2);
	int id = name != NULL ? measure_lookup(name, strlen(name)) : -1;
	int64_t bound = db_column_int64(stmt, 3), v = db_column_int64(stmt, 4);
	struct measure_hist *h = s->hist;

	if (id < 0 || db_column_type(stmt, 4) != DB_INTEGER || v < 0) {
		++*r->unread;
	} else if (measure_def((enum measure_id)id)->kind != MEASURE_BUCKET) {
		if (bound != 0)
			++*r->unread;
		else
			measure_set(&s->m, (enum measure_id)id, v);
	} else if (h == NULL || (h->n < MEASURE_HIST_MAX &&
				 h->b[h->n - 1].bound < bound)) {
		if (h == NULL)
			h = record_add_hist(r->run, s);
		h->b[h->n].bound = bound;
		h->b[h->n++].count = v;
	} else {
		++*r->unread;
	}
}

/* A metric row (result_id, seq, metric, bound, value) into its sample. */
static void
metric_of(struct rd *r, struct db_stmt *stmt, struct record_result *res)
{
	struct measure_sample *s = res != NULL ?
		sample_of(res, db_column_int64(stmt, 1)) : NULL;

	if (s != NULL)
		metric_row(r, stmt, s);
	else
		++*r->unread;
}

/* Number, test, rep, id: the order every reader lists results in. */
static int
listed_cmp(const void *a, const void *b)
{
	const struct record_result *x = a, *y = b;
	int c = strcmp(x->test, y->test);

	if (x->number != y->number)
		return x->number < y->number ? -1 : 1;
	if (c != 0)
		return c;
	if (x->rep != y->rep)
		return x->rep < y->rep ? -1 : 1;
	return (x->id > y->id) - (x->id < y->id);
}

/* Histograms whose rows do not make one are not carried: counted. */
static void
drop_bad_hists(struct rd *r)
{
	for (size_t i = 0; i < r->run->n_results; i++) {
		struct record_result *res = &r->run->results[i];

		for (size_t k = 0; k < res->n_samples; k++)
			if (res->samples[k].hist != NULL &&
			    !measure_hist_valid(res->samples[k].hist)) {
				*r->unread += (size_t)res->samples[k].hist->n;
				res->samples[k].hist = NULL;
			}
	}
}

int
query_run_load(struct db *db, int64_t id, unsigned flags,
	       struct record_run *run, size_t *unread)
{
	size_t none = 0;
	struct rd r = { db, query_user_version(db), run,
			unread != NULL ? unread : &none };
	int rc;

	memset(run, 0, sizeof(*run));
	run->id = id;
	*r.unread = 0;
	rc = read_run(&r);
	if (rc > 0 && read_env(&r) < 0)
		rc = -1;
	if (rc > 0 && !(flags & QUERY_LOAD_FACTS) && (read_results(&r) < 0 ||
		       each_row(&r, prep(&r, sql_samples, 1), sample_row) < 0 ||
		       each_row(&r, prep(&r, r.version < 3 ? sql_metrics_v2 :
					 flags & QUERY_LOAD_HISTS ? sql_metrics :
					 sql_metrics_flat, r.version < 3 ? 2 : 1),
				metric_of) < 0))
		rc = -1;
	if (rc > 0 && !(flags & QUERY_LOAD_FACTS) &&
	    query_load_kernel(db, run, flags & QUERY_LOAD_MONITORS) < 0)
		rc = -1;
	if (rc > 0) {
		drop_bad_hists(&r);
		/* Read in id order to meet their rows; listed as readers list. */
		if (run->n_results > 1)
			qsort(run->results, run->n_results,
			      sizeof(*run->results), listed_cmp);
	} else {
		record_free(run);
	}
	return rc;
}
