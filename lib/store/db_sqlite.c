// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * db.h on SQLite: each call a thin wrapper of the SQLite call, with
 * the reason of a failure kept in the connection in the words of
 * schema_errmsg() (SQLite's message, and the system's when one caused
 * it).  The code of the engine lies here, so store_engine_code() does
 * too.
 */
#include "config.h"

#include "db_sqlite.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "db_int.h"
#include "schema.h"
#include "store_code.h"
#include "tag.h"

#define DB_SQLITE_ERR_MAX 512

struct db_sqlite {
	struct db base;
	sqlite3 *h;
	int64_t limit_ns;	/* of a statement's steps together */
	int64_t step_ns;	/* when the step running began; 0: none runs */
	int64_t spent_ns;	/* in the running statement's earlier steps */
	int stopped;		/* the progress handler stopped that step */
	char err[DB_SQLITE_ERR_MAX];
};

/*
 * Rows of a bulk statement (db_bulk_*) are bound straight into the
 * parameters of one INSERT of BULK_ROWS rows, sent when they are all
 * there; the rows short of that at the flush go with the same statement,
 * its LIMIT leaving the rows not bound out.  A statement a row costs
 * would end the program (VDBE) of each row, most of a row's cost.
 */
#define BULK_ROWS 32

struct db_sqlite_stmt {
	struct db_stmt base;
	struct db_sqlite *db;
	sqlite3_stmt *s;
	int64_t spent_ns;	/* in its steps since it was last reset */
	int ncols;	/* bulk: the columns of a row; 0: not bulk */
	int row;	/* bulk: the rows bound and not yet sent */
};

/* How many virtual machine steps between two looks at the clock. */
#define DB_SQLITE_PROGRESS_OPS 10000

static const struct db_ops sqlite_ops;

const void *
store_engine_code(void)
{
	return (const void *)(uintptr_t)sqlite3_libversion;
}

static struct db_sqlite *
conn(const struct db *db)
{
	return (struct db_sqlite *)db;
}

static struct db_sqlite_stmt *
stmt(struct db_stmt *st)
{
	return (struct db_sqlite_stmt *)st;
}

/* Keep SQLite's reason for the failure that just happened on D. */
static int
fail(struct db_sqlite *d)
{
	(void)schema_errmsg(d->h, d->err, sizeof(d->err));
	return -1;
}

int
db_sqlite_fail(struct db *db)
{
	return fail(conn(db));
}

/*
 * SQLite's progress handler: a statement whose steps together ran past
 * the limit is stopped (SQLITE_INTERRUPT), so a view a hostile file put
 * in place of a table cannot keep a reader spinning.  Outside a step
 * (the open path, a script) nothing is stopped.
 */
static int
progress(void *arg)
{
	struct db_sqlite *d = arg;

	if (d->step_ns == 0 ||
	    clock_mono_ns() - d->step_ns + d->spent_ns <= d->limit_ns)
		return 0;
	d->stopped = 1;
	return 1;
}

void
db_sqlite_set_limit(struct db *db, int64_t limit_ns)
{
	conn(db)->limit_ns = limit_ns;
}

struct db *
db_sqlite_wrap(sqlite3 *h)
{
	struct db_sqlite *d;

	if (h == NULL)
		return NULL;
	d = calloc(1, sizeof(*d));
	if (d == NULL) {
		(void)sqlite3_close(h);	/* no statement is open */
		return NULL;
	}
	d->base.ops = &sqlite_ops;
	d->h = h;
	d->limit_ns = DB_STATEMENT_LIMIT_S * INT64_C(1000000000);
	sqlite3_progress_handler(h, DB_SQLITE_PROGRESS_OPS, progress, d);
	snprintf(d->err, sizeof(d->err), "no error");
	return &d->base;
}

sqlite3 *
db_sqlite_handle(struct db *db)
{
	return db != NULL && db->ops == &sqlite_ops ? conn(db)->h : NULL;
}

static struct db_stmt *
sqlite_prepare(struct db *db, const char *sql)
{
	struct db_sqlite *d = conn(db);
	struct db_sqlite_stmt *st;
	sqlite3_stmt *s = NULL;

	if (sqlite3_prepare_v2(d->h, sql, -1, &s, NULL) != SQLITE_OK) {
		(void)fail(d);
		(void)sqlite3_finalize(s);	/* NULL after a failure */
		return NULL;
	}
	if (s == NULL) {	/* only a comment or white space */
		snprintf(d->err, sizeof(d->err), "no statement in the SQL");
		return NULL;
	}
	st = calloc(1, sizeof(*st));
	if (st == NULL) {
		snprintf(d->err, sizeof(d->err), "out of memory");
		(void)sqlite3_finalize(s);	/* never run */
		return NULL;
	}
	st->base.ops = &sqlite_ops;
	st->db = d;
	st->s = s;
	return &st->base;
}

static int
bound(struct db_stmt *st, int rc)
{
	return rc == SQLITE_OK ? 0 : fail(stmt(st)->db);
}

