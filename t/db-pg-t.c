// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The PostgreSQL backend through lib/store/db.h alone: placeholders, NULLs,
 * 64-bit integers and doubles that come back exactly, hostile text,
 * RETURNING, savepoints, errors and a connection cut by the server.
 * Skips without a server (t/pg-lib.sh).
 */
#include "config.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "db.h"
#include "db_pg.h"
#include "pgfx.h"
#include "dbval.h"
#include "tap.h"

/* One row of SQL with one text parameter P; its first column's text. */
static const char *
one_text(struct db_stmt *st, const char *p)
{
	if (st == NULL || (p != NULL && db_bind_text(st, 1, p) < 0) ||
	    db_step(st) != DB_ROW)
		return NULL;
	return db_column_text(st, 0);
}

static void
test_placeholders(struct db *db)
{
	struct db_stmt *st = db_prepare(db,
		"SELECT '?''?' AS \"a?b\", CAST(? AS TEXT) /* ? */, -- ?\n"
		" CAST(? AS BIGINT)");

	ok(st != NULL, "a statement with '?' in literals, names, comments");
	if (st == NULL)
		return;
	ok(db_bind_int64(st, 3, 1) < 0, "only the two real '?' are parameters");
	ok(db_bind_text(st, 1, "x") == 0 && db_bind_int64(st, 2, 42) == 0 &&
	   db_step(st) == DB_ROW, "both bound, a row");
	is_string(db_column_text(st, 0), "?'?", "'?' in a literal stays text");
	is_string(db_column_name(st, 0), "a?b", "and in a quoted name");
	is_string(db_column_text(st, 1), "x", "parameter 1 is the first '?'");
	is_int(db_column_int64(st, 2), 42, "parameter 2 the second");
	is_int(db_column_count(st), 3, "three columns");
	is_int(db_step(st), DB_DONE, "one row");
	ok(db_reset(st) == 0 && db_bind_text(st, 1, "y") == 0 &&
	   db_step(st) == DB_ROW && db_column_is_null(st, 2),
	   "reset clears the bindings: an unbound parameter is NULL");
	db_finalize(st);
}

static void
test_nulls(struct db *db)
{
	struct db_stmt *st = db_prepare(db, "SELECT CAST(? AS TEXT),"
					" CAST(? AS BIGINT), CAST(? AS BIGINT)");

	if (!ok(st != NULL && db_bind_null(st, 1) == 0 &&
		db_bind_text(st, 2, NULL) == 0 && db_bind_int64(st, 3, 0) == 0 &&
		db_step(st) == DB_ROW, "NULLs bound"))
		return;
	ok(db_column_is_null(st, 0) && db_column_text(st, 0) == NULL,
	   "a NULL text is NULL");
	ok(db_column_is_null(st, 1) && db_column_int64(st, 1) == 0,
	   "a NULL integer reads 0 and is NULL");
	ok(!db_column_is_null(st, 2) && db_column_int64(st, 2) == 0,
	   "a 0 is not NULL");
	db_finalize(st);
}

static void
test_int64(struct db *db)
{
	static const int64_t v[] = { INT64_MIN, INT64_MIN + 1, -1, 0,
				     INT64_MAX };
	struct db_stmt *ins = db_prepare(db, "INSERT INTO t (i) VALUES (?)");
	struct db_stmt *sel = db_prepare(db, "SELECT i FROM t WHERE i = ?");
	int good = ins != NULL && sel != NULL;

	for (size_t k = 0; good && k < sizeof(v) / sizeof(v[0]); k++)
		good = db_reset(ins) == 0 && db_bind_int64(ins, 1, v[k]) == 0 &&
		       db_step(ins) == DB_DONE && db_changes(db) == 1 &&
		       db_reset(sel) == 0 && db_bind_int64(sel, 1, v[k]) == 0 &&
		       db_step(sel) == DB_ROW && db_column_int64(sel, 0) == v[k];
	ok(good, "INT64_MIN, INT64_MAX and between come back exactly");
	db_finalize(ins);
	db_finalize(sel);

	sel = db_prepare(db, "SELECT '9223372036854775808', ' 1', '1.5'");
	if (!ok(sel != NULL && db_step(sel) == DB_ROW, "text to read as integers"))
		return;
	is_int(db_column_int64(sel, 0), 0, "2^63 does not fit: 0");
	is_int(db_step(sel), DB_ERROR, "and the next step says so");
	ok(strstr(db_errmsg(db), "64-bit integer") != NULL, "in words: %s",
	   db_errmsg(db));
	db_finalize(sel);
}

