// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * For the shell tests that need a PostgreSQL server (t/pg-lib.sh):
 * "pgschema BASE NAME" makes the schema NAME afresh on the server BASE
 * names and prints BASE with NAME first on its search_path, the string
 * to give --db; "pgschema -d BASE NAME" drops it; "pgschema -q BASE NAME
 * SQL" prints the one integer SQL answers in that schema, to see what a
 * command wrote.  "pgschema -D BASE NAME" makes a database NAME whose
 * text sorts as ICU's en-US does (lower case first, punctuation apart),
 * as a server made under en_US.UTF-8 would, and prints BASE naming it;
 * "pgschema -X BASE NAME" drops it.  NAME is lower-case letters, digits
 * and '_' only.  Exit 0, or 2 with one line on stderr.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "db.h"
#include "db_pg.h"

static int
plain(const char *s)
{
	return s[0] != '\0' && strlen(s) < 60 &&
	       strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_") == strlen(s);
}

static int
fail(const char *what, const char *why)
{
	fprintf(stderr, "pgschema: %s: %s\n", what, why);
	return 2;
}

static int
query(struct db *db, const char *name, const char *sql)
{
	char set[128];
	struct db_stmt *st = NULL;
	int rc = 2;

	snprintf(set, sizeof(set), "SET search_path = %s", name);
	if (db_exec(db, set) == 0)
		st = db_prepare(db, sql);
	if (st != NULL && db_step(st) == DB_ROW) {
		printf("%lld\n", (long long)db_column_int64(st, 0));
		rc = 0;
	}
	if (rc != 0)
		fail(sql, db_errmsg(db));
	db_finalize(st);
	return rc;
}

/* BASE with one more setting: a URI's parameter or a keyword. */
static void
print_target(const char *base, const char *uri_key, const char *key,
	     const char *name)
{
	if (strstr(base, "://") != NULL)
		printf("%s%c%s%s\n", base, strchr(base, '?') != NULL ? '&' : '?',
		       uri_key, name);
	else
		printf("%s %s%s\n", base, key, name);
}

static int
make(struct db *db, const char *base, const char *name, int drop)
{
	char sql[256];

	snprintf(sql, sizeof(sql), drop ? "DROP SCHEMA IF EXISTS %s CASCADE" :
		 "DROP SCHEMA IF EXISTS %s CASCADE; CREATE SCHEMA %s",
		 name, name);
	if (db_exec(db, sql) < 0)
		return fail(name, db_errmsg(db));
	if (!drop)
		print_target(base, "options=-csearch_path%3D",
			     "options=-csearch_path=", name);
	return 0;
}

static int
database(struct db *db, const char *base, const char *name, int drop)
{
	char sql[256];

	snprintf(sql, sizeof(sql), drop ? "DROP DATABASE IF EXISTS %s" :
		 "CREATE DATABASE %s TEMPLATE template0 LOCALE 'C'"
		 " LOCALE_PROVIDER icu ICU_LOCALE 'en-US'", name);
	if (db_exec(db, sql) < 0)
		return fail(name, db_errmsg(db));
	if (!drop)
		print_target(base, "dbname=", "dbname=", name);
	return 0;
}

int
main(int argc, char **argv)
{
	char opt = argc > 1 && argv[1][0] == '-' ? argv[1][1] : '\0';
	int skip = opt != '\0';
	char err[512];
	struct db *db;
	int rc;

	if (argc != (opt == 'q' ? 5 : 3 + skip) ||
	    (skip && strchr("dqDX", opt) == NULL) || !plain(argv[2 + skip]))
		return fail("usage", "pgschema [-d|-D|-X] BASE NAME, "
			    "pgschema -q BASE NAME SQL");
	db = db_pg_connect(argv[1 + skip], err, sizeof(err));
	if (db == NULL)
		return fail("cannot connect", err);
	if (opt == 'q')
		rc = query(db, argv[3], argv[4]);
	else if (opt == 'D' || opt == 'X')
		rc = database(db, argv[2], argv[3], opt == 'X');
	else
		rc = make(db, argv[1 + skip], argv[2 + skip], opt == 'd');
	db_close(db);
	return rc;
}