/* Parameter I of ST: of a bulk statement, of the row being bound. */
static int
param(struct db_stmt *st, int i)
{
	if (stmt(st)->ncols > 0 && (i < 1 || i > stmt(st)->ncols))
		return 0;	/* refused by SQLite: out of range */
	return i + stmt(st)->row * stmt(st)->ncols;
}

static int
sqlite_bind_int64(struct db_stmt *st, int i, int64_t v)
{
	return bound(st, sqlite3_bind_int64(stmt(st)->s, param(st, i), v));
}

static int
sqlite_bind_double(struct db_stmt *st, int i, double v)
{
	return bound(st, sqlite3_bind_double(stmt(st)->s, param(st, i), v));
}

static int
sqlite_bind_text(struct db_stmt *st, int i, const char *s)
{
	if (s == NULL)
		return bound(st, sqlite3_bind_null(stmt(st)->s, param(st, i)));
	return bound(st, sqlite3_bind_text(stmt(st)->s, param(st, i), s, -1,
					   SQLITE_TRANSIENT));
}

static int
sqlite_bind_null(struct db_stmt *st, int i)
{
	return bound(st, sqlite3_bind_null(stmt(st)->s, param(st, i)));
}

static int
sqlite_step(struct db_stmt *st)
{
	struct db_sqlite *d = stmt(st)->db;
	int rc;

	if (stmt(st)->ncols > 0) {
		snprintf(d->err, sizeof(d->err),
			 "a bulk statement is not stepped");
		return DB_ERROR;
	}

	d->spent_ns = stmt(st)->spent_ns;
	d->stopped = 0;
	d->step_ns = clock_mono_ns();
	rc = sqlite3_step(stmt(st)->s);
	stmt(st)->spent_ns += clock_mono_ns() - d->step_ns;
	d->step_ns = 0;
	if (rc == SQLITE_ROW)
		return DB_ROW;
	if (rc == SQLITE_DONE)
		return DB_DONE;
	if (d->stopped) {
		/* One line naming the file: the database may be anyone's. */
		snprintf(d->err, sizeof(d->err), "%s: a statement ran for more "
			 "than %g s and was stopped (a hostile or damaged "
			 "database?)", sqlite3_db_filename(d->h, "main"),
			 (double)d->limit_ns / 1e9);
		tag_printable(d->err);
		return DB_ERROR;
	}
	(void)fail(d);
	return DB_ERROR;
}

/* The rows of bulk statement ST bound so far, inserted. */
static int
bulk_send(struct db_sqlite_stmt *st)
{
	int rc;

	if (st->row == 0)
		return 0;
	if (sqlite3_bind_int(st->s, BULK_ROWS * st->ncols + 1, st->row) !=
	    SQLITE_OK)
		return fail(st->db);
	st->row = 0;
	rc = sqlite3_step(st->s);
	/* Bound again before the next step: no need to clear them. */
	(void)sqlite3_reset(st->s);
	return rc == SQLITE_DONE ? 0 : fail(st->db);
}

static struct db_stmt *
sqlite_bulk_prepare(struct db *db, const char *target, int ncols)
{
	size_t len = strlen(target) + (size_t)(BULK_ROWS * ncols) * 3 + 128;
	char *sql = malloc(len);
	struct db_stmt *st;
	size_t n;

	if (sql == NULL) {
		snprintf(conn(db)->err, sizeof(conn(db)->err), "out of memory");
		return NULL;
	}
	n = (size_t)snprintf(sql, len, "INSERT INTO %s SELECT * FROM (VALUES",
			     target);
	for (int r = 0; r < BULK_ROWS; r++)
		for (int c = 0; c < ncols; c++)
			n += (size_t)snprintf(sql + n, len - n, "%s?",
					      c > 0 ? ", " : r > 0 ? "), (" :
					      " (");
	snprintf(sql + n, len - n, ")) LIMIT ?");
	st = sqlite_prepare(db, sql);
	free(sql);
	if (st != NULL)
		stmt(st)->ncols = ncols;
	return st;
}

static int
sqlite_bulk_row(struct db_stmt *st)
{
	return ++stmt(st)->row == BULK_ROWS ? bulk_send(stmt(st)) : 0;
}

static int
sqlite_bulk_flush(struct db_stmt *st)
{
	return bulk_send(stmt(st));
}

static int
sqlite_reset(struct db_stmt *st)
{
	stmt(st)->row = 0;	/* a bulk statement's rows not sent: dropped */
	/*
	 * sqlite3_reset repeats a failure of the last step, which that step
	 * reported; the statement is reset all the same.
	 */
	(void)sqlite3_reset(stmt(st)->s);
	stmt(st)->spent_ns = 0;
	return bound(st, sqlite3_clear_bindings(stmt(st)->s));
}

static void
sqlite_finalize(struct db_stmt *st)
{
	/* Its code only repeats the last step's, which was reported. */
	(void)sqlite3_finalize(stmt(st)->s);
	free(st);
}

