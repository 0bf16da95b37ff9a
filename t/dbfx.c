// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The body of the lib/store/db.h test (t/dbfx.h): binding, stepping and
 * reading back every type and NULL, the lifetime of bound and read text,
 * reset, RETURNING, transactions and savepoints, a snapshot against a
 * second writer, errors.  Only db.h is spoken here.
 */
#include "config.h"

#include "dbfx.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "dbval.h"
#include "tap.h"

/* INSERT ... RETURNING id of a row with N and S: the id, or -1. */
static int64_t
insert(struct db *db, int64_t n, const char *s)
{
	struct db_stmt *st = db_prepare(db, "INSERT INTO dbfx (n, s)"
					" VALUES (?, ?) RETURNING id");
	int64_t id = -1;

	if (st != NULL && db_bind_int64(st, 1, n) == 0 &&
	    db_bind_text(st, 2, s) == 0 && db_step(st) == DB_ROW) {
		id = db_column_int64(st, 0);
		if (db_step(st) != DB_DONE)
			id = -1;
	}
	db_finalize(st);
	return id;
}

static void
check_values(struct db *db)
{
	struct db_stmt *st = db_prepare(db, "SELECT ?, ?, ?, ?, ?, ?");
	int row;

	if (!ok(st != NULL, "a SELECT of six parameters prepares")) {
		diag("%s", db_errmsg(db));
		return;
	}
	ok(db_bind_int64(st, 1, INT64_MAX) == 0 &&
	   db_bind_int64(st, 2, INT64_MIN) == 0 &&
	   db_bind_double(st, 3, -0.125) == 0 &&
	   db_bind_text(st, 4, "it's \"quoted\", ?; caf\xc3\xa9") == 0 &&
	   db_bind_null(st, 5) == 0 && db_bind_text(st, 6, NULL) == 0,
	   "int64 extremes, a double, text, NULL and a NULL text bind");
	row = db_step(st);
	is_int(row, DB_ROW, "the row is there");
	is_int(db_column_count(st), 6, "six columns");
	is_int(db_column_int64(st, 0), INT64_MAX, "INT64_MAX reads back");
	is_int(db_column_int64(st, 1), INT64_MIN, "INT64_MIN reads back");
	is_double(db_column_double(st, 2), -0.125, 0.0, "the double reads back");
	is_string(db_column_text(st, 3), "it's \"quoted\", ?; caf\xc3\xa9",
		  "text with quotes, '?' and UTF-8 reads back as bound");
	ok(db_column_is_null(st, 4) && db_column_is_null(st, 5) &&
	   !db_column_is_null(st, 0), "NULL reads as NULL, a value does not");
	ok(db_column_int64(st, 4) == 0 && db_column_double(st, 4) == 0.0 &&
	   db_column_text(st, 4) == NULL, "NULL reads as 0, 0.0 and no text");
	is_int(db_column_type(st, 4), DB_NULL, "NULL's type");
	is_int(db_step(st), DB_DONE, "then no more rows");
	db_finalize(st);
}

static void
check_types(struct db *db)
{
	struct db_stmt *st;

	if (insert(db, 7, "seven") < 0)
		diag("%s", db_errmsg(db));
	st = db_prepare(db, "SELECT id, n, x, s FROM dbfx WHERE n = 7");
	if (!ok(st != NULL && db_step(st) == DB_ROW, "a stored row reads")) {
		diag("%s", db_errmsg(db));
		db_finalize(st);
		return;
	}
	ok(db_column_type(st, 0) == DB_INTEGER &&
	   db_column_type(st, 1) == DB_INTEGER &&
	   db_column_type(st, 2) == DB_NULL &&
	   db_column_type(st, 3) == DB_TEXT,
	   "column types: integer key, integer, NULL real, text");
	is_string(db_column_name(st, 3), "s", "a column's name");
	db_finalize(st);
	st = db_prepare(db, "UPDATE dbfx SET x = ? WHERE n = 7");
	ok(st != NULL && db_bind_double(st, 1, 2.5) == 0 &&
	   db_step(st) == DB_DONE && db_changes(db) == 1,
	   "an UPDATE without rows is DB_DONE once, one row changed");
	db_finalize(st);
	st = db_prepare(db, "SELECT x FROM dbfx WHERE n = 7");
	ok(st != NULL && db_step(st) == DB_ROW &&
	   db_column_type(st, 0) == DB_REAL && db_column_double(st, 0) == 2.5,
	   "a stored real is REAL");
	db_finalize(st);
}

