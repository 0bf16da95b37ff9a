// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * t/pgfx.h: a schema per test on the server of $AIM_TEST_PG.
 */
#include "config.h"

#include "pgfx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db.h"
#include "db_pg.h"
#include "tap.h"

/*
 * BASE with search_path set to SCHEMA: appended as one more keyword (a
 * later one wins) or URI parameter.
 */
static void
with_schema(struct pgfx *fx)
{
	int uri = strstr(fx->base, "://") != NULL;
	int n;

	if (uri)
		n = snprintf(fx->conninfo, sizeof(fx->conninfo),
			     "%s%soptions=-csearch_path%%3D%s", fx->base,
			     strchr(fx->base, '?') != NULL ? "&" : "?",
			     fx->schema);
	else
		n = snprintf(fx->conninfo, sizeof(fx->conninfo),
			     "%s options=-csearch_path=%s", fx->base,
			     fx->schema);
	if (n < 0 || (size_t)n >= sizeof(fx->conninfo))
		bail("AIM_TEST_PG is too long");
}

void
pgfx_exec(const struct pgfx *fx, const char *sql)
{
	char set[128];

	snprintf(set, sizeof(set), "SET search_path = %s", fx->schema);
	if (db_exec(fx->admin, set) < 0 || db_exec(fx->admin, sql) < 0)
		bail("%s: %s", sql, db_errmsg(fx->admin));
}

long long
pgfx_int(const struct pgfx *fx, const char *sql)
{
	struct db_stmt *st;
	long long v = 0;

	pgfx_exec(fx, "SELECT 1");	/* the search_path */
	st = db_prepare(fx->admin, sql);
	if (st == NULL || db_step(st) != DB_ROW)
		bail("%s: %s", sql, db_errmsg(fx->admin));
	v = db_column_int64(st, 0);
	if (db_step(st) != DB_DONE)
		bail("%s: %s", sql, db_errmsg(fx->admin));
	db_finalize(st);
	return v;
}

void
pgfx_new_schema(struct pgfx *fx, const char *suffix)
{
	char sql[256];

	snprintf(fx->schema, sizeof(fx->schema), "aimt_%s_%ld", suffix,
		 (long)getpid());
	snprintf(sql, sizeof(sql), "DROP SCHEMA IF EXISTS %s CASCADE; "
		 "CREATE SCHEMA %s", fx->schema, fx->schema);
	if (db_exec(fx->admin, sql) < 0)
		bail("cannot create schema %s: %s", fx->schema,
		     db_errmsg(fx->admin));
	with_schema(fx);
}

void
pgfx_init(struct pgfx *fx, const char *name)
{
	char err[512];

	memset(fx, 0, sizeof(*fx));
	fx->base = getenv("AIM_TEST_PG");
	if (fx->base == NULL || fx->base[0] == '\0')
		skip_all("no PostgreSQL server (set AIM_TEST_PG, or run "
			 "make check with the postgresql package installed)");
	fx->admin = db_pg_connect(fx->base, err, sizeof(err));
	if (fx->admin == NULL)
		skip_all("PostgreSQL server of AIM_TEST_PG: %s", err);
	pgfx_new_schema(fx, name);
}

struct db *
pgfx_connect(const struct pgfx *fx)
{
	char err[512];
	struct db *db = db_pg_connect(fx->conninfo, err, sizeof(err));

	if (db == NULL)
		bail("cannot connect: %s", err);
	return db;
}

/* The schemas of one program all end in its pid. */
int
pgfx_finish(struct pgfx *fx, int rc)
{
	char sql[160];
	struct db_stmt *st;

	snprintf(sql, sizeof(sql), "SELECT string_agg('DROP SCHEMA ' ||"
		 " quote_ident(nspname) || ' CASCADE', '; ') FROM pg_namespace"
		 " WHERE nspname LIKE 'aimt\\_%%\\_%ld'", (long)getpid());
	st = db_prepare(fx->admin, sql);
	if (st == NULL || db_step(st) != DB_ROW ||
	    (!db_column_is_null(st, 0) &&
	     db_exec(fx->admin, db_column_text(st, 0)) < 0))
		diag("cannot drop the test schemas: %s", db_errmsg(fx->admin));
	db_finalize(st);
	db_close(fx->admin);
	return rc;
}
