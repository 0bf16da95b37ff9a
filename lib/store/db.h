/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One connection to a results database, whichever engine holds it: the
 * embedded SQLite file (the default) or a PostgreSQL server through
 * libpq.  Every statement of lib/store*.c and report/query*.c goes
 * through this interface; the engine's own handle never leaves its
 * backend (db_sqlite.c, db_pg.c).
 *
 * SQL given here is written once for both engines: '?' placeholders,
 * numbered 1, 2, ... in order of appearance ('?' inside a quoted literal
 * is not one), values always bound, never pasted into the text; types
 * INTEGER (64-bit), REAL (double) and TEXT; "INSERT ... RETURNING id"
 * for a new row's key.  What one engine lacks (PRAGMAs, ON CONFLICT
 * spellings) is asked of the backend through the calls below, not
 * written as SQL by callers.
 */
#ifndef AIM_DB_H
#define AIM_DB_H

#include <stddef.h>
#include <stdint.h>

/*
 * How long one statement may run before the engine stops it with an
 * error (PostgreSQL: statement_timeout; SQLite: a progress handler
 * counting the time spent in the statement's steps): long enough for a
 * comparison of a thousand tags, short enough that a statement stuck
 * behind a lock, or looping in a hostile file's view, ends in an error
 * a user can read.
 */
#define DB_STATEMENT_LIMIT_S 60

struct db;		/* a connection */
struct db_stmt;		/* a prepared statement of one connection */

enum db_engine {
	DB_SQLITE,
	DB_POSTGRES,
};

/* The type of a value read (db_column_type). */
enum db_type {
	DB_NULL,
	DB_INTEGER,
	DB_REAL,
	DB_TEXT,
};

/* Results of db_step. */
enum db_step {
	DB_ERROR = -1,	/* reason in db_errmsg */
	DB_DONE = 0,	/* no (more) rows */
	DB_ROW = 1,	/* a row is ready for db_column_* */
};

enum db_engine db_engine(const struct db *db);

/*
 * Prepare SQL (one statement).  NULL on failure, the reason in
 * db_errmsg.  A statement belongs to DB and must be finalised before
 * DB is closed.
 */
struct db_stmt *db_prepare(struct db *db, const char *sql);

/*
 * Bind parameter I (from 1) of ST.  Text is copied; a NULL S binds SQL
 * NULL.  0, or -1 (a bad index, no memory) with the reason in
 * db_errmsg.
 */
int db_bind_int64(struct db_stmt *st, int i, int64_t v);
int db_bind_double(struct db_stmt *st, int i, double v);
int db_bind_text(struct db_stmt *st, int i, const char *s);
int db_bind_null(struct db_stmt *st, int i);

/*
 * Run ST (on the first call after binding) and move to its next row.
 * A statement without rows returns DB_DONE once it has run.
 */
int db_step(struct db_stmt *st);

/*
 * Make ST ready to run again: the rows of the last run dropped, the
 * bindings cleared.  0 or -1.
 */
int db_reset(struct db_stmt *st);

/* Release ST (NULL is allowed). */
void db_finalize(struct db_stmt *st);

/*
 * Columns of the current row, numbered from 0.  A NULL value reads as
 * 0, 0.0 or a NULL pointer; db_column_is_null tells NULL from 0.  Text
 * stays valid until the next db_step, db_reset or db_finalize of ST.
 * An integer column that does not fit int64_t (PostgreSQL text that is
 * not a number) reads as 0 and sets the statement's error, which the
 * next db_step reports.
 */
int db_column_count(struct db_stmt *st);
int db_column_is_null(struct db_stmt *st, int col);
int64_t db_column_int64(struct db_stmt *st, int col);
double db_column_double(struct db_stmt *st, int col);
const char *db_column_text(struct db_stmt *st, int col);
const char *db_column_name(struct db_stmt *st, int col);

/*
 * The type of the value in column COL of the current row, for readers
 * of whole rows (SELECT *) that keep each value as stored: SQLite's
 * storage class (a blob reads as text), PostgreSQL's column type.
 */