/* Bound text is copied; read text lasts until the statement moves on. */
static void
check_text_life(struct db *db)
{
	struct db_stmt *st = db_prepare(db, "SELECT ?, ?");
	char buf[16];
	const char *a = NULL;

	snprintf(buf, sizeof(buf), "first");
	if (st != NULL && db_bind_text(st, 1, buf) == 0 &&
	    db_bind_int64(st, 2, 42) == 0) {
		snprintf(buf, sizeof(buf), "clobbered");
		if (db_step(st) == DB_ROW)
			a = db_column_text(st, 0);
	}
	is_string(a, "first", "bound text is copied at the bind");
	ok(st != NULL && db_column_int64(st, 1) == 42 && a != NULL &&
	   strcmp(a, "first") == 0,
	   "read text stays valid while other columns are read");
	/* Reset clears the bindings: an unbound parameter is NULL. */
	ok(st != NULL && db_reset(st) == 0 && db_step(st) == DB_ROW &&
	   db_column_is_null(st, 0) && db_column_is_null(st, 1),
	   "after db_reset the statement runs again with no bindings");
	ok(st != NULL && db_reset(st) == 0 && db_bind_text(st, 1, "again") == 0 &&
	   db_step(st) == DB_ROW && db_column_text(st, 0) != NULL &&
	   strcmp(db_column_text(st, 0), "again") == 0,
	   "and with new bindings gives their row");
	db_finalize(st);
}

static void
check_returning(struct db *db)
{
	int64_t a = insert(db, 1, "a"), b = insert(db, 2, NULL);

	ok(a > 0 && b > a, "INSERT ... RETURNING id gives new, growing ids"
	   " (%lld, %lld)", (long long)a, (long long)b);
	is_int(db_changes(db), 1, "one row changed by the last insert");
	is_int(dbval_int(db, "SELECT count(*) FROM dbfx WHERE s IS NULL"), 1,
	       "a NULL text was stored as NULL");
}

static void
check_transactions(struct db *db)
{
	int64_t n0 = dbval_int(db, "SELECT count(*) FROM dbfx");

	ok(!db_in_transaction(db), "no transaction at first");
	ok(db_begin(db) == 0 && db_in_transaction(db), "db_begin opens one");
	(void)insert(db, 100, "gone");
	db_rollback(db);
	ok(!db_in_transaction(db), "db_rollback closes it");
	is_int(dbval_int(db, "SELECT count(*) FROM dbfx"), n0,
	       "and undoes its insert");
	db_rollback(db);
	ok(!db_in_transaction(db), "db_rollback outside one does nothing");

	ok(db_begin(db) == 0 && insert(db, 101, "kept") > 0 &&
	   db_savepoint(db, "dbfx_inner") == 0 && insert(db, 102, "undone") > 0 &&
	   db_rollback_to(db, "dbfx_inner") == 0 &&
	   db_release(db, "dbfx_inner") == 0 && db_in_transaction(db) &&
	   db_commit(db) == 0, "begin, insert, savepoint, insert, rollback"
	   " to it, release, commit");
	is_int(dbval_int(db, "SELECT count(*) FROM dbfx WHERE n = 101"), 1,
	       "the insert before the savepoint is kept");
	is_int(dbval_int(db, "SELECT count(*) FROM dbfx WHERE n = 102"), 0,
	       "the one after it is undone");
	ok(!db_in_transaction(db), "commit closes the transaction");
	ok(db_lock(db, 42) < 0 && strstr(db_errmsg(db), "lock") != NULL,
	   "db_lock outside a writing transaction is refused: %s",
	   db_errmsg(db));
	ok(db_begin(db) == 0 && db_lock(db, 42) == 0 && db_lock(db, 42) == 0 &&
	   db_commit(db) == 0, "inside one it is taken, again too, and"
	   " the commit ends it");
	is_int(db_savepoint(db, "x; DROP TABLE dbfx"), -1,
	       "a savepoint name other than [a-z_] is refused");
}

