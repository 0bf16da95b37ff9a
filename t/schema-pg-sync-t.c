// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The two schemas kept in step: lib/store/schema.c's, as SQLite builds it, and
 * lib/store/schema_pg.c's on a PostgreSQL server, described in one set of
 * lines (tables and views; columns in order, with their type class and
 * NOT NULL; primary keys, unique constraints, foreign keys and other
 * indexes), must be the same.  A change on one side must show.  Skips
 * without a server.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

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

#define SQ_FROM(join) " FROM sqlite_master AS m " join \
	" WHERE m.type IN ('table', 'view')" \
	" AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
#define SQ_COLS(fn, col, where) "(SELECT group_concat(" col ", ', ') FROM" \
	" (SELECT " col " FROM " fn " AS g " where "))"

/* Each query's rows are lines, in its one column. */
static const char *const sqlite_queries[] = {
	"SELECT m.type || ' ' || m.name" SQ_FROM(""),
	"SELECT m.name || ' column ' || p.cid || ' ' || p.name ||"
	" CASE WHEN m.type = 'view' THEN '' ELSE ' ' || CASE"
	" WHEN upper(p.type) LIKE '%INT%' THEN 'integer'"
	" WHEN upper(p.type) LIKE '%CHAR%' OR upper(p.type) LIKE '%CLOB%'"
	" OR upper(p.type) LIKE '%TEXT%' THEN 'text'"
	" WHEN p.type = '' OR upper(p.type) LIKE '%BLOB%' THEN 'blob'"
	" WHEN upper(p.type) LIKE '%REAL%' OR upper(p.type) LIKE '%FLOA%'"
	" OR upper(p.type) LIKE '%DOUB%' THEN 'real' ELSE 'numeric' END ||"
	/* a key column is never NULL in PostgreSQL, nor SQLite's rowid */
	" CASE WHEN p.\"notnull\" OR p.pk > 0 THEN ' not null' ELSE '' END END"
	SQ_FROM("JOIN pragma_table_info(m.name) AS p"),
	"SELECT m.name || ' primary key (' ||"
	SQ_COLS("pragma_table_info(m.name)", "name", "WHERE pk > 0 ORDER BY pk")
	" || ')'" SQ_FROM("") " AND m.type = 'table' AND EXISTS (SELECT 1"
	" FROM pragma_table_info(m.name) WHERE pk > 0)",
	"SELECT CASE WHEN il.origin = 'u' THEN m.name || ' unique ('"
	" ELSE 'index ' || il.name || ' on ' || m.name || ' (' END ||"
	SQ_COLS("pragma_index_info(il.name)", "name", "ORDER BY seqno")
	" || ')' || CASE WHEN il.origin = 'u' THEN '' ELSE ' unique=' ||"
	" il.\"unique\" END" SQ_FROM("JOIN pragma_index_list(m.name) AS il")
	" AND il.origin IN ('u', 'c')",
	"SELECT m.name || ' foreign key (' ||"
	SQ_COLS("pragma_foreign_key_list(m.name)", "\"from\"",
		"WHERE g.id = f.id ORDER BY g.seq")
	" || ') references ' || f.\"table\" || ' (' ||"
	SQ_COLS("pragma_foreign_key_list(m.name)", "\"to\"",
		"WHERE g.id = f.id ORDER BY g.seq")
	" || ') on delete ' || lower(f.on_delete)"
	SQ_FROM("JOIN pragma_foreign_key_list(m.name) AS f") " AND f.seq = 0",
};

#define PG_NS " JOIN pg_namespace AS n ON n.oid = r.relnamespace" \
	" WHERE n.nspname = current_schema() AND r.relname <> 'aimkit_schema'"
/* The names of the attributes numbered in KEYS of relation REL, in order. */
#define PG_COLS(keys, rel) "array_to_string(ARRAY(SELECT a.attname FROM" \
	" unnest(" keys ") WITH ORDINALITY AS k(num, ord) JOIN pg_attribute" \
	" AS a ON a.attrelid = " rel " AND a.attnum = k.num ORDER BY k.ord)," \
	" ', ')"

