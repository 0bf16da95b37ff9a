// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * db_bulk_* on PostgreSQL: the rows of a bulk statement kept as the text
 * of their values and sent together, many in one COPY ... FROM STDIN,
 * a few in one INSERT (a COPY is two round trips: its start is answered
 * before any data may follow).
 */
#include "config.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db_pg_int.h"
#include "xalloc.h"

/* COPY data is sent in pieces of at most this many bytes. */
#define DB_PG_COPY_PIECE (256 * 1024)

struct db_stmt *
db_pg_bulk_prepare(struct db *d, const char *target, int ncols)
{
	struct db_pg_stmt *st = xcalloc(1, sizeof(*st));

	st->base.ops = &db_pg_ops;
	st->db = (struct db_pg *)d;
	st->nparams = ncols;
	st->values = xcalloc((size_t)ncols + 1, sizeof(*st->values));
	st->bulk = xstrdup(target);
	return &st->base;
}

void
db_pg_bulk_drop(struct db_pg_stmt *st)
{
	for (size_t i = 0; i < st->nrows * (size_t)st->nparams; i++)
		free(st->rows[i]);
	st->nrows = 0;
}

void
db_pg_bulk_free(struct db_pg_stmt *st)
{
	for (int k = 0; k < DB_PG_COPY_ROWS; k++)
		if (st->small[k][0] != '\0')
			db_pg_deallocate(st->db, st->small[k]);
	free(st->rows);
	free(st->bulk);
}

/* The bound values become the next kept row; the bindings are cleared. */
int
db_pg_bulk_row(struct db_stmt *s)
{
	struct db_pg_stmt *st = db_pg_stmt(s);
	size_t n = (size_t)st->nparams, used = st->nrows * n;

	if (st->bulk == NULL) {
		db_pg_fail_msg(st->db, "not a bulk statement");
		return -1;
	}
	if (used + n > st->cap) {
		st->cap = (used + n) * 2;
		st->rows = xrealloc(st->rows, st->cap * sizeof(*st->rows));
	}
	memcpy(st->rows + used, st->values, n * sizeof(*st->values));
	memset(st->values, 0, n * sizeof(*st->values));
	st->nrows++;
	return 0;
}

size_t
db_pg_copy_value(char *buf, const char *v)
{
	static const char special[] = "\\\t\n\r", letter[] = "\\tnr";
	size_t n = 0;

	if (v == NULL) {
		memcpy(buf, "\\N", 2);
		return 2;
	}
	for (; *v != '\0'; v++) {
		const char *e = strchr(special, *v);

		if (e != NULL) {
			buf[n++] = '\\';
			buf[n++] = letter[e - special];
		} else {
			buf[n++] = *v;
		}
	}
	return n;
}

/* The first failure of the results a command left, all read. */
static int
results(struct db_pg_stmt *st)
{
	PGconn *conn = st->db->conn;
	PGresult *res;
	int rc = 0;

	while ((res = PQgetResult(conn)) != NULL) {
		ExecStatusType s = PQresultStatus(res);

		if (s == PGRES_COMMAND_OK) {
			db_pg_count(st->db, res);
		} else if (rc == 0) {
			db_pg_fail(st->db, "", res);
			rc = -1;
		}
		PQclear(res);
		/* a COPY libpq could not end: nothing more will come */
		if (s == PGRES_COPY_IN || s == PGRES_COPY_BOTH)
			break;
	}
	return rc;
}

/* A growing piece of COPY data, sent whenever the next value would not fit. */
struct piece {
	char *buf;
	size_t len, max;
};

/* V's text and SEP into P: 0, or -1 when the data cannot be sent. */
static int
put(PGconn *conn, struct piece *p, const char *v, char sep)
{
	size_t need = (v != NULL ? 2 * strlen(v) : 2) + 1;

	if (need > INT_MAX)
		return -1;
	if (p->len + need > p->max && p->len > 0) {
		if (PQputCopyData(conn, p->buf, (int)p->len) != 1)
			return -1;
		p->len = 0;
	}
	if (need > p->max) {
		p->max = need;
		p->buf = xrealloc(p->buf, need);
	}
	p->len += db_pg_copy_value(p->buf + p->len, v);
	p->buf[p->len++] = sep;
	return 0;
}

