/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Shared by the parts of the PostgreSQL backend (db_pg.c: the
 * connection; db_pg_stmt.c: statements; db_pg_sql.c: the
 * placeholders).  Private to them and their tests.
 */
#ifndef AIM_DB_PG_INT_H
#define AIM_DB_PG_INT_H

#include <stddef.h>
#include <stdint.h>

#include <libpq-fe.h>

#include "db_int.h"

struct db_pg {
	struct db base;
	PGconn *conn;
	uint64_t next_stmt;	/* names statements: unique per connection */
	int64_t changes;
	int lost;
	char err[512];
};

/* Fewer kept rows than this go as one INSERT, more as a COPY. */
#define DB_PG_COPY_ROWS 8

struct db_pg_stmt {
	struct db_stmt base;
	struct db_pg *db;
	char name[32];
	int nparams;
	char **values;		/* NULL: SQL NULL */
	PGresult *res;		/* the rows of the run */
	PGresult *desc;		/* the columns, asked before a run */
	int ran;		/* res holds rows */
	int row;		/* rows returned so far */
	char err[128];		/* a column that did not read, for db_step */
	/* A bulk statement (db_pg_bulk.c): never prepared, never run. */
	char *bulk;		/* "table (col, ...)", NULL for the others */
	char **rows;		/* the values of the rows kept, row after row */
	size_t nrows, cap;	/* rows kept, values ROWS has room for */
	/* the INSERT of K rows, K < DB_PG_COPY_ROWS, once prepared: "aim_N" */
	char small[DB_PG_COPY_ROWS][24];
};

static inline struct db_pg_stmt *
db_pg_stmt(struct db_stmt *st)
{
	return (struct db_pg_stmt *)st;
}

/* the most parameters one statement may have (the protocol's limit) */
#define DB_PG_MAX_PARAMS 65535

/*
 * SQL with '?' placeholders rewritten as $1, $2, ... in order; a '?'
 * inside a '...' literal, a "..." identifier, a -- comment or a
 * comment in slashes and stars stays.  Malloc'd, with the count in
 * *NPARAMS; NULL when there are more than DB_PG_MAX_PARAMS or a literal
 * is left open.
 */
char *db_pg_sql(const char *sql, int *nparams);

/* The statement operations of db_pg_stmt.c (db_int.h's). */
struct db_stmt *db_pg_prepare(struct db *db, const char *sql);
int db_pg_bind_int64(struct db_stmt *st, int i, int64_t v);
int db_pg_bind_double(struct db_stmt *st, int i, double v);
int db_pg_bind_text(struct db_stmt *st, int i, const char *s);
int db_pg_bind_null(struct db_stmt *st, int i);
int db_pg_step(struct db_stmt *st);
int db_pg_reset(struct db_stmt *st);
void db_pg_finalize(struct db_stmt *st);
int db_pg_column_count(struct db_stmt *st);
int db_pg_column_is_null(struct db_stmt *st, int col);
int64_t db_pg_column_int64(struct db_stmt *st, int col);
double db_pg_column_double(struct db_stmt *st, int col);
const char *db_pg_column_text(struct db_stmt *st, int col);
const char *db_pg_column_name(struct db_stmt *st, int col);
enum db_type db_pg_column_type(struct db_stmt *st, int col);
/* db_pg_bulk.c: db_bulk_* (db_int.h's), the kept rows dropped. */
struct db_stmt *db_pg_bulk_prepare(struct db *db, const char *target,
				   int ncols);
int db_pg_bulk_row(struct db_stmt *st);
int db_pg_bulk_flush(struct db_stmt *st);
void db_pg_bulk_drop(struct db_pg_stmt *st);
/* What a bulk statement holds besides a statement's, released. */
void db_pg_bulk_free(struct db_pg_stmt *st);
/* Deallocate DB's prepared statement NAME where the session allows. */
void db_pg_deallocate(struct db_pg *db, const char *name);
/*
 * The COPY text form of V (NULL: SQL NULL, "\\N") written at BUF, which
 * has room for twice V's length or 2 bytes: backslash, tab, newline and
 * carriage return escaped.  The bytes written, no NUL.
 */
size_t db_pg_copy_value(char *buf, const char *v);
/* db_pg_admin.c: what schema_pg.c marks, the server's check, db_lock. */
int db_pg_schema_version(struct db *db);
int db_pg_lock(struct db *db, int64_t key);
int db_pg_check(struct db *db, void (*fn)(const char *, void *), void *arg,
		int64_t *orphans);

/* The connection's table, for its statements. */
extern const struct db_ops db_pg_ops;

/*
 * DB's change count from RES when its command was an INSERT, UPDATE,
 * DELETE or MERGE; any other command leaves it.
 */
void db_pg_count(struct db_pg *db, const PGresult *res);

/*
 * Record a failure on DB: WHAT and libpq's reason (RES's primary
 * message, else the connection's), one printable line; whether the
 * connection is gone sets DB's lost flag.
 */
void db_pg_fail(struct db_pg *db, const char *what, const PGresult *res);

/* Set DB's error to MSG (a fixed text) with no server involved. */
void db_pg_fail_msg(struct db_pg *db, const char *msg);

#endif