static void
test_doubles(struct db *db)
{
	static const double v[] = { 0.1, 1.0 / 3, DBL_MIN, DBL_MAX, -DBL_MAX,
				    5e-324, -0.0, 123456789.123456789,
				    INFINITY, -INFINITY };
	struct db_stmt *st = db_prepare(db, "SELECT CAST(? AS DOUBLE PRECISION),"
					" CAST(? AS DOUBLE PRECISION)");
	int good = st != NULL;

	for (size_t k = 0; good && k < sizeof(v) / sizeof(v[0]); k++) {
		double got;

		good = db_reset(st) == 0 && db_bind_double(st, 1, v[k]) == 0 &&
		       db_bind_double(st, 2, NAN) == 0 && db_step(st) == DB_ROW;
		got = db_column_double(st, 0);
		if (good && memcmp(&got, &v[k], sizeof(got)) != 0) {
			diag("%.17g came back as %.17g", v[k], got);
			good = 0;
		}
		good = good && isnan(db_column_double(st, 1));
	}
	ok(good, "doubles, the denormal, -0, the infinities and NaN come "
	   "back bit for bit");
	db_finalize(st);
}

static void
test_text(struct db *db)
{
	static const char s[] = "it's \"q\" \\ \\' back\tslash \xc3\xbc "
				"\xe6\x97\xa5\xe6\x9c\xac $1 ?";
	struct db_stmt *st = db_prepare(db, "INSERT INTO t (s) VALUES (?)"
					" RETURNING s, id");

	is_string(one_text(st, s), s,
		  "quotes, backslashes, UTF-8 and '$1' stored as given");
	ok(st != NULL && db_column_int64(st, 1) > 0,
	   "RETURNING gives the new row's key");
	ok(st != NULL && db_step(st) == DB_DONE && db_changes(db) == 1,
	   "one row inserted");
	db_finalize(st);
	st = db_prepare(db, "SELECT s FROM t UNION ALL SELECT s FROM t");
	ok(st != NULL && db_step(st) == DB_ROW && db_exec(db, "BEGIN") == 0 &&
	   db_exec(db, "COMMIT") == 0 && db_changes(db) == 1,
	   "a query and transaction control leave db_changes as it was");
	db_finalize(st);
}

static void
test_savepoints(struct db *db)
{
	ok(db_exec(db, "DELETE FROM t") == 0 && db_begin(db) == 0 &&
	   db_in_transaction(db), "a transaction");
	ok(db_exec(db, "INSERT INTO t (id, s) VALUES (1, 'kept')") == 0 &&
	   db_savepoint(db, "one") == 0 &&
	   db_exec(db, "INSERT INTO t (id, s) VALUES (2, 'dropped')") == 0,
	   "a row before the savepoint, one after");
	ok(db_exec(db, "INSERT INTO t (id, s) VALUES (1, 'twice')") < 0,
	   "a duplicate key fails inside it");
	ok(strstr(db_errmsg(db), "duplicate key") != NULL &&
	   strchr(db_errmsg(db), '\n') == NULL && !db_lost(db),
	   "the server's reason, one line, not a lost connection: %s",
	   db_errmsg(db));
	ok(db_rollback_to(db, "one") == 0 && db_release(db, "one") == 0 &&
	   db_commit(db) == 0 && !db_in_transaction(db),
	   "rolled back to the savepoint, the rest committed");
	is_int(dbval_int(db, "SELECT count(*) FROM t"), 1,
	       "only the row before the savepoint stays");
	db_rollback(db);
	ok(!db_in_transaction(db), "db_rollback outside a transaction is harmless");
}

static void
test_errors(struct db *db)
{
	ok(db_prepare(db, "SELEC 1") == NULL &&
	   strstr(db_errmsg(db), "syntax error") != NULL,
	   "a bad statement is refused at prepare: %s", db_errmsg(db));
	ok(db_prepare(db, "SELECT 'open") == NULL,
	   "an unterminated literal is refused");
	ok(db_snapshot(db) == 0 && db_in_transaction(db), "a snapshot");
	ok(db_exec(db, "INSERT INTO t (s) VALUES ('x')") < 0 &&
	   strstr(db_errmsg(db), "read-only") != NULL,
	   "a snapshot is read-only: %s", db_errmsg(db));
	db_rollback(db);
	ok(!db_in_transaction(db), "and ends with db_rollback");
}

