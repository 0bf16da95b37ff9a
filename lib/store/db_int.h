/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What a backend of db.h provides: a table of operations, reached
 * through the first member of its connection and statement structures
 * (struct db_sqlite { struct db base; sqlite3 *h; ... }).  Private to
 * db.c and the backends.
 */
#ifndef AIM_DB_INT_H
#define AIM_DB_INT_H

#include "db.h"

struct db_ops {
	enum db_engine engine;
	struct db_stmt *(*prepare)(struct db *db, const char *sql);
	int (*bind_int64)(struct db_stmt *st, int i, int64_t v);
	int (*bind_double)(struct db_stmt *st, int i, double v);
	int (*bind_text)(struct db_stmt *st, int i, const char *s);
	int (*bind_null)(struct db_stmt *st, int i);
	int (*step)(struct db_stmt *st);
	int (*reset)(struct db_stmt *st);
	void (*finalize)(struct db_stmt *st);
	int (*column_count)(struct db_stmt *st);
	int (*column_is_null)(struct db_stmt *st, int col);
	int64_t (*column_int64)(struct db_stmt *st, int col);
	double (*column_double)(struct db_stmt *st, int col);
	const char *(*column_text)(struct db_stmt *st, int col);
	const char *(*column_name)(struct db_stmt *st, int col);
	enum db_type (*column_type)(struct db_stmt *st, int col);
	/*
	 * db_bulk_*: TARGET is "table (col, ...)", checked; NULL members
	 * make it one INSERT run per row (db.c).
	 */
	struct db_stmt *(*bulk_prepare)(struct db *db, const char *target,
					int ncols);
	int (*bulk_row)(struct db_stmt *st);
	int (*bulk_flush)(struct db_stmt *st);
	int (*exec)(struct db *db, const char *script);
	int64_t (*changes)(struct db *db);
	/* a writing transaction: SQLite BEGIN IMMEDIATE, PostgreSQL BEGIN */
	int (*begin)(struct db *db);
	int (*snapshot)(struct db *db);
	int (*lock)(struct db *db, int64_t key);
	int (*in_transaction)(const struct db *db);
	int (*schema_version)(struct db *db);
	int (*check)(struct db *db, void (*fn)(const char *, void *),
		     void *arg, int64_t *orphans);
	const char *(*errmsg)(const struct db *db);
	int (*lost)(const struct db *db);
	void (*close)(struct db *db);
};

struct db {
	const struct db_ops *ops;
};

struct db_stmt {
	const struct db_ops *ops;
};

#endif
