/*
 * Housekeeping queries for aimdb: list, check, rm, rename and the generic
 * dump behind the JSON export.  Values are always bound, never formatted
 * into the SQL text.
 */
#include "config.h"

#include "query_admin.h"
#include "query.h"
#include "schema.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "query.h"
#include "query_int.h"
#include "xalloc.h"

static const char sql_list[] =
	"SELECT u.id, u.tag, u.started_utc, u.status, u.source,"
	" COALESCE(u.host, (SELECT e.value FROM run_env AS e"
	"  WHERE e.run_id = u.id AND e.key = 'hostname')),"
	" (SELECT e.value FROM run_env AS e"
	"  WHERE e.run_id = u.id AND e.key = 'uname.release'),"
	" (SELECT COUNT(DISTINCT r.test) FROM result AS r"
	"  WHERE r.run_id = u.id),"
	" (SELECT COUNT(*) FROM result AS r"
	"  WHERE r.run_id = u.id AND r.status = 'ok'),"
	/*
	 * The store numbers a result's samples 1..n, so the last seq is the
	 * count: one step down the primary key instead of a walk over every
	 * sample (1.8 M of them in bench/cmp-scale.sh).
	 */
	" (SELECT COALESCE(SUM((SELECT MAX(s.seq) FROM sample AS s"
	"  WHERE s.result_id = r.id)), 0) FROM result AS r"
	"  WHERE r.run_id = u.id)"
	" FROM run AS u"
	" ORDER BY (SELECT MIN(v.id) FROM run AS v WHERE v.tag = u.tag), u.id";

static const char sql_tags[] =
	"SELECT tag FROM run GROUP BY tag ORDER BY MIN(id)";

int
query_list(struct sqlite3 *db, struct query_list_row **rows, size_t *n)
{
	sqlite3_stmt *stmt;
	size_t cap = 0;
	int rc;

	*rows = NULL;
	*n = 0;
	if (query_prepare(db, sql_list, &stmt) < 0)
		return -1;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		struct query_list_row *r;

		if (*n == cap) {
			cap = cap ? 2 * cap : 32;
			*rows = xrealloc(*rows, cap * sizeof(**rows));
		}
		r = &(*rows)[(*n)++];
		r->id = sqlite3_column_int64(stmt, 0);
		r->tag = query_text(stmt, 1);
		r->started_utc = query_text(stmt, 2);
		r->status = query_text(stmt, 3);
		r->source = query_text(stmt, 4);
		r->host = query_text(stmt, 5);
		r->release = query_text(stmt, 6);
		r->n_tests = sqlite3_column_int64(stmt, 7);
		r->n_ok = sqlite3_column_int64(stmt, 8);
		r->n_samples = sqlite3_column_int64(stmt, 9);
	}
	if (query_finish(db, stmt, rc) < 0) {
		query_list_free(*rows, *n);
		*rows = NULL;
		*n = 0;
		return -1;
	}
	return 0;
}

void
query_list_free(struct query_list_row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(rows[i].tag);
		free(rows[i].started_utc);
		free(rows[i].status);
		free(rows[i].source);
		free(rows[i].host);
		free(rows[i].release);
	}
	free(rows);
}

/* Each row's first column as a string, collected into *OUT. */
static int
strings(sqlite3 *db, sqlite3_stmt *stmt, char ***out, size_t *n)
{
	int rc;

	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		char *s = query_text(stmt, 0);

		*out = xrealloc(*out, (*n + 1) * sizeof(**out));
		(*out)[(*n)++] = s != NULL ? s : xstrdup("");
	}
	return query_finish(db, stmt, rc);
}

int
query_tags(struct sqlite3 *db, char ***tags, size_t *n)
{
	sqlite3_stmt *stmt;

	*tags = NULL;
	*n = 0;
	if (query_prepare(db, sql_tags, &stmt) < 0)
		return -1;
	return strings(db, stmt, tags, n);
}

void
query_tags_free(char **tags, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(tags[i]);
	free(tags);
}

int
query_tag_runs(struct sqlite3 *db, const char *tag, int64_t *n)
{
	sqlite3_stmt *stmt;
	int rc;

	if (query_prepare(db, "SELECT COUNT(*) FROM run WHERE tag = ?1",
			  &stmt) < 0)
		return -1;
	if (sqlite3_bind_text(stmt, 1, tag, -1, SQLITE_STATIC) != SQLITE_OK)
		return query_finish(db, stmt, SQLITE_ERROR);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		*n = sqlite3_column_int64(stmt, 0);
		rc = sqlite3_step(stmt);
	}
	return query_finish(db, stmt, rc);
}