static const char *const pg_queries[] = {
	"SELECT CASE r.relkind WHEN 'v' THEN 'view ' ELSE 'table ' END ||"
	" r.relname FROM pg_class AS r" PG_NS " AND r.relkind IN ('r', 'v')",
	"SELECT c.table_name || ' column ' || (row_number() OVER (PARTITION BY"
	" c.table_name ORDER BY c.ordinal_position) - 1) || ' ' ||"
	" c.column_name || CASE WHEN t.table_type = 'VIEW' THEN '' ELSE ' ' ||"
	" CASE WHEN c.data_type IN ('smallint', 'integer', 'bigint')"
	" THEN 'integer' WHEN c.data_type IN ('text', 'character varying',"
	" 'character') THEN 'text' WHEN c.data_type = 'bytea' THEN 'blob'"
	" WHEN c.data_type IN ('real', 'double precision') THEN 'real'"
	" ELSE 'numeric' END || CASE WHEN c.is_nullable = 'NO'"
	" THEN ' not null' ELSE '' END END"
	" FROM information_schema.columns AS c JOIN information_schema.tables"
	" AS t ON t.table_schema = c.table_schema AND t.table_name ="
	" c.table_name WHERE c.table_schema = current_schema()"
	" AND c.table_name <> 'aimkit_schema'",
	"SELECT r.relname || CASE con.contype WHEN 'p' THEN ' primary key ('"
	" WHEN 'u' THEN ' unique (' ELSE ' foreign key (' END ||"
	PG_COLS("con.conkey", "con.conrelid") " || ')' ||"
	" CASE WHEN con.contype = 'f' THEN ' references ' || f.relname ||"
	" ' (' || " PG_COLS("con.confkey", "con.confrelid") " ||"
	" ') on delete ' || CASE con.confdeltype WHEN 'c' THEN 'cascade'"
	" WHEN 'r' THEN 'restrict' WHEN 'n' THEN 'set null'"
	" WHEN 'd' THEN 'set default' ELSE 'no action' END ELSE '' END"
	" FROM pg_constraint AS con JOIN pg_class AS r ON r.oid = con.conrelid"
	" LEFT JOIN pg_class AS f ON f.oid = con.confrelid" PG_NS
	" AND con.contype IN ('p', 'u', 'f')",
	"SELECT 'index ' || i.relname || ' on ' || r.relname || ' (' ||"
	PG_COLS("ix.indkey::int2[]", "ix.indrelid") " || ') unique=' ||"
	" CASE WHEN ix.indisunique THEN 1 ELSE 0 END"
	" FROM pg_index AS ix JOIN pg_class AS i ON i.oid = ix.indexrelid"
	" JOIN pg_class AS r ON r.oid = ix.indrelid" PG_NS
	" AND NOT EXISTS (SELECT 1 FROM pg_constraint AS c WHERE"
	" c.conindid = ix.indexrelid AND c.conrelid = ix.indrelid)",
};

static void
add(struct lines *l, const char *s)
{
	l->v = xrealloc(l->v, (l->n + 1) * sizeof(*l->v));
	l->v[l->n++] = xstrdup(s != NULL ? s : "(null)");
}

static int
by_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
sqlite_lines(struct lines *l)
{
	char err[256];
	sqlite3 *db = schema_open_memory(err, sizeof(err));

	if (db == NULL)
		bail("%s", err);
	for (size_t q = 0; q < sizeof(sqlite_queries) / sizeof(*sqlite_queries); q++) {
		sqlite3_stmt *st = NULL;
		int rc;

		if (sqlite3_prepare_v2(db, sqlite_queries[q], -1, &st, NULL) !=
		    SQLITE_OK)
			bail("SQLite query %zu: %s", q, sqlite3_errmsg(db));
		while ((rc = sqlite3_step(st)) == SQLITE_ROW)
			add(l, (const char *)sqlite3_column_text(st, 0));
		if (rc != SQLITE_DONE || sqlite3_finalize(st) != SQLITE_OK)
			bail("SQLite query %zu: %s", q, sqlite3_errmsg(db));
	}
	if (sqlite3_close(db) != SQLITE_OK)
		bail("cannot close the SQLite database");
	qsort(l->v, l->n, sizeof(*l->v), by_text);
}

