// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * aimdb list: the runs a listing picks, newest first, with what each
 * holds.  From version SCHEMA_SUMMARY_VERSION the counts are the run's
 * summary, kept by the writer (lib/store/store_summary.c), so a listing
 * reads a row a run whatever the samples; an older file is read as it
 * is, counting them.
 * The statement is made of fixed pieces, one per filter given; every
 * value is bound.
 */
#include "config.h"

#include "query_admin.h"
#include "query.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "query_int.h"
#include "schema_ver.h"
#include "xalloc.h"

/* The machine shown: the run's, else the one its environment names. */
#define ENV_OF_RUN(KEY) \
	"(SELECT e.value FROM run_env AS e WHERE e.run_id = u.id" \
	" AND e.key = '" KEY "')"

#define LIST_HEAD \
	"SELECT u.id, u.tag, u.started_utc, u.status, u.source," \
	" COALESCE(u.host, " ENV_OF_RUN("hostname") ")," \
	" " ENV_OF_RUN("uname.release") ","

static const char list_v6[] = LIST_HEAD
	" COALESCE(m.n_tests, 0), COALESCE(m.n_ok, 0),"
	" COALESCE(m.n_samples, 0)"
	" FROM run AS u LEFT JOIN run_summary AS m ON m.run_id = u.id";

/*
 * Before summaries.  The store numbers a result's samples 1..n, so the
 * last seq is the count: one step down the primary key a result.
 */
static const char list_v5[] = LIST_HEAD
	" (SELECT COUNT(DISTINCT r.test) FROM result AS r"
	"  WHERE r.run_id = u.id),"
	" (SELECT COUNT(*) FROM result AS r"
	"  WHERE r.run_id = u.id AND r.status = 'ok'),"
	" (SELECT COALESCE(SUM((SELECT MAX(s.seq) FROM sample AS s"
	"  WHERE s.result_id = r.id)), 0) FROM result AS r"
	"  WHERE r.run_id = u.id)"
	" FROM run AS u";

static const char count_head[] = "SELECT COUNT(*) FROM run AS u";

/*
 * The filters.  A run with a host of its own is found by the index
 * run_host; one without, by its environment.
 */
static const char where_host[] =
	" AND (u.host = ? OR (u.host IS NULL AND "
	ENV_OF_RUN("hostname") " = ?))";
static const char where_since[] = " AND u.started_utc >= ?";
static const char where_tag[] = " AND u.tag LIKE ? ESCAPE '!'";
/* Newest first: the index run_started, read backwards. */
static const char order[] = " ORDER BY u.started_utc DESC, u.id DESC";

/* HEAD, the filters O gives and TAIL, as one statement (malloc'd). */
static char *
statement(const char *head, const struct query_list_opts *o,
	  const char *tail)
{
	size_t len = strlen(head) + sizeof(where_host) + sizeof(where_since) +
		     sizeof(where_tag) + strlen(tail) + 32;
	char *sql = xmalloc(len);

	snprintf(sql, len, "%s WHERE 1 = 1%s%s%s%s", head,
		 o->host != NULL ? where_host : "",
		 o->since != NULL ? where_since : "",
		 o->pattern != NULL ? where_tag : "", tail);
	return sql;
}

/* PATTERN, a glob of '*' and '?', as LIKE takes it with '!' escaping. */
static char *
like_of(const char *pattern)
{
	char *out = xmalloc(2 * strlen(pattern) + 1), *p = out;

	for (const char *s = pattern; *s != '\0'; s++) {
		if (*s == '*') {
			*p++ = '%';
		} else if (*s == '?') {
			*p++ = '_';
		} else {
			if (*s == '%' || *s == '_' || *s == '!')
				*p++ = '!';
			*p++ = *s;
		}
	}
	*p = '\0';
	return out;
}