/* Another session ends this one's, as an administrator or a restart would. */
static void
test_lost(const struct pgfx *fx)
{
	struct db *db = pgfx_connect(fx);
	struct db_stmt *st;
	char sql[96];
	int64_t pid = dbval_int(db, "SELECT pg_backend_pid()");

	st = db_prepare(db, "SELECT 1");
	snprintf(sql, sizeof(sql), "SELECT pg_terminate_backend(%" PRId64 ")",
		 pid);
	ok(db_begin(db) == 0 &&
	   db_exec(db, "INSERT INTO t (s) VALUES ('half')") == 0,
	   "a row written in a transaction");
	if (!ok(pid > 0 && st != NULL && db_exec(fx->admin, sql) == 0,
		"the server ends the session"))
		bail("cannot go on: %s", db_errmsg(fx->admin));
	is_int(db_step(st), DB_ERROR, "its next statement fails");
	ok(db_lost(db), "and db_lost says the connection is gone: %s",
	   db_errmsg(db));
	ok(db_commit(db) < 0 && db_lost(db), "so does the commit");
	is_int(pgfx_int(fx, "SELECT count(*) FROM t WHERE s = 'half'"), 0,
	       "and nothing of the transaction is stored");
	db_finalize(st);
	db_close(db);
}

/* A lock another session holds until its transaction ends, not longer. */
static void
test_lock(const struct pgfx *fx, struct db *db)
{
	static const char try[] = "SELECT CAST(pg_try_advisory_xact_lock(77)"
				  " AS INTEGER)";
	struct db *other = pgfx_connect(fx);

	ok(db_begin(db) == 0 && db_lock(db, 77) == 0, "db_lock takes key 77");
	ok(db_begin(other) == 0 && dbval_int(other, try) == 0,
	   "another session cannot have it meanwhile");
	db_rollback(other);
	ok(db_commit(db) == 0 && db_begin(other) == 0 &&
	   dbval_int(other, try) == 1, "once the transaction ends it can");
	db_rollback(other);
	db_close(other);
}

static void
test_connect(void)
{
	static const char *const secret[] = {
		"host=/nonexistent password=sekrit dbname=x",
		"postgresql://u:sekrit@localhost/x",
		"host=/nonexistent dbname=x password='sek rit' bogus",
		"host=/nonexistent sslpassword=sekrit dbname=x",
	};
	char err[512];

	for (size_t k = 0; k < sizeof(secret) / sizeof(secret[0]); k++) {
		err[0] = '\0';
		ok(db_pg_connect(secret[k], err, sizeof(err)) == NULL &&
		   err[0] != '\0' && strstr(err, "sekrit") == NULL &&
		   strstr(err, "sek rit") == NULL,
		   "a password in the string is refused, never quoted: %s", err);
	}
	ok(db_pg_connect("host=/nonexistent/dir dbname=x", err, sizeof(err)) ==
	   NULL && strncmp(err, "cannot connect: ", 16) == 0 &&
	   strchr(err, '\n') == NULL, "no server: one line: %s", err);
}

static void
test_settings(struct db *db)
{
	struct db_stmt *st = db_prepare(db, "SELECT current_setting("
		"'client_encoding'), current_setting('statement_timeout'),"
		" current_setting('application_name')");

	if (!ok(st != NULL && db_step(st) == DB_ROW, "the session's settings"))
		return;
	is_string(db_column_text(st, 0), "UTF8", "client_encoding UTF8");
	is_string(db_column_text(st, 1), "1min", "statement_timeout 60 s");
	is_string(db_column_text(st, 2), "aimkit", "application_name aimkit");
	db_finalize(st);
}

int
main(void)
{
	struct pgfx fx;
	struct db *db;

	plan_lazy();
	pgfx_init(&fx, "dbpg");
	db = pgfx_connect(&fx);
	ok(db_engine(db) == DB_POSTGRES, "a PostgreSQL connection");
	if (db_exec(db, "CREATE TABLE t (id BIGINT GENERATED BY DEFAULT AS"
		    " IDENTITY PRIMARY KEY, i BIGINT, s TEXT)") < 0)
		bail("cannot create a table: %s", db_errmsg(db));
	test_settings(db);
	test_placeholders(db);
	test_nulls(db);
	test_int64(db);
	test_doubles(db);
	test_text(db);
	test_savepoints(db);
	test_errors(db);
	test_lost(&fx);
	test_lock(&fx, db);
	test_connect();
	db_close(db);
	return pgfx_finish(&fx, done_testing());
}