static void
pg_lines(struct db *db, struct lines *l)
{
	for (size_t q = 0; q < sizeof(pg_queries) / sizeof(*pg_queries); q++) {
		struct db_stmt *st = db_prepare(db, pg_queries[q]);
		int rc = DB_ERROR;

		while (st != NULL && (rc = db_step(st)) == DB_ROW)
			add(l, db_column_text(st, 0));
		if (rc != DB_DONE)
			bail("PostgreSQL query %zu: %s", q, db_errmsg(db));
		db_finalize(st);
	}
	qsort(l->v, l->n, sizeof(*l->v), by_text);
}

/* Every line of one side only, said; their number. */
static int
diff(const struct lines *sq, const struct lines *pg, int quiet)
{
	size_t i = 0, j = 0;
	int n = 0;

	while (i < sq->n || j < pg->n) {
		int c = i == sq->n ? 1 : j == pg->n ? -1 :
			strcmp(sq->v[i], pg->v[j]);

		if (c == 0) {
			i++;
			j++;
			continue;
		}
		n++;
		if (!quiet)
			diag("only in %s: %s", c < 0 ? "SQLite" : "PostgreSQL",
			     c < 0 ? sq->v[i] : pg->v[j]);
		c < 0 ? i++ : j++;
	}
	return n;
}

static int
has(const struct lines *l, const char *s)
{
	return bsearch(&s, l->v, l->n, sizeof(*l->v), by_text) != NULL;
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

/* What a step forgotten on one side looks like: it must show. */
static void
test_drift(const struct pgfx *fx, const struct lines *sq)
{
	struct db *db = pgfx_connect(fx);
	struct lines pg = { NULL, 0 };

	pgfx_exec(fx, "ALTER TABLE result ADD COLUMN extra BIGINT;"
		  " ALTER TABLE run_env DROP CONSTRAINT run_env_pkey;"
		  " DROP INDEX run_tag");
	pg_lines(db, &pg);
	is_int(diff(sq, &pg, 1), 3, "a column added, a key and an index "
	       "dropped on one side are three differences");
	ok(has(&pg, "result column 16 extra integer") &&
	   has(sq, "run_env primary key (run_id, key)") &&
	   has(sq, "index run_tag on run (tag) unique=0"), "each of them");
	lines_free(&pg);
	db_close(db);
}

int
main(void)
{
	struct lines sq = { NULL, 0 }, pg = { NULL, 0 };
	struct pgfx fx;
	char err[512];
	struct db *db;

	plan_lazy();
	pgfx_init(&fx, "sync");
	db = store_pg_open(fx.conninfo, 1, err, sizeof(err));
	if (db == NULL)
		bail("cannot create the schema: %s", err);
	is_int(schema_pg_version(), schema_version(),
	       "both engines are at one version");
	sqlite_lines(&sq);
	pg_lines(db, &pg);
	ok(sq.n > 60 && has(&sq, "table run") &&
	   has(&sq, "sample_metric foreign key (result_id, seq) references "
	       "sample (result_id, seq) on delete cascade") &&
	   has(&sq, "index run_uuid on run (uuid) unique=1") &&
	   has(&sq, "view sample_rate"),
	   "SQLite's schema described: %zu lines", sq.n);
	is_int(diff(&sq, &pg, 0), 0, "PostgreSQL's is the same (%zu lines)",
	       pg.n);
	db_close(db);
	test_drift(&fx, &sq);
	lines_free(&sq);
	lines_free(&pg);
	return pgfx_finish(&fx, done_testing());
}