/* Bind O's filters from parameter 1 on; the next free one, or -1. */
static int
bind_filters(struct db_stmt *stmt, const struct query_list_opts *o)
{
	int i = 1, rc = 0;

	/* The host twice: the run's own, else its environment's. */
	if (o->host != NULL) {
		rc |= db_bind_text(stmt, i, o->host);
		rc |= db_bind_text(stmt, i + 1, o->host);
		i += 2;
	}
	if (o->since != NULL)
		rc |= db_bind_text(stmt, i++, o->since);
	if (o->pattern != NULL) {
		char *like = like_of(o->pattern);

		rc |= db_bind_text(stmt, i++, like);
		free(like);
	}
	return rc == 0 ? i : -1;
}

static void
read_row(struct db_stmt *stmt, struct query_list_row *r)
{
	r->id = db_column_int64(stmt, 0);
	r->tag = query_text(stmt, 1);
	r->started_utc = query_text(stmt, 2);
	r->status = query_text(stmt, 3);
	r->source = query_text(stmt, 4);
	r->host = query_text(stmt, 5);
	r->release = query_text(stmt, 6);
	r->n_tests = db_column_int64(stmt, 7);
	r->n_ok = db_column_int64(stmt, 8);
	r->n_samples = db_column_int64(stmt, 9);
}

static int
read_rows(struct db *db, const struct query_list_opts *o,
	  struct query_list_row **rows, size_t *n)
{
	struct db_stmt *stmt;
	size_t cap = 0;
	int rc = DB_ERROR, at;
	char tail[sizeof(order) + 16], *sql;

	snprintf(tail, sizeof(tail), "%s%s", order,
		 o->limit > 0 ? " LIMIT ?" : "");
	sql = statement(query_user_version(db) >= SCHEMA_SUMMARY_VERSION ?
			list_v6 : list_v5, o,
			tail);

	if (query_prepare(db, sql, &stmt) < 0) {
		free(sql);
		return -1;
	}
	free(sql);
	at = bind_filters(stmt, o);
	if (at > 0 && (o->limit <= 0 || db_bind_int64(stmt, at, o->limit) == 0))
		rc = DB_ROW;
	while (rc == DB_ROW && (rc = db_step(stmt)) == DB_ROW) {
		if (*n == cap) {
			cap = cap ? 2 * cap : 32;
			*rows = xrealloc(*rows, cap * sizeof(**rows));
		}
		read_row(stmt, &(*rows)[(*n)++]);
	}
	return query_finish(db, stmt, rc);
}

/* How many runs O's filters pick, limit aside, into *TOTAL. */
static int
count_rows(struct db *db, const struct query_list_opts *o, int64_t *total)
{
	struct db_stmt *stmt;
	char *sql = statement(count_head, o, "");
	int rc = DB_ERROR;

	if (query_prepare(db, sql, &stmt) < 0) {
		free(sql);
		return -1;
	}
	free(sql);
	if (bind_filters(stmt, o) > 0 && (rc = db_step(stmt)) == DB_ROW) {
		*total = db_column_int64(stmt, 0);
		rc = db_step(stmt);
	}
	return query_finish(db, stmt, rc);
}

int
query_list(struct db *db, const struct query_list_opts *o,
	   struct query_list_row **rows, size_t *n, int64_t *total)
{
	*rows = NULL;
	*n = 0;
	if (read_rows(db, o, rows, n) < 0)
		goto fail;
	*total = (int64_t)*n;
	/* Only a listing the limit filled can have left runs out. */
	if (o->limit > 0 && *total == o->limit && count_rows(db, o, total) < 0)
		goto fail;
	return 0;
fail:
	query_list_free(*rows, *n);
	*rows = NULL;
	*n = 0;
	return -1;
}

void
query_list_free_row(struct query_list_row *r)
{
	free(r->tag);
	free(r->started_utc);
	free(r->status);
	free(r->source);
	free(r->host);
	free(r->release);
}

void
query_list_free(struct query_list_row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++)
		query_list_free_row(&rows[i]);
	free(rows);
}