static int
sqlite_column_count(struct db_stmt *st)
{
	return sqlite3_column_count(stmt(st)->s);
}

static int
sqlite_column_is_null(struct db_stmt *st, int col)
{
	return sqlite3_column_type(stmt(st)->s, col) == SQLITE_NULL;
}

static int64_t
sqlite_column_int64(struct db_stmt *st, int col)
{
	return sqlite3_column_int64(stmt(st)->s, col);
}

static double
sqlite_column_double(struct db_stmt *st, int col)
{
	return sqlite3_column_double(stmt(st)->s, col);
}

static const char *
sqlite_column_text(struct db_stmt *st, int col)
{
	return (const char *)sqlite3_column_text(stmt(st)->s, col);
}

static const char *
sqlite_column_name(struct db_stmt *st, int col)
{
	return sqlite3_column_name(stmt(st)->s, col);
}

static enum db_type
sqlite_column_type(struct db_stmt *st, int col)
{
	switch (sqlite3_column_type(stmt(st)->s, col)) {
	case SQLITE_INTEGER:
		return DB_INTEGER;
	case SQLITE_FLOAT:
		return DB_REAL;
	case SQLITE_NULL:
		return DB_NULL;
	default:
		/* Blobs are never stored; shown as text should one appear. */
		return sqlite3_column_text(stmt(st)->s, col) != NULL ?
		       DB_TEXT : DB_NULL;
	}
}

static int
sqlite_exec(struct db *db, const char *script)
{
	return schema_exec(conn(db)->h, script) == 0 ? 0 : fail(conn(db));
}

static int64_t
sqlite_changes(struct db *db)
{
	return sqlite3_changes64(conn(db)->h);
}

static int
sqlite_begin(struct db *db)
{
	/* Two writers then wait for each other instead of failing at commit. */
	return sqlite_exec(db, "BEGIN IMMEDIATE");
}

static int
sqlite_in_transaction(const struct db *db)
{
	return !sqlite3_get_autocommit(conn(db)->h);
}

/* BEGIN IMMEDIATE took the file's one write lock: nothing more to take. */
static int
sqlite_lock(struct db *db, int64_t key)
{
	(void)key;
	if (sqlite3_txn_state(conn(db)->h, "main") == SQLITE_TXN_WRITE)
		return 0;
	/* BEGIN IMMEDIATE of a read-only connection takes no write lock. */
	snprintf(conn(db)->err, sizeof(conn(db)->err), "%s",
		 sqlite3_db_readonly(conn(db)->h, "main") == 1 ?
		 "attempt to write a readonly database" :
		 "a lock is taken inside a writing transaction");
	return -1;
}

static int
sqlite_snapshot(struct db *db)
{
	/* A deferred transaction takes its snapshot at the first read. */
	if (sqlite_exec(db, "BEGIN DEFERRED;"
			" SELECT count(*) FROM sqlite_master") == 0)
		return 0;
	if (sqlite_in_transaction(db))
		(void)schema_exec(conn(db)->h, "ROLLBACK");	/* reason kept */
	return -1;
}

static const char *
sqlite_errmsg(const struct db *db)
{
	return conn(db)->err;
}

static int
sqlite_lost(const struct db *db)
{
	(void)db;
	return 0;	/* a file does not go away under an open handle */
}

static void
sqlite_close(struct db *db)
{
	struct db_sqlite *d = conn(db);

	if (sqlite_in_transaction(db))
		(void)schema_exec(d->h, "ROLLBACK");	/* nothing to tell */
	/* close_v2 waits for statements a reader left open; never fails. */
	(void)sqlite3_close_v2(d->h);
	free(d);
}

static const struct db_ops sqlite_ops = {
	.engine = DB_SQLITE,
	.prepare = sqlite_prepare,
	.bind_int64 = sqlite_bind_int64,
	.bind_double = sqlite_bind_double,
	.bind_text = sqlite_bind_text,
	.bind_null = sqlite_bind_null,
	.step = sqlite_step,
	.reset = sqlite_reset,
	.finalize = sqlite_finalize,
	.column_count = sqlite_column_count,
	.column_is_null = sqlite_column_is_null,
	.column_int64 = sqlite_column_int64,
	.column_double = sqlite_column_double,
	.column_text = sqlite_column_text,
	.column_name = sqlite_column_name,
	.column_type = sqlite_column_type,
	.bulk_prepare = sqlite_bulk_prepare,
	.bulk_row = sqlite_bulk_row,
	.bulk_flush = sqlite_bulk_flush,
	.exec = sqlite_exec,
	.changes = sqlite_changes,
	.begin = sqlite_begin,
	.snapshot = sqlite_snapshot,
	.lock = sqlite_lock,
	.in_transaction = sqlite_in_transaction,
	.schema_version = db_sqlite_schema_version,
	.check = db_sqlite_check,
	.errmsg = sqlite_errmsg,
	.lost = sqlite_lost,
	.close = sqlite_close,
};
