// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The columns of PostgreSQL rows for db.h: every value arrives as
 * text and is parsed here, whole and range-checked.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db_pg_int.h"

/* The current row's value of COL, or NULL for SQL NULL or no such value. */
static const char *
value(struct db_pg_stmt *st, int col)
{
	int row = st->row - 1;

	if (st->res == NULL || row < 0 || row >= PQntuples(st->res) ||
	    col < 0 || col >= PQnfields(st->res) ||
	    PQgetisnull(st->res, row, col))
		return NULL;
	return PQgetvalue(st->res, row, col);
}

/* The columns before a run: the server describes the statement once. */
static const PGresult *
columns(struct db_pg_stmt *st)
{
	if (st->res != NULL)
		return st->res;
	if (st->desc == NULL) {
		st->desc = PQdescribePrepared(st->db->conn, st->name);
		if (PQresultStatus(st->desc) != PGRES_COMMAND_OK) {
			db_pg_fail(st->db, "", st->desc);
			PQclear(st->desc);
			st->desc = NULL;
		}
	}
	return st->desc;
}

int
db_pg_column_count(struct db_stmt *s)
{
	const PGresult *r = columns(db_pg_stmt(s));

	return r != NULL ? PQnfields(r) : 0;
}

const char *
db_pg_column_name(struct db_stmt *s, int col)
{
	const PGresult *r = columns(db_pg_stmt(s));

	if (r == NULL || col < 0 || col >= PQnfields(r))
		return NULL;
	return PQfname(r, col);
}

int
db_pg_column_is_null(struct db_stmt *s, int col)
{
	return value(db_pg_stmt(s), col) == NULL;
}

const char *
db_pg_column_text(struct db_stmt *s, int col)
{
	return value(db_pg_stmt(s), col);
}

_Static_assert(sizeof(long long) == sizeof(int64_t),
	       "strtoll's range is int64_t's");

/* A value that does not read is 0, and the next db_step says why. */
static void
bad_value(struct db_pg_stmt *st, int col, const char *type)
{
	snprintf(st->err, sizeof(st->err), "column %d: not %s", col, type);
}

int64_t
db_pg_column_int64(struct db_stmt *s, int col)
{
	struct db_pg_stmt *st = db_pg_stmt(s);
	const char *v = value(st, col);
	char *end;
	long long n;

	if (v == NULL)
		return 0;
	errno = 0;
	n = strtoll(v, &end, 10);
	/* strtoll would also take blanks and '+', which are no integer here */
	if ((v[0] != '-' && (v[0] < '0' || v[0] > '9')) || *end != '\0' ||
	    errno != 0) {
		bad_value(st, col, "a 64-bit integer");
		return 0;
	}
	return (int64_t)n;
}

/* float8's output is the shortest text that reads back the same double. */
double
db_pg_column_double(struct db_stmt *s, int col)
{
	struct db_pg_stmt *st = db_pg_stmt(s);
	const char *v = value(st, col);
	char *end;
	double d;

	if (v == NULL)
		return 0.0;
	errno = 0;
	d = strtod(v, &end);
	/* ERANGE: a denormal, which is still its value, or past the range */
	if (v[0] == '\0' || *end != '\0' ||
	    (errno == ERANGE && (d > 1.0 || d < -1.0))) {
		bad_value(st, col, "a number");
		return 0.0;
	}
	return d;
}

/*
 * The type of a value, from the column's type as the server sends it
 * (the OIDs of pg_type.h, fixed since PostgreSQL 7): every integer
 * kind is an integer, the floating kinds and numeric a real.
 */
enum db_type
db_pg_column_type(struct db_stmt *s, int col)
{
	struct db_pg_stmt *st = db_pg_stmt(s);

	if (value(st, col) == NULL)
		return DB_NULL;
	switch (PQftype(st->res, col)) {
	case 20:	/* int8 */
	case 21:	/* int2 */
	case 23:	/* int4 */
		return DB_INTEGER;
	case 700:	/* float4 */
	case 701:	/* float8 */
	case 1700:	/* numeric */
		return DB_REAL;
	default:
		return DB_TEXT;
	}
}
