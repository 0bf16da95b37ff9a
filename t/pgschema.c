/*
 * For the shell tests that need a PostgreSQL server (t/pg-lib.sh):
 * "pgschema BASE NAME" makes the schema NAME afresh on the server BASE
 * names and prints BASE with NAME first on its search_path, the string
 * to give --db; "pgschema -d BASE NAME" drops it; "pgschema -n BASE
 * NAME" prints the number of runs it holds, to see that a command wrote
 * to the server.  NAME is lower-case letters, digits and '_' only.
 * Exit 0, or 2 with one line on stderr.
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
runs(struct db *db, const char *name)
{
	char sql[128];
	struct db_stmt *st;
	int rc = 2;

	snprintf(sql, sizeof(sql), "SELECT count(*) FROM %s.run", name);
	st = db_prepare(db, sql);
	if (st != NULL && db_step(st) == DB_ROW) {
		printf("%lld\n", (long long)db_column_int64(st, 0));
		rc = 0;
	}
	db_finalize(st);
	if (rc != 0)
		fail(name, db_errmsg(db));
	db_close(db);
	return rc;
}

int
main(int argc, char **argv)
{
	int opt = argc == 4 && argv[1][0] == '-';
	int drop = opt && strcmp(argv[1], "-d") == 0;
	const char *base = argv[1 + opt], *name = argv[2 + opt];
	char err[512], sql[256];
	struct db *db;
	int rc;

	if (argc != 3 + opt || !plain(name) ||
	    (opt && !drop && strcmp(argv[1], "-n") != 0))
		return fail("usage", "pgschema [-d|-n] BASE NAME");
	db = db_pg_connect(base, err, sizeof(err));
	if (db == NULL)
		return fail("cannot connect", err);
	if (opt && !drop)
		return runs(db, name);
	snprintf(sql, sizeof(sql), drop ? "DROP SCHEMA IF EXISTS %s CASCADE" :
		 "DROP SCHEMA IF EXISTS %s CASCADE; CREATE SCHEMA %s",
		 name, name);
	rc = db_exec(db, sql) < 0 ? fail(name, db_errmsg(db)) : 0;
	db_close(db);
	if (rc == 0 && !drop && strstr(base, "://") != NULL)
		printf("%s%coptions=-csearch_path%%3D%s\n", base,
		       strchr(base, '?') != NULL ? '&' : '?', name);
	else if (rc == 0 && !drop)
		printf("%s options=-csearch_path=%s\n", base, name);
	return rc;
}