/* One statement binding TEXT1 (and TEXT2 when not NULL), run to the end. */
static int
exec_bound(sqlite3 *db, const char *sql, const char *text1, const char *text2)
{
	sqlite3_stmt *stmt;

	if (query_prepare(db, sql, &stmt) < 0)
		return -1;
	if (sqlite3_bind_text(stmt, 1, text1, -1, SQLITE_STATIC) != SQLITE_OK ||
	    (text2 != NULL &&
	     sqlite3_bind_text(stmt, 2, text2, -1, SQLITE_STATIC) != SQLITE_OK))
		return query_finish(db, stmt, SQLITE_ERROR);
	return query_finish(db, stmt, sqlite3_step(stmt));
}

int
query_tag_remove(struct sqlite3 *db, const char *tag)
{
	/* Children first: correct whether or not foreign keys cascade. */
	static const char *const sql[] = {
		"DELETE FROM sample WHERE result_id IN (SELECT r.id FROM"
		" result AS r JOIN run AS u ON u.id = r.run_id"
		" WHERE u.tag = ?1)",
		"DELETE FROM result WHERE run_id IN"
		" (SELECT id FROM run WHERE tag = ?1)",
		"DELETE FROM run_env WHERE run_id IN"
		" (SELECT id FROM run WHERE tag = ?1)",
		"DELETE FROM run_import WHERE run_id IN"
		" (SELECT id FROM run WHERE tag = ?1)",
		"DELETE FROM run WHERE tag = ?1",
	};

	for (size_t i = 0; i < sizeof(sql) / sizeof(sql[0]); i++)
		if (exec_bound(db, sql[i], tag, NULL) < 0)
			return -1;
	return 0;
}

int
query_tag_rename(struct sqlite3 *db, const char *old, const char *new)
{
	return exec_bound(db, "UPDATE run SET tag = ?2 WHERE tag = ?1", old,
			  new);
}

int
query_import_find(struct sqlite3 *db, const char *sha256,
		  struct query_import_hit *hit)
{
	sqlite3_stmt *stmt;
	int rc;

	memset(hit, 0, sizeof(*hit));
	if (query_prepare(db, "SELECT u.id, u.tag, u.started_utc FROM run_import"
			  " AS i JOIN run AS u ON u.id = i.run_id"
			  " WHERE i.sha256 = ?1 ORDER BY u.id LIMIT 1", &stmt) < 0)
		return -1;
	if (sqlite3_bind_text(stmt, 1, sha256, -1, SQLITE_STATIC) != SQLITE_OK)
		return query_finish(db, stmt, SQLITE_ERROR);
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		hit->run_id = sqlite3_column_int64(stmt, 0);
		hit->tag = query_text(stmt, 1);
		hit->started_utc = query_text(stmt, 2);
		rc = SQLITE_DONE;
	}
	if (query_finish(db, stmt, rc) < 0) {
		query_import_hit_free(hit);
		return -1;
	}
	return hit->run_id > 0;
}

void
query_import_hit_free(struct query_import_hit *hit)
{
	free(hit->tag);
	free(hit->started_utc);
	memset(hit, 0, sizeof(*hit));
}

int
query_last_run(struct sqlite3 *db, int64_t *id)
{
	sqlite3_stmt *stmt;
	int rc;

	if (query_prepare(db, "SELECT COALESCE(MAX(id), 0) FROM run", &stmt) < 0)
		return -1;
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		*id = sqlite3_column_int64(stmt, 0);
		rc = sqlite3_step(stmt);
	}
	return query_finish(db, stmt, rc);
}

int
query_import_record(struct sqlite3 *db, const char *sha256, int64_t after)
{
	sqlite3_stmt *stmt;

	if (query_prepare(db, "INSERT INTO run_import (run_id, sha256)"
			  " SELECT id, ?1 FROM run WHERE id > ?2", &stmt) < 0)
		return -1;
	if (sqlite3_bind_text(stmt, 1, sha256, -1, SQLITE_STATIC) != SQLITE_OK ||
	    sqlite3_bind_int64(stmt, 2, after) != SQLITE_OK)
		return query_finish(db, stmt, SQLITE_ERROR);
	return query_finish(db, stmt, sqlite3_step(stmt));
}

