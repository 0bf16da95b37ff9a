/*
 * For the shell tests that need a PostgreSQL server (t/pg-lib.sh):
 * "pgschema BASE NAME" makes the schema NAME afresh on the server BASE
 * names and prints BASE with NAME first on its search_path, the string
 * to give --db; "pgschema -d BASE NAME" drops it; "pgschema -q BASE NAME
 * SQL" prints the one integer SQL answers in that schema, to see what a
 * command wrote.  NAME is lower-case letters, digits and '_' only.  Exit
 * 0, or 2 with one line on stderr.
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

static int
make(struct db *db, const char *base, const char *name, int drop)
{
	char sql[256];

	snprintf(sql, sizeof(sql), drop ? "DROP SCHEMA IF EXISTS %s CASCADE" :
		 "DROP SCHEMA IF EXISTS %s CASCADE; CREATE SCHEMA %s",
		 name, name);
	if (db_exec(db, sql) < 0)
		return fail(name, db_errmsg(db));
	if (drop)
		return 0;
	if (strstr(base, "://") != NULL)
		printf("%s%coptions=-csearch_path%%3D%s\n", base,
		       strchr(base, '?') != NULL ? '&' : '?', name);
	else
		printf("%s options=-csearch_path=%s\n", base, name);
	return 0;
}

int
main(int argc, char **argv)
{
	int opt = argc > 1 && argv[1][0] == '-';
	int want = opt && strcmp(argv[1], "-q") == 0 ? 5 : 3 + opt;
	char err[512];
	struct db *db;
	int rc;

	if (argc != want || (opt && strcmp(argv[1], "-d") != 0 &&
			     strcmp(argv[1], "-q") != 0) ||
	    !plain(argv[2 + opt]))
		return fail("usage", "pgschema [-d] BASE NAME, "
			    "pgschema -q BASE NAME SQL");
	db = db_pg_connect(argv[1 + opt], err, sizeof(err));
	if (db == NULL)
		return fail("cannot connect", err);
	if (want == 5)
		rc = query(db, argv[3], argv[4]);
	else
		rc = make(db, argv[1 + opt], argv[2 + opt], opt);
	db_close(db);
	return rc;
}