/* The text of each kept row sent; 0 or -1. */
static int
copy_rows(struct db_pg_stmt *st)
{
	struct piece p = { xmalloc(DB_PG_COPY_PIECE), 0, DB_PG_COPY_PIECE };
	size_t n = (size_t)st->nparams;
	int rc = 0;

	for (size_t i = 0; i < st->nrows * n && rc == 0; i++)
		rc = put(st->db->conn, &p, st->rows[i],
			 (i + 1) % n == 0 ? '\n' : '\t');
	if (rc == 0 && p.len > 0 &&
	    PQputCopyData(st->db->conn, p.buf, (int)p.len) != 1)
		rc = -1;
	free(p.buf);
	return rc;
}

static int
copy(struct db_pg_stmt *st)
{
	PGconn *conn = st->db->conn;
	char sql[600];
	PGresult *res;
	int sent;

	snprintf(sql, sizeof(sql), "COPY %s FROM STDIN", st->bulk);
	res = PQexec(conn, sql);
	if (PQresultStatus(res) != PGRES_COPY_IN) {
		db_pg_fail(st->db, "", res);
		PQclear(res);
		return -1;
	}
	PQclear(res);
	sent = copy_rows(st) == 0;
	/* an error message instead of the end makes the server refuse all */
	if (PQputCopyEnd(conn, sent ? NULL : "rows not sent") != 1)
		sent = 0;
	if (results(st) < 0)
		return -1;
	if (!sent)
		db_pg_fail(st->db, "cannot send rows", NULL);
	return sent ? 0 : -1;
}

/* "INSERT INTO target VALUES ($1, ...), (...)" for ST's kept rows, malloc'd. */
static char *
insert_sql(const struct db_pg_stmt *st)
{
	size_t cols = (size_t)st->nparams, n = st->nrows * cols, len;
	char *sql = xmalloc(64 + strlen(st->bulk) + n * 12);

	len = (size_t)sprintf(sql, "INSERT INTO %s VALUES ", st->bulk);
	for (size_t i = 0; i < n; i++)
		len += (size_t)sprintf(sql + len, "%s$%zu%s",
				       i % cols == 0 ? (i > 0 ? ", (" : "(") :
				       ", ", i + 1, (i + 1) % cols == 0 ?
				       ")" : "");
	return sql;
}

/*
 * The kept rows as one INSERT, each value a parameter, prepared once per
 * count of rows: one round trip, as the prepared INSERT of one row was.
 */
static int
insert(struct db_pg_stmt *st)
{
	char *name = st->small[st->nrows];
	PGresult *res;
	char *sql;

	if (name[0] == '\0') {
		sql = insert_sql(st);
		snprintf(name, sizeof(st->small[0]), "aim_%" PRIu64,
			 st->db->next_stmt++);
		res = PQprepare(st->db->conn, name, sql, 0, NULL);
		free(sql);
		if (PQresultStatus(res) != PGRES_COMMAND_OK) {
			db_pg_fail(st->db, "", res);
			PQclear(res);
			name[0] = '\0';
			return -1;
		}
		PQclear(res);
	}
	if (PQsendQueryPrepared(st->db->conn, name,
				(int)(st->nrows * (size_t)st->nparams),
				(const char *const *)st->rows, NULL, NULL,
				0) != 1) {
		db_pg_fail(st->db, "", NULL);
		return -1;
	}
	return results(st);
}

int
db_pg_bulk_flush(struct db_stmt *s)
{
	struct db_pg_stmt *st = db_pg_stmt(s);
	int rc;

	if (st->bulk == NULL) {
		db_pg_fail_msg(st->db, "not a bulk statement");
		return -1;
	}
	if (st->nrows == 0)
		return 0;
	rc = st->nrows < DB_PG_COPY_ROWS ? insert(st) : copy(st);
	db_pg_bulk_drop(st);
	return rc;
}