/* The one text column of the row STMT (bound) finds: 1, 0 none, -1. */
static int
one_text(sqlite3 *db, sqlite3_stmt *stmt, char **out)
{
	int rc = sqlite3_step(stmt), found = rc == SQLITE_ROW;

	*out = found ? query_text(stmt, 0) : NULL;
	if (found)
		rc = SQLITE_DONE;
	if (query_finish(db, stmt, rc) < 0) {
		free(*out);
		*out = NULL;
		return -1;
	}
	return found;
}

int
query_run_uuid(struct sqlite3 *db, const char *uuid, char **tag)
{
	sqlite3_stmt *stmt;

	*tag = NULL;
	if (query_user_version(db) < 4)
		return 0;
	if (query_prepare(db, "SELECT tag FROM run WHERE uuid = ?1", &stmt) < 0)
		return -1;
	if (sqlite3_bind_text(stmt, 1, uuid, -1, SQLITE_STATIC) != SQLITE_OK)
		return query_finish(db, stmt, SQLITE_ERROR);
	return one_text(db, stmt, tag);
}

int
query_import_hash(struct sqlite3 *db, int64_t run_id, char *hex, size_t len)
{
	sqlite3_stmt *stmt;
	char *s;
	int found;

	if (query_user_version(db) < 2)	/* before content hashes */
		return 0;
	if (query_prepare(db, "SELECT sha256 FROM run_import WHERE run_id = ?1",
			  &stmt) < 0)
		return -1;
	if (sqlite3_bind_int64(stmt, 1, run_id) != SQLITE_OK)
		return query_finish(db, stmt, SQLITE_ERROR);
	found = one_text(db, stmt, &s);
	if (found > 0)
		snprintf(hex, len, "%s", s != NULL ? s : "");
	free(s);
	return found;
}

static int
pragma_int(sqlite3 *db, const char *sql, int *out)
{
	sqlite3_stmt *stmt;
	int rc;

	if (query_prepare(db, sql, &stmt) < 0)
		return -1;
	rc = sqlite3_step(stmt);
	if (rc == SQLITE_ROW) {
		*out = sqlite3_column_int(stmt, 0);
		rc = sqlite3_step(stmt);
	}
	return query_finish(db, stmt, rc);
}

static int
count_rows(sqlite3 *db, const char *sql, int64_t *out)
{
	sqlite3_stmt *stmt;
	int rc;

	*out = 0;
	if (query_prepare(db, sql, &stmt) < 0)
		return -1;
	while ((rc = sqlite3_step(stmt)) == SQLITE_ROW)
		(*out)++;
	return query_finish(db, stmt, rc);
}

static void
push(struct query_check *out, char *line)
{
	out->integrity = xrealloc(out->integrity, (out->n_integrity + 1) *
				  sizeof(*out->integrity));
	out->integrity[out->n_integrity++] = line != NULL ? line : xstrdup("");
}

/*
 * integrity_check's lines; a file too damaged to answer is one more line
 * of the verdict, not an error of the check.
 */
static int
integrity(sqlite3 *db, struct query_check *out)
{
	sqlite3_stmt *stmt = NULL;
	int rc = sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &stmt,
				    NULL);

	while (rc == SQLITE_OK && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		push(out, query_text(stmt, 0));
		rc = SQLITE_OK;
	}
	if (rc != SQLITE_DONE && (sqlite3_errcode(db) & 0xff) == SQLITE_CORRUPT) {
		push(out, xstrdup(sqlite3_errmsg(db)));
		rc = SQLITE_DONE;
	}
	return query_finish(db, stmt, rc);
}

