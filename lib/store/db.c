// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * db.h: each call handed to the backend that made the connection.
 * Savepoints and commits are plain SQL both engines spell alike.
 */
#include <stdio.h>
#include <string.h>

#include "db_int.h"

enum db_engine
db_engine(const struct db *db)
{
	return db->ops->engine;
}

struct db_stmt *
db_prepare(struct db *db, const char *sql)
{
	return db->ops->prepare(db, sql);
}

int
db_bind_int64(struct db_stmt *st, int i, int64_t v)
{
	return st->ops->bind_int64(st, i, v);
}

int
db_bind_double(struct db_stmt *st, int i, double v)
{
	return st->ops->bind_double(st, i, v);
}

int
db_bind_text(struct db_stmt *st, int i, const char *s)
{
	return st->ops->bind_text(st, i, s);
}

int
db_bind_null(struct db_stmt *st, int i)
{
	return st->ops->bind_null(st, i);
}

int
db_step(struct db_stmt *st)
{
	return st->ops->step(st);
}

int
db_reset(struct db_stmt *st)
{
	return st->ops->reset(st);
}

void
db_finalize(struct db_stmt *st)
{
	if (st)
		st->ops->finalize(st);
}

int
db_column_count(struct db_stmt *st)
{
	return st->ops->column_count(st);
}

int
db_column_is_null(struct db_stmt *st, int col)
{
	return st->ops->column_is_null(st, col);
}

int64_t
db_column_int64(struct db_stmt *st, int col)
{
	return st->ops->column_int64(st, col);
}

double
db_column_double(struct db_stmt *st, int col)
{
	return st->ops->column_double(st, col);
}

const char *
db_column_text(struct db_stmt *st, int col)
{
	return st->ops->column_text(st, col);
}

const char *
db_column_name(struct db_stmt *st, int col)
{
	return st->ops->column_name(st, col);
}

enum db_type
db_column_type(struct db_stmt *st, int col)
{
	return st->ops->column_type(st, col);
}

int
db_exec(struct db *db, const char *script)
{
	return db->ops->exec(db, script);
}

int64_t
db_changes(struct db *db)
{
	return db->ops->changes(db);
}

int
db_begin(struct db *db)
{
	return db->ops->begin(db);
}

int
db_commit(struct db *db)
{
	return db->ops->exec(db, "COMMIT");
}

void
db_rollback(struct db *db)
{
	if (db->ops->in_transaction(db))
		(void)db->ops->exec(db, "ROLLBACK");
}

/* Whether NAME is a fixed identifier, safe to paste: [a-z_]+. */
static int
plain_name(const char *name)
{
	return name != NULL && name[0] != '\0' &&
	       strspn(name, "abcdefghijklmnopqrstuvwxyz_") == strlen(name);
}

/* NAME is the caller's fixed identifier, so pasting it is safe. */
static int
savepoint_sql(struct db *db, const char *verb, const char *name)
{
	char sql[128];
	int n = snprintf(sql, sizeof(sql), "%s %s", verb, name);

	if (n < 0 || (size_t)n >= sizeof(sql) || !plain_name(name))
		return -1;
	return db->ops->exec(db, sql);
}

int
db_savepoint(struct db *db, const char *name)
{
	return savepoint_sql(db, "SAVEPOINT", name);
}

int
db_release(struct db *db, const char *name)
{
	return savepoint_sql(db, "RELEASE SAVEPOINT", name);
}

int
db_rollback_to(struct db *db, const char *name)
{
	return savepoint_sql(db, "ROLLBACK TO SAVEPOINT", name);
}

int
db_in_transaction(const struct db *db)
{
	return db->ops->in_transaction(db);
}

int
db_lock(struct db *db, int64_t key)
{
	return db->ops->lock(db, key);
}

int
db_snapshot(struct db *db)
{
	return db->ops->snapshot(db);
}

int
db_schema_version(struct db *db)
{
	return db->ops->schema_version(db);
}

int
db_check(struct db *db, void (*fn)(const char *line, void *arg), void *arg,
	 int64_t *orphans)
{
	return db->ops->check(db, fn, arg, orphans);
}

const char *
db_errmsg(const struct db *db)
{
	return db->ops->errmsg(db);
}

int
db_lost(const struct db *db)
{
	return db->ops->lost(db);
}

void
db_close(struct db *db)
{
	if (db)
		db->ops->close(db);
}

/* "TABLE (C1, C2, ...)" into BUF; -1 for a name not of [a-z_], or no room. */
static int
target_sql(char *buf, size_t len, const char *table, const char *const *cols,
	   int ncols)
{
	size_t n;
	int k;

	if (!plain_name(table) || ncols < 1)
		return -1;
	k = snprintf(buf, len, "%s (", table);
	for (int i = 0; i < ncols && k >= 0 && (size_t)k < len; i++) {
		if (!plain_name(cols[i]))
			return -1;
		n = (size_t)k;
		k = snprintf(buf + n, len - n, "%s%s", i > 0 ? ", " : "",
			     cols[i]);
		k = k < 0 ? -1 : k + (int)n;
	}
	if (k < 0 || (size_t)k + 2 > len)
		return -1;
	memcpy(buf + k, ")", 2);
	return 0;
}

struct db_stmt *
db_bulk_prepare(struct db *db, const char *table, const char *const *cols,
		int ncols)
{
	char target[512], sql[1024];
	size_t n;
	int k;

	if (ncols > 64 || target_sql(target, sizeof(target), table, cols,
				     ncols) < 0)
		return NULL;
	if (db->ops->bulk_prepare != NULL)
		return db->ops->bulk_prepare(db, target, ncols);
	k = snprintf(sql, sizeof(sql), "INSERT INTO %s VALUES (?", target);
	n = (size_t)k;	/* at most 530: target is under 512 */
	for (int i = 1; i < ncols; i++, n += 3)
		memcpy(sql + n, ", ?", 3);
	memcpy(sql + n, ")", 2);
	return db_prepare(db, sql);
}

int
db_bulk_row(struct db_stmt *st)
{
	if (st->ops->bulk_row != NULL)
		return st->ops->bulk_row(st);
	/* On failure the statement is left as is, keeping the message. */
	if (db_step(st) != DB_DONE)
		return -1;
	return db_reset(st);
}

int
db_bulk_flush(struct db_stmt *st)
{
	return st->ops->bulk_flush != NULL ? st->ops->bulk_flush(st) : 0;
}