enum db_type db_column_type(struct db_stmt *st, int col);

/*
 * Rows of TABLE's NCOLS columns COLS (fixed identifiers of the caller,
 * [a-z_], never data) added many at a time, inside the caller's
 * transaction: values bound to parameters 1..NCOLS with db_bind_*, then
 * db_bulk_row; db_bulk_flush when the rows are all there.  SQLite
 * inserts each row at db_bulk_row (one prepared INSERT); PostgreSQL
 * keeps them and sends them together at db_bulk_flush (COPY ... FROM
 * STDIN, a few rows as one INSERT), so a refused row may be reported by
 * either call.  After a failure the caller rolls back what the rows
 * were part of.  db_reset drops rows not yet sent; db_step is refused.
 * NULL with the reason in db_errmsg (or a name not of [a-z_]).
 */
struct db_stmt *db_bulk_prepare(struct db *db, const char *table,
				const char *const *cols, int ncols);
int db_bulk_row(struct db_stmt *st);
int db_bulk_flush(struct db_stmt *st);

/*
 * Run SCRIPT, one or more statements without parameters or rows
 * (schema steps, transaction control).  0, or -1 with the reason.
 */
int db_exec(struct db *db, const char *script);

/* Rows changed by the last INSERT, UPDATE or DELETE run on DB. */
int64_t db_changes(struct db *db);

/*
 * Transactions.  db_begin starts one that writes (SQLite: BEGIN
 * IMMEDIATE, so two writers wait instead of failing at commit);
 * db_savepoint/db_release/db_rollback_to nest inside it under NAME, a
 * fixed identifier of the caller, never data.  0 or -1, except
 * db_rollback which always leaves DB outside any transaction.
 */
int db_begin(struct db *db);
int db_commit(struct db *db);
void db_rollback(struct db *db);
int db_savepoint(struct db *db, const char *name);
int db_release(struct db *db, const char *name);
int db_rollback_to(struct db *db, const char *name);
int db_in_transaction(const struct db *db);

/*
 * Hold the lock KEY until DB's writing transaction (db_begin) ends,
 * waiting while another connection holds it: taken before a check a
 * write depends on (is this content stored? is this tag free?), so two
 * writers never both pass the check.  SQLite: the writing transaction
 * already excludes every other writer of the file, so nothing more is
 * taken; PostgreSQL: pg_advisory_xact_lock(KEY).  0, or -1 with the
 * reason (also outside a writing transaction).
 */
int db_lock(struct db *db, int64_t key);

/*
 * Every read from now on sees one consistent picture of the database,
 * whatever others commit meanwhile (SQLite: a read transaction held;
 * PostgreSQL: REPEATABLE READ, READ ONLY).  0 or -1.
 */
int db_snapshot(struct db *db);

/*
 * The aimkit schema version DB holds (SQLite: PRAGMA user_version), 0
 * for a database without one, or -1 with the reason.
 */
int db_schema_version(struct db *db);

/*
 * The engine's own check of what it stores: FN is called with each line
 * of its verdict, the one line "ok" when sound (SQLite: PRAGMA
 * integrity_check, a file too damaged to answer adding its error as one
 * more line).  *ORPHANS is then the number of rows whose foreign key
 * finds no parent, or -1 when not counted because the verdict was not
 * "ok".  0, or -1 with the reason.
 */
int db_check(struct db *db, void (*fn)(const char *line, void *arg),
	     void *arg, int64_t *orphans);

/*
 * The reason for the last failure on DB: one line, no newline, never
 * NULL.  Valid until the next call on DB.
 */
const char *db_errmsg(const struct db *db);

/*
 * Whether the last failure was the server going away (PostgreSQL: the
 * connection is lost), as opposed to a refused statement: a writer may
 * then keep its results elsewhere.  Always 0 for SQLite.
 */
int db_lost(const struct db *db);

/* Close DB (NULL is allowed); an open transaction is rolled back. */
void db_close(struct db *db);

#endif