int
query_check(struct sqlite3 *db, struct query_check *out)
{
	sqlite3_stmt *stmt;

	memset(out, 0, sizeof(*out));
	if (pragma_int(db, "PRAGMA user_version", &out->user_version) < 0 ||
	    integrity(db, out) < 0)
		goto fail;
	/* Reading every row of a damaged file only fails again. */
	out->fk_violations = -1;
	if (out->n_integrity == 1 && strcmp(out->integrity[0], "ok") == 0 &&
	    count_rows(db, "PRAGMA foreign_key_check", &out->fk_violations) < 0)
		goto fail;
	if (query_prepare(db,
			  "SELECT 'run ' || id || ' (' || tag || ', started '"
			  " || started_utc || ')' FROM run"
			  " WHERE status <> 'complete' ORDER BY id",
			  &stmt) < 0 ||
	    strings(db, stmt, &out->incomplete, &out->n_incomplete) < 0)
		goto fail;
	return 0;
fail:
	query_check_free(out);
	return -1;
}

void
query_check_free(struct query_check *c)
{
	query_tags_free(c->integrity, c->n_integrity);
	query_tags_free(c->incomplete, c->n_incomplete);
	memset(c, 0, sizeof(*c));
}

static const char *const dump_sql[] = {
	[QUERY_DUMP_RUNS] = "SELECT * FROM run WHERE tag = ?1 ORDER BY id",
	[QUERY_DUMP_ENV] = "SELECT * FROM run_env WHERE run_id = ?1"
			   " ORDER BY key",
	[QUERY_DUMP_RESULTS] = "SELECT * FROM result WHERE run_id = ?1"
			       " ORDER BY number, test, rep, id",
	/* The columns of every version; metrics: query_load_metrics. */
	[QUERY_DUMP_SAMPLES] = "SELECT result_id, seq, calls, elapsed_ns,"
			       " printed_ops FROM sample WHERE result_id = ?1"
			       " ORDER BY seq",
};

/* Results before version 4, with what the reader takes them to be. */
static const char dump_results_v3[] =
	"SELECT *, CASE WHEN test IN " SCHEMA_PEAK_TESTS " THEN 'peak'"
	" ELSE 'mean' END AS judged, 'higher' AS better, 1 AS copies"
	" FROM result WHERE run_id = ?1 ORDER BY number, test, rep, id";

/* Before version 5 every result was one copy. */
static const char dump_results_v4[] =
	"SELECT *, 1 AS copies FROM result WHERE run_id = ?1"
	" ORDER BY number, test, rep, id";

static void
read_cell(sqlite3_stmt *stmt, int i, struct query_cell *c)
{
	memset(c, 0, sizeof(*c));
	c->name = sqlite3_column_name(stmt, i);
	switch (sqlite3_column_type(stmt, i)) {
	case SQLITE_INTEGER:
		c->type = QUERY_INT;
		c->i = sqlite3_column_int64(stmt, i);
		break;
	case SQLITE_FLOAT:
		c->type = QUERY_REAL;
		c->d = sqlite3_column_double(stmt, i);
		break;
	case SQLITE_NULL:
		c->type = QUERY_NULL;
		break;
	default:
		/* Blobs are never stored; shown as text should one appear. */
		c->type = QUERY_TEXT;
		c->s = (const char *)sqlite3_column_text(stmt, i);
		if (c->s == NULL)
			c->type = QUERY_NULL;
		break;
	}
}

int
query_dump(struct sqlite3 *db, enum query_dump what, const char *tag,
	   int64_t id, query_row_fn fn, void *arg)
{
	struct query_cell cells[32];
	sqlite3_stmt *stmt;
	int rc, stop = 0, bound;

	int v = what == QUERY_DUMP_RESULTS ? query_user_version(db) : 5;

	if (query_prepare(db, v < 4 ? dump_results_v3 : v < 5 ? dump_results_v4 :
			  dump_sql[what], &stmt) < 0)
		return -1;
	bound = what == QUERY_DUMP_RUNS ?
			sqlite3_bind_text(stmt, 1, tag, -1, SQLITE_STATIC) :
			sqlite3_bind_int64(stmt, 1, id);
	if (bound != SQLITE_OK)
		return query_finish(db, stmt, SQLITE_ERROR);
	while (stop == 0 && (rc = sqlite3_step(stmt)) == SQLITE_ROW) {
		int n = sqlite3_column_count(stmt);

		if (n > 32)
			n = 32;	/* the widest table has 14 columns */
		for (int i = 0; i < n; i++)
			read_cell(stmt, i, &cells[i]);
		stop = fn(cells, (size_t)n, arg);
	}
	if (stop != 0) {
		(void)sqlite3_finalize(stmt);	/* stopped on purpose */
		return stop;
	}
	return query_finish(db, stmt, rc);
}
