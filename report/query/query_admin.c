// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Housekeeping queries for aimdb: list, check, rm, rename, and what an
 * import asks of the database it stores into.  Values are always bound,
 * never formatted into the SQL text.
 */
#include "config.h"

#include "query_admin.h"
#include "query.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "query_int.h"
#include "store.h"
#include "xalloc.h"

static const char sql_tags[] =
	"SELECT tag FROM run GROUP BY tag ORDER BY MIN(id)";

/* Each row's first column as a string, collected into *OUT. */
static int
strings(struct db *db, struct db_stmt *stmt, char ***out, size_t *n)
{
	int rc;

	while ((rc = db_step(stmt)) == DB_ROW) {
		char *s = query_text(stmt, 0);

		*out = xrealloc(*out, (*n + 1) * sizeof(**out));
		(*out)[(*n)++] = s != NULL ? s : xstrdup("");
	}
	return query_finish(db, stmt, rc);
}

int
query_tags(struct db *db, char ***tags, size_t *n)
{
	struct db_stmt *stmt;

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
query_tag_runs(struct db *db, const char *tag, int64_t *n)
{
	struct db_stmt *stmt;
	int rc;

	if (query_prepare(db, "SELECT COUNT(*) FROM run WHERE tag = ?",
			  &stmt) < 0)
		return -1;
	if (db_bind_text(stmt, 1, tag) < 0)
		return query_finish(db, stmt, DB_ERROR);
	rc = db_step(stmt);
	if (rc == DB_ROW) {
		*n = db_column_int64(stmt, 0);
		rc = db_step(stmt);
	}
	return query_finish(db, stmt, rc);
}

/* One statement binding TEXT1 (and TEXT2 when not NULL), run to the end. */
static int
exec_bound(struct db *db, const char *sql, const char *text1, const char *text2)
{
	struct db_stmt *stmt;

	if (query_prepare(db, sql, &stmt) < 0)
		return -1;
	if (db_bind_text(stmt, 1, text1) < 0 ||
	    (text2 != NULL &&
	     db_bind_text(stmt, 2, text2) < 0))
		return query_finish(db, stmt, DB_ERROR);
	return query_finish(db, stmt, db_step(stmt));
}

int
query_tag_remove(struct db *db, const char *tag)
{
	if (store_remove_runs(db, STORE_RUNS_BY_TAG, tag) < 0) {
		aim_warn("database error: %s", db_errmsg(db));
		return -1;
	}
	return 0;
}

int
query_tag_rename(struct db *db, const char *old, const char *new)
{
	return exec_bound(db, "UPDATE run SET tag = ? WHERE tag = ?", new,
			  old);
}

int
query_import_find(struct db *db, const char *sha256,
		  struct query_import_hit *hit)
{
	struct db_stmt *stmt;
	int rc;

	memset(hit, 0, sizeof(*hit));
	if (query_prepare(db, "SELECT u.id, u.tag, u.started_utc FROM run_import"
			  " AS i JOIN run AS u ON u.id = i.run_id"
			  " WHERE i.sha256 = ? ORDER BY u.id LIMIT 1", &stmt) < 0)
		return -1;
	if (db_bind_text(stmt, 1, sha256) < 0)
		return query_finish(db, stmt, DB_ERROR);
	rc = db_step(stmt);
	if (rc == DB_ROW) {
		hit->run_id = db_column_int64(stmt, 0);
		hit->tag = query_text(stmt, 1);
		hit->started_utc = query_text(stmt, 2);
		rc = DB_DONE;
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

/* The one text column of the row STMT (bound) finds: 1, 0 none, -1. */
static int
one_text(struct db *db, struct db_stmt *stmt, char **out)
{
	int rc = db_step(stmt), found = rc == DB_ROW;

	*out = found ? query_text(stmt, 0) : NULL;
	if (found)
		rc = DB_DONE;
	if (query_finish(db, stmt, rc) < 0) {
		free(*out);
		*out = NULL;
		return -1;
	}
	return found;
}

/* A statement asked again and again: whether a uuid is stored. */
struct query_probe {
	struct db *db;
	struct db_stmt *stmt;
};

struct query_probe *
query_probe_open(struct db *db)
{
	struct query_probe *p = xcalloc(1, sizeof(*p));

	p->db = db;
	if (query_prepare(db, "SELECT 1 FROM run WHERE uuid = ?",
			  &p->stmt) < 0) {
		free(p);
		return NULL;
	}
	return p;
}

int
query_probe_uuid(struct query_probe *p, const char *uuid)
{
	int rc;

	if (db_reset(p->stmt) < 0 || db_bind_text(p->stmt, 1, uuid) < 0) {
		aim_warn("database error: %s", db_errmsg(p->db));
		return -1;
	}
	rc = db_step(p->stmt);
	if (rc == DB_ERROR) {
		aim_warn("database error: %s", db_errmsg(p->db));
		return -1;
	}
	/* Reset before the next use: a server's rows are let go now. */
	(void)db_reset(p->stmt);
	return rc == DB_ROW;
}

void
query_probe_close(struct query_probe *p)
{
	if (p == NULL)
		return;
	db_finalize(p->stmt);
	free(p);
}

int
query_run_uuid(struct db *db, const char *uuid, char **tag)
{
	struct db_stmt *stmt;

	*tag = NULL;
	if (query_user_version(db) < 4)
		return 0;
	if (query_prepare(db, "SELECT tag FROM run WHERE uuid = ?", &stmt) < 0)
		return -1;
	if (db_bind_text(stmt, 1, uuid) < 0)
		return query_finish(db, stmt, DB_ERROR);
	return one_text(db, stmt, tag);
}

static void
push(struct query_check *out, char *line)
{
	out->integrity = xrealloc(out->integrity, (out->n_integrity + 1) *
				  sizeof(*out->integrity));
	out->integrity[out->n_integrity++] = line != NULL ? line : xstrdup("");
}

/* A line of the engine's verdict on its storage (db_check). */
static void
verdict_line(const char *line, void *arg)
{
	push(arg, xstrdup(line));
}

int
query_check(struct db *db, int runs, struct query_check *out)
{
	struct db_stmt *stmt;

	memset(out, 0, sizeof(*out));
	out->user_version = db_schema_version(db);
	/* Reading every row of a damaged file only fails again: db_check. */
	if (out->user_version < 0 ||
	    db_check(db, verdict_line, out, &out->fk_violations) < 0) {
		aim_warn("database error: %s", db_errmsg(db));
		goto fail;
	}
	out->listed = runs;
	if (runs && (query_prepare(db,
				   "SELECT 'run ' || id || ' (' || tag || ', started '"
				   " || started_utc || ')' FROM run"
				   " WHERE status <> 'complete' ORDER BY id",
				   &stmt) < 0 ||
		     strings(db, stmt, &out->incomplete,
			     &out->n_incomplete) < 0))
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
