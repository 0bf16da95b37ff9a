// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The two schemas kept in step: lib/store/schema.c's, as SQLite builds it,
 * and lib/store/schema_pg.c's on a PostgreSQL server, each described in
 * the one set of words of schema_desc.c and schema_pg_desc.c (tables and
 * views; columns in order, with their type class, NOT NULL and default;
 * primary keys, unique constraints, foreign keys and other indexes), must
 * be the same: schema_pg_verify, which every writer's open and aimdb
 * check make, finds nothing on a new schema.  A change on one side must
 * show, and so must whatever aimkit never makes there (a trigger, a rule,
 * a policy, row level security, a function), each named.  Skips without
 * a server.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db.h"
#include "pgfx.h"
#include "schema.h"
#include "schema_pg.h"
#include "store_pg.h"
#include "tap.h"
#include "xalloc.h"

struct lines {
	char **v;
	size_t n;
};

static void
add(const char *line, void *arg)
{
	struct lines *l = arg;

	l->v = xrealloc(l->v, (l->n + 1) * sizeof(*l->v));
	l->v[l->n++] = xstrdup(line);
}

static int
has(const struct lines *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i], s) == 0)
			return 1;
	diag("no line \"%s\"", s);
	return 0;
}

static void
lines_free(struct lines *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

/* Whether O holds KEY defined as SQL. */
static int
holds(const struct schema_object *o, size_t n, const char *key,
      const char *sql)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(o[i].key, key) == 0)
			return strcmp(o[i].sql, sql) == 0;
	return 0;
}

/* Whether O holds KEY at all. */
static int
has_key(const struct schema_object *o, size_t n, const char *key)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(o[i].key, key) == 0)
			return 1;
	return 0;
}

/* What each side says of itself, in the same words. */
static void
test_described(struct db *db)
{
	struct schema_object *sq = NULL, *pg = NULL;
	size_t n_sq = 0, n_pg = 0;
	int rc_sq = schema_describe_version(schema_version(), &sq, &n_sq);
	int rc_pg = schema_pg_describe(db, &pg, &n_pg);

	ok(rc_sq == 0 && n_sq > 60 && holds(sq, n_sq, "table run", "") &&
	   holds(sq, n_sq, "column result.rep", "4 integer not null") &&
	   holds(sq, n_sq, "column result.copies",
		 "15 integer not null default") &&
	   holds(sq, n_sq, "foreign key of result (run_id)",
		 "references run (id) on delete cascade") &&
	   /* held by the writer since version 9 (schema_ver.h) */
	   !has_key(sq, n_sq, "foreign key of sample_metric (result_id, seq)") &&
	   !has_key(sq, n_sq, "foreign key of sample (result_id)") &&
	   holds(sq, n_sq, "index run_uuid", "on run (uuid) unique=1") &&
	   holds(sq, n_sq, "view sample_rate", ""),
	   "SQLite's schema described: %zu objects", n_sq);
	ok(rc_pg == 0 && n_pg == n_sq,
	   "PostgreSQL's in as many (%zu)", n_pg);
	schema_objects_free(sq, n_sq);
	schema_objects_free(pg, n_pg);
}

/* What a step forgotten on one side looks like, and what a hand adds. */
static void
test_drift(const struct pgfx *fx)
{
	struct db *db = pgfx_connect(fx);
	struct lines l = { NULL, 0 };

	pgfx_exec(fx, "ALTER TABLE result ADD COLUMN extra BIGINT;"
		  " ALTER TABLE run_env DROP CONSTRAINT run_env_pkey;"
		  " DROP INDEX run_tag;"
		  " ALTER TABLE sample ALTER COLUMN calls SET DEFAULT 1");
	is_int(schema_pg_verify(db, add, &l), 4, "a column added, a key and "
	       "an index dropped, a default set on one side: four differences");
	ok(has(&l, "column result.extra: not part of the aimkit schema") &&
	   has(&l, "primary key of run_env: missing") &&
	   has(&l, "index run_tag: missing") &&
	   has(&l, "column sample.calls: definition differs"), "each named");
	lines_free(&l);
	pgfx_exec(fx, "CREATE FUNCTION twice() RETURNS trigger LANGUAGE"
		  " plpgsql AS 'BEGIN new.elapsed_ns := new.elapsed_ns * 2;"
		  " RETURN new; END';"
		  " CREATE TRIGGER twice BEFORE INSERT ON sample FOR EACH ROW"
		  " EXECUTE FUNCTION twice();"
		  " CREATE RULE quiet AS ON INSERT TO run_env DO INSTEAD NOTHING;"
		  " CREATE POLICY mine ON run USING (host = 'x');"
		  " ALTER TABLE result ENABLE ROW LEVEL SECURITY;"
		  " CREATE SEQUENCE spare");
	is_int(schema_pg_verify(db, add, &l), 10, "a trigger, its function, "
	       "a rule, a policy, row level security and a sequence more");
	ok(has(&l, "trigger twice on sample: not part of the aimkit schema") &&
	   has(&l, "function twice(): not part of the aimkit schema") &&
	   has(&l, "rule quiet on run_env: not part of the aimkit schema") &&
	   has(&l, "policy mine on run: not part of the aimkit schema") &&
	   has(&l, "row level security on result: not part of the aimkit "
	       "schema") &&
	   has(&l, "relation spare: not part of the aimkit schema"),
	   "each named");
	lines_free(&l);
	db_close(db);
}

int
main(void)
{
	struct lines l = { NULL, 0 };
	struct pgfx fx;
	char err[512];
	struct db *db;

	plan_lazy();
	pgfx_init(&fx, "sync");
	db = store_pg_open(fx.conninfo, STORE_RW, NULL, err, sizeof(err));
	if (db == NULL)
		bail("cannot create the schema: %s", err);
	is_int(schema_pg_version(), schema_version(),
	       "both engines are at one version");
	test_described(db);
	is_int(schema_pg_verify(db, add, &l), 0,
	       "PostgreSQL's schema is SQLite's, object for object");
	for (size_t i = 0; i < l.n; i++)
		diag("%s", l.v[i]);
	lines_free(&l);
	db_close(db);
	test_drift(&fx);
	return pgfx_finish(&fx, done_testing());
}