static void
check_errors(struct db *db)
{
	struct db_stmt *st = db_prepare(db, "SELEKT nonsense");
	const char *m;

	ok(st == NULL, "bad SQL does not prepare");
	m = db_errmsg(db);
	ok(m != NULL && m[0] != '\0' && strchr(m, '\n') == NULL &&
	   strcmp(m, "no error") != 0, "and says why on one line: %s",
	   m != NULL ? m : "(null)");
	ok(!db_lost(db), "a refused statement is not a lost connection");
	st = db_prepare(db, "SELECT ?");
	ok(st != NULL && db_bind_int64(st, 2, 1) < 0,
	   "binding a parameter that is not there fails");
	db_finalize(st);
	st = db_prepare(db, "INSERT INTO dbfx (n, u) VALUES (?, 'same')");
	ok(st != NULL && db_bind_int64(st, 1, 1) == 0 &&
	   db_step(st) == DB_DONE && db_reset(st) == 0 &&
	   db_bind_int64(st, 1, 2) == 0 && db_step(st) == DB_ERROR,
	   "a statement the data refuses steps to DB_ERROR");
	db_finalize(st);
	ok(db_exec(db, "SELECT 1; SELEKT 2") < 0, "db_exec fails on bad SQL");
	is_int(db_exec(db, "UPDATE dbfx SET x = 1 WHERE n = 1;"
		       " UPDATE dbfx SET x = 2 WHERE n = 2"), 0,
	       "db_exec runs a script of several statements");
	is_int(dbval_int(db, "SELECT CAST(x AS INTEGER) FROM dbfx WHERE n = 2"), 2,
	       "all of them");
}

/* A snapshot holds against a second connection's commits. */
static void
check_snapshot(struct db *a, struct db *b)
{
	int64_t n0 = dbval_int(a, "SELECT count(*) FROM dbfx"), id;

	ok(db_snapshot(a) == 0 && db_in_transaction(a), "db_snapshot");
	is_int(dbval_int(a, "SELECT count(*) FROM dbfx"), n0, "reads as before");
	id = insert(b, 200, "meanwhile");
	ok(id > 0, "another connection commits meanwhile");
	is_int(dbval_int(a, "SELECT count(*) FROM dbfx"), n0,
	       "the snapshot does not see it");
	db_rollback(a);
	is_int(dbval_int(a, "SELECT count(*) FROM dbfx"), n0 + 1,
	       "out of the snapshot it does");
	ok(db_begin(b) == 0 && insert(b, 201, "never") > 0,
	   "a transaction left open by the other connection...");
	db_close(b);
	is_int(dbval_int(a, "SELECT count(*) FROM dbfx WHERE n = 201"), 0,
	       "...is rolled back when it closes");
}

/* A line of db_check's verdict: counted when "ok", else shown. */
static void
verdict(const char *line, void *arg)
{
	int *n = arg;

	if (strcmp(line, "ok") == 0)
		(*n)++;
	else
		diag("db_check: %s", line);
}

int
dbfx_run(const struct dbfx_engine *e)
{
	char err[256] = "";
	struct db *a, *b;
	int64_t orphans = -2;
	int lines = 0;

	plan_lazy();
	a = e->open(e->arg, err, sizeof(err));
	b = a != NULL ? e->open(e->arg, err, sizeof(err)) : NULL;
	if (b == NULL)
		bail("%s: cannot open the test database: %s", e->name, err);
	is_int(db_engine(a), e->engine, "%s: db_engine", e->name);
	is_int(db_schema_version(a), 0, "an empty database has version 0");
	if (!ok(db_exec(a, e->table_sql) == 0, "the test table is made"))
		bail("%s", db_errmsg(a));
	check_values(a);
	check_types(a);
	check_text_life(a);
	check_returning(a);
	check_transactions(a);
	check_errors(a);
	check_snapshot(a, b);
	ok(db_check(a, verdict, &lines, &orphans) == 0 && lines == 1 &&
	   orphans == 0, "db_check: the one line \"ok\", no orphans");
	db_close(a);
	db_close(NULL);
	return done_testing();
}
